package perft

import "github.com/symmagic/attacks/magic"

// Move is from | to<<6 | flag<<12. Sixteen bits keep the move list of an
// interior node small (it lives on the stack, one per ply).
type Move uint16

const (
	flagNormal = iota
	flagDouble // pawn double push: sets the en-passant square
	flagCastle // the king's move; the rook follows from the table
	flagEP
	flagPromoN // flagPromoN + (t - Knight) promotes to t
	flagPromoB
	flagPromoR
	flagPromoQ
)

func newMove(from, to int, flag int) Move { return Move(from | to<<6 | flag<<12) }

func (m Move) From() int { return int(m) & 63 }
func (m Move) To() int   { return int(m>>6) & 63 }
func (m Move) flag() int { return int(m >> 12) }

// Promotion returns the piece type promoted to and true, for a promotion.
func (m Move) Promotion() (PieceType, bool) {
	if m.flag() < flagPromoN {
		return 0, false
	}
	return Knight + PieceType(m.flag()-flagPromoN), true
}

// String is the UCI form: e2e4, e1g1 (castling), e7e8q.
func (m Move) String() string {
	s := magic.SquareName(m.From()) + magic.SquareName(m.To())
	if t, ok := m.Promotion(); ok {
		s += string("nbrq"[t-Knight])
	}
	return s
}

// maxMoves bounds the legal moves of any position ParseFEN accepts: at most
// 16 pieces a side (checked), 15 of them with at most 27 moves (a queen's
// most) and a king with at most 8 + 2, so 415; 218 is the most in a
// reachable position, but a FEN need not be reachable.
const maxMoves = 416

type moveList [maxMoves]Move
