package magic

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// These tests rebuild the constructions of the forum post the W system comes
// from, so that every claim it makes is checked.

func classOf(t *testing.T, p Piece, group []Sym, sq int) Class {
	t.Helper()
	for _, c := range Classes(p, group) {
		for _, s := range c.Squares {
			if s == sq {
				return c
			}
		}
	}
	t.Fatalf("no class holds %s", SquareName(sq))
	return Class{}
}

// shared reports whether the given keys let every square of c share one
// table of the given width, and verifies it exhaustively when they do.
func shared(c Class, bits int, keys []SquareKey) error {
	tb := &Table{Class: c, Bits: bits, Keys: keys, Sets: AttackSets(c.Piece, c.Rep)}
	idx, err := buildIndex(tb)
	if err != nil {
		return err
	}
	tb.Index = idx
	return tb.Verify()
}

func key(c Class, sq int, frame Sym, magic uint64, bits int) SquareKey {
	return SquareKey{Square: sq, Frame: frame, Mask: ToW(Mask(c.Piece, sq)), Magic: magic, Shift: uint8(64 - bits)}
}

// Corners: a magic of three 1-bits moves the two edges of a corner rook into
// the 12-bit key. The post's h8 magic shifts by 28, 31 and 55; its rotations
// serve h1 and a1. For a8 (edges 4 and 1) the cyclic image would need a right
// shift, so no three-bit magic shares the table in the rotation frame; in the
// mirrored frame (a8 = flip-ranks(a1)) the post's shifts 1, 34, 52 work. The
// post draws the middle shift as 33: that puts group 1 on bits 54..56, one
// bit low, over the 1' group; 34 is the shift that lands it on 55..57.
func TestSeedCorners(t *testing.T) {
	c := classOf(t, Rook, Rotations(), 0)
	a1, h1, a8, h8 := 0, 7, 56, 63
	rotKeys := []SquareKey{
		key(c, a1, Identity, 1<<4|1<<7|1<<49, 12),
		key(c, h1, rot270, 1<<16|1<<19|1<<52, 12),
		key(c, h8, rot180, 1<<28|1<<31|1<<55, 12),
	}
	sub := Class{Piece: Rook, Group: Rotations(), Rep: a1, Squares: []int{a1, h1, h8}}
	if err := shared(sub, 12, rotKeys); err != nil {
		t.Fatalf("a1, h1, h8 with the post's rotated magics: %v", err)
	}
	for _, k := range rotKeys {
		if bits.OnesCount64(k.Magic) != 3 {
			t.Fatalf("%s magic %#x has more than three 1-bits", SquareName(k.Square), k.Magic)
		}
	}

	mirrored := key(c, a8, flipRanks, 1<<1|1<<34|1<<52, 12)
	if err := shared(c, 12, []SquareKey{rotKeys[0], rotKeys[1], mirrored, rotKeys[2]}); err != nil {
		t.Fatalf("all four corners with a8 in the mirrored frame: %v", err)
	}
	if err := shared(c, 12, []SquareKey{rotKeys[0], rotKeys[1], key(c, a8, flipRanks, 1<<1|1<<33|1<<52, 12), rotKeys[2]}); err == nil {
		t.Error("the post's literal shift 33 for a8 shares the table; expected a collision with group 1'")
	}

	// No magic of three 1-bits gives a8 keys consistent with the other three
	// corners in the rotation frame: try all C(64,3).
	base := &Table{Class: sub, Bits: 12, Keys: rotKeys, Sets: AttackSets(Rook, a1)}
	idx, _ := buildIndex(base)
	occs := Subsets(Mask(Rook, a8))
	want := make([]uint8, len(occs))
	for n, x := range occs {
		b, _ := canonicalByte(base, rot90, x)
		want[n] = uint8(b)
		occs[n] = ToW(x)
	}
	reached := make([]bool, 1<<12)
	for _, k := range rotKeys {
		for _, x := range Subsets(Mask(Rook, k.Square)) {
			reached[k.Key(ToW(x))] = true
		}
	}
	for i := 0; i < 64; i++ {
		for j := i + 1; j < 64; j++ {
			for k := j + 1; k < 64; k++ {
				m := uint64(1)<<i | uint64(1)<<j | uint64(1)<<k
				ok := true
				for n, w := range occs {
					key := w * m >> 52
					if !reached[key] || idx[key] != want[n] {
						ok = false
						break
					}
				}
				if ok {
					t.Fatalf("a8 in the rotation frame shares with magic %#x; the post says it cannot", m)
				}
			}
		}
	}
}

// Inner squares: a rook mask of an inner square holds only bits of the
// 48-bit block, so the rotated square's magic is the post's (M>>12)|(M<<36).
// With that literal derivation every inner rotation class shares one table
// at the mask's width, 10 bits.
func TestSeedInnerDerivation(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode: searches nine classes")
	}
	for _, c := range Classes(Rook, Rotations()) {
		if c.Rep%8 == 0 || c.Rep%8 == 7 || c.Rep/8 == 0 || c.Rep/8 == 7 {
			continue
		}
		s := newSearcher(c)
		const width = 10
		s.table = make([]uint32, 1<<width)
		r := rand.New(rand.NewPCG(5, uint64(c.Rep)))
		solved := false
		for try := 0; try < 50_000_000 && !solved; try++ {
			s.next()
			m := r.Uint64() & r.Uint64() & r.Uint64()
			solved = true
			for k := Identity; k < 4; k++ { // rot^k(rep), in frame rot^k
				i := slices.Index(c.Squares, k.Square(c.Rep))
				if !s.fill(s.occW[i][slices.Index(s.frames[i], k)], m, 64-width) {
					solved = false
					break
				}
				m = m>>12 | m<<36
			}
		}
		if !solved {
			t.Errorf("%s: the (M>>12)|(M<<36) derivation found no shared 10-bit table", c.Name())
		}
	}
}

// Edges: each half-edge pairs with a group of inner squares that fills the
// hole a rook leaves in it. With the rook on a primed half-edge (2' say), the
// mask's bits in 2' and in b merge into one full 3-bit group, one square of b
// on each ray perpendicular to the edge; with the rook on the unprimed half
// (2), b is clear and B fills the hole instead. B is b's mirror image.
func TestSeedEdgeHole(t *testing.T) {
	for e := 0; e < 4; e++ {
		primed, unprimed := 3*e, 21+12*e
		fillPrimed, fillUnprimed := 18+12*e, 15+12*e // a/b/c/d and A/B/C/D
		for _, tc := range []struct{ half, fill, other int }{
			{primed, fillPrimed, fillUnprimed},
			{unprimed, fillUnprimed, fillPrimed},
		} {
			for k := 0; k < 3; k++ {
				sq := int(fromWBits[tc.half+k])
				m := ToW(Mask(Rook, sq))
				own, fill := m>>tc.half&7, m>>tc.fill&7
				if own|fill != 7 || own&fill != 0 || fill != 1<<k {
					t.Errorf("rook %s: half-edge bits %03b and filler bits %03b do not merge into one group", SquareName(sq), own, fill)
				}
				if m>>tc.other&7 != 0 {
					t.Errorf("rook %s: the other half's filler group is not clear", SquareName(sq))
				}
				f := int(fromWBits[tc.fill+k])
				if f%8 != sq%8 && f/8 != sq/8 {
					t.Errorf("rook %s: filler %s is not on a ray from it", SquareName(sq), SquareName(f))
				}
			}
		}
	}
}

// Bishops share all eight symmetries at the mask's width in every class.
func TestSeedBishopsShareAll(t *testing.T) {
	for _, c := range Classes(Bishop, Syms()) {
		tb, err := Search(c, SearchOptions{Seed: 1, MaxTries: 1_000_000})
		if err != nil {
			t.Fatal(err)
		}
		if w := bits.OnesCount64(Mask(Bishop, c.Rep)); tb.Bits != w {
			t.Errorf("%s: %d-bit key, mask has %d bits", c.Name(), tb.Bits, w)
		}
	}
	if n := len(Classes(Bishop, Syms())); n != 10 {
		t.Errorf("%d bishop classes, want 10", n)
	}
}
