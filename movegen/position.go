package movegen

import (
	"math/bits"

	"github.com/symmagic/attacks"
)

// How the generator works: it finds the checkers and the pinned pieces once
// per node and limits every piece's targets by them, so it writes only legal
// moves (gen.go), and at the last ply of perft it counts them without
// writing them (a piece's moves cost one popcount). Positions are values: a
// move is made on a copy (copy-make), and the copy that was not changed is
// the undo. How it looks up rook and bishop attacks is all in slider.go.

// noEP is the ep field's "none": a1, never an en-passant square (they are
// on rank 3 or 6), so that the zero Position has none.
const noEP = 0

// Position is a chess position: the pieces, the side to move, the castling
// rights, the en-passant square, the two clocks, and its Polyglot key. The
// zero Position is an empty board with no kings: it has no moves, and its
// FEN is not one ParseFEN accepts. Get positions from ParseFEN,
// StartPosition and Setup.
//
// Positions compare equal (==) when they are the same position with the
// same clocks and the same Chess960 mode and FEN notation, however they
// were reached. (To find a position repeated with other clocks, compare
// keys.)
type Position struct {
	byType  [6]uint64 // both colours, indexed by PieceType - 1
	byColor [2]uint64
	// o is what the slider lookups keep (slider.go): here the occupancy
	// in W layout, kept up to date by every move, so that the lookups need
	// no permute.
	o     keptOcc
	board [64]Piece
	// key is the Polyglot key, kept by every move (play).
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

// PieceAt returns the piece on sq, or NoPiece (also for NoSquare).
func (p *Position) PieceAt(sq Square) Piece {
	if sq > 63 {
		return NoPiece
	}
	return p.board[sq]
}

// Pieces returns the squares of c's pieces of type t, as a bitboard (bit i
// is square i); none for NoPieceType.
func (p *Position) Pieces(c Color, t PieceType) uint64 {
	if t == NoPieceType || t > King {
		return 0
	}
	return p.byType[t-1] & p.byColor[c&1]
}

// ByType returns the squares of both sides' pieces of type t.
func (p *Position) ByType(t PieceType) uint64 {
	if t == NoPieceType || t > King {
		return 0
	}
	return p.byType[t-1]
}

// ByColor returns the squares of c's pieces.
func (p *Position) ByColor(c Color) uint64 { return p.byColor[c&1] }

// Occupied returns the occupied squares.
func (p *Position) Occupied() uint64 { return p.byColor[White] | p.byColor[Black] }

// KingSquare returns the square of c's king (NoSquare in the zero Position).
func (p *Position) KingSquare(c Color) Square {
	k := p.byType[King-1] & p.byColor[c&1]
	if k == 0 {
		return NoSquare
	}
	return Square(lsb(k))
}

// kingSq is the square of c's king, for a position that has one.
func (p *Position) kingSq(c Color) int { return lsb(p.byType[King-1] & p.byColor[c&1]) }

// Castling returns the castling rights held.
func (p *Position) Castling() CastlingRights { return p.castle }

// CastlingRook returns the square of the rook of right r (one of
// WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside) and true,
// or false if the position does not hold it (or r is not one right).
func (p *Position) CastlingRook(r CastlingRights) (Square, bool) {
	if p.castle&r == 0 || r&(r-1) != 0 {
		return 0, false
	}
	return Square(p.castleRook[bits.TrailingZeros8(uint8(r))]), true
}

// EnPassant returns the en-passant square, or NoSquare: the square a pawn
// passed in a double push on the last move, whether or not a pawn can
// capture there, as FEN writes it.
func (p *Position) EnPassant() Square {
	if p.ep == noEP {
		return NoSquare
	}
	return Square(p.ep)
}

// HalfmoveClock returns the plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return int(p.half) }

// FullmoveNumber returns the move's number: 1 at the start, one more after
// each of Black's moves.
func (p *Position) FullmoveNumber() int { return int(p.full) }

// Ply returns the plies played before the position, counted from its
// fullmove number as python-chess's Board.ply does: 2(FullmoveNumber-1), one
// more with Black to move. From the standard start it is the moves played; an
// engine's win-draw-loss model takes it (see package engine's Score.WDL).
func (p *Position) Ply() int {
	n := 2 * (int(p.full) - 1)
	if p.side == Black {
		n++
	}
	return n
}

// Key returns the position's Polyglot key, kept by Play (see the package's
// section on Polyglot keys).
func (p *Position) Key() uint64 { return p.key }

// Chess960 reports whether the position is in Chess960 mode: whether UCI
// names its castling moves king takes rook ("e1h1") rather than king two
// squares ("e1g1"). It is false without castling rights.
func (p *Position) Chess960() bool { return p.chess960 }

// SetChess960 switches Chess960 mode on or off (see the package's Chess960
// section). A position without castling rights is never in the mode: there
// it changes nothing, and Chess960 stays false. Switching it on makes FEN
// write the castling rights as file letters (HAha), which read back in the
// mode. Switching it off is an error, and changes nothing, while a castling
// right's king or rook stands off its square of standard chess: king two
// squares could then name another move. Switching it off also makes FEN
// write the castling rights as KQkq.
func (p *Position) SetChess960(on bool) error {
	if p.castle == 0 || on == p.chess960 {
		return nil
	}
	if !on && !p.standardCastling() {
		return ErrStandardCastling
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

// hasKing reports whether both sides have a king: true of every position
// but the zero one.
func (p *Position) hasKing() bool {
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
