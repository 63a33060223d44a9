package ref

import (
	"testing"
	"unsafe"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/internal/magic"
)

// TestWOne runs the one-load W lookups on every square and every subset
// of its mask in W layout, with noise outside the mask, against the
// ray walk and against the W lookups they stand in for; and checks that
// each square's table starts where the last one's ends and holds its
// highest key.
func TestWOne(t *testing.T) {
	for _, pc := range []struct {
		p      magic.Piece
		one, w func(int, uint64) uint64
		ray    func(int, uint64) uint64
		params *[64]wOneParam
		table  []uint64
		shift  uint
	}{{magic.Rook, WOneRook, attacks.RookW, RayRook, &wOneRook, wOneRookTable, wRookShift},
		{magic.Bishop, WOneBishop, attacks.BishopW, RayBishop, &wOneBishop, wOneBishopTable, wBishopShift}} {
		noise := uint64(0x9e3779b97f4a7c15)
		n := 0
		for sq := range 64 {
			maskW := attacks.ToW(magic.Mask(pc.p, sq))
			top := uint64(0)
			for _, x := range magic.Subsets(maskW) {
				noise = noise*6364136223846793005 + 1442695040888963407
				occW := x | noise&^maskW
				want := pc.ray(sq, attacks.FromW(occW))
				if got := pc.one(sq, occW); got != want {
					t.Fatalf("one-load W %v %s occW %#x: %#x, want %#x", pc.p, magic.SquareName(sq), occW, got, want)
				}
				if got := pc.w(sq, occW); got != want {
					t.Fatalf("W %v %s occW %#x: %#x, want %#x", pc.p, magic.SquareName(sq), occW, got, want)
				}
				top = max(top, x*pc.params[sq].magic>>pc.shift)
			}
			if got := int(uintptr(unsafe.Pointer(pc.params[sq].attack))-uintptr(unsafe.Pointer(&pc.table[0]))) / 8; got != n {
				t.Fatalf("one-load W %v %s: table at entry %d, want %d", pc.p, magic.SquareName(sq), got, n)
			}
			n += int(top) + 1
		}
		if n != len(pc.table) {
			t.Fatalf("one-load W %v: the squares fill %d of %d entries", pc.p, n, len(pc.table))
		}
		t.Logf("one-load W %v: %d entries, %d bytes", pc.p, n, 8*n)
	}
	for _, f := range []func(int, uint64) uint64{WOneRook, WOneBishop} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("a lookup on square 64: no panic")
				}
			}()
			f(64, 0)
		}()
	}
}
