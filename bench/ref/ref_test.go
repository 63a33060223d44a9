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
		n += len(fancyRook[sq].Attacks) + len(fancyBishop[sq].Attacks)
	}
	if n*8 != FancyBytes {
		t.Fatalf("fancy tables hold %d bytes, want %d", n*8, FancyBytes)
	}
}

// TestTechniques runs every technique this machine can run, rook and bishop,
// exhaustively; and its queen (where it has its own) over every subset of
// the rook mask and of the bishop mask, with noise elsewhere.
func TestTechniques(t *testing.T) {
	names := map[string]bool{}
	for _, tc := range Techniques() {
		names[tc.Name] = true
		t.Run(tc.Name, func(t *testing.T) {
			checkExhaustive(t, tc.Name, magic.Rook, tc.Rook)
			checkExhaustive(t, tc.Name, magic.Bishop, tc.Bishop)
			if tc.Queen != nil {
				queenRef := func(sq int, occ uint64) uint64 {
					return magic.Attacks(magic.Rook, sq, occ) | magic.Attacks(magic.Bishop, sq, occ)
				}
				for _, p := range []magic.Piece{magic.Rook, magic.Bishop} {
					checkExhaustive(t, tc.Name+" queen", p, func(sq int, occ uint64) uint64 {
						if got, want := tc.Queen(sq, occ), queenRef(sq, occ); got != want {
							t.Fatalf("%s queen %s occ %#x: %#x, want %#x", tc.Name, magic.SquareName(sq), occ, got, want)
						}
						return magic.Attacks(p, sq, occ)
					})
				}
			}
		})
	}
	if !HasPEXT {
		t.Log("NOTE: no BMI2 here (or purego/other platform): the PEXT kernel is not tested; its Go equivalent is (TestPextGo)")
	}
	if !names["pext"] && HasPEXT {
		t.Error("HasPEXT, but Techniques() lists no pext")
	}
}

// TestPextGo checks the Go equivalent of the PEXT kernel, which the fallback
// uses, on every platform.
func TestPextGo(t *testing.T) {
	checkExhaustive(t, "pext (Go)", magic.Rook, pextRookGo)
	checkExhaustive(t, "pext (Go)", magic.Bishop, pextBishopGo)
}

// TestTableBytes pins the sizes the benchmark reports, so a change is seen.
func TestTableBytes(t *testing.T) {
	want := map[string]int{
		"fancy":        861184 + 128*48,
		"pext":         861184 + 128*16,
		"plain":        (64*4096+64*512)*8 + 128*16,
		"black":        (blackRookEntries+blackBishopEntries)*8 + 128*24,
		"squarebyte":   107648 + 6328*8 + 128*24,
		"kindergarten": 2*8*64*8 + 64*16,
		"hyperbola":    512 + 64*16,
		"ray":          0,
	}
	for _, tc := range Techniques() {
		if tc.Bytes != want[tc.Name] {
			t.Errorf("%s: %d table bytes, want %d", tc.Name, tc.Bytes, want[tc.Name])
		}
	}
}
