package main

import (
	"fmt"
	"io"
	"runtime"
	"time"
)

type workload int

const (
	workHot workload = iota
	workLatency
	workMovegen
	workTTThroughput
	workTTLatency
	numWorkloads
)

var workloadInfo = [numWorkloads]struct{ ident, title string }{
	workHot:          {"Hot", "hot"},
	workLatency:      {"Latency", "latency"},
	workMovegen:      {"Movegen", "move gen"},
	workTTThroughput: {"TTThroughput", "TT throughput"},
	workTTLatency:    {"TTLatency", "TT latency"},
}

func (w workload) tt() bool { return w == workTTThroughput || w == workTTLatency }

var pieceNames = [3]string{"rook", "bishop", "queen"}

// loopFunc runs a workload's loop n times (n passes for move generation)
// and returns what it accumulated, which the caller keeps: no loop's work
// can be dropped.
type loopFunc func(d *data, n int) uint64

type loopSet [numWorkloads][3]loopFunc

// row is one line of the results: a technique, this package's lookups on
// standard or W input, or (in the kernel section) one of its kernels.
type row struct {
	name  string // for benchstat: no spaces or slashes
	title string // for tables
	bytes int
	loops *loopSet
	this  bool   // this package's row
	setup func() // selects the kernel: the kernel section's rows only
}

// cell is one row, workload and piece: its loop, the iterations a
// measurement runs, and the ns/op of every round (for the TT forms, the
// whole loop's: the TT reads and the lookup).
type cell struct {
	row     *row
	work    workload
	piece   int
	fn      loopFunc
	n, base int // iterations of fn and of the baseline
	samples []float64
	bases   []float64 // with -tt: the baseline's ns/op, TT forms only
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

// sink keeps what the loops return: no loop's work can be dropped.
var sink uint64

// time1 runs fn(d, n) once and returns ns per lookup.
func time1(d *data, fn loopFunc, w workload, n int) float64 {
	start := time.Now()
	sink ^= fn(d, n)
	el := time.Since(start)
	return float64(el.Nanoseconds()) / float64(ops(d, w, n))
}

func ops(d *data, w workload, n int) int {
	if w == workMovegen {
		return n * d.mgLookups
	}
	return n
}

// calibrate finds the iterations that make one measurement last about
// target, running the loop a few times on the way (which also warms it up).
func calibrate(d *data, fn loopFunc, w workload, target time.Duration) int {
	n := 1
	if w != workMovegen {
		n = 1024
	}
	for {
		start := time.Now()
		sink ^= fn(d, n)
		el := time.Since(start)
		if el >= target/8 {
			return max(1, int(float64(n)*float64(target)/float64(el)))
		}
		n *= 8
	}
}

// lookupCells are the lookup rows' cells: every workload, row and piece.
func lookupCells(rows []*row) []*cell {
	var cells []*cell
	for w := range numWorkloads {
		for _, r := range rows {
			for p := range 3 {
				cells = append(cells, &cell{row: r, work: w, piece: p, fn: r.loops[w][p]})
			}
		}
	}
	return cells
}

// measure measures every cell in interleaved rounds: each round measures
// every cell once, in the same order (A B C A B C ...), so slow drifts of a
// shared machine spread over all techniques instead of landing on one. Its
// progress reports say about how long the rest of the job will take: the
// rounds still to run, plus after, what the sections after this one take.
func measure(d *data, cells []*cell, cfg config, after time.Duration, progress io.Writer) []*cell {
	start := time.Now()
	fmt.Fprintf(progress, "calibrating %d cells (%v per measurement)\n", len(cells), cfg.target)
	for _, c := range cells {
		if c.row.setup != nil {
			c.row.setup()
		}
		if c.work.tt() {
			t := time.Duration(float64(cfg.target) * ttScale)
			c.n = max(ttChunks, calibrate(d, c.fn, c.work, t))
			if cfg.marginal {
				c.base = max(ttChunks, calibrate(d, baselines[c.work], c.work, t))
			}
		} else {
			c.n = calibrate(d, c.fn, c.work, cfg.target)
		}
	}
	fmt.Fprintf(progress, "calibrated in %v (about %v to go)\n", time.Since(start).Round(time.Millisecond),
		roundProgress(time.Duration(cfg.rounds)*roundTime(cells, cfg)+after))
	rounds := time.Now()
	for round := range cfg.rounds {
		for i, c := range cells {
			if c.row.setup != nil {
				c.row.setup()
			}
			if i == 0 || cells[i-1].work != c.work {
				// The first cell of a workload would otherwise pay for the
				// switch (the TT forms: page-table entries and cache lines
				// the workloads before evicted), and it is always the same
				// cell (fancy magic's rook; in the kernel section, the first
				// kernel's ToW): one untimed run warms the loop shape.
				sink ^= c.fn(d, c.n)
			}
			if !c.work.tt() || !cfg.marginal {
				c.samples = append(c.samples, time1(d, c.fn, c.work, c.n))
				continue
			}
			var base, loop float64
			for range ttChunks {
				base += time1(d, baselines[c.work], c.work, c.base/ttChunks)
				loop += time1(d, c.fn, c.work, c.n/ttChunks)
			}
			base, loop = base/ttChunks, loop/ttChunks
			c.bases = append(c.bases, base)
			c.samples = append(c.samples, loop)
		}
		el := time.Since(start)
		eta := time.Since(rounds)/time.Duration(round+1)*time.Duration(cfg.rounds-round-1) + after
		fmt.Fprintf(progress, "round %d/%d done (%v elapsed, about %v to go)\n", round+1, cfg.rounds, roundProgress(el), roundProgress(eta))
	}
	runtime.KeepAlive(sink) // what the loops returned is read: their work counts
	return cells
}

// roundTime is what a round should take once the cells are calibrated: a
// measurement of every cell (the TT forms' longer, with -tt twice over for
// the baseline) and the untimed run that starts each workload.
func roundTime(cells []*cell, cfg config) time.Duration {
	var t time.Duration
	for i, c := range cells {
		loop := cfg.target
		if c.work.tt() {
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
