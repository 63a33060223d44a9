package ref

import (
	"math/bits"
	"unsafe"
)

// The yardsticks: the lookups of the field's techniques that bench/perft
// runs as slider modes of the move generator beside the package's own,
// fancy, plain and black magic, hyperbola quintessence and kindergarten
// bitboards. Each is written as its fastest public implementation writes
// it, under the rules the package's own lookups follow: static tables,
// records laid out as that implementation lays them out, no bounds check
// and no call (TestCompiledLookups in bench/perft reads the compiled code
// of every mode's copy of the generator). Every table is built at init
// (tables.go) and checked exhaustively (ref_test.go), which is what
// proves the unchecked reads stay inside their tables: every key of every
// subset of every mask is one the build filled.

// fancyEntry is one square of fancy magic as Stockfish writes it (its
// Magic struct, until 2026): the mask, the magic, a pointer to the
// square's attacks in one array shared by all squares, and the shift,
// padded to 32 bytes. Its attacks are attacks[((occ & mask) * magic) >>
// shift].
type fancyEntry struct {
	mask, magic uint64
	attacks     *uint64
	shift       uint64
}

// plainEntry is one square of plain magic: a fixed key width for every
// square, 12 bits for rooks and 9 for bishops, so every square's table has
// the same size and sits at a fixed place: plainRookTable[sq][key].
type plainEntry struct{ mask, magic uint64 }

// blackEntry is one square of black magic: fixed key widths like plain
// magic, the key taken from occ | notMask, and every square's table at an
// offset in one array, in the other squares' holes (stored two's complement
// when negative: the unsigned sum wraps to the right entry). 24 bytes, as
// published implementations have it.
type blackEntry struct{ notMask, magic, offset uint64 }

// lines is a square's two diagonals, without the square.
type lines struct{ diag, anti uint64 }

// The tables, filled at init: arrays, so that a lookup indexes a static
// address, as engines' tables do.
var (
	fancyRooks, fancyBishops [64]fancyEntry
	fancyTable               [fancyEntries]uint64

	plainRooks, plainBishops [64]plainEntry
	plainRookTable           [64][4096]uint64
	plainBishopTable         [64][512]uint64

	blackRooks, blackBishops [64]blackEntry
	blackTable               [blackRookEntries + blackBishopEntries]uint64

	// hyperbolaRank is the first-rank attacks by file and inner occupancy
	// (files b..g), 512 bytes; hyperbolaLines each square's diagonals.
	hyperbolaRank  [8][64]uint8
	hyperbolaLines [64]lines

	// kindergartenFillUp is the first-rank attacks by file and inner
	// occupancy, copied to every rank; kindergartenAFile the a-file attacks
	// by rank and inner occupancy of ranks 2..7, in the order the multiply
	// stacks them; kindergartenDiag each square's diagonals.
	kindergartenFillUp, kindergartenAFile [8][64]uint64
	kindergartenDiag                      [64]lines
)

// fancyEntries is fancy magic's attack array: 102,400 rook and 5,248 bishop
// entries, each square's as wide as its mask.
const fancyEntries = 102400 + 5248

// Masks and multipliers of the kindergarten and hyperbola lookups.
const (
	aFile    = 0x0101010101010101
	bFile    = 0x0202020202020202
	diagC7H2 = 0x0004081020408000 // stacks a2..a7 on rank 8, in rank order
)

// FancyRook is fancy magic's rook lookup; sq & 63 is read.
func FancyRook(sq int, occ uint64) uint64 {
	e := &fancyRooks[sq&63]
	return *(*uint64)(unsafe.Add(unsafe.Pointer(e.attacks), ((occ&e.mask)*e.magic>>(e.shift&63))*8))
}

// FancyBishop is fancy magic's bishop lookup; sq & 63 is read.
func FancyBishop(sq int, occ uint64) uint64 {
	e := &fancyBishops[sq&63]
	return *(*uint64)(unsafe.Add(unsafe.Pointer(e.attacks), ((occ&e.mask)*e.magic>>(e.shift&63))*8))
}

// fancyMaskRooks and fancyMaskBishops are fancy magic's records with a key
// mask in the shift's word (shift | keyMask<<32), for the variant that adds
// the drop-in's AND to fancy magic (bench/perft's fancymask mode: what the
// drop-in's rook key mask costs, measured on fancy magic).
var fancyMaskRooks, fancyMaskBishops [64]fancyEntry

func initFancyMask() {
	for sq := range 64 {
		for _, t := range []struct{ from, to *fancyEntry }{{&fancyRooks[sq], &fancyMaskRooks[sq]}, {&fancyBishops[sq], &fancyMaskBishops[sq]}} {
			*t.to = *t.from
			t.to.shift |= (1<<(64-t.from.shift) - 1) << 32
		}
	}
}

// FancyMaskRook is FancyRook with its key ANDed with a mask from the
// record, as the drop-in's rook keys are: a variant, not a technique.
func FancyMaskRook(sq int, occ uint64) uint64 {
	e := &fancyMaskRooks[sq&63]
	return *(*uint64)(unsafe.Add(unsafe.Pointer(e.attacks), ((occ&e.mask)*e.magic>>(e.shift&63)&(e.shift>>32))*8))
}

// FancyMaskBishop is FancyBishop with its key masked.
func FancyMaskBishop(sq int, occ uint64) uint64 {
	e := &fancyMaskBishops[sq&63]
	return *(*uint64)(unsafe.Add(unsafe.Pointer(e.attacks), ((occ&e.mask)*e.magic>>(e.shift&63)&(e.shift>>32))*8))
}

// PlainRook is plain magic's rook lookup; sq & 63 is read. The key, the
// product's top 12 bits, is inside the square's 4,096 entries by
// construction: the compiler needs no check to know it.
func PlainRook(sq int, occ uint64) uint64 {
	sq &= 63
	e := &plainRooks[sq]
	return plainRookTable[sq][((occ&e.mask)*e.magic)>>52]
}

// PlainBishop is plain magic's bishop lookup; sq & 63 is read.
func PlainBishop(sq int, occ uint64) uint64 {
	sq &= 63
	e := &plainBishops[sq]
	return plainBishopTable[sq][((occ&e.mask)*e.magic)>>55]
}

// BlackRook is black magic's rook lookup; sq & 63 is read.
func BlackRook(sq int, occ uint64) uint64 {
	e := &blackRooks[sq&63]
	return *(*uint64)(unsafe.Add(unsafe.Pointer(&blackTable), (e.offset+((occ|e.notMask)*e.magic)>>52)*8))
}

// BlackBishop is black magic's bishop lookup; sq & 63 is read.
func BlackBishop(sq int, occ uint64) uint64 {
	e := &blackBishops[sq&63]
	return *(*uint64)(unsafe.Add(unsafe.Pointer(&blackTable), (e.offset+((occ|e.notMask)*e.magic)>>55)*8))
}

// HyperbolaRook is hyperbola quintessence's rook lookup; sq & 63 is read.
// Along the file, o - s borrows from the slider's bit up to the first
// blocker above it; the same on the byte-reversed board (a vertical flip,
// which reverses any line with one square per rank) covers the blockers
// below, and the XOR of the two is the file's attacks. The rank's come
// from a table. Written out in one expression, it fits the inliner's
// budget with room for a caller's wrapper.
func HyperbolaRook(sq int, occ uint64) uint64 {
	s := uint64(1) << (sq & 63)
	file := aFile<<(sq&7) ^ s
	o := occ & file
	return ((o-s)^bits.ReverseBytes64(bits.ReverseBytes64(o)-bits.ReverseBytes64(s)))&file |
		uint64(hyperbolaRank[sq&7][occ>>(sq&56+1)&63])<<(sq&56)
}

// HyperbolaBishop is hyperbola quintessence's bishop lookup; sq & 63 is
// read: HyperbolaRook's file step on each diagonal, sharing the slider's
// reversal.
func HyperbolaBishop(sq int, occ uint64) uint64 {
	l := &hyperbolaLines[sq&63]
	s := uint64(1) << (sq & 63)
	rs := bits.ReverseBytes64(s)
	d, a := occ&l.diag, occ&l.anti
	return ((d-s)^bits.ReverseBytes64(bits.ReverseBytes64(d)-rs))&l.diag |
		((a-s)^bits.ReverseBytes64(bits.ReverseBytes64(a)-rs))&l.anti
}

// KindergartenRook is the kindergarten rook lookup; sq & 63 is read.
func KindergartenRook(sq int, occ uint64) uint64 {
	sq &= 63
	f, r := sq&7, sq&^7
	rank := kindergartenFillUp[f][(occ>>(r+1))&63] & (0xff << r)
	file := kindergartenAFile[r>>3][((occ>>f)&aFile)*diagC7H2>>58] << f
	return rank | file
}

// KindergartenBishop is the kindergarten bishop lookup; sq & 63 is read.
func KindergartenBishop(sq int, occ uint64) uint64 {
	sq &= 63
	l := &kindergartenDiag[sq]
	f := sq & 7
	return kindergartenFillUp[f][(occ&l.diag)*bFile>>58]&l.diag | kindergartenFillUp[f][(occ&l.anti)*bFile>>58]&l.anti
}
