package movegen_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"
)

// TestOneVocabulary: the package declares its own types, so that go doc and
// pkg.go.dev list their methods where users look (Go's documentation tools
// list none for an alias of another package's type), and it imports no
// package of the module's internal tree but for its tests' data: no
// exported type is an alias, and no exported name forwards to a type
// declared elsewhere.
func TestOneVocabulary(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	files := 0
	for name, pkg := range pkgs {
		if name != "movegen" {
			continue // the external tests
		}
		for path, f := range pkg.Files {
			test := strings.HasSuffix(path, "_test.go")
			files++
			for _, imp := range f.Imports {
				ip, _ := strconv.Unquote(imp.Path.Value)
				if strings.Contains(ip, "/internal/") && (!test || !strings.HasSuffix(ip, "/internal/perftdata")) {
					t.Errorf("%s imports %s", path, ip)
				}
			}
			for _, d := range f.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok || g.Tok != token.TYPE {
					continue
				}
				for _, s := range g.Specs {
					ts := s.(*ast.TypeSpec)
					if ts.Assign.IsValid() && ts.Name.IsExported() {
						t.Errorf("%s: type %s is an alias: go doc lists no methods for it", fset.Position(ts.Pos()), ts.Name.Name)
					}
				}
			}
		}
	}
	if files == 0 {
		t.Fatal("no file of package movegen read")
	}
}
