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
//	q.PlayUnchecked(moves[0])            // ... with a generated move made; p is the undo
//	m, err := p.ParseUCI("e1g1")        // UCI in: a *MoveError says why not
//	err = q.Play(m)                      // checked: a *MoveError, and no change, if m is not legal
//	fmt.Println(m, q.FEN(), q.Key())     // UCI out, FEN out, Polyglot key
//	m, err = p.ParseSAN("O-O")           // SAN in: a *SANError says why not
//	fmt.Println(p.SAN(m))                // SAN out: O-O
//	fmt.Println(q.Outcome(h))            // "*", "1-0 checkmate", ...; h a *History
//	n := p.Perft(3)                      // 97862
//
// A Position is a value of 168 bytes (on 64-bit platforms) with no
// pointers. Play and PlayUnchecked change it in place; to undo a move, keep the position
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
// Key is the position's Polyglot key, kept by Play and PlayUnchecked with
// a few table loads a move, equal to the key that Polyglot opening books are indexed by
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
// values PawnValue to KingValue; and the null move, PlayNull (UCI's
// 0000, which Play(NoMove) makes too), which passes the turn when the side to move is not in check: the
// side changes, the en-passant square and its part of the key go, the
// halfmove clock advances (a null move takes nothing and moves no pawn)
// and, after Black's, the fullmove number; the position reads back from
// its FEN like any other. IsLegal checks a move from a transposition
// table, a killer slot or a book without generating the moves;
// MovedPiece and CapturedPiece name the pieces a move moves and takes (a
// castling move's To is its own rook, and en passant takes beside its
// target square). A History counts repetitions as engines do: never
// across a null move. None of them allocates.
//
// A recursive search keeps one position a ply and allocates nothing when
// the child position is declared once per call, before the loop over the
// moves, or kept in an array indexed by ply (see Example_perft, perft
// written so, and Example_negamax):
//
//	var child movegen.Position
//	for _, m := range p.LegalMoves(buf[:0]) {
//		child = *p
//		child.PlayUnchecked(m)
//		score := -search(&child, depth-1)
//		...
//
// Declared inside the loop, child := *p allocates it on every node (168
// bytes): its address flows into the recursive call's parameter, a
// variable that outlives one turn of the loop, so escape analysis moves
// the child to the heap, although the search never keeps it (go build
// -gcflags=-m says "moved to heap"). BenchmarkSearchCopy measures the two.
//
// # UCI
//
// ParseUCIPosition reads the command "position startpos|fen ... moves
// ..." into the position and a History of the game, with UCI_Chess960's
// castling; Move.AppendUCI writes a move's name into the caller's buffer
// ("bestmove e2e4") without allocating; ParseUCI reads one;
// ClaimableDrawWith tells whether the move about to be made lets the
// engine claim a draw.
//
// # Bad input
//
// ParseFEN, ParseFENStrict, ParseUCI, PlayUCI, MoveFrom, Play, PlayNull,
// ParseUCIPosition, ParseSAN, PlaySAN, ParseSquare, SetChess960 and
// Setup's methods return errors naming what is wrong, each reading
// "movegen: " once ("movegen: FEN castling: ...", "movegen: move
// \"e1f2\": ...", "movegen: SAN \"Nd2\": ambiguous: Nbd2, Nfd2",
// "movegen: UCI position: move 3 ...", "movegen: setup: Put: ..."), of
// exported types that errors.As finds (*FENError, *MoveError, *SANError,
// *UCIError, *SquareError, *SetupError; ErrStandardCastling for
// errors.Is). Each call that returns an error changes nothing then, but
// ParseUCIPosition, which returns the position and History as far as its
// last good move with its error. No method panics on a value of the
// package's types but the constructors and methods that take a Square
// (NewMove and its siblings, MoveFrom), which panic on a square outside
// 0..63, naming the function and the value, and PlayUnchecked, which does
// not check its move: give it a move from LegalMoves, Captures, Quiets,
// ParseUCI or ParseSAN, or one IsLegal accepts; Play checks.
//
// ParseFEN reads FENs as programs write them: a position the rules of play
// can run on (one king a side, no pawn on the first or last rank, the side
// not to move not in check, at most 16 pieces and 8 pawns a side), a
// fullmove number of 0 read as 1, an en-passant square no double push can
// have left dropped. ParseFENStrict also rejects what no game reaches: an
// en-passant square with a halfmove clock above 0, a check the recorded
// double push did not give or a check it blocked, three checkers or a
// double check no move gives, more promoted pieces than missing pawns.
package movegen
