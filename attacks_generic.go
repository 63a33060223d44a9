package attacks

import "math/bits"

// The generic kernel, in pure Go: the reference every other kernel is
// checked against. For a square sq and occupancy occ:
//
//	w   = W(occ)                          // permute to W layout
//	key = ((w & maskW) * magic) >> shift  // per-square magic
//	i   = indexTable[index + key]         // byte shared by sq's symmetry class
//	att = attackTable[attack + i]         // sq's own attack set, standard layout
//
// The index table is shared by every square of a symmetry class: the byte
// names the attack set in the class's canonical frame, and each square's
// attack table maps it back to that square.

// param is one square's share of the tables, 24 bytes. The attack-table
// start and the shift share one word: fields narrower than 32 bits cost the
// compiler extra address arithmetic on every lookup.
type param struct {
	maskW       uint64 // relevant occupancy, W layout
	magic       uint64
	index       uint32 // start of the class's index table in indexTable
	attackShift uint32 // start of the square's attack sets in attackTable << 8 | (64 - key bits)
}

// lookup is the kernel from W-layout occupancy.
func lookup(p *param, occW uint64) uint64 {
	key := (occW & p.maskW) * p.magic >> (p.attackShift & 63)
	return attackTable[uint(p.attackShift>>8)+uint(indexTable[uint(p.index)+uint(key)])]
}

// The generic forms of every operation the kernels provide; the assembly
// kernels carry the same names with their suffix.

func rookGeneric(sq int, occ uint64) uint64   { return lookup(&rookParams[sq], toW(occ)) }
func bishopGeneric(sq int, occ uint64) uint64 { return lookup(&bishopParams[sq], toW(occ)) }

func queenGeneric(sq int, occ uint64) uint64 { return queenWGeneric(sq, toW(occ)) }

func queenWGeneric(sq int, occW uint64) uint64 {
	return lookup(&rookParams[sq], occW) | lookup(&bishopParams[sq], occW)
}

func rookUnionGeneric(rooks, occ uint64) uint64 { return unionGeneric(&rookParams, rooks, toW(occ)) }

func bishopUnionGeneric(bishops, occ uint64) uint64 {
	return unionGeneric(&bishopParams, bishops, toW(occ))
}

func unionGeneric(params *[64]param, pieces, occW uint64) uint64 {
	var att uint64
	for ; pieces != 0; pieces &= pieces - 1 {
		att |= lookup(&params[bits.TrailingZeros64(pieces)&63], occW)
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
