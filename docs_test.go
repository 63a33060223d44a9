package attacks

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The documentation's claims that this package's tests check from the files
// its module zip holds: README's example is the body of an Example
// function, which go test compiles and runs, and the byte counts README and
// docs/DESIGN.md give are Stats'. The checks against bench/ (the links into
// it, the ratios quoted from its results) are in the bench module's package
// repocheck, since the zip go get downloads holds no nested module.

// readmeGoBlock returns the first go code block after README's heading
// ("## Example").
func readmeGoBlock(t *testing.T, heading string) string {
	text, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(text), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("README.md has no %q section", heading)
	}
	_, block, ok := strings.Cut(after, "```go\n")
	if !ok {
		t.Fatalf("README's %q section has no go code block", heading)
	}
	block, _, ok = strings.Cut(block, "\n```")
	if !ok {
		t.Fatalf("README's %q code block is not closed", heading)
	}
	return block
}

// exampleBody returns the body of func name in file, one tab of
// indentation removed.
func exampleBody(t *testing.T, file, name string) string {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != name || fn.Recv != nil {
			continue
		}
		body := string(src[fset.Position(fn.Body.Lbrace).Offset+1 : fset.Position(fn.Body.Rbrace).Offset])
		lines := strings.Split(strings.Trim(body, "\n"), "\n")
		for i, l := range lines {
			lines[i] = strings.TrimPrefix(l, "\t")
		}
		return strings.Join(lines, "\n")
	}
	t.Fatalf("%s has no func %s", file, name)
	return ""
}

// TestReadmeExample checks that README's examples are, line for line, the
// bodies of the examples go test runs against their Output comments:
// Example in example_readme_test.go, movegen's and pgn's Example.
func TestReadmeExample(t *testing.T) {
	for _, c := range []struct{ heading, file string }{
		{"## Example", "example_readme_test.go"},
		{"## A legal move generator", "movegen/example_test.go"},
		{"## Game records: PGN", "pgn/example_test.go"},
	} {
		readme := readmeGoBlock(t, c.heading)
		body := exampleBody(t, c.file, "Example")
		if readme == body {
			continue
		}
		r, b := strings.Split(readme, "\n"), strings.Split(body, "\n")
		for i := 0; i < len(r) || i < len(b); i++ {
			var rl, bl string
			if i < len(r) {
				rl = r[i]
			}
			if i < len(b) {
				bl = b[i]
			}
			if rl != bl {
				t.Errorf("README's %q example differs from Example in %s at line %d:\nREADME:  %q\nExample: %q", c.heading, c.file, i+1, rl, bl)
				break
			}
		}
	}
}

// TestDocBytes checks the byte counts README.md gives (in its performance
// table, the first number after a row's name) and docs/DESIGN.md gives (its
// table by kind, and the permute's in its table bytes guarantee) for this
// package against Stats.
func TestDocBytes(t *testing.T) {
	if strconv.IntSize != 64 {
		t.Skip("the documents give the 64-bit sizes")
	}
	s := Stats()
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	design, err := os.ReadFile(filepath.Join("docs", "DESIGN.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file, row string
		want      []int
	}{
		{"README.md", "| `Rook`, `Bishop`, `Queen` (the drop-in) |", []int{s.Std.TotalBytes}},
		{"README.md", "| the W lookups (`Occupancy.Rook`, `RookW`, ...) |", []int{s.W.TotalBytes}},
		{"docs/DESIGN.md", "the permute's table (`ToW`, `NewOccupancy`, the unions), with AVX-512 / without:", []int{permuteBytes(kernelAMD64AVX512), permuteBytes(kernelGeneric)}},
		{"docs/DESIGN.md", "| index tables |", []int{s.Std.IndexBytes, s.W.IndexBytes}},
		{"docs/DESIGN.md", "| attack tables (4,900 rook + 1,428 bishop sets, 8 bytes each) |", []int{s.Std.AttackBytes, s.W.AttackBytes}},
		{"docs/DESIGN.md", "| per-square parameters (128 x 32) |", []int{s.Std.ParamBytes, s.W.ParamBytes}},
		{"docs/DESIGN.md", "| **total** |", []int{s.Std.TotalBytes, s.W.TotalBytes}},
	} {
		text := string(readme)
		if c.file != "README.md" {
			text = string(design)
		}
		i := strings.Index(text, c.row)
		if i < 0 {
			t.Errorf("%s has no row %q", c.file, c.row)
			continue
		}
		line := text[i+len(c.row):]
		line = line[:strings.IndexByte(line, '\n')]
		if c.file == "README.md" {
			line, _, _ = strings.Cut(line, "|") // the bytes column; the rest is speed
		}
		var got []int
		for _, n := range regexp.MustCompile(`\d[\d,]*`).FindAllString(regexp.MustCompile(`\([^)]*\)`).ReplaceAllString(line, ""), -1) {
			v, _ := strconv.Atoi(strings.ReplaceAll(n, ",", ""))
			got = append(got, v)
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s, row %q: %v, Stats gives %v", c.file, c.row, got, c.want)
		}
	}
}

// TestReadmeLength keeps README.md for the user deciding and starting: at
// most 150 lines, depth in docs/.
func TestReadmeLength(t *testing.T) {
	text, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(text), "\n"); n > 150 {
		t.Errorf("README.md has %d lines, want at most 150: move depth to docs/", n)
	}
}

// TestPublicPackages checks the module's public surface: the packages a
// user can import are attacks, movegen, pgn, polyglot, opening, engine, syzygy, svg and variant, every other one internal (the
// generators' library, the move generator's core, the test data).
func TestPublicPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "./...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list ./...: %v\n%s", err, out)
	}
	var public []string
	for _, p := range strings.Fields(string(out)) {
		if !strings.Contains(p+"/", "/internal/") {
			public = append(public, p)
		}
	}
	want := []string{"github.com/symmagic/attacks", "github.com/symmagic/attacks/engine", "github.com/symmagic/attacks/movegen", "github.com/symmagic/attacks/opening", "github.com/symmagic/attacks/pgn", "github.com/symmagic/attacks/polyglot", "github.com/symmagic/attacks/svg", "github.com/symmagic/attacks/syzygy", "github.com/symmagic/attacks/variant"}
	if strings.Join(public, " ") != strings.Join(want, " ") {
		t.Errorf("importable packages %q, want %q", public, want)
	}
}
