package engine_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/symmagic/attacks/engine"
	"github.com/symmagic/attacks/movegen"
)

// noLeak checks, when the test ends (after the cleanups registered after
// it, such as Close), that no goroutine started during the test is left.
func noLeak(t *testing.T) {
	t.Helper()
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		deadline := time.Now().Add(2 * time.Second)
		for runtime.NumGoroutine() > before {
			if time.Now().After(deadline) {
				buf := make([]byte, 1<<16)
				n := runtime.Stack(buf, true)
				t.Errorf("%d goroutines before the test, %d after:\n%s", before, runtime.NumGoroutine(), buf[:n])
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	})
}

// waitBlocked waits until n goroutines are blocked (on a channel, or in a
// select) inside fn, a function's name as runtime.Stack writes it
// ("(*Engine).acquire"): the calls the test started are then waiting their
// turn. It fails the test after a minute.
func waitBlocked(t *testing.T, fn string, n int) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	buf := make([]byte, 1<<20)
	for {
		stacks := string(buf[:runtime.Stack(buf, true)])
		count := 0
		for _, g := range strings.Split(stacks, "\n\n") {
			header, _, _ := strings.Cut(g, "\n")
			blocked := strings.Contains(header, "[select") || strings.Contains(header, "[chan ")
			if blocked && strings.Contains(g, "/engine."+fn+"(") {
				count++
			}
		}
		if count >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines blocked in %s, want %d:\n%s", count, fn, n, stacks)
		}
		time.Sleep(time.Millisecond)
	}
}

// transcript is a Config.Transcript the tests read, and whose lines they
// can await.
type transcript struct {
	mu       sync.Mutex
	buf      bytes.Buffer
	watchers []watcher
}

type watcher struct {
	line string
	seen chan struct{}
}

func (t *transcript) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n, err := t.buf.Write(p)
	kept := t.watchers[:0]
	for _, w := range t.watchers {
		if strings.Contains(t.buf.String(), w.line) {
			close(w.seen)
		} else {
			kept = append(kept, w)
		}
	}
	t.watchers = kept
	return n, err
}

// seen returns a channel closed once the transcript holds line: a command
// sent ("> isready"), or a line read ("< uciok"), or a part of one.
func (t *transcript) seen(line string) <-chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	w := watcher{line: line, seen: make(chan struct{})}
	if strings.Contains(t.buf.String(), line) {
		close(w.seen)
	} else {
		t.watchers = append(t.watchers, w)
	}
	return w.seen
}

func (t *transcript) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf.String()
}

// sent returns the commands sent, in order.
func (t *transcript) sent() []string {
	var cmds []string
	for _, line := range strings.Split(t.String(), "\n") {
		if cmd, ok := strings.CutPrefix(line, "> "); ok {
			cmds = append(cmds, cmd)
		}
	}
	return cmds
}

// hasSent reports whether cmd was sent.
func (t *transcript) hasSent(cmd string) bool {
	for _, c := range t.sent() {
		if c == cmd {
			return true
		}
	}
	return false
}

// startFake starts the fake engine in mode, with tweak's changes to its
// Config, as startEngine does.
func startFake(t *testing.T, mode string, tweak func(*engine.Config)) (*engine.Engine, *transcript) {
	t.Helper()
	cfg := fakeConfig(mode)
	if tweak != nil {
		tweak(&cfg)
	}
	return startEngine(t, cfg, false)
}

// startEngine starts the engine cfg gives, its conversation in the
// transcript returned, and closes it at the test's end, checking that its
// process was waited for and is gone, and that no goroutine is left; with
// cleanClose, that Close returned nil.
func startEngine(t *testing.T, cfg engine.Config, cleanClose bool) (*engine.Engine, *transcript) {
	t.Helper()
	noLeak(t)
	tr := &transcript{}
	cfg.Transcript = tr
	e, err := engine.Start(quick(t), cfg)
	if err != nil {
		t.Fatalf("Start(%s): %v", cfg.Path, err)
	}
	t.Cleanup(func() {
		if err := e.Close(); err != nil && cleanClose {
			t.Errorf("Close: %v", err)
		}
		if !engine.Waited(e) {
			t.Errorf("the engine's process was not waited for after Close")
		}
		checkGone(t, engine.PID(e))
	})
	return e, tr
}

// checkGone checks that the process pid is gone: waited for, not a zombie.
func checkGone(t *testing.T, pid int) {
	t.Helper()
	if runtime.GOOS != "linux" {
		return
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return // no such process
	}
	t.Errorf("process %d is still there: %s", pid, stat)
}

var pidRE = regexp.MustCompile(`fake engine pid (\d+)`)

// startTimingOut starts the fake in mode, whose fault is to leave a reply
// out, with a short ReplyTimeout (25 ms), and returns the config and
// Start's error. A loaded or emulating machine may start the fake too
// slowly for that timeout (no pid on its stderr yet, or, with early, an
// earlier reply timed out first): then it tries again with a timeout four
// times as long, up to 20 s, so that the error is the fault's.
func startTimingOut(mode, early string) (engine.Config, error) {
	for d := slow(25 * time.Millisecond); ; d = min(4*d, 20*time.Second) {
		cfg := fakeConfig(mode)
		cfg.ReplyTimeout = d
		_, err := engine.Start(context.Background(), cfg)
		var ee *engine.Error
		started := errors.As(err, &ee) && pidRE.MatchString(ee.Stderr)
		if d >= 20*time.Second || err == nil || started && (early == "" || !strings.Contains(err.Error(), early)) {
			return cfg, err
		}
	}
}

// checkStartFailed checks Start's error: an *Error with want in its text
// and cause behind it, the fake's process gone.
func checkStartFailed(t *testing.T, err error, cause error, want string) {
	t.Helper()
	if err == nil {
		t.Fatal("Start succeeded")
	}
	var ee *engine.Error
	if !errors.As(err, &ee) {
		t.Fatalf("%v: not an *engine.Error", err)
	}
	if cause != nil && !errors.Is(err, cause) {
		t.Errorf("%v: not %v", err, cause)
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not say %q", err, want)
	}
	if m := pidRE.FindStringSubmatch(ee.Stderr); m != nil {
		pid, _ := strconv.Atoi(m[1])
		checkGone(t, pid)
	} else {
		t.Errorf("the error's stderr %q does not give the fake's pid", ee.Stderr)
	}
}

// checkLegal checks that pv is a line of legal moves from p.
func checkLegal(t *testing.T, p movegen.Position, pv []movegen.Move) {
	t.Helper()
	for i, m := range pv {
		if !p.IsLegal(m) {
			t.Errorf("pv move %d (%v) is not legal in %s", i+1, m, p.FEN())
			return
		}
		p.PlayUnchecked(m)
	}
}

// mustFEN parses a FEN the test holds; moves reads UCI moves played in
// turn from a position (parse_internal_test.go's helpers).
var (
	mustFEN = engine.MustFEN
	moves   = engine.UCIMoves
)

// quick is a context for calls that should not take long.
func quick(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func describe(a *engine.Analysis) string {
	var b strings.Builder
	for _, l := range a.Lines {
		fmt.Fprintf(&b, "%d: %v %v; ", l.MultiPV, l.Score, l.PV)
	}
	fmt.Fprintf(&b, "bestmove %v ponder %v", a.BestMove, a.Ponder)
	return b.String()
}

// calls are the engine's calls that take a context, each as a function of
// the context, the game and the limit.
func calls(e *engine.Engine) map[string]func(context.Context, engine.Game, engine.Limit) error {
	return map[string]func(context.Context, engine.Game, engine.Limit) error{
		"IsReady":   func(ctx context.Context, _ engine.Game, _ engine.Limit) error { return e.IsReady(ctx) },
		"NewGame":   func(ctx context.Context, _ engine.Game, _ engine.Limit) error { return e.NewGame(ctx) },
		"SetOption": func(ctx context.Context, _ engine.Game, _ engine.Limit) error { return e.SetOption(ctx, "Hash", "32") },
		"Search": func(ctx context.Context, g engine.Game, l engine.Limit) error {
			s, err := e.Search(ctx, g, l)
			if err != nil {
				return err
			}
			_, err = s.Wait()
			return err
		},
		"Analyse": func(ctx context.Context, g engine.Game, l engine.Limit) error {
			_, err := e.Analyse(ctx, g, l)
			return err
		},
		"Play": func(ctx context.Context, g engine.Game, l engine.Limit) error {
			_, _, err := e.Play(ctx, g, l)
			return err
		},
	}
}

// checkClosed checks the error of a call of op that Close ended, or that
// came after it: ErrClosed, in an *engine.Error naming op.
func checkClosed(t *testing.T, call string, err error, op string) {
	t.Helper()
	if !errors.Is(err, engine.ErrClosed) {
		t.Errorf("%s: %v, not ErrClosed", call, err)
	}
	checkError(t, call, err, op, "the engine was closed")
}

// searchInBackground starts an infinite search of the start position on e,
// reads its first info line, and reads the rest in another goroutine: the
// channel gives the search's error when Wait returns (an error describing
// the analysis when Wait returned none).
func searchInBackground(t *testing.T, e *engine.Engine) <-chan error {
	t.Helper()
	s, err := e.Search(quick(t), engine.Game{Start: movegen.StartPosition()}, engine.Limit{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Next() {
		t.Fatal("no info line")
	}
	searched := make(chan error, 1)
	go func() {
		a, err := s.Wait()
		if err == nil {
			err = errors.New(describe(a))
		}
		searched <- err
	}()
	return searched
}
