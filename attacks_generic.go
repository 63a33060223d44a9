package attacks

import (
	"math/bits"
	"unsafe"
)

// The generic kernel, in pure Go: the reference every other kernel is
// checked against. For a square sq and occupancy occ:
//
//	w   = W(occ)                                      // permute to W layout
//	key = ((w & maskW) * magic >> window) & keyMask   // window: 52 rook, 55 bishop
//	i   = index[key]                                  // byte shared by sq's symmetry class
//	att = attack[i]                                   // sq's own attack set, standard layout
//
// The index table is shared by every square of a symmetry class: the byte
// names the attack set in the class's canonical frame, and each square's
// attack table maps it back to that square. The shift is a constant per
// piece and keyMask cuts the class's key out of the bottom of the window
// (magic.RookWindow), so a lookup is a multiply, a constant shift, an AND
// and two dependent loads through pointers that fold into the addressing:
// no shift count, no table base, no bounds check. Every key is at most
// keyMask, inside the class's table, and every byte of every index table
// names one of the square's attack sets (magic.Layout.Verify, and
// TestTablesInBounds here), so no occupancy can send a read outside them.

// param is one square's share of the tables: 40 bytes on 64-bit platforms.
type param struct {
	maskW   uint64 // relevant occupancy, W layout
	magic   uint64
	keyMask uint64  // 1<<(key bits) - 1
	index   *uint8  // the class's index table in indexTable
	attack  *uint64 // the square's attack sets in attackTable
}

// Key windows (magic.RookWindow, magic.BishopWindow) as shifts.
const (
	rookShift   = 64 - 12
	bishopShift = 64 - 9
)

// lookup is the kernel from W-layout occupancy. RookW, BishopW and QueenW
// spell it out in one expression each, which the inliner prices lower.
func lookup(p *param, occW uint64, shift uint) uint64 {
	key := (occW & p.maskW) * p.magic >> shift & p.keyMask
	i := *(*uint8)(unsafe.Add(unsafe.Pointer(p.index), key))
	return *(*uint64)(unsafe.Add(unsafe.Pointer(p.attack), uint(i)*8))
}

// The generic forms of every operation the kernels provide; the assembly
// kernels carry the same names with their suffix.

func rookGeneric(sq int, occ uint64) uint64 { return lookup(&rookParams[sq], toW(occ), rookShift) }

func bishopGeneric(sq int, occ uint64) uint64 {
	return lookup(&bishopParams[sq], toW(occ), bishopShift)
}

func queenGeneric(sq int, occ uint64) uint64 {
	w := toW(occ)
	return lookup(&rookParams[sq], w, rookShift) | lookup(&bishopParams[sq], w, bishopShift)
}

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
