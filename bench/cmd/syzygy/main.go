// Command syzygy checks the library's Syzygy prober, package syzygy,
// against two probers no one here wrote, Fathom (C,
// github.com/jdart1/Fathom) and python-chess's chess.syzygy (Python,
// github.com/niklasf/python-chess), and measures its speed against
// Fathom's:
//
//	go run -C bench ./cmd/syzygy -refs          the reference values: compared with those stored
//	go run -C bench ./cmd/syzygy -refs -write   the same, stored in syzygy/testdata (fathom/, python-chess/)
//	go run -C bench ./cmd/syzygy -speed         WDL and DTZ probes a second against Fathom's, interleaved rounds
//	go run -C bench ./cmd/syzygy -speed -five   the same on 5-piece tables too (generated once: minutes)
//	go run -C bench ./cmd/syzygy -speed -five -write  and results/CPU/syzygy.md written
//	go run -C bench ./cmd/syzygy -quick         a short run of both: a check that it runs
//
// The reference values are what the syzygy package's tests compare with,
// without the programs (CI cannot build or run them): Fathom's WDL and
// DTZ of every legal position of each 3-piece table and of a million
// random positions of the 4-piece tables (internal/syzygydata's
// Enumerate and Sample, in their order), each table's kept as a count
// by WDL and a SHA-256 digest of the values (digests.tsv) with a row of
// explicit values every so many positions (rows.tsv); Fathom's root
// probe, tb_probe_root_dtz, of a thousand of those positions with
// halfmove clocks up to 99 (root.tsv); and python-chess's WDL and DTZ of
// a sample of each table and of the positions where probers go wrong:
// en-passant captures, cursed wins and blessed losses, mates,
// stalemates, one ply from zeroing, distances near the fifty-move limit
// (python-chess/values.tsv), which the command checks against Fathom's.
//
// Fathom runs in a driver of this command's own (drivers/fathom.c, which
// includes Fathom's tbprobe.c to call its one-position probes,
// probe_wdl and probe_dtz, beside its public tb_probe_wdl and
// tb_probe_root_dtz), built by the C compiler ($CC, cc, gcc or clang)
// from a checkout given with -fathom DIR or a clone of the pinned commit
// (fathomCommit) in the cache directory
// (os.UserCacheDir()/symmagic-attacks-syzygy), twice: with Fathom's own
// Makefile flags and with -O3 -march=native. python-chess runs from a
// checkout (-python-chess DIR, or a clone of pythonchess.Commit) under
// python3, with its standard library alone (drivers/pychess.py). The
// tables are python-chess's 3- and 4-piece ones, which the syzygy
// package keeps as test data (-tables DIR to use others).
//
// The speed: the same positions (the first tenth of each 4-piece
// sample, shuffled; with -five, as many random positions of each of five
// 5-piece tables), each probed for its WDL, and a quarter of them for
// their DTZ, once a pass, by the package's ProbeWDL and ProbeDTZ in this
// process and by Fathom's tb_probe_wdl and probe_dtz in each build's
// driver, every value checked equal first, passes repeated until -time
// has run, in -rounds interleaved rounds whose order rotates; the report
// gives nanoseconds a probe and the package against Fathom's faster
// build in each round.
//
// The 5-piece tables (-five) are made by the tables' official generator
// (github.com/syzygy1/tb, cloned at tbCommit, or -tb DIR), built in the
// cache directory, into the cache directory, once: KRRvKR, KRBvKR,
// KBBBvK, KNNvKR, KRRvKP and the tables KRRvKP promotes to, each file
// checked with the generator's tbcheck against the checksums its
// repository publishes for the official tables; a file that does not
// match is an error, and is never left where the tables are kept.
package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/pythonchess"
)

func main() {
	cli.Main("syzygy", run)
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("syzygy", "go run -C bench ./cmd/syzygy [flags]",
		"The syzygy package against Fathom (C) and python-chess (Python): reference values (-refs),\n"+
			"stored in syzygy/testdata with -write, and WDL probes a second against Fathom's (-speed).\n"+
			"Without -refs or -speed, both. The report on stdout, progress on stderr.\n", stderr)
	quick := fs.Bool("quick", false, "one 3-piece and one 4-piece table, 2 short rounds: a check that it runs; writes nothing")
	refs := fs.Bool("refs", false, "compute the reference values and compare them with those stored (with -write, store them)")
	speed := fs.Bool("speed", false, "measure WDL and DTZ probes a second against Fathom's")
	five := fs.Bool("five", false, "-speed (implied) on 5-piece tables too, generated into the cache directory the first time (minutes)")
	tbDir := fs.String("tb", "", fmt.Sprintf("a checkout of %s, the tables' generator, for -five (default: a clone at commit %.12s in the cache directory)", tbURL, tbCommit))
	rounds := fs.Int("rounds", 0, "interleaved rounds of -speed (default 21, -quick 2)")
	minTime := fs.Duration("time", 0, "how long each -speed measurement runs at least (default 200ms, -quick 10ms)")
	fathomDir := fs.String("fathom", "", fmt.Sprintf("a checkout of %s (default: a clone at commit %.12s in the cache directory)", fathomURL, fathomCommit))
	pyDir := fs.String("python-chess", "", fmt.Sprintf("a checkout of %s (default: a clone at commit %.12s in the cache directory)", pythonchess.URL, pythonchess.Commit))
	tables := fs.String("tables", "../syzygy/testdata/regular", "the directory of the tables")
	testdata := fs.String("testdata", "../syzygy/testdata", "the directory -refs -write stores the reference values in")
	out := cli.AddOutput(fs, "syzygy.md (-speed)")
	if err := cli.ParseNoArgs(fs, args); err != nil {
		return err
	}
	if err := out.Check(); err != nil {
		return err
	}
	if *quick && out.Write {
		return cli.Usagef("-quick -write: a quick run writes nothing")
	}
	if *five && *quick {
		return cli.Usagef("-quick -five: a quick run generates no tables")
	}
	if *rounds < 0 || *minTime < 0 {
		return cli.Usagef("-rounds %d -time %v: neither may be negative", *rounds, *minTime)
	}
	if *five {
		*speed = true
	}
	if !*refs && !*speed {
		*refs, *speed = true, true
	}
	tdir, err := filepath.Abs(*tables)
	if err != nil {
		return err
	}
	f, err := prepareFathom(*fathomDir, stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Fathom %s (%s), %s\n", f.headOr(), f.src, f.compiler)
	if *refs {
		if err := runRefs(f, *pyDir, tdir, *testdata, *quick, out.Write, stdout, stderr); err != nil {
			return err
		}
	}
	if *speed {
		cfg := speedConfig{rounds: 21, minTime: 200 * time.Millisecond, quick: *quick}
		if *quick {
			cfg.rounds, cfg.minTime = 2, 10*time.Millisecond
		}
		if *rounds > 0 {
			cfg.rounds = *rounds
		}
		if *minTime > 0 {
			cfg.minTime = *minTime
		}
		cfg.command = strings.TrimSpace("go run -C bench ./cmd/syzygy " + strings.Join(cli.QuoteArgs(args, "fathom", "python-chess", "tables", "testdata", "tb"), " "))
		if *five {
			g, err := prepareGenerator(*tbDir, stderr)
			if err != nil {
				return err
			}
			if cfg.five, err = fiveDir(g, tdir, stderr); err != nil {
				return err
			}
		}
		report, err := measureSpeed(f, tdir, cfg, stderr)
		if err != nil {
			return err
		}
		report(stdout)
		if out.Write && !*quick {
			return out.Save("syzygy.md", func(w io.Writer) error { report(w); return nil }, stderr)
		}
	}
	return nil
}

func (f *fathom) headOr() string {
	if f.head == "" {
		return "at a commit not known (no git checkout)"
	}
	return "at commit " + f.head
}

// runRefs computes the reference values, checks python-chess's against
// Fathom's, and stores them (write) or compares them with those stored.
func runRefs(f *fathom, pyDir, tables, testdata string, quick, write bool, stdout, stderr io.Writer) error {
	refs, samples, vals, err := fathomRefs(f, tables, quick, stderr)
	if err != nil {
		return err
	}
	roots, err := rootRows(samples)
	if err != nil {
		return err
	}
	rootMoves, err := f.roots(tables, roots)
	if err != nil {
		return err
	}
	py, err := preparePychess(pyDir, stderr)
	if err != nil {
		return err
	}
	rows := pychessRows(refs, samples, vals)
	fens := make([]string, len(rows))
	for i, r := range rows {
		fens[i] = r.fen
	}
	fmt.Fprintf(stderr, "python-chess: %d positions\n", len(fens))
	pv, err := py.values(tables, fens)
	if err != nil {
		return err
	}
	var differ []string
	for i := range rows {
		if pv[i] != [2]int{rows[i].wdl, rows[i].dtz} {
			differ = append(differ, fmt.Sprintf("%s (%s): Fathom %d %d, python-chess %d %d", rows[i].fen, rows[i].why, rows[i].wdl, rows[i].dtz, pv[i][0], pv[i][1]))
		}
		rows[i].wdl, rows[i].dtz = pv[i][0], pv[i][1]
	}
	n3, n4 := 0, 0
	for _, r := range refs {
		if r.set == "all" {
			n3 += r.d.N
		} else {
			n4 += r.d.N
		}
	}
	fmt.Fprintf(stdout, "python-chess %s at commit %s (%s)\n", py.version, py.Head, py.Src)
	fmt.Fprintf(stdout, "Fathom: %d positions of the 3-piece tables (all), %d of the 4-piece tables (samples), %d root probes\n", n3, n4, len(roots))
	fmt.Fprintf(stdout, "python-chess: %d positions, %d differ from Fathom's values\n", len(rows), len(differ))
	for _, d := range differ {
		fmt.Fprintln(stdout, "  "+d)
	}
	if quick {
		return nil
	}
	fdir, pdir := filepath.Join(testdata, "fathom"), filepath.Join(testdata, "python-chess")
	same := true
	for _, file := range []struct {
		dir, name string
		write     func(io.Writer) error
	}{
		{fdir, "digests.tsv", func(w io.Writer) error { return writeDigests(w, refs) }},
		{fdir, "rows.tsv", func(w io.Writer) error {
			var all []valueRow
			for _, r := range refs {
				all = append(all, r.rows...)
			}
			return writeRows(w, all)
		}},
		{fdir, "root.tsv", func(w io.Writer) error { return writeRoots(w, roots, rootMoves) }},
		{pdir, "values.tsv", func(w io.Writer) error { return writeRows(w, rows) }},
	} {
		ok, err := saveOrCompare(write, file.dir, file.name, file.write, stderr)
		if err != nil {
			return err
		}
		same = same && ok
	}
	if !same && !write {
		return errors.New("the reference values differ from those stored")
	}
	return nil
}
