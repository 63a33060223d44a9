package search

import (
	"math/bits"

	"github.com/symmagic/attacks/movegen"
)

// The NNUE load's work on positions (Net, and perft.NNUE, describe
// the network): computing an accumulator from scratch, and a child's from
// its parent's.

// row returns the weights of piece pc on sq for perspective c, whose king
// slot is ks.
func row(n *Net, ks KingSlot, c movegen.Color, pc movegen.Piece, sq movegen.Square) []int16 {
	return n.Row(ks, int(c), uint8(pc), int(sq))
}

// refresh computes c's accumulator of p from scratch into dst.
func refresh(n *Net, p *movegen.Position, c movegen.Color, dst []int16) {
	ks := n.Slot(int(c), int(p.KingSquare(c)))
	copy(dst, n.Bias())
	for b := p.Occupied(); b != 0; b &= b - 1 {
		sq := movegen.Square(bits.TrailingZeros64(b))
		AddRow(dst, row(n, ks, c, p.PieceAt(sq), sq))
	}
}

// update computes child's accumulators in dst from parent's in src, child
// being parent with m played; each holds the white perspective's H values,
// then the black one's. It returns how many perspectives it refreshed.
func update(n *Net, parent, child *movegen.Position, m movegen.Move, src, dst []int16) (refreshed int) {
	h := n.H()
	from, to := m.From(), m.To()
	pc := parent.PieceAt(from)
	// The features that change, as (piece, square): the piece leaves from
	// and arrives on to (as the promoted piece), a captured piece leaves;
	// en passant takes the pawn behind to, and castling (king takes own
	// rook) moves the king and the rook to their castling squares.
	type feature struct {
		pc movegen.Piece
		sq movegen.Square
	}
	add := [2]feature{{child.PieceAt(to), to}}
	sub := [2]feature{{pc, from}}
	nAdd, nSub := 1, 1
	switch {
	case m.IsCastle():
		kTo, rTo := m.CastlingSquares()
		r := parent.PieceAt(to)
		add, sub, nAdd, nSub = [2]feature{{pc, kTo}, {r, rTo}}, [2]feature{{pc, from}, {r, to}}, 2, 2
	case m.IsEnPassant():
		sub[1], nSub = feature{parent.PieceAt(to ^ 8), to ^ 8}, 2
	default:
		if captured := parent.PieceAt(to); captured != movegen.NoPiece {
			sub[1], nSub = feature{captured, to}, 2
		}
	}
	for c := movegen.White; c <= movegen.Black; c++ {
		s, d := src[int(c)*h:][:h], dst[int(c)*h:][:h]
		ks := n.Slot(int(c), int(child.KingSquare(c)))
		if pc == movegen.MakePiece(c, movegen.King) && ks != n.Slot(int(c), int(from)) {
			refresh(n, child, c, d)
			refreshed++
			continue
		}
		a0, s0 := row(n, ks, c, add[0].pc, add[0].sq), row(n, ks, c, sub[0].pc, sub[0].sq)
		switch {
		case nAdd == 2:
			AddAddSubSub(d, s, a0, row(n, ks, c, add[1].pc, add[1].sq), s0, row(n, ks, c, sub[1].pc, sub[1].sq))
		case nSub == 2:
			AddSubSub(d, s, a0, s0, row(n, ks, c, sub[1].pc, sub[1].sq))
		default:
			AddSub(d, s, a0, s0)
		}
	}
	return refreshed
}
