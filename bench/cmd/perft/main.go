// Command perft counts the leaf nodes of the legal move tree of a chess
// position to a depth, with a choice of sliding-attack implementation, and
// reports the speed; optionally with a transposition table and under the
// memory load of a network's accumulator updates.
//
//	go run ./cmd/perft [-fen FEN] -depth N [-slider MODE] [-divide]
//	    [-threads K] [-hash MB] [-load none|nnue] [-nnue-buckets N] [-nnue-hidden H] [-v] [-kernel NAME] [-cpuprofile FILE]
//
// The search is bench/perft's, on the library's move generator, package
// movegen, built for the chosen slider mode (bench/perft/sliders) and run
// in a worker process; building it takes a second or two. The FEN may be
// Chess960's (X-FEN or Shredder-FEN castling); castling moves print as the
// generator names them, king two squares in standard chess, king takes own
// rook in Chess960.
//
// A run of more than about two seconds reports its progress on stderr when
// stderr is a terminal, or with -v: nodes so far, nodes per second, root
// moves finished and an estimate of the time left. Ctrl-C stops the search:
// the finished root moves' counts and the nodes counted so far are printed,
// marked partial, and the exit status is 130.
//
// The last two lines of the output are "nodes N" and "nps N" ("nodes N
// partial" after Ctrl-C). Bad flags exit with status 2, a bad FEN or a
// failure with status 1.
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/perft"
	"github.com/symmagic/attacks/movegen"
)

func main() {
	cli.Main("perft", run)
}

// run runs the command until it ends or Ctrl-C stops it: after the first
// Ctrl-C, a second one kills the program as usual.
func run(args []string, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	context.AfterFunc(ctx, stop)
	return perftCmd(ctx, args, stdout, stderr)
}

// errInterrupted is a search stopped by its context: exit status 130, the
// shell's status for a program ended by SIGINT, and no message (the output
// says so).
var errInterrupted = cli.WithStatus(130, errors.New("interrupted"))

// Progress reports start after progressAfter and come every
// progressInterval; tests shorten both.
var (
	progressAfter    = 2 * time.Second
	progressInterval = time.Second
)

func perftCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fen := fs.String("fen", movegen.StartFEN, "position, a FEN, standard or Chess960 (default: the start position)")
	depth := fs.Int("depth", -1, "plies to search, at least 0 (required)")
	var names []string
	for _, t := range perft.Techniques {
		names = append(names, string(t.Mode))
	}
	slider := fs.String("slider", "w", "sliding attacks, a slider mode: "+strings.Join(names, ", ")+" (go doc ./perft Techniques says what each looks up)")
	divide := fs.Bool("divide", false, "print each root move's node count")
	threads := fs.Int("threads", 1, "goroutines sharing the root moves (and the hash table)")
	hashMB := fs.Int("hash", 0, "transposition table size in MiB, rounded down to a power of two of 64-byte buckets; 0: none")
	load := fs.String("load", "none", "memory load per move made: none, or nnue (a network's first-layer accumulator updates)")
	buckets := fs.Int("nnue-buckets", 16, "nnue load: king buckets, 1, 4, 8, 16, 32 or 64 (768 features each)")
	hidden := fs.Int("nnue-hidden", 1024, "nnue load: hidden units H, the accumulator width, 1 to 16384")
	verbose := fs.Bool("v", false, "report progress on stderr even when it is not a terminal")
	kernel := fs.String("kernel", "", "attacks kernel behind occ mode's NewOccupancy (the permute; the other modes do not use one): one of "+strings.Join(attacks.Kernels(), ", ")+" (default: "+attacks.Kernel()+")")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the search to this file")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: perft [-fen FEN] -depth N [-slider %s] [-divide] [-threads K] [-hash MB] [-load none|nnue] [-nnue-buckets N] [-nnue-hidden H] [-v]\n", strings.Join(names, "|"))
		fs.PrintDefaults()
	}
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return cli.Usagef("unexpected argument %q (quote the FEN: -fen \"...\")", fs.Arg(0))
	case *depth < 0:
		return cli.Usagef("-depth N is required, N >= 0")
	case *threads < 1:
		return cli.Usagef("-threads %d: want at least 1", *threads)
	}
	mode, err := perft.ParseMode(*slider)
	if err != nil {
		return cli.Usagef("-slider: %v", err)
	}
	// The library reads a zero size as the default; here it is a mistake.
	if *buckets == 0 || *hidden == 0 {
		return cli.Usagef("-nnue-buckets %d -nnue-hidden %d: neither may be 0", *buckets, *hidden)
	}
	opt := perft.Options{Threads: *threads, HashMB: *hashMB, NNUE: perft.NNUE{Buckets: *buckets, Hidden: *hidden}, Kernel: *kernel, CPUProfile: *cpuprofile}
	if opt.Load, err = perft.ParseLoad(*load); err != nil {
		return cli.Usagef("-load: %v", err)
	}
	if err := opt.Validate(); err != nil {
		return cli.Usagef("%v", err)
	}
	if opt.Load != perft.LoadNNUE && (flagSet(fs, "nnue-buckets") || flagSet(fs, "nnue-hidden")) {
		return cli.Usagef("-nnue-buckets and -nnue-hidden need -load nnue")
	}
	if *kernel != "" && !slices.Contains(attacks.Kernels(), *kernel) {
		return cli.Usagef("-kernel: unknown kernel %q (want one of %s)", *kernel, strings.Join(attacks.Kernels(), ", "))
	}
	pos, err := movegen.ParseFEN(*fen)
	if err != nil {
		return err
	}
	if opt.CPUProfile != "" {
		if opt.CPUProfile, err = filepath.Abs(opt.CPUProfile); err != nil {
			return err
		}
	}
	dir, err := os.MkdirTemp("", "perft-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	bin, err := perft.BuildWorker(perft.DefaultBuild, mode, dir)
	if err != nil {
		return err
	}
	w, err := perft.Start(bin, perft.DefaultBuild, mode, false)
	if err != nil {
		return err
	}
	defer w.Close()
	info, err := w.Info()
	if err != nil {
		return err
	}

	rep := newReporter(stderr, *verbose)
	if rep != nil {
		opt.Progress = rep.report
		opt.ProgressInterval = progressInterval
	}
	res, err := w.Run(ctx, pos.FEN(), *depth, opt)
	rep.finish()
	if err != nil && !res.Stopped {
		return err
	}

	if *divide || res.Stopped {
		for _, c := range res.Moves {
			fmt.Fprintf(stdout, "%v: %d\n", c.Move, c.Nodes)
		}
	}
	if res.Stopped {
		var done uint64
		for _, c := range res.Moves {
			done += c.Nodes
		}
		fmt.Fprintf(stdout, "interrupted after %.3fs: %d of %d root moves finished (%d nodes), %d nodes counted in all\n",
			res.Elapsed.Seconds(), len(res.Moves), res.RootMoves, done, res.Nodes)
	}
	k := cmp.Or(*kernel, info.Kernel)
	fmt.Fprintf(stdout, "fen %s\ndepth %d slider %v kernel %s threads %d time %.3fs\n",
		pos.FEN(), *depth, mode, k, *threads, res.Elapsed.Seconds())
	if opt.HashMB > 0 {
		fmt.Fprintf(stdout, "hash %d MB: %d entries (4 a 64-byte bucket); probes %d, hits %d (%.1f%%)\n",
			opt.HashMB, res.HashEntries, res.Probes, res.Hits, percent(res.Hits, res.Probes))
	}
	if opt.Load == perft.LoadNNUE {
		fmt.Fprintf(stdout, "load nnue: %v; accumulator updates %d, perspectives refreshed %d\n", opt.NNUE, res.Updates, res.Refreshes)
		fmt.Fprintf(stdout, "checksum %#016x\n", res.Checksum)
	}
	if res.Stopped {
		fmt.Fprintf(stdout, "nodes %d partial\n", res.Nodes)
	} else {
		fmt.Fprintf(stdout, "nodes %d\n", res.Nodes)
	}
	fmt.Fprintf(stdout, "nps %.0f\n", float64(res.Nodes)/res.Elapsed.Seconds())
	if res.Stopped {
		return errInterrupted
	}
	return nil
}

func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

func percent(a, b uint64) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// reporter prints progress lines on stderr: on a terminal one line
// rewritten in place, else (-v) a line per report.
type reporter struct {
	w        io.Writer
	terminal bool
	printed  bool
}

// newReporter returns nil when progress is not wanted: stderr is not a
// terminal and -v is off.
func newReporter(stderr io.Writer, verbose bool) *reporter {
	term := isTerminal(stderr)
	if !term && !verbose {
		return nil
	}
	return &reporter{w: stderr, terminal: term}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

func (r *reporter) report(p perft.Progress) {
	if p.Elapsed < progressAfter {
		return
	}
	line := progressLine(p)
	if r.terminal {
		fmt.Fprintf(r.w, "\r%s\x1b[K", line)
	} else {
		fmt.Fprintln(r.w, line)
	}
	r.printed = true
}

// finish clears the terminal's progress line before the results.
func (r *reporter) finish() {
	if r != nil && r.terminal && r.printed {
		fmt.Fprint(r.w, "\r\x1b[K")
	}
}

// progressLine formats a report:
//
//	progress: nodes 1234567890, 345.6M nodes/s, root moves 7/20, elapsed 3.6s, eta 6s
func progressLine(p perft.Progress) string {
	eta := "?"
	if d, ok := p.ETA(); ok {
		eta = d.Round(time.Second).String()
	}
	nps := float64(p.Nodes) / p.Elapsed.Seconds()
	return fmt.Sprintf("progress: nodes %d, %.1fM nodes/s, root moves %d/%d, elapsed %.1fs, eta %s",
		p.Nodes, nps/1e6, p.Done, p.Total, p.Elapsed.Seconds(), eta)
}
