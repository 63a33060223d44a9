package movegen

import "fmt"

// Move is a move of a position, in 16 bits: from | to<<6 | flag<<12 |
// chess960<<15. Sixteen bits keep the move list of an interior node small
// (it lives on the stack, one per ply).
//
// A castling move is the king's square and its own rook's square, king
// takes rook, in standard chess too: From is the king's square, To its own
// rook's (so To names no square the king lands on: CastlingSquares does).
// That names every castling of Chess960 (where the king may not move, or
// land on the rook's square) without the position. The chess960 bit only
// chooses the UCI name that String writes: set, e1h1; clear, the king's
// two-square step, e1g1.
type Move uint16

const (
	flagNormal = iota
	flagDouble // pawn double push: sets the en-passant square
	flagCastle // from the king's square to its rook's
	flagEP
	flagPromoN // flagPromoN + (t - Knight) promotes to t
	flagPromoB
	flagPromoR
	flagPromoQ
)

const chess960Bit Move = 1 << 15

// NoMove is the zero Move, from a1 to a1: never a legal move, but the null
// move to Play and ParseUCI (see PlayNull). UCI writes it 0000.
const NoMove Move = 0

func newMove(from, to int, flag int) Move { return Move(from | to<<6 | flag<<12) }

// NewMove returns the move of a piece from from to to that is none of the
// kinds below: a step, a slide, a capture, a pawn's one-square step. It
// panics if a square is not 0..63, naming the function and the square.
// A Move names a move of no position in particular: IsLegal says whether
// it is one of a position's, and Position.MoveFrom finds the move of a
// position that goes from one square to another, whatever its kind.
func NewMove(from, to Square) Move {
	checkSquares("NewMove", from, to)
	return newMove(int(from), int(to), flagNormal)
}

// NewDoublePush returns a pawn's two-square step from from to to, the move
// that leaves an en-passant square. It panics if a square is not 0..63.
func NewDoublePush(from, to Square) Move {
	checkSquares("NewDoublePush", from, to)
	return newMove(int(from), int(to), flagDouble)
}

// NewPromotion returns a pawn's move from from to to, a step or a capture,
// that promotes it to t (Knight, Bishop, Rook or Queen). It panics if a
// square is not 0..63 or t is not one of the four.
func NewPromotion(from, to Square, t PieceType) Move {
	checkSquares("NewPromotion", from, to)
	if t < Knight || t > Queen {
		panic(fmt.Sprintf("movegen: NewPromotion: piece type %d is not Knight, Bishop, Rook or Queen", uint8(t)))
	}
	return newMove(int(from), int(to), flagPromoN+int(t-Knight))
}

// NewEnPassant returns the en-passant capture of the pawn from from to to,
// the square it moves to (the pawn taken stands beside from, on to's
// file). It panics if a square is not 0..63.
func NewEnPassant(from, to Square) Move {
	checkSquares("NewEnPassant", from, to)
	return newMove(int(from), int(to), flagEP)
}

// NewCastle returns the castling of the king on king with its own rook on
// rook, king takes rook (see Move). chess960 sets the bit that the
// castling moves of a position in Chess960 mode carry (the UCI name
// e1h1 rather than e1g1): pass the position's Chess960(). It panics if a
// square is not 0..63.
func NewCastle(king, rook Square, chess960 bool) Move {
	checkSquares("NewCastle", king, rook)
	m := newMove(int(king), int(rook), flagCastle)
	if chess960 {
		m |= chess960Bit
	}
	return m
}

func checkSquares(fn string, a, b Square) {
	if a > 63 || b > 63 {
		bad := a
		if a <= 63 {
			bad = b
		}
		panic(fmt.Sprintf("movegen: %s: square %d is not a square (a1 = 0 to h8 = 63)", fn, uint8(bad)))
	}
}

// kind names the constructor of m's kind, for errors.
func (m Move) kind() string {
	switch f := m.flag(); {
	case f == flagCastle && m&chess960Bit != 0:
		return "a Chess960 castling (NewCastle with chess960 true)"
	case f == flagCastle:
		return "a standard castling (NewCastle with chess960 false)"
	case m&chess960Bit != 0:
		return "a move with the Chess960 bit, which castling alone carries"
	case f == flagDouble:
		return "a pawn's two-square step (NewDoublePush)"
	case f == flagEP:
		return "an en-passant capture (NewEnPassant)"
	case f >= flagPromoN:
		return "a promotion (NewPromotion)"
	}
	return "a plain move (NewMove)"
}

// From returns the square the move starts from: the king's, for castling.
func (m Move) From() Square { return Square(m & 63) }

// To returns the square the move goes to; for castling, the rook's square
// (see Move).
func (m Move) To() Square { return Square(m>>6) & 63 }

// from and to are From and To as ints, for the generator's arithmetic.
func (m Move) from() int { return int(m) & 63 }
func (m Move) to() int   { return int(m>>6) & 63 }

func (m Move) flag() int { return int(m>>12) & 7 }

// IsCastle reports whether m is a castling move.
func (m Move) IsCastle() bool { return m.flag() == flagCastle }

// IsEnPassant reports whether m is an en-passant capture.
func (m Move) IsEnPassant() bool { return m.flag() == flagEP }

// IsDoublePush reports whether m is a pawn's two-square step.
func (m Move) IsDoublePush() bool { return m.flag() == flagDouble }

// Promotion returns the piece type a pawn promotes to, or NoPieceType.
func (m Move) Promotion() PieceType {
	if m.flag() < flagPromoN {
		return NoPieceType
	}
	return Knight + PieceType(m.flag()-flagPromoN)
}

// CastlingSquares returns, for a castling move, where the king and the rook
// land: the g-file and f-file squares of the king's rank when the rook
// stood on the king's h-file side, else the c-file and d-file squares (g1
// and f1, or c1 and d1, for White).
func (m Move) CastlingSquares() (king, rook Square) {
	k, r := m.castlingSquares()
	return Square(k), Square(r)
}

func (m Move) castlingSquares() (kingTo, rookTo int) {
	base := m.from() &^ 7
	if m.to() > m.from() {
		return base + 6, base + 5
	}
	return base + 2, base + 3
}

// String returns the move's UCI name: e2e4, e7e8q, castling e1g1 (or
// e1h1, king takes rook, for a move of a position in Chess960 mode), NoMove
// 0000. AppendUCI writes the same without allocating.
func (m Move) String() string {
	var b [5]byte
	return string(m.AppendUCI(b[:0]))
}

// AppendUCI appends the move's UCI name, as String writes it, to dst and
// returns the extended buffer: an engine writes "bestmove" and its
// principal variation into one buffer with no allocation.
func (m Move) AppendUCI(dst []byte) []byte {
	if m == NoMove {
		return append(dst, "0000"...)
	}
	from, to := m.from(), uciTo(m)
	dst = append(dst, byte('a'+from&7), byte('1'+from>>3), byte('a'+to&7), byte('1'+to>>3))
	if t := m.Promotion(); t != NoPieceType {
		dst = append(dst, "nbrq"[t-Knight])
	}
	return dst
}

// MaxMoves bounds the legal moves of any position: a buffer of this
// capacity never grows. At most 16 pieces a side (ParseFEN checks, and no
// move adds one), 15 of them with at most 27 moves (a queen's most) and a
// king with at most 8 + 2, so 415; 218 is the most in a position reachable
// from the start, but a FEN need not be reachable.
const MaxMoves = 416

// moveList holds the moves of one position.
type moveList [MaxMoves]Move
