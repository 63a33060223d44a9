package main

import (
	"bytes"
	"context"
	"io"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/symmagic/attacks/bench/internal/cli"
)

// status runs the command as main does, with a context for Ctrl-C, and
// returns its exit status.
func status(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return cli.Status("perft", perftCmd(ctx, args, stdout, stderr), stderr)
}

func TestRun(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	tests := []struct {
		args      []string
		code      int
		lastLines string // want the output's last lines to start with these, nps excluded
		stderr    string
	}{
		{[]string{"-depth", "3"}, 0, "nodes 8902\n", ""},
		{[]string{"-depth", "0"}, 0, "nodes 1\n", ""},
		{[]string{"-depth", "2", "-slider", "std", "-fen", kiwipete}, 0, "nodes 2039\n", ""},
		{[]string{"-depth", "3", "-slider", "fancy", "-threads", "3"}, 0, "nodes 8902\n", ""},
		{[]string{"-depth", "2", "-divide", "-threads", "2"}, 0, "nodes 400\n", ""},
		{[]string{"-depth", "1", "-divide", "-fen", "3k4/8/8/K1Pp3r/8/8/8/8 w - d6 0 2"}, 0, "nodes 6\n", ""},
		{[]string{"-depth", "4", "-hash", "1"}, 0, "nodes 197281\n", ""},
		{[]string{"-depth", "3", "-hash", "1", "-threads", "2", "-slider", "plain", "-fen", kiwipete}, 0, "nodes 97862\n", ""},
		{[]string{"-depth", "3", "-slider", "black", "-fen", kiwipete}, 0, "nodes 97862\n", ""},
		{[]string{"-depth", "3", "-slider", "hyperbola", "-fen", kiwipete}, 0, "nodes 97862\n", ""},
		{[]string{"-depth", "3", "-slider", "kindergarten", "-threads", "2"}, 0, "nodes 8902\n", ""},
		{[]string{"-depth", "3", "-slider", "occ", "-fen", kiwipete}, 0, "nodes 97862\n", ""},
		// Chess960, Shredder-FEN castling: the first of the published positions.
		{[]string{"-depth", "4", "-hash", "1", "-fen", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1"}, 0, "nodes 326672\n", ""},
		{[]string{"-depth", "3", "-load", "nnue", "-nnue-hidden", "64", "-nnue-buckets", "32", "-slider", "std"}, 0, "nodes 8902\n", ""},
		{[]string{"-depth", "3", "-load", "nnue", "-hash", "1", "-nnue-hidden", "16"}, 0, "nodes 8902\n", ""},
		{[]string{"-depth", "3", "-hash", "-1"}, 2, "", "hash -1 MB: want 0 (none) to 65536"},
		{[]string{"-depth", "3", "-load", "heavy"}, 2, "", "-load: unknown load \"heavy\" (want none, nnue)"},
		{[]string{"-depth", "3", "-load", "nnue", "-nnue-buckets", "3"}, 2, "", "nnue: 3 king buckets: want 1, 4, 8, 16, 32 or 64"},
		{[]string{"-depth", "3", "-load", "nnue", "-nnue-hidden", "0"}, 2, "", "-nnue-buckets 16 -nnue-hidden 0: neither may be 0"},
		{[]string{"-depth", "3", "-load", "nnue", "-nnue-hidden", "20000"}, 2, "", "nnue: 20000 hidden units: want 1 to 16384"},
		{[]string{"-depth", "3", "-nnue-hidden", "64"}, 2, "", "-nnue-buckets and -nnue-hidden need -load nnue"},
		{[]string{}, 2, "", "-depth N is required"},
		{[]string{"-depth", "-1"}, 2, "", "-depth N is required"},
		{[]string{"-depth", "x"}, 2, "", "invalid value \"x\" for flag -depth"},
		{[]string{"-depth", "3", "-slider", "magic"}, 2, "", "-slider: unknown slider mode \"magic\""},
		{[]string{"-depth", "3", "-threads", "0"}, 2, "", "-threads 0: want at least 1"},
		{[]string{"-depth", "3", "-kernel", "nope"}, 2, "", "-kernel: unknown kernel \"nope\""},
		{[]string{"-depth", "3", "-nosuchflag"}, 2, "", "flag provided but not defined: -nosuchflag"},
		{[]string{"-h"}, 0, "", "usage: perft [-fen FEN] -depth N"},
		{[]string{"-depth", "3", "-fen", "8/8/8/8/8/8/8/8", "w"}, 2, "", "unexpected argument \"w\""},
		{[]string{"-depth", "3", "-fen", "8/8/8/8/8/8/8/8 w - - 0 1"}, 1, "", "perft: movegen: FEN placement: 0 white kings, want 1"},
		{[]string{"-depth", "3", "-fen", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"}, 1, "", "perft: movegen: FEN side: white to move, but black's king is in check"},
		// Read as movegen.ParseFEN reads what programs write: an en-passant
		// square no push left is dropped, fullmove 0 is the first move.
		{[]string{"-depth", "3", "-fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 0"}, 0, "nodes 8902\n", ""},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		code := status(context.Background(), tt.args, &out, &errOut)
		if code != tt.code {
			t.Errorf("perft %q: exit %d, want %d (stderr %q)", tt.args, code, tt.code, errOut.String())
			continue
		}
		if !strings.Contains(errOut.String(), tt.stderr) {
			t.Errorf("perft %q: stderr %q, want it to contain %q", tt.args, errOut.String(), tt.stderr)
		}
		if tt.code != 0 || tt.lastLines == "" {
			if out.Len() != 0 {
				t.Errorf("perft %q: failed with output %q", tt.args, out.String())
			}
			continue
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(lines) < 2 || !strings.HasPrefix(lines[len(lines)-1], "nps ") || lines[len(lines)-2]+"\n" != tt.lastLines {
			t.Errorf("perft %q: output\n%s\nwant it to end with %qnps N", tt.args, out.String(), tt.lastLines)
		}
	}
}

func TestDivideOutput(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := status(context.Background(), []string{"-depth", "2", "-divide"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	lines := strings.Split(out.String(), "\n")
	if len(lines) < 20 || lines[0] != "a2a3: 20" || lines[19] != "h2h4: 20" {
		t.Errorf("divide output starts\n%s\nwant 20 moves a2a3 .. h2h4 with 20 nodes each", strings.Join(lines[:min(len(lines), 22)], "\n"))
	}
}

// TestLoadOutput checks the lines the table and the load add.
func TestLoadOutput(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := status(context.Background(), []string{"-depth", "3", "-hash", "2", "-load", "nnue", "-nnue-hidden", "32", "-nnue-buckets", "4"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, re := range []string{
		`(?m)^hash 2 MB: 131072 entries \(4 a 64-byte bucket\); probes 20, hits 0 \(0\.0%\)$`,
		`(?m)^load nnue: 4 king buckets x 768 = 3072 features, 32 hidden, 196608 weight bytes; accumulator updates 420, perspectives refreshed 0$`,
		`(?m)^checksum 0x[0-9a-f]{16}$`,
	} {
		if !regexp.MustCompile(re).MatchString(out.String()) {
			t.Errorf("output\n%s\nhas no line matching %s", out.String(), re)
		}
	}
}

// shortProgress makes the progress reports start at once and come every
// millisecond, for the length of a test.
func shortProgress(t *testing.T) {
	after, every := progressAfter, progressInterval
	progressAfter, progressInterval = 0, time.Millisecond
	t.Cleanup(func() { progressAfter, progressInterval = after, every })
}

var progressRE = regexp.MustCompile(`^progress: nodes \d+, \d+\.\dM nodes/s, root moves \d+/(\d+), elapsed \d+\.\ds, eta (\?|[0-9hms.]+)$`)

// TestProgress checks -v's progress lines on a stderr that is no terminal.
func TestProgress(t *testing.T) {
	shortProgress(t)
	var out, errOut bytes.Buffer
	if code := status(context.Background(), []string{"-depth", "5", "-v", "-load", "nnue", "-nnue-hidden", "256"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSuffix(errOut.String(), "\n"), "\n")
	for _, l := range lines {
		if m := progressRE.FindStringSubmatch(l); m == nil || m[1] != "20" {
			t.Errorf("progress line %q, want the form %s", l, progressRE)
		}
	}
	t.Logf("%d progress lines, the last %q", len(lines), lines[len(lines)-1])
	// Without -v, and stderr no terminal, nothing.
	errOut.Reset()
	if code := status(context.Background(), []string{"-depth", "4", "-load", "nnue", "-nnue-hidden", "16"}, &out, &errOut); code != 0 || errOut.Len() != 0 {
		t.Errorf("without -v: exit %d, stderr %q", code, errOut.String())
	}
}

// cancelOnWrite is a stderr that cancels the run at its first progress
// line, the way Ctrl-C would.
type cancelOnWrite struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	cancel context.CancelFunc
}

func (w *cancelOnWrite) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.cancel()
	return w.buf.Write(p)
}

// TestInterrupt stops a run the way Ctrl-C does (cancelling its context):
// exit status 130, the finished root moves, and the counts marked partial.
func TestInterrupt(t *testing.T) {
	shortProgress(t)
	const pos3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1" // 178,633,661 nodes at depth 7
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out bytes.Buffer
	errOut := &cancelOnWrite{cancel: cancel}
	start := time.Now()
	code := status(ctx, []string{"-depth", "7", "-fen", pos3, "-v"}, &out, errOut)
	if code != 130 {
		t.Fatalf("exit %d, want 130; stdout\n%s\nstderr\n%s", code, out.String(), errOut.buf.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	n := len(lines)
	if n < 5 || !regexp.MustCompile(`^interrupted after \d+\.\d{3}s: \d+ of 14 root moves finished \(\d+ nodes\), \d+ nodes counted in all$`).MatchString(lines[n-5]) ||
		!strings.HasPrefix(lines[n-4], "fen ") || !regexp.MustCompile(`^nodes \d+ partial$`).MatchString(lines[n-2]) || !strings.HasPrefix(lines[n-1], "nps ") {
		t.Errorf("output\n%s\nwant the finished root moves, an interrupted line, fen, depth, nodes N partial, nps", out.String())
	}
	for _, l := range lines[:n-5] {
		if !regexp.MustCompile(`^[a-h][1-8][a-h][1-8][nbrq]?: \d+$`).MatchString(l) {
			t.Errorf("root move line %q", l)
		}
	}
	t.Logf("stopped after %v:\n%s", time.Since(start), out.String())
}
