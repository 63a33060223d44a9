package attacks

import (
	"testing"

	"github.com/symmagic/attacks/internal/magic"
)

// FuzzLookups checks every lookup on arbitrary (square, occupancy) pairs
// against the reference, and the panic for squares out of range.
//
//	go test -fuzz FuzzLookups -fuzztime 30s .
func FuzzLookups(f *testing.F) {
	f.Add(0, uint64(0))
	f.Add(27, uint64(0xffff00000000ffff))
	f.Add(63, ^uint64(0))
	f.Add(64, uint64(1))
	f.Add(-1, uint64(1))
	f.Fuzz(func(t *testing.T, sq int, occ uint64) {
		if sq < 0 || sq > 63 {
			defer func() {
				if _, ok := recover().(error); !ok {
					t.Fatalf("Rook(%d) did not panic with an error", sq)
				}
			}()
			Rook(sq, occ)
			return
		}
		r, b := magic.Attacks(magic.Rook, sq, occ), magic.Attacks(magic.Bishop, sq, occ)
		w := ToW(occ)
		if Rook(sq, occ) != r || RookW(sq, w) != r || Bishop(sq, occ) != b || BishopW(sq, w) != b ||
			Queen(sq, occ) != r|b || QueenW(sq, w) != r|b {
			t.Fatalf("lookups disagree with the reference at %s, occ %#x", magic.SquareName(sq), occ)
		}
		if FromW(w) != occ {
			t.Fatalf("FromW(ToW(%#x)) = %#x", occ, FromW(w))
		}
		if occ != 0 && RookUnion(occ&-occ, occ) != magic.Attacks(magic.Rook, lowest(occ), occ) {
			t.Fatalf("RookUnion of one rook disagrees at occ %#x", occ)
		}
	})
}

func lowest(x uint64) int {
	for sq := 0; sq < 64; sq++ {
		if x&(1<<sq) != 0 {
			return sq
		}
	}
	return -1
}

// FuzzKernels compares every kernel this CPU can run with the generic one on
// arbitrary inputs: the permute, NewOccupancy's lookups and the unions.
//
//	go test -fuzz FuzzKernels -fuzztime 30s .
func FuzzKernels(f *testing.F) {
	f.Add(uint8(0), uint64(0), uint64(1))
	f.Add(uint8(27), ^uint64(0), uint64(0x8100000000000081))
	f.Add(uint8(63), uint64(0x00ff00ff00ff00ff), ^uint64(0))
	f.Fuzz(func(t *testing.T, s uint8, occ, pieces uint64) {
		sq := int(s & 63)
		w := toW(occ)
		want := [...]uint64{
			w, queenW(sq, w),
			rookUnionGeneric(pieces, occ), bishopUnionGeneric(pieces, occ),
		}
		def := Kernel()
		defer SetKernel(def)
		for _, k := range Kernels() {
			SetKernel(k)
			got := [...]uint64{
				ToW(occ), NewOccupancy(occ).Queen(sq),
				RookUnion(pieces, occ), BishopUnion(pieces, occ),
			}
			if got != want {
				t.Fatalf("kernel %s, square %d, occ %#x, pieces %#x:\n got %#x\nwant %#x", k, sq, occ, pieces, got, want)
			}
		}
	})
}
