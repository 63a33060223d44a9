// Command bench runs the sliding-attack techniques of the field side by side
// with this package, on one input stream and under realistic load, then
// perft in every slider mode, and compares everything with the fastest of
// fancy, plain and black magic: the speed ratio (the base's time over the
// row's, above 1 faster) with its 95% interval and a verdict in words
// (faster, slower or within noise; bench/internal/stat.Compare); and the
// attacks kernels on what they compute, each against the generic one. It
// prints the tables on stdout, progress on stderr, and writes files only
// when asked, so a run leaves the clone clean:
//
//	go run -C bench .              full run (about 4 minutes*): tables on stdout, nothing written
//	go run -C bench . -write       the same, and results/CPU/results.md, tt-pressure.png and perft.png written
//	go run -C bench . -quick       the quick look (about 22 s*): the same tables from less measurement (below)
//	go run -C bench . -benchstat   benchstat lines on stdout instead of the tables
//	go run -C bench . -tt          also the TT forms' marginal costs (see below)
//
// (*: with a warm build cache, on 2 vCPUs of an AMD EPYC shared with other
// work; a first run builds more: docs/BENCHMARKS.md, "The quick look".)
//
// -quick measures in 7 rounds of 3 ms (the full run: 25 of 20 ms), and runs
// perft one ply shallower with a 16 MB table in 9 rounds, each mode a
// process of its own in every round that runs both loads (the full run: 15
// rounds, a process for every run): a first look, with wider intervals.
//
// -out DIR names the directory -write writes to (default results, which
// go run -C bench puts in bench/). bench/results/ holds a full run's
// summaries, written with -write; the benchstat lines are not kept. The
// header names the CPU and the build (bench/internal/machine).
//
// Workloads (bench/lookups: data.go describes the input stream, loops.go
// holds the loops, written once; each technique's build puts its lookups
// in them, inlined where they can be, and runs them in a worker process):
//
//   - hot: independent lookups, throughput;
//   - latency: each lookup's occupancy depends on the previous result;
//   - move gen: one occupancy, every slider of the position, the occupancy
//     updated move by move (in W layout for the W rows);
//   - TT throughput: each lookup beside four independent random reads of a
//     64 MiB table; TT latency: a random read whose address depends on the
//     previous result, then a lookup whose occupancy depends on the value
//     read. This is where table size shows. The tables give the whole
//     loop's ns/op. With -tt the loop without the lookup is timed beside
//     it and the marginal cost (the difference) gets tables of its own:
//     two noisy numbers subtracted, whose interval on a busy machine often
//     holds zero, which is why it is not in the default output.
//   - kernels: ToW, NewOccupancy, RookUnion and BishopUnion, hot and
//     latency, on every kernel of attacks.Kernels() (kernels.go): the only
//     work the kernels differ in. attacks.Rook, Bishop and Queen and the W
//     lookups are the same Go code under every kernel, so they have one
//     row each, under the default kernel.
//   - perft: kiwipete in slider modes w, occ, std, fancy, plain and black,
//     with no load and with a transposition table and an NNUE-shaped load
//     (bench/internal/perfload).
//
// Each measurement runs one loop for about -target (the TT forms longer);
// rounds measure every cell in turn (A B C A B C ...) and the tables show
// the median of the rounds with a 95% interval for it, a table for each
// piece and workload, with one base: the fastest magic there (in the
// kernel section: the generic kernel). Progress goes
// to stderr, with an estimate of the time to go that counts every section:
// one untimed perft round before the lookups times the perft section.
package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/perfload"
	"github.com/symmagic/attacks/bench/lookups"
	"github.com/symmagic/attacks/bench/perft"
	"github.com/symmagic/attacks/bench/ref"
)

func main() {
	cli.Main("bench", run)
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("bench", "go run -C bench . [flags]",
		"Every sliding-attack technique side by side, the kernels against generic, then perft in every\n"+
			"slider mode: the tables on stdout, progress on stderr. Nothing is written without -write.\n", stderr)
	quick := fs.Bool("quick", false, "the quick look (about 22 s warm on two busy cores): fewer and shorter rounds, shallower perft")
	rounds := fs.Int("rounds", 0, "interleaved rounds of the lookups and kernels (default 25, -quick 7)")
	target := fs.Duration("target", 0, "time per measurement (default 20ms, -quick 3ms)")
	out := cli.AddOutput(fs, "results.md and the pictures (tt-pressure.png, perft.png)")
	png := fs.String("png", "", "with -write, the path of the TT picture, .png or .svg (default OUT/tt-pressure.png)")
	out.Paths("png")
	benchstat := fs.Bool("benchstat", false, "print benchstat lines on stdout instead of the tables")
	only := fs.String("run", "", "only the rows whose name matches this regexp (fancy, plain and black magic always run: the fastest is the base; kernel@generic runs with any other kernel@NAME)")
	marginal := fs.Bool("tt", false, "also time the TT loops without the lookup and show the marginal costs")
	doPerft := fs.Bool("perft", true, "run the perft section")
	perftRounds := fs.Int("perft-rounds", 0, "rounds of the perft section (default 15, -quick 9)")
	hashMB := fs.Int("hash", 0, "the perft section's transposition table in MB (default 256, -quick 16)")
	if err := cli.ParseNoArgs(fs, args); err != nil {
		return err
	}
	if err := out.Check(); err != nil {
		return err
	}
	if *rounds < 0 || *perftRounds < 0 || *hashMB < 0 || *target < 0 {
		return cli.Usagef("-rounds, -perft-rounds, -hash and -target may not be negative")
	}
	cfg := config{rounds: 25, target: 20 * time.Millisecond}
	kiwipete := perfload.Position{Name: "kiwipete", FEN: perfload.Kiwipete, Depth: 5, NNUEDepth: 4}
	pRounds, mb := 15, 256
	// fresh: every perft run a process of its own (perft.Worker.Fresh);
	// else, as -quick, every mode a process of its own in every round
	// (perfload.MeasureRestarting), its runs a few milliseconds each.
	fresh := true
	if *quick {
		cfg = config{rounds: 7, target: 3 * time.Millisecond}
		kiwipete.Depth, kiwipete.NNUEDepth, pRounds, mb = 4, 3, 9, 16
		fresh = false
	}
	if *hashMB > 0 {
		mb = *hashMB
	}
	cfg.marginal = *marginal
	if *perftRounds > 0 {
		pRounds = *perftRounds
	}
	if *rounds > 0 {
		cfg.rounds = *rounds
	}
	if *target > 0 {
		cfg.target = *target
	}
	dir, picture := "", ""
	if out.Write {
		var err error
		if dir, err = out.CPUDir(); err != nil {
			return err
		}
		picture = *png
		if picture == "" {
			picture = filepath.Join(dir, "tt-pressure.png")
		}
	}
	var filter *regexp.Regexp
	if *only != "" {
		var err error
		if filter, err = regexp.Compile(*only); err != nil {
			return cli.Usagef("-run: %v", err)
		}
	}

	start := time.Now()
	specs := buildRows(filter)
	techniques := []string{lookups.Default} // the kernel section's too
	for _, r := range specs {
		if r.name != lookups.Default {
			techniques = append(techniques, r.name)
		}
	}
	// The perft workers build beside the lookups' (each pool two builds at
	// a time): the links are single-threaded.
	modes := perft.Modes()
	var pool *perft.Pool
	perftBuilt := make(chan error, 1)
	if *doPerft {
		go func() {
			var err error
			pool, err = perft.NewPool(perft.DefaultBuild, modes, fresh)
			perftBuilt <- err
		}()
	} else {
		perftBuilt <- nil
	}
	lookupPool, err := lookups.NewPool(techniques)
	err = errors.Join(err, <-perftBuilt)
	if pool != nil {
		defer pool.Close()
	}
	if err != nil {
		if lookupPool != nil {
			lookupPool.Close()
		}
		return err
	}
	defer lookupPool.Close()
	var rows []*row
	for _, r := range specs {
		r.w = lookupPool.Worker(r.name)
		rows = append(rows, r)
	}
	dw := lookupPool.Worker(lookups.Default)
	info := dw.Info
	kernels := kernelRows(dw, filter)
	built := fmt.Sprintf("%d lookup workers", len(techniques))
	if *doPerft {
		built += fmt.Sprintf(" and %d perft workers", len(modes))
	}
	fmt.Fprintf(stderr, "input: %d games, %d moves, %d lookups per move-generation pass (%.1f sliders a position), %d inputs, 64 MiB TT; %s built and started in %v\n",
		info.Games, info.Moves, info.MovegenLookups, float64(info.MovegenLookups)/float64(info.Moves), info.Inputs, built, time.Since(start).Round(time.Millisecond))

	// One untimed perft round first: it tells how long the perft section
	// will take, so that the lookups' progress reports count it.
	var groups []perfload.Group
	var perftRound []time.Duration
	var after time.Duration
	if *doPerft {
		loads := perfload.Loads(mb)
		groups = perfload.Groups([]perfload.Position{kiwipete}, []perfload.Load{loads[0], loads[3]})
		if perftRound, err = perfload.RoundTimes(pool, groups, modes); err != nil {
			return err
		}
		for _, t := range perftRound {
			after += t * time.Duration(pRounds)
		}
		fmt.Fprintf(stderr, "perft timed: %d rounds of about %v to follow the lookups\n", pRounds, roundProgress(after/time.Duration(pRounds)))
	}

	cells, err := measure(append(lookupCells(rows), kernelCells(kernels)...), cfg, lookupPool.Restart, after, stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "lookups and kernels measured in %v\n", time.Since(start).Round(time.Second))

	command := commandLine(args)
	res := newResults(rows, kernels, cells, newMeta(cfg, info, command))
	if *doPerft {
		var m perfload.Measurements
		if fresh {
			m, err = perfload.Measure(pool, groups, modes, pRounds, perftRound, stderr)
		} else {
			m, err = perfload.MeasureRestarting(pool, groups, modes, pRounds, stderr)
		}
		if err != nil {
			return err
		}
		res.perft = &perfload.Report{Groups: groups, Modes: modes, M: m, Rounds: pRounds, HashMB: mb, Fresh: fresh, Restarted: !fresh, Command: strings.Join(command, " "),
			Machine: res.meta.machine, Kernel: info.Kernel, Date: res.meta.date, Section: true}
		fmt.Fprintf(stderr, "perft measured, %v in all\n", time.Since(start).Round(time.Second))
	}
	if *benchstat {
		res.writeBenchstat(stdout)
	} else {
		res.writeTables(stdout)
	}
	if !out.Write {
		return nil
	}
	wrote := []string{filepath.Join(dir, "results.md"), picture}
	if err := cli.WriteFile(wrote[0], noErr(res.writeMarkdown)); err != nil {
		return err
	}
	if err := res.plot(picture); err != nil {
		return err
	}
	if res.perft != nil {
		wrote = append(wrote, filepath.Join(dir, "perft.png"))
		if err := cli.WriteFile(wrote[2], res.perft.Plot); err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "wrote %s\n", strings.Join(wrote, ", "))
	return nil
}

// commandLine is the command that reproduces a run, word by word: the
// flags as given, quoted for a POSIX shell where they need it.
func commandLine(args []string) []string {
	plain := regexp.MustCompile(`^[\w@%+=:,./-]+$`)
	cmd := []string{"go", "run", "-C", "bench", "."}
	for _, a := range args {
		if !plain.MatchString(a) {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		cmd = append(cmd, a)
	}
	return cmd
}

func noErr(write func(io.Writer)) func(io.Writer) error {
	return func(w io.Writer) error { write(w); return nil }
}

// buildRows lists the references this machine can run (bench/ref's
// Techniques), then this package's two rows: Rook, Bishop and Queen on the
// standard occupancy (the drop-in, bench/lookups as it is), and the W
// lookups (technique attacksW). Each is the same Go code under every
// kernel (the W rows' move gen updates occW with attacks.ToW, under the
// default kernel); the kernels have a section of their own (kernels.go).
// The W rows' bytes are the W tables' (the kernel's permute tables are
// read only in move gen). Each row's loops run in its technique's worker.
func buildRows(filter *regexp.Regexp) []*row {
	var rows []*row
	keep := func(r *row) {
		if filter == nil || slices.Contains(magics, r.name) || filter.MatchString(r.name) {
			rows = append(rows, r)
		}
	}
	for _, t := range ref.Techniques() {
		keep(&row{name: t.Name, title: t.Title, bytes: t.Bytes})
	}
	s := attacks.Stats()
	keep(&row{name: lookups.Default, title: "attacks.%s", bytes: s.Std.TotalBytes, this: true})
	keep(&row{name: "attacksW", title: "attacks.%sW", bytes: s.W.TotalBytes, this: true})
	return rows
}

// titleFor is the row's title in a piece's table: this package's rows name
// the function (Rook, BishopW, ...).
func (r *row) titleFor(piece int) string {
	if strings.Contains(r.title, "%s") {
		return fmt.Sprintf(r.title, strings.ToUpper(pieceNames[piece][:1])+pieceNames[piece][1:])
	}
	return r.title
}
