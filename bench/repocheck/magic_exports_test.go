package repocheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// magicPath is the import path of package magic.
const magicPath = "github.com/symmagic/attacks/magic"

// TestMagicExports checks that package magic exports nothing that nothing
// outside it uses: every exported top-level name of its non-test files (a
// func, type, var or const; methods and fields are not counted) must be
// referenced as magic.Name by some Go file of the repository outside
// magic/, in any of its modules, testdata aside.
func TestMagicExports(t *testing.T) {
	unused, err := unusedExports("../..", "magic")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range unused {
		t.Errorf("package magic exports %s, which no Go file outside magic/ uses: unexport it or delete it", name)
	}
}

// TestUnusedExportsFails runs the check on a small tree: it names an export
// that only magic itself, a comment, a string, a test file of magic and a
// testdata file mention, and no export that another file uses, through the
// default name or another.
func TestUnusedExportsFails(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"magic/m.go": `package magic

type Used int
type Unused int

func Called() {}
func unexported() {}

const (
	A Used = iota
	B
)

var Var, Unmentioned = 1, 2

func (Used) Method() {}
`,
		"magic/m_test.go":   "package magic\n\nvar _ = Unused(0)\n",
		"user.go":           "package user\n\nimport \"" + magicPath + "\"\n\n// magic.Unused\nvar _ = magic.Used(magic.A)\nvar s = \"magic.Unused\"\n",
		"nested/cmd/x.go":   "package main\n\nimport m \"" + magicPath + "\"\n\nfunc main() { m.Called(); _ = m.Var }\n",
		"nested/other.go":   "package other\n\nimport \"other/magic\"\n\nvar _ = magic.B\n",
		"x/testdata/use.go": "package use\n\nimport \"" + magicPath + "\"\n\nvar _ = magic.Unmentioned\n",
	}
	for name, src := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := unusedExports(root, "magic")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"B", "Unmentioned", "Unused"}; !slices.Equal(got, want) {
		t.Fatalf("unused exports %v, want %v", got, want)
	}
}

// unusedExports lists, sorted, the exported top-level names of the package
// in root/dir (its non-test files) that no Go file under root outside dir
// and testdata directories refers to through an import of magicPath.
func unusedExports(root, dir string) ([]string, error) {
	fset := token.NewFileSet()
	pkgDir := filepath.Join(root, dir)
	entries, err := os.ReadDir(pkgDir)
	if err != nil {
		return nil, err
	}
	exported := map[string]bool{}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(pkgDir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.IsExported() {
					exported[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							exported[s.Name.Name] = true
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								exported[n.Name] = true
							}
						}
					}
				}
			}
		}
	}

	used := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path == pkgDir || d.Name() == "testdata" || d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p != magicPath {
				continue
			}
			local := "magic"
			if imp.Name != nil {
				local = imp.Name.Name
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok {
					if x, ok := sel.X.(*ast.Ident); ok && x.Name == local {
						used[sel.Sel.Name] = true
					}
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var unused []string
	for name := range exported {
		if !used[name] {
			unused = append(unused, name)
		}
	}
	slices.Sort(unused)
	return unused, nil
}
