// Package syzygy probes Syzygy endgame tablebases, in pure Go, on the
// positions of package movegen: the win/draw/loss value of a position under
// the fifty-move rule (WDL, from the .rtbw files), its distance to zeroing
// (DTZ, from the .rtbz files: the plies to the next capture or pawn move on
// the tables' best line), and the legal moves of a position ranked by the
// tables, as an engine uses them at the root of its search. It reads the
// tables of 3 to 7 pieces that Ronald de Man's generator writes, the ones
// engines and analysis tools probe with Fathom's C code.
//
//	tb, err := syzygy.Open("/tables/3-4-5", "/tables/6-wdl") // lists the tables; each file read when first needed
//	if err != nil { ... }
//	defer tb.Close()
//	p, _ := movegen.ParseFEN("8/8/8/8/B7/N7/K2k4/8 b - - 0 1")
//	wdl, err := tb.ProbeWDL(&p)     // syzygy.Loss: Black loses
//	dtz, err := tb.ProbeDTZ(&p)     // DTZ{Plies: -59, Rounded: true}: it lasts 59 or 60 plies to the next zeroing move
//	moves, err := tb.RootMoves(&p, h) // best first, ranked as Stockfish ranks them; h the game, or nil
//
// # Values
//
// WDL is Loss, BlessedLoss, Draw, CursedWin or Win for the side to move
// (-2 to 2, as Fathom, Stockfish and python-chess number them): a cursed
// win is a win that the fifty-move rule turns into a draw, a blessed loss
// the loss it saves. ProbeWDL counts as if the position were reached by a
// capture or a pawn move (its halfmove clock at 0); RootMoves reads the
// clock, and the game's repetitions.
//
// DTZ is the number of plies to the next zeroing move when the winning
// side zeroes as soon as it can keep the win and the losing side as late as
// it can: positive when the side to move wins, 1 to 100 for a win, beyond
// 100 for a cursed win, negative for losses, 0 for a draw. The tables store
// most distances halved; a DTZ read from them may then be one ply short,
// and its Rounded field says so, as python-chess's documentation and
// shakmaty-syzygy's MaybeRounded do. The generator rounds only where the
// extra ply cannot change the result of a line that starts at a zeroing
// move.
//
// # What a probe needs and refuses
//
// A probe resolves captures by probing the positions they lead to, so it
// needs the tables of those materials too (a missing one is a
// *MissingTableError naming its file); a DTZ probe also needs the DTZ files
// and, for the side to move a DTZ file does not store, looks one ply
// ahead. A position with a castling right is refused (ErrCastling: the
// tables hold none), one with more pieces than the largest table too
// (*TooManyPiecesError). En passant is handled as the tables' author
// specifies: the tables store every position as if no en-passant capture
// were possible, and a probe tries the legal en-passant captures itself,
// taking one that is better than everything else, or that is the only
// legal move.
//
// # Files, memory, threads
//
// Open lists the tables of the directories it is given; each table file is
// mapped into memory (mmap, read-only, on Unix; read into memory elsewhere)
// when a probe first needs it, under a lock taken only then. ProbeWDL and
// ProbeDTZ then take no lock and allocate nothing, so any number of search
// threads may probe one Tablebase at once (RootMoves and RootMovesWDL
// allocate the moves they return). A file that is not a Syzygy table, or
// is corrupt or truncated, is a *TableError, never a crash: from Open when
// its size cannot be a table's, else when a probe first reads it; every
// offset is checked against the file as it is parsed, and every read a
// probe makes against what was parsed.
//
// # Errors
//
// Open's errors are a *DirError (a directory it cannot list, wrapping the
// file system's error, so that errors.Is(err, fs.ErrNotExist) holds for
// one that does not exist; or ErrNoTables) and a *TableError (a table
// file of the wrong size). A probe's are ErrCastling, *TooManyPiecesError,
// *PositionError, *MissingTableError, *TableError (wrapping the file
// system's error for a file that cannot be read), ErrNotOpened for the
// zero Tablebase and, after Close, an error wrapping ErrClosed, which is
// fs.ErrClosed. Every error's text begins "syzygy: ".
//
// docs/SYZYGY.md says how the package was checked against Fathom and
// python-chess, how fast it is, and what is untested.
package syzygy
