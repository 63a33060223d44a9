package engine

import (
	"bufio"
	"context"
	"errors"
	"os"
	"testing"
	"time"
)

// pipeEngine returns an Engine without a process, for the tests that must
// choose the moment each line reaches the driver: the driver's reader is
// replaced by out, which the test feeds one line at a time (a send
// completes when the driver takes the line), and the commands the driver
// writes arrive on cmds. It must not end (no process to kill).
func pipeEngine(t *testing.T) (e *Engine, out chan<- lineMsg, cmds <-chan string) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	lines := make(chan lineMsg)
	sent := make(chan string, 16)
	e = newEngine(Config{Path: "Pipe", ReplyTimeout: time.Minute, StopTimeout: time.Minute, QuitTimeout: time.Minute})
	e.stdin, e.lines = w, lines
	read := make(chan struct{})
	go func() {
		defer close(read)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			sent <- sc.Text()
		}
	}()
	t.Cleanup(func() {
		w.Close()
		<-read
		r.Close()
	})
	return e, lines, sent
}

// expect reads the next command the driver wrote and checks it.
func expect(t *testing.T, cmds <-chan string, want string) {
	t.Helper()
	select {
	case got := <-cmds:
		if got != want {
			t.Fatalf("the driver wrote %q, want %q", got, want)
		}
	case <-time.After(time.Minute):
		t.Fatalf("the driver wrote nothing, want %q", want)
	}
}

// TestLateReadyOK: a call that stopped waiting for readyok (its context
// ended) leaves the engine as it is; the readyok that comes late is not
// taken for the next call's.
func TestLateReadyOK(t *testing.T) {
	e, out, cmds := pipeEngine(t)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error)
	go func() { errc <- e.IsReady(ctx) }()
	expect(t, cmds, "isready")
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Fatalf("IsReady: %v", err)
	}
	go func() { errc <- e.IsReady(context.Background()) }()
	expect(t, cmds, "isready")
	out <- lineMsg{line: "readyok"} // the first call's, late
	// The driver takes the second readyok only if it did not return on the
	// first.
	select {
	case out <- lineMsg{line: "readyok"}:
	case err := <-errc:
		t.Fatalf("IsReady returned (%v) on the late readyok", err)
	}
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
}
