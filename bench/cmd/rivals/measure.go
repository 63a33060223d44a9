package main

import (
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/symmagic/attacks/internal/perftdata"
	"github.com/symmagic/attacks/movegen"
)

// standard are the positions of the rounds: the start position, kiwipete
// and the Chess Programming Wiki's positions 3 to 5, at the depths of the
// field's perft comparisons, and smaller ones for -quick and for the
// checks before the rounds. Every depth has its published count in
// internal/perftdata.
var standard = []struct {
	name, fen    string
	depth, quick int
}{
	{"start", movegen.StartFEN, 6, 3},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 2},
	{"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 4},
	{"position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6, 3},
	{"position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 3},
}

// position is a perft the rounds run.
type position struct {
	name, fen string
	depth     int
	nodes     uint64 // published
}

// positions returns the standard positions at their full depths, or at
// their small ones, each with its published count from suite.
func positions(suite []perftdata.Row, small bool) ([]position, error) {
	var ps []position
	for _, s := range standard {
		d := s.depth
		if small {
			d = s.quick
		}
		nodes, ok := perftdata.Nodes(suite, s.fen, d)
		if !ok {
			return nil, fmt.Errorf("no published perft count of %s at depth %d", s.name, d)
		}
		ps = append(ps, position{s.name, s.fen, d, nodes})
	}
	return ps, nil
}

// checkPerft is the check of every perft run: the program's count is the
// published one.
func checkPerft(prog string, p position, got uint64) error {
	if got != p.nodes {
		return fmt.Errorf("%s: perft of %s to depth %d counted %d nodes, published %d", prog, p.name, p.depth, got, p.nodes)
	}
	return nil
}

// timing is one measurement: a perft repeated until it ran the minimum
// time, once at least.
type timing struct {
	nodes, calls uint64 // the nodes of one call, the calls
	el           time.Duration
}

// mnps is the measurement's million nodes/s.
func (t timing) mnps() float64 { return float64(t.nodes*t.calls) / t.el.Seconds() / 1e6 }

// warmDepth is the depth, at most, of the untimed perft that starts every
// measurement, movegen's and the drivers'.
const warmDepth = 4

// movegenPerft measures movegen's perft of p through the public API
// (perft.go), as the drivers measure theirs: one untimed perft to
// warmDepth at most, then the perft until the calls, each timed alone, add
// up to minTime, once at least. The move buffers, one a ply, are made
// before the clock starts, as an engine makes them once.
func movegenPerft(p position, minTime time.Duration) (timing, error) {
	var t timing
	pos, err := movegen.ParseFEN(p.fen)
	if err != nil {
		return t, err
	}
	moves := make([][movegen.MaxMoves]movegen.Move, max(p.depth, 1))
	publicPerft(&pos, min(p.depth, warmDepth), moves)
	for t.calls == 0 || t.el < minTime {
		start := time.Now()
		n := publicPerft(&pos, p.depth, moves)
		t.el += time.Since(start)
		if err := checkPerft("movegen", p, n); err != nil {
			return t, err
		}
		t.nodes = n
		t.calls++
	}
	return t, nil
}

// config is what a run measures and how long.
type config struct {
	rounds int
	// minTime is how long each measurement runs at least: perft repeated
	// until it has.
	minTime time.Duration
	quick   bool
	command string
}

// Programs: movegen is program 0; rival i's build b is prog(i, b).
const pMovegen = 0

func prog(i, b int) int { return 1 + nBuild*i + b }

// measure runs the rounds on ps, progress on stderr, after checking every
// program's count of checks (small depths: a broken build fails in
// seconds). It returns million nodes/s, [position][program][round].
func measure(cfg config, ps, checks []position, rs []*prepared, stderr io.Writer) ([][][]float64, error) {
	n := 1 + nBuild*len(rs)
	var running []*driver
	stopAll := func() error {
		var first error
		for _, d := range running {
			if err := d.stop(); err != nil && first == nil {
				first = err
			}
		}
		running = nil
		return first
	}
	defer stopAll()
	// start starts every rival build's driver, each measurement to run
	// minTime, and returns every program's measurement.
	start := func(minTime time.Duration) ([]func(position) (timing, error), error) {
		run := []func(position) (timing, error){
			func(p position) (timing, error) {
				runtime.GC() // outside the clock
				return movegenPerft(p, minTime)
			},
		}
		for _, r := range rs {
			for b := range nBuild {
				d, err := startDriver(r.name, r.builds[b], minTime)
				if err != nil {
					return nil, err
				}
				running = append(running, d)
				run = append(run, func(p position) (timing, error) {
					t, err := d.perft(p.fen, p.depth)
					if err == nil {
						err = checkPerft(d.name, p, t.nodes)
					}
					return t, err
				})
			}
		}
		return run, nil
	}

	fmt.Fprintf(stderr, "checks: every program's perft of the %d positions at depths", len(checks))
	for _, p := range checks {
		fmt.Fprintf(stderr, " %d", p.depth)
	}
	fmt.Fprintln(stderr)
	run, err := start(0)
	if err != nil {
		return nil, err
	}
	for _, p := range checks {
		for g := range n {
			if _, err := run[g](p); err != nil {
				return nil, err
			}
		}
	}
	if err := stopAll(); err != nil {
		return nil, err
	}

	mnps := make([][][]float64, len(ps))
	for i := range mnps {
		mnps[i] = make([][]float64, n)
	}
	begin := time.Now()
	for r := range cfg.rounds {
		fmt.Fprintf(stderr, "round %d/%d (%v so far)\n", r+1, cfg.rounds, time.Since(begin).Round(time.Second))
		run, err := start(cfg.minTime)
		if err != nil {
			return nil, err
		}
		for i, p := range ps {
			for k := range n {
				g := (k + r) % n // the order rotates from round to round
				t, err := run[g](p)
				if err != nil {
					return nil, err
				}
				mnps[i][g] = append(mnps[i][g], t.mnps())
			}
		}
		if err := stopAll(); err != nil {
			return nil, err
		}
	}
	return mnps, nil
}
