// Package board is the legal move generator behind package movegen: the
// position, FEN in and out, moves and their UCI names, legal move
// generation, copy-make, Polyglot keys kept incrementally, and perft with
// bulk counting.
//
// The generator is generic over the slider mode, the way it looks up rook
// and bishop attacks (see Slider): package movegen runs one mode, and the
// benchmarks run the same code in every mode, so that they measure the
// lookups and nothing else.
//
// The generator finds the checkers and the pinned pieces once per node and
// limits every piece's targets by them, so it writes only legal moves, and
// at the last ply of perft it counts them without writing them (a piece's
// moves cost one popcount). Positions are values: a move is made on a copy
// (copy-make), and the copy that was not changed is the undo.
package board

import (
	"math/bits"

	"github.com/symmagic/attacks"
)

// Color is the side: White or Black.
type Color uint8

const (
	White Color = iota
	Black
)

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece, without colour.
type PieceType uint8

const (
	Pawn PieceType = iota
	Knight
	Bishop
	Rook
	Queen
	King
)

var pieceTypeNames = [...]string{"pawn", "knight", "bishop", "rook", "queen", "king"}

func (t PieceType) String() string {
	if int(t) < len(pieceTypeNames) {
		return pieceTypeNames[t]
	}
	return "no piece"
}

// Piece is a coloured piece on the mailbox board; 0 is an empty square, so
// the zero board is empty.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of colour c and type t.
func MakePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t+1) }

// Type returns the piece's type; NoPiece has none (the value is 255).
func (p Piece) Type() PieceType { return PieceType(p&7) - 1 }

// Color returns the piece's colour.
func (p Piece) Color() Color { return Color(p >> 3) }

// Castling rights, one bit each, indexed as the rook squares
// (Position.castleRook): 2*colour, plus 1 for the queenside.
const (
	CastleWK uint8 = 1 << iota
	CastleWQ
	CastleBK
	CastleBQ
)

// NoSquare is EnPassant's answer when there is no en-passant square.
const NoSquare = 64

// noEP is the ep field's "none": a1, never an en-passant square (they are
// on rank 3 or 6), so that the zero Position has none.
const noEP = 0

// Position is a chess position. The generator reads the bitboards, the
// mailbox, the side, the castling rights and rooks and the en-passant
// square; the clocks are kept for FEN output, the key for the caller.
type Position struct {
	byType  [6]uint64 // both colours, indexed by PieceType
	byColor [2]uint64
	// o is the occupancy as an attacks.Occupancy, kept up to date by every
	// move in the W mode, so that its lookups need no permute. In the other
	// modes play leaves it alone (nothing reads it there): a position only
	// ever played in one mode is consistent for that mode.
	o     attacks.Occupancy
	board [64]Piece
	// key is the Polyglot key, kept by Play (not by the perft search, which
	// never reads it).
	key uint64
	// castleRook is the rook's square of each right (CastleWK, ...) while
	// it is held. Outside Chess960 mode it is always a1, h1, a8 and h8's
	// (every right's rook stands there); in Chess960 mode a right not
	// held has 0. Either way positions compare equal however reached.
	castleRook [4]uint8
	side       Color
	castle     uint8 // CastleWK | CastleWQ | CastleBK | CastleBQ
	ep         uint8 // en-passant target square, or noEP
	// castleBit is 1<<15 in Chess960 mode: the bit that makes a castling
	// move's UCI name king-takes-rook (see Move).
	castleBit Move
	chess960  bool
	shredder  bool  // FEN writes castling rights as file letters
	half      int32 // halfmove clock
	full      int32 // fullmove number
}

// Side returns the side to move.
func (p *Position) Side() Color { return p.side }

// PieceAt returns the piece on sq (0..63, a1 = 0), or NoPiece.
func (p *Position) PieceAt(sq int) Piece { return p.board[sq&63] }

// Pieces returns the squares of c's pieces of type t.
func (p *Position) Pieces(c Color, t PieceType) uint64 {
	return p.byType[t%6] & p.byColor[c&1]
}

// ByType returns the squares of both sides' pieces of type t.
func (p *Position) ByType(t PieceType) uint64 { return p.byType[t%6] }

// ByColor returns the squares of c's pieces.
func (p *Position) ByColor(c Color) uint64 { return p.byColor[c&1] }

// Occupied returns the occupied squares.
func (p *Position) Occupied() uint64 { return p.byColor[White] | p.byColor[Black] }

// KingSquare returns the square of c's king (0 if it has none, which only
// the zero Position lacks).
func (p *Position) KingSquare(c Color) int { return lsb(p.byType[King] & p.byColor[c&1]) }

// Castling returns the castling rights held: CastleWK | CastleWQ | ...
func (p *Position) Castling() uint8 { return p.castle }

// CastlingRook returns the square of the rook of right r (one of CastleWK,
// CastleWQ, CastleBK, CastleBQ) and true, or false if the right is not held.
func (p *Position) CastlingRook(r uint8) (int, bool) {
	if p.castle&r == 0 || r&(r-1) != 0 {
		return 0, false
	}
	return int(p.castleRook[bits.TrailingZeros8(r)]), true
}

// EnPassant returns the en-passant target square, or NoSquare: the square
// a pawn passed in a double push on the last move, whether or not a pawn
// can capture there (as FEN writes it).
func (p *Position) EnPassant() int {
	if p.ep == noEP {
		return NoSquare
	}
	return int(p.ep)
}

// HalfmoveClock returns the plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return int(p.half) }

// FullmoveNumber returns the number of the move, starting at 1 and
// incremented after Black's.
func (p *Position) FullmoveNumber() int { return int(p.full) }

// Key returns the position's Polyglot key (see Play).
func (p *Position) Key() uint64 { return p.key }

// Chess960 reports whether castling moves are named the Chess960 way, king
// takes own rook ("e1h1"), rather than king two squares ("e1g1").
func (p *Position) Chess960() bool { return p.chess960 }

// SetChess960 switches the UCI names of castling moves between Chess960's
// king-takes-rook and standard chess's king-two-squares. It refuses to
// switch Chess960 off while a castling right's king or rook stands off the
// squares of standard chess: king two squares could then name another move.
func (p *Position) SetChess960(on bool) error {
	if !on && !p.standardCastling() {
		return errStandardCastling
	}
	p.chess960 = on
	p.castleBit = 0
	if on {
		p.castleBit = chess960Bit
		p.castleRook = [4]uint8{}
		for i, sq := range standardRooks {
			if p.castle&(1<<i) != 0 {
				p.castleRook[i] = sq
			}
		}
	} else {
		p.shredder = false
		p.castleRook = standardRooks
	}
	return nil
}

// standardRooks are the castling rooks' squares of standard chess: h1, a1,
// h8, a8.
var standardRooks = [4]uint8{7, 0, 63, 56}

// HasKing reports whether both sides have a king: true of every position
// but the zero one.
func (p *Position) HasKing() bool {
	k := p.byType[King]
	return k&p.byColor[White] != 0 && k&p.byColor[Black] != 0
}

func (p *Position) occ() uint64 { return p.byColor[White] | p.byColor[Black] }

func (p *Position) put(sq int, pc Piece) {
	b := uint64(1) << sq
	p.byType[pc.Type()] |= b
	p.byColor[pc.Color()] |= b
	p.o.Set(sq)
	p.board[sq] = pc
}

// Tables built once from package attacks (initializers, not init, so that
// the variables that use them are initialized after them).
var (
	// rookEmpty and bishopEmpty are the attacks on an empty board: the lines
	// a pinning slider must stand on.
	rookEmpty = func() (t [64]uint64) {
		for sq := range t {
			t[sq] = attacks.Rook(sq, 0)
		}
		return t
	}()
	bishopEmpty = func() (t [64]uint64) {
		for sq := range t {
			t[sq] = attacks.Bishop(sq, 0)
		}
		return t
	}()

)

func lsb(b uint64) int { return bits.TrailingZeros64(b) & 63 }

// SquareName returns the name of square sq (0..63): "a1", ..., "h8".
func SquareName(sq int) string {
	sq &= 63
	return string([]byte{byte('a' + sq%8), byte('1' + sq/8)})
}
