// Package ref holds the sliding-attack techniques the benchmarks compare this
// package with, written here from their public descriptions. Each is checked
// exhaustively against the ray-walking reference of package magic.
package ref

import "github.com/symmagic/attacks/magic"

// Fancy magic, Stockfish style (magic.NewFancy): per square a mask, a
// magic, a shift and a slice of one shared attack array, indexed by
// ((occ & mask) * magic) >> shift in standard layout. The tables are built
// at package init with a fixed seed.
// They are copied into arrays so that a lookup indexes a static address, as
// Stockfish's does, with no pointer to load first.
var fancyRook, fancyBishop [64]magic.FancyEntry

func init() {
	r, b := magic.NewFancy(7)
	fancyRook, fancyBishop = *r, *b
}

// FancyBytes is the size of fancy magic's attack tables.
const FancyBytes = (102400 + 5248) * 8

// FancyRook is the fancy-magic rook lookup; sq must be in 0..63.
func FancyRook(sq int, occ uint64) uint64 {
	e := &fancyRook[sq&63]
	return e.Attacks[((occ&e.Mask)*e.Magic)>>(e.Shift&63)]
}

// FancyBishop is the fancy-magic bishop lookup; sq must be in 0..63.
func FancyBishop(sq int, occ uint64) uint64 {
	e := &fancyBishop[sq&63]
	return e.Attacks[((occ&e.Mask)*e.Magic)>>(e.Shift&63)]
}
