package foreign

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

func unixOnly(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("PATH, HOME and the programs as on Unix")
	}
}

// gitRepo makes a git repository in a temporary directory with a file f
// committed once for each of texts, and returns it and the commits.
func gitRepo(t *testing.T, texts ...string) (string, []string) {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	repo := t.TempDir()
	gitIn := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(git, append([]string{"-C", repo}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=a", "GIT_AUTHOR_EMAIL=a@example.org",
			"GIT_COMMITTER_NAME=a", "GIT_COMMITTER_EMAIL=a@example.org", "GIT_CONFIG_GLOBAL=/dev/null")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	gitIn("init", "--quiet")
	var commits []string
	for i, text := range texts {
		if err := os.WriteFile(filepath.Join(repo, "f"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		gitIn("add", "f")
		gitIn("commit", "--quiet", "-m", fmt.Sprint(i))
		commits = append(commits, gitIn("rev-parse", "HEAD"))
	}
	return repo, commits
}

func TestGitHead(t *testing.T) {
	repo, commits := gitRepo(t, "one", "two")
	if got := GitHead(repo); got != commits[1] {
		t.Errorf("GitHead = %q, want %s", got, commits[1])
	}
	if got := GitHead(t.TempDir()); got != "" {
		t.Errorf("GitHead of no checkout = %q", got)
	}
	if got := GitHead(filepath.Join(t.TempDir(), "none")); got != "" {
		t.Errorf("GitHead of no directory = %q", got)
	}
}

// fakePath makes PATH a directory of shell scripts, name to body, alone.
func fakePath(t *testing.T, progs map[string]string) string {
	t.Helper()
	unixOnly(t)
	dir := t.TempDir()
	for name, body := range progs {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"+body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", dir)
	return dir
}

// TestLookup finds compilers on a PATH made for the test: the first of
// the names there, $CC before them, and a *Skip saying what to do when
// none is there, $CC names none, or the one found fails.
func TestLookup(t *testing.T) {
	version := "echo 'gcc (Fake 1) 12.2.0'; echo 'Copyright'\n"
	dir := fakePath(t, map[string]string{"gcc": version, "clang": "echo 'clang 16'\n", "broken": "exit 1\n", "mycc": "echo 'my cc 1'\n"})
	t.Setenv("CC", "")
	tool, err := CC.Find("Fathom")
	if err != nil || tool.Path != filepath.Join(dir, "gcc") || tool.Version != "gcc (Fake 1) 12.2.0" || tool.Env != nil {
		t.Errorf("CC.Find = %+v, %v; want gcc, the first of cc, gcc and clang there", tool, err)
	}
	t.Setenv("CC", "mycc")
	if tool, err := CC.Find("Fathom"); err != nil || tool.Path != filepath.Join(dir, "mycc") || tool.Version != "my cc 1" {
		t.Errorf("CC=mycc: %+v, %v", tool, err)
	}
	for env, want := range map[string]string{
		"nocc":   "Fathom skipped: CC=nocc is not found; set CC to a C compiler, or unset it to use cc, gcc or clang on PATH",
		"broken": "Fathom skipped: " + filepath.Join(dir, "broken") + " --version fails (exit status 1); set CC to a working C compiler",
	} {
		t.Setenv("CC", env)
		_, err := CC.Find("Fathom")
		var s *Skip
		if !errors.As(err, &s) || err.Error() != want || s.Name != "Fathom" {
			t.Errorf("CC=%s: %v, want the *Skip %q", env, err, want)
		}
	}
	t.Setenv("CXX", "")
	_, err = CXX.Find("chess-library")
	if want := "chess-library skipped: no C++ compiler (c++, g++ or clang++) on PATH; install one (apt-get install g++) or set CXX"; err == nil || err.Error() != want {
		t.Errorf("no C++ compiler: %v, want %q", err, want)
	}
	py := Lookup{What: "Python 3", Names: []string{"python3"}}
	if _, err := py.Find("python-chess"); err == nil || err.Error() != "python-chess skipped: no Python 3 (python3) on PATH; install one" {
		t.Errorf("no python3: %v", err)
	}
}

// TestClone clones a bare repository made for the test, as a command
// clones a rival: at the pinned commit into the cache, reused when there,
// and a commit the repository lacks, or no git, is a *Skip, leaving
// nothing behind.
func TestClone(t *testing.T) {
	repo, commits := gitRepo(t, "one", "two")
	bare := filepath.Join(t.TempDir(), "x.git")
	if out, err := exec.Command("git", "clone", "--quiet", "--bare", repo, bare).CombinedOutput(); err != nil {
		t.Fatalf("git clone --bare: %v\n%s", err, out)
	}
	cache := t.TempDir()
	s := Source{Name: "x", URL: bare, Commit: commits[0], Flag: "x", Marker: "f"}
	var progress strings.Builder
	dir, err := s.Clone(cache, &progress)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(cache, "src", "x-"+commits[0][:12]); dir != want {
		t.Errorf("the clone is %s, want %s", dir, want)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "f")); err != nil || string(b) != "one" || GitHead(dir) != commits[0] {
		t.Errorf("clone %s: f %q (%v), HEAD %s; want the first commit %s", dir, b, err, GitHead(dir), commits[0])
	}
	if want := "x: git clone " + bare + ", commit " + commits[0] + ", into " + dir + "\n"; progress.String() != want {
		t.Errorf("progress %q, want %q", progress.String(), want)
	}
	// Made again, the clone is the one there: the repository is gone.
	if err := os.RemoveAll(bare); err != nil {
		t.Fatal(err)
	}
	progress.Reset()
	if again, err := s.Clone(cache, &progress); err != nil || again != dir || progress.Len() != 0 {
		t.Errorf("the clone again: %s, %v, progress %q; want %s reused", again, err, progress.String(), dir)
	}
	if got, err := s.Checkout("", cache, io.Discard); err != nil || got != dir {
		t.Errorf("Checkout without a flag = %s, %v; want the clone %s", got, err, dir)
	}

	y := Source{Name: "y", URL: repo, Commit: strings.Repeat("1", 40), Flag: "y"}
	_, err = y.Clone(cache, io.Discard)
	var skip *Skip
	if !errors.As(err, &skip) || !strings.HasPrefix(err.Error(), "y skipped: git checkout failed: ") ||
		!strings.HasSuffix(err.Error(), "; clone "+repo+" yourself (commit "+y.Commit+") and give it with -y DIR") {
		t.Errorf("a commit the repository lacks: %v", err)
	}
	_, err = Source{Name: "z", URL: filepath.Join(t.TempDir(), "none"), Commit: commits[0], Flag: "z"}.Clone(cache, io.Discard)
	if err == nil || !strings.HasPrefix(err.Error(), "z skipped: git clone failed: fatal: ") {
		t.Errorf("a repository that is not there: %v", err)
	}
	entries, _ := os.ReadDir(filepath.Join(cache, "src"))
	if len(entries) != 1 || entries[0].Name() != "x-"+commits[0][:12] {
		t.Errorf("cache/src holds %v, want x-%s alone", entries, commits[0][:12])
	}

	fakePath(t, nil)
	_, err = Source{Name: "w", URL: "https://example.org/w", Commit: commits[0], Flag: "w"}.Clone(cache, io.Discard)
	if want := "w skipped: no git on PATH to clone https://example.org/w; install git, or give a checkout with -w DIR"; err == nil || err.Error() != want {
		t.Errorf("clone without git: %v", err)
	}
}

// TestCheckout checks a flag's checkout: by its marker, given back
// absolute, or an error naming the flag, the directory and the URL.
func TestCheckout(t *testing.T) {
	s := Source{Name: "chess-library", URL: "https://github.com/Disservin/chess-library", Commit: strings.Repeat("0", 40),
		Flag: "chess-library", Marker: "include/chess.hpp"}
	dir := t.TempDir()
	err := s.Check(dir)
	if want := "-chess-library " + dir + ": no include/chess.hpp there: not a checkout of https://github.com/Disservin/chess-library"; err == nil || err.Error() != want {
		t.Errorf("Check of an empty directory: %v, want %q", err, want)
	}
	if _, err := s.Checkout(dir, t.TempDir(), io.Discard); err == nil || err.Error() != "-chess-library "+dir+": no include/chess.hpp there: not a checkout of https://github.com/Disservin/chess-library" {
		t.Errorf("Checkout of an empty directory: %v", err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "include"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "include", "chess.hpp"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Dir(dir))
	got, err := s.Checkout(filepath.Base(dir), "", io.Discard)
	if err != nil || got != dir {
		t.Errorf("Checkout of a checkout = %s, %v; want %s", got, err, dir)
	}
}

// TestBuild checks the build directory (one a checkout, the same for the
// same checkout), the driver's files (written only where they differ),
// Run's error (the command and the end of its output) and the stamp
// (a build kept while what it was made from is the same).
func TestBuild(t *testing.T) {
	unixOnly(t)
	cache := t.TempDir()
	a, err := BuildDir(cache, "p", "/src/a")
	b, err2 := BuildDir(cache, "p", "/src/b")
	a2, err3 := BuildDir(cache, "p", "/src/a/")
	if err != nil || err2 != nil || err3 != nil || a == b || a != a2 || filepath.Dir(a) != filepath.Join(cache, "build") ||
		!strings.HasPrefix(filepath.Base(a), "p-") {
		t.Errorf("BuildDir: %s, %s, %s (%v, %v, %v)", a, b, a2, err, err2, err3)
	}
	if fi, err := os.Stat(a); err != nil || !fi.IsDir() {
		t.Errorf("BuildDir made no %s: %v", a, err)
	}

	files := map[string][]byte{"main.c": []byte("int main() { return 0; }\n"), "src/x.h": []byte("#define X 1\n")}
	if err := WriteFiles(a, files); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	for name := range files {
		if err := os.Chtimes(filepath.Join(a, name), old, old); err != nil {
			t.Fatal(err)
		}
	}
	files["src/x.h"] = []byte("#define X 2\n")
	if err := WriteFiles(a, files); err != nil {
		t.Fatal(err)
	}
	for name, b := range files {
		got, err := os.ReadFile(filepath.Join(a, filepath.FromSlash(name)))
		fi, _ := os.Stat(filepath.Join(a, filepath.FromSlash(name)))
		if err != nil || string(got) != string(b) || (name == "main.c") != fi.ModTime().Equal(old) {
			t.Errorf("%s: %q (%v), modified %v: want %q, rewritten only if changed", name, got, err, fi.ModTime(), b)
		}
	}

	if err := Run(nil, a, "sh", "-c", "test -f main.c"); err != nil {
		t.Errorf("Run in the build directory: %v", err)
	}
	err = Run(nil, a, "sh", "-c", `i=1; while [ $i -le 30 ]; do echo "line $i"; i=$((i+1)); done; exit 2`)
	if err == nil || !strings.HasPrefix(err.Error(), "sh -c i=1;") || !strings.Contains(err.Error(), "exit status 2\nline 11\n") ||
		!strings.HasSuffix(err.Error(), "\nline 30") || strings.Contains(err.Error(), "line 10\n") {
		t.Errorf("Run of a failing build: %v", err)
	}

	out := filepath.Join(a, "prog")
	builds := 0
	build := func(fail bool) func() error {
		return func() error {
			builds++
			if fail {
				return errors.New("failed")
			}
			return os.WriteFile(out, []byte("built"), 0o755)
		}
	}
	for i, step := range []struct {
		parts  []string
		fail   bool
		remove bool
		before bool
	}{
		{parts: []string{"cc", "main.c"}},                // built
		{parts: []string{"cc", "main.c"}, before: true},  // kept
		{parts: []string{"cc", "main.c2"}},               // a source changed: built
		{parts: []string{"cc", "main.c2"}, remove: true}, // the output gone: built
		{parts: []string{"cc", "main.c3"}, fail: true},   // a build that fails
		{parts: []string{"cc", "main.c3"}},               // built, though the old output is there
		{parts: []string{"cc", "main.c3"}, before: true},
		{parts: []string{"ccmain.c3"}}, // the parts are told apart by their lengths
	} {
		if step.remove {
			os.Remove(out)
		}
		var parts [][]byte
		for _, p := range step.parts {
			parts = append(parts, []byte(p))
		}
		n := builds
		before, err := NewStamp(out, parts...).Build(build(step.fail))
		if before != step.before || (err != nil) != step.fail || (builds > n) == step.before {
			t.Errorf("step %d: built before %v, error %v, ran the build %v", i, before, err, builds > n)
		}
	}
}
