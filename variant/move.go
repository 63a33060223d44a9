package variant

import (
	"fmt"

	"github.com/symmagic/attacks/movegen"
)

// Move is a move of a variant's position, in 16 bits: from | to<<6 |
// kind<<12. It is a type of its own, not movegen.Move, because a variant
// needs two kinds that movegen's three flag bits have no room for: a drop
// (Crazyhouse: from names no square but the piece type dropped) and a
// pawn's promotion to a king (Antichess).
//
// A castling move is the king's square and its own rook's, king takes
// rook (as movegen's Move), so that every castling of a Chess960 start
// position is named; String writes it as UCI does outside Chess960, king two
// squares (e1g1), when the king stands on the e-file and the rook in the
// corner.
type Move uint16

const (
	kindNormal = iota
	kindPromoN // kindPromoN + (t - Knight) promotes to t, King included
	kindPromoB
	kindPromoR
	kindPromoQ
	kindPromoK
	kindDrop   // from is the piece type dropped
	kindCastle // from the king's square to its rook's
	kindEP
	kindDouble
)

// NoMove is the zero Move: never a legal move. UCI writes it 0000.
const NoMove Move = 0

func newMove(from, to, kind int) Move { return Move(from | to<<6 | kind<<12) }

// NewMove returns the move of a piece from from to to, promoting to
// promotion (NoPieceType for none; Knight to Queen, or King in Antichess).
// A pawn's two-square step, an en-passant capture and castling are the
// moves of their constructors; Position.MoveFrom finds a position's move
// between two squares whatever its kind. It panics if a square is not
// 0..63 or promotion is not a piece type.
func NewMove(from, to movegen.Square, promotion movegen.PieceType) Move {
	checkSquare("NewMove", from)
	checkSquare("NewMove", to)
	if promotion == movegen.NoPieceType {
		return newMove(int(from), int(to), kindNormal)
	}
	if promotion < movegen.Knight || promotion > movegen.King {
		panic(fmt.Sprintf("variant: NewMove: promotion %d is not a piece type Knight to King", uint8(promotion)))
	}
	return newMove(int(from), int(to), kindPromoN+int(promotion-movegen.Knight))
}

// NewDrop returns the drop of a piece of type t (Pawn to Queen) on to, a
// Crazyhouse move. It panics if to is not 0..63 or t is not Pawn to Queen.
func NewDrop(t movegen.PieceType, to movegen.Square) Move {
	checkSquare("NewDrop", to)
	if t < movegen.Pawn || t > movegen.Queen {
		panic(fmt.Sprintf("variant: NewDrop: piece type %d is not Pawn to Queen", uint8(t)))
	}
	return newMove(int(t), int(to), kindDrop)
}

// NewCastle returns the castling of the king on king with its own rook on
// rook (king takes rook). It panics if a square is not 0..63.
func NewCastle(king, rook movegen.Square) Move {
	checkSquare("NewCastle", king)
	checkSquare("NewCastle", rook)
	return newMove(int(king), int(rook), kindCastle)
}

func checkSquare(fn string, sq movegen.Square) {
	if sq > 63 {
		panic(fmt.Sprintf("variant: %s: square %d is not a square (a1 = 0 to h8 = 63)", fn, uint8(sq)))
	}
}

func (m Move) from() int { return int(m) & 63 }
func (m Move) to() int   { return int(m>>6) & 63 }
func (m Move) kind() int { return int(m>>12) & 15 }

// From returns the square the move starts from (the king's, for castling),
// or NoSquare for a drop.
func (m Move) From() movegen.Square {
	if m.IsDrop() {
		return movegen.NoSquare
	}
	return movegen.Square(m.from())
}

// To returns the square the move goes to: the rook's, for castling.
func (m Move) To() movegen.Square { return movegen.Square(m.to()) }

// IsDrop reports whether m drops a piece from the pocket (Crazyhouse).
func (m Move) IsDrop() bool { return m.kind() == kindDrop }

// Dropped returns the piece type a drop puts down, or NoPieceType.
func (m Move) Dropped() movegen.PieceType {
	if !m.IsDrop() {
		return movegen.NoPieceType
	}
	return movegen.PieceType(m.from())
}

// IsCastle reports whether m is a castling move.
func (m Move) IsCastle() bool { return m.kind() == kindCastle }

// IsEnPassant reports whether m is an en-passant capture.
func (m Move) IsEnPassant() bool { return m.kind() == kindEP }

// IsDoublePush reports whether m is a pawn's two-square step.
func (m Move) IsDoublePush() bool { return m.kind() == kindDouble }

// Promotion returns the piece type a pawn promotes to, or NoPieceType.
func (m Move) Promotion() movegen.PieceType {
	if k := m.kind(); k >= kindPromoN && k <= kindPromoK {
		return movegen.Knight + movegen.PieceType(k-kindPromoN)
	}
	return movegen.NoPieceType
}

// castlingSquares returns where the king and the rook of a castling move
// land: the g- and f-file squares for the rook on the king's h-file side,
// else the c- and d-file squares.
func (m Move) castlingSquares() (kingTo, rookTo int) {
	base := m.from() &^ 7
	if m.to() > m.from() {
		return base + 6, base + 5
	}
	return base + 2, base + 3
}

// String returns the move's UCI name: e2e4, e7e8q (e7e8k, Antichess's
// promotion to a king), a drop N@f3 (P@e4 for a pawn), castling e1g1 when
// the king stands on e1 or e8 and the rook in the corner, else king takes
// rook (g1h1); NoMove 0000.
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	if m.IsDrop() {
		t := m.from()
		if t < int(movegen.Pawn) || t > int(movegen.Queen) {
			return "?@" + sqName(m.to()) // no drop: a 16-bit value of no move
		}
		return string("PNBRQ"[t-1]) + "@" + sqName(m.to())
	}
	to := m.to()
	if m.IsCastle() && m.from()&7 == 4 && (to&7 == 0 || to&7 == 7) {
		to, _ = m.castlingSquares()
	}
	s := sqName(m.from()) + sqName(to)
	if t := m.Promotion(); t != movegen.NoPieceType {
		s += string("nbrqk"[t-movegen.Knight])
	}
	return s
}

func sqName(sq int) string { return movegen.Square(sq & 63).String() }
