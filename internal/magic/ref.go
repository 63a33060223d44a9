package magic

import "slices"

// Piece is a sliding piece: Rook or Bishop.
type Piece uint8

const (
	Rook Piece = iota
	Bishop
)

func (p Piece) String() string {
	if p == Rook {
		return "rook"
	}
	return "bishop"
}

var directions = [2][4][2]int{
	Rook:   {{1, 0}, {-1, 0}, {0, 1}, {0, -1}},
	Bishop: {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}},
}

// Attacks is the ray-walking reference: the squares a piece on sq attacks
// when the squares of occ are occupied. Every kernel is checked against it.
func Attacks(p Piece, sq int, occ uint64) uint64 {
	var att uint64
	for _, d := range directions[p] {
		f, r := sq%8+d[0], sq/8+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			b := uint64(1) << (f + 8*r)
			att |= b
			if occ&b != 0 {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return att
}

// Mask is the relevant occupancy of a piece on sq: the squares whose
// occupancy can change its attacks (each ray without its last square).
func Mask(p Piece, sq int) uint64 {
	var m uint64
	for _, d := range directions[p] {
		f, r := sq%8+d[0], sq/8+d[1]
		for f+d[0] >= 0 && f+d[0] < 8 && r+d[1] >= 0 && r+d[1] < 8 {
			m |= 1 << (f + 8*r)
			f, r = f+d[0], r+d[1]
		}
	}
	return m
}

// Subsets returns every subset of mask in carry-rippler order (0 first).
func Subsets(mask uint64) []uint64 {
	out := make([]uint64, 0, 1<<onesCount(mask))
	for x := uint64(0); ; x = (x - mask) & mask {
		out = append(out, x)
		if x == mask {
			return out
		}
	}
}

// AttackSets returns the distinct attack sets of a piece on sq, sorted
// ascending: the deterministic list the canonical byte indexes.
func AttackSets(p Piece, sq int) []uint64 {
	var sets []uint64
	for _, x := range Subsets(Mask(p, sq)) {
		sets = append(sets, Attacks(p, sq, x))
	}
	slices.Sort(sets)
	return slices.Compact(sets)
}
