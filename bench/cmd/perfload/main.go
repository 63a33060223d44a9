// Command perfload measures perft under the loads an engine carries beside
// its attack tables: a transposition table, an NNUE-shaped first layer, or
// both, in every slider mode of bench/perft, and reports nodes per second
// and each mode against the fastest of fancy, plain and black magic: the
// ratio with its 95% interval and a verdict in words (faster, slower or
// within noise, by bench/internal/stat's rule):
//
//	go run -C bench ./cmd/perfload           full run (about 2 minutes): tables on stdout, nothing written
//	go run -C bench ./cmd/perfload -write    the same, and results/perft-load.md and .png written
//	go run -C bench ./cmd/perfload -quick    small depths, a few seconds
//
// -out DIR names the directory -write writes to (default results, which
// go run -C bench puts in bench/).
//
// bench/internal/perfload describes the rounds and the checks.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/internal/perfload"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/bench/perft"
)

func main() {
	err := mainErr(os.Args[1:], os.Stdout, os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return // -h: the usage is printed, and asking for it is no error
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "perfload:", err)
		os.Exit(1)
	}
}

func mainErr(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("perfload", flag.ContinueOnError)
	fs.SetOutput(stderr)
	quick := fs.Bool("quick", false, "small depths and a 16 MB table, 3 rounds: a check that it runs, not a measurement")
	rounds := fs.Int("rounds", 0, "rounds (default 9, -quick 3)")
	hashMB := fs.Int("hash", 0, "the table's size in MB for the hash loads (default 256, -quick 16)")
	write := fs.Bool("write", false, "write perft-load.md and perft-load.png to -out; without it nothing is written")
	out := fs.String("out", "results", "the directory -write writes to, relative to the working directory (bench/ under go run -C bench)")
	only := fs.String("loads", "none,hash,nnue,hash+nnue", "the loads to run, a comma-separated list of none, hash, nnue and hash+nnue")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	outSet := false
	fs.Visit(func(f *flag.Flag) { outSet = outSet || f.Name == "out" })
	// Only -write writes: a directory alone would be silently ignored.
	if outSet && !*write {
		return errors.New("-out says where -write writes; add -write")
	}
	positions := []perfload.Position{{Name: "start", FEN: perft.StartFEN, Depth: 6, NNUEDepth: 5}, {Name: "kiwipete", FEN: perfload.Kiwipete, Depth: 5, NNUEDepth: 4}}
	n, mb := 9, 256
	if *quick {
		positions = []perfload.Position{{Name: "start", FEN: perft.StartFEN, Depth: 4, NNUEDepth: 3}, {Name: "kiwipete", FEN: perfload.Kiwipete, Depth: 3, NNUEDepth: 2}}
		n, mb = 3, 16
	}
	if *rounds > 0 {
		n = *rounds
	}
	if *hashMB > 0 {
		mb = *hashMB
	}
	all := perfload.Loads(mb)
	var loads []perfload.Load
	for _, name := range strings.Split(*only, ",") {
		i := slices.Index([]string{"none", "hash", "nnue", "hash+nnue"}, strings.TrimSpace(name))
		if i < 0 {
			return fmt.Errorf("-loads: unknown load %q (want none, hash, nnue or hash+nnue)", name)
		}
		loads = append(loads, all[i])
	}
	groups := perfload.Groups(positions, loads)
	m, err := perfload.Measure(groups, n, nil, stderr)
	if err != nil {
		return err
	}
	// The command names the defaults it ran with, and the flags that say
	// where it wrote as given.
	command := fmt.Sprintf("go run -C bench ./cmd/perfload -rounds %d -hash %d", n, mb)
	if *only != fs.Lookup("loads").DefValue {
		command += " -loads " + *only
	}
	if *quick {
		command = "go run -C bench ./cmd/perfload " + strings.Join(args, " ")
	} else if *write {
		command += " -write"
		if outSet {
			command += " -out " + *out
		}
	}
	rep := perfload.Report{Groups: groups, M: m, Rounds: n, HashMB: mb, Command: command,
		CPU: stat.CPUModel(), GoVersion: runtime.Version(), Kernel: attacks.Kernel(), Date: time.Now().UTC().Format("2006-01-02")}
	markdown := func(w io.Writer) error { rep.WriteMarkdown(w, 2, "perft under load"); return nil }
	markdown(stdout)
	if !*write {
		return nil
	}
	dir := *out
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// Written to temporary names and renamed, so a failure leaves the old
	// files whole.
	md, png := filepath.Join(dir, "perft-load.md"), filepath.Join(dir, "perft-load.png")
	if err := writeAtomic(md, markdown); err != nil {
		return err
	}
	if err := writeAtomic(png, rep.Plot); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s and %s\n", md, png)
	return nil
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
