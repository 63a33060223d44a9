// Command perfload measures perft under the loads an engine carries beside
// its attack tables: a transposition table, an NNUE-shaped first layer, or
// both, in every slider mode of bench/perft, and reports nodes per second
// and the ratio of each mode to the faster of plain and fancy magic:
//
//	go run -C bench ./cmd/perfload           full run (about 2 minutes): table on stdout, results/perft-load.md and .png
//	go run -C bench ./cmd/perfload -quick    small depths, a few seconds, writes nothing unless -out is given
//
// A round runs every mode once in each (position, load) group, the modes in
// an order that rotates from round to round, so the modes of a group are
// measured close together in time. Each cell's figure is the median of the
// rounds with a 95% interval for it (order statistics: the widest pair of
// ranks whose binomial coverage is still at least 95%; with fewer than six
// rounds no pair reaches 95% and the interval is the whole range, its
// coverage stated). A ratio is computed per round, the mode's nodes/s over
// the faster magic's (the one with the higher median in the group) in the
// same round, and summarised the same way.
//
// Every run's node count is checked against the others of its position and
// depth, and the NNUE checksum against the other modes' without a table:
// a difference is an error, and nothing is written.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/bench/perft"
)

func main() {
	if err := mainErr(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "perfload:", err)
		os.Exit(1)
	}
}

// position is one board of the table: its depth without the net and with
// it (a net update costs about a microsecond a move, so the loaded runs go
// one ply shallower to take about as long).
type position struct {
	name, fen        string
	depth, nnueDepth int
}

// load is one column group: the table's size (0: none) and the net.
type load struct {
	name   string
	hashMB int
	nnue   bool
}

// group is one (position, load) pair: the modes are compared within it.
type group struct {
	pos   position
	load  load
	depth int
}

func (g group) options(m perft.Mode) perft.Options {
	o := perft.Options{Mode: m, HashMB: g.load.hashMB}
	if g.load.nnue {
		o.Load = perft.LoadNNUE
	}
	return o
}

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func mainErr(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("perfload", flag.ContinueOnError)
	fs.SetOutput(stderr)
	quick := fs.Bool("quick", false, "small depths and a 16 MB table, 3 rounds: a check that it runs, not a measurement; writes nothing unless -out is given")
	rounds := fs.Int("rounds", 0, "rounds (default 9, -quick 3)")
	hashMB := fs.Int("hash", 0, "the table's size in MB for the hash loads (default 256, -quick 16)")
	out := fs.String("out", "", `directory for perft-load.md and perft-load.png (default "results" for a full run, none for -quick)`)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	positions := []position{{"start", perft.StartFEN, 6, 5}, {"kiwipete", kiwipete, 5, 4}}
	n, mb, dir := 9, 256, "results"
	if *quick {
		positions = []position{{"start", perft.StartFEN, 4, 3}, {"kiwipete", kiwipete, 3, 2}}
		n, mb, dir = 3, 16, ""
	}
	if *rounds > 0 {
		n = *rounds
	}
	if *hashMB > 0 {
		mb = *hashMB
	}
	if *out != "" {
		dir = *out
	}
	loads := []load{{"none", 0, false}, {fmt.Sprintf("hash %d MB", mb), mb, false}, {"nnue", 0, true}, {fmt.Sprintf("hash %d MB + nnue", mb), mb, true}}
	var groups []group
	for _, p := range positions {
		for _, l := range loads {
			d := p.depth
			if l.nnue {
				d = p.nnueDepth
			}
			groups = append(groups, group{p, l, d})
		}
	}

	m, err := measure(groups, n, stderr)
	if err != nil {
		return err
	}
	rep := report{groups: groups, m: m, rounds: n, hashMB: mb, cpu: stat.CPUModel(), goVersion: runtime.Version(), kernel: attacks.Kernel(), date: time.Now().UTC().Format("2006-01-02")}
	rep.writeMarkdown(stdout)
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// Written to temporary names and renamed, so a failure leaves the old
	// files whole.
	md, png := filepath.Join(dir, "perft-load.md"), filepath.Join(dir, "perft-load.png")
	if err := writeAtomic(md, func(w io.Writer) error { rep.writeMarkdown(w); return nil }); err != nil {
		return err
	}
	if err := writeAtomic(png, rep.plot); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s and %s\n", md, png)
	return nil
}

// measurements[g][mode] are the nodes/s of each round (mode is a
// perft.Mode, so the slices are indexed by its value).
type measurements [][][]float64

func measure(groups []group, rounds int, stderr io.Writer) (measurements, error) {
	ctx := context.Background()
	m := make(measurements, len(groups))
	nodes := map[string]uint64{}    // position and depth -> leaf count
	checksum := map[string]uint64{} // group without a table -> NNUE checksum
	runtime.GC()
	defer debug.SetGCPercent(debug.SetGCPercent(-1)) // Run allocates its table and stacks before it starts the clock
	start := time.Now()
	for gi, g := range groups {
		m[gi] = make([][]float64, len(perft.Modes))
		p, err := perft.ParseFEN(g.pos.fen)
		if err != nil {
			return nil, err
		}
		key := fmt.Sprintf("%s depth %d", g.pos.name, g.depth)
		for r := 0; r < rounds; r++ {
			for k := range perft.Modes {
				mode := perft.Modes[(k+r)%len(perft.Modes)]
				res, err := perft.Run(ctx, p, g.depth, g.options(mode))
				if err != nil {
					return nil, err
				}
				if want, ok := nodes[key]; ok && want != res.Nodes {
					return nil, fmt.Errorf("%s, %s, mode %v: %d nodes, another run counted %d", key, g.load.name, mode, res.Nodes, want)
				}
				nodes[key] = res.Nodes
				if g.load.nnue && g.load.hashMB == 0 {
					if want, ok := checksum[key]; ok && want != res.Checksum {
						return nil, fmt.Errorf("%s, mode %v: NNUE checksum %#x, another mode's %#x", key, mode, res.Checksum, want)
					}
					checksum[key] = res.Checksum
				}
				m[gi][mode] = append(m[gi][mode], float64(res.Nodes)/res.Elapsed.Seconds())
			}
			runtime.GC() // the tables of the round go before the next
		}
		fmt.Fprintf(stderr, "%s, %s, depth %d: %d rounds (%v so far)\n", g.pos.name, g.load.name, g.depth, rounds, time.Since(start).Round(time.Second))
	}
	return m, nil
}

// base returns the faster magic of group g: plain or fancy, whichever has
// the higher median.
func (m measurements) base(g int) perft.Mode {
	plain, fancy := stat.Summarize(m[g][perft.ModePlain]), stat.Summarize(m[g][perft.ModeFancy])
	if fancy.Median > plain.Median {
		return perft.ModeFancy
	}
	return perft.ModePlain
}

// ratio summarises the per-round ratios of mode to the faster magic.
func (m measurements) ratio(g int, mode perft.Mode) stat.Summary {
	b := m[g][m.base(g)]
	rs := make([]float64, len(b))
	for i := range b {
		rs[i] = m[g][mode][i] / b[i]
	}
	return stat.Summarize(rs)
}

// writeAtomic writes path through a temporary file in the same directory.
func writeAtomic(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		return errors.Join(err, os.Remove(f.Name()))
	}
	return nil
}
