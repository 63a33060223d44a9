package repocheck

import (
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// Every test, fuzz test, benchmark or example that README.md or docs/*.md
// names (`TestParseUCI`, FuzzPlay) is a function of some _test.go file of
// the repository: a document that cites a test a reader cannot find
// claims a check that is not there.

var (
	testName = regexp.MustCompile(`\b(?:Test|Fuzz|Benchmark|Example)[A-Z_][A-Za-z0-9_]*\b`)
	testFunc = regexp.MustCompile(`(?m)^func (?:\([^)]*\) )?((?:Test|Fuzz|Benchmark|Example)[A-Za-z0-9_]*)\(`)
)

// testFuncs returns the names of every function of the repository's
// _test.go files, nested modules included.
func testFuncs(t *testing.T) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	err := filepath.WalkDir(repoRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		rel, err := filepath.Rel(repoRoot, p)
		if err != nil {
			return err
		}
		for _, m := range testFunc.FindAllStringSubmatch(string(readRepoFile(t, filepath.ToSlash(rel))), -1) {
			names[m[1]] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// citedTests returns the test names a document's text cites.
func citedTests(text string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range testName.FindAllString(text, -1) {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// foreignTests are names the documents cite of another repository's tests:
// the library ADOPTING.md adopts (its benchmarks and its TestPerfResults),
// and the pattern of a benchmark's name in a command line.
var foreignTests = map[string]bool{
	"BenchmarkStandardMoves": true,
	"BenchmarkValidMoves":    true,
	"TestPerfResults":        true,
	"BenchmarkX":             true,
}

func TestDocTestNames(t *testing.T) {
	have := testFuncs(t)
	if len(have) < 100 {
		t.Fatalf("found only %d test functions; the walk is broken", len(have))
	}
	cited := 0
	for _, file := range docFiles(t) {
		for _, n := range citedTests(string(readRepoFile(t, file))) {
			cited++
			if !have[n] && !foreignTests[n] {
				t.Errorf("%s names %s, which no _test.go file of the repository defines", file, n)
			}
		}
	}
	if cited < 50 {
		t.Fatalf("the documents cite only %d tests; the pattern is broken", cited)
	}
}

// TestDocTestNamesCheck makes sure the check can fail.
func TestDocTestNamesCheck(t *testing.T) {
	got := strings.Join(citedTests("(`TestParseMove`), FuzzPlay, Example_perft and ExampleRook; Testing, Examples, TestX."), " ")
	if got != "ExampleRook Example_perft FuzzPlay TestParseMove TestX" {
		t.Errorf("citedTests = %q", got)
	}
	src := "func TestA(t *testing.T) {\nfunc (s) BenchmarkB(b *testing.B) {\nfunc helper() {\nfunc Example_c() {\n"
	var names []string
	for _, m := range testFunc.FindAllStringSubmatch(src, -1) {
		names = append(names, m[1])
	}
	if got := strings.Join(names, " "); got != "TestA BenchmarkB Example_c" {
		t.Errorf("testFunc finds %q", got)
	}
}
