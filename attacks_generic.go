package attacks

import (
	"math/bits"
	"unsafe"
)

// The lookups, in pure Go. For a square sq and occupancy occ, the drop-in
// (Rook, Bishop, Queen) keys straight from the standard layout:
//
//	key = (occ & mask) * magic >> shift  // shift: 52 rook, 55 bishop
//	i   = index[key]                     // byte: the square's (or its group's) index table
//	att = attack[i]                      // sq's own attack set, standard layout
//
// and the W lookups (RookW, Occupancy.Rook, ...) do the same from the
// occupancy in W layout, w = W(occ), with their own masks, magics and index
// tables: there every square of a symmetry class shares one index table.
// Both name the same attack sets with the same bytes, so they share the
// attack tables. The byte names the attack set in the class's canonical
// frame; each square's attack table maps it back to that square. The shift
// is a constant: the key is cut from the top of the product
// (magic.RookWindow), and every magic was searched to leave nothing above
// it (SearchOptions.NoJunk), so a lookup is a multiply, a shift and two
// dependent loads through pointers that fold into the addressing, with no
// key mask. Every key is inside its index table and every byte of every
// index table names one of the square's attack sets (magic.Layout.Verify;
// TestTablesInBounds), so no occupancy can send a read outside the tables.
// Each record takes 32 bytes on 64-bit platforms, so none straddles a cache
// line: a 40-byte one (two pointers and a 64-bit key mask) made perft
// slower (docs/BENCHMARKS.md, "The lookup cut down").

// param is one square's lookup (W or drop-in).
type param struct {
	mask   uint64 // relevant occupancy, in the layout the keys are taken from
	magic  uint64
	index  *uint8  // the square's (or its class's) index table in indexTable or stdIndexTable
	attack *uint64 // the square's attack sets in attackTable
}

// rookShift and bishopShift, the key windows as shifts, are in
// tables_gen.go: package magic decides them.

// lookup is the W kernel, as one expression: the inliner charges for every
// statement, and QueenW and Occupancy.Queen must stay in its budget. occ is
// in W layout.
func lookup(p *param, occ uint64, shift uint) uint64 {
	return *(*uint64)(unsafe.Add(unsafe.Pointer(p.attack), uint(*(*uint8)(unsafe.Add(unsafe.Pointer(p.index), (occ&p.mask)*p.magic>>shift)))*8))
}

// rookStd, bishopStd and queenStd are the drop-in's lookups for sq, which
// must be in 0..63: the W kernel on the standard layout's keys, which leave
// no junk above the key either (magic.Build).
func rookStd(sq int, occ uint64) uint64   { return lookup(&rookStdParams[sq], occ, rookShift) }
func bishopStd(sq int, occ uint64) uint64 { return lookup(&bishopStdParams[sq], occ, bishopShift) }

// queenStd is both drop-in lookups written out in one expression, cheaper
// for the inliner than two calls: Queen needs the room.
func queenStd(sq int, occ uint64) uint64 {
	r, b := &rookStdParams[sq], &bishopStdParams[sq]
	return *(*uint64)(unsafe.Add(unsafe.Pointer(r.attack), uint(*(*uint8)(unsafe.Add(unsafe.Pointer(r.index), (occ&r.mask)*r.magic>>rookShift)))*8)) |
		*(*uint64)(unsafe.Add(unsafe.Pointer(b.attack), uint(*(*uint8)(unsafe.Add(unsafe.Pointer(b.index), (occ&b.mask)*b.magic>>bishopShift)))*8))
}

// rookW, bishopW and queenW are the lookups for sq, which must be in 0..63.
func rookW(sq int, occW uint64) uint64   { return lookup(&rookParams[sq], occW, rookShift) }
func bishopW(sq int, occW uint64) uint64 { return lookup(&bishopParams[sq], occW, bishopShift) }

// queenW is both W lookups written out in one expression, as queenStd:
// Occupancy.Queen needs the room.
func queenW(sq int, occW uint64) uint64 {
	r, b := &rookParams[sq], &bishopParams[sq]
	return *(*uint64)(unsafe.Add(unsafe.Pointer(r.attack), uint(*(*uint8)(unsafe.Add(unsafe.Pointer(r.index), (occW&r.mask)*r.magic>>rookShift)))*8)) |
		*(*uint64)(unsafe.Add(unsafe.Pointer(b.attack), uint(*(*uint8)(unsafe.Add(unsafe.Pointer(b.index), (occW&b.mask)*b.magic>>bishopShift)))*8))
}

// The generic forms of the operations the kernels provide (the unions and
// toW); the assembly kernels carry the same names with their suffix.

func rookUnionGeneric(rooks, occ uint64) uint64 {
	return unionGeneric(&rookParams, rooks, toW(occ), rookShift)
}

func bishopUnionGeneric(bishops, occ uint64) uint64 {
	return unionGeneric(&bishopParams, bishops, toW(occ), bishopShift)
}

func unionGeneric(params *[64]param, pieces, occW uint64, shift uint) uint64 {
	var att uint64
	for ; pieces != 0; pieces &= pieces - 1 {
		att |= lookup(&params[bits.TrailingZeros64(pieces)&63], occW, shift)
	}
	return att
}

// toW permutes a standard bitboard to W layout, a byte at a time.
func toW(bb uint64) uint64 {
	return toWTable[0][uint8(bb)] | toWTable[1][uint8(bb>>8)] |
		toWTable[2][uint8(bb>>16)] | toWTable[3][uint8(bb>>24)] |
		toWTable[4][uint8(bb>>32)] | toWTable[5][uint8(bb>>40)] |
		toWTable[6][uint8(bb>>48)] | toWTable[7][uint8(bb>>56)]
}

// fromW is the inverse permute, bit by bit: it is not on any lookup's path.
func fromW(w uint64) uint64 {
	var bb uint64
	for ; w != 0; w &= w - 1 {
		bb |= 1 << fromWBit[bits.TrailingZeros64(w)&63]
	}
	return bb
}
