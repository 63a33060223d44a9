package attacks

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/symmagic/attacks/internal/magic"
)

// A numbering of the board's bits names, for each square, the bit that holds
// it. This package numbers a1 = 0, b1 = 1, ..., h8 = 63 (rank-major from a1).
// The eight numberings below are the other ways a bitboard library can count:
// from any corner, along ranks or along files. Each is a symmetry of the
// board, so sliding attacks computed on a library's own bit numbers are the
// same function as ours: Rook(g(s), g(occ)) == g(Rook(s, occ)). The tests
// below check that for every kernel, square and relevant occupancy, and that
// the check fails for numberings that are not symmetries.

// numbering maps a square of this package (a1 = 0) to the bit another
// numbering gives it.
type numbering struct {
	name string
	sq   [64]uint8
	bb   [8][256]uint64 // byte tables of the bitboard map
}

func newNumbering(name string, f func(file, rank int) int) *numbering {
	var sq [64]uint8
	seen := uint64(0)
	for s := 0; s < 64; s++ {
		t := f(s%8, s/8)
		sq[s] = uint8(t)
		seen |= 1 << t
	}
	if seen != ^uint64(0) {
		panic("numbering " + name + " is not a permutation")
	}
	return newPermutation(name, sq)
}

func newPermutation(name string, sq [64]uint8) *numbering {
	return &numbering{name: name, sq: sq, bb: magic.ByteTables(&sq)}
}

// square is g(s).
func (n *numbering) square(s int) int { return int(n.sq[s]) }

// bitboard is g(x): every bit moved to its square's new number.
func (n *numbering) bitboard(x uint64) uint64 {
	t := &n.bb
	return t[0][uint8(x)] | t[1][uint8(x>>8)] | t[2][uint8(x>>16)] | t[3][uint8(x>>24)] |
		t[4][uint8(x>>32)] | t[5][uint8(x>>40)] | t[6][uint8(x>>48)] | t[7][uint8(x>>56)]
}

// orientations are the eight symmetries of the board, each written as the
// numbering a library would use: bit 0 on one of the four corners, counting
// along ranks (rank-major) or along files (file-major) first. flipsRanks
// says whether white's forward direction becomes black's; keepsRanks
// whether ranks stay ranks (the other four exchange ranks and files).
var orientations = []struct {
	n          *numbering
	keepsRanks bool
	flipsRanks bool
}{
	{newNumbering("a1=0 rank-major (this package)", func(f, r int) int { return f + 8*r }), true, false},
	{newNumbering("h1=0 rank-major", func(f, r int) int { return (7 - f) + 8*r }), true, false},
	{newNumbering("a8=0 rank-major", func(f, r int) int { return f + 8*(7-r) }), true, true},
	{newNumbering("h8=0 rank-major", func(f, r int) int { return (7 - f) + 8*(7-r) }), true, true},
	{newNumbering("a1=0 file-major", func(f, r int) int { return r + 8*f }), false, false},
	{newNumbering("h1=0 file-major", func(f, r int) int { return r + 8*(7-f) }), false, false},
	{newNumbering("a8=0 file-major", func(f, r int) int { return (7 - r) + 8*f }), false, false},
	{newNumbering("h8=0 file-major", func(f, r int) int { return (7 - r) + 8*(7-f) }), false, false},
}

// nonSymmetries are numberings that are not symmetries of the board; the
// same checks must fail on them, or they check nothing.
var nonSymmetries = []*numbering{
	// Boustrophedon: rank 1 left to right, rank 2 right to left, ...
	newNumbering("snake", func(f, r int) int {
		if r%2 == 1 {
			f = 7 - f
		}
		return f + 8*r
	}),
	// Two adjacent squares swapped, the rest unchanged.
	func() *numbering {
		var sq [64]uint8
		for i := range sq {
			sq[i] = uint8(i)
		}
		sq[27], sq[28] = 28, 27 // d4 <-> e4
		return newPermutation("d4<->e4", sq)
	}(),
	// Each rank rotated by one file: a1 -> b1, ..., h1 -> a1.
	newNumbering("files+1", func(f, r int) int { return (f+1)%8 + 8*r }),
	boundaryPermutation,
}

// checkSliders compares, for every square and every subset of its relevant
// mask (with random bits outside the mask), each sliding lookup on g's
// numbers with g applied to the lookup on ours. It returns the first
// mismatch. wForms adds RookW and BishopW, which are the same Go code
// under every kernel.
func checkSliders(g *numbering, r *rand.Rand, wForms bool) error {
	for _, p := range []magic.Piece{magic.Rook, magic.Bishop} {
		for s := 0; s < 64; s++ {
			mask := magic.Mask(p, s)
			gs := g.square(s)
			for _, x := range magic.Subsets(mask) {
				occ := x | r.Uint64()&^mask
				gocc := g.bitboard(occ)
				var got, want uint64
				if p == magic.Rook {
					got, want = Rook(gs, gocc), g.bitboard(Rook(s, occ))
				} else {
					got, want = Bishop(gs, gocc), g.bitboard(Bishop(s, occ))
				}
				if got != want {
					return fmt.Errorf("%v on %s, occ %#x: on the numbering's bits %#x, mapped from ours %#x", p, magic.SquareName(s), occ, got, want)
				}
				wq := g.bitboard(Queen(s, occ))
				if q := Queen(gs, gocc); q != wq {
					return fmt.Errorf("queen on %s, occ %#x: on the numbering's bits %#x, mapped from ours %#x", magic.SquareName(s), occ, q, wq)
				}
				if gw := ToW(gocc); wForms && RookW(gs, gw)|BishopW(gs, gw) != wq {
					return fmt.Errorf("RookW|BishopW on %s, occ %#x differ from the mapped Queen", magic.SquareName(s), occ)
				}
			}
		}
	}
	return nil
}

// checkFixed does the same for the lookups without occupancy: Knight, King,
// and Between and Line for every pair of squares.
func checkFixed(g *numbering) error {
	for a := 0; a < 64; a++ {
		ga := g.square(a)
		if Knight(ga) != g.bitboard(Knight(a)) {
			return fmt.Errorf("Knight on %s", magic.SquareName(a))
		}
		if King(ga) != g.bitboard(King(a)) {
			return fmt.Errorf("King on %s", magic.SquareName(a))
		}
		for b := 0; b < 64; b++ {
			gb := g.square(b)
			if Between(ga, gb) != g.bitboard(Between(a, b)) {
				return fmt.Errorf("Between(%s, %s)", magic.SquareName(a), magic.SquareName(b))
			}
			if Line(ga, gb) != g.bitboard(Line(a, b)) {
				return fmt.Errorf("Line(%s, %s)", magic.SquareName(a), magic.SquareName(b))
			}
		}
	}
	return nil
}

// checkPawns compares Pawn on g's numbers with g applied to Pawn on ours,
// white on ours being swap(white) on g's.
func checkPawns(g *numbering, swap bool) error {
	for s := 0; s < 64; s++ {
		for _, white := range []bool{true, false} {
			if got, want := Pawn(white != swap, g.square(s)), g.bitboard(Pawn(white, s)); got != want {
				return fmt.Errorf("Pawn(%v) on %s: on the numbering's bits %#x, mapped from ours %#x", white, magic.SquareName(s), got, want)
			}
		}
	}
	return nil
}

// TestOrientations checks that every orientation of the board works on its
// own bit numbers unchanged: for all eight symmetries g, every kernel, every
// square s and every subset x of its relevant mask (random bits outside),
// Rook(g(s), g(x)) == g(Rook(s, x)), likewise Bishop, Queen and the W
// lookups; Knight, King, Between and Line for every square and pair; Pawn
// for the four symmetries that keep ranks as ranks, with the colours
// swapped where g turns the board upside down.
func TestOrientations(t *testing.T) {
	if len(orientations) != 8 {
		t.Fatalf("%d orientations, want 8", len(orientations))
	}
	// The eight numberings are distinct, and each is one of magic's symmetries.
	for i, o := range orientations {
		found := 0
		for _, g := range magic.Syms() {
			same := true
			for s := 0; s < 64; s++ {
				same = same && g.Square(s) == o.n.square(s)
			}
			if same {
				found++
			}
		}
		for _, o2 := range orientations[:i] {
			if o2.n.sq == o.n.sq {
				t.Fatalf("%s and %s are the same numbering", o.n.name, o2.n.name)
			}
		}
		if found != 1 {
			t.Fatalf("%s is not one of the board's eight symmetries", o.n.name)
		}
	}
	// The numbering that counts from h8 (a1 is the most significant bit)
	// is bits.Reverse64 on bitboards.
	for i := 0; i < 1000; i++ {
		x := rand.Uint64()
		if orientations[3].n.bitboard(x) != bits.Reverse64(x) {
			t.Fatalf("h8=0 is not bits.Reverse64 on %#x", x)
		}
	}
	for _, o := range orientations {
		if err := checkFixed(o.n); err != nil {
			t.Errorf("%s: %v", o.n.name, err)
		}
		if o.keepsRanks {
			if err := checkPawns(o.n, o.flipsRanks); err != nil {
				t.Errorf("%s: %v", o.n.name, err)
			}
		} else if checkPawns(o.n, false) == nil || checkPawns(o.n, true) == nil {
			// Pawns attack forward, along files: a numbering that
			// exchanges ranks and files has no Pawn of its own here.
			t.Errorf("%s: Pawn unexpectedly carries over", o.n.name)
		}
	}
	first := true
	eachKernel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(18, 3))
		for _, o := range orientations {
			if err := checkSliders(o.n, r, first); err != nil {
				t.Errorf("%s: %v", o.n.name, err)
			}
		}
		first = false
	})
}

// TestNonSymmetriesDetected runs the same checks on numberings that are not
// symmetries of the board: each must fail, for the sliders and for the
// fixed lookups, or the checks above could not fail either.
func TestNonSymmetriesDetected(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 4))
	for _, n := range nonSymmetries {
		if checkSliders(n, r, true) == nil {
			t.Errorf("%s: the slider check found no difference", n.name)
		}
		if checkFixed(n) == nil {
			t.Errorf("%s: the Knight/King/Between/Line check found no difference", n.name)
		}
	}
}

// boundaryPermutation is an arbitrary numbering of the bits (a fixed random
// permutation), no symmetry of the board: a library that numbers its bits
// this way converts at the boundary. BenchmarkBoundaryPermutation measures
// what that costs.
var boundaryPermutation = func() *numbering {
	var sq [64]uint8
	for i := range sq {
		sq[i] = uint8(i)
	}
	r := rand.New(rand.NewPCG(64, 64))
	r.Shuffle(64, func(i, j int) { sq[i], sq[j] = sq[j], sq[i] })
	return newPermutation("random permutation", sq)
}()

// TestSquareConversions checks README's two square conversions: a library
// whose square names count from a1 while its bits count from h8 calls
// Rook(63-sq, occ); a 0x88 square sq88 is bit (sq88+sq88&7)>>1.
func TestSquareConversions(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 5))
	for sq := 0; sq < 64; sq++ { // sq: the library's name, a1 = 0
		for i := 0; i < 100; i++ {
			occ := r.Uint64() & r.Uint64() // ours
			theirs := bits.Reverse64(occ)  // its bits: h8 = 0
			if got, want := Rook(63-sq, theirs), bits.Reverse64(Rook(sq, occ)); got != want {
				t.Fatalf("Rook(63-%d, its occupancy) = %#x, want %#x", sq, got, want)
			}
		}
	}
	for rank := 0; rank < 8; rank++ {
		for file := 0; file < 8; file++ {
			if sq88 := 16*rank + file; (sq88+sq88&7)>>1 != 8*rank+file {
				t.Fatalf("0x88 square %#x converts to %d, want %d", sq88, (sq88+sq88&7)>>1, 8*rank+file)
			}
		}
	}
}
