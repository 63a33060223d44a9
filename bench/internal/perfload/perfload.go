// Package perfload measures perft under the loads an engine carries beside
// its attack tables (a transposition table, an NNUE-shaped first layer, or
// both) in every slider mode of bench/perft, and reports nodes per second
// and each mode against the fastest of fancy, plain and black magic with
// stat.Compare's verdict. cmd/perfload and the bench's main job run it.
//
// A round runs every mode once in each (position, load) group, the modes in
// an order that rotates from round to round, so the modes of a group are
// measured close together in time. Each cell's figure is the median of the
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
	"runtime"
	"runtime/debug"
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

func (g Group) options(m perft.Mode) perft.Options {
	o := perft.Options{Mode: m, HashMB: g.Load.HashMB}
	if g.Load.NNUE {
		o.Load = perft.LoadNNUE
	}
	return o
}

// Measurements holds nodes/s: [group][mode][round], mode a perft.Mode's
// value.
type Measurements [][][]float64

// RoundTimes runs one round of every group as Measure runs it (each mode
// once), keeps none of it, and returns each group's time: what a caller
// needs to estimate the time Measure will take before it starts, and a
// warm-up.
func RoundTimes(groups []Group) ([]time.Duration, error) {
	ctx := context.Background()
	runtime.GC()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	ts := make([]time.Duration, len(groups))
	for gi, g := range groups {
		p, err := perft.ParseFEN(g.Pos.FEN)
		if err != nil {
			return nil, err
		}
		start := time.Now()
		for _, mode := range perft.Modes {
			if _, err := perft.Run(ctx, &p, g.Depth, g.options(mode)); err != nil {
				return nil, err
			}
		}
		ts[gi] = time.Since(start)
		runtime.GC()
	}
	return ts, nil
}

// Measure runs rounds rounds of every group, reporting each group's end on
// progress. With est, a round's time for every group (RoundTimes; nil:
// none), the report also says about how long the groups still to come will
// take.
func Measure(groups []Group, rounds int, est []time.Duration, progress io.Writer) (Measurements, error) {
	return MeasureModes(groups, perft.Modes, rounds, est, progress)
}

// MeasureModes is Measure with the modes given (bench/cmd/variants runs
// the variant modes beside some of perft.Modes): m[group][mode] holds the
// rounds of each mode given.
func MeasureModes(groups []Group, modes []perft.Mode, rounds int, est []time.Duration, progress io.Writer) (Measurements, error) {
	ctx := context.Background()
	size := 0
	for _, mode := range modes {
		size = max(size, int(mode)+1)
	}
	m := make(Measurements, len(groups))
	nodes := map[string]uint64{}    // position and depth -> leaf count
	checksum := map[string]uint64{} // group without a table -> NNUE checksum
	runtime.GC()
	defer debug.SetGCPercent(debug.SetGCPercent(-1)) // Run allocates its table and stacks before it starts the clock
	start := time.Now()
	for gi, g := range groups {
		m[gi] = make([][]float64, size)
		p, err := perft.ParseFEN(g.Pos.FEN)
		if err != nil {
			return nil, err
		}
		key := fmt.Sprintf("%s depth %d", g.Pos.Name, g.Depth)
		for r := 0; r < rounds; r++ {
			for k := range modes {
				mode := modes[(k+r)%len(modes)]
				res, err := perft.Run(ctx, &p, g.Depth, g.options(mode))
				if err != nil {
					return nil, err
				}
				if want, ok := nodes[key]; ok && want != res.Nodes {
					return nil, fmt.Errorf("%s, %s, mode %v: %d nodes, another run counted %d", key, g.Load.Name, mode, res.Nodes, want)
				}
				nodes[key] = res.Nodes
				if g.Load.NNUE && g.Load.HashMB == 0 {
					if want, ok := checksum[key]; ok && want != res.Checksum {
						return nil, fmt.Errorf("%s, mode %v: NNUE checksum %#x, another mode's %#x", key, mode, res.Checksum, want)
					}
					checksum[key] = res.Checksum
				}
				m[gi][mode] = append(m[gi][mode], float64(res.Nodes)/res.Elapsed.Seconds())
			}
			runtime.GC() // the tables of the round go before the next
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

// roundProgress rounds a duration for a progress report: to the second, or
// to the tenth of one below ten seconds.
func roundProgress(d time.Duration) time.Duration {
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}

// magics are the yardsticks: the modes that look up a magic-bitboard
// reference, one of which is every group's base.
var magics = []perft.Mode{perft.ModeFancy, perft.ModePlain, perft.ModeBlack}

// Base returns the fastest magic of group g: the one of magics with the
// highest median (a tie goes to the first).
func (m Measurements) Base(g int) perft.Mode {
	var sets [][]float64
	for _, mode := range magics {
		sets = append(sets, m[g][mode])
	}
	return magics[stat.Fastest(stat.HigherIsFaster, sets...)]
}

// Compare is mode against the fastest magic of group g.
func (m Measurements) Compare(g int, mode perft.Mode) stat.Comparison {
	return stat.Compare(m[g][mode], m[g][m.Base(g)], stat.HigherIsFaster)
}
