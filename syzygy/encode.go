package syzygy

import (
	"math/bits"

	"github.com/symmagic/attacks/movegen"
)

// squares is a position's pieces' squares in a subtable's index order.
type squares [maxPieces]int

// locate finds where b's value is stored in t: the stream, the index in
// it, the subtable (the leading pawn's file) and whether the side to move
// is the table's second side.
func (t *table) locate(b *board) (ei *encInfo, idx uint64, f int, side int) {
	e := t.e
	var flip bool
	if e.symmetric {
		// Either side is the table's white: the side to move is.
		flip = b.side == movegen.Black
	} else {
		flip = b.key != e.key
		if (b.side == movegen.White) == flip {
			side = 1
		}
	}
	var sq squares
	if !e.hasPawns {
		ei = &t.ei[0]
		if t.kind == wdlKind && side == 1 {
			ei = &t.ei[1]
		}
		fill(b, ei, &sq, 0, e.pieces, flip, 0)
		return ei, encodePieces(&sq, ei, e), 0, side
	}
	mirror := 0
	if flip {
		mirror = 0x38 // the sides exchanged: ranks too
	}
	// The leading pawns first; the one first in flap's order leads and
	// picks the subtable.
	k := int(e.pawns[0])
	fill(b, &t.ei[0], &sq, 0, k, flip, mirror)
	for i := 1; i < k; i++ {
		if flap[sq[0]] > flap[sq[i]] {
			sq[0], sq[i] = sq[i], sq[0]
		}
	}
	f = sq[0] & 7
	if f > 3 {
		f = 7 - f
	}
	ei = &t.ei[f]
	if t.kind == wdlKind && side == 1 {
		ei = &t.ei[f+4]
	}
	fill(b, ei, &sq, k, e.pieces, flip, mirror)
	return ei, encodePawns(&sq, ei, e), f, side
}

// fill puts the squares of b's pieces of ei's list from the i-th to
// before the end-th into sq, each group's in ascending order; flip exchanges the colours, and
// mirror is xored into each square. b's material is the table's (the
// lookup found the table by it), so each group has as many pieces on the
// board as the list names.
func fill(b *board, ei *encInfo, sq *squares, i, end int, flip bool, mirror int) {
	end = min(end, len(sq))
	for i < end {
		pc := ei.pieces[i]
		c := movegen.Color(pc >> 3)
		if flip {
			c ^= 1
		}
		bb := b.pieces(c, movegen.PieceType(pc&7))
		if bb == 0 {
			return // not reached: see above
		}
		for ; bb != 0 && i < end; bb &= bb - 1 {
			sq[i] = bits.TrailingZeros64(bb) ^ mirror
			i++
		}
	}
}

// encodePieces returns the index of the squares sq in a pawnless
// subtable: the leading group (the kings, or three pieces each alone of
// its kind) placed by the board's eight symmetries onto the a1-d1-d4
// triangle, then each group of like pieces as a subset of the squares
// left.
func encodePieces(sq *squares, ei *encInfo, e *entry) uint64 {
	n := e.pieces
	if sq[0]&4 != 0 { // files e-h: mirror the files
		for i := 0; i < n; i++ {
			sq[i] ^= 7
		}
	}
	if sq[0]&0x20 != 0 { // ranks 5-8: mirror the ranks
		for i := 0; i < n; i++ {
			sq[i] ^= 0x38
		}
	}
	lead := 3
	if e.kkEnc {
		lead = 2
	}
	// The first of the leading pieces off the diagonal goes above it.
	for i := 0; i < lead; i++ {
		if d := offDiag[sq[i]]; d != 0 {
			if d > 0 {
				for j := 0; j < n; j++ {
					sq[j] = (sq[j]&7)<<3 | sq[j]>>3
				}
			}
			break
		}
	}
	var idx uint64
	if e.kkEnc {
		idx = uint64(kkIdx[triangle[sq[0]]][sq[1]])
	} else {
		s1 := b2i(sq[1] > sq[0])
		s2 := b2i(sq[2] > sq[0]) + b2i(sq[2] > sq[1])
		switch {
		case offDiag[sq[0]] != 0:
			idx = uint64(int(triangle[sq[0]])*63*62 + (sq[1]-s1)*62 + sq[2] - s2)
		case offDiag[sq[1]] != 0:
			idx = uint64(6*63*62 + int(diag[sq[0]])*28*62 + int(lower[sq[1]])*62 + sq[2] - s2)
		case offDiag[sq[2]] != 0:
			idx = uint64(6*63*62 + 4*28*62 + int(diag[sq[0]])*7*28 + (int(diag[sq[1]])-s1)*28 + int(lower[sq[2]]))
		default:
			idx = uint64(6*63*62 + 4*28*62 + 4*7*28 + int(diag[sq[0]])*7*6 + (int(diag[sq[1]])-s1)*6 + int(diag[sq[2]]) - s2)
		}
	}
	return idx*ei.factor[0] + encodeGroups(sq, ei, lead, n)
}

// encodePawns returns the index of the squares sq, the leading pawn first,
// in a subtable with pawns: the leading pawns, the other side's pawns (a
// subset of the 48 pawn squares less the leading pawns'), then the other
// groups.
func encodePawns(sq *squares, ei *encInfo, e *entry) uint64 {
	n := e.pieces
	if sq[0]&4 != 0 {
		for i := 0; i < n; i++ {
			sq[i] ^= 7
		}
	}
	k := int(e.pawns[0])
	// The other leading pawns, in pawnTwist's order, highest first.
	for i := 1; i < k; i++ {
		for j := i + 1; j < k; j++ {
			if pawnTwist[sq[i]] < pawnTwist[sq[j]] {
				sq[i], sq[j] = sq[j], sq[i]
			}
		}
	}
	idx := pawnIdx[k-1][flap[sq[0]]]
	for i := 1; i < k; i++ {
		idx += binomial[k-i][pawnTwist[sq[i]]]
	}
	idx *= ei.factor[0]
	if m := int(e.pawns[1]); m > 0 {
		t := k + m
		sortSquares(sq[k:t])
		var s uint64
		for i := k; i < t; i++ {
			skips := 0
			for j := 0; j < k; j++ {
				skips += b2i(sq[i] > sq[j])
			}
			s += binomial[i-k+1][sq[i]-skips-8]
		}
		idx += s * ei.factor[k]
		k = t
	}
	return idx + encodeGroups(sq, ei, k, n)
}

// encodeGroups returns the index part of the groups of like pieces from
// the k-th square on: each group a subset of the squares not taken by the
// pieces before it.
func encodeGroups(sq *squares, ei *encInfo, k, n int) uint64 {
	var idx uint64
	for k < n {
		t := k + int(ei.norm[k])
		if t <= k || t > n {
			return idx // not reached: the groups are checked when parsed
		}
		sortSquares(sq[k:t])
		var s uint64
		for i := k; i < t; i++ {
			skips := 0
			for j := 0; j < k; j++ {
				skips += b2i(sq[i] > sq[j])
			}
			s += binomial[i-k+1][sq[i]-skips]
		}
		idx += s * ei.factor[k]
		k = t
	}
	return idx
}

// sortSquares sorts a few squares in place (insertion sort: at most 5).
func sortSquares(s []int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
