package magic

import "testing"

// TestStdClasses splits a solved W class into the orbits of a group among
// the squares still alone, keeping each square's W frame.
func TestStdClasses(t *testing.T) {
	c := Classes(Bishop, Syms())[1] // b1: eight squares
	tb, err := Search(c, SearchOptions{Seed: 1, MaxTries: 100_000})
	if err != nil {
		t.Fatal(err)
	}
	pairs := stdClasses(tb, []Sym{Identity, Diagonal}, tb.Squares)
	if len(pairs) != 4 {
		t.Fatalf("%d diagonal orbits of b1's class, want 4", len(pairs))
	}
	for _, p := range pairs {
		if len(p.Squares) != 2 || Diagonal.Square(p.Squares[0]) != p.Squares[1] || p.Rep != tb.Rep || p.Numbering != NumberStd {
			t.Fatalf("orbit %+v", p)
		}
		for i, sq := range p.Squares {
			if fs := p.Frames(sq); len(fs) != 1 || fs[0] != p.Frame[i] || fs[0] != tb.Keys[indexOf(tb.Squares, sq)].Frame {
				t.Fatalf("%s: frames %v, W frame %v", SquareName(sq), fs, tb.Keys[indexOf(tb.Squares, sq)].Frame)
			}
		}
	}
	// Among some squares only: b1 and a2 left, g1 and h2 without partner.
	some := stdClasses(tb, []Sym{Identity, Diagonal}, []int{1, 6, 8, 15})
	if len(some) != 3 || len(some[0].Squares) != 2 {
		t.Fatalf("orbits among b1 g1 a2 h2: %+v", some)
	}
	if n := some[0].Name(); n != "bishop b1/std" {
		t.Fatalf("named %q", n)
	}
}

func indexOf(s []int, v int) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}
