package repocheck

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDesignFiles checks docs/DESIGN.md's file list (the code block of its
// "Files" section) against the tree. The rule, which the section states:
// a line of the block that does not start with a space names an entry, its
// first word (a line that starts with a space continues the one above).
// An entry is a slash path from the repository's top; it ends in "/"
// exactly when it is a directory, and it must exist. An entry with a "*"
// is a pattern (path.Match) over the top-level files, without a "/", and
// must match one. Every top-level name of the repository (the first
// element of every path git tracks, and every .go file at the top, tracked
// or not) must be named: by an entry whose first element it is (".ci/run"
// names ".ci"), or by a pattern it matches.
func TestDesignFiles(t *testing.T) {
	block, err := filesBlock(string(readRepoFile(t, "docs/DESIGN.md")))
	if err != nil {
		t.Fatal(err)
	}
	top, err := topLevelNames(t, repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	stat := func(p string) (isDir, ok bool) {
		fi, err := os.Stat(filepath.Join(repoRoot, filepath.FromSlash(p)))
		return err == nil && fi.IsDir(), err == nil
	}
	for _, p := range designFilesProblems(block, top, stat) {
		t.Errorf("docs/DESIGN.md's file list: %s", p)
	}
}

// TestDesignFilesProblemsFails runs the check on a small list and tree:
// it must name each kind of mismatch and accept what matches.
func TestDesignFilesProblemsFails(t *testing.T) {
	tree := map[string]bool{ // path: is a directory
		"a.go": false, "a_test.go": false, "b_test.go": false, "go.mod": false,
		"magic": true, ".ci": true, ".ci/run": false, "gone.go": false,
	}
	stat := func(p string) (isDir, ok bool) { d, ok := tree[p]; return d, ok }
	top := []string{".ci", "a.go", "a_test.go", "b_test.go", "go.mod", "magic", "new.go"}
	block := []string{
		"go.mod        the module",
		"a.go          code",
		"              more about a.go; new.go here names nothing",
		"*_test.go     tests",
		"magic/        a package",
		".ci/run       CI",
		"missing.go    named, not in the tree",
		"magic         a directory without its slash",
		"a.go/         a file with one",
		"*.txt         a pattern that matches nothing",
		"x/*.go        a pattern below the top",
	}
	got := designFilesProblems(block, top, stat)
	want := []string{
		`"missing.go" is not in the tree`,
		`"magic" is a directory: write "magic/"`,
		`"a.go/" is a file: write "a.go"`,
		`"*.txt" matches no top-level file`,
		`"x/*.go": a pattern matches top-level files only`,
		`"new.go" is in the tree but not in the list`,
	}
	if !slices.Equal(got, want) {
		t.Fatalf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if p := designFilesProblems(block[:6], top[:6], stat); len(p) != 0 {
		t.Fatalf("a list that matches its tree: %q", p)
	}
}

// filesBlock returns the lines of the first code block after the heading
// "## Files".
func filesBlock(doc string) ([]string, error) {
	_, rest, ok := strings.Cut(doc, "\n## Files\n")
	if !ok {
		return nil, errors.New(`no section "## Files"`)
	}
	_, rest, ok = strings.Cut(rest, "\n```\n")
	if !ok {
		return nil, errors.New(`no code block in section "Files"`)
	}
	body, _, ok := strings.Cut(rest, "\n```")
	if !ok {
		return nil, errors.New(`the code block of section "Files" does not end`)
	}
	return strings.Split(body, "\n"), nil
}

// designFilesProblems checks block, the file list's lines, against top,
// the repository's top-level names, by the rule of TestDesignFiles; stat
// says whether a slash path exists and is a directory.
func designFilesProblems(block, top []string, stat func(p string) (isDir, ok bool)) []string {
	var out []string
	var entries, patterns []string
	for _, line := range block {
		f := strings.Fields(line)
		if len(f) == 0 || line[0] == ' ' || line[0] == '\t' {
			continue
		}
		e := f[0]
		if strings.Contains(e, "*") {
			if strings.Contains(e, "/") {
				out = append(out, fmt.Sprintf("%q: a pattern matches top-level files only", e))
				continue
			}
			if !slices.ContainsFunc(top, func(n string) bool { ok, _ := path.Match(e, n); return ok }) {
				out = append(out, fmt.Sprintf("%q matches no top-level file", e))
			}
			patterns = append(patterns, e)
			continue
		}
		p := strings.TrimSuffix(e, "/")
		switch isDir, ok := stat(p); {
		case !ok:
			out = append(out, fmt.Sprintf("%q is not in the tree", e))
		case isDir && p == e:
			out = append(out, fmt.Sprintf("%q is a directory: write %q", e, e+"/"))
		case !isDir && p != e:
			out = append(out, fmt.Sprintf("%q is a file: write %q", e, p))
		}
		first, _, _ := strings.Cut(p, "/")
		entries = append(entries, first)
	}
	for _, n := range top {
		named := slices.Contains(entries, n) || slices.ContainsFunc(patterns, func(pat string) bool {
			ok, _ := path.Match(pat, n)
			return ok
		})
		if !named {
			out = append(out, fmt.Sprintf("%q is in the tree but not in the list", n))
		}
	}
	return out
}

// topLevelNames returns, sorted, the first element of every path git
// tracks under root, and every .go file in root. Outside a git checkout
// (no .git in root) there is nothing to compare with, and the test skips.
func topLevelNames(t *testing.T, root string) ([]string, error) {
	if _, err := os.Stat(filepath.Join(root, ".git")); errors.Is(err, fs.ErrNotExist) {
		t.Skip("not a git checkout: the tracked files are unknown")
	}
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %v\n%s", err, stderr.Bytes())
	}
	seen := map[string]bool{}
	for _, p := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		first, _, _ := strings.Cut(p, "/")
		seen[first] = true
	}
	gos, err := filepath.Glob(filepath.Join(root, "*.go"))
	if err != nil {
		return nil, err
	}
	for _, g := range gos {
		seen[filepath.Base(g)] = true
	}
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	slices.Sort(names)
	return names, nil
}
