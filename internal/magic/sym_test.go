package magic

import (
	"math/rand/v2"
	"testing"
)

func TestSymmetryGroup(t *testing.T) {
	for _, g := range Syms() {
		for _, h := range Syms() {
			gh := g.Then(h)
			for sq := 0; sq < 64; sq++ {
				if gh.Square(sq) != h.Square(g.Square(sq)) {
					t.Fatalf("%v then %v = %v is wrong at %s", g, h, gh, SquareName(sq))
				}
			}
		}
		if g.Then(g.Inverse()) != Identity {
			t.Errorf("%v: inverse %v does not undo it", g, g.Inverse())
		}
	}
	if rot90.Square(56) != 63 || rot90.Square(63) != 7 || rot90.Square(7) != 0 || rot90.Square(0) != 56 {
		t.Error("rot90 is not a8 -> h8 -> h1 -> a1")
	}
	// Orientation: the turn from a1->b1 to a1->a2 keeps its sign under a
	// rotation and flips under a reflection.
	for _, g := range Syms() {
		a, b, c := g.Square(0), g.Square(1), g.Square(8)
		cross := (b%8-a%8)*(c/8-a/8) - (b/8-a/8)*(c%8-a%8)
		if g.IsRotation() != (cross > 0) {
			t.Errorf("%v: IsRotation %v, but it maps the turn a1-b1-a2 to one of sign %d", g, g.IsRotation(), cross)
		}
	}
	for k := 0; k < 4; k++ {
		r := Identity
		for i := 0; i < k; i++ {
			r = r.Then(rot90)
		}
		if r != Sym(k) {
			t.Errorf("rot90^%d = %v, want Sym(%d)", k, r, k)
		}
	}
}

// Standard and W layouts agree: W(g(x)) == g_W(W(x)), and pieces commute
// with symmetries: mask(g sq) = g(mask sq), attacks likewise.
func TestSymmetryLayouts(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for _, g := range Syms() {
		for i := 0; i < 500; i++ {
			x := r.Uint64()
			if ToW(g.Bitboard(x)) != g.BitboardW(ToW(x)) {
				t.Fatalf("%v: standard and W images differ for %#x", g, x)
			}
			if g.Inverse().Bitboard(g.Bitboard(x)) != x {
				t.Fatalf("%v: inverse on bitboards fails", g)
			}
		}
		for _, p := range []Piece{Rook, Bishop} {
			for sq := 0; sq < 64; sq++ {
				if Mask(p, g.Square(sq)) != g.Bitboard(Mask(p, sq)) {
					t.Fatalf("%v %s %s: mask does not commute", p, g, SquareName(sq))
				}
				occ := r.Uint64() & r.Uint64()
				if Attacks(p, g.Square(sq), g.Bitboard(occ)) != g.Bitboard(Attacks(p, sq, occ)) {
					t.Fatalf("%v %s %s: attacks do not commute", p, g, SquareName(sq))
				}
			}
		}
	}
}
