package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/cpu"
)

// The drivers, written into the cache directory and built there: the
// repository holds their sources alone.
//
//go:embed drivers/cozy/Cargo.toml drivers/cozy/src/main.rs drivers/chesslib/perft.cpp
var drivers embed.FS

// The rivals' pinned commits: the newest on each default branch when the
// command was written. A checkout given by flag is measured at whatever
// commit it holds, and the report says which.
const (
	// cozyCommit is cozy-chess 0.3.4 (master, 5 April 2024).
	cozyCommit = "1d8a04d1510071931132ce11e988ced0d41807c8"
	// chessLibCommit is chess-library 0.9.3 (master, 11 March 2026).
	chessLibCommit = "1aafb2eb8786933b58f4d129f30adce91036a491"
)

// cacheName is the cache directory's folder (os.UserCacheDir) that holds
// the clones and the builds.
const cacheName = "symmagic-attacks-rivals"

// Builds: the index of each of a rival's two builds.
const (
	bDefault = iota
	bNative
	nBuild
)

var buildNames = [nBuild]string{"default", "native"}

// rival is a library measured against movegen: where its source is and
// how its driver is built.
type rival struct {
	name, lang, url, commit string
	// flag names a checkout on the command line (without its dash);
	// marker is a file every checkout holds, by which the flag's
	// directory is checked.
	flag, marker string
	// api says how the driver calls the library, note what else the
	// report should say of its builds.
	api, note string
	// toolchain finds the compiler, or returns a *skip saying what is
	// missing.
	toolchain func(r *rival) (toolchain, error)
	// build builds the driver's two builds from the checkout src in the
	// directory work.
	build func(tc toolchain, src, work string, stderr io.Writer) ([nBuild]program, error)
}

// rivals are the libraries measured, in the report's order.
var rivals = []*rival{
	{
		name: "cozy-chess", lang: "Rust", url: "https://github.com/analog-hors/cozy-chess", commit: cozyCommit,
		flag: "cozy-chess", marker: "cozy-chess/Cargo.toml",
		api: "Board::generate_moves, copy-make (each child a clone of its parent with the move played " +
			"by play_unchecked), the last ply counted by its piece-move sets' len(), as its own perft example does",
		note: "the driver's release profile is cozy-chess's own (thin LTO, one codegen unit); its pext feature " +
			"(PEXT bitboards) only on a CPU with BMI2",
		toolchain: findCargo, build: buildCozy,
	},
	{
		name: "chess-library", lang: "C++", url: "https://github.com/Disservin/chess-library", commit: chessLibCommit,
		flag: "chess-library", marker: "include/chess.hpp",
		api: "movegen::legalmoves into a Movelist, then makeMove and unmakeMove on one Board, " +
			"the last ply counted by the list's size(), as its own perft benchmark does",
		note: "-DNDEBUG turns the library's asserts off, as its documentation says to; -DCHESS_USE_PEXT " +
			"(PEXT lookups) only on a CPU with BMI2",
		toolchain: findCXX, build: buildChessLib,
	},
}

// toolchain is a rival's compiler as found.
type toolchain struct {
	path    string   // cargo, or the C++ compiler
	version string   // rustc -V, or the compiler's --version's first line
	env     []string // the builds' environment, os.Environ() and more
}

// program is one build of a rival's driver.
type program struct {
	build string // "default" or "native"
	how   string // how it was built, for the report
	path  string // the executable
}

// prepared is a rival ready to measure.
type prepared struct {
	*rival
	src      string
	head     string // the checkout's commit, "" where not known
	compiler string
	builds   [nBuild]program
}

// skip is why a rival is not measured: what is missing, and how to provide
// it.
type skip struct{ rival, why string }

func (s *skip) Error() string { return s.rival + " skipped: " + s.why }

func (r *rival) skipf(format string, a ...any) error {
	return &skip{rival: r.name, why: fmt.Sprintf(format, a...)}
}

// cacheDir is the directory of the clones and builds.
func cacheDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for the rivals' clones and builds: %v", err)
	}
	return filepath.Join(dir, cacheName), nil
}

// checkCheckout checks that dir, given by r's flag, is a checkout of r.
func (r *rival) checkCheckout(dir string) error {
	if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(r.marker))); err != nil {
		return fmt.Errorf("-%s %s: no %s there: not a checkout of %s", r.flag, dir, r.marker, r.url)
	}
	return nil
}

// prepare finds r's toolchain and source (dir, its flag's checkout, or a
// clone at the pinned commit in cache) and builds its driver. What is
// missing is a *skip; a build that fails is an error.
func (r *rival) prepare(dir, cache string, stderr io.Writer) (*prepared, error) {
	tc, err := r.toolchain(r)
	if err != nil {
		return nil, err
	}
	src := dir
	if src == "" {
		if src, err = r.clone(cache, stderr); err != nil {
			return nil, err
		}
	}
	if src, err = filepath.Abs(src); err != nil {
		return nil, err
	}
	sum := sha256.Sum256([]byte(src))
	work := filepath.Join(cache, "build", r.name+"-"+hex.EncodeToString(sum[:6]))
	if err := os.MkdirAll(work, 0o755); err != nil {
		return nil, err
	}
	fmt.Fprintf(stderr, "%s: building its driver from %s (%s)\n", r.name, src, tc.version)
	builds, err := r.build(tc, src, work, stderr)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", r.name, err)
	}
	return &prepared{rival: r, src: src, head: gitHead(src), compiler: tc.version, builds: builds}, nil
}

// clone returns r's clone at its pinned commit in cache, cloning it with
// git if it is not there yet. A clone is made in a temporary directory and
// renamed when checked out, so that a failure leaves nothing half-made.
func (r *rival) clone(cache string, stderr io.Writer) (string, error) {
	final := filepath.Join(cache, "src", r.name+"-"+r.commit[:12])
	if gitHead(final) == r.commit {
		return final, nil
	}
	git, err := exec.LookPath("git")
	if err != nil {
		return "", r.skipf("no git on PATH to clone %s; install git, or give a checkout with -%s DIR", r.url, r.flag)
	}
	if err := os.MkdirAll(filepath.Dir(final), 0o755); err != nil {
		return "", err
	}
	if err := os.RemoveAll(final); err != nil { // a clone at another commit: this command's own
		return "", err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(final), "."+r.name+"-*")
	if err != nil {
		return "", err
	}
	fmt.Fprintf(stderr, "%s: git clone %s, commit %s, into %s\n", r.name, r.url, r.commit, final)
	gitRun := func(args ...string) error {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, git, args...)
		cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			sub := args[0]
			if sub == "-C" {
				sub = args[2]
			}
			if len(bytes.TrimSpace(out)) > 0 {
				return fmt.Errorf("git %s failed: %s", sub, lastLine(out))
			}
			return fmt.Errorf("git %s failed: %v", sub, err)
		}
		return nil
	}
	err = gitRun("clone", "--quiet", "--no-checkout", r.url, tmp)
	if err == nil {
		err = gitRun("-C", tmp, "checkout", "--quiet", "--detach", r.commit)
	}
	if err == nil {
		err = os.Rename(tmp, final)
	}
	if err != nil {
		os.RemoveAll(tmp)
		return "", r.skipf("%v; clone %s yourself (commit %s) and give it with -%s DIR", err, r.url, r.commit, r.flag)
	}
	return final, nil
}

// gitHead is dir's checked-out commit, "" if dir is no git checkout or git
// is missing.
func gitHead(dir string) string {
	if _, err := os.Stat(dir); err != nil {
		return ""
	}
	out, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// lastLine is the last non-empty line of a command's output, for a message.
func lastLine(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// tail is the last n lines of a build's output, for its error.
func tail(out []byte, n int) string {
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// hasBMI2 reports whether this CPU has BMI2's PEXT, which both rivals'
// PEXT options need (they fail to build or run without it).
func hasBMI2() bool { return runtime.GOARCH == "amd64" && cpu.X86.HasBMI2 }

// findCargo finds cargo on PATH or in $HOME/.cargo/bin (rustup's
// directory, often not on PATH), and rustc -V beside it.
func findCargo(r *rival) (toolchain, error) {
	cargo, err := exec.LookPath("cargo")
	if err != nil {
		home, _ := os.UserHomeDir()
		p := filepath.Join(home, ".cargo", "bin", "cargo")
		if fi, err := os.Stat(p); home == "" || err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			return toolchain{}, r.skipf("no cargo on PATH or in $HOME/.cargo/bin; install Rust " +
				"(https://rustup.rs) or put cargo on PATH")
		}
		cargo = p
	}
	// cargo's directory first on PATH, so that cargo runs the rustc beside
	// it (rustup's proxies live together).
	env := append(os.Environ(), "PATH="+filepath.Dir(cargo)+string(os.PathListSeparator)+os.Getenv("PATH"))
	rustc := filepath.Join(filepath.Dir(cargo), "rustc")
	if _, err := os.Stat(rustc); err != nil {
		rustc = "rustc"
	}
	cmd := exec.Command(rustc, "-V")
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		return toolchain{}, r.skipf("cargo is %s, but rustc -V fails (%v); install a Rust toolchain (rustup default stable)", cargo, err)
	}
	return toolchain{path: cargo, version: strings.TrimSpace(string(out)), env: env}, nil
}

// findCXX finds the C++ compiler: $CXX if set, else c++, g++ or clang++ on
// PATH.
func findCXX(r *rival) (toolchain, error) {
	names := []string{"c++", "g++", "clang++"}
	if cxx := os.Getenv("CXX"); cxx != "" {
		names = []string{cxx}
	}
	for _, n := range names {
		p, err := exec.LookPath(n)
		if err != nil {
			continue
		}
		out, err := exec.Command(p, "--version").Output()
		if err != nil {
			return toolchain{}, r.skipf("%s --version fails (%v); set CXX to a working C++ compiler", p, err)
		}
		return toolchain{path: p, version: lastLine([]byte(strings.SplitN(string(out), "\n", 2)[0])), env: os.Environ()}, nil
	}
	if len(names) == 1 {
		return toolchain{}, r.skipf("CXX=%s is not found; set CXX to a C++ compiler, or unset it to use c++, g++ or clang++ on PATH", names[0])
	}
	return toolchain{}, r.skipf("no C++ compiler (c++, g++ or clang++) on PATH; install one (apt-get install g++) or set CXX")
}

// runBuild runs a build command in dir, its output kept for the error.
func runBuild(env []string, dir, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), err, tail(out, 20))
	}
	return nil
}

// hasFeature reports whether a Cargo.toml's [features] table defines
// feature name.
func hasFeature(manifest []byte, name string) bool {
	in := false
	for _, line := range strings.Split(string(manifest), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			in = line == "[features]"
			continue
		}
		if k, _, ok := strings.Cut(line, "="); in && ok && strings.Trim(strings.TrimSpace(k), `"`) == name {
			return true
		}
	}
	return false
}

// cozyPath is the dependency's path in drivers/cozy/Cargo.toml, which
// buildCozy sets to the checkout.
const cozyPath = `cozy-chess = { path = "../cozy-chess/cozy-chess" }`

// buildCozy builds the cozy-chess driver: cargo build --release --offline,
// once by default and once with -C target-cpu=native and, where the crate
// has it and the CPU BMI2, its pext feature. Each build has a target
// directory of its own in work, so that both stay built.
func buildCozy(tc toolchain, src, work string, stderr io.Writer) ([nBuild]program, error) {
	var p [nBuild]program
	manifest, err := drivers.ReadFile("drivers/cozy/Cargo.toml")
	if err != nil {
		return p, err
	}
	if bytes.Count(manifest, []byte(cozyPath)) != 1 {
		return p, fmt.Errorf("drivers/cozy/Cargo.toml has no line %q to set", cozyPath)
	}
	dep := fmt.Sprintf("cozy-chess = { path = %s }", strconv.Quote(filepath.ToSlash(filepath.Join(src, "cozy-chess"))))
	manifest = bytes.Replace(manifest, []byte(cozyPath), []byte(dep), 1)
	main, err := drivers.ReadFile("drivers/cozy/src/main.rs")
	if err != nil {
		return p, err
	}
	dir := filepath.Join(work, "driver")
	if err := writeFiles(dir, map[string][]byte{"Cargo.toml": manifest, "src/main.rs": main}); err != nil {
		return p, err
	}
	crate, err := os.ReadFile(filepath.Join(src, "cozy-chess", "Cargo.toml"))
	if err != nil {
		return p, err
	}
	pext := hasFeature(crate, "pext") && hasBMI2()
	for b := range nBuild {
		target := filepath.Join(work, "target-"+buildNames[b])
		args := []string{"build", "--release", "--offline"}
		rustflags := ""
		p[b].how = "cargo build --release --offline"
		if b == bNative {
			rustflags = "-C target-cpu=native"
			p[b].how = `RUSTFLAGS="-C target-cpu=native" ` + p[b].how
			if pext {
				args = append(args, "--features", "pext")
				p[b].how += " --features pext"
			}
		}
		var env []string
		for _, e := range tc.env {
			k, _, _ := strings.Cut(e, "=")
			if k != "RUSTFLAGS" && k != "CARGO_ENCODED_RUSTFLAGS" && k != "CARGO_BUILD_RUSTFLAGS" && k != "CARGO_TARGET_DIR" && k != "CARGO_BUILD_TARGET_DIR" {
				env = append(env, e)
			}
		}
		env = append(env, "RUSTFLAGS="+rustflags, "CARGO_TARGET_DIR="+target)
		fmt.Fprintf(stderr, "%s: %s build: %s\n", "cozy-chess", buildNames[b], p[b].how)
		if err := runBuild(env, dir, tc.path, args...); err != nil {
			return p, err
		}
		p[b].build = buildNames[b]
		p[b].path = filepath.Join(target, "release", "cozy-perft"+exeSuffix())
	}
	return p, nil
}

// buildChessLib builds the chess-library driver: -O3 -std=c++17 -DNDEBUG
// (the library's asserts off, as its documentation says to), and again
// with -march=native and, on a CPU with BMI2, -DCHESS_USE_PEXT.
func buildChessLib(tc toolchain, src, work string, stderr io.Writer) ([nBuild]program, error) {
	var p [nBuild]program
	driver, err := drivers.ReadFile("drivers/chesslib/perft.cpp")
	if err != nil {
		return p, err
	}
	if err := writeFiles(work, map[string][]byte{"perft.cpp": driver}); err != nil {
		return p, err
	}
	for b := range nBuild {
		flags := []string{"-O3", "-std=c++17", "-DNDEBUG"}
		if b == bNative {
			flags = append(flags, "-march=native")
			if hasBMI2() {
				flags = append(flags, "-DCHESS_USE_PEXT")
			}
		}
		p[b].build = buildNames[b]
		p[b].how = filepath.Base(tc.path) + " " + strings.Join(flags, " ")
		p[b].path = filepath.Join(work, "chesslib-perft-"+buildNames[b]+exeSuffix())
		args := append(flags, "-I", filepath.Join(src, "include"), "-o", p[b].path, "perft.cpp")
		// The build is kept while its compiler, command, driver and
		// header are the same: a stamp beside it holds their digest.
		header, err := os.ReadFile(filepath.Join(src, "include", "chess.hpp"))
		if err != nil {
			return p, err
		}
		sum := sha256.New()
		for _, part := range [][]byte{[]byte(tc.path), []byte(tc.version), []byte(strings.Join(args, "\x00")), driver, header} {
			fmt.Fprintf(sum, "%d:%s", len(part), part)
		}
		stamp, digest := p[b].path+".stamp", hex.EncodeToString(sum.Sum(nil))
		if old, err := os.ReadFile(stamp); err == nil && string(old) == digest {
			if _, err := os.Stat(p[b].path); err == nil {
				fmt.Fprintf(stderr, "%s: %s build: %s (built before)\n", "chess-library", buildNames[b], p[b].how)
				continue
			}
		}
		fmt.Fprintf(stderr, "%s: %s build: %s\n", "chess-library", buildNames[b], p[b].how)
		os.Remove(stamp)
		if err := runBuild(tc.env, work, tc.path, args...); err != nil {
			return p, err
		}
		if err := os.WriteFile(stamp, []byte(digest), 0o644); err != nil {
			return p, err
		}
	}
	return p, nil
}

func exeSuffix() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}

// writeFiles writes files (slash paths in dir) where they differ from
// what is there, so that an unchanged driver does not make cargo rebuild.
func writeFiles(dir string, files map[string][]byte) error {
	for name, b := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, b) {
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

// driver is a running driver process: requests on its stdin, answers on
// its stdout.
type driver struct {
	name    string // "cozy-chess native", for errors
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Scanner
	errs    bytes.Buffer
	stopped bool
}

// startDriver starts build p of a rival, each measurement to run minTime.
func startDriver(name string, p program, minTime time.Duration) (*driver, error) {
	d := &driver{name: name + " " + p.build}
	d.cmd = exec.Command(p.path, strconv.FormatInt(minTime.Nanoseconds(), 10))
	d.cmd.Stderr = &d.errs
	var err error
	if d.in, err = d.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	out, err := d.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	d.out = bufio.NewScanner(out)
	if err := d.cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: %v", d.name, err)
	}
	return d, nil
}

// perft asks the driver for one measurement of fen to depth.
func (d *driver) perft(fen string, depth int) (timing, error) {
	var t timing
	_, err := fmt.Fprintf(d.in, "%s\t%d\n", fen, depth)
	if err == nil && !d.out.Scan() {
		err = d.out.Err()
		if err == nil {
			err = io.ErrUnexpectedEOF
		}
	}
	if err != nil {
		if werr := d.stop(); werr != nil {
			return t, werr // its exit status and its own message
		}
		return t, fmt.Errorf("%s: no answer to perft of %q to depth %d: %v", d.name, fen, depth, err)
	}
	f := strings.Fields(d.out.Text())
	var ns int64
	var e [3]error
	if len(f) == 3 {
		t.nodes, e[0] = strconv.ParseUint(f[0], 10, 64)
		t.calls, e[1] = strconv.ParseUint(f[1], 10, 64)
		ns, e[2] = strconv.ParseInt(f[2], 10, 64)
	}
	if len(f) != 3 || errors.Join(e[:]...) != nil || t.calls == 0 || ns <= 0 {
		return t, fmt.Errorf("%s: answer %q: want NODES CALLS NS", d.name, d.out.Text())
	}
	t.el = time.Duration(ns)
	return t, nil
}

// stop ends the driver: its stdin closed, it exits. Once stopped, stop
// does nothing.
func (d *driver) stop() error {
	if d.stopped {
		return nil
	}
	d.stopped = true
	d.in.Close()
	if err := d.cmd.Wait(); err != nil {
		return fmt.Errorf("%s: %v: %s", d.name, err, strings.TrimSpace(d.errs.String()))
	}
	return nil
}
