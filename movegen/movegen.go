// Package movegen is a legal chess move generator and position, built on
// package attacks: FEN in and out (Chess960 included), legal moves
// appended to the caller's buffer without allocating, the captures and
// promotions alone for a quiescence search, check, checkmate and
// stalemate, moves made on a copy, UCI move names in both directions,
// Polyglot keys kept move by move, and perft. It is not a chess library:
// there is no SAN, no PGN, no draw rules, no clocks beyond FEN's two.
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
// HAha), and FEN writes it back in the notation read. A castling is legal
// when the squares the king and the rook cross or land on are empty but for
// the two of them, and the king, not in check, crosses or lands on no
// square attacked with the rook off the board. Standard chess is the case
// of a king on e1 and rooks on a1 and h1.
//
// A Position is in Chess960 mode when ParseFEN read a Shredder-FEN castling
// field, or a right whose king or rook stands off its standard square;
// SetChess960 switches it, for an engine that plays Chess960 from the
// standard start. The mode changes only how castling moves are written in
// UCI: king two squares ("e1g1") in standard chess, king takes own rook
// ("e1h1") in Chess960 mode, as UCI_Chess960 has it.
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
// # Bad input
//
// ParseFEN, ParseMove, PlayUCI and SetChess960 return errors naming what
// is wrong, and leave nothing half-changed. No method panics. Play does not
// check its move: give it a move from LegalMoves, Captures or ParseMove,
// or check one from elsewhere (a book, a transposition table) with
// IsLegal. (A move that is not even plausible, no piece of the side to
// move on its square, say, it ignores.)
package movegen

import (
	"errors"
	"math/bits"
	"strconv"

	"github.com/symmagic/attacks/internal/board"
)

// mode is the slider lookup the generator runs: the W lookups on an
// attacks.Occupancy that the position keeps and every move updates. In
// perft it measured 2 to 3 per cent faster than attacks.Rook and
// attacks.Bishop on the plain occupancy, though it executes a little more
// (docs/MOVEGEN.md).
type mode = board.W

// Square is a square, a1 = 0, b1 = 1, ..., h8 = 63.
type Square uint8

// NoSquare is no square: EnPassant's answer when there is none.
const NoSquare Square = 64

// String returns the square's name, "e4", or "-" for NoSquare.
func (s Square) String() string {
	if s > 63 {
		return "-"
	}
	return board.SquareName(int(s))
}

// File returns the square's file, 0 (a) to 7 (h).
func (s Square) File() int { return int(s & 7) }

// Rank returns the square's rank, 0 (rank 1) to 7 (rank 8).
func (s Square) Rank() int { return int(s>>3) & 7 }

// ParseSquare reads a square's name, "a1" to "h8".
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, errors.New("movegen: " + quote(s) + " is not a square (a1 to h8)")
	}
	return Square(s[0]-'a') + 8*Square(s[1]-'1'), nil
}

// Color is a side: White or Black.
type Color uint8

const (
	White Color = iota
	Black
)

// Other returns the other side.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string { return board.Color(c & 1).String() }

// PieceType is a kind of piece, without colour.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// String returns the type's name: "pawn", ..., "king", or "none".
func (t PieceType) String() string {
	if t == NoPieceType || t > King {
		return "none"
	}
	return board.PieceType(t - 1).String()
}

// Piece is a piece of a colour, or NoPiece.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of colour c and type t (NoPiece for
// NoPieceType).
func MakePiece(c Color, t PieceType) Piece {
	if t == NoPieceType || t > King {
		return NoPiece
	}
	return Piece(c&1)<<3 | Piece(t)
}

// Color returns the piece's colour (White for NoPiece).
func (p Piece) Color() Color { return Color(p>>3) & 1 }

// Type returns the piece's type (NoPieceType for NoPiece).
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// String returns the piece's FEN letter: "P", "n", ...; "." for NoPiece.
func (p Piece) String() string {
	if p.Type() == NoPieceType || p.Type() > King {
		return "."
	}
	return string("PNBRQKpnbrqk"[6*int(p.Color())+int(p.Type())-1])
}

func fromBoard(pc board.Piece) Piece {
	if pc == board.NoPiece {
		return NoPiece
	}
	return MakePiece(Color(pc.Color()), PieceType(pc.Type()+1))
}

// CastlingRights is a set of castling rights.
type CastlingRights uint8

const (
	WhiteKingside  = CastlingRights(board.CastleWK) // with the rook on the king's h-file side
	WhiteQueenside = CastlingRights(board.CastleWQ) // with the rook on the king's a-file side
	BlackKingside  = CastlingRights(board.CastleBK)
	BlackQueenside = CastlingRights(board.CastleBQ)
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

// Move is a move of a position, in 16 bits. A castling move is the king's
// square and its own rook's: From is the king's square, To the rook's
// (king takes rook, which names every castling of Chess960 too); String
// writes it as UCI does in the position's mode.
type Move uint16

// NoMove is the zero Move: never a legal move. UCI writes it 0000.
const NoMove Move = 0

// MaxMoves bounds the legal moves of any position: a buffer of this
// capacity never grows. (218 is the most in a position reachable from the
// start; a FEN need not be reachable.)
const MaxMoves = board.MaxMoves

// From returns the square the move starts from (the king's, for castling).
func (m Move) From() Square { return Square(board.Move(m).From()) }

// To returns the square the move goes to (its own rook's, for castling).
func (m Move) To() Square { return Square(board.Move(m).To()) }

// Promotion returns the piece type a pawn promotes to, or NoPieceType.
func (m Move) Promotion() PieceType {
	if t, ok := board.Move(m).Promotion(); ok {
		return PieceType(t + 1)
	}
	return NoPieceType
}

// IsCastle reports whether m is a castling move.
func (m Move) IsCastle() bool { return board.Move(m).IsCastle() }

// IsEnPassant reports whether m is an en-passant capture.
func (m Move) IsEnPassant() bool { return board.Move(m).IsEnPassant() }

// CastlingSquares returns where the king and the rook of a castling move
// land: g1 and f1 when the rook stood on the king's h-file side, else c1
// and d1 (rank 8 for Black).
func (m Move) CastlingSquares() (king, rook Square) {
	k, r := board.Move(m).CastlingSquares()
	return Square(k), Square(r)
}

// String returns the move's UCI name: e2e4, e7e8q, castling e1g1 (or e1h1,
// king takes rook, for a move of a position in Chess960 mode), NoMove 0000.
func (m Move) String() string { return board.Move(m).String() }

// MoveCount is one move's share of a perft: Divide's answer.
type MoveCount struct {
	Move  Move
	Nodes uint64
}

// FENError is the error ParseFEN returns: the field at fault and what is
// wrong with it.
type FENError struct {
	// Field is "fen" (the whole string: the number of fields), "placement",
	// "side", "castling", "en passant", "halfmove clock" or "fullmove
	// number".
	Field string
	Msg   string
}

func (e *FENError) Error() string { return "fen: " + e.Field + ": " + e.Msg }

// MoveError is the error ParseMove and PlayUCI return: the move as given
// and why it is not a legal move of the position.
type MoveError struct {
	UCI string
	Msg string
}

func (e *MoveError) Error() string { return "move " + quote(e.UCI) + ": " + e.Msg }

func quote(s string) string { return strconv.Quote(s) }

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

var start = func() Position {
	p := board.StartPosition()
	board.Normalize[mode](&p)
	return Position{p}
}()

// ParseFEN reads a position from a FEN: six fields, or the first four (the
// clocks then 0 and 1). It accepts only positions the generator can trust:
// one king a side, no pawn on the first or last rank, at most 16 pieces and
// 8 pawns a side, the side not to move not in check, at most two pieces
// giving check, every castling right's king and rook on their first rank,
// and an en-passant square only behind a pawn that can just have
// double-pushed. A FEN it rejects is a *FENError naming the field.
//
// FEN writes back byte for byte every FEN in canonical form: single spaces,
// six fields, runs of empty squares as one digit, the castling rights in
// the order white kingside, white queenside, black kingside, black
// queenside, in the notation read (see the package's Chess960 section), and
// the clocks without leading zeros.
func ParseFEN(fen string) (Position, error) {
	p, err := board.ParseFEN(fen)
	if err != nil {
		var fe *board.FENError
		if errors.As(err, &fe) {
			return Position{}, &FENError{Field: fe.Field, Msg: fe.Msg}
		}
		return Position{}, err
	}
	board.Normalize[mode](&p)
	return Position{p}, nil
}

// FEN returns the position as a FEN (see ParseFEN for the canonical form).
func (p *Position) FEN() string { return p.p.FEN() }

// String returns the FEN.
func (p *Position) String() string { return p.p.FEN() }

// Side returns the side to move.
func (p *Position) Side() Color { return Color(p.p.Side()) }

// Castling returns the castling rights held.
func (p *Position) Castling() CastlingRights { return CastlingRights(p.p.Castling()) }

// CastlingRook returns the square of the rook of right r (one of
// WhiteKingside, ..., BlackQueenside), or false if the position does not
// hold it.
func (p *Position) CastlingRook(r CastlingRights) (Square, bool) {
	sq, ok := p.p.CastlingRook(uint8(r))
	return Square(sq), ok
}

// EnPassant returns the en-passant square, or NoSquare: the square a pawn
// passed in a double push on the last move, whether or not a pawn can
// capture there, as FEN writes it.
func (p *Position) EnPassant() Square { return Square(p.p.EnPassant()) }

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
	return fromBoard(p.p.PieceAt(int(sq)))
}

// Pieces returns the squares of c's pieces of type t, as a bitboard (bit i
// is square i).
func (p *Position) Pieces(c Color, t PieceType) uint64 {
	if t == NoPieceType || t > King {
		return 0
	}
	return p.p.Pieces(board.Color(c&1), board.PieceType(t-1))
}

// ByType returns the squares of both sides' pieces of type t.
func (p *Position) ByType(t PieceType) uint64 {
	if t == NoPieceType || t > King {
		return 0
	}
	return p.p.ByType(board.PieceType(t - 1))
}

// ByColor returns the squares of c's pieces.
func (p *Position) ByColor(c Color) uint64 { return p.p.ByColor(board.Color(c & 1)) }

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
// squares ("e1g1").
func (p *Position) Chess960() bool { return p.p.Chess960() }

// SetChess960 switches Chess960 mode on or off (see the package's Chess960
// section). Switching it off is an error, and changes nothing, while a
// castling right's king or rook stands off its square of standard chess:
// king two squares could then name another move. Switching it off also
// makes FEN write the castling rights as KQkq.
func (p *Position) SetChess960(on bool) error {
	if err := p.p.SetChess960(on); err != nil {
		return errors.New("movegen: Chess960 mode cannot be switched off: " + err.Error())
	}
	return nil
}

// LegalMoves appends the legal moves of the position to buf and returns
// the extended slice. It allocates nothing when buf has room for them
// (MaxMoves always does).
func (p *Position) LegalMoves(buf []Move) []Move {
	if !p.p.HasKing() {
		return buf
	}
	var list board.MoveList
	n := board.Generate[mode](&p.p, &list)
	return appendMoves(buf, list[:n])
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
	n := board.GenerateTactical[mode](&p.p, &list)
	return appendMoves(buf, list[:n])
}

func appendMoves(buf []Move, list []board.Move) []Move {
	for _, m := range list {
		buf = append(buf, Move(m))
	}
	return buf
}

// CountMoves returns the number of legal moves, without listing them.
func (p *Position) CountMoves() int {
	if !p.p.HasKing() {
		return 0
	}
	return board.Count[mode](&p.p)
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
	n := board.Generate[mode](&p.p, &list)
	for _, l := range list[:n] {
		if Move(l) == m {
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
	return !m.IsCastle() && p.p.PieceAt(int(m.To())) != board.NoPiece
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
func (p *Position) Play(m Move) {
	if !p.p.Plausible(board.Move(m)) {
		return
	}
	board.Play[mode](&p.p, board.Move(m))
}

// ParseMove returns the legal move that the UCI string s names: e2e4, e7e8q,
// castling e1g1 (in Chess960 mode e1h1, king takes rook). A malformed or
// illegal move is a *MoveError saying why.
func (p *Position) ParseMove(s string) (Move, error) {
	m, err := board.ParseMove[mode](&p.p, s)
	if err != nil {
		var me *board.MoveError
		if errors.As(err, &me) {
			return NoMove, &MoveError{UCI: me.UCI, Msg: me.Msg}
		}
		return NoMove, err
	}
	return Move(m), nil
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
	return board.Perft[mode](&p.p, depth)
}

// Divide returns, for each legal move, the perft of the position after it
// to depth-1, sorted by the moves' UCI names: the counts by root move that
// perft tools compare to find a bug. A depth below 1 or above MaxPerftDepth
// has none.
func (p *Position) Divide(depth int) []MoveCount {
	if !p.p.HasKing() {
		return nil
	}
	c := board.Divide[mode](&p.p, depth, 1)
	if c == nil {
		return nil
	}
	out := make([]MoveCount, len(c))
	for i, mc := range c {
		out[i] = MoveCount{Move(mc.Move), mc.Nodes}
	}
	return out
}
