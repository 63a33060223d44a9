package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/variant"
)

// TestReport chooses the -quick depths and writes a report of made-up
// rounds: a row for each position; Atomic, which this Fairy-Stockfish does
// not offer, not measured on it and left out of the geometric mean, which
// the other positions' ratios give.
func TestReport(t *testing.T) {
	cfg := config{rounds: 3, minTime: time.Millisecond, maxNodes: 20_000, pyMax: 2_000, quick: true, command: "go run -C bench ./cmd/varperft -quick"}
	ps, err := preparePositions(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != len(positions) {
		t.Fatalf("%d positions, want %d", len(ps), len(positions))
	}
	seen := map[variant.Variant]bool{}
	for _, p := range ps {
		seen[p.v] = true
		if p.depth < 1 || p.nodes > cfg.maxNodes || p.pyDepth > p.depth || p.pyNodes > cfg.pyMax || p.nodes != p.p.Perft(p.depth) {
			t.Errorf("%v %s: depth %d (%d nodes), python-chess's %d (%d)", p.v, p.name, p.depth, p.nodes, p.pyDepth, p.pyNodes)
		}
	}
	if len(seen) != 7 {
		t.Fatalf("variants %v: want all seven", seen)
	}
	vars := map[string]bool{"crazyhouse": true, "antichess": true, "kingofthehill": true, "3check": true, "horde": true, "racingkings": true}
	r := &report{cfg: cfg, ps: ps, fairy: &fairyTool{path: "fairy-stockfish", name: "Fairy-Stockfish 11.1", vars: vars}}
	r.mnps = make([][nProg][]float64, len(ps))
	for i, p := range ps {
		r.mnps[i][pVariant] = []float64{20, 21, 22}
		if vars[p.v.UCI()] {
			r.mnps[i][pFairy] = []float64{10, 10, 10}
		}
		r.mnps[i][pPython] = []float64{0.01, 0.01, 0.01}
	}
	var b bytes.Buffer
	r.write(&b, machine.Here())
	out := b.String()
	for _, p := range ps {
		if !strings.Contains(out, "| "+p.v.String()) {
			t.Errorf("no row of %v:\n%s", p.v, out)
		}
	}
	if !strings.Contains(out, "no atomic in its UCI_Variant") || !strings.Contains(out, "over the 8 positions") || !strings.Contains(out, "2.10 [2.00, 2.20]") {
		t.Errorf("report:\n%s", out)
	}
}
