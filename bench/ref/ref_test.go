package ref

import (
	"testing"

	"github.com/symmagic/attacks/magic"
)

// checkExhaustive runs every square and every subset of its mask, with
// noise outside the mask, against the ray-walking reference.
func checkExhaustive(t *testing.T, name string, p magic.Piece, f func(int, uint64) uint64) {
	t.Helper()
	noise := uint64(0x9e3779b97f4a7c15)
	for sq := 0; sq < 64; sq++ {
		mask := magic.Mask(p, sq)
		for _, x := range magic.Subsets(mask) {
			noise = noise*6364136223846793005 + 1442695040888963407
			occ := x | noise&^mask
			if got, want := f(sq, occ), magic.Attacks(p, sq, occ); got != want {
				t.Fatalf("%s %v %s occ %#x: %#x, want %#x", name, p, magic.SquareName(sq), occ, got, want)
			}
		}
	}
}

func TestFancy(t *testing.T) {
	checkExhaustive(t, "fancy", magic.Rook, FancyRook)
	checkExhaustive(t, "fancy", magic.Bishop, FancyBishop)
	n := 0
	for sq := 0; sq < 64; sq++ {
		n += len(fancyRook[sq].attacks) + len(fancyBishop[sq].attacks)
	}
	if n*8 != FancyBytes {
		t.Fatalf("fancy tables hold %d bytes, want %d", n*8, FancyBytes)
	}
}
