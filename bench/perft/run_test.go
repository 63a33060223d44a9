package perft

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/symmagic/attacks/internal/board"
	"github.com/symmagic/attacks/internal/perftdata"
)

// runRowsWith checks every row of at most shallowNodes nodes (all with
// -deep) through Run with opt, in the given slider modes.
func runRowsWith(t *testing.T, rows []perftdata.Row, modes []Mode, opt Options) {
	t.Helper()
	for _, r := range rows {
		if r.Nodes > shallowNodes && !*deep {
			continue
		}
		p, err := ParseFEN(r.FEN)
		if err != nil {
			t.Fatalf("%s: %v", r.FEN, err)
		}
		for _, mode := range modes {
			opt.Mode = mode
			res, err := Run(context.Background(), &p, r.Depth, opt)
			if err != nil {
				t.Fatalf("Run(%q, %d, %+v): %v", r.FEN, r.Depth, opt, err)
			}
			if res.Nodes != r.Nodes {
				t.Errorf("slider %v, hash %d MB (%d buckets), load %v: perft(%q, %d) = %d, want %d",
					mode, opt.HashMB, opt.hashBuckets, opt.Load, r.FEN, r.Depth, res.Nodes, r.Nodes)
			}
		}
	}
}

// TestRunHash checks the hashed perft, keyed by the Polyglot keys that
// board.Play keeps, against every published count of perft.tsv and
// extra.tsv up to 5,000,000 nodes, in every mode, with a 1 MB table
// (16,384 buckets), small enough that entries are replaced all the time,
// and against Chess960 positions' counts to perft 4.
func TestRunHash(t *testing.T) {
	opt := Options{HashMB: 1}
	runRowsWith(t, knownCounts(t), Modes, opt)
	var rows []perftdata.Row
	for i, r := range load960(t) {
		if i%(6*97) < 6 && r.Depth <= 4 {
			rows = append(rows, r)
		}
	}
	runRowsWith(t, rows, []Mode{ModeW}, opt)
}

// TestRunTinyHash runs with tables of one to four buckets, so that every
// key shares a bucket with many others and the full-key check decides
// every probe. The table does not depend on the mode: mode w only.
func TestRunTinyHash(t *testing.T) {
	rows := []perftdata.Row{
		{FEN: StartFEN, Depth: 4, Nodes: 197281},
		{FEN: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", Depth: 3, Nodes: 97862},
		{FEN: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", Depth: 5, Nodes: 674624},
		{FEN: "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", Depth: 6, Nodes: 1440467},
	}
	for _, buckets := range []int{1, 2, 4} {
		runRowsWith(t, rows, []Mode{ModeW}, Options{hashBuckets: buckets})
	}
}

// TestRunThreads checks counts with several threads sharing one table, and
// with the load (run it with -race: the table is lockless).
func TestRunThreads(t *testing.T) {
	p, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	kiwipete := &p
	for _, opt := range []Options{
		{Threads: 3},
		{Threads: 3, HashMB: 1},
		{Threads: 4, hashBuckets: 8},
		{Threads: 3, HashMB: 1, Load: LoadNNUE, NNUE: NNUE{Hidden: 32}},
	} {
		res, err := Run(context.Background(), kiwipete, 4, opt)
		if err != nil || res.Nodes != 4085603 {
			t.Errorf("%+v: kiwipete perft 4 = %d, %v; want 4085603", opt, res.Nodes, err)
		}
		want := Divide(kiwipete, 4, ModeW, 1)
		if fmt.Sprint(res.Moves) != fmt.Sprint(want) {
			t.Errorf("%+v: root moves %v, want Divide's %v", opt, res.Moves, want)
		}
	}
}

// TestRunLoad checks the counts with the NNUE load, and that the checksum
// depends on the position alone: the same in every mode and with any
// number of threads (without a table, which cuts subtrees).
func TestRunLoad(t *testing.T) {
	rows := []perftdata.Row{
		{FEN: StartFEN, Depth: 4, Nodes: 197281},
		{FEN: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", Depth: 3, Nodes: 97862},
		{FEN: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", Depth: 4, Nodes: 422333},
		{FEN: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", Depth: 5, Nodes: 674624},
	}
	for _, r := range rows {
		p, _ := ParseFEN(r.FEN)
		var sum uint64
		for i, mode := range Modes {
			for _, threads := range []int{1, 3} {
				opt := Options{Mode: mode, Threads: threads, Load: LoadNNUE, NNUE: NNUE{Buckets: 32, Hidden: 64}}
				res, err := Run(context.Background(), &p, r.Depth, opt)
				if err != nil || res.Nodes != r.Nodes {
					t.Errorf("%v, %d threads: perft(%q, %d) = %d, %v; want %d", mode, threads, r.FEN, r.Depth, res.Nodes, err, r.Nodes)
				}
				if i == 0 && threads == 1 {
					sum = res.Checksum
				} else if res.Checksum != sum {
					t.Errorf("%v, %d threads: %q checksum %#x, want %#x as in mode w", mode, threads, r.FEN, res.Checksum, sum)
				}
				if res.Updates == 0 || res.Checksum == 0 {
					t.Errorf("%q: %d updates, checksum %#x", r.FEN, res.Updates, res.Checksum)
				}
			}
		}
	}
	// One move made per node above the last ply: start position to depth
	// 4 makes 20 + 400 + 8,902 moves.
	start := StartPosition()
	res, _ := Run(context.Background(), &start, 4, Options{Load: LoadNNUE, NNUE: NNUE{Hidden: 16}})
	if res.Updates != 20+400+8902 {
		t.Errorf("start position depth 4: %d accumulator updates, want 9322", res.Updates)
	}
}

func TestRunDepth0(t *testing.T) {
	start := StartPosition()
	res, err := Run(context.Background(), &start, 0, Options{HashMB: 1, Load: LoadNNUE})
	if err != nil || res.Nodes != 1 || res.Stopped {
		t.Errorf("depth 0: %+v, %v; want 1 node", res, err)
	}
	res, err = Run(context.Background(), &start, 1, Options{HashMB: 1, Load: LoadNNUE, NNUE: NNUE{Hidden: 16}})
	if err != nil || res.Nodes != 20 || len(res.Moves) != 20 || res.Updates != 20 {
		t.Errorf("depth 1: %d nodes, %d moves, %d updates, %v; want 20 each", res.Nodes, len(res.Moves), res.Updates, err)
	}
}

func TestOptionsValidate(t *testing.T) {
	for _, c := range []struct {
		opt  Options
		want string
	}{
		{Options{}, ""},
		{Options{HashMB: -1}, "hash -1 MB"},
		{Options{HashMB: maxHashMB + 1}, "hash 65537 MB"},
		{Options{Mode: Mode(len(Modes))}, "unknown slider mode"},
		{Options{Load: 2}, "unknown load 2"},
		{Options{Load: LoadNNUE, NNUE: NNUE{Buckets: 3}}, "3 king buckets"},
		{Options{Load: LoadNNUE, NNUE: NNUE{Hidden: -1}}, "-1 hidden units"},
		{Options{Load: LoadNNUE, NNUE: NNUE{Hidden: maxHidden + 1}}, "16385 hidden units"},
		{Options{Load: LoadNNUE, NNUE: NNUE{Buckets: 64, Hidden: maxHidden}}, ""},
	} {
		err := c.opt.Validate()
		if (err == nil) != (c.want == "") || err != nil && !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: Validate() = %v, want %q", c.opt, err, c.want)
		}
		if err == nil {
			continue
		}
		start := StartPosition()
		if _, err2 := Run(context.Background(), &start, 1, c.opt); err2 == nil || err2.Error() != err.Error() {
			t.Errorf("%+v: Run's error %v, Validate's %v", c.opt, err2, err)
		}
	}
	start := StartPosition()
	for _, d := range []int{-1, board.MaxPerftDepth + 1} {
		if _, err := Run(context.Background(), &start, d, Options{}); err == nil {
			t.Errorf("depth %d: no error", d)
		}
	}
}

func TestHashEntries(t *testing.T) {
	for _, c := range []struct{ mb, entries int }{{0, 0}, {1, 1 << 16}, {3, 1 << 17}, {256, 1 << 24}} {
		if got := HashEntries(c.mb); got != c.entries {
			t.Errorf("HashEntries(%d) = %d, want %d", c.mb, got, c.entries)
		}
	}
	start := StartPosition()
	res, _ := Run(context.Background(), &start, 3, Options{HashMB: 3})
	if res.HashEntries != 1<<17 {
		t.Errorf("3 MB table: %d entries, want %d", res.HashEntries, 1<<17)
	}
	tt := newTable(4)
	if len(tt.words) != 4*bucketWords {
		t.Fatalf("table of 4 buckets has %d words", len(tt.words))
	}
}

// TestTable checks the replacement scheme on one bucket.
func TestTable(t *testing.T) {
	tt := newTable(1)
	for i := range uint64(4) {
		tt.store(100+i, int(2+i), 1000*(i+1)) // depths 2..5
	}
	for i := range uint64(4) {
		if n, ok := tt.probe(100+i, int(2+i)); !ok || n != 1000*(i+1) {
			t.Errorf("key %d: %d, %v", 100+i, n, ok)
		}
	}
	if _, ok := tt.probe(100, 3); ok {
		t.Error("a probe at another depth hit")
	}
	if _, ok := tt.probe(100^1<<63, 2); ok {
		t.Error("a probe with another key hit")
	}
	tt.store(200, 3, 7) // replaces the shallowest: key 100 at depth 2
	if _, ok := tt.probe(100, 2); ok {
		t.Error("the shallowest entry survived")
	}
	if n, ok := tt.probe(200, 3); !ok || n != 7 {
		t.Errorf("new entry: %d, %v", n, ok)
	}
	tt.store(300, 3, 8) // depth 3 twice now: the smaller count (7) goes
	if _, ok := tt.probe(200, 3); ok {
		t.Error("the smaller of two equal-depth entries survived")
	}
	tt.store(101, 3, 9999) // same key and depth: overwritten in place
	if n, ok := tt.probe(101, 3); !ok || n != 9999 {
		t.Errorf("overwritten entry: %d, %v", n, ok)
	}
	for _, k := range []uint64{300, 102, 103} {
		if _, ok := tt.probe(k, int(k%100)+2); !ok && k != 300 {
			t.Errorf("key %d lost", k)
		}
	}
	tt.store(1, 2, maxEntryCount+1)
	if _, ok := tt.probe(1, 2); ok {
		t.Error("a count over 56 bits was stored")
	}
}

// randomGames plays random legal games from positions rich in special moves,
// standard and Chess960, preferring castling, en passant, promotions and
// rook captures when there are some, and calls f with each position, the
// move and the position after it. It returns how often each kind of move
// was seen.
func randomGames(t *testing.T, games, plies int, f func(parent *Position, m board.Move, child *Position)) map[string]int {
	t.Helper()
	fens := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1",
		"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
		"1r1rk1rr/pppppp2/8/8/8/8/PPPPPP2/1R1RK1RR w DGdg - 0 1", // two pawns a side promoted to rooks
	}
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[string]int{}
	for g := range games {
		p, err := ParseFEN(fens[g%len(fens)])
		if err != nil {
			t.Fatal(err)
		}
		for range plies {
			var list board.MoveList
			moves := list[:board.Generate[board.W](&p, &list)]
			if len(moves) == 0 {
				break
			}
			var special []board.Move
			for _, m := range moves {
				promo := m.Promotion() != board.NoPieceType
				if m.IsCastle() || m.IsEnPassant() || promo || !m.IsCastle() && p.PieceAt(m.To()).Type() == board.Rook {
					special = append(special, m)
				}
			}
			m := moves[rng.IntN(len(moves))]
			if len(special) > 0 && rng.IntN(2) == 0 {
				m = special[rng.IntN(len(special))]
			}
			c := p
			board.Play[board.W](&c, m)
			switch {
			case m.IsCastle():
				seen["castle"]++
			case m.IsEnPassant():
				seen["en passant"]++
			case m.IsDoublePush():
				seen["double push"]++
			}
			if m.Promotion() != board.NoPieceType {
				seen["promotion"]++
			}
			if pc := p.PieceAt(m.To()); pc != board.NoPiece && !m.IsCastle() {
				seen["capture"]++
				if pc.Type() == board.Rook && c.Castling() != p.Castling() {
					seen["rook captured, right lost"]++
				}
			}
			if p.PieceAt(m.From()).Type() == board.King {
				seen["king move"]++
			}
			f(&p, m, &c)
			if t.Failed() {
				t.FailNow()
			}
			p = c
		}
	}
	for _, k := range []string{"castle", "en passant", "double push", "promotion", "capture", "rook captured, right lost", "king move"} {
		if seen[k] == 0 {
			t.Errorf("the random games never made a move of kind %q", k)
		}
	}
	return seen
}

// TestAccumulator checks the incrementally updated accumulators against
// ones computed from scratch after every move of random games, for every
// king-bucket layout.
func TestAccumulator(t *testing.T) {
	for _, buckets := range []int{1, 4, 8, 16, 32, 64} {
		n := newNet(NNUE{Buckets: buckets, Hidden: 12})
		h := n.h
		var refreshes int
		randomGames(t, 60, 80, func(parent *Position, m board.Move, child *Position) {
			src, dst, want := make([]int16, 2*h), make([]int16, 2*h), make([]int16, 2*h)
			n.refresh(parent, board.White, src[:h])
			n.refresh(parent, board.Black, src[h:])
			refreshes += n.update(parent, child, m, src, dst)
			n.refresh(child, board.White, want[:h])
			n.refresh(child, board.Black, want[h:])
			if fmt.Sprint(dst) != fmt.Sprint(want) {
				t.Errorf("%d buckets: %s, %v: incremental accumulators %v, from scratch %v", buckets, parent.FEN(), m, dst, want)
			}
		})
		if (refreshes == 0) != (buckets == 1) {
			t.Errorf("%d buckets: %d refreshes", buckets, refreshes)
		}
	}
}

func TestKingBuckets(t *testing.T) {
	for _, buckets := range []int{1, 4, 8, 16, 32, 64} {
		used := map[int]bool{}
		for k := range 64 {
			b, mirror := kingBucket(buckets, k)
			if b < 0 || b >= buckets {
				t.Fatalf("%d buckets: square %d in bucket %d", buckets, k, b)
			}
			if mirror != (k&7 >= 4 && buckets != 1 && buckets != 64) {
				t.Errorf("%d buckets: square %d mirror %v", buckets, k, mirror)
			}
			used[b] = true
		}
		if len(used) != buckets {
			t.Errorf("%d buckets: %d used", buckets, len(used))
		}
	}
	// The default: files a-d mirrored, rank groups 1, 2, 3-4, 5-8.
	for _, c := range []struct{ sq, bucket int }{{0, 0}, {7, 0}, {4, 3}, {11, 7}, {16, 8}, {31, 8}, {60, 12 + 3}} {
		if b, _ := kingBucket(16, c.sq); b != c.bucket {
			t.Errorf("16 buckets: square %d in bucket %d, want %d", c.sq, b, c.bucket)
		}
	}
}

// TestRunStop cancels runs from their progress callback once a root move
// has finished: the search stops inside the others (at depth 5), the result
// is partial, its finished root moves carry their full counts, and the run
// returns the context's error.
func TestRunStop(t *testing.T) {
	p3, _ := ParseFEN("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")
	pos3 := &p3
	full := map[string]uint64{}
	for _, c := range Divide(pos3, 6, ModeW, 2) {
		full[c.Move.String()] = c.Nodes
	}
	// The threaded run carries a load to last long enough: with as many
	// threads as CPUs the callback waits for a preemption to run.
	for _, opt := range []Options{{}, {HashMB: 1, Load: LoadNNUE, NNUE: NNUE{Hidden: 128}, Threads: 2}} {
		ctx, cancel := context.WithCancel(context.Background())
		opt.ProgressInterval = time.Millisecond
		opt.Progress = func(p Progress) {
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
	start := StartPosition()
	res, err := Run(ctx, &start, 9, Options{})
	if !res.Stopped || err == nil || len(res.Moves) != 0 || res.Nodes != 0 {
		t.Errorf("cancelled context: %d moves, %d nodes, stopped %v, %v", len(res.Moves), res.Nodes, res.Stopped, err)
	}
}

func TestRunProgress(t *testing.T) {
	var returned atomic.Bool
	var reports []Progress
	opt := Options{Threads: 2, ProgressInterval: time.Millisecond, Load: LoadNNUE, NNUE: NNUE{Hidden: 256}}
	opt.Progress = func(p Progress) {
		if returned.Load() {
			t.Error("progress reported after Run returned")
		}
		reports = append(reports, p)
	}
	start := StartPosition()
	res, err := Run(context.Background(), &start, 5, opt)
	returned.Store(true)
	if err != nil || res.Nodes != 4865609 {
		t.Fatalf("perft 5 = %d, %v", res.Nodes, err)
	}
	if len(reports) == 0 {
		t.Fatalf("no progress in %v", res.Elapsed)
	}
	var last Progress
	for _, p := range reports {
		if p.Total != 20 || p.Done < last.Done || p.Nodes < last.Nodes || p.DoneNodes > p.Nodes || p.Nodes > res.Nodes || p.Elapsed < last.Elapsed {
			t.Errorf("report %+v after %+v", p, last)
		}
		last = p
	}
	t.Logf("%d reports in %v, the last %+v", len(reports), res.Elapsed, last)
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

// TestLoadKernels checks that each accumulator kernel is one tight loop:
// a backward jump closing a body of a few instructions with no call (no
// bounds check) in it.
func TestLoadKernels(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the package")
	}
	out, err := exec.Command("go", "build", "-gcflags=-S", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-S: %v\n%s", err, out)
	}
	type instr struct {
		off  int
		text string
	}
	kernels := map[string][]instr{}
	fn := ""
	// "\t0x0030 00048 (file.go:279)\tMOVWLZX\t(DI)(DX*2), SI"
	re := regexp.MustCompile(`^\t0x[0-9a-f]+ (\d+) \([^)]*\)\t(.*)$`)
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, " STEXT ") {
			fn = strings.Fields(line)[0]
			continue
		}
		m := re.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for _, k := range []string{"addRow", "addSub", "addSubSub", "addAddSubSub"} {
			if strings.HasSuffix(fn, "perft."+k) {
				off, _ := strconv.Atoi(m[1])
				kernels[k] = append(kernels[k], instr{off, m[2]})
			}
		}
	}
	for _, k := range []string{"addRow", "addSub", "addSubSub", "addAddSubSub"} {
		code := kernels[k]
		loops := 0
		for i, in := range code {
			f := strings.Fields(in.text)
			if len(f) != 2 || !strings.HasPrefix(f[0], "J") {
				continue
			}
			target, err := strconv.Atoi(f[1])
			if err != nil || target >= in.off {
				continue
			}
			loops++
			var body []string
			for _, b := range code[:i+1] {
				if b.off >= target && !strings.HasPrefix(b.text, "PCDATA") && !strings.HasPrefix(b.text, "FUNCDATA") {
					body = append(body, b.text)
				}
			}
			if len(body) > 16 || strings.Contains(strings.Join(body, ";"), "CALL") {
				t.Errorf("%s's loop is not tight:\n\t%s", k, strings.Join(body, "\n\t"))
			}
			t.Logf("%s: a loop of %d instructions", k, len(body))
		}
		if loops != 1 {
			t.Errorf("%s: %d loops, want 1", k, loops)
		}
	}
}
