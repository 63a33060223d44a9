package movegen

import (
	"fmt"
	"math/bits"
)

// Setup builds a position without a FEN: put and remove pieces, set the side
// to move, the castling rights, the en-passant square and the clocks, then
// call Position, which checks the whole by ParseFEN's rules and returns
// ParseFEN's errors (the two run one validation), or StrictPosition, which
// does so by ParseFENStrict's. Each setter checks only
// its own argument: a square outside 0..63, NoPiece where a piece is
// needed, a colour or a right that is none is an error naming the method,
// and changes nothing; everything else is Position's to judge, once the
// setup is complete.
//
// The zero Setup is an empty board, White to move, no castling rights, no
// en-passant square, the halfmove clock 0 and the fullmove number 1. A
// Setup is a value: copy it to try a variation.
//
// A castling right names its rook, as a FEN's castling field does:
// SetCastling gives rights with the outermost rook on each wing of the king
// (the rook that K and Q name in X-FEN: standard chess's corner rooks), and
// SetCastlingRook a right with the rook on a given square (Chess960's inner
// rooks). Position reads them as the castling field that names them (K or Q
// for an outermost rook, the rook's file letter for another), so the
// Chess960 mode and the notation FEN writes are the ones that field would
// give; SetChess960(true) names every right by its file, as Shredder-FEN
// does (HAha).
//
//	var s movegen.Setup
//	s.Put(movegen.Square(4), movegen.MakePiece(movegen.White, movegen.King))   // e1
//	s.Put(movegen.Square(7), movegen.MakePiece(movegen.White, movegen.Rook))   // h1
//	s.Put(movegen.Square(60), movegen.MakePiece(movegen.Black, movegen.King))  // e8
//	s.SetCastling(movegen.WhiteKingside)
//	p, err := s.Position() // 4k3/8/8/8/8/8/8/4K2R w K - 0 1
type Setup struct {
	board [64]Piece
	side  Color
	// castle are the rights asked for; rook[i] is right i's rook, or
	// NoSquare for the outermost rook on its wing (as KQkq name it).
	castle CastlingRights
	rook   [4]Square
	// files: every right is named by its rook's file (Shredder-FEN).
	files bool
	ep    Square
	hasEP bool
	half  int64
	full  int64 // the fullmove number less 1, so that the zero Setup's is 1
}

// SetupError is the error of a Setup method given an argument it cannot
// take: the method (Method, "Put") and what is wrong (Msg). Its text reads
//
//	movegen: setup: Put: square 64 is not a square (a1 = 0 to h8 = 63)
//
// (Setup's Position and StrictPosition return a *FENError, as ParseFEN
// does.)
type SetupError struct {
	Method string
	Msg    string
}

func (e *SetupError) Error() string { return "movegen: setup: " + e.Method + ": " + e.Msg }

func setupErr(method, format string, args ...any) error {
	return &SetupError{Method: method, Msg: fmt.Sprintf(format, args...)}
}

func badSquare(method string, sq Square) error {
	return setupErr(method, "square %d is not a square (a1 = 0 to h8 = 63)", sq)
}

// Setup returns the position as a Setup: its pieces, side, castling rights
// (each naming its rook, in the position's notation), en-passant square and
// clocks, so that the Setup's Position is the position (==).
func (p *Position) Setup() Setup {
	s := Setup{board: p.board, side: p.side, castle: p.castle, files: p.shredder, half: int64(p.half), full: int64(p.full) - 1}
	for i := range s.rook {
		s.rook[i] = Square(p.castleRook[i])
	}
	if p.ep != noEP {
		s.ep, s.hasEP = Square(p.ep), true
	}
	return s
}

// Put puts the piece pc on sq, in place of whatever stood there. A square
// outside 0..63 or a pc that is not a piece (NoPiece included: Remove
// empties a square) is an error, and changes nothing.
func (s *Setup) Put(sq Square, pc Piece) error {
	if sq > 63 {
		return badSquare("Put", sq)
	}
	if pc == NoPiece {
		return setupErr("Put", "NoPiece is not a piece (Remove empties a square)")
	}
	if pc&^(8|7) != 0 || pc.Type() == NoPieceType || pc.Type() > King {
		return setupErr("Put", "%d is not a piece (colour<<3 | type, type Pawn to King)", uint8(pc))
	}
	s.board[sq] = pc
	return nil
}

// Remove empties sq, whatever stood there (nothing, too). A square outside
// 0..63 is an error.
func (s *Setup) Remove(sq Square) error {
	if sq > 63 {
		return badSquare("Remove", sq)
	}
	s.board[sq] = NoPiece
	return nil
}

// PieceAt returns the piece on sq, or NoPiece (also for a square outside
// 0..63).
func (s *Setup) PieceAt(sq Square) Piece {
	if sq > 63 {
		return NoPiece
	}
	return s.board[sq]
}

// SetSide sets the side to move. A colour other than White and Black is an
// error.
func (s *Setup) SetSide(c Color) error {
	if c > Black {
		return setupErr("SetSide", "%d is not a colour (White or Black)", uint8(c))
	}
	s.side = c
	return nil
}

// SetCastling sets the castling rights to r (none for 0), each with the
// outermost rook on its wing of its king, the rook X-FEN's K and Q name
// (standard chess's a- and h-file rooks). Bits beyond the four rights are
// an error.
func (s *Setup) SetCastling(r CastlingRights) error {
	if r > 15 {
		return setupErr("SetCastling", "%#x is not a set of the four rights", uint8(r))
	}
	s.castle = r
	s.rook = [4]Square{NoSquare, NoSquare, NoSquare, NoSquare}
	return nil
}

// SetCastlingRook adds the castling right r (one of WhiteKingside,
// WhiteQueenside, BlackKingside, BlackQueenside) with its rook on rook, a
// square of its side's first rank, or NoSquare for the outermost rook on
// r's wing. Anything else is an error. Position checks that a rook of that
// side stands there, on r's wing of its king (kingside: towards the
// h-file).
func (s *Setup) SetCastlingRook(r CastlingRights, rook Square) error {
	if r == 0 || r > 15 || r&(r-1) != 0 {
		return setupErr("SetCastlingRook", "%#x is not one right (WhiteKingside, WhiteQueenside, BlackKingside or BlackQueenside)", uint8(r))
	}
	i := bits.TrailingZeros8(uint8(r))
	c := Color(i / 2)
	if rook != NoSquare {
		if rook > 63 {
			return badSquare("SetCastlingRook", rook)
		}
		if backRank(c)&(1<<rook) == 0 {
			return setupErr("SetCastlingRook", "the %s right's rook stands on rank %d, not on %s", rightNames[i], 1+7*int(c), rook)
		}
	}
	s.castle |= r
	s.rook[i] = rook
	return nil
}

// SetChess960 chooses how the castling rights are named, and so the
// Chess960 mode, as a FEN's castling field does. On, each right is named by
// its rook's file, as Shredder-FEN writes it (HAha), and the position is
// in Chess960 mode whenever it holds a right. Off (the zero Setup's), they
// read as X-FEN's K and Q for the outermost rooks and file letters for
// others, and the position is in Chess960 mode when some right's king or
// rook stands off its square of standard chess, or every right's rook is an
// inner one (see the package's Chess960 section).
func (s *Setup) SetChess960(on bool) { s.files = on }

// SetEnPassant sets the en-passant square, the square a pawn passed in a
// double push on the last move, or clears it (NoSquare). Any other value
// outside 0..63 is an error.
func (s *Setup) SetEnPassant(sq Square) error {
	if sq == NoSquare {
		s.ep, s.hasEP = 0, false
		return nil
	}
	if sq > 63 {
		return badSquare("SetEnPassant", sq)
	}
	s.ep, s.hasEP = sq, true
	return nil
}

// SetHalfmoveClock sets the halfmove clock. Position checks its range (0
// to 2147483647); StrictPosition also that it is 0 with an en-passant
// square.
func (s *Setup) SetHalfmoveClock(n int) { s.half = int64(n) }

// SetFullmoveNumber sets the fullmove number. Position checks its range (0
// to 2147483647, 0 read as 1); StrictPosition from 1.
func (s *Setup) SetFullmoveNumber(n int) { s.full = int64(n) - 1 }

// Position returns the position the setup describes, checked by ParseFEN's
// rules: a *FENError naming the FEN field of the rule it breaks, the same
// error ParseFEN returns for the FEN that describes the same position
// (the castling rights as the field that names them: see Setup), and an
// en-passant square dropped, a fullmove number of 0 read as 1, where
// ParseFEN does so. One more error is the setup's own: a rook named by
// SetCastlingRook that stands on the other wing of its king than its
// right's (the castling field's error). The Setup is left as it was; the
// position returned is equal (==) to the one ParseFEN reads from its FEN.
func (s *Setup) Position() (Position, error) { return s.position(false) }

// StrictPosition is Position checked by ParseFENStrict's rules, with its
// errors: for a setup that must be a position some game reaches.
func (s *Setup) StrictPosition() (Position, error) { return s.position(true) }

func (s *Setup) position(strict bool) (Position, error) {
	var field []byte
	var want []CastlingRights
	if s.castle&15 != 0 {
		// The placement, for the rooks' files and the outermost ones:
		// checked as a whole by validate, first.
		var p Position
		for sq, pc := range s.board {
			if pc != NoPiece {
				p.put(sq, pc)
			}
		}
		for i := 0; i < 4; i++ {
			if s.castle&(1<<i) == 0 {
				continue
			}
			c, wing := Color(i/2), i&1
			rook := s.rook[i]
			var letter byte
			var w CastlingRights
			switch {
			case rook == NoSquare && !s.files:
				letter = "KQ"[wing]
			case rook == NoSquare:
				letter = "KQ"[wing]
				if r := p.outermostRook(c, wing); r >= 0 {
					letter = byte('A' + r&7)
				}
			case !s.files && p.outermostRook(c, wing) == int(rook):
				letter, w = "KQ"[wing], 1<<i
			default:
				letter, w = byte('A'+rook&7), 1<<i
			}
			if c == Black {
				letter |= 0x20
			}
			field = append(field, letter)
			want = append(want, w)
		}
	} else {
		field = []byte("-")
	}
	return s.validate(string(field), want, strict)
}
