// Package perfload measures perft under the loads an engine carries beside
// its attack tables (a transposition table, an NNUE-shaped first layer, or
// both) in slider modes of bench/perft, each its own build of the generator
// run by a worker process (perft.Pool), and reports nodes per second and
// each mode against the fastest of fancy, plain and black magic with
// stat.Compare's verdict. cmd/perfload, cmd/variants, cmd/builds and the
// bench's main job run it.
//
// A round runs every mode once in each (position, load) group, the modes in
// an order that rotates from round to round, so the modes of a group are
// measured close together in time. The commands run each in a process of
// its own (perft.Worker.Fresh): a worker that ran every round of its mode
// could keep one memory layout for all of them, and one did, its mode 5
// per cent slower in all 31 rounds than in a run of whole processes of the
// same binaries (docs/BENCHMARKS.md). Each figure is the search's own clock
// in the worker, from the first move to the last count: not the process's
// start, the table's allocation or the talk between the processes. Each cell's figure is the median of the
// rounds with a 95% interval for it (stat.Summarize); a mode's ratio is
// computed per round, its nodes/s over the fastest magic's (the one with the
// highest median in the group) in the same round.
//
// Every run's node count is checked against the others of its position and
// depth, and the NNUE checksum against the other modes' without a table: a
// difference is an error.
package perfload

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/bench/perft"
)

// Kiwipete is the position of most perft comparisons: every kind of move
// within a few plies.
const Kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// Position is one board: its depth without the net and with it (a net
// update costs about a microsecond a move, so the loaded runs go one ply
// shallower to take about as long).
type Position struct {
	Name, FEN        string
	Depth, NNUEDepth int
}

// Load is what a perft carries: a table of HashMB MB (0: none) and the net.
type Load struct {
	Name   string
	HashMB int
	NNUE   bool
}

// Loads returns the four loads of a table of mb MB: none, hash, nnue, both.
func Loads(mb int) []Load {
	return []Load{{"none", 0, false}, {fmt.Sprintf("hash %d MB", mb), mb, false}, {"nnue", 0, true}, {fmt.Sprintf("hash %d MB + nnue", mb), mb, true}}
}

// Group is one (position, load) pair: the modes are compared within it.
type Group struct {
	Pos   Position
	Load  Load
	Depth int
}

// Groups pairs every position with every load, at the depth of the load.
func Groups(positions []Position, loads []Load) []Group {
	var gs []Group
	for _, p := range positions {
		for _, l := range loads {
			d := p.Depth
			if l.NNUE {
				d = p.NNUEDepth
			}
			gs = append(gs, Group{p, l, d})
		}
	}
	return gs
}

// Options returns the search's options for the group's load.
func (g Group) Options() perft.Options {
	o := perft.Options{HashMB: g.Load.HashMB}
	if g.Load.NNUE {
		o.Load = perft.LoadNNUE
	}
	return o
}

// Measurements holds nodes/s: [group][mode][round].
type Measurements []map[perft.Mode][]float64

// RoundTimes runs one round of every group as Measure runs it (each mode
// once), keeps none of it, and returns each group's time: what a caller
// needs to estimate the time Measure will take before it starts, and a
// warm-up. A pool of long-lived workers is restarted first, as
// MeasureRestarting starts every round, and the restart counted in the
// first group's time.
func RoundTimes(pool *perft.Pool, groups []Group, modes []perft.Mode) ([]time.Duration, error) {
	ts := make([]time.Duration, len(groups))
	start := time.Now()
	if err := pool.Restart(); err != nil {
		return nil, err
	}
	for gi, g := range groups {
		for _, mode := range modes {
			if _, err := run(pool, mode, g); err != nil {
				return nil, err
			}
		}
		ts[gi] = time.Since(start)
		start = time.Now()
	}
	return ts, nil
}

// run runs g once in mode's worker of pool.
func run(pool *perft.Pool, mode perft.Mode, g Group) (perft.Result, error) {
	w := pool.Worker(mode)
	if w == nil {
		return perft.Result{}, fmt.Errorf("no worker of mode %s", mode)
	}
	return w.Run(context.Background(), g.Pos.FEN, g.Depth, g.Options())
}

// checker holds what every run of a measurement must agree on: each
// position and depth's leaf count, and without a table the NNUE checksum.
type checker struct {
	nodes    map[string]uint64 // position and depth -> leaf count
	checksum map[string]uint64 // group without a table -> NNUE checksum
}

func newChecker() *checker {
	return &checker{nodes: map[string]uint64{}, checksum: map[string]uint64{}}
}

// runChecked runs g in mode and checks its counts against the runs before
// it; it returns the run's nodes/s.
func (c *checker) runChecked(pool *perft.Pool, mode perft.Mode, g Group) (float64, error) {
	res, err := run(pool, mode, g)
	if err != nil {
		return 0, err
	}
	key := fmt.Sprintf("%s depth %d", g.Pos.Name, g.Depth)
	if want, ok := c.nodes[key]; ok && want != res.Nodes {
		return 0, fmt.Errorf("%s, %s, mode %v: %d nodes, another run counted %d", key, g.Load.Name, mode, res.Nodes, want)
	}
	c.nodes[key] = res.Nodes
	if g.Load.NNUE && g.Load.HashMB == 0 {
		if want, ok := c.checksum[key]; ok && want != res.Checksum {
			return 0, fmt.Errorf("%s, mode %v: NNUE checksum %#x, another mode's %#x", key, mode, res.Checksum, want)
		}
		c.checksum[key] = res.Checksum
	}
	return float64(res.Nodes) / res.Elapsed.Seconds(), nil
}

// Measure runs rounds rounds of every group in the modes given, reporting
// each group's end on progress. With est, a round's time for every group
// (RoundTimes; nil: none), the report also says about how long the groups
// still to come will take. m[group][mode] holds the rounds of each mode.
func Measure(pool *perft.Pool, groups []Group, modes []perft.Mode, rounds int, est []time.Duration, progress io.Writer) (Measurements, error) {
	m := make(Measurements, len(groups))
	c := newChecker()
	start := time.Now()
	for gi, g := range groups {
		m[gi] = map[perft.Mode][]float64{}
		for r := 0; r < rounds; r++ {
			for k := range modes {
				mode := modes[(k+r)%len(modes)]
				nps, err := c.runChecked(pool, mode, g)
				if err != nil {
					return nil, err
				}
				m[gi][mode] = append(m[gi][mode], nps)
			}
		}
		el := time.Since(start)
		if est == nil {
			fmt.Fprintf(progress, "perft %s, %s, depth %d: %d rounds (%v so far)\n", g.Pos.Name, g.Load.Name, g.Depth, rounds, roundProgress(el))
			continue
		}
		var left time.Duration
		for _, t := range est[gi+1:] {
			left += t * time.Duration(rounds)
		}
		fmt.Fprintf(progress, "perft %s, %s, depth %d: %d rounds (%v so far, about %v to go)\n", g.Pos.Name, g.Load.Name, g.Depth, rounds, roundProgress(el), roundProgress(left))
	}
	return m, nil
}

// MeasureRestarting is Measure for a pool of long-lived workers, the
// rounds outermost: each round starts every worker anew (perft.Pool.Restart)
// and then runs every group in every mode, so that each mode has a process
// of its own in every round, which runs the round's groups one after
// another. What a process's memory layout does to a mode then spreads over
// the rounds, as in a pool of Fresh workers, at a process start a mode and
// round instead of one a run. A worker that ran every round of its mode
// kept one layout for all of them: under the NNUE load one mode ran 1.15
// to 1.20 times as fast as each other in all 15 rounds of a run, where the
// modes differ in the lookups alone (docs/BENCHMARKS.md, "The quick
// look"). It reports the end of each round on progress.
func MeasureRestarting(pool *perft.Pool, groups []Group, modes []perft.Mode, rounds int, progress io.Writer) (Measurements, error) {
	m := make(Measurements, len(groups))
	for gi := range m {
		m[gi] = map[perft.Mode][]float64{}
	}
	c := newChecker()
	start := time.Now()
	for r := 0; r < rounds; r++ {
		if err := pool.Restart(); err != nil {
			return nil, err
		}
		for gi, g := range groups {
			for k := range modes {
				mode := modes[(k+r)%len(modes)]
				nps, err := c.runChecked(pool, mode, g)
				if err != nil {
					return nil, err
				}
				m[gi][mode] = append(m[gi][mode], nps)
			}
		}
		el := time.Since(start)
		left := el / time.Duration(r+1) * time.Duration(rounds-r-1)
		fmt.Fprintf(progress, "perft round %d/%d done (%v so far, about %v to go)\n", r+1, rounds, roundProgress(el), roundProgress(left))
	}
	return m, nil
}

// roundProgress rounds a duration for a progress report: to the second, or
// to the tenth of one below ten seconds.
func roundProgress(d time.Duration) time.Duration {
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}

// Base returns the fastest magic of group g: the one of perft.Magics with
// the highest median (a tie goes to the first).
func (m Measurements) Base(g int) perft.Mode {
	var sets [][]float64
	for _, mode := range perft.Magics {
		sets = append(sets, m[g][mode])
	}
	return perft.Magics[stat.Fastest(stat.HigherIsFaster, sets...)]
}

// Compare is mode against the fastest magic of group g.
func (m Measurements) Compare(g int, mode perft.Mode) stat.Comparison {
	return stat.Compare(m[g][mode], m[g][m.Base(g)], stat.HigherIsFaster)
}
