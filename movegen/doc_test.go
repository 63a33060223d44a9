package movegen_test

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// TestAliasDocs: go doc lists no methods for an alias of another package's
// type, so the comment of each alias lists them; every exported method of
// the aliased types must be there.
func TestAliasDocs(t *testing.T) {
	src, err := os.ReadFile("movegen.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, typ := range []reflect.Type{
		reflect.TypeOf(movegen.Square(0)), reflect.TypeOf(movegen.Color(0)), reflect.TypeOf(movegen.PieceType(0)),
		reflect.TypeOf(movegen.Piece(0)), reflect.TypeOf(movegen.CastlingRights(0)), reflect.TypeOf(movegen.Move(0)),
	} {
		for i := range typ.NumMethod() {
			want := ") " + typ.Method(i).Name + "("
			found := false
			for _, line := range strings.Split(string(src), "\n") {
				if strings.HasPrefix(line, "//\tfunc (") && strings.Contains(line, " "+typ.Name()+want) {
					found = true
				}
			}
			if !found {
				t.Errorf("the doc of movegen.%s does not list its method %s", typ.Name(), typ.Method(i).Name)
			}
		}
	}
}
