package board

import (
	"os/exec"
	"strings"
	"testing"
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
	out, err := exec.Command("go", "build", "-gcflags=-S", "./testdata/modes").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-S ./testdata/modes: %v\n%s", err, out)
	}
	fn := ""
	seen := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, " STEXT ") {
			fn = strings.Fields(line)[0]
			continue
		}
		// Only the functions that look up attacks or keep an Occupancy in
		// their mode's copy.
		var shape string
		for _, name := range []string{"board.gen[go.shape.", "board.attacked[go.shape.", "board.sliderAttackers[go.shape.", "board.castles[go.shape.", "board.play[go.shape."} {
			if i := strings.Index(fn, name); i >= 0 {
				// The first shape: up to the comma, or to the closing
				// bracket (the array modes' shapes, [3]uint8 and the
				// like, hold brackets themselves).
				shape = fn[i+len(name):]
				if j := strings.Index(shape, ","); j >= 0 {
					shape = shape[:j]
				} else {
					shape = shape[:strings.LastIndex(shape, "]")]
				}
			}
		}
		if shape == "" || !strings.Contains(line, "\tCALL\t") {
			continue
		}
		callee := strings.Fields(line)[len(strings.Fields(line))-1]
		seen[shape] = true
		isLookup := strings.Contains(callee, "symmagic/attacks.") || strings.Contains(callee, "internal/yardstick.")
		switch shape {
		case "uint8", "uint16", "uint32", "[5]uint8", "[6]uint8", "uint64", "[2]uint64": // W, Std, Fancy, Hyperbola, Kindergarten, Plain, BlackMagic
			if isLookup {
				t.Errorf("%s calls %s; its lookups should all be inlined", fn, callee)
			}
		case "[3]uint8": // Occ
			// NewOccupancy makes one call, its permute (on amd64 it inlines
			// around a call to the permute's dispatcher, in the simd build
			// around none; elsewhere it may not inline); the lookups are
			// inlined.
			if isLookup && !strings.Contains(callee, "attacks.permute") && !strings.Contains(callee, "attacks.NewOccupancy") {
				t.Errorf("%s calls %s; want only NewOccupancy's permute", fn, callee)
			}
		default:
			t.Errorf("%s: unexpected shape %q", fn, shape)
		}
	}
	if len(seen) != 8 {
		t.Errorf("found calls in the copies for shapes %v, want uint8, uint16, [3]uint8, uint32, [5]uint8, [6]uint8, uint64 and [2]uint64 (W, Std, Occ, Fancy, Hyperbola, Kindergarten, Plain, BlackMagic)", seen)
	}
}
