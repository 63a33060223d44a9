package main

import (
	"fmt"
	"io"
	"time"

	"github.com/symmagic/attacks/bench/lookups"
)

// workload is a loop's workload: bench/lookups' (lookups.go says what each
// measures).
type workload = lookups.Workload

const (
	workHot          = lookups.Hot
	workLatency      = lookups.Latency
	workMovegen      = lookups.Movegen
	workTTThroughput = lookups.TTThroughput
	workTTLatency    = lookups.TTLatency
	numWorkloads     = lookups.NumWorkloads
)

var workloadInfo = [numWorkloads]struct{ ident, title string }{
	workHot:          {"Hot", "hot"},
	workLatency:      {"Latency", "latency"},
	workMovegen:      {"Movegen", "move gen"},
	workTTThroughput: {"TTThroughput", "TT throughput"},
	workTTLatency:    {"TTLatency", "TT latency"},
}

var pieceNames = [3]string{"rook", "bishop", "queen"}

// row is one line of the results: a technique, this package's lookups on
// standard or W input, or (in the kernel section) one of its kernels. Its
// loops run in its technique's worker (bench/lookups).
type row struct {
	name   string // for benchstat: no spaces or slashes
	title  string // for tables
	bytes  int
	w      *lookups.Worker
	this   bool   // this package's row
	kernel string // the kernel section's rows: the kernel they run under
}

// cell is one row, workload and piece: its loop (req), the iterations a
// measurement runs, and the ns/op of every round (for the TT forms, the
// whole loop's: the TT reads and the lookup).
type cell struct {
	row     *row
	work    workload
	piece   int
	req     lookups.Request
	n, base int // iterations of the loop and of the baseline
	samples []float64
	bases   []float64 // with -tt: the baseline's ns/op, TT forms only
}

// baseline is the TT form's loop without the lookup, in c's worker.
func (c *cell) baseline() lookups.Request {
	r := c.req
	r.Piece = lookups.Baseline
	return r
}

// marginal returns the TT form's marginal cost of every round: the loop's
// ns/op minus the baseline's, measured beside it (-tt only).
func (c *cell) marginal() []float64 {
	m := make([]float64, len(c.samples))
	for i := range m {
		m[i] = c.samples[i] - c.bases[i]
	}
	return m
}

type config struct {
	rounds int
	target time.Duration // per measurement; TT forms: ttScale times as long (with -tt, for the loop and for its baseline each)
	// marginal (-tt) also measures the TT loops without the lookup, in
	// chunks alternating with the loop, for the marginal-cost columns.
	marginal bool
}

// The TT forms' loops are dominated by random reads of a large table, the
// noisiest thing this machine does, so they get longer measurements. With
// -tt they are taken in ttChunks alternating pieces (baseline, loop,
// baseline, loop, ...) so that both see the same spell of the machine's
// memory traffic.
const (
	ttScale  = 1.5
	ttChunks = 4
)

// lookupCells are the lookup rows' cells: every workload, row and piece.
func lookupCells(rows []*row) []*cell {
	var cells []*cell
	for w := range numWorkloads {
		for _, r := range rows {
			for p := range 3 {
				cells = append(cells, &cell{row: r, work: w, piece: p, req: lookups.Request{Work: w, Piece: p}})
			}
		}
	}
	return cells
}

// measure measures every cell in interleaved rounds: each round measures
// every cell once, in the same order (A B C A B C ...), so slow drifts of a
// shared machine spread over all techniques instead of landing on one.
// Each measurement runs in its row's worker and is timed there. Its
// progress reports say about how long the rest of the job will take: the
// rounds still to run, plus after, what the sections after this one take.
//
// Before every round but the first, restart starts every worker anew (a
// new process, its memory laid out afresh), so that what one process's
// layout does to a technique spreads over the rounds.
func measure(cells []*cell, cfg config, restart func() error, after time.Duration, progress io.Writer) ([]*cell, error) {
	start := time.Now()
	fmt.Fprintf(progress, "calibrating %d cells (%v per measurement)\n", len(cells), cfg.target)
	for _, c := range cells {
		t := cfg.target
		if c.work.TT() {
			t = time.Duration(float64(cfg.target) * ttScale)
		}
		var err error
		if c.n, err = c.row.w.Calibrate(c.req, t); err != nil {
			return nil, err
		}
		if c.work.TT() {
			c.n = max(ttChunks, c.n)
			if cfg.marginal {
				if c.base, err = c.row.w.Calibrate(c.baseline(), t); err != nil {
					return nil, err
				}
				c.base = max(ttChunks, c.base)
			}
		}
	}
	fmt.Fprintf(progress, "calibrated in %v (about %v to go)\n", time.Since(start).Round(time.Millisecond),
		roundProgress(time.Duration(cfg.rounds)*roundTime(cells, cfg)+after))
	rounds := time.Now()
	var restarting time.Duration
	for round := range cfg.rounds {
		if round > 0 {
			t := time.Now()
			if err := restart(); err != nil {
				return nil, err
			}
			restarting += time.Since(t)
		}
		for i, c := range cells {
			if i == 0 || cells[i-1].work != c.work {
				// The first cell of a workload would otherwise pay for the
				// switch (the TT forms: page-table entries and cache lines
				// the workloads before evicted), and it is always the same
				// cell (fancy magic's rook; in the kernel section, the first
				// kernel's ToW): one untimed run warms the loop shape.
				if _, err := c.row.w.Time(c.req, c.n); err != nil {
					return nil, err
				}
			}
			if !c.work.TT() || !cfg.marginal {
				ns, err := c.row.w.Time(c.req, c.n)
				if err != nil {
					return nil, err
				}
				c.samples = append(c.samples, ns)
				continue
			}
			var base, loop float64
			for range ttChunks {
				b, err := c.row.w.Time(c.baseline(), c.base/ttChunks)
				if err != nil {
					return nil, err
				}
				l, err := c.row.w.Time(c.req, c.n/ttChunks)
				if err != nil {
					return nil, err
				}
				base, loop = base+b, loop+l
			}
			c.bases = append(c.bases, base/ttChunks)
			c.samples = append(c.samples, loop/ttChunks)
		}
		el := time.Since(start)
		eta := time.Since(rounds)/time.Duration(round+1)*time.Duration(cfg.rounds-round-1) + after
		fmt.Fprintf(progress, "round %d/%d done (%v elapsed, about %v to go)\n", round+1, cfg.rounds, roundProgress(el), roundProgress(eta))
	}
	if cfg.rounds > 1 {
		fmt.Fprintf(progress, "the rounds took %v, %v of it restarting the workers\n", roundProgress(time.Since(rounds)), roundProgress(restarting))
	}
	return cells, nil
}

// roundTime is what a round should take once the cells are calibrated: a
// measurement of every cell (the TT forms' longer, with -tt twice over for
// the baseline) and the untimed run that starts each workload.
func roundTime(cells []*cell, cfg config) time.Duration {
	var t time.Duration
	for i, c := range cells {
		loop := cfg.target
		if c.work.TT() {
			loop = time.Duration(float64(cfg.target) * ttScale)
			if cfg.marginal {
				t += loop
			}
		}
		t += loop
		if i == 0 || cells[i-1].work != c.work {
			t += loop
		}
	}
	return t
}

// roundProgress rounds a duration for a progress report: to the second,
// or to the tenth of one below ten seconds.
func roundProgress(d time.Duration) time.Duration {
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}
