package magic

import (
	"math/bits"
	"testing"
)

// TestStdClasses splits a solved W class into the orbits of a group among
// the squares still alone, keeping each square's W frame.
func TestStdClasses(t *testing.T) {
	c := Classes(Bishop, Syms())[1] // b1: eight squares
	tb, err := Search(c, SearchOptions{Seed: 1, MaxTries: 100_000})
	if err != nil {
		t.Fatal(err)
	}
	pairs := StdClasses(tb, []Sym{Identity, Diagonal}, tb.Squares)
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
	some := StdClasses(tb, []Sym{Identity, Diagonal}, []int{1, 6, 8, 15})
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

// TestStdRookPairs is the search behind StdGroups(Rook) being empty: for
// every rook square off the a1-h8 diagonal and its mirror image in it, the
// reflection that keeps the order of the bits along every ray, no table
// keyed from the standard layout is shared at the mask's width within
// 3,000,000 candidates (a random magic for one square, the other's derived
// term by term and perturbed, as for the W layout); every rook magic the
// search finds for one square alone is a perfect injection, every entry of
// its table used, so two squares can only share by agreeing byte for byte;
// and for four pairs, none of the 400 combinations of 20 such magics for
// each square shares a table. Run with -long (about a minute).
func TestStdRookPairs(t *testing.T) {
	if !*long {
		t.Skip("run with -long: about a minute")
	}
	alone := func(sq int, seed uint64) SquareKey {
		width := bits.OnesCount64(Mask(Rook, sq))
		one := Class{Piece: Rook, Group: []Sym{Identity}, Rep: sq, Squares: []int{sq}, Numbering: NumberStd}
		tb, err := Search(one, SearchOptions{Seed: seed, MaxTries: 30_000_000, MaxBits: width, Window: RookWindow})
		if err != nil {
			t.Fatal(err)
		}
		used := map[uint64]bool{}
		for _, x := range Subsets(Mask(Rook, sq)) {
			used[tb.Keys[0].Key(x)] = true
		}
		if len(used) != 1<<width {
			t.Errorf("%s, seed %d: a magic that uses %d of %d entries", SquareName(sq), seed, len(used), 1<<width)
		}
		return tb.Keys[0]
	}
	for sq := 0; sq < 64; sq++ {
		d := Diagonal.Square(sq)
		if d <= sq {
			continue
		}
		width := bits.OnesCount64(Mask(Rook, sq))
		c := Class{Piece: Rook, Group: []Sym{Identity, Diagonal}, Rep: sq, Squares: []int{sq, d}, Numbering: NumberStd}
		if tb, err := Search(c, SearchOptions{Seed: 1, MaxTries: 3_000_000, MaxBits: width, Window: RookWindow}); err == nil {
			t.Errorf("%s and %s share a %d-bit table keyed from the standard layout: add the reflection to StdGroups(Rook)", SquareName(sq), SquareName(d), tb.Bits)
		}
		for seed := uint64(1); seed <= 5; seed++ {
			alone(sq, seed)
			alone(d, seed)
		}
	}
	const b1, c1, a2, c2, a3, b3, d3, c4 = 1, 2, 8, 10, 16, 17, 19, 26
	// The control: the check below accepts a pair that does share (bishops
	// b1 and a2, found by the search).
	bc := Class{Piece: Bishop, Group: []Sym{Identity, Diagonal}, Rep: b1, Squares: []int{b1, a2}, Numbering: NumberStd}
	bt, err := Search(bc, SearchOptions{Seed: 1, MaxTries: 3_000_000, MaxBits: 5, Window: BishopWindow})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := buildIndex(bt); err != nil {
		t.Fatalf("the check rejects bishops b1 and a2, which share: %v", err)
	}
	for _, pair := range [][2]int{{b1, a2}, {c2, b3}, {d3, c4}, {c1, a3}} {
		s, d := pair[0], pair[1]
		var ks, kd []SquareKey
		for seed := uint64(1); seed <= 20; seed++ {
			ks, kd = append(ks, alone(s, 100+seed)), append(kd, alone(d, 100+seed))
		}
		tb := &Table{Class: Class{Piece: Rook, Group: []Sym{Identity, Diagonal}, Rep: s, Squares: []int{s, d}, Numbering: NumberStd},
			Bits: bits.OnesCount64(Mask(Rook, s)), Sets: AttackSets(Rook, s)}
		for _, a := range ks {
			for _, b := range kd {
				a.Frame, b.Frame = Identity, Diagonal
				tb.Keys = []SquareKey{a, b}
				if _, err := buildIndex(tb); err == nil {
					t.Errorf("%s and %s share a table with magics %#x and %#x", SquareName(s), SquareName(d), a.Magic, b.Magic)
				}
			}
		}
	}
}
