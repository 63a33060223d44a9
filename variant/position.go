package variant

import (
	"math/bits"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/movegen"
)

// Position is a position of one of the variants: the pieces, the side to
// move, the castling rights, the en-passant square, the clocks, and what
// the variant adds: the pockets and the promoted pieces (Crazyhouse), the
// checks still to give (Three-check). One type serves the seven: the
// variant is a field, and each rule asks it where the variants differ (see
// the package documentation for why). Positions are values: copy one to
// keep it, and compare them with ==.
//
// The zero Position is no position (NoVariant): it has no moves. Get
// positions from ParseFEN and StartPosition.
type Position struct {
	byType   [7]uint64 // by PieceType; [0] unused
	byColor  [2]uint64
	promoted uint64 // pieces that were pawns (Crazyhouse's pockets, Antichess's kings)
	castle   uint64 // the squares of the rooks that keep a castling right
	board    [64]movegen.Piece
	pocket   [2][5]uint8 // Crazyhouse: by colour, by PieceType-1 (Pawn to Queen)
	checks   [2]uint8    // Three-check: the checks each side has still to give
	variant  Variant
	side     movegen.Color
	ep       uint8 // the square passed by a double push on the last move, or noEP
	half     int32
	full     int32
}

const noEP = 0 // a1: never an en-passant square

// Variant returns the position's variant.
func (p *Position) Variant() Variant { return p.variant }

// Side returns the side to move.
func (p *Position) Side() movegen.Color { return p.side }

// PieceAt returns the piece on sq, or NoPiece (also for NoSquare).
func (p *Position) PieceAt(sq movegen.Square) movegen.Piece {
	if sq > 63 {
		return movegen.NoPiece
	}
	return p.board[sq]
}

// Pieces returns the squares of c's pieces of type t, as a bitboard.
func (p *Position) Pieces(c movegen.Color, t movegen.PieceType) uint64 {
	if t > movegen.King {
		return 0
	}
	return p.byType[t] & p.byColor[c&1]
}

// ByColor returns the squares of c's pieces.
func (p *Position) ByColor(c movegen.Color) uint64 { return p.byColor[c&1] }

// Occupied returns the occupied squares.
func (p *Position) Occupied() uint64 { return p.byColor[0] | p.byColor[1] }

// Promoted returns the squares of the pieces that were pawns: Crazyhouse
// gives a pawn to whoever takes one, and FEN marks them with a ~.
func (p *Position) Promoted() uint64 { return p.promoted }

// Pocket returns how many pieces of type t (Pawn to Queen) side c holds in
// its pocket, ready to drop (Crazyhouse; 0 in the other variants).
func (p *Position) Pocket(c movegen.Color, t movegen.PieceType) int {
	if t < movegen.Pawn || t > movegen.Queen {
		return 0
	}
	return int(p.pocket[c&1][t-1])
}

// RemainingChecks returns the checks side c has still to give to win
// (Three-check: 3 at the start, 0 when it has won; 0 in the other
// variants).
func (p *Position) RemainingChecks(c movegen.Color) int { return int(p.checks[c&1]) }

// CastlingRooks returns the squares of the rooks that keep a castling
// right, as a bitboard (python-chess's castling_rights).
func (p *Position) CastlingRooks() uint64 { return p.castle }

// EnPassant returns the square a pawn passed in a double push on the last
// move, or NoSquare.
func (p *Position) EnPassant() movegen.Square {
	if p.ep == noEP {
		return movegen.NoSquare
	}
	return movegen.Square(p.ep)
}

// HalfmoveClock returns the plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return int(p.half) }

// FullmoveNumber returns the move's number: 1 at the start, one more after
// each of Black's moves.
func (p *Position) FullmoveNumber() int { return int(p.full) }

// KingSquare returns the square of c's king, or NoSquare when it has none
// or more than one (Horde's White has none; Atomic's exploded king is gone;
// Antichess may promote to kings).
func (p *Position) KingSquare(c movegen.Color) movegen.Square {
	if k := p.king(c); k >= 0 {
		return movegen.Square(k)
	}
	return movegen.NoSquare
}

// king returns the square of c's one king, not promoted, or -1, as
// python-chess's Board.king.
func (p *Position) king(c movegen.Color) int {
	k := p.byType[movegen.King] & p.byColor[c&1] &^ p.effectivePromoted()
	if k == 0 || k&(k-1) != 0 {
		return -1
	}
	return bits.TrailingZeros64(k)
}

// effectivePromoted is python-chess's _effective_promoted: the promoted
// pieces that a rule treats as promoted. In Crazyhouse, those but kings and
// pawns (a capture of one gives a pawn); in Antichess, the promoted kings,
// and only while a castling right is held (no king may castle); none in
// the others.
func (p *Position) effectivePromoted() uint64 {
	switch p.variant {
	case Crazyhouse:
		return p.promoted &^ p.byType[movegen.King] &^ p.byType[movegen.Pawn]
	case Antichess:
		if p.castle != 0 {
			return p.byType[movegen.King] & p.promoted
		}
	}
	return 0
}

func (p *Position) occ() uint64 { return p.byColor[0] | p.byColor[1] }

func (p *Position) put(sq int, pc movegen.Piece, promoted bool) {
	b := uint64(1) << sq
	p.byType[pc.Type()] |= b
	p.byColor[pc.Color()] |= b
	p.board[sq] = pc
	if promoted {
		p.promoted |= b
	}
}

// remove takes the piece off sq (if any) and returns it.
func (p *Position) remove(sq int) movegen.Piece {
	pc := p.board[sq]
	if pc == movegen.NoPiece {
		return pc
	}
	b := uint64(1) << sq
	p.byType[pc.Type()] &^= b
	p.byColor[pc.Color()] &^= b
	p.promoted &^= b
	p.board[sq] = movegen.NoPiece
	return pc
}

// attackers returns c's pieces that attack sq on the occupancy occ.
func (p *Position) attackers(c movegen.Color, sq int, occ uint64) uint64 {
	t := &p.byType
	return (attacks.Knight(sq)&t[movegen.Knight] |
		attacks.Pawn(c == movegen.Black, sq)&t[movegen.Pawn] |
		attacks.King(sq)&t[movegen.King] |
		attacks.Rook(sq, occ)&(t[movegen.Rook]|t[movegen.Queen]) |
		attacks.Bishop(sq, occ)&(t[movegen.Bishop]|t[movegen.Queen])) & p.byColor[c&1]
}

// kingsConnected reports whether the kings stand side by side (Atomic: no
// check then, since a capture of one would explode the other).
func (p *Position) kingsConnected() bool {
	w := p.byType[movegen.King] & p.byColor[movegen.White]
	b := p.byType[movegen.King] & p.byColor[movegen.Black]
	for ; w != 0; w &= w - 1 {
		if attacks.King(bits.TrailingZeros64(w))&b != 0 {
			return true
		}
	}
	return false
}

// checkersOf returns the pieces that give check to c's king, as
// python-chess's checkers_mask: none in Antichess, none in Atomic while the
// kings touch, none for a side without one king.
func (p *Position) checkersOf(c movegen.Color) uint64 {
	switch p.variant {
	case NoVariant, Antichess:
		return 0
	case Atomic:
		if p.kingsConnected() {
			return 0
		}
	}
	k := p.king(c)
	if k < 0 {
		return 0
	}
	return p.attackers(c^1, k, p.occ())
}

// InCheck reports whether the side to move is in check (never in
// Antichess, nor in Atomic while the kings touch).
func (p *Position) InCheck() bool { return p.checkersOf(p.side) != 0 }

// Checkers returns the squares of the pieces that give check to the side
// to move.
func (p *Position) Checkers() uint64 { return p.checkersOf(p.side) }

func lsb(b uint64) int { return bits.TrailingZeros64(b) & 63 }
func msb(b uint64) int { return 63 - bits.LeadingZeros64(b) }

const (
	fileA  = 0x0101010101010101
	rank1  = 0xff
	rank2  = rank1 << 8
	rank3  = rank1 << 16
	rank4  = rank1 << 24
	rank5  = rank1 << 32
	rank6  = rank1 << 40
	rank7  = rank1 << 48
	rank8  = rank1 << 56
	center = 1<<27 | 1<<28 | 1<<35 | 1<<36 // d4, e4, d5, e5
	dark   = 0xaa55aa55aa55aa55
)

func backRank(c movegen.Color) uint64 { return rank1 << (56 * uint(c&1)) }
