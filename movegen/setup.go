package movegen

import "github.com/symmagic/attacks/internal/board"

// Setup builds a position without a FEN: put and remove pieces, set the side
// to move, the castling rights, the en-passant square and the clocks, then
// call Position, which checks the whole by ParseFEN's rules and returns
// ParseFEN's errors (the two run one validation). Each setter checks only
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
	s board.Setup
}

// Setup returns the position as a Setup: its pieces, side, castling rights
// (each naming its rook, in the position's notation), en-passant square and
// clocks, so that the Setup's Position is the position (==).
func (p *Position) Setup() Setup { return Setup{p.p.Setup()} }

// Put puts the piece pc on sq, in place of whatever stood there. A square
// outside 0..63 or a pc that is not a piece (NoPiece included: Remove
// empties a square) is an error, and changes nothing.
func (s *Setup) Put(sq Square, pc Piece) error { return s.s.Put(sq, pc) }

// Remove empties sq, whatever stood there (nothing, too). A square outside
// 0..63 is an error.
func (s *Setup) Remove(sq Square) error { return s.s.Remove(sq) }

// PieceAt returns the piece on sq, or NoPiece (also for a square outside
// 0..63).
func (s *Setup) PieceAt(sq Square) Piece { return s.s.PieceAt(sq) }

// SetSide sets the side to move. A colour other than White and Black is an
// error.
func (s *Setup) SetSide(c Color) error { return s.s.SetSide(c) }

// SetCastling sets the castling rights to r (none for 0), each with the
// outermost rook on its wing of its king, the rook X-FEN's K and Q name
// (standard chess's a- and h-file rooks). Bits beyond the four rights are
// an error.
func (s *Setup) SetCastling(r CastlingRights) error { return s.s.SetCastling(r) }

// SetCastlingRook adds the castling right r (one of WhiteKingside,
// WhiteQueenside, BlackKingside, BlackQueenside) with its rook on rook, a
// square of its side's first rank, or NoSquare for the outermost rook on
// r's wing. Anything else is an error. Position checks that a rook of that
// side stands there, on r's wing of its king (kingside: towards the
// h-file).
func (s *Setup) SetCastlingRook(r CastlingRights, rook Square) error {
	return s.s.SetCastlingRook(r, rook)
}

// SetChess960 chooses how the castling rights are named, and so the
// Chess960 mode, as a FEN's castling field does. On, each right is named by
// its rook's file, as Shredder-FEN writes it (HAha), and the position is
// in Chess960 mode whenever it holds a right. Off (the zero Setup's), they
// read as X-FEN's K and Q for the outermost rooks and file letters for
// others, and the position is in Chess960 mode when some right's king or
// rook stands off its square of standard chess, or every right's rook is an
// inner one (see the package's Chess960 section).
func (s *Setup) SetChess960(on bool) { s.s.SetChess960(on) }

// SetEnPassant sets the en-passant square, the square a pawn passed in a
// double push on the last move, or clears it (NoSquare). Any other value
// outside 0..63 is an error.
func (s *Setup) SetEnPassant(sq Square) error { return s.s.SetEnPassant(sq) }

// SetHalfmoveClock sets the halfmove clock. Position checks its range (0
// to 2147483647) and that it is 0 with an en-passant square.
func (s *Setup) SetHalfmoveClock(n int) { s.s.SetHalfmoveClock(n) }

// SetFullmoveNumber sets the fullmove number. Position checks its range (1
// to 2147483647).
func (s *Setup) SetFullmoveNumber(n int) { s.s.SetFullmoveNumber(n) }

// Position returns the position the setup describes, checked by ParseFEN's
// rules: a *FENError naming the FEN field of the rule it breaks, the same
// error ParseFEN returns for the FEN that describes the same position
// (the castling rights as the field that names them: see Setup). One more
// error is the setup's own: a rook named by SetCastlingRook that stands on
// the other wing of its king than its right's (the castling field's
// error). The Setup is left as it was; the position returned is equal (==)
// to the one ParseFEN reads from its FEN.
func (s *Setup) Position() (Position, error) {
	p, err := s.s.Position()
	if err != nil {
		return Position{}, err
	}
	return Position{p}, nil
}
