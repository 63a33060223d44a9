package search

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/symmagic/attacks/bench/perft"
	"github.com/symmagic/attacks/internal/perftdata"
	"github.com/symmagic/attacks/movegen"
)

// shallowNodes is the most nodes a published count may have to run here.
const shallowNodes = 5_000_000

// runRowsWith checks every row of at most shallowNodes nodes through Run
// with opt (bench/perft checks every mode's build).
func runRowsWith(t *testing.T, rows []perftdata.Row, opt perft.Options) {
	t.Helper()
	for _, r := range rows {
		if r.Nodes > shallowNodes {
			continue
		}
		p := mustFEN(t, r.FEN)
		res, err := Run(context.Background(), &p, r.Depth, opt)
		if err != nil {
			t.Fatalf("Run(%q, %d, %+v): %v", r.FEN, r.Depth, opt, err)
		}
		if res.Nodes != r.Nodes {
			t.Errorf("hash %d MB (%d buckets), load %v: perft(%q, %d) = %d, want %d",
				opt.HashMB, opt.Buckets, opt.Load, r.FEN, r.Depth, res.Nodes, r.Nodes)
		}
	}
}

func mustFEN(t testing.TB, fen string) movegen.Position {
	t.Helper()
	p, err := movegen.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestRunHash checks the hashed perft, keyed by the Polyglot keys that
// Play keeps, against every published count of perft.tsv and extra.tsv up
// to 5,000,000 nodes, with a 1 MB table (16,384 buckets), small enough
// that entries are replaced all the time, and against Chess960 positions'
// counts to perft 4.
func TestRunHash(t *testing.T) {
	opt := perft.Options{HashMB: 1}
	known, err := perftdata.Known()
	if err != nil {
		t.Fatal(err)
	}
	runRowsWith(t, known, opt)
	c960, err := perftdata.Load("chess960.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var rows []perftdata.Row
	for i, r := range c960 {
		if i%(6*97) < 6 && r.Depth <= 4 {
			rows = append(rows, r)
		}
	}
	runRowsWith(t, rows, opt)
}

// TestRunTinyHash runs with tables of one to four buckets, so that every
// key shares a bucket with many others and the full-key check decides
// every probe. The table does not depend on the mode: mode w only.
func TestRunTinyHash(t *testing.T) {
	rows := []perftdata.Row{
		{FEN: movegen.StartFEN, Depth: 4, Nodes: 197281},
		{FEN: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", Depth: 3, Nodes: 97862},
		{FEN: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", Depth: 5, Nodes: 674624},
		{FEN: "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", Depth: 6, Nodes: 1440467},
	}
	for _, buckets := range []int{1, 2, 4} {
		runRowsWith(t, rows, perft.Options{Buckets: buckets})
	}
}

// TestRunThreads checks counts with several threads sharing one table, and
// with the load (run it with -race: the table is lockless).
func TestRunThreads(t *testing.T) {
	p := mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	kiwipete := &p
	for _, opt := range []perft.Options{
		{Threads: 3},
		{Threads: 3, HashMB: 1},
		{Threads: 4, Buckets: 8},
		{Threads: 3, HashMB: 1, Load: perft.LoadNNUE, NNUE: perft.NNUE{Hidden: 32}},
	} {
		res, err := Run(context.Background(), kiwipete, 4, opt)
		if err != nil || res.Nodes != 4085603 {
			t.Errorf("%+v: kiwipete perft 4 = %d, %v; want 4085603", opt, res.Nodes, err)
		}
		want := kiwipete.Divide(4)
		if fmt.Sprint(res.Moves) != fmt.Sprint(want) {
			t.Errorf("%+v: root moves %v, want Divide's %v", opt, res.Moves, want)
		}
	}
}

// TestRunLoad checks the counts with the perft.NNUE load, and that the checksum
// depends on the position alone: the same with any number of threads
// (without a table, which cuts subtrees; bench/perft checks that it is the
// same in every mode's build).
func TestRunLoad(t *testing.T) {
	rows := []perftdata.Row{
		{FEN: movegen.StartFEN, Depth: 4, Nodes: 197281},
		{FEN: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", Depth: 3, Nodes: 97862},
		{FEN: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", Depth: 4, Nodes: 422333},
		{FEN: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", Depth: 5, Nodes: 674624},
	}
	for _, r := range rows {
		p := mustFEN(t, r.FEN)
		var sum uint64
		for _, threads := range []int{1, 3} {
			opt := perft.Options{Threads: threads, Load: perft.LoadNNUE, NNUE: perft.NNUE{Buckets: 32, Hidden: 64}}
			res, err := Run(context.Background(), &p, r.Depth, opt)
			if err != nil || res.Nodes != r.Nodes {
				t.Errorf("%d threads: perft(%q, %d) = %d, %v; want %d", threads, r.FEN, r.Depth, res.Nodes, err, r.Nodes)
			}
			if threads == 1 {
				sum = res.Checksum
			} else if res.Checksum != sum {
				t.Errorf("%d threads: %q checksum %#x, want %#x as with one", threads, r.FEN, res.Checksum, sum)
			}
			if res.Updates == 0 || res.Checksum == 0 {
				t.Errorf("%q: %d updates, checksum %#x", r.FEN, res.Updates, res.Checksum)
			}
		}
	}
	// One move made per node above the last ply: start position to depth
	// 4 makes 20 + 400 + 8,902 moves.
	start := movegen.StartPosition()
	res, _ := Run(context.Background(), &start, 4, perft.Options{Load: perft.LoadNNUE, NNUE: perft.NNUE{Hidden: 16}})
	if res.Updates != 20+400+8902 {
		t.Errorf("start position depth 4: %d accumulator updates, want 9322", res.Updates)
	}
}

func TestRunDepth0(t *testing.T) {
	start := movegen.StartPosition()
	res, err := Run(context.Background(), &start, 0, perft.Options{HashMB: 1, Load: perft.LoadNNUE})
	if err != nil || res.Nodes != 1 || res.Stopped {
		t.Errorf("depth 0: %+v, %v; want 1 node", res, err)
	}
	res, err = Run(context.Background(), &start, 1, perft.Options{HashMB: 1, Load: perft.LoadNNUE, NNUE: perft.NNUE{Hidden: 16}})
	if err != nil || res.Nodes != 20 || len(res.Moves) != 20 || res.Updates != 20 {
		t.Errorf("depth 1: %d nodes, %d moves, %d updates, %v; want 20 each", res.Nodes, len(res.Moves), res.Updates, err)
	}
}

func TestOptionsValidate(t *testing.T) {
	for _, c := range []struct {
		opt  perft.Options
		want string
	}{
		{perft.Options{}, ""},
		{perft.Options{HashMB: -1}, "hash -1 MB"},
		{perft.Options{HashMB: perft.MaxHashMB + 1}, "hash 65537 MB"},
		{perft.Options{Load: 2}, "unknown load 2"},
		{perft.Options{Load: perft.LoadNNUE, NNUE: perft.NNUE{Buckets: 3}}, "3 king buckets"},
		{perft.Options{Load: perft.LoadNNUE, NNUE: perft.NNUE{Hidden: -1}}, "-1 hidden units"},
		{perft.Options{Load: perft.LoadNNUE, NNUE: perft.NNUE{Hidden: 1<<14 + 1}}, "16385 hidden units"},
		{perft.Options{Load: perft.LoadNNUE, NNUE: perft.NNUE{Buckets: 64, Hidden: 1 << 14}}, ""},
	} {
		err := c.opt.Validate()
		if (err == nil) != (c.want == "") || err != nil && !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: Validate() = %v, want %q", c.opt, err, c.want)
		}
		if err == nil {
			continue
		}
		start := movegen.StartPosition()
		if _, err2 := Run(context.Background(), &start, 1, c.opt); err2 == nil || err2.Error() != err.Error() {
			t.Errorf("%+v: Run's error %v, Validate's %v", c.opt, err2, err)
		}
	}
	start := movegen.StartPosition()
	for _, d := range []int{-1, perft.MaxPerftDepth + 1} {
		if _, err := Run(context.Background(), &start, d, perft.Options{}); err == nil {
			t.Errorf("depth %d: no error", d)
		}
	}
}

func TestHashEntries(t *testing.T) {
	for _, c := range []struct{ mb, entries int }{{0, 0}, {1, 1 << 16}, {3, 1 << 17}, {256, 1 << 24}} {
		if got := perft.HashEntries(c.mb); got != c.entries {
			t.Errorf("perft.HashEntries(%d) = %d, want %d", c.mb, got, c.entries)
		}
	}
	start := movegen.StartPosition()
	res, _ := Run(context.Background(), &start, 3, perft.Options{HashMB: 3})
	if res.HashEntries != 1<<17 {
		t.Errorf("3 MB table: %d entries, want %d", res.HashEntries, 1<<17)
	}
	if n := NewTable(4).Entries(); n != 16 {
		t.Fatalf("a table of 4 buckets has %d entries", n)
	}
}

// TestRunStop cancels runs from their progress callback once a root move
// has finished: the search stops inside the others (at depth 5), the result
// is partial, its finished root moves carry their full counts, and the run
// returns the context's error.
func TestRunStop(t *testing.T) {
	p3 := mustFEN(t, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")
	pos3 := &p3
	full := map[string]uint64{}
	for _, c := range pos3.Divide(6) {
		full[c.Move.String()] = c.Nodes
	}
	// The threaded run carries a load to last long enough: with as many
	// threads as CPUs the callback waits for a preemption to run.
	for _, opt := range []perft.Options{{}, {HashMB: 1, Load: perft.LoadNNUE, NNUE: perft.NNUE{Hidden: 128}, Threads: 2}} {
		ctx, cancel := context.WithCancel(context.Background())
		opt.ProgressInterval = time.Millisecond
		opt.Progress = func(p perft.Progress) {
			if p.Done >= 1 {
				cancel()
			}
		}
		res, err := Run(ctx, pos3, 6, opt)
		cancel()
		if !res.Stopped || !errors.Is(err, context.Canceled) {
			t.Errorf("%+v: stopped %v, error %v; want stopped by context.Canceled", opt, res.Stopped, err)
			continue
		}
		var done uint64
		for _, c := range res.Moves {
			if c.Nodes != full[c.Move.String()] {
				t.Errorf("%+v: finished root move %v: %d nodes, want %d", opt, c.Move, c.Nodes, full[c.Move.String()])
			}
			done += c.Nodes
		}
		if len(res.Moves) == 0 || len(res.Moves) >= res.RootMoves || res.Nodes < done || res.Nodes >= 11030083 {
			t.Errorf("%+v: %d of %d root moves finished (%d nodes), %d nodes counted", opt, len(res.Moves), res.RootMoves, done, res.Nodes)
		}
	}
	// A context that has ended before the run starts stops it at once.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := movegen.StartPosition()
	res, err := Run(ctx, &start, 9, perft.Options{})
	if !res.Stopped || err == nil || len(res.Moves) != 0 || res.Nodes != 0 {
		t.Errorf("cancelled context: %d moves, %d nodes, stopped %v, %v", len(res.Moves), res.Nodes, res.Stopped, err)
	}
}

func TestRunProgress(t *testing.T) {
	var returned atomic.Bool
	var reports []perft.Progress
	opt := perft.Options{Threads: 2, ProgressInterval: time.Millisecond, Load: perft.LoadNNUE, NNUE: perft.NNUE{Hidden: 256}}
	opt.Progress = func(p perft.Progress) {
		if returned.Load() {
			t.Error("progress reported after Run returned")
		}
		reports = append(reports, p)
	}
	start := movegen.StartPosition()
	res, err := Run(context.Background(), &start, 5, opt)
	returned.Store(true)
	if err != nil || res.Nodes != 4865609 {
		t.Fatalf("perft 5 = %d, %v", res.Nodes, err)
	}
	if len(reports) == 0 {
		t.Fatalf("no progress in %v", res.Elapsed)
	}
	var last perft.Progress
	for _, p := range reports {
		if p.Total != 20 || p.Done < last.Done || p.Nodes < last.Nodes || p.DoneNodes > p.Nodes || p.Nodes > res.Nodes || p.Elapsed < last.Elapsed {
			t.Errorf("report %+v after %+v", p, last)
		}
		last = p
	}
	t.Logf("%d reports in %v, the last %+v", len(reports), res.Elapsed, last)
}
