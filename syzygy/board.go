package syzygy

import (
	"math/bits"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/movegen"
)

// A WDL probe searches captures only, and a capture's child needs of its
// position no more than the pieces, the side to move and the material (the
// table's key): no clocks, castling rights or Zobrist key. So the search
// runs on a board, 80 bytes to a movegen.Position's 168, made and unmade
// in place rather than copied, and lists its captures into a small buffer
// of its own. It finds a slider's captures and checks from the lines
// through its square on an empty board and Between, which read 3.8 KB of
// tables, where a slider lookup reads the attack tables: with so few
// pieces on the board, a line holds at most a few of them. A capture is
// tested for legality after it is made, and only where it can be illegal:
// a king's, an en-passant capture, any capture when in check, or one by a
// piece on a line through its king that an enemy slider stands on.

// board is a position as a WDL probe's search over captures keeps it.
type board struct {
	byType  [6]uint64 // both colours, indexed by PieceType - 1
	byColor [2]uint64
	key     material // the material, kings apart
	side    movegen.Color
	ep      int8 // en-passant square, or -1: only a probe's root has one
}

// set makes b the position p.
func (b *board) set(p *movegen.Position) {
	w, bl := p.ByColor(movegen.White), p.ByColor(movegen.Black)
	b.byColor = [2]uint64{w, bl}
	var key material
	for t := range b.byType[:movegen.Queen] {
		bt := p.ByType(movegen.PieceType(t + 1))
		b.byType[t] = bt
		key |= material(bits.OnesCount64(bt&w))<<(4*t) | material(bits.OnesCount64(bt&bl))<<(blackShift+4*t)
	}
	b.byType[movegen.King-1] = p.ByType(movegen.King)
	b.key = key
	b.side = p.Side()
	b.ep = -1
	if ep := p.EnPassant(); ep != movegen.NoSquare {
		b.ep = int8(ep)
	}
}

// pieces returns side c's pieces of type t.
func (b *board) pieces(c movegen.Color, t movegen.PieceType) uint64 {
	return b.byType[t-1] & b.byColor[c]
}

// rays are the lines a rook and a bishop on each square see on an empty
// board.
var rookRays, bishopRays = func() (r, bi [64]uint64) {
	for sq := range 64 {
		r[sq], bi[sq] = attacks.Rook(sq, 0), attacks.Bishop(sq, 0)
	}
	return r, bi
}()

// attacked reports whether side by attacks sq.
func (b *board) attacked(sq int, by movegen.Color) bool {
	them := b.byColor[by]
	if attacks.Knight(sq)&them&b.byType[movegen.Knight-1] != 0 ||
		attacks.Pawn(by == movegen.Black, sq)&them&b.byType[movegen.Pawn-1] != 0 ||
		attacks.King(sq)&them&b.byType[movegen.King-1] != 0 {
		return true
	}
	q := b.byType[movegen.Queen-1]
	sliders := them & ((b.byType[movegen.Rook-1]|q)&rookRays[sq] | (b.byType[movegen.Bishop-1]|q)&bishopRays[sq])
	occ := b.byColor[movegen.White] | b.byColor[movegen.Black]
	for ; sliders != 0; sliders &= sliders - 1 {
		if attacks.Between(sq, bits.TrailingZeros64(sliders))&occ == 0 {
			return true
		}
	}
	return false
}

// capture is a capture on a board: its squares, the moving piece's type and
// the type a pawn promotes to, or epCapture for en passant.
type capture uint32

const epCapture = 7

func newCapture(from, to int, moved, promo movegen.PieceType) capture {
	return capture(from | to<<6 | int(moved)<<12 | int(promo)<<15)
}

func (c capture) from() int                    { return int(c) & 63 }
func (c capture) to() int                      { return int(c>>6) & 63 }
func (c capture) moved() movegen.PieceType     { return movegen.PieceType(c>>12) & 7 }
func (c capture) promotion() movegen.PieceType { return movegen.PieceType(c>>15) & 7 }
func (c capture) enPassant() bool              { return c.promotion() == epCapture }

// captureBuf holds a board's captures: with at most 7 pieces, a side of k
// has at most k(6-k) <= 9 pairs of its piece and an enemy piece, each at
// most 4 captures (promotions), and 2 en passant.
type captureBuf [40]capture

// captures appends b's captures to list, the illegal ones too (see
// legality and exposes), en passant where b has an en-passant square.
func (b *board) captures(list []capture) []capture {
	us := b.side
	own := b.byColor[us]
	enemy := b.byColor[us^1] &^ b.byType[movegen.King-1]
	pawns := own & b.byType[movegen.Pawn-1]
	if b.ep >= 0 {
		ep := int(b.ep)
		if b.byColor[us^1]&b.byType[movegen.Pawn-1]&(1<<(ep^8)) != 0 {
			for bb := attacks.Pawn(us == movegen.Black, ep) & pawns; bb != 0; bb &= bb - 1 {
				list = append(list, newCapture(bits.TrailingZeros64(bb), ep, movegen.Pawn, epCapture))
			}
		}
	}
	if enemy == 0 {
		return list
	}
	for bb := pawns; bb != 0; bb &= bb - 1 {
		from := bits.TrailingZeros64(bb)
		for t := attacks.Pawn(us == movegen.White, from) & enemy; t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			if to >= 8 && to < 56 {
				list = append(list, newCapture(from, to, movegen.Pawn, 0))
				continue
			}
			for pr := movegen.Queen; pr >= movegen.Knight; pr-- {
				list = append(list, newCapture(from, to, movegen.Pawn, pr))
			}
		}
	}
	for bb := own & b.byType[movegen.Knight-1]; bb != 0; bb &= bb - 1 {
		from := bits.TrailingZeros64(bb)
		for t := attacks.Knight(from) & enemy; t != 0; t &= t - 1 {
			list = append(list, newCapture(from, bits.TrailingZeros64(t), movegen.Knight, 0))
		}
	}
	occ := own | b.byColor[us^1]
	for pt := movegen.Bishop; pt <= movegen.Queen; pt++ {
		for bb := own & b.byType[pt-1]; bb != 0; bb &= bb - 1 {
			from := bits.TrailingZeros64(bb)
			var rays uint64
			if pt != movegen.Rook {
				rays = bishopRays[from]
			}
			if pt != movegen.Bishop {
				rays |= rookRays[from]
			}
			for t := rays & enemy; t != 0; t &= t - 1 {
				to := bits.TrailingZeros64(t)
				if attacks.Between(from, to)&occ == 0 {
					list = append(list, newCapture(from, to, pt, 0))
				}
			}
		}
	}
	k := own & b.byType[movegen.King-1]
	if k != 0 {
		from := bits.TrailingZeros64(k)
		for t := attacks.King(from) & enemy; t != 0; t &= t - 1 {
			list = append(list, newCapture(from, bits.TrailingZeros64(t), movegen.King, 0))
		}
	}
	return list
}

// legality is what a node's captures need to know to tell which of them
// can leave their own king attacked: its square, whether it is attacked
// already, and the enemy's sliders.
type legality struct {
	king    int
	inCheck bool
	sliders uint64
}

// legality returns the side to move's legality.
func (b *board) legality() legality {
	us := b.side
	k := bits.TrailingZeros64(b.pieces(us, movegen.King)) & 63
	s := b.byColor[us^1] & (b.byType[movegen.Bishop-1] | b.byType[movegen.Rook-1] | b.byType[movegen.Queen-1])
	return legality{king: k, inCheck: b.attacked(k, us^1), sliders: s}
}

// undo is what play changed that unplay cannot work out again.
type undo struct {
	key      material
	captured movegen.PieceType
	ep       int8
}

// materialBit is one piece of side c and type t in a material.
func materialBit(c movegen.Color, t movegen.PieceType) material {
	return 1 << (uint(c)*blackShift + 4*uint(t-1))
}

// play makes c, a capture by the side to move.
func (b *board) play(c capture) undo {
	us := b.side
	u := undo{key: b.key, ep: b.ep}
	sq := c.to()
	if c.enPassant() {
		sq ^= 8
	}
	for t := movegen.Pawn; t <= movegen.Queen; t++ {
		if b.byType[t-1]&(1<<sq) != 0 {
			u.captured = t
			break
		}
	}
	b.key -= materialBit(us^1, u.captured)
	if pr := c.promotion(); pr != 0 && pr != epCapture {
		b.key += materialBit(us, pr) - materialBit(us, movegen.Pawn)
	}
	b.toggle(c, u.captured, us)
	b.side = us ^ 1
	b.ep = -1
	return u
}

// unplay takes back c, which play made and returned u for.
func (b *board) unplay(c capture, u undo) {
	b.side ^= 1
	b.toggle(c, u.captured, b.side)
	b.key, b.ep = u.key, u.ep
}

// toggle moves the pieces of c, played by us and capturing a piece of type
// captured, on or back.
func (b *board) toggle(c capture, captured movegen.PieceType, us movegen.Color) {
	from, to := uint64(1)<<c.from(), uint64(1)<<c.to()
	taken := to
	pr := c.promotion()
	if pr == epCapture {
		taken, pr = 1<<(c.to()^8), 0
	}
	b.byType[captured-1] ^= taken
	b.byColor[us^1] ^= taken
	b.byColor[us] ^= from | to
	if pr == 0 {
		b.byType[c.moved()-1] ^= from | to
	} else {
		b.byType[movegen.Pawn-1] ^= from
		b.byType[pr-1] ^= to
	}
}

// exposes reports whether c, just played on b by the side whose legality
// l is, left its own king attacked: an illegal move, for unplay to take
// back.
func (b *board) exposes(c capture, l legality) bool {
	k := l.king
	switch {
	case c.moved() == movegen.King:
		k = c.to()
	case c.enPassant() || l.inCheck:
	case attacks.Line(k, c.from())&l.sliders == 0:
		return false
	}
	return b.attacked(k, b.side)
}
