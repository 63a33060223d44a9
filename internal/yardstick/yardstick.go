// Package yardstick holds the lookups of the field's sliding-attack
// techniques that the benchmarks measure this module against: fancy, plain
// and black magic, hyperbola quintessence and kindergarten bitboards, as
// engines write them. Their tables are declared here and filled by the
// bench module (bench/ref builds and checks them at its init); nothing else
// fills or calls them, and a program that imports only the public packages
// links none of them.
//
// They live in the library's module, internal to it, for one reason: the
// move generator (internal/board) is generic over its slider lookups, and
// Go inlines a lookup into a generic function's copy only when the function
// names it (a method on a type parameter is an indirect call). So every
// lookup the benchmarks compare has to be nameable where the generator is,
// and bench/perft then runs the very generator the public package runs,
// with each technique in a compiled copy of its own.
package yardstick

import "math/bits"

// FancyEntry is one square of fancy magic (Stockfish's until 2026): its
// attacks are Attacks[((occ & Mask) * Magic) >> Shift], Attacks a slice of
// one array shared by all squares, as wide as the square's mask.
type FancyEntry struct {
	Mask, Magic uint64
	Attacks     []uint64
	Shift       uint
}

// PlainEntry is one square of plain magic: a fixed key width for every
// square, 12 bits for rooks and 9 for bishops, so every square's table has
// the same size.
type PlainEntry struct{ Mask, Magic uint64 }

// BlackEntry is one square of black magic: fixed key widths like plain
// magic, the key taken from occ | NotMask, and every square's table at an
// offset in one array, in the other squares' holes (stored two's complement
// when negative: the unsigned sum wraps to the right entry).
type BlackEntry struct{ NotMask, Magic, Offset uint64 }

// BlackCapacity bounds black magic's overlapping tables, rooks then
// bishops: bench/ref's packing fills 119,619 entries of it.
const BlackCapacity = 1 << 17

// Lines is a square's two diagonals, without the square.
type Lines struct{ Diag, Anti uint64 }

// The tables, empty until the bench module fills them: arrays, not slices,
// so that a lookup indexes a static address, as engines' tables do.
var (
	FancyRooks, FancyBishops [64]FancyEntry

	PlainRooks, PlainBishops [64]PlainEntry
	PlainRookTable           [64][4096]uint64
	PlainBishopTable         [64][512]uint64

	BlackRooks, BlackBishops [64]BlackEntry
	BlackTable               [BlackCapacity]uint64

	// HyperbolaRank is the first-rank attacks by file and inner occupancy
	// (files b..g), 512 bytes; HyperbolaLines each square's diagonals.
	HyperbolaRank  [8][64]uint8
	HyperbolaLines [64]Lines

	// KindergartenFillUp is the first-rank attacks by file and inner
	// occupancy, copied to every rank; KindergartenAFile the a-file attacks
	// by rank and inner occupancy of ranks 2..7, in the order the multiply
	// stacks them; KindergartenDiag each square's diagonals.
	KindergartenFillUp, KindergartenAFile [8][64]uint64
	KindergartenDiag                      [64]Lines
)

// Masks and multipliers of the kindergarten and hyperbola lookups.
const (
	AFile    = 0x0101010101010101
	BFile    = 0x0202020202020202
	DiagC7H2 = 0x0004081020408000 // stacks a2..a7 on rank 8, in rank order
)

// FancyRook is fancy magic's rook lookup; sq & 63 is read.
func FancyRook(sq int, occ uint64) uint64 {
	e := &FancyRooks[sq&63]
	return e.Attacks[((occ&e.Mask)*e.Magic)>>(e.Shift&63)]
}

// FancyBishop is fancy magic's bishop lookup; sq & 63 is read.
func FancyBishop(sq int, occ uint64) uint64 {
	e := &FancyBishops[sq&63]
	return e.Attacks[((occ&e.Mask)*e.Magic)>>(e.Shift&63)]
}

// PlainRook is plain magic's rook lookup; sq is taken mod 64.
func PlainRook(sq int, occ uint64) uint64 {
	sq &= 63
	e := &PlainRooks[sq]
	return PlainRookTable[sq][((occ&e.Mask)*e.Magic)>>52]
}

// PlainBishop is plain magic's bishop lookup; sq is taken mod 64.
func PlainBishop(sq int, occ uint64) uint64 {
	sq &= 63
	e := &PlainBishops[sq]
	return PlainBishopTable[sq][((occ&e.Mask)*e.Magic)>>55]
}

// BlackRook is black magic's rook lookup; sq is taken mod 64.
func BlackRook(sq int, occ uint64) uint64 {
	e := &BlackRooks[sq&63]
	return BlackTable[e.Offset+((occ|e.NotMask)*e.Magic)>>52]
}

// BlackBishop is black magic's bishop lookup; sq is taken mod 64.
func BlackBishop(sq int, occ uint64) uint64 {
	e := &BlackBishops[sq&63]
	return BlackTable[e.Offset+((occ|e.NotMask)*e.Magic)>>55]
}

// HyperbolaLine is the attacks of the slider s along the line mask (without
// s): on a line through the slider, o - s borrows from the slider's bit up
// to the first blocker above it; the same on the byte-reversed board (a
// vertical flip, which reverses any line with one square per rank) covers
// the blockers below.
func HyperbolaLine(s, occ, mask uint64) uint64 {
	o := occ & mask
	forward := o - s
	reverse := bits.ReverseBytes64(bits.ReverseBytes64(o) - bits.ReverseBytes64(s))
	return (forward ^ reverse) & mask
}

// HyperbolaRook is hyperbola quintessence's rook lookup (the rank from a
// table); sq is taken mod 64.
func HyperbolaRook(sq int, occ uint64) uint64 {
	s := uint64(1) << (sq & 63)
	f, r := sq&7, sq&56
	return HyperbolaLine(s, occ, AFile<<f^s) | uint64(HyperbolaRank[f][(occ>>(r+1))&63])<<r
}

// HyperbolaBishop is hyperbola quintessence's bishop lookup; sq is taken
// mod 64. It is HyperbolaLine twice, written out to share the slider's
// reversal: two calls cost more than the inliner's budget of 80.
func HyperbolaBishop(sq int, occ uint64) uint64 {
	sq &= 63
	s := uint64(1) << sq
	l := &HyperbolaLines[sq]
	rs := bits.ReverseBytes64(s)
	d, a := occ&l.Diag, occ&l.Anti
	rd := bits.ReverseBytes64(bits.ReverseBytes64(d) - rs)
	ra := bits.ReverseBytes64(bits.ReverseBytes64(a) - rs)
	return ((d-s)^rd)&l.Diag | ((a-s)^ra)&l.Anti
}

// KindergartenRook is the kindergarten rook lookup; sq is taken mod 64.
func KindergartenRook(sq int, occ uint64) uint64 {
	sq &= 63
	f, r := sq&7, sq&^7
	rank := KindergartenFillUp[f][(occ>>(r+1))&63] & (0xff << r)
	file := KindergartenAFile[r>>3][((occ>>f)&AFile)*DiagC7H2>>58] << f
	return rank | file
}

// KindergartenBishop is the kindergarten bishop lookup; sq is taken mod 64.
func KindergartenBishop(sq int, occ uint64) uint64 {
	sq &= 63
	l := &KindergartenDiag[sq]
	f := sq & 7
	return KindergartenFillUp[f][(occ&l.Diag)*BFile>>58]&l.Diag | KindergartenFillUp[f][(occ&l.Anti)*BFile>>58]&l.Anti
}
