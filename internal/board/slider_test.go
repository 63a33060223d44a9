package board

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestSliderModes checks that each mode's copy of the generator calls no
// lookup through a function value or dictionary: the W and std lookups are
// inlined (no call into package attacks at all), and the occ mode calls
// only NewOccupancy's permute. A fold that failed (say, two modes sharing a
// GC shape) would leave every count right and the generator slow, and make
// the benchmarks' comparison of the modes meaningless.
func TestSliderModes(t *testing.T) {
	// Each predicate holds for its own mode and no other.
	preds := []struct {
		name string
		is   []bool // W, Std, Occ
		own  int
	}{
		{"isW", []bool{isW[W](), isW[Std](), isW[Occ]()}, 0},
		{"isOcc", []bool{isOcc[W](), isOcc[Std](), isOcc[Occ]()}, 2},
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
	// The package itself instantiates no mode; its tests instantiate all.
	out, err := exec.Command("go", "test", "-c", "-o", os.DevNull, "-gcflags=-S", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go test -c -gcflags=-S: %v\n%s", err, out)
	}
	fn := ""
	seen := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, " STEXT ") {
			fn = strings.Fields(line)[0]
			continue
		}
		// Only the functions that look up attacks in their mode's copy.
		var shape string
		for _, name := range []string{".gen[go.shape.", ".attacked[go.shape.", ".sliderAttackers[go.shape."} {
			if i := strings.Index(fn, name); i >= 0 {
				// The first shape: up to the comma, or to the closing
				// bracket (Occ's shape, [3]uint8, holds brackets itself).
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
		isLookup := strings.Contains(callee, "symmagic/attacks.")
		switch shape {
		case "uint8", "uint16": // W, Std
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
	if len(seen) != 3 {
		t.Errorf("found calls in the copies for shapes %v, want uint8, uint16 and [3]uint8 (W, Std, Occ)", seen)
	}
}
