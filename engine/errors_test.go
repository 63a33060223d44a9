package engine_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/symmagic/attacks/engine"
	"github.com/symmagic/attacks/movegen"
)

// The error vocabulary (docs/ERRORS.md): every error is an *engine.Error,
// and errors.Is and errors.As find its cause through it.

// ops are the calls' Op in their errors.
var ops = map[string]string{"IsReady": "isready", "NewGame": "ucinewgame", "SetOption": "setoption",
	"Search": "search", "Analyse": "search", "Play": "play"}

// checkError checks that err is an *engine.Error naming op, with want in
// its text.
func checkError(t *testing.T, call string, err error, op, want string) *engine.Error {
	t.Helper()
	var ee *engine.Error
	if !errors.As(err, &ee) {
		t.Errorf("%s: %v (%T), not an *engine.Error", call, err, err)
		return nil
	}
	if ee.Op != op || !strings.Contains(err.Error(), want) {
		t.Errorf("%s: %q, want op %s and %q", call, err, op, want)
	}
	return ee
}

func TestErrClosedIsFSErrClosed(t *testing.T) {
	if engine.ErrClosed != fs.ErrClosed || !errors.Is(engine.ErrClosed, os.ErrClosed) {
		t.Fatalf("ErrClosed is %v, not fs.ErrClosed", engine.ErrClosed)
	}
	e, _ := startFake(t, modeNormal, nil)
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	g := engine.Game{Start: movegen.StartPosition()}
	for name, call := range calls(e) {
		err := call(quick(t), g, engine.Limit{Depth: 1})
		if !errors.Is(err, fs.ErrClosed) || !errors.Is(err, os.ErrClosed) {
			t.Errorf("%s after Close: %v, not fs.ErrClosed", name, err)
		}
		// The text says it in the engine's words, not the file system's.
		if ee := checkError(t, name, err, ops[name], ": the engine was closed"); ee != nil && ee.Msg != "the engine was closed" {
			t.Errorf("%s after Close: %q", name, err)
		}
	}
}

// TestContextErrors: a context that has ended reaches every call's error,
// errors.Is finds it, and the engine is left as it was.
func TestContextErrors(t *testing.T) {
	e, tr := startFake(t, modeNormal, nil)
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel2()
	g := engine.Game{Start: movegen.StartPosition()}
	n := len(tr.sent())
	for name, call := range calls(e) {
		for _, c := range []struct {
			ctx   context.Context
			cause error
		}{{canceled, context.Canceled}, {expired, context.DeadlineExceeded}} {
			// Again and again: the call never starts, whatever the
			// goroutines' timing.
			for range 20 {
				err := call(c.ctx, g, engine.Limit{Depth: 1})
				if !errors.Is(err, c.cause) {
					t.Fatalf("%s: %v, not %v", name, err, c.cause)
				}
				checkError(t, name, err, ops[name], c.cause.Error())
			}
		}
	}
	if sent := tr.sent(); len(sent) != n {
		t.Errorf("sent %q with contexts that had ended", sent[n:])
	}
	if _, err := e.Analyse(quick(t), g, engine.Limit{Depth: 1}); err != nil {
		t.Errorf("the engine after: %v", err)
	}
	// Start.
	noLeak(t)
	for _, c := range []struct {
		ctx   context.Context
		cause error
	}{{canceled, context.Canceled}, {expired, context.DeadlineExceeded}} {
		_, err := engine.Start(c.ctx, fakeConfig(modeNormal))
		if !errors.Is(err, c.cause) {
			t.Errorf("Start: %v, not %v", err, c.cause)
		}
		checkError(t, "Start", err, "start", c.cause.Error())
	}
}

// TestIllegalMoveErrors: a move the game's position does not have is a
// *movegen.MoveError inside the *engine.Error, from every call that takes a
// game, and nothing is sent.
func TestIllegalMoveErrors(t *testing.T) {
	e, tr := startFake(t, modeNormal, nil)
	start := movegen.StartPosition()
	ms := moves(t, start, "e2e4", "e7e5")
	n := len(tr.sent())
	for _, c := range []struct {
		g    engine.Game
		l    engine.Limit
		uci  string
		want string
	}{
		{engine.Game{Start: start, Moves: ms[1:]}, engine.Limit{Depth: 1}, "e7e5", `game: move 1 (e7e5) is not legal in ` + movegen.StartFEN + `: movegen: move "e7e5": `},
		{engine.Game{Start: start, Moves: []movegen.Move{ms[0], ms[0]}}, engine.Limit{Depth: 1}, "e2e4", `game: move 2 (e2e4) is not legal`},
		{engine.Game{Start: start}, engine.Limit{Depth: 1, SearchMoves: ms[1:]}, "e7e5", `SearchMoves[0] (e7e5) is not legal in ` + movegen.StartFEN + `: movegen: move "e7e5": `},
	} {
		for name, call := range calls(e) {
			if name == "IsReady" || name == "NewGame" || name == "SetOption" {
				continue
			}
			err := call(quick(t), c.g, c.l)
			checkError(t, name, err, ops[name], c.want)
			var me *movegen.MoveError
			if !errors.As(err, &me) || me.UCI != c.uci {
				t.Errorf("%s: %v: no *movegen.MoveError for %s", name, err, c.uci)
			}
		}
	}
	if sent := tr.sent(); len(sent) != n {
		t.Errorf("sent %q for illegal moves", sent[n:])
	}
}

// TestNilAndZeroValues: a nil context, a zero Config, a zero Game, a zero
// Engine and a zero Search are errors from every call that returns one,
// naming the call; Search.Next, which returns none, panics saying why.
func TestNilAndZeroValues(t *testing.T) {
	var nilCtx context.Context
	e, tr := startFake(t, modeNormal, nil)
	n := len(tr.sent())
	g := engine.Game{Start: movegen.StartPosition()}
	for name, call := range calls(e) {
		err := call(nilCtx, g, engine.Limit{Depth: 1})
		checkError(t, name, err, ops[name], "nil context")
	}
	if sent := tr.sent(); len(sent) != n {
		t.Errorf("sent %q with a nil context", sent[n:])
	}
	_, err := engine.Start(nilCtx, fakeConfig(modeNormal))
	checkError(t, "Start(nil, ...)", err, "start", "nil context")
	_, err = engine.Start(context.Background(), engine.Config{})
	checkError(t, "Start(Config{})", err, "start", "Config.Path is empty")

	// The zero Game: its Start is no position.
	for name, call := range calls(e) {
		if name == "IsReady" || name == "NewGame" || name == "SetOption" {
			continue
		}
		err := call(quick(t), engine.Game{}, engine.Limit{Depth: 1})
		var fe *movegen.FENError
		if !errors.As(err, &fe) {
			t.Errorf("%s of the zero Game: %v: no *movegen.FENError", name, err)
		}
		checkError(t, name, err, ops[name], "game: the start position: movegen: FEN")
	}

	// The zero Engine: not started.
	var zero engine.Engine
	for name, call := range calls(&zero) {
		err := call(quick(t), g, engine.Limit{Depth: 1})
		checkError(t, "zero Engine: "+name, err, ops[name], "not started (use Start)")
	}
	checkError(t, "zero Engine: Close", zero.Close(), "close", "not started (use Start)")
	if zero.Name() != "" || zero.Author() != "" || len(zero.Options()) != 0 {
		t.Errorf("zero Engine: name %q author %q options %v", zero.Name(), zero.Author(), zero.Options())
	}

	// The zero Search: not started.
	var s engine.Search
	_, err = s.Wait()
	checkError(t, "zero Search: Wait", err, "search", "not started (use Engine.Search)")
	checkError(t, "zero Search: Stop", s.Stop(), "stop", "not started (use Engine.Search)")
	checkError(t, "zero Search: PonderHit", s.PonderHit(), "ponderhit", "not started (use Engine.Search)")
	func() {
		defer func() {
			if r := recover(); r == nil || !strings.Contains(panicText(r), "engine: Search.Next: the zero Search") {
				t.Errorf("zero Search: Next: recovered %v", r)
			}
		}()
		s.Next()
	}()
}

func panicText(r any) string {
	if s, ok := r.(string); ok {
		return s
	}
	if err, ok := r.(error); ok {
		return err.Error()
	}
	return ""
}

// TestStartErrors: a program that is not there is fs.ErrNotExist (a path)
// or exec.ErrNotFound (a name not in PATH) through the *engine.Error.
func TestStartErrors(t *testing.T) {
	_, err := engine.Start(context.Background(), engine.Config{Path: "/nonexistent/engine"})
	checkError(t, "a path", err, "start", "/nonexistent/engine")
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%v: not fs.ErrNotExist", err)
	}
	_, err = engine.Start(context.Background(), engine.Config{Path: "no-such-engine-in-path-7c1e"})
	checkError(t, "a name", err, "start", "no-such-engine-in-path-7c1e")
	if !errors.Is(err, exec.ErrNotFound) {
		t.Errorf("%v: not exec.ErrNotFound", err)
	}
}

// TestOptionValueCause: a spin's value that is not an integer keeps
// strconv's error.
func TestOptionValueCause(t *testing.T) {
	e, _ := startFake(t, modeNormal, nil)
	err := e.SetOption(quick(t), "Hash", "lots")
	checkError(t, "SetOption", err, "setoption", `option Hash (spin): value "lots" is not an integer`)
	if !errors.Is(err, strconv.ErrSyntax) {
		t.Errorf("%v: not strconv.ErrSyntax", err)
	}
	err = e.SetOption(quick(t), "Hash", "99999999999999999999999")
	if !errors.Is(err, strconv.ErrRange) {
		t.Errorf("%v: not strconv.ErrRange", err)
	}
}
