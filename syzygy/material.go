package syzygy

import (
	"math/bits"
	"strings"

	"github.com/symmagic/attacks/movegen"
)

// material counts the pieces of each side but the kings, four bits a
// count: bits 4*(t-1) for white's pieces of type t (Pawn to Queen), 20 more
// for black's. It names a table in one orientation.
type material uint64

const blackShift = 20

// mirror returns the material with the sides exchanged.
func (m material) mirror() material {
	return m>>blackShift | (m&(1<<blackShift-1))<<blackShift
}

// count returns the number of side c's pieces of type t (Pawn to Queen).
func (m material) count(c movegen.Color, t movegen.PieceType) int {
	return int(m>>(uint(c)*blackShift+4*uint(t-1))) & 15
}

// positionMaterial returns p's material and number of pieces, kings
// included.
func positionMaterial(p *movegen.Position) (material, int) {
	w, b := p.ByColor(movegen.White), p.ByColor(movegen.Black)
	pw, n, bi := p.ByType(movegen.Pawn), p.ByType(movegen.Knight), p.ByType(movegen.Bishop)
	r, q := p.ByType(movegen.Rook), p.ByType(movegen.Queen)
	m := material(bits.OnesCount64(pw&w)) | material(bits.OnesCount64(n&w))<<4 |
		material(bits.OnesCount64(bi&w))<<8 | material(bits.OnesCount64(r&w))<<12 |
		material(bits.OnesCount64(q&w))<<16 |
		material(bits.OnesCount64(pw&b))<<20 | material(bits.OnesCount64(n&b))<<24 |
		material(bits.OnesCount64(bi&b))<<28 | material(bits.OnesCount64(r&b))<<32 |
		material(bits.OnesCount64(q&b))<<36
	return m, bits.OnesCount64(w | b)
}

// pieceLetters are the tables' names' letters, by type, in the order the
// names list them: queen first.
const pieceLetters = "QRBNP"

func letterType(b byte) movegen.PieceType {
	switch b {
	case 'P':
		return movegen.Pawn
	case 'N':
		return movegen.Knight
	case 'B':
		return movegen.Bishop
	case 'R':
		return movegen.Rook
	case 'Q':
		return movegen.Queen
	}
	return movegen.NoPieceType
}

// parseName returns the material a table's name ("KRPvKR") gives, white as
// its left side, and whether the name is one the tables' generator writes:
// each side a king and its other pieces in the order QRBNP, 3 to 7 pieces
// in all, the side with more pieces first, or with as many the side whose
// pieces come first in that order (KRvKN, not KNvKR; KQvKQ).
func parseName(name string) (material, bool) {
	w, b, ok := strings.Cut(name, "v")
	if !ok || len(w) == 0 || len(b) == 0 || w[0] != 'K' || b[0] != 'K' {
		return 0, false
	}
	w, b = w[1:], b[1:]
	if n := len(w) + len(b) + 2; n < 3 || n > 7 {
		return 0, false
	}
	var m material
	var rank [2][]int
	for side, s := range [2]string{w, b} {
		for i := 0; i < len(s); i++ {
			r := strings.IndexByte(pieceLetters, s[i])
			if r < 0 || (i > 0 && r < rank[side][i-1]) {
				return 0, false
			}
			rank[side] = append(rank[side], r)
			m += 1 << (uint(side)*blackShift + 4*uint(letterType(s[i])-1))
		}
	}
	if len(w) < len(b) {
		return 0, false
	}
	if len(w) == len(b) {
		for i := range rank[0] {
			if rank[0][i] != rank[1][i] {
				if rank[0][i] > rank[1][i] {
					return 0, false
				}
				break
			}
		}
	}
	return m, true
}

// materialName returns the table name of m as it stands, white first:
// "KRPvKR" (for a mirrored material, "KRvKRP").
func materialName(m material) string {
	var s []byte
	for c := movegen.White; c <= movegen.Black; c++ {
		if c == movegen.Black {
			s = append(s, 'v')
		}
		s = append(s, 'K')
		for _, l := range []byte(pieceLetters) {
			for i := m.count(c, letterType(l)); i > 0; i-- {
				s = append(s, l)
			}
		}
	}
	return string(s)
}

// tableName returns the name of m's table: m's name in the orientation the
// generator writes.
func tableName(m material) string {
	if name := materialName(m); validName(name) {
		return name
	}
	return materialName(m.mirror())
}

func validName(name string) bool {
	_, ok := parseName(name)
	return ok
}

func newEntry(name string, key material) *entry {
	e := &entry{name: name, key: key, symmetric: key == key.mirror()}
	unique := 2 // the kings
	for c := movegen.White; c <= movegen.Black; c++ {
		for t := movegen.Pawn; t <= movegen.Queen; t++ {
			n := key.count(c, t)
			e.pieces += n
			if n == 1 {
				unique++
			}
		}
	}
	e.pieces += 2
	wp, bp := key.count(movegen.White, movegen.Pawn), key.count(movegen.Black, movegen.Pawn)
	e.hasPawns = wp+bp > 0
	if !e.hasPawns {
		e.kkEnc = unique == 2
	} else {
		e.pawns = [2]uint8{uint8(wp), uint8(bp)}
		if bp > 0 && (wp == 0 || wp > bp) {
			e.pawns = [2]uint8{uint8(bp), uint8(wp)}
		}
	}
	return e
}
