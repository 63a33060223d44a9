package ref

import (
	"fmt"
	"math/bits"
	"slices"
	"unsafe"
)

// Per-square byte lookup: this library's two-level scheme without its
// symmetry sharing. Each square has its own index table of 2^bits bytes,
// keyed by a standard-layout magic as wide as the mask, whose byte is the
// position of the attack set in the square's sorted list of distinct sets;
// then the square's own attack table. No permute, so the lookup is
// attacks.RookW's, but the index tables take fancy magic's entry count in
// bytes: 107,648, against the library's 30,720 shared.

// byteEntry is attacks' param: the attack-table start and the shift share one
// word, as there.
type byteEntry struct {
	mask, magic uint64
	index       uint32 // start of the square's index table in squareByteIndex
	attackShift uint32 // start of the square's attack sets in squareByteAttacks << 8 | (64 - key bits)
}

// squareByteSets is the number of distinct attack sets over all squares,
// rooks then bishops (the same as the library's attack tables).
const squareByteSets = 4900 + 1428

var (
	squareByteRook, squareByteBishop [64]byteEntry
	squareByteIndex                  [102400 + 5248]uint8
	squareByteAttacks                [squareByteSets]uint64
)

// SquareByteRook is the per-square byte rook lookup; sq is taken mod 64.
func SquareByteRook(sq int, occ uint64) uint64 { return squareByte(&squareByteRook[sq&63], occ) }

// SquareByteBishop is the per-square byte bishop lookup; sq is taken mod 64.
func SquareByteBishop(sq int, occ uint64) uint64 { return squareByte(&squareByteBishop[sq&63], occ) }

// squareByte reads both tables without a bounds check, as the package's
// own lookups do: every key of every subset of the square's mask lies in
// its index table and names one of its sets (initSquareByte fills them all,
// TestTechniques reads them all).
func squareByte(e *byteEntry, occ uint64) uint64 {
	key := (occ & e.mask) * e.magic >> (e.attackShift & 63)
	i := *(*uint8)(unsafe.Add(unsafe.Pointer(&squareByteIndex), uint(e.index)+uint(key)))
	return *(*uint64)(unsafe.Add(unsafe.Pointer(&squareByteAttacks), (uint(e.attackShift>>8)+uint(i))*8))
}

func initSquareByte(rooks, bishops *[64]squareSets) {
	index, attack := 0, 0
	for _, piece := range []struct {
		name    string
		entries *[64]byteEntry
		sets    *[64]squareSets
		magics  *[64]uint64
	}{{"square-byte rook", &squareByteRook, rooks, &squareByteRookMagic}, {"square-byte bishop", &squareByteBishop, bishops, &squareByteBishopMagic}} {
		for sq := range 64 {
			s := &piece.sets[sq]
			n := bits.OnesCount64(s.mask)
			sets := s.distinct()
			e := &piece.entries[sq]
			*e = byteEntry{s.mask, piece.magics[sq], uint32(index), uint32(attack)<<8 | uint32(64-n)}
			copy(squareByteAttacks[attack:], sets)
			// The byte of a key is found through a scratch table of attack
			// sets, which fillKeyed checks for collisions.
			scratch := make([]uint64, 1<<n)
			fillKeyed(piece.name, sq, s, scratch, func(o uint64) uint64 { return (o * e.magic) >> (64 - n) })
			for k, a := range scratch {
				if a != 0 {
					i, _ := slices.BinarySearch(sets, a)
					squareByteIndex[index+k] = uint8(i)
				}
			}
			index += 1 << n
			attack += len(sets)
		}
	}
	if index != len(squareByteIndex) || attack != len(squareByteAttacks) {
		panic(fmt.Sprintf("ref: square-byte tables fill %d index bytes and %d sets", index, attack))
	}
}
