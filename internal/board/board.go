// Package board is the legal move generator behind package movegen: the
// position, FEN in and out, moves and their UCI names, legal move
// generation, copy-make, Polyglot keys kept incrementally, and perft with
// bulk counting.
//
// How it looks up rook and bishop attacks is all in slider.go: the W
// lookups of package attacks, on an occupancy the position keeps. The
// benchmarks measure other lookups on copies of this package that differ
// from it in that file alone (see slider.go).
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

// noEP is the ep field's "none": a1, never an en-passant square (they are
// on rank 3 or 6), so that the zero Position has none.
const noEP = 0

// Position is a chess position. The generator reads the bitboards, the
// mailbox, the side, the castling rights and rooks and the en-passant
// square; the clocks are kept for FEN output, the key for the caller.
type Position struct {
	byType  [6]uint64 // both colours, indexed by PieceType - 1
	byColor [2]uint64
	// o is what the slider lookups keep (slider.go): here the occupancy
	// as an attacks.Occupancy, kept up to date by every move, so that the
	// lookups need no permute.
	o     keptOcc
	board [64]Piece
	// key is the Polyglot key, kept by Play (not by the perft search, which
	// never reads it).
	key uint64
	// castleRook is the rook's square of each right (WhiteKingside, ...,
	// by the right's bit number) while
	// it is held. Outside Chess960 mode it is always a1, h1, a8 and h8's
	// (every right's rook stands there); in Chess960 mode a right not
	// held has 0. Either way positions compare equal however reached.
	castleRook [4]uint8
	side       Color
	castle     CastlingRights
	ep         uint8 // en-passant target square, or noEP
	// castleBit is 1<<15 in Chess960 mode: the bit that makes a castling
	// move's UCI name king-takes-rook (see Move).
	castleBit Move
	chess960  bool
	// shredder: FEN writes the castling rights as file letters alone
	// (Shredder-FEN). ParseFEN sets it for such a field; in Chess960 mode
	// it is set whenever X-FEN would write file letters alone (see
	// lettersOnly), so that equal FENs read equal positions.
	shredder bool
	half     int32 // halfmove clock
	full     int32 // fullmove number
}

// Side returns the side to move.
func (p *Position) Side() Color { return p.side }

// PieceAt returns the piece on sq, or NoPiece. sq must be a square (0..63):
// NoSquare reads a1 (movegen's PieceAt checks).
func (p *Position) PieceAt(sq Square) Piece { return p.board[sq&63] }

// Pieces returns the squares of c's pieces of type t, which must be Pawn to
// King (movegen's Pieces checks).
func (p *Position) Pieces(c Color, t PieceType) uint64 {
	return p.byType[(t-1)%6] & p.byColor[c&1]
}

// ByType returns the squares of both sides' pieces of type t, which must be
// Pawn to King.
func (p *Position) ByType(t PieceType) uint64 { return p.byType[(t-1)%6] }

// ByColor returns the squares of c's pieces.
func (p *Position) ByColor(c Color) uint64 { return p.byColor[c&1] }

// Occupied returns the occupied squares.
func (p *Position) Occupied() uint64 { return p.byColor[White] | p.byColor[Black] }

// KingSquare returns the square of c's king (a1 if it has none, which only
// the zero Position lacks).
func (p *Position) KingSquare(c Color) Square { return Square(p.kingSq(c)) }

func (p *Position) kingSq(c Color) int { return lsb(p.byType[King-1] & p.byColor[c&1]) }

// Castling returns the castling rights held.
func (p *Position) Castling() CastlingRights { return p.castle }

// CastlingRook returns the square of the rook of right r (one of
// WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside) and true,
// or false if the right is not held (or r is not one right).
func (p *Position) CastlingRook(r CastlingRights) (Square, bool) {
	if p.castle&r == 0 || r&(r-1) != 0 {
		return 0, false
	}
	return Square(p.castleRook[bits.TrailingZeros8(uint8(r))]), true
}

// EnPassant returns the en-passant target square, or NoSquare: the square
// a pawn passed in a double push on the last move, whether or not a pawn
// can capture there (as FEN writes it).
func (p *Position) EnPassant() Square {
	if p.ep == noEP {
		return NoSquare
	}
	return Square(p.ep)
}

// HalfmoveClock returns the plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return int(p.half) }

// FullmoveNumber returns the number of the move, starting at 1 and
// incremented after Black's.
func (p *Position) FullmoveNumber() int { return int(p.full) }

// Key returns the position's Polyglot key (see Play).
func (p *Position) Key() uint64 { return p.key }

// Chess960 reports whether the position is in Chess960 mode: whether UCI
// names its castling moves king takes own rook ("e1h1") rather than king
// two squares ("e1g1"). A position without castling rights is never in
// Chess960 mode (it has no castling move to name).
func (p *Position) Chess960() bool { return p.chess960 }

// SetChess960 switches Chess960 mode on or off. On a position without
// castling rights it changes nothing (see Chess960), nor when the position
// is already in the mode asked for. It refuses to switch Chess960 off
// while a castling right's king or rook stands off the squares of standard
// chess: king two squares could then name another move.
func (p *Position) SetChess960(on bool) error {
	if p.castle == 0 || on == p.chess960 {
		return nil
	}
	if !on && !p.standardCastling() {
		return errStandardCastling
	}
	p.chess960 = on
	p.castleBit = 0
	p.shredder = on // FEN writes HAha in the mode: KQkq reads as standard chess
	if on {
		// Every right's king and rook stand on their standard squares
		// (outside the mode they always do).
		p.castleBit = chess960Bit
		p.castleRook = [4]uint8{}
		for i, sq := range standardRooks {
			if p.castle&(1<<i) != 0 {
				p.castleRook[i] = sq
			}
		}
	} else {
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
	k := p.byType[King-1]
	return k&p.byColor[White] != 0 && k&p.byColor[Black] != 0
}

func (p *Position) occ() uint64 { return p.byColor[White] | p.byColor[Black] }

func (p *Position) put(sq int, pc Piece) {
	b := uint64(1) << sq
	p.byType[pc.Type()-1] |= b
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

// sqName returns the name of square sq (0..63): "a1", ..., "h8".
func sqName(sq int) string { return Square(sq & 63).String() }
