// Package foreign gets and builds the programs no one here wrote that the
// bench's commands measure the library against or check it by: rivals
// and reference programs in other languages (cozy-chess, chess-library,
// Fathom, python-chess), each taken from a checkout the command's flag
// names or cloned at a pinned commit into the user's cache directory, and
// built there with a driver of the command's own, whose source the
// command embeds. The repository holds the drivers' sources alone, never
// the programs'.
//
// The package knows the mechanics and nothing of a program: where a
// compiler is (Lookup: an environment variable, then a list of names on
// PATH), where a source is (Source: a -DIR flag's checkout, checked for a
// file only the right repository holds, or a clone of its URL at its
// commit), which commit a checkout is at (GitHead), where a build goes
// (CacheDir; BuildDir, WriteFiles, and Prepare, which gets the source and
// does both), whether it is still fresh (Stamp) and how it runs (Run).
// The command keeps what is its own: the repository, the commit, the
// flags, the build's options and what its driver speaks (it runs the
// driver with worker.Start). Whatever is missing here (a compiler, git,
// the network) is a *Skip, which a command reports as "NAME skipped: why"
// and carries on without the program, or stops, as it needs.
package foreign

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/symmagic/attacks/bench/internal/worker"
)

// Skip is why a program cannot be had here: what is missing, and how to
// provide it. Commands find it with errors.As.
type Skip struct {
	Name string // the program: "cozy-chess"
	Why  string
}

func (s *Skip) Error() string { return s.Name + " skipped: " + s.Why }

// Skipf returns the *Skip of program name, the why formatted.
func Skipf(name, format string, a ...any) error {
	return &Skip{Name: name, Why: fmt.Sprintf(format, a...)}
}

// Tool is a compiler or toolchain as found.
type Tool struct {
	Path    string   // the executable
	Version string   // the first line of its --version (or what its finder says)
	Env     []string // the environment its builds run in; nil: this process's
}

// Lookup says how a compiler is found.
type Lookup struct {
	What    string   // what it is, for messages: "C++ compiler"
	Env     string   // the environment variable that names it, "CXX"; "" for none
	Names   []string // the names looked for on PATH, in order, when Env is unset
	Install string   // how to install one, "apt-get install g++"
}

// The C and C++ compilers: $CC or $CXX, else the first of the usual names
// on PATH.
var (
	CC  = Lookup{What: "C compiler", Env: "CC", Names: []string{"cc", "gcc", "clang"}, Install: "apt-get install gcc"}
	CXX = Lookup{What: "C++ compiler", Env: "CXX", Names: []string{"c++", "g++", "clang++"}, Install: "apt-get install g++"}
)

// Find finds the compiler for program name: the executable $Env names if
// it is set, else the first of Names on PATH, checked by running it with
// --version. What is missing or fails is a *Skip saying what to do.
func (l Lookup) Find(name string) (Tool, error) {
	names := l.Names
	env := ""
	if l.Env != "" {
		env = os.Getenv(l.Env)
	}
	if env != "" {
		names = []string{env}
	}
	for _, n := range names {
		p, err := exec.LookPath(n)
		if err != nil {
			continue
		}
		out, err := exec.Command(p, "--version").Output()
		if err != nil {
			if l.Env == "" {
				return Tool{}, Skipf(name, "%s --version fails (%v); install a working %s", p, err, l.What)
			}
			return Tool{}, Skipf(name, "%s --version fails (%v); set %s to a working %s", p, err, l.Env, l.What)
		}
		first, _, _ := strings.Cut(string(out), "\n")
		return Tool{Path: p, Version: strings.TrimSpace(first)}, nil
	}
	if env != "" {
		return Tool{}, Skipf(name, "%s=%s is not found; set %s to a %s, or unset it to use %s on PATH", l.Env, env, l.Env, l.What, or(l.Names))
	}
	install := "install one"
	if l.Install != "" {
		install += " (" + l.Install + ")"
	}
	if l.Env != "" {
		install += " or set " + l.Env
	}
	return Tool{}, Skipf(name, "no %s (%s) on PATH; %s", l.What, or(l.Names), install)
}

// or is "a, b or c".
func or(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Source is where a program's source comes from: a checkout given by a
// command's flag, or a clone of URL at Commit.
type Source struct {
	Name   string // the program, as messages name it: "cozy-chess"
	URL    string // the repository cloned
	Commit string // the pinned commit, 40 hex digits
	// Flag is the command's flag that gives a checkout instead (without
	// its dash), and the clone's folder in the cache: "cozy-chess".
	Flag string
	// Marker is a slash path every checkout holds, by which a flag's
	// directory is checked: "include/chess.hpp".
	Marker string
}

// Check checks that dir, given by s's flag, is a checkout of s: it holds
// Marker.
func (s Source) Check(dir string) error {
	if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(s.Marker))); err != nil {
		return fmt.Errorf("-%s %s: no %s there: not a checkout of %s", s.Flag, dir, s.Marker, s.URL)
	}
	return nil
}

// Checkout returns the absolute path of s's source: dir, checked, if it
// is not "", else its clone at Commit in cache (Clone).
func (s Source) Checkout(dir, cache string, stderr io.Writer) (string, error) {
	var err error
	if dir != "" {
		err = s.Check(dir)
	} else {
		dir, err = s.Clone(cache, stderr)
	}
	if err != nil {
		return "", err
	}
	return filepath.Abs(dir)
}

// Prepare returns s's source (Checkout: dir, or the clone in cache) and
// the directory of its build named build from it (BuildDir), with files
// written there (WriteFiles): where a command builds its driver.
func (s Source) Prepare(dir, cache, build string, files map[string][]byte, stderr io.Writer) (src, work string, err error) {
	if src, err = s.Checkout(dir, cache, stderr); err != nil {
		return "", "", err
	}
	if work, err = BuildDir(cache, build, src); err != nil {
		return "", "", err
	}
	return src, work, WriteFiles(work, files)
}

// cloneTimeout bounds each git command of a clone.
const cloneTimeout = 10 * time.Minute

// Clone returns s's clone at Commit in cache's src folder, cloning it with
// git if it is not there yet, and saying so on stderr. A clone is made
// in a temporary directory and renamed when checked out, so that a
// failure leaves nothing half-made; no git, or a clone that fails (no
// network, a commit the repository lacks), is a *Skip with git's own
// words and how to give a checkout instead.
func (s Source) Clone(cache string, stderr io.Writer) (string, error) {
	final := filepath.Join(cache, "src", s.Flag+"-"+s.Commit[:min(12, len(s.Commit))])
	if GitHead(final) == s.Commit {
		return final, nil
	}
	git, err := exec.LookPath("git")
	if err != nil {
		return "", Skipf(s.Name, "no git on PATH to clone %s; install git, or give a checkout with -%s DIR", s.URL, s.Flag)
	}
	if err := os.MkdirAll(filepath.Dir(final), 0o755); err != nil {
		return "", err
	}
	if err := os.RemoveAll(final); err != nil { // a clone at another commit: this package's own
		return "", err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(final), "."+s.Flag+"-*")
	if err != nil {
		return "", err
	}
	fmt.Fprintf(stderr, "%s: git clone %s, commit %s, into %s\n", s.Name, s.URL, s.Commit, final)
	gitRun := func(args ...string) error {
		ctx, cancel := context.WithTimeout(context.Background(), cloneTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, git, args...)
		cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0")
		out := worker.NewTail(16 << 10)
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Run(); err != nil {
			sub := args[0]
			if sub == "-C" {
				sub = args[2]
			}
			if said := lastLines(out.String(), 3, "; "); said != "" {
				return fmt.Errorf("git %s failed: %s", sub, said)
			}
			return fmt.Errorf("git %s failed: %v", sub, err)
		}
		return nil
	}
	err = gitRun("clone", "--quiet", "--no-checkout", s.URL, tmp)
	if err == nil {
		err = gitRun("-C", tmp, "checkout", "--quiet", "--detach", s.Commit)
	}
	if err == nil {
		err = os.Rename(tmp, final)
	}
	if err != nil {
		os.RemoveAll(tmp)
		return "", Skipf(s.Name, "%v; clone %s yourself (commit %s) and give it with -%s DIR", err, s.URL, s.Commit, s.Flag)
	}
	return final, nil
}

// GitHead is dir's checked-out commit, "" if dir is no git checkout or git
// is missing.
func GitHead(dir string) string {
	if _, err := os.Stat(dir); err != nil {
		return ""
	}
	out, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// CacheDir is folder of the user's cache directory (os.UserCacheDir),
// where a command's clones and builds go.
func CacheDir(folder string) (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for the clones and builds: %v", err)
	}
	return filepath.Join(dir, folder), nil
}

// BuildDir creates and returns the directory of name's build from the
// checkout src in cache: one a checkout, so that builds from two
// checkouts stay side by side.
func BuildDir(cache, name, src string) (string, error) {
	abs, err := filepath.Abs(src)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(abs))
	dir := filepath.Join(cache, "build", name+"-"+hex.EncodeToString(sum[:6]))
	return dir, os.MkdirAll(dir, 0o755)
}

// WriteFiles writes files (slash paths in dir: a driver's sources) where
// they differ from what is there, so that an unchanged driver does not
// make a build tool rebuild.
func WriteFiles(dir string, files map[string][]byte) error {
	for name, b := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if old, err := os.ReadFile(path); err == nil && string(old) == string(b) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// outputKept is how much of a build's output Run keeps for its error.
const outputKept = 64 << 10

// Run runs the build command name with args in dir, in env (nil: this
// process's). Its error is the command, its status and the last 20 lines
// of its output.
func Run(env []string, dir, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	out := worker.NewTail(outputKept)
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), err, lastLines(out.String(), 20, "\n"))
	}
	return nil
}

// lastLines is the last n non-empty lines of a command's output, joined
// by sep.
func lastLines(out string, n int, sep string) string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if l = strings.TrimRight(l, " \t\r"); strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines[max(0, len(lines)-n):], sep)
}

// Stamp is what a build's output was made from, kept in a file beside it
// (the output's path and ".stamp"): the digest of the compiler, the
// command and the sources. A build whose stamp is the same is kept.
type Stamp struct{ output, digest string }

// NewStamp returns the stamp of output made from parts.
func NewStamp(output string, parts ...[]byte) Stamp {
	sum := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(sum, "%d:%s", len(p), p)
	}
	return Stamp{output: output, digest: hex.EncodeToString(sum.Sum(nil))}
}

// Build runs build unless the output is there with the same stamp, and
// reports whether it was built before (and so kept). The stamp is removed
// before build runs and written when it has succeeded.
func (s Stamp) Build(build func() error) (before bool, err error) {
	stamp := s.output + ".stamp"
	if old, err := os.ReadFile(stamp); err == nil && string(old) == s.digest {
		if _, err := os.Stat(s.output); err == nil {
			return true, nil
		}
	}
	if err := os.Remove(stamp); err != nil && !errors.Is(err, os.ErrNotExist) {
		return false, err
	}
	if err := build(); err != nil {
		return false, err
	}
	return false, os.WriteFile(stamp, []byte(s.digest), 0o644)
}
