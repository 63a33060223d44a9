package engine

import (
	"errors"
	"strconv"
)

// Error is the error of a call the engine failed: the engine's name (its id
// name, or the program's file name before the handshake gives one), what
// the driver was doing (Op: "start", "handshake", "setoption", "isready",
// "search", ...), what went wrong (Msg, which quotes the engine's line at
// fault), that line (Line, "" when the fault is not a line: a timeout, an
// exit), the tail of the engine's standard error when it exited or was
// killed (Stderr), and the error behind it (Err: ErrExited, ErrTimeout,
// ErrClosed, a context's error, a *movegen.MoveError for a move the
// position does not have; nil otherwise). Its text reads:
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
	// that Close interrupts.
	ErrClosed = errors.New("engine: closed")

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
