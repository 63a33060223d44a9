// Command bench runs the sliding-attack techniques of the field side by side
// with this package, on one input stream and under realistic load, and
// reports ns/op, table bytes and ratios to fancy magic:
//
//	go run -C bench .              full run (a few minutes): table on stdout, results/ written
//	go run -C bench . -quick       under a minute, nothing written unless -out is given
//	go run -C bench . -benchstat   benchstat lines on stdout instead of the table
//
// Workloads (data.go describes the input stream; loops_gen.go holds the
// loops, written out per technique by internal/loopgen so that every
// technique runs the same loop with its lookup inlined where it can be):
//
//   - hot: independent lookups, throughput;
//   - latency: each lookup's occupancy depends on the previous result;
//   - move gen: one occupancy, every slider of the position, the occupancy
//     updated move by move (in W layout for the W rows);
//   - TT throughput: each lookup beside four independent random reads of a
//     64 MiB table; TT latency: a random read whose address depends on the
//     previous result, then a lookup whose occupancy depends on the value
//     read. Both report the marginal cost: the loop's time minus the same
//     loop without the lookup, measured just before it. This is where table
//     size shows.
//
// Each measurement runs one loop for about -target (the TT forms longer,
// alternating with their baseline); rounds measure every cell in turn
// (A B C A B C ...) and the tables show the median of the rounds and their
// range. Progress goes to stderr.
package main

//go:generate go run ./internal/loopgen -out loops_gen.go

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/ref"
)

func main() {
	if err := mainErr(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func mainErr(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	quick := fs.Bool("quick", false, "a short run (under a minute): fewer rounds, shorter measurements; writes nothing unless -out is given")
	rounds := fs.Int("rounds", 0, "rounds (default 25, -quick 7)")
	target := fs.Duration("target", 0, "time per measurement (default 20ms, -quick 3ms)")
	out := fs.String("out", "", `directory for results.md, benchstat.txt and the picture (default "results" for a full run, none for -quick)`)
	png := fs.String("png", "", "path of the picture, .png or .svg (default OUT/tt-pressure.png)")
	benchstat := fs.Bool("benchstat", false, "print benchstat lines on stdout instead of the table")
	only := fs.String("run", "", "only the rows whose name matches this regexp (fancy magic always runs: it is the ratios' base)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg := config{rounds: 25, target: 20 * time.Millisecond}
	if *quick {
		cfg = config{rounds: 7, target: 3 * time.Millisecond}
	}
	if *rounds > 0 {
		cfg.rounds = *rounds
	}
	if *target > 0 {
		cfg.target = *target
	}
	dir := *out
	if dir == "" && !*quick {
		dir = "results"
	}
	picture := *png
	if picture == "" && dir != "" {
		picture = filepath.Join(dir, "tt-pressure.png")
	}
	var filter *regexp.Regexp
	if *only != "" {
		var err error
		if filter, err = regexp.Compile(*only); err != nil {
			return err
		}
	}

	start := time.Now()
	rows, err := buildRows(filter)
	if err != nil {
		return err
	}
	d := newData()
	fmt.Fprintf(stderr, "input: %d games, %d moves, %d lookups per move-generation pass (%.1f sliders a position), %d inputs, 64 MiB TT; setup %v\n",
		len(d.games), len(d.moves), d.mgLookups, float64(d.mgLookups)/float64(len(d.moves)), inputLen, time.Since(start).Round(time.Millisecond))

	// The loops allocate nothing; with the collector off, nothing runs
	// beside them but the machine's other tenants.
	runtime.GC()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	def := attacks.Kernel()
	cells := run(d, rows, cfg, stderr)
	if err := attacks.SetKernel(def); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "measured in %v\n", time.Since(start).Round(time.Second))

	m := newMeta(cfg, d, def)
	res := newResults(rows, cells, m)
	if *benchstat {
		res.writeBenchstat(stdout)
	} else {
		res.writeTables(stdout)
	}
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := writeFile(filepath.Join(dir, "results.md"), res.writeMarkdown); err != nil {
			return err
		}
		if err := writeFile(filepath.Join(dir, "benchstat.txt"), res.writeBenchstat); err != nil {
			return err
		}
	}
	if picture != "" {
		if err := res.plot(picture); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "wrote %s\n", picture)
	}
	if dir != "" {
		fmt.Fprintf(stderr, "wrote %s\n", dir)
	}
	return nil
}

func writeFile(path string, write func(io.Writer)) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	write(w)
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// buildRows lists the references this machine can run, then this package's
// two rows (standard and W input) for every kernel it can run.
func buildRows(filter *regexp.Regexp) ([]*row, error) {
	var rows []*row
	keep := func(r *row) {
		if filter == nil || r.name == "fancy" || filter.MatchString(r.name) {
			rows = append(rows, r)
		}
	}
	for _, t := range ref.Techniques() {
		ls, ok := loopSets[t.Name]
		if !ok {
			return nil, fmt.Errorf("no loops for technique %q: add it to internal/loopgen and go generate", t.Name)
		}
		keep(&row{name: t.Name, title: t.Title, bytes: t.Bytes, loops: ls})
	}
	def := attacks.Kernel()
	defer attacks.SetKernel(def)
	// RookW, BishopW and QueenW read the generic kernel's rotation-shared
	// tables under every kernel, and no permute table (attacks.Stats' doc),
	// so their rows report those bytes; their move gen keeps occW with ToW,
	// which does use the kernel's permute.
	if err := attacks.SetKernel("generic"); err != nil {
		return nil, err
	}
	g := attacks.Stats()
	wBytes := g.TotalBytes - g.PermuteBytes
	for _, k := range attacks.Kernels() {
		setup := func() {
			if err := attacks.SetKernel(k); err != nil {
				panic(err)
			}
		}
		setup()
		keep(&row{name: "attacks@" + k, title: "attacks.%s (" + k + ")", bytes: attacks.Stats().TotalBytes, loops: loopSets["attacks"], setup: setup})
		keep(&row{name: "attacksW@" + k, title: "attacks.%sW (" + k + ")", bytes: wBytes, loops: loopSets["attacksW"], setup: setup})
	}
	return rows, nil
}

// titleFor is the row's title in a piece's table: this package's rows name
// the function (Rook, BishopW, ...).
func (r *row) titleFor(piece int) string {
	if strings.Contains(r.title, "%s") {
		return fmt.Sprintf(r.title, strings.ToUpper(pieceNames[piece][:1])+pieceNames[piece][1:])
	}
	return r.title
}
