package board

import (
	"testing"

	"github.com/symmagic/attacks/internal/board/boardtest"
)

// TestSliderModes checks that each mode's copy of the generator calls no
// lookup: the lookups of W, std and the yardstick modes are inlined (no
// call into package attacks or yardstick at all), and the occ mode calls
// only NewOccupancy's permute. A fold that failed (say, two modes sharing a
// GC shape) would leave every count right and the generator slow, and make
// the benchmarks' comparison of the modes meaningless.
//
// It reads the copies that another package compiles (testdata/modes, which
// instantiates every mode), as movegen and the benchmarks do: those inline
// only what this package's export data holds (see inlineBodies). The
// yardstick modes are only compiled here, never run: their tables are
// empty outside the bench module, which fills them and runs these modes.
func TestSliderModes(t *testing.T) {
	// Each predicate holds for its own mode and no other.
	preds := []struct {
		name string
		is   []bool // W, Std, Occ, Fancy, Hyperbola, Kindergarten, Plain, BlackMagic
		own  int
	}{
		{"isW", []bool{isW[W](), isW[Std](), isW[Occ](), isW[Fancy](), isW[Hyperbola](), isW[Kindergarten](), isW[Plain](), isW[BlackMagic]()}, 0},
		{"isOcc", []bool{isOcc[W](), isOcc[Std](), isOcc[Occ](), isOcc[Fancy](), isOcc[Hyperbola](), isOcc[Kindergarten](), isOcc[Plain](), isOcc[BlackMagic]()}, 2},
		{"isFancy", []bool{isFancy[W](), isFancy[Std](), isFancy[Occ](), isFancy[Fancy](), isFancy[Hyperbola](), isFancy[Kindergarten](), isFancy[Plain](), isFancy[BlackMagic]()}, 3},
		{"isHyperbola", []bool{isHyperbola[W](), isHyperbola[Std](), isHyperbola[Occ](), isHyperbola[Fancy](), isHyperbola[Hyperbola](), isHyperbola[Kindergarten](), isHyperbola[Plain](), isHyperbola[BlackMagic]()}, 4},
		{"isKindergarten", []bool{isKindergarten[W](), isKindergarten[Std](), isKindergarten[Occ](), isKindergarten[Fancy](), isKindergarten[Hyperbola](), isKindergarten[Kindergarten](), isKindergarten[Plain](), isKindergarten[BlackMagic]()}, 5},
		{"isPlain", []bool{isPlain[W](), isPlain[Std](), isPlain[Occ](), isPlain[Fancy](), isPlain[Hyperbola](), isPlain[Kindergarten](), isPlain[Plain](), isPlain[BlackMagic]()}, 6},
		{"isBlack", []bool{isBlack[W](), isBlack[Std](), isBlack[Occ](), isBlack[Fancy](), isBlack[Hyperbola](), isBlack[Kindergarten](), isBlack[Plain](), isBlack[BlackMagic]()}, 7},
	}
	for _, p := range preds {
		for i, v := range p.is {
			if v != (i == p.own) {
				t.Fatalf("%s is %v for mode %d: the mode predicates do not tell the modes apart", p.name, v, i)
			}
		}
	}
	if !counting[counter]() || counting[lister]() || counting[tactical]() ||
		tacticalOnly[counter]() || tacticalOnly[lister]() || !tacticalOnly[tactical]() {
		t.Fatal("sink predicates do not tell the sinks apart")
	}
	if testing.Short() {
		t.Skip("compiles the package")
	}
	problems, err := boardtest.CompiledCalls("./testdata/modes")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}
