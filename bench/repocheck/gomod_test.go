package repocheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/version"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// libraryGo is the go line of the library's go.mod, the lowest its code
// allows (iter came in Go 1.23: package pgn's iterators). docs/DESIGN.md states it; go vet
// (its stdversion check) fails when the code uses anything newer, so it
// cannot be set below what the code needs without CI noticing.
const libraryGo = "1.23"

// goMod is what the policy reads of one go.mod: its directory (a slash
// path from the repository's top, "." for the library), its go and
// toolchain lines, and the newest go line among the modules it requires
// (modules of this repository, replaced by a local directory, aside).
type goMod struct {
	dir, goLine, toolchain, required string
}

// TestGoLines checks the go lines of every go.mod in the repository
// against the policy docs/DESIGN.md states: the library says libraryGo;
// every nested module says one common line, the newest any of their
// requirements needs (so none could go lower without another going
// higher); no go.mod names a toolchain.
func TestGoLines(t *testing.T) {
	dirs, err := goModDirs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) < 2 || dirs[0] != "." {
		t.Fatalf("go.mod files found in %v: want the library's and the nested modules'", dirs)
	}
	var mods []goMod
	for _, d := range dirs {
		m, err := readGoMod(filepath.Join(repoRoot, filepath.FromSlash(d)))
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		m.dir = d
		t.Logf("%s: go %s; its requirements need go %s", modFile(d), m.goLine, m.required)
		mods = append(mods, m)
	}
	for _, p := range goLineProblems(mods, libraryGo) {
		t.Error(p)
	}

	// What docs/DESIGN.md states is what the go.mod files say.
	design := string(readRepoFile(t, "docs/DESIGN.md"))
	for _, line := range []string{libraryGo, mods[1].goLine} {
		if want := "`go " + line + "`"; !strings.Contains(design, want) {
			t.Errorf("docs/DESIGN.md does not state the go line %s of the policy", want)
		}
	}
}

// TestGoLineProblemsFails runs the policy on go.mod files that break it in
// each way, and on some that keep it.
func TestGoLineProblemsFails(t *testing.T) {
	ok := []goMod{
		{dir: ".", goLine: "1.23", required: "1.18"},
		{dir: "gen", goLine: "1.26.0", required: "1.22"},
		{dir: "asm", goLine: "1.26.0", required: "1.26.0"},
	}
	if p := goLineProblems(ok, "1.23"); len(p) != 0 {
		t.Fatalf("a tree that keeps the policy: %q", p)
	}
	for _, c := range []struct {
		name string
		edit func(m []goMod)
		want string
	}{
		{"library raised", func(m []goMod) { m[0].goLine = "1.24.0" }, "the library's go.mod says go 1.24.0"},
		{"library toolchain", func(m []goMod) { m[0].toolchain = "go1.26.8" }, "go.mod names toolchain go1.26.8"},
		{"nested lines differ", func(m []goMod) { m[2].goLine = "1.24.0" }, "asm/go.mod says go 1.24.0, gen/go.mod go 1.26.0"},
		{"nested above need", func(m []goMod) { m[1].goLine, m[2].goLine = "1.27.0", "1.27.0" }, "newer than any of them needs"},
		{"nested toolchain", func(m []goMod) { m[2].toolchain = "go1.26.8" }, "asm/go.mod names toolchain go1.26.8"},
	} {
		m := slices.Clone(ok)
		c.edit(m)
		p := goLineProblems(m, "1.23")
		if !slices.ContainsFunc(p, func(s string) bool { return strings.Contains(s, c.want) }) {
			t.Errorf("%s: problems %q, want one containing %q", c.name, p, c.want)
		}
	}
}

// goLineProblems returns what breaks the policy in mods, the library's
// first.
func goLineProblems(mods []goMod, library string) []string {
	var out []string
	for _, m := range mods {
		if m.toolchain != "" {
			out = append(out, fmt.Sprintf("%s names toolchain %s: no go.mod names one", modFile(m.dir), m.toolchain))
		}
	}
	if mods[0].goLine != library {
		out = append(out, fmt.Sprintf("the library's go.mod says go %s, the policy (docs/DESIGN.md) go %s: change one or the other", mods[0].goLine, library))
	}
	nested := mods[1:]
	common, need := nested[0].goLine, ""
	for _, m := range nested {
		if m.goLine != common {
			out = append(out, fmt.Sprintf("%s says go %s, %s go %s: every nested module says one line", modFile(m.dir), m.goLine, modFile(nested[0].dir), common))
		}
		if need == "" || version.Compare("go"+m.required, "go"+need) > 0 {
			need = m.required
		}
	}
	switch c := version.Compare("go"+common, "go"+need); {
	case need != "" && c > 0:
		out = append(out, fmt.Sprintf("the nested modules say go %s, newer than any of them needs (the newest their requirements need is go %s): lower them all to it", common, need))
	case need != "" && c < 0:
		out = append(out, fmt.Sprintf("the nested modules say go %s, older than their requirements need (go %s): raise them all to it", common, need))
	}
	return out
}

// modFile names the go.mod in dir, a slash path from the repository's top.
func modFile(dir string) string {
	if dir == "." {
		return "go.mod"
	}
	return dir + "/go.mod"
}

// goModDirs lists the directories under root holding a go.mod, as slash
// paths from root, root itself first; .git and testdata are not searched.
func goModDirs(root string) ([]string, error) {
	var dirs []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && (d.Name() == ".git" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && d.Name() == "go.mod" {
			rel, err := filepath.Rel(root, filepath.Dir(p))
			if err != nil {
				return err
			}
			dirs = append(dirs, filepath.ToSlash(rel))
		}
		return nil
	})
	slices.Sort(dirs) // "." first: it is a prefix of every path starting with ".", and below every other
	return dirs, err
}

// readGoMod reads the go and toolchain lines of the go.mod in dir and the
// newest go line among the modules its build list holds (go list -m all),
// the main module and modules replaced by a local directory aside.
func readGoMod(dir string) (goMod, error) {
	var f struct {
		Go        string
		Toolchain string
	}
	out, err := goCmd(dir, "mod", "edit", "-json")
	if err != nil {
		return goMod{}, err
	}
	if err := json.Unmarshal(out, &f); err != nil {
		return goMod{}, err
	}
	m := goMod{goLine: f.Go, toolchain: f.Toolchain}
	out, err = goCmd(dir, "list", "-m", "-json", "all")
	if err != nil {
		return goMod{}, err
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var mod struct {
			Path, GoVersion string
			Main            bool
			Replace         *struct{ Version string }
		}
		if err := dec.Decode(&mod); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return goMod{}, err
		}
		// A module whose go.mod this module's go.sum does not cover has no
		// GoVersion here: the module does not need it (research lists
		// bench's requirements), and the module that does counts it.
		if mod.Main || mod.Replace != nil && mod.Replace.Version == "" || mod.GoVersion == "" {
			continue
		}
		if m.required == "" || version.Compare("go"+mod.GoVersion, "go"+m.required) > 0 {
			m.required = mod.GoVersion
		}
	}
	return m, nil
}

// goCmd runs the go command in dir, alone (no workspace), without touching
// go.mod or go.sum and without fetching a toolchain.
func goCmd(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly", "GOTOOLCHAIN=local")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return out, nil
}
