package searches

import (
	"flag"
	"math/bits"
	"slices"
	"testing"

	"github.com/symmagic/attacks/internal/magic"
)

var long = flag.Bool("long", false, "run the long searches (minutes)")

// shareTable reports whether keys, one per square of c in c.Squares order,
// let the squares share one table of the given width: it enters every
// square's canonical bytes at their keys and runs package magic's
// exhaustive verifier, which fails where two of them meet at one key.
func shareTable(c magic.Class, width int, keys []magic.SquareKey) error {
	tb := &magic.Table{Class: c, Bits: width, Keys: keys, Sets: magic.AttackSets(c.Piece, c.Rep), Index: make([]byte, 1<<width)}
	for _, k := range keys {
		for _, x := range magic.Subsets(magic.Mask(c.Piece, k.Square)) {
			a := magic.Attacks(c.Piece, c.Rep, k.Frame.Inverse().Bitboard(x))
			i, _ := slices.BinarySearch(tb.Sets, a)
			tb.Index[k.Key(x)] = byte(i)
		}
	}
	return tb.Verify()
}

// TestShareTable is the control of the check TestStdRookPairs makes: it
// accepts bishops b1 and a2 keyed from the standard layout, which share a
// table (the search finds one), and rejects them when a2's magic keys
// every occupancy to entry 0.
func TestShareTable(t *testing.T) {
	const b1, a2 = 1, 8
	c := magic.Class{Piece: magic.Bishop, Group: []magic.Sym{magic.Identity, magic.Diagonal}, Rep: b1, Squares: []int{b1, a2}, Numbering: magic.NumberStd}
	tb, err := magic.Search(c, magic.SearchOptions{Seed: 1, MaxTries: 3_000_000, MaxBits: 5, Window: magic.BishopWindow})
	if err != nil {
		t.Fatal(err)
	}
	if err := shareTable(c, tb.Bits, tb.Keys); err != nil {
		t.Fatalf("the check rejects bishops b1 and a2, which share: %v", err)
	}
	keys := slices.Clone(tb.Keys)
	keys[1].Magic = 0
	if shareTable(c, tb.Bits, keys) == nil {
		t.Fatal("the check accepts a2 with magic 0 in b1's table")
	}
}

// TestRookMirrors reproduces the finding that rook tables cannot be shared
// across mirrors in the six eight-square classes, with the search the
// generator uses (30M candidates per width, up to 12 bits). Run with -long.
func TestRookMirrors(t *testing.T) {
	if !*long {
		t.Skip("run with -long: about two minutes")
	}
	for _, c := range magic.Classes(magic.Rook, magic.Syms()) {
		if len(c.Squares) != 8 {
			continue
		}
		tb, err := magic.Search(c, magic.SearchOptions{Seed: 1, MaxTries: magic.DefaultBuild().MaxTries, MaxBits: 12})
		if err == nil {
			t.Errorf("%s: shares a %d-bit table across mirrors, which docs/SEED.md says none does: share it in the layout and update the docs", c.Name(), tb.Bits)
			continue
		}
		t.Logf("%v", err)
	}
}

// TestStdRookPairs is the search behind package magic's search trying no
// group of rook squares keyed from the standard layout: for every rook
// square off the a1-h8 diagonal and its mirror image in it, the reflection
// that keeps the order of the bits along every ray, no table keyed from the
// standard layout is shared at the mask's width within 3,000,000 candidates
// (a random magic for one square, the other's derived term by term and
// perturbed, as for the W layout); every rook magic the search finds for
// one square alone is a perfect injection, every entry of its table used,
// so two squares can only share by agreeing byte for byte; and for four
// pairs, none of the 400 combinations of 20 such magics for each square
// shares a table. Run with -long (about a minute).
func TestStdRookPairs(t *testing.T) {
	if !*long {
		t.Skip("run with -long: about a minute")
	}
	alone := func(sq int, seed uint64) magic.SquareKey {
		width := bits.OnesCount64(magic.Mask(magic.Rook, sq))
		one := magic.Class{Piece: magic.Rook, Group: []magic.Sym{magic.Identity}, Rep: sq, Squares: []int{sq}, Numbering: magic.NumberStd}
		tb, err := magic.Search(one, magic.SearchOptions{Seed: seed, MaxTries: 30_000_000, MaxBits: width, Window: magic.RookWindow})
		if err != nil {
			t.Fatal(err)
		}
		used := map[uint64]bool{}
		for _, x := range magic.Subsets(magic.Mask(magic.Rook, sq)) {
			used[tb.Keys[0].Key(x)] = true
		}
		if len(used) != 1<<width {
			t.Errorf("%s, seed %d: a magic that uses %d of %d entries", magic.SquareName(sq), seed, len(used), 1<<width)
		}
		return tb.Keys[0]
	}
	pair := []magic.Sym{magic.Identity, magic.Diagonal}
	for sq := 0; sq < 64; sq++ {
		d := magic.Diagonal.Square(sq)
		if d <= sq {
			continue
		}
		width := bits.OnesCount64(magic.Mask(magic.Rook, sq))
		c := magic.Class{Piece: magic.Rook, Group: pair, Rep: sq, Squares: []int{sq, d}, Numbering: magic.NumberStd}
		if tb, err := magic.Search(c, magic.SearchOptions{Seed: 1, MaxTries: 3_000_000, MaxBits: width, Window: magic.RookWindow}); err == nil {
			t.Errorf("%s and %s share a %d-bit table keyed from the standard layout: let package magic's search try the reflection for rooks", magic.SquareName(sq), magic.SquareName(d), tb.Bits)
		}
		for seed := uint64(1); seed <= 5; seed++ {
			alone(sq, seed)
			alone(d, seed)
		}
	}
	// The check below is shareTable, whose control is TestShareTable.
	const b1, c1, a2, c2, a3, b3, d3, c4 = 1, 2, 8, 10, 16, 17, 19, 26
	for _, p := range [][2]int{{b1, a2}, {c2, b3}, {d3, c4}, {c1, a3}} {
		s, d := p[0], p[1]
		var ks, kd []magic.SquareKey
		for seed := uint64(1); seed <= 20; seed++ {
			ks, kd = append(ks, alone(s, 100+seed)), append(kd, alone(d, 100+seed))
		}
		c := magic.Class{Piece: magic.Rook, Group: pair, Rep: s, Squares: []int{s, d}, Numbering: magic.NumberStd}
		for _, a := range ks {
			for _, b := range kd {
				a.Frame, b.Frame = magic.Identity, magic.Diagonal
				if shareTable(c, bits.OnesCount64(magic.Mask(magic.Rook, s)), []magic.SquareKey{a, b}) == nil {
					t.Errorf("%s and %s share a table with magics %#x and %#x", magic.SquareName(s), magic.SquareName(d), a.Magic, b.Magic)
				}
			}
		}
	}
}

// TestStdRookNoJunk reproduces why the drop-in's rook keys keep their key
// mask (docs/SEED.md, "The standard layout"): magics at the mask's width
// that leave nothing above the key (SearchOptions.NoJunk) turn up quickly
// for rook squares on rank 1 (b1, c1, d1 within 15M candidates) but not in
// 100M for h2, h3, a6, f8 and g8, whose masks reach the top of the board.
// It fails if one is found: the documents would then be wrong. Run with
// -long (about four minutes).
func TestStdRookNoJunk(t *testing.T) {
	if !*long {
		t.Skip("run with -long: about four minutes")
	}
	search := func(sq, tries int) (*magic.Table, error) {
		c := magic.Class{Piece: magic.Rook, Group: []magic.Sym{magic.Identity}, Rep: sq, Squares: []int{sq}, Numbering: magic.NumberStd}
		width := bits.OnesCount64(magic.Mask(magic.Rook, sq))
		return magic.Search(c, magic.SearchOptions{Seed: 1, MaxTries: tries, MaxBits: width, Window: magic.RookWindow, NoJunk: true})
	}
	for _, sq := range []int{1, 2, 3} { // b1, c1, d1
		if _, err := search(sq, 15_000_000); err != nil {
			t.Errorf("%s: no magic without junk within 15M candidates: %v", magic.SquareName(sq), err)
		}
	}
	for _, sq := range []int{15, 23, 40, 61, 62} { // h2, h3, a6, f8, g8
		if tb, err := search(sq, 100_000_000); err == nil {
			t.Errorf("%s: a magic without junk at the mask's width after %d candidates: docs/SEED.md says none in 100M", magic.SquareName(sq), tb.Tries)
		}
	}
}
