// Command perfload measures perft under the loads an engine carries beside
// its attack tables: a transposition table, an NNUE-shaped first layer, or
// both, in every slider mode of bench/perft, and reports nodes per second
// and each mode against the fastest of fancy, plain and black magic: the
// ratio with its 95% interval and a verdict in words (faster, slower or
// within noise, by bench/internal/stat's rule):
//
//	go run -C bench ./cmd/perfload           full run (about 2 minutes): tables on stdout, nothing written
//	go run -C bench ./cmd/perfload -write    the same, and results/CPU/perft-load.md and .png written
//	go run -C bench ./cmd/perfload -quick    small depths, a few seconds
//
// -out DIR names the directory -write writes to (default results, which
// go run -C bench puts in bench/), in a folder named for the CPU
// (machine.CPU.Folder); -name NAME the files' name. The report's header names the CPU and
// the build (bench/internal/machine) and states the ratios' convention:
// speed, above 1 faster.
//
// bench/internal/perfload describes the rounds and the checks.
package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/perfload"
	"github.com/symmagic/attacks/bench/perft"
	"github.com/symmagic/attacks/movegen"
)

func main() {
	cli.Main("perfload", run)
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("perfload", "go run -C bench ./cmd/perfload [flags]",
		"perft in every slider mode under a transposition table, an NNUE-shaped load and both: the tables\n"+
			"on stdout, progress on stderr. Nothing is written without -write.\n", stderr)
	quick := fs.Bool("quick", false, "small depths and a 16 MB table, 3 rounds: a check that it runs, not a measurement")
	rounds := fs.Int("rounds", 0, "interleaved rounds (default 9, -quick 3)")
	hashMB := fs.Int("hash", 0, "the table's size in MB for the hash loads (default 256, -quick 16)")
	out := cli.AddOutput(fs, "NAME.md and NAME.png (-name)")
	name := fs.String("name", "perft-load", "the name of the files -write writes, without .md and .png (perft-noload for a run of -loads none)")
	only := fs.String("loads", "none,hash,nnue,hash+nnue", "the loads to run, a comma-separated list of none, hash, nnue and hash+nnue")
	fresh := fs.Bool("fresh", true, "start a process for every run (-fresh=false: a worker process for each mode runs all its rounds)")
	if err := cli.ParseNoArgs(fs, args); err != nil {
		return err
	}
	if err := out.Check(); err != nil {
		return err
	}
	if *rounds < 0 || *hashMB < 0 {
		return cli.Usagef("-rounds %d -hash %d: neither may be negative", *rounds, *hashMB)
	}
	positions := []perfload.Position{{Name: "start", FEN: movegen.StartFEN, Depth: 6, NNUEDepth: 5}, {Name: "kiwipete", FEN: perfload.Kiwipete, Depth: 5, NNUEDepth: 4}}
	n, mb := 9, 256
	if *quick {
		positions = []perfload.Position{{Name: "start", FEN: movegen.StartFEN, Depth: 4, NNUEDepth: 3}, {Name: "kiwipete", FEN: perfload.Kiwipete, Depth: 3, NNUEDepth: 2}}
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
			return cli.Usagef("-loads: unknown load %q (want none, hash, nnue or hash+nnue)", name)
		}
		loads = append(loads, all[i])
	}
	groups := perfload.Groups(positions, loads)
	modes := perft.Modes()
	pool, err := perft.NewPool(perft.DefaultBuild, modes, *fresh)
	if err != nil {
		return err
	}
	defer pool.Close()
	info, err := pool.Worker(perft.ModeW).Info()
	if err != nil {
		return err
	}
	m, err := perfload.Measure(pool, groups, modes, n, nil, stderr)
	if err != nil {
		return err
	}
	// The command names the defaults it ran with, and the flags that say
	// where it wrote as given.
	command := fmt.Sprintf("go run -C bench ./cmd/perfload -rounds %d -hash %d", n, mb)
	if *only != fs.Lookup("loads").DefValue {
		command += " -loads " + *only
	}
	if !*fresh {
		command += " -fresh=false"
	}
	if *quick {
		command = "go run -C bench ./cmd/perfload " + strings.Join(args, " ")
	} else if out.Write {
		command += " -write"
		if out.Dir != fs.Lookup("out").DefValue {
			command += " -out " + out.Dir
		}
		if *name != fs.Lookup("name").DefValue {
			command += " -name " + *name
		}
	}
	rep := perfload.Report{Groups: groups, Modes: modes, M: m, Rounds: n, HashMB: mb, Fresh: *fresh, Command: command,
		Machine: machine.Here(), Kernel: info.Kernel, Date: time.Now().UTC().Format("2006-01-02")}
	markdown := func(w io.Writer) error { rep.WriteMarkdown(w, 2, "perft under load"); return nil }
	markdown(stdout)
	if !out.Write {
		return nil
	}
	if err := out.Save(*name+".md", markdown, stderr); err != nil {
		return err
	}
	return out.Save(*name+".png", rep.Plot, stderr)
}
