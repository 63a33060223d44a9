package movegen

import "strconv"

// The vocabulary of positions and moves: squares, sides, pieces and
// castling rights.

// Square is a square, a1 = 0, b1 = 1, ..., h8 = 63, as in package attacks:
// bit i of a bitboard is square i. NoSquare (64) is none.
type Square uint8

// The squares by name, A1 = 0 to H8 = 63.
const (
	A1 Square = iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
	A2
	B2
	C2
	D2
	E2
	F2
	G2
	H2
	A3
	B3
	C3
	D3
	E3
	F3
	G3
	H3
	A4
	B4
	C4
	D4
	E4
	F4
	G4
	H4
	A5
	B5
	C5
	D5
	E5
	F5
	G5
	H5
	A6
	B6
	C6
	D6
	E6
	F6
	G6
	H6
	A7
	B7
	C7
	D7
	E7
	F7
	G7
	H7
	A8
	B8
	C8
	D8
	E8
	F8
	G8
	H8
)

// NoSquare is no square: EnPassant's answer when there is none.
const NoSquare Square = 64

// String returns the square's name, "e4", or "-" for NoSquare (or any value
// above 63).
func (s Square) String() string {
	if s > 63 {
		return "-"
	}
	return string([]byte{'a' + byte(s&7), '1' + byte(s>>3)})
}

// File returns the square's file, 0 (a) to 7 (h).
func (s Square) File() int { return int(s & 7) }

// Rank returns the square's rank, 0 (rank 1) to 7 (rank 8).
func (s Square) Rank() int { return int(s>>3) & 7 }

// ParseSquare reads a square's name, "a1" to "h8". Its error reads
// `movegen: "e9" is not a square (a1 to h8)`.
func ParseSquare(s string) (Square, error) {
	sq, ok := parseSquare(s)
	if !ok {
		return NoSquare, &SquareError{s}
	}
	return Square(sq), nil
}

// SquareError is ParseSquare's error: the string given (Name), which names
// no square.
type SquareError struct{ Name string }

func (e *SquareError) Error() string {
	return "movegen: " + strconv.Quote(e.Name) + " is not a square (a1 to h8)"
}

func parseSquare(s string) (int, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return 0, false
	}
	return int(s[0]-'a') + 8*int(s[1]-'1'), true
}

// Color is a side: White or Black.
type Color uint8

// The sides.
const (
	White Color = iota
	Black
)

// Other returns the other side.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c&1 == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece, without colour: Pawn (1) to King (6), or
// NoPieceType (0).
type PieceType uint8

// The piece types.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

var pieceTypeNames = [...]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king"}

// String returns the type's name: "pawn", ..., "king", or "none" (for
// NoPieceType and any value above King).
func (t PieceType) String() string {
	if int(t) < len(pieceTypeNames) {
		return pieceTypeNames[t]
	}
	return "none"
}

// Piece is a piece of a colour, colour<<3 | type, or NoPiece (0, so that the
// zero board is empty). MakePiece makes one.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of colour c and type t (NoPiece for
// NoPieceType, or a type above King).
func MakePiece(c Color, t PieceType) Piece {
	if t == NoPieceType || t > King {
		return NoPiece
	}
	return makePiece(c&1, t)
}

// makePiece is MakePiece for a colour known to be White or Black and a
// type known to be Pawn to King.
func makePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Color returns the piece's colour (White for NoPiece).
func (p Piece) Color() Color { return Color(p>>3) & 1 }

// Type returns the piece's type (NoPieceType for NoPiece).
func (p Piece) Type() PieceType { return PieceType(p & 7) }

const pieceLetters = "PNBRQKpnbrqk"

// String returns the piece's FEN letter: "P", "n", ...; "." for NoPiece.
func (p Piece) String() string {
	if p.Type() == NoPieceType || p.Type() > King {
		return "."
	}
	return pieceLetters[6*int(p.Color())+int(p.Type())-1:][:1]
}

// CastlingRights is a set of castling rights, one bit each: bit 2*colour,
// plus 1 for the queenside. A right names its rook (see
// Position.CastlingRook): kingside is the rook on the king's h-file side,
// queenside the one on its a-file side, in Chess960 too.
type CastlingRights uint8

// The castling rights.
const (
	WhiteKingside  CastlingRights = 1 << iota // with the rook on the king's h-file side
	WhiteQueenside                            // with the rook on the king's a-file side
	BlackKingside
	BlackQueenside
)

// String returns the rights as letters, "KQkq", or "-" for none. (FEN's
// castling field names Chess960 rooks too; see Position.FEN.)
func (r CastlingRights) String() string {
	var b []byte
	for i, ch := range "KQkq" {
		if r&(1<<i) != 0 {
			b = append(b, byte(ch))
		}
	}
	if len(b) == 0 {
		return "-"
	}
	return string(b)
}
