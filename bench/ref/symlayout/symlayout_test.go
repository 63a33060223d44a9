package symlayout

import (
	"math/bits"
	"testing"

	"github.com/symmagic/attacks/internal/magic"
)

func TestBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode: searches 20 representatives")
	}
	l, err := Build(magic.DefaultBuild())
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Params) != 20 {
		t.Fatalf("%d classes, want 10 rook + 10 bishop", len(l.Params))
	}
	rookIdx, bishopIdx, sets := 0, 0, 0
	for _, c := range l.Classes {
		if w := bits.OnesCount64(magic.Mask(c.Piece, c.Rep)); c.Bits != w {
			t.Errorf("%s: %d-bit key for a %d-bit mask", c.Name(), c.Bits, w)
		}
		if c.Piece == magic.Rook {
			rookIdx += len(c.Index)
		} else {
			bishopIdx += len(c.Index)
		}
		sets += len(c.Sets)
	}
	if rookIdx != 16384 || bishopIdx != 1024 || sets != 777+259 {
		t.Errorf("index bytes %d + %d, attack sets %d; want 16384 + 1024 and 1036", rookIdx, bishopIdx, sets)
	}
	for _, p := range []magic.Piece{magic.Rook, magic.Bishop} {
		for sq := 0; sq < 64; sq++ {
			occ := uint64(0x0042_1800_2400_8100) ^ uint64(sq)*0x9e3779b97f4a7c15
			if got, want := l.Lookup(p, sq, occ), magic.Attacks(p, sq, occ); got != want {
				t.Fatalf("%v %s: Lookup %#x, want %#x", p, magic.SquareName(sq), got, want)
			}
		}
	}
	l.Attack[5] ^= 1
	if l.Verify() == nil {
		t.Error("Verify accepts a corrupted attack set")
	}
}

func TestControls(t *testing.T) {
	for _, g := range magic.Syms() {
		for sq := 0; sq < 64; sq++ {
			x := uint64(1) << sq
			if shuffleBits(x, OutControl(g)) != g.Bitboard(x) {
				t.Fatalf("%v: out-control moves %s wrongly", g, magic.SquareName(sq))
			}
			if shuffleBits(x, InControl(g)) != magic.ToW(g.Inverse().Bitboard(x)) {
				t.Fatalf("%v: in-control moves %s wrongly", g, magic.SquareName(sq))
			}
		}
	}
}
