package perft

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/symmagic/attacks/internal/perftdata"
)

var deep = flag.Bool("deep", false, "also run the perft rows over 5,000,000 nodes (minutes to hours), on every CPU")

// shallowNodes is the most nodes a row of perft.tsv or extra.tsv may have to
// run without -deep; shallow960 the same for chess960.tsv (perft 1 to 3).
const (
	shallowNodes = 5_000_000
	shallow960   = 100_000
)

// everyMode is every mode and variant, in Techniques' order.
func everyMode() []Mode {
	all := append(Modes(), Variants()...)
	if *simdOnly {
		var simd []Mode
		for _, t := range Techniques {
			if t.SIMD && slices.Contains(all, t.Mode) {
				simd = append(simd, t.Mode)
			}
		}
		return simd
	}
	return all
}

var simdOnly = flag.Bool("simd-only", false, "run the per-mode tests on the modes of the simd build alone (lanes, lanes2): CI's GOEXPERIMENT=simd GOAMD64=v3 step, whose other modes the default build's run checks")

var (
	poolOnce sync.Once
	pool     *Pool
	poolErr  error
)

// workers returns a pool with a worker of every mode, built once for the
// package's tests.
func workers(t *testing.T) *Pool {
	t.Helper()
	poolOnce.Do(func() {
		start := time.Now()
		pool, poolErr = NewPool(DefaultBuild, everyMode(), false)
		t.Logf("built and started %d workers in %v", len(everyMode()), time.Since(start).Round(time.Millisecond))
	})
	if poolErr != nil {
		t.Fatal(poolErr)
	}
	return pool
}

func TestMain(m *testing.M) {
	flag.Parse()
	if *simdOnly && len(everyMode()) == 0 {
		fmt.Fprintln(os.Stderr, "-simd-only: this build or CPU has no simd mode (GOEXPERIMENT=simd and AVX2)")
		os.Exit(1)
	}
	code := m.Run()
	if pool != nil {
		if err := pool.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "closing the workers:", err)
			code = 1
		}
	}
	os.Exit(code)
}

// eachMode runs f for every mode, two at a time (a worker is a process of
// its own), and reports the errors f returns.
func eachMode(t *testing.T, f func(w *Worker) error) {
	t.Helper()
	p := workers(t)
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for _, m := range everyMode() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			if err := f(p.Worker(m)); err != nil {
				mu.Lock()
				t.Errorf("mode %s: %v", m, err)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
}

// TestModes checks the table of the modes: names ParseMode reads back, one
// file of sliders/ for each mode but w and one mode for each file (but the
// seams, bitboard.go and wkept.go, and the padded builds' pad.go), and the overlay each mode's seam asks for.
func TestModes(t *testing.T) {
	files, err := filepath.Glob("sliders/*.go")
	if err != nil {
		t.Fatal(err)
	}
	var got, want []string
	for _, f := range files {
		if b := filepath.Base(f); b != "bitboard.go" && b != "wkept.go" && b != "pad.go" {
			got = append(got, strings.TrimSuffix(b, ".go"))
		}
	}
	seen := map[Mode]bool{}
	for _, tc := range Techniques {
		if m, err := ParseMode(string(tc.Mode)); err != nil || m != tc.Mode || seen[m] {
			t.Errorf("mode %q: ParseMode = %q, %v (listed twice: %v)", tc.Mode, m, err, seen[m])
		}
		seen[tc.Mode] = true
		o, err := Overlay(tc.Mode)
		if err != nil {
			t.Errorf("mode %s: %v", tc.Mode, err)
		}
		wantFiles := map[string]int{SeamNone: 0, SeamFile: 1, SeamBitboard: 2, SeamKept: 2}[tc.Seam]
		if len(o) != wantFiles {
			t.Errorf("mode %s (seam %q): an overlay of %d files, want %d", tc.Mode, tc.Seam, len(o), wantFiles)
		}
		if tc.Seam != SeamNone {
			want = append(want, string(tc.Mode))
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("sliders/ holds the modes %q, Techniques lists %q with a file", got, want)
	}
	if _, err := ParseMode("magic"); err == nil {
		t.Error(`ParseMode("magic"): no error`)
	}
	if len(Modes()) == 0 || len(Variants()) == 0 || Modes()[0] != ModeW {
		t.Errorf("Modes() = %v, Variants() = %v", Modes(), Variants())
	}
}

// perftRows checks every row up to limit nodes (all with -deep) in every
// mode: with movegen's Perft, or with a run of the search with opt.
func perftRows(t *testing.T, rows []perftdata.Row, limit uint64, search bool, opt Options) {
	t.Helper()
	var todo []perftdata.Row
	var fens []string
	var depths []int
	for _, r := range rows {
		if r.Nodes <= limit || *deep {
			todo = append(todo, r)
			fens, depths = append(fens, r.FEN), append(depths, r.Depth)
		}
	}
	eachMode(t, func(w *Worker) error {
		nodes := make([]uint64, len(todo))
		if search {
			for i, r := range todo {
				res, err := w.Run(context.Background(), r.FEN, r.Depth, opt)
				if err != nil {
					return err
				}
				nodes[i] = res.Nodes
			}
		} else {
			var err error
			if nodes, err = w.Perft(fens, depths); err != nil {
				return err
			}
		}
		var errs []error
		for i, r := range todo {
			if nodes[i] != r.Nodes {
				errs = append(errs, fmt.Errorf("perft(%q, %d) = %d, want %d", r.FEN, r.Depth, nodes[i], r.Nodes))
			}
		}
		return errors.Join(errs...)
	})
	t.Logf("%d of %d rows run in every mode (-deep runs all)", len(todo), len(rows))
}

// TestPerftTSV checks every published count of perft.tsv and extra.tsv up
// to 5,000,000 nodes (all of them with -deep), in every mode, with the
// generator's own perft.
func TestPerftTSV(t *testing.T) {
	rows, err := perftdata.Known()
	if err != nil {
		t.Fatal(err)
	}
	perftRows(t, rows, shallowNodes, false, Options{})
}

// TestPerftChess960 checks the 960 Chess960 positions' published counts up
// to 100,000 nodes (perft 1 to 3; all with -deep) in every mode.
func TestPerftChess960(t *testing.T) {
	if testing.Short() && !*deep {
		t.Skip("-short")
	}
	rows, err := perftdata.Load("chess960.tsv")
	if err != nil {
		t.Fatal(err)
	}
	perftRows(t, rows, shallow960, false, Options{})
}

// TestPerftHash runs the published counts up to 1,000,000 nodes with a
// table of 1 MB, which replaces entries all the time, and two threads, in
// every mode: the search reads the keys Play keeps in each mode's build.
func TestPerftHash(t *testing.T) {
	rows, err := perftdata.Known()
	if err != nil {
		t.Fatal(err)
	}
	perftRows(t, rows, 1_000_000, true, Options{HashMB: 1, Threads: 2})
}

// TestWalk plays every line to three plies (two with -short) from varied
// positions, standard and Chess960, and checks that every mode's build
// lists the same moves in the same order, counts them, lists the same
// captures, and reaches positions with the same keys as w's at each
// position reached.
func TestWalk(t *testing.T) {
	depth := 3
	if testing.Short() {
		depth = 2
	}
	want, err := workers(t).Worker(ModeW).Walk(perftdata.WalkFENs, depth)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, s := range want {
		n += s.Positions
	}
	eachMode(t, func(w *Worker) error {
		got, err := w.Walk(perftdata.WalkFENs, depth)
		if err != nil {
			return err
		}
		for i := range got {
			if got[i] != want[i] {
				return fmt.Errorf("from %s: %d positions, sum %s; w walks %d, sum %s", got[i].FEN, got[i].Positions, got[i].Sum, want[i].Positions, want[i].Sum)
			}
		}
		return nil
	})
	t.Logf("%d positions from %d starting points, depth %d", n, len(want), depth)
}

// TestLists checks one position's lists across the modes to the move: what
// a failing walk's sums cannot show.
func TestLists(t *testing.T) {
	const fen = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
	want, err := workers(t).Worker(ModeW).Lists(fen)
	if err != nil {
		t.Fatal(err)
	}
	if want.Count != 6 || len(want.Moves) != 6 || len(want.After) != 6 {
		t.Fatalf("w lists %+v, want 6 moves", want)
	}
	eachMode(t, func(w *Worker) error {
		got, err := w.Lists(fen)
		if err == nil && !reflect.DeepEqual(got, want) {
			err = fmt.Errorf("lists %+v, w %+v", got, want)
		}
		return err
	})
}

// TestPositionSizes checks that every mode's Position has the size of w's
// (and that every worker says it was built as the driver builds them),
// which keeps the occupancy in W layout: the modes that keep none hold room
// for it, so that the copy-make search copies the same bytes in every mode
// and the positions lie alike in memory. The layout variant, stdsmall,
// holds none.
func TestPositionSizes(t *testing.T) {
	w0, err := workers(t).Worker(ModeW).Info()
	if err != nil {
		t.Fatal(err)
	}
	eachMode(t, func(w *Worker) error {
		i, err := w.Info()
		if err != nil {
			return err
		}
		want := w0.PositionSize
		if w.Mode == "stdsmall" {
			want -= 8
		}
		if i.Mode != w.Mode || i.PositionSize != want || i.Settings["-tags"] != SliderTag || !strings.Contains(i.Settings["-ldflags"], FuncAlign) {
			return fmt.Errorf("the worker says mode %s, Position of %d bytes, tags %q, ldflags %q; want %s, %d, %q, %s",
				i.Mode, i.PositionSize, i.Settings["-tags"], i.Settings["-ldflags"], w.Mode, want, SliderTag, FuncAlign)
		}
		return nil
	})
}

// TestRunLoad checks that the NNUE load's checksum, which depends on the
// position alone without a table, and the root moves' counts are the same
// in every mode.
func TestRunLoad(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	opt := Options{Load: LoadNNUE, NNUE: NNUE{Buckets: 32, Hidden: 64}}
	want, err := workers(t).Worker(ModeW).Run(context.Background(), kiwipete, 3, opt)
	if err != nil || want.Nodes != 97862 || want.Checksum == 0 || len(want.Moves) != 48 {
		t.Fatalf("w: %d nodes, checksum %#x, %d root moves, %v", want.Nodes, want.Checksum, len(want.Moves), err)
	}
	eachMode(t, func(w *Worker) error {
		got, err := w.Run(context.Background(), kiwipete, 3, opt)
		if err == nil && (got.Checksum != want.Checksum || got.Updates != want.Updates || fmt.Sprint(got.Moves) != fmt.Sprint(want.Moves)) {
			err = fmt.Errorf("checksum %#x, %d updates, root moves %v; w's %#x, %d, %v", got.Checksum, got.Updates, got.Moves, want.Checksum, want.Updates, want.Moves)
		}
		return err
	})
}

// TestWorker checks the driver's side of the protocol: progress reported
// and a run stopped by its context, a result with the counts of the root
// moves finished; errors named; a fresh worker's answers, the same.
func TestWorker(t *testing.T) {
	w := workers(t).Worker(ModeFancy)
	const pos3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
	ctx, cancel := context.WithCancel(context.Background())
	reports := 0
	opt := Options{ProgressInterval: time.Millisecond, Load: LoadNNUE, NNUE: NNUE{Hidden: 256}}
	opt.Progress = func(p Progress) {
		reports++
		if p.Done >= 1 {
			cancel()
		}
	}
	res, err := w.Run(ctx, pos3, 7, opt)
	cancel()
	if !res.Stopped || !errors.Is(err, context.Canceled) || reports == 0 || len(res.Moves) == 0 || len(res.Moves) >= res.RootMoves {
		t.Errorf("a stopped run: stopped %v, %v, %d reports, %d of %d root moves", res.Stopped, err, reports, len(res.Moves), res.RootMoves)
	}
	// The worker goes on after a stop.
	if res, err := w.Run(context.Background(), pos3, 3, Options{}); err != nil || res.Nodes != 2812 {
		t.Errorf("after a stop: %d nodes, %v; want 2812", res.Nodes, err)
	}
	for _, c := range []struct {
		fen   string
		depth int
		opt   Options
		want  string
	}{
		{"8/8/8/8 w - - 0 1", 1, Options{}, "FEN placement"},
		{pos3, -1, Options{}, "depth -1"},
		{pos3, 1, Options{HashMB: -1}, "hash -1 MB"},
		{pos3, 1, Options{Kernel: "nosuch"}, "nosuch"},
	} {
		var we *WorkerError
		if _, err := w.Run(context.Background(), c.fen, c.depth, c.opt); !errors.As(err, &we) || we.Mode != ModeFancy || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q depth %d %+v: %v, want a WorkerError naming %q", c.fen, c.depth, c.opt, err, c.want)
		}
	}
	fresh, err := Start(w.Path, DefaultBuild, ModeFancy, true)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if res, err := fresh.Run(context.Background(), pos3, 4, Options{}); err != nil || res.Nodes != 43238 {
			t.Errorf("a fresh worker: %d nodes, %v; want 43238", res.Nodes, err)
		}
	}
	if err := fresh.Close(); err != nil {
		t.Error(err)
	}
	if _, err := Start(filepath.Join(t.TempDir(), "none"), DefaultBuild, ModeW, false); err == nil {
		t.Error("a worker from no binary started")
	}
	if _, err := BuildWorker(DefaultBuild, "nosuch", t.TempDir()); err == nil || !strings.Contains(err.Error(), "unknown slider mode") {
		t.Errorf("BuildWorker of an unknown mode: %v", err)
	}
}

// TestRestart checks Pool.Restart: every long-lived worker a new process
// that answers as before, a Fresh one left without a process.
func TestRestart(t *testing.T) {
	const pos3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
	bin := workers(t).Worker(ModeFancy).Path
	long, err := Start(bin, DefaultBuild, ModeFancy, false)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := Start(bin, DefaultBuild, ModeFancy, true)
	if err != nil {
		t.Fatal(err)
	}
	p := &Pool{workers: map[Mode]*Worker{ModeFancy: long, ModeW: fresh}}
	defer p.Close()
	pid := long.proc.Pid()
	for range 2 {
		if err := p.Restart(); err != nil {
			t.Fatal(err)
		}
		if long.proc == nil || long.proc.Pid() == pid {
			t.Fatalf("after Restart the long-lived worker's process is %v, was %d: want a new one", long.proc, pid)
		}
		pid = long.proc.Pid()
		if fresh.proc != nil {
			t.Error("Restart started a process for a Fresh worker")
		}
		if res, err := long.Run(context.Background(), pos3, 4, Options{}); err != nil || res.Nodes != 43238 {
			t.Errorf("after Restart: %d nodes, %v; want 43238", res.Nodes, err)
		}
	}
}

func TestETA(t *testing.T) {
	for _, c := range []struct {
		p    Progress
		eta  time.Duration
		okay bool
	}{
		{Progress{Nodes: 100, Elapsed: time.Second, Total: 20}, 0, false},
		// 5 of 20 moves done with 1,000 nodes: 4,000 estimated, 1,500
		// counted at 1,500/s: 2,500 left, 1.667 s.
		{Progress{Nodes: 1500, Elapsed: time.Second, Done: 5, Total: 20, DoneNodes: 1000}, 5 * time.Second / 3, true},
		{Progress{Nodes: 5000, Elapsed: time.Second, Done: 5, Total: 20, DoneNodes: 1000}, 0, false},
		{Progress{Nodes: 5000, Elapsed: time.Second, Done: 20, Total: 20, DoneNodes: 5000}, 0, true},
	} {
		eta, ok := c.p.ETA()
		if ok != c.okay || (eta-c.eta).Abs() > time.Millisecond {
			t.Errorf("%+v: ETA %v, %v; want %v, %v", c.p, eta, ok, c.eta, c.okay)
		}
	}
}
