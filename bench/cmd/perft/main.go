// Command perft counts the leaf nodes of the legal move tree of a chess
// position to a depth, with a choice of sliding-attack implementation, and
// reports the speed.
//
//	go run ./cmd/perft [-fen FEN] -depth N [-slider w|std|fancy|plain] [-divide] [-threads K] [-kernel NAME] [-cpuprofile FILE]
//
// The last two lines of the output are "nodes N" and "nps N". Bad flags
// exit with status 2, a bad FEN or a failure with status 1.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/perft"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// usageError is a bad command line: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func run(args []string, stdout, stderr io.Writer) int {
	err := perftCmd(args, stdout, stderr)
	var u usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &u):
		fmt.Fprintln(stderr, "perft:", err)
		fmt.Fprintln(stderr, "run 'perft -h' for usage")
		return 2
	case errors.Is(err, errFlagParse):
		return 2 // package flag has printed the message and usage
	default:
		fmt.Fprintln(stderr, "perft:", err)
		return 1
	}
}

var errFlagParse = errors.New("bad flags")

func perftCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fen := fs.String("fen", perft.StartFEN, "position, a six-field FEN (default: the start position)")
	depth := fs.Int("depth", -1, "plies to search, at least 0 (required)")
	slider := fs.String("slider", "w", "sliding attacks: w (attacks.RookW/BishopW on an incremental W occupancy), std (attacks.Rook/Bishop), fancy (fancy-magic reference) or plain (plain-magic reference, fixed shifts 12/9)")
	divide := fs.Bool("divide", false, "print each root move's node count")
	threads := fs.Int("threads", 1, "goroutines sharing the root moves")
	kernel := fs.String("kernel", "", "attacks kernel for std mode: one of "+strings.Join(attacks.Kernels(), ", ")+" (default: "+attacks.Kernel()+")")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the search to this file")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: perft [-fen FEN] -depth N [-slider w|std|fancy|plain] [-divide] [-threads K]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return errFlagParse
	}
	switch {
	case fs.NArg() > 0:
		return usageError{fmt.Sprintf("unexpected argument %q (quote the FEN: -fen \"...\")", fs.Arg(0))}
	case *depth < 0:
		return usageError{"-depth N is required, N >= 0"}
	case *threads < 1:
		return usageError{fmt.Sprintf("-threads %d: want at least 1", *threads)}
	}
	mode, err := perft.ParseMode(*slider)
	if err != nil {
		return usageError{"-slider: " + err.Error()}
	}
	if *kernel != "" {
		if err := attacks.SetKernel(*kernel); err != nil {
			return usageError{"-kernel: " + err.Error()}
		}
	}
	pos, err := perft.ParseFEN(*fen)
	if err != nil {
		return err
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}

	start := time.Now()
	var nodes uint64
	var counts []perft.Count
	if *divide || *threads > 1 {
		counts = perft.Divide(pos, *depth, mode, *threads)
		for _, c := range counts {
			nodes += c.Nodes
		}
		if *depth == 0 {
			nodes = 1
		}
	} else {
		nodes = perft.Perft(pos, *depth, mode)
	}
	elapsed := time.Since(start)

	if *divide {
		for _, c := range counts {
			fmt.Fprintf(stdout, "%v: %d\n", c.Move, c.Nodes)
		}
	}
	fmt.Fprintf(stdout, "fen %s\ndepth %d slider %v kernel %s threads %d time %.3fs\n",
		pos.FEN(), *depth, mode, attacks.Kernel(), *threads, elapsed.Seconds())
	fmt.Fprintf(stdout, "nodes %d\n", nodes)
	fmt.Fprintf(stdout, "nps %.0f\n", float64(nodes)/elapsed.Seconds())
	return nil
}
