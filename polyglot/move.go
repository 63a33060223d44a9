package polyglot

import "github.com/symmagic/attacks/movegen"

// A book's move is 16 bits: the destination square in bits 0-5, the origin
// in bits 6-11 (a1 = 0, b1 = 1, ..., h8 = 63, movegen's numbering), and the
// promotion in bits 12-14: 0 none, 1 knight, 2 bishop, 3 rook, 4 queen.
// Castling is the king taking its own rook (e1h1, e1a1), in standard chess
// as in Chess960: movegen's own castling move, whose To is the rook.

// EncodeMove returns m in the book's encoding. m is a move of movegen
// (a castling move's To is its rook, as the book wants).
func EncodeMove(m movegen.Move) uint16 {
	raw := uint16(m.To()) | uint16(m.From())<<6
	if t := m.Promotion(); t >= movegen.Knight && t <= movegen.Queen {
		raw |= uint16(t-movegen.Knight+1) << 12
	}
	return raw
}

// DecodeMove returns the legal move of p that the book's move raw names,
// or false when raw names none. Besides the book's own castling, king takes
// rook, it reads a king's two-square step from e1 or e8 to the g- or c-file
// as castling in a position not in Chess960 mode, as python-chess does (no
// book make-book writes holds one). The move is as p's LegalMoves lists it,
// so its UCI name follows p's Chess960 mode (e1g1 in standard chess). A nil
// p panics.
func DecodeMove(p *movegen.Position, raw uint16) (movegen.Move, bool) {
	if p == nil {
		panic("polyglot.DecodeMove: a nil position")
	}
	var buf [movegen.MaxMoves]movegen.Move
	return decode(p.LegalMoves(buf[:0]), p.Chess960(), raw)
}

// decode finds raw among the legal moves.
func decode(legal []movegen.Move, chess960 bool, raw uint16) (movegen.Move, bool) {
	from := movegen.Square(raw >> 6 & 63)
	to := movegen.Square(raw & 63)
	promo := movegen.NoPieceType
	switch k := raw >> 12 & 7; {
	case k >= 1 && k <= 4:
		promo = movegen.Knight + movegen.PieceType(k-1)
	case k != 0:
		return movegen.NoMove, false
	}
	castle := movegen.NoSquare // the rook a king's two-square step would take
	if !chess960 && promo == movegen.NoPieceType && (from == e1 || from == e8) && to>>3 == from>>3 {
		switch to & 7 {
		case 6: // g-file: the kingside rook's h-file
			castle = to | 7
		case 2: // c-file: the queenside rook's a-file
			castle = to &^ 7
		}
	}
	for _, m := range legal {
		if m.From() == from && m.Promotion() == promo && (m.To() == to || m.To() == castle && m.IsCastle()) {
			return m, true
		}
	}
	return movegen.NoMove, false
}

const (
	e1 movegen.Square = 4
	e8 movegen.Square = 60
)
