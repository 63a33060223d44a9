package engine

import (
	"errors"
	"io/fs"
	"strconv"
)

// Error is the error of a call the engine failed: the engine's name (its id
// name, or the program's file name before the handshake gives one), what
// the driver was doing (Op: "start", "handshake", "setoption", "isready",
// "search", ...), what went wrong (Msg, which quotes the engine's line at
// fault), that line (Line, "" when the fault is not a line: a timeout, an
// exit), the tail of the engine's standard error when it exited or was
// killed or closed (Stderr), and the error behind it (Err: ErrExited,
// ErrTimeout, ErrClosed, a context's error, a *movegen.MoveError for a
// move the position does not have, a *movegen.FENError for a game's start
// that is no position, the error of os/exec for a program that cannot
// start, strconv's for a number that does not read; nil otherwise), which
// errors.Is and errors.As find. A search that was being stopped (its
// context ended, or a fault) when the engine's end came keeps both causes
// in Err (errors.Join): ErrTimeout and context.Canceled, say. Its text
// reads:
//
//	engine: Fake: setoption: the engine answered "No such option: Hash" to setoption name Hash value 32
//	engine: Fake: search: info line "info depth 2 pv a2a3 e1e8": pv move 2 "e1e8": movegen: move "e1e8": ...
//	engine: Fake: search: the engine exited (exit status 3) before bestmove; stderr: "fake: simulated crash"
//	engine: Stockfish 15.1: search: no bestmove within 5s of stop (after context canceled): killed
type Error struct {
	Engine string
	Op     string
	Msg    string
	Line   string
	Stderr string
	Err    error
}

func (e *Error) Error() string {
	s := "engine: " + e.Engine + ": " + e.Op + ": " + e.Msg
	if e.Stderr != "" {
		s += "; stderr: " + strconv.Quote(e.Stderr)
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

var (
	// ErrClosed is behind the error of every call after Close, and of a call
	// that Close interrupts (a search among them). It is fs.ErrClosed, the
	// same value as os.ErrClosed and as the ErrClosed of every package of
	// this module: errors.Is(err, fs.ErrClosed) holds for any of them. The
	// *Error's text says "the engine was closed".
	ErrClosed = fs.ErrClosed

	// ErrExited is behind the error of a call during which the engine's
	// process ended (or closed its output) on its own: a crash, an exit
	// mid-search. Every later call fails with the same error.
	ErrExited = errors.New("engine: the engine exited")

	// ErrTimeout is behind the error of a call the engine did not answer
	// in time: no uciok or readyok within Config.ReplyTimeout, no bestmove
	// within Config.StopTimeout of a stop. The driver then kills the engine,
	// and every later call fails with the same error.
	ErrTimeout = errors.New("engine: no answer in time")
)

// wrapped is an error of the driver's own words whose cause is err (nil
// for none): errors.Unwrap gives the cause, which the *Error built from it
// keeps as its Err.
type wrapped struct {
	msg string
	err error
}

func (w *wrapped) Error() string { return w.msg }
func (w *wrapped) Unwrap() error { return w.err }
