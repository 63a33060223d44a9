package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// files lists the regular files under dir, slash-separated, sorted.
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		out = append(out, filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

func write(t *testing.T, dir string, contents map[string]string) {
	t.Helper()
	for name, text := range contents {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// git runs git in dir with a configuration of its own.
func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=modzip", "-c", "user.email=modzip@example.com", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// TestLeavesOutNestedModules builds the zip of a small module with nested
// modules, one under a dot-directory, and checks what it unpacks to: the
// committed files of the module itself.
func TestLeavesOutNestedModules(t *testing.T) {
	src := t.TempDir()
	write(t, src, map[string]string{
		"go.mod":             "module example.com/m\n\ngo 1.22\n",
		"m.go":               "package m\n",
		"LICENSE":            "license\n",
		"docs/a.md":          "# a\n",
		".ci/run":            "#!/bin/sh\n",
		".ci/tool/go.mod":    "module tool\n",
		".ci/tool/main.go":   "package main\n",
		"bench/go.mod":       "module example.com/m/bench\n",
		"bench/results/r.md": "1.00x [0.99, 1.01]\n",
		"bench/ref/x/go.mod": "module x\n",
		"sub/pkg/pkg.go":     "package pkg\n",
		"sub/pkg/testdata/t": "data\n",
	})
	git(t, src, "init", "-q")
	git(t, src, "add", ".")
	git(t, src, "commit", "-q", "-m", "m")
	// Neither an uncommitted change nor an untracked file enters the zip.
	write(t, src, map[string]string{"m.go": "package m // changed\n", "untracked.go": "package m\n"})

	out := filepath.Join(t.TempDir(), "unpacked")
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-dir", src, "-out", out, "-version", "v1.2.3"}, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}
	want := []string{".ci/run", "LICENSE", "docs/a.md", "go.mod", "m.go", "sub/pkg/pkg.go", "sub/pkg/testdata/t"}
	if got := files(t, out); !slices.Equal(got, want) {
		t.Errorf("unpacked %q, want %q", got, want)
	}
	if b, err := os.ReadFile(filepath.Join(out, "m.go")); err != nil || string(b) != "package m\n" {
		t.Errorf("m.go unpacked as %q (%v), want the committed text", b, err)
	}
	wantOut := "example.com/m@v1.2.3 from HEAD: 7 files, a "
	if !strings.HasPrefix(stdout.String(), wantOut) {
		t.Errorf("output begins %q, want %q", stdout.String(), wantOut)
	}
	for _, left := range []string{"left out: .ci/tool/ (another module)\n", "left out: bench/ (another module)\n"} {
		if strings.Count(stdout.String(), left) != 1 {
			t.Errorf("output should say once %q:\n%s", left, stdout.String())
		}
	}

	// The directory to unpack into must be empty.
	if err := run([]string{"-dir", src, "-out", out}, &stdout, &stderr); err == nil {
		t.Error("run unpacked into a directory that is not empty")
	}
}

// TestThisRepository builds this repository's zip at HEAD: the library
// without bench, gen, asm and this program.
func TestThisRepository(t *testing.T) {
	out := filepath.Join(t.TempDir(), "unpacked")
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-dir", filepath.Join("..", ".."), "-out", out}, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}
	t.Log(stdout.String())
	if !strings.HasPrefix(stdout.String(), "github.com/symmagic/attacks@v0.0.0-ci from HEAD: ") {
		t.Errorf("output begins %q", stdout.String())
	}
	got := files(t, out)
	for _, f := range []string{"go.mod", "go.sum", "LICENSE", "README.md", "attacks.go", "tables_gen.go"} {
		if !slices.Contains(got, f) {
			t.Errorf("the zip lacks %s", f)
		}
	}
	if !slices.ContainsFunc(got, func(f string) bool { return strings.HasPrefix(f, "internal/magic/") }) {
		t.Error("the zip lacks package magic")
	}
	for _, f := range got {
		if f != "go.mod" && filepath.Base(f) == "go.mod" || strings.HasPrefix(f, ".ci/modzip/") {
			t.Errorf("the zip holds %s, a file of a nested module", f)
		}
	}
	for _, nested := range []string{"bench", "gen", "asm", ".ci/modzip"} {
		if !strings.Contains(stdout.String(), "left out: "+nested+"/ (another module)") {
			t.Errorf("output does not say it left out %s", nested)
		}
		if _, err := os.Stat(filepath.Join(out, nested)); err == nil {
			t.Errorf("the zip holds the nested module %s", nested)
		}
	}
}

func TestHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-h"}, &stdout, &stderr); err != nil {
		t.Errorf("-h: %v", err)
	}
	if !strings.Contains(stderr.String(), "-out") {
		t.Errorf("-h printed %q", stderr.String())
	}
	if err := run(nil, &stdout, &stderr); err == nil {
		t.Error("run without -out succeeded")
	}
}
