// Package engine drives chess engines that speak UCI (the Universal Chess
// Interface), such as Stockfish, on package movegen's positions and moves:
// it starts the engine's process, runs the handshake, sets options checked
// against those the engine declared, sends a game as its start position and
// moves, and reads the search's info lines into typed values, every move
// checked against the position.
//
//	e, err := engine.Start(ctx, engine.Config{Path: "stockfish"})
//	if err != nil { ... }                      // an *engine.Error
//	defer e.Close()                             // quit, then kill; the process waited for
//	err = e.SetOption(ctx, "Hash", "64")        // checked against the declared options
//	a, err := e.Analyse(ctx, engine.Game{Start: p, Moves: ms}, engine.Limit{Depth: 18, MultiPV: 3})
//	for _, l := range a.Lines { fmt.Println(l.Score, l.PV) } // the last line of each multipv
//	m, ponder, err := e.Play(ctx, game, engine.Limit{WTime: w, BTime: b, WInc: inc, BInc: inc})
//
//	s, err := e.Search(ctx, game, engine.Limit{Infinite: true}) // streaming
//	for s.Next() { info := s.Info(); ... }     // each info line as it comes
//	a, err = s.Wait()                           // after s.Stop(), or ctx's end
//
// # Scores
//
// A line's Score and WDL are from its side to move's point of view, Turn;
// Info.ScoreFor and Info.WDLFor give them from either color's
// (python-chess's PovScore.white() and pov(color)). Score.CP, Score.WDL,
// Score.Compare, Score.Neg and WDL.Expectation are python-chess 1.11.2's
// score(mate_score=), wdl(model="sf", ply=), order, negation and
// expectation(); a mate given (python-chess's MateGiven, the other side's
// view of "mate 0") is a Score with Given set.
//
// # Contexts, goroutines and processes
//
// Every call that waits for the engine takes a context. Start's bounds the
// start alone; a Search's bounds the search: when it ends, the driver sends
// stop and reads up to the engine's bestmove, within Config.StopTimeout,
// and kills an engine that does not answer. uciok and readyok are awaited
// for at most Config.ReplyTimeout beyond the context. A context that has
// ended fails a call before it sends anything. Close sends quit, waits up
// to Config.QuitTimeout, then kills; on every path the process is waited
// for (no zombie) and the driver's two goroutines (one reads the engine's
// output, one waits for its exit) end. An Engine is safe for concurrent
// use: calls take turns, and a Search holds the engine until it ends. A
// call under way when Close is called, a search among them, ends with
// ErrClosed, whatever the engine answers to quit.
//
// # Faults
//
// Every error is an *Error naming the engine, what the driver was doing
// and what went wrong, quoting the engine's line at fault and, when the
// engine exited or was killed, the tail of its standard error. A line the
// engine should not have written (an info line that does not read, a pv
// move the position does not have, a line longer than MaxLineBytes) ends
// the search with an error: the driver sends stop and reads up to bestmove,
// and the engine stays usable. An engine that exits, closes its output or
// does not answer in time is killed, and every call waiting for it and
// every later call returns the same error (ErrExited, ErrTimeout), the
// engine's standard error in it, up to Close, which returns it too: after
// Close, calls return ErrClosed. An option the engine rejects (any line
// but info between setoption and readyok) is an error quoting its answer;
// the engine stays usable. Lines UCI does not define are skipped, as UCI
// asks.
//
// The causes are kept: errors.Is and errors.As find, through the *Error,
// ErrExited, ErrTimeout, ErrClosed (which is fs.ErrClosed), the context's
// error, the *movegen.MoveError of a move that is not legal in its
// position (a game's, a search move's, or one the engine wrote), and the
// error of os/exec for a program that cannot start. A nil context, the
// zero Engine and the zero Search are errors from the calls that return
// one.
//
// # Chess960
//
// A game whose start position is in Chess960 mode (movegen's) switches the
// engine's UCI_Chess960 option on for the search, and castling is written
// king takes rook both ways; a standard game switches it off, unless the
// caller set it with SetOption. The moves the driver returns are always in
// the notation of the caller's position.
//
// # Variants
//
// PlayVariant and AnalyseVariant search a VariantGame, a game of one of
// package variant's variants (Crazyhouse, Atomic, Antichess, King of the
// Hill, Three-check, Horde, Racing Kings), on an engine that offers the
// variant among its UCI_Variant option's values, as Fairy-Stockfish does:
// the driver sets UCI_Variant to the variant's UCI name before the
// search, and back to "chess" before a standard game's. Every move the
// engine writes is checked by the variant's rules and given as a
// variant.Move (Analysis.VariantBestMove, Info.VariantPV); drops are sent
// and read as N@f3.
package engine
