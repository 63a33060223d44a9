// Package movegen is a legal chess move generator and position, built on
// package attacks: FEN in and out (Chess960 included), positions set up
// piece by piece (Setup), legal moves appended to the caller's buffer
// without allocating, the captures and promotions alone for a quiescence
// search and the quiet moves alone for staged move ordering, check,
// checkmate and stalemate, whether a move gives check, the attackers of a
// square, static exchange evaluation, the null move, moves made on a copy,
// UCI move names and Standard Algebraic Notation (SAN) in both directions,
// Polyglot keys kept move by move, the draw rules (insufficient material,
// the fifty- and seventy-five-move rules, repetition in a History, and a
// game's Outcome), and perft. It reads and writes no PGN files, and keeps
// no clocks beyond FEN's two.
//
// In five minutes:
//
//	p, err := movegen.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
//	if err != nil { ... }                // a *FENError naming the field
//	var buf [movegen.MaxMoves]movegen.Move
//	moves := p.LegalMoves(buf[:0])       // appends; no allocation
//	q := p                               // copy-make: q is p's copy ...
//	q.Play(moves[0])                     // ... with the move made; p is the undo
//	m, err := p.ParseMove("e1g1")        // UCI in: a *MoveError says why not
//	fmt.Println(m, q.FEN(), q.Key())     // UCI out, FEN out, Polyglot key
//	m, err = p.ParseSAN("O-O")           // SAN in: a *SANError says why not
//	fmt.Println(p.SAN(m))                // SAN out: O-O
//	fmt.Println(q.Outcome(h))            // "*", "1-0 checkmate", ...; h a *History
//	n := p.Perft(3)                      // 97862
//
// A Position is a value of 176 bytes (on 64-bit platforms) with no
// pointers. Play changes it in place; to undo a move, keep the position
// from before it (copy-make: a search keeps one position a ply). This is
// how the generator itself searches: making a move on a copy measured as
// fast as making and unmaking it in place, and it cannot get an unmake
// wrong.
//
// Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63, as in package
// attacks, and bit i of a bitboard is square i.
//
// # Chess960
//
// A castling right names its rook: the castling field of a FEN is read as
// standard chess's KQkq, as X-FEN (KQkq for the outermost rook on that
// wing, a file letter for another) or as Shredder-FEN (file letters alone,
// HAha), and FEN writes it back in the notation read (save the two cases
// below). A castling is legal
// when the squares the king and the rook cross or land on are empty but for
// the two of them, and the king, not in check, crosses or lands on no
// square attacked with the rook off the board. Standard chess is the case
// of a king on e1 and rooks on a1 and h1.
//
// A Position is in Chess960 mode exactly when its FEN says so: when it
// holds a castling right and either its castling field is file letters
// alone (Shredder-FEN) or some right's king or rook stands off its square
// of standard chess. ParseFEN reads the mode so; FEN writes a position in
// the mode whose rights' kings and rooks all stand on the standard squares
// as HAha, and any field that X-FEN would write in file letters alone as
// Shredder-FEN, so that it reads back the same. A position without rights
// is never in the mode: play leaves it with the last right, and
// SetChess960(true), for an engine that plays Chess960 from the standard
// start, does nothing there. The mode changes only how castling moves are
// written in UCI: king two squares ("e1g1") in standard chess, king takes
// own rook ("e1h1") in Chess960 mode, as UCI_Chess960 has it.
//
// # Polyglot keys
//
// Key is the position's Polyglot key, kept by Play with a few table loads
// a move, equal to the key that Polyglot opening books are indexed by
// (the en-passant file counts only when a pawn of the side to move stands
// beside the pawn that just double-pushed). Polyglot defines no key for
// Chess960: there a right counts as standard chess's right of its side and
// wing.
//
// # Search
//
// Beside its moves, a search asks of a position: Quiets, the legal moves
// that Captures does not list (the two halves of LegalMoves, no move in
// both), for staged move ordering; GivesCheck, whether a move checks,
// without making it; Attackers and AttackersTo, the pieces that attack a
// square for any occupancy (take pieces off it and the sliders behind them
// join in); SEE, static exchange evaluation as a threshold test, with the
// values PawnValue to KingValue; and the null move, Play(NoMove) (UCI's
// 0000), which passes the turn when the side to move is not in check: the
// side changes, the en-passant square and its part of the key go, the
// halfmove clock advances (a null move takes nothing and moves no pawn)
// and, after Black's, the fullmove number; the position reads back from
// its FEN like any other. None of them allocates.
//
// # Bad input
//
// ParseFEN, ParseMove, PlayUCI, ParseSAN, PlaySAN, ParseSquare,
// SetChess960 and Setup's methods return errors naming what is wrong, each
// reading "movegen: " once ("movegen: FEN castling: ...", "movegen: move
// \"e1f2\": ...", "movegen: SAN \"Nd2\": ambiguous: Nbd2, Nfd2",
// "movegen: setup: Put: ..."), and leave nothing half-changed. No method
// panics. Play does not check its move: give it a move from LegalMoves,
// Captures, Quiets, ParseMove or ParseSAN, or check one from elsewhere (a
// book, a transposition table) with IsLegal. (A move that is not even
// plausible, no piece of the side to move on its square, say, it ignores.)
package movegen

import (
	"math/bits"

	"github.com/symmagic/attacks/internal/board"
)

// The vocabulary is package board's, the generator's own: these are
// aliases, so that a value passes between the two with no conversion. Go's
// documentation tools list no methods for an alias of another package's
// type, so each alias's comment lists them.

// Square is a square, a1 = 0, b1 = 1, ..., h8 = 63, as in package attacks
// (bit i of a bitboard is square i); NoSquare (64) is none. Its methods:
//
//	func (s Square) String() string // "e4"; "-" for NoSquare
//	func (s Square) File() int      // 0 (a) to 7 (h)
//	func (s Square) Rank() int      // 0 (rank 1) to 7 (rank 8)
type Square = board.Square

// NoSquare is no square: EnPassant's answer when there is none.
const NoSquare = board.NoSquare

// ParseSquare reads a square's name, "a1" to "h8". Its error reads
// `movegen: "e9" is not a square (a1 to h8)`.
func ParseSquare(s string) (Square, error) { return board.ParseSquare(s) }

// Color is a side: White or Black. Its methods:
//
//	func (c Color) Other() Color   // the other side
//	func (c Color) String() string // "white" or "black"
type Color = board.Color

// The sides.
const (
	White = board.White
	Black = board.Black
)

// PieceType is a kind of piece, without colour: Pawn (1) to King (6), or
// NoPieceType (0). Its method:
//
//	func (t PieceType) String() string // "pawn", ..., "king"; "none" for NoPieceType
type PieceType = board.PieceType

// The piece types.
const (
	NoPieceType = board.NoPieceType
	Pawn        = board.Pawn
	Knight      = board.Knight
	Bishop      = board.Bishop
	Rook        = board.Rook
	Queen       = board.Queen
	King        = board.King
)

// Piece is a piece of a colour, colour<<3 | type, or NoPiece (0). Its
// methods:
//
//	func (p Piece) Color() Color    // White for NoPiece
//	func (p Piece) Type() PieceType // NoPieceType for NoPiece
//	func (p Piece) String() string  // the FEN letter, "P", "n", ...; "." for NoPiece
type Piece = board.Piece

// NoPiece is an empty square.
const NoPiece = board.NoPiece

// MakePiece returns the piece of colour c and type t (NoPiece for
// NoPieceType).
func MakePiece(c Color, t PieceType) Piece { return board.MakePiece(c, t) }

// CastlingRights is a set of castling rights, one bit each. A right names
// its rook (see Position.CastlingRook): kingside is the rook on the king's
// h-file side, queenside the one on its a-file side, in Chess960 too. Its
// method:
//
//	func (r CastlingRights) String() string // "KQkq", "Kq", ...; "-" for none
//
// (FEN's castling field names Chess960 rooks too; see Position.FEN.)
type CastlingRights = board.CastlingRights

// The castling rights.
const (
	WhiteKingside  = board.WhiteKingside  // with the rook on the king's h-file side
	WhiteQueenside = board.WhiteQueenside // with the rook on the king's a-file side
	BlackKingside  = board.BlackKingside
	BlackQueenside = board.BlackQueenside
)

// Move is a move of a position, in 16 bits. A castling move is the king's
// square and its own rook's: From is the king's square, To the rook's (king
// takes rook, which names every castling of Chess960 too); String writes it
// as UCI does in the position's mode. Its methods:
//
//	func (m Move) From() Square                         // the king's square, for castling
//	func (m Move) To() Square                           // its own rook's square, for castling
//	func (m Move) Promotion() PieceType                 // the type promoted to, or NoPieceType
//	func (m Move) IsCastle() bool                       // a castling move
//	func (m Move) IsEnPassant() bool                    // an en-passant capture
//	func (m Move) IsDoublePush() bool                   // a pawn's two-square step
//	func (m Move) CastlingSquares() (king, rook Square) // where a castling's king and rook land
//	func (m Move) String() string                       // the UCI name: e2e4, e7e8q, e1g1 (e1h1 in Chess960 mode), 0000
//
// CastlingSquares answers g1 and f1 when the rook stood on the king's
// h-file side, else c1 and d1 (rank 8 for Black).
type Move = board.Move

// NoMove is the zero Move: never a legal move, but the null move to Play
// and ParseMove. UCI writes it 0000.
const NoMove = board.NoMove

// MaxMoves bounds the legal moves of any position: a buffer of this
// capacity never grows. (218 is the most in a position reachable from the
// start; a FEN need not be reachable.)
const MaxMoves = board.MaxMoves

// MoveCount is one move's share of a perft, Divide's answer: the fields
// Move and Nodes.
type MoveCount = board.MoveCount

// FENError is the error ParseFEN returns: the field at fault and what is
// wrong with it. Field is "placement", "side", "castling", "en passant",
// "halfmove clock" or "fullmove number", or "" for the whole string (the
// number of fields); Msg says what is wrong. Its text is one line read as
// "movegen: FEN" and the field, then Msg:
//
//	movegen: FEN: 3 fields, want 6 (placement, side, castling, en passant, halfmove clock, fullmove number) or the first 4
//	movegen: FEN castling: K needs a white rook on rank 1 on the h-file side of the white king (on e1)
//
// A rule that ties two fields together names the one that the other makes
// wrong: an en-passant square with a halfmove clock above 0 is the
// "halfmove clock", a check that the double push the en-passant square
// tells of cannot have given is the "en passant" field's, and a placement
// no game reaches (an impossible double check, too many promoted pieces)
// is the "placement".
type FENError = board.FENError

// MoveError is the error ParseMove and PlayUCI return: the move as given
// (UCI) and why it is not a legal move of the position (Msg). Its text
// reads:
//
//	movegen: move "e1f2": a white king on e1 cannot take its own pawn on f2
type MoveError = board.MoveError

// StartFEN is the initial position's FEN.
const StartFEN = board.StartFEN

// Position is a chess position: the pieces, the side to move, the castling
// rights, the en-passant square, the two clocks, and its Polyglot key. The
// zero Position is an empty board with no kings: it has no moves, and its
// FEN is not one ParseFEN accepts. Get positions from ParseFEN and
// StartPosition.
//
// Positions compare equal (==) when they are the same position with the
// same clocks and the same Chess960 mode and FEN notation, however they
// were reached. (To find a position repeated with other clocks, compare
// keys.)
type Position struct {
	p board.Position
}

// StartPosition returns the initial position.
func StartPosition() Position { return start }

var start = Position{board.StartPosition()}

// ParseFEN reads a position from a FEN: six fields, or the first four (the
// clocks then 0 and 1). It accepts only positions the generator can trust
// and no rule shows unreachable: one king a side, no pawn on the first or
// last rank, at most 16 pieces a side, at most 8 pawns and promoted pieces
// a side (the queens beyond one, the rooks and knights beyond two, the
// bishops beyond one on each colour of square count as promoted), the side
// not to move not in check, at most two pieces giving check and two only
// if a move can give that double check (some move of the other side, taken
// back, leaves the king unattacked; castling never gives one), every
// castling right's king and rook on their first rank, and an en-passant
// square only behind a pawn that can just have double-pushed, with the
// halfmove clock 0 and any check one that push gave or uncovered. A FEN it
// rejects is a *FENError naming the field.
//
// The position is in Chess960 mode exactly when it holds a castling right
// and the castling field is file letters alone or names a king or rook off
// its square of standard chess (see the package's Chess960 section), so a
// position and the one read from its FEN are equal (==), with the same
// FEN, mode and move names.
//
// FEN writes back byte for byte every FEN in canonical form: single spaces,
// six fields, runs of empty squares as one digit, the castling rights in
// the order white kingside, white queenside, black kingside, black
// queenside, in the notation read (see the package's Chess960 section), and
// the clocks without leading zeros.
func ParseFEN(fen string) (Position, error) {
	p, err := board.ParseFEN(fen)
	if err != nil {
		return Position{}, err
	}
	return Position{p}, nil
}

// FEN returns the position as a FEN (see ParseFEN for the canonical form).
func (p *Position) FEN() string { return p.p.FEN() }

// String returns the FEN.
func (p *Position) String() string { return p.p.FEN() }

// Side returns the side to move.
func (p *Position) Side() Color { return p.p.Side() }

// Castling returns the castling rights held.
func (p *Position) Castling() CastlingRights { return p.p.Castling() }

// CastlingRook returns the square of the rook of right r (one of
// WhiteKingside, ..., BlackQueenside), or false if the position does not
// hold it.
func (p *Position) CastlingRook(r CastlingRights) (Square, bool) {
	return p.p.CastlingRook(r)
}

// EnPassant returns the en-passant square, or NoSquare: the square a pawn
// passed in a double push on the last move, whether or not a pawn can
// capture there, as FEN writes it.
func (p *Position) EnPassant() Square { return p.p.EnPassant() }

// HalfmoveClock returns the plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return p.p.HalfmoveClock() }

// FullmoveNumber returns the move's number: 1 at the start, one more after
// each of Black's moves.
func (p *Position) FullmoveNumber() int { return p.p.FullmoveNumber() }

// PieceAt returns the piece on sq, or NoPiece (also for NoSquare).
func (p *Position) PieceAt(sq Square) Piece {
	if sq > 63 {
		return NoPiece
	}
	return p.p.PieceAt(sq)
}

// Pieces returns the squares of c's pieces of type t, as a bitboard (bit i
// is square i).
func (p *Position) Pieces(c Color, t PieceType) uint64 {
	if t == NoPieceType || t > King {
		return 0
	}
	return p.p.Pieces(c, t)
}

// ByType returns the squares of both sides' pieces of type t.
func (p *Position) ByType(t PieceType) uint64 {
	if t == NoPieceType || t > King {
		return 0
	}
	return p.p.ByType(t)
}

// ByColor returns the squares of c's pieces.
func (p *Position) ByColor(c Color) uint64 { return p.p.ByColor(c) }

// Occupied returns the occupied squares.
func (p *Position) Occupied() uint64 { return p.p.Occupied() }

// KingSquare returns the square of c's king (NoSquare in the zero Position).
func (p *Position) KingSquare(c Color) Square {
	k := p.Pieces(c, King)
	if k == 0 {
		return NoSquare
	}
	return Square(bits.TrailingZeros64(k))
}

// Key returns the position's Polyglot key.
func (p *Position) Key() uint64 { return p.p.Key() }

// Chess960 reports whether the position is in Chess960 mode: whether UCI
// names its castling moves king takes rook ("e1h1") rather than king two
// squares ("e1g1"). It is false without castling rights.
func (p *Position) Chess960() bool { return p.p.Chess960() }

// SetChess960 switches Chess960 mode on or off (see the package's Chess960
// section). A position without castling rights is never in the mode: there
// it changes nothing, and Chess960 stays false. Switching it on makes FEN
// write the castling rights as file letters (HAha), which read back in the
// mode. Switching it off is an error, and changes nothing, while a castling
// right's king or rook stands off its square of standard chess: king two
// squares could then name another move. Switching it off also makes FEN
// write the castling rights as KQkq.
func (p *Position) SetChess960(on bool) error { return p.p.SetChess960(on) }

// LegalMoves appends the legal moves of the position to buf and returns
// the extended slice. It allocates nothing when buf has room for them
// (MaxMoves always does).
func (p *Position) LegalMoves(buf []Move) []Move {
	if !p.p.HasKing() {
		return buf
	}
	var list board.MoveList
	n := board.Generate(&p.p, &list)
	return append(buf, list[:n]...)
}

// Captures appends the legal captures (en passant included) and the legal
// promotions, capturing or not and to every piece, to buf and returns the
// extended slice: the moves of a quiescence search. In check they are the
// captures and promotions that answer the check. It allocates nothing when
// buf has room for them.
func (p *Position) Captures(buf []Move) []Move {
	if !p.p.HasKing() {
		return buf
	}
	var list board.MoveList
	n := board.GenerateTactical(&p.p, &list)
	return append(buf, list[:n]...)
}

// CountMoves returns the number of legal moves, without listing them.
func (p *Position) CountMoves() int {
	if !p.p.HasKing() {
		return 0
	}
	return board.Count(&p.p)
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.p.InCheck() }

// IsCheckmate reports whether the side to move is checkmated: in check,
// with no legal move.
func (p *Position) IsCheckmate() bool { return p.InCheck() && p.CountMoves() == 0 }

// IsStalemate reports whether the side to move is stalemated: not in check,
// with no legal move.
func (p *Position) IsStalemate() bool { return p.p.HasKing() && !p.InCheck() && p.CountMoves() == 0 }

// IsLegal reports whether m is a legal move of the position.
func (p *Position) IsLegal(m Move) bool {
	if !p.p.HasKing() {
		return false
	}
	var list board.MoveList
	n := board.Generate(&p.p, &list)
	for _, l := range list[:n] {
		if l == m {
			return true
		}
	}
	return false
}

// IsCapture reports whether the legal move m takes a piece (en passant
// included; castling never does).
func (p *Position) IsCapture(m Move) bool {
	if m.IsEnPassant() {
		return true
	}
	return !m.IsCastle() && p.p.PieceAt(m.To()) != NoPiece
}

// Play makes the move m, which must be legal: one of LegalMoves, Captures
// or ParseMove's (Play does not check; IsLegal does). The key, the rights,
// the en-passant square and the clocks follow. To undo it, keep a copy of
// the position from before (copy-make). A move that is not even plausible
// (no piece of the side to move on its square, a capture of a king or of
// its own side's piece, a pawn reaching the last rank without promoting,
// a castling without the right or over occupied squares, ...) changes
// nothing; any other illegal move leaves a position the generator still
// runs on, but not one of the game.
//
// Play(NoMove) makes the null move, when the side to move is not in check
// (in check it changes nothing): see the package's section on search.
func (p *Position) Play(m Move) {
	if !p.p.Plausible(m) {
		if m == NoMove && p.p.HasKing() && !p.p.InCheck() {
			board.PlayNull(&p.p)
		}
		return
	}
	board.Play(&p.p, m)
}

// ParseMove returns the legal move that the UCI string s names: e2e4, e7e8q,
// castling e1g1 (in Chess960 mode e1h1, king takes rook); and 0000, the null
// move NoMove, when the side to move is not in check (see Play). A
// malformed or illegal move is a *MoveError saying why.
func (p *Position) ParseMove(s string) (Move, error) {
	return board.ParseMove(&p.p, s)
}

// PlayUCI plays the legal move that the UCI string s names (see
// ParseMove); on an error it changes nothing.
func (p *Position) PlayUCI(s string) error {
	m, err := p.ParseMove(s)
	if err != nil {
		return err
	}
	p.Play(m)
	return nil
}

// MaxPerftDepth is the deepest perft Perft and Divide run.
const MaxPerftDepth = board.MaxPerftDepth

// Perft returns the number of leaf nodes of the legal game tree to depth
// plies (1 at depth 0; 0 at a depth below 0 or above MaxPerftDepth),
// counting the last ply's moves without making them (bulk counting), on
// one goroutine.
func (p *Position) Perft(depth int) uint64 {
	if !p.p.HasKing() {
		if depth == 0 {
			return 1
		}
		return 0
	}
	return board.Perft(&p.p, depth)
}

// Divide returns, for each legal move, the perft of the position after it
// to depth-1, sorted by the moves' UCI names: the counts by root move that
// perft tools compare to find a bug. A depth below 1 or above MaxPerftDepth
// has none.
func (p *Position) Divide(depth int) []MoveCount {
	if !p.p.HasKing() {
		return nil
	}
	return board.Divide(&p.p, depth, 1)
}
