// Package variant plays the variants lichess plays: Crazyhouse, Atomic,
// Antichess, King of the Hill, Three-check, Horde and Racing Kings, by
// lichess's rules, with python-chess's chess.variant deciding the edges.
// It reads and writes each variant's FEN as python-chess and lichess write
// it (Crazyhouse's pockets and promoted pieces, Three-check's counters),
// lists the legal moves (drops among them), names moves in UCI and SAN
// both ways, plays them, and tells a game's end and outcome by the
// variant's rules, with Zobrist keys for the repetition rules.
//
// In five minutes:
//
//	p, err := variant.ParseFEN(variant.Crazyhouse, "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1")
//	if err != nil { ... }                // a *FENError naming the variant and the field
//	p = variant.StartPosition(variant.Atomic)
//	moves := p.LegalMoves(nil)           // variant.Move: drops and king promotions too
//	m, err := p.ParseUCI("N@f3")         // a *MoveError wrapping a *movegen.MoveError says why not
//	m, err = p.ParseSAN("N@f3")          // SAN in; p.SAN(m) out
//	q := p                               // copy-make: p is the undo
//	err = q.Play(m)                      // checked; PlayUnchecked for generated moves
//	fmt.Println(q.FEN(), q.Key(), q.Outcome(nil))
//
// # Design
//
// One Position type serves the seven variants, with the variant as a
// field, rather than a type per variant: a move, a FEN, a key and an
// outcome mean the same in every variant, the rules differ in a few
// places (what a capture does, which moves are legal, when the game ends),
// and a field lets each of those places be a switch that reads as
// lichess's rules do, where seven types would repeat everything else or
// hide it behind an interface that a caller must type-switch through. The
// price is a few bytes a position for what only some variants use (the
// pockets, the check counters): nothing a variant game needs to count.
//
// The package is built over the root package's lookups (attacks.Rook,
// Bishop, Knight, King, Pawn, Between) and movegen's vocabulary (Square,
// Color, Piece, PieceType, Result, and MoveError and SANError inside this
// package's errors); it changes nothing of movegen, whose standard-chess
// generator keeps its speed and its Position its size. Its Move is its own
// 16-bit type, not movegen.Move: a drop has no origin square but a piece
// type, and Antichess promotes to a king, kinds for which movegen.Move's
// three flag bits have no room.
//
// The legal moves are the pseudo-legal moves that the variant's rule
// accepts in the position each leaves, as python-chess's variants define
// them. Where the rule is the king's safety (all but Atomic and
// Antichess), the position left is read from the bitboards, the occupancy
// after the move, without playing it; Atomic's explosions and an
// en-passant capture are played on a copy and tested (make and test), and
// Antichess's rule is its forced captures alone.
//
// Keys are Zobrist keys over everything the repetition rules compare
// (python-chess's _transposition_key): pieces, promoted pieces where they
// count, pockets, checks still to give, castling rooks, a legal en-passant
// capture, the side to move, and the variant. Key computes one from the
// position; History keeps a game's keys and counts repetitions.
package variant
