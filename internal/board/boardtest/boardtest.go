// Package boardtest is what the tests of the move generator share with the
// tests of the packages that instantiate it (internal/board, bench/perft):
// the positions they walk from (WalkFENs), and the check of the compiled
// copies (CompiledCalls): each slider mode is a type parameter of its own
// GC shape, and its copy of the generator must look up attacks with no
// call. A fold that failed (say, two modes sharing a shape) would leave
// every count right and the timings meaningless. Only tests import this
// package.
package boardtest

import (
	"fmt"
	"os/exec"
	"strings"
)

// shapes names each slider mode's GC shape.
var shapes = map[string]string{
	"uint8":     "W",
	"uint16":    "Std",
	"[3]uint8":  "Occ",
	"uint32":    "Fancy",
	"[5]uint8":  "Hyperbola",
	"[6]uint8":  "Kindergarten",
	"uint64":    "Plain",
	"[2]uint64": "BlackMagic",
}

// generator are the generator's functions that look up attacks or keep an
// Occupancy, as the compiler names their generic copies.
var generator = []string{"board.gen[go.shape.", "board.attacked[go.shape.", "board.sliderAttackers[go.shape.", "board.castles[go.shape.", "board.play[go.shape."}

// CompiledCalls builds pkg (a package path or directory, from the working
// directory) with -gcflags=-S and returns a problem for each call its
// copies of the generator make into a lookup (package attacks, yardstick
// or bench/ref), but Occ's one NewOccupancy permute, and for each mode
// whose copy it did not find. The error is the build's.
func CompiledCalls(pkg string) ([]string, error) {
	out, err := exec.Command("go", "build", "-gcflags=-S", pkg).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("go build -gcflags=-S %s: %v\n%s", pkg, err, out)
	}
	var problems []string
	fn := ""
	seen := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, " STEXT ") {
			fn = strings.Fields(line)[0]
			continue
		}
		var shape string
		for _, name := range generator {
			if i := strings.Index(fn, name); i >= 0 {
				// The first shape: up to the comma, or to the closing
				// bracket (the array modes' shapes hold brackets).
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
		fields := strings.Fields(line)
		callee := fields[len(fields)-1]
		mode, ok := shapes[shape]
		if !ok {
			problems = append(problems, fmt.Sprintf("%s: unexpected shape %q", fn, shape))
			continue
		}
		seen[mode] = true
		isLookup := strings.Contains(callee, "symmagic/attacks.") || strings.Contains(callee, "internal/yardstick.") || strings.Contains(callee, "bench/ref.")
		// NewOccupancy makes one call, its permute (on amd64 it inlines
		// around a call to the permute's dispatcher, in the simd build
		// around none; elsewhere it may not inline).
		permute := strings.Contains(callee, "attacks.permute") || strings.Contains(callee, "attacks.NewOccupancy")
		if isLookup && !(mode == "Occ" && permute) {
			problems = append(problems, fmt.Sprintf("%s (mode %s) calls %s; its lookups should all be inlined", fn, mode, callee))
		}
	}
	for shape, mode := range shapes {
		if !seen[mode] {
			problems = append(problems, fmt.Sprintf("no copy of the generator for mode %s (shape %s) makes a call: is it compiled?", mode, shape))
		}
	}
	return problems, nil
}

// WalkFENs are varied starting points for the tests that walk every line
// a few plies deep: the published positions, en passant
// and promotions, and Chess960 castling of every kind.
var WalkFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1",
	"1rk1r3/8/8/8/8/8/8/1RK1R3 w BEbe - 0 1",
	"2r1kr2/pppppppp/8/8/8/8/PPPPPPPP/2R1KR2 w KQkq - 0 1",
	"r3k1rr/8/8/8/8/8/8/R3K1RR w GQgq - 0 1",
	"1r1rk1rr/8/8/8/8/8/8/1R1RK1RR b DGdg - 0 1",
}
