package attacks

import (
	"math/bits"
	"unsafe"
)

// The lookups, in pure Go. For a square sq and occupancy occ, the drop-in
// (Rook, Bishop, Queen) keys straight from the standard layout:
//
//	key = ((occ & mask) * magic >> shift) & keyMask  // shift: 52 rook, 55 bishop
//	i   = index[key]                                 // byte: the square's (or its group's) index table
//	att = attack[i]                                  // sq's own attack set, standard layout
//
// and the W lookups (RookW, Occupancy.Rook, ...) do the same from the
// occupancy in W layout, w = W(occ), with their own masks, magics and index
// tables: there every square of a symmetry class shares one index table.
// Both name the same attack sets with the same bytes, so they share the
// attack tables. The byte names the attack set in the class's canonical
// frame; each square's attack table maps it back to that square. With a
// constant shift and the key cut out of the bottom of the window by keyMask
// (magic.RookWindow), a lookup is a multiply, a shift, an AND and two
// dependent loads through pointers that fold into the addressing. Every key
// is at most keyMask and every byte of every index table names one of the
// square's attack sets (magic.Layout.Verify; TestTablesInBounds), so no
// occupancy can send a read outside the tables.

// param is one square's share of the tables: 40 bytes on 64-bit platforms.
type param struct {
	mask    uint64 // relevant occupancy, in the layout the key is taken from
	magic   uint64
	keyMask uint64  // 1<<(key bits) - 1
	index   *uint8  // the square's index table in stdIndexTable or indexTable
	attack  *uint64 // the square's attack sets in attackTable
}

// rookShift and bishopShift, the key windows as shifts, are in
// tables_gen.go: package magic decides them.

// lookup is the kernel, as one expression: the inliner charges for every
// statement, and Queen and QueenW must stay in its budget. occ is in the
// layout of p's keys.
func lookup(p *param, occ uint64, shift uint) uint64 {
	return *(*uint64)(unsafe.Add(unsafe.Pointer(p.attack), uint(*(*uint8)(unsafe.Add(unsafe.Pointer(p.index), (occ&p.mask)*p.magic>>shift&p.keyMask)))*8))
}

// rookStd, bishopStd and queenStd are the drop-in's lookups for sq, which
// must be in 0..63.
func rookStd(sq int, occ uint64) uint64   { return lookup(&rookStdParams[sq], occ, rookShift) }
func bishopStd(sq int, occ uint64) uint64 { return lookup(&bishopStdParams[sq], occ, bishopShift) }

// queenStd is queenLookup on the drop-in's parameters.
func queenStd(sq int, occ uint64) uint64 {
	return queenLookup(&rookStdParams[sq], &bishopStdParams[sq], occ)
}

// rookW, bishopW and queenW are the lookups for sq, which must be in 0..63.
func rookW(sq int, occW uint64) uint64   { return lookup(&rookParams[sq], occW, rookShift) }
func bishopW(sq int, occW uint64) uint64 { return lookup(&bishopParams[sq], occW, bishopShift) }

// queenW is queenLookup on the W lookups' parameters.
func queenW(sq int, occW uint64) uint64 { return queenLookup(&rookParams[sq], &bishopParams[sq], occW) }

// queenLookup is the rook and bishop lookups written out in one
// expression, 3 cheaper for the inliner than two calls of lookup:
// Occupancy.Queen needs the room.
func queenLookup(r, b *param, occ uint64) uint64 {
	return *(*uint64)(unsafe.Add(unsafe.Pointer(r.attack), uint(*(*uint8)(unsafe.Add(unsafe.Pointer(r.index), (occ&r.mask)*r.magic>>rookShift&r.keyMask)))*8)) |
		*(*uint64)(unsafe.Add(unsafe.Pointer(b.attack), uint(*(*uint8)(unsafe.Add(unsafe.Pointer(b.index), (occ&b.mask)*b.magic>>bishopShift&b.keyMask)))*8))
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
