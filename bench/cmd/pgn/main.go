// Command pgn measures the module's PGN reader and writer, package pgn,
// against github.com/corentings/chess/v2's, on one file of real games, one
// goroutine, in interleaved rounds:
//
//	go run -C bench ./cmd/pgn            11 rounds (about a minute): the report on stdout, nothing written
//	go run -C bench ./cmd/pgn -write     the same, and results/CPU/pgn.md written
//	go run -C bench ./cmd/pgn -quick     2 short rounds: a check that it runs
//
// Each file (-files, by default pgn's two benchmark files: The Week in
// Chess 920, moves alone, and 1,000 lichess.org games with clock comments,
// most with evaluations and variations; a .gz file is gunzipped) is read
// into memory once; the clock times parsing alone. Reading, in MB/s of
// the file: pgn's Reader keeping variations, the same with SkipVariations,
// pgn's tags-only scan and a visitor of pgn's that parses and plays each
// main-line move and keeps nothing (chess-library's moves visitor's
// counterpart), and corentings/chess's Scanner with ParseNext, each as its documentation
// shows, every move checked against the position by both. Writing, in MB/s
// of what each writes: pgn's Game.AppendPGN into one reused buffer against
// corentings/chess's Game.String, over the games each read.
//
// Before the rounds both readers read the whole file once: the report
// gives the games each read and rejected and the games whose main lines
// (in UCI) differ, and the command fails if pgn's reader rejects a game or
// if the two read different main lines from a game both accept. One pass
// of each counts the allocations per game and per move (runtime.MemStats).
//
// The report names the CPU and build (bench/internal/machine) and gives
// medians with their intervals and pgn against corentings/chess by the
// project's rule, bench/internal/stat.Compare: a speed ratio, above 1
// faster, with its interval and verdict. -out DIR names the directory
// -write writes to (default results, which go run -C bench puts in bench/).
package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/symmagic/attacks/bench/internal/chesslib"
	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/foreign"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/stat"
)

// defaultFiles are the files read by default, relative to bench/.
const defaultFiles = "../pgn/testdata/notnil__twic0920.pgn,../pgn/testdata/corentings__lichess-big.pgn.gz"

func main() {
	cli.Main("pgn", run)
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("pgn", "go run -C bench ./cmd/pgn [flags]",
		"Package pgn against github.com/corentings/chess/v2: reading and writing a file of real games,\n"+
			"MB/s, in interleaved rounds. The report on stdout, progress on stderr. Nothing is written\n"+
			"without -write.\n", stderr)
	quick := fs.Bool("quick", false, "2 rounds, 10ms a measurement: a check that it runs, not a measurement")
	rounds := fs.Int("rounds", 0, "interleaved rounds (default 11, -quick 2)")
	minTime := fs.Duration("time", 0, "how long each measurement runs at least, its pass over the file repeated (default 300ms, -quick 10ms)")
	files := fs.String("files", defaultFiles, "the PGN files read, comma-separated (.gz: gzipped)")
	clDir := fs.String("chess-library", "", "a checkout of github.com/Disservin/chess-library (default: a clone at the pinned commit in the user's cache)")
	noCL := fs.Bool("no-chess-library", false, "leave chess-library out")
	out := cli.AddOutput(fs, "pgn.md")
	if err := cli.ParseNoArgs(fs, args); err != nil {
		return err
	}
	if err := out.Check(); err != nil {
		return err
	}
	if *rounds < 0 || *minTime < 0 {
		return cli.Usagef("-rounds %d -time %v: neither may be negative", *rounds, *minTime)
	}
	cfg := config{rounds: 11, minTime: 300 * time.Millisecond}
	if *quick {
		cfg = config{rounds: 2, minTime: 10 * time.Millisecond}
	}
	if *rounds > 0 {
		cfg.rounds = *rounds
	}
	if *minTime > 0 {
		cfg.minTime = *minTime
	}
	cfg.command = strings.TrimSpace("go run -C bench ./cmd/pgn " + strings.Join(cli.QuoteArgs(args, "chess-library"), " "))
	var cl *chesslib.Driver
	clNote := "chess-library: not measured (-no-chess-library)"
	if !*noCL {
		var err error
		cl, err = chesslib.Build(*clDir, stderr)
		var skip *foreign.Skip
		switch {
		case errors.As(err, &skip):
			clNote = skip.Error()
			fmt.Fprintln(stderr, clNote)
		case err != nil:
			return err
		default:
			clNote = fmt.Sprintf("chess-library %s (commit %s), its pgn::StreamParser built with %s", chesslib.URL, cl.Head, cl.How)
		}
	}
	tmp, err := os.MkdirTemp("", "pgn-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	var runs []fileRun
	for _, f := range strings.Split(*files, ",") {
		data, err := readFile(f)
		if err != nil {
			return err
		}
		c := cfg
		c.file, c.data, c.cl = filepath.ToSlash(f), data, cl
		c.clFile = filepath.Join(tmp, fmt.Sprintf("%d.pgn", len(runs)))
		if err := os.WriteFile(c.clFile, data, 0o644); err != nil {
			return err
		}
		m, err := measure(c, stderr)
		if err != nil {
			return err
		}
		runs = append(runs, fileRun{c, m})
	}
	return out.Report("pgn.md", func(w io.Writer) error { writeReport(w, cfg, runs, machine.Here(), chessVersion(), clNote); return nil }, stdout, stderr)
}

// fileRun is one file's measurements.
type fileRun struct {
	cfg config
	m   *measurements
}

// readFile reads a PGN file, gunzipped if its name ends in .gz.
func readFile(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil || !strings.HasSuffix(path, ".gz") {
		return data, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	data, err = io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return data, nil
}

// writeReport writes the report in Markdown, every line within md.Width.
func writeReport(w io.Writer, cfg config, runs []fileRun, here machine.Record, version, clNote string) {
	cover := stat.Summarize(make([]float64, cfg.rounds)).Coverage
	l := here.Lines()
	fmt.Fprintf(w, "# pgn against corentings/chess %s\n\n", version)
	md.Wrap(w, fmt.Sprintf("%s\n%s; one goroutine, GOMAXPROCS %d", l[0], l[1], runtime.GOMAXPROCS(0)), "")
	fmt.Fprintln(w)
	md.Wrap(w, fmt.Sprintf("Command: `%s`. For each file, %d interleaved rounds, the readers' order turning from round to round; "+
		"each measurement a pass over the file in memory, repeated until it ran %v; medians, in brackets the interval "+
		"that holds the median with %.1f%% confidence. The machine is shared: expect noise.",
		cfg.command, cfg.rounds, cfg.minTime, 100*cover), "")
	fmt.Fprintln(w)
	md.Wrap(w, stat.RatioNote+"; faster or slower exactly when the per-round ratios' interval excludes 1, else within noise. "+
		"M moves/s: million moves of the main lines a second. allocs: one pass's allocations, per game; "+
		"pgn's are the tag texts, one string a game, none a move.", "")
	fmt.Fprintln(w)
	md.Wrap(w, clNote+". Its driver (bench/internal/chesslib/driver/pgn.cpp) parses the file in memory through an std::istringstream "+
		"with an empty visitor (the parse alone), or with one that parses each main-line SAN with uci::parseSan and makes "+
		"the move (its parser hands over no variation's moves); it times itself.", "")
	for _, run := range runs {
		writeFile(w, run.cfg, run.m, version)
	}
}

// writeFile writes one file's section of the report.
func writeFile(w io.Writer, cfg config, m *measurements, version string) {
	fmt.Fprintf(w, "\n## %s\n\n", path.Base(cfg.file))
	md.Wrap(w, fmt.Sprintf("%s, %d bytes. pgn (this module) read %d games, %d moves in their main lines, "+
		"%d in all with variations; it rejected %d. corentings/chess %s (Scanner and ParseNext) read %d games and "+
		"rejected %d; of the games both read, %d have the same main line (UCI) in both, %d differ.",
		cfg.file, len(cfg.data), m.check.games, m.check.moves, m.check.allMoves, m.check.errors,
		version, m.check.chessGames, m.check.chessErrors, m.check.same, m.check.differ), "")
	fmt.Fprintln(w)
	t := [][]string{{"reading", "MB/s", "M moves/s", "allocs", "vs corentings/chess"}}
	for k := range nRead {
		c := ""
		if k != rChess {
			c = stat.Compare(m.read[k], m.read[rChess], stat.HigherIsFaster).String()
		}
		t = append(t, []string{readNames[k], stat.Summarize(m.read[k]).Show("%.1f"),
			fmt.Sprintf("%.2f", stat.Summarize(m.read[k]).Median*1e6/float64(len(cfg.data))*float64(m.check.moves)/1e6),
			fmt.Sprintf("%.1f", m.readAllocs[k]), c})
	}
	md.Table(w, t, 1)
	if cfg.cl != nil {
		fmt.Fprintln(w)
		md.Wrap(w, fmt.Sprintf("Against chess-library's pgn::StreamParser (%d games, %d main-line moves read by each visitor):",
			m.clCheck[clEmpty].Games, m.clCheck[clMoves].Moves), "")
		fmt.Fprintln(w)
		t = [][]string{{"pgn", "MB/s", "chess-library", "MB/s", "pgn against chess-library"}}
		for _, row := range []struct {
			k  int
			cl int
		}{{rTags, clEmpty}, {rMoves, clMoves}, {rSkip, clMoves}, {rPGN, clMoves}} {
			t = append(t, []string{readNames[row.k], stat.Summarize(m.read[row.k]).Show("%.1f"),
				clNames[row.cl] + " visitor", stat.Summarize(m.cl[row.cl]).Show("%.1f"),
				stat.Compare(m.read[row.k], m.cl[row.cl], stat.HigherIsFaster).String()})
		}
		md.Table(w, t, 1)
	}
	fmt.Fprintln(w)
	md.Wrap(w, fmt.Sprintf("Writing every game each read, MB/s of what it writes (pgn %d bytes, corentings/chess %d):",
		m.wrote[wPGN], m.wrote[wChess]), "")
	fmt.Fprintln(w)
	t = [][]string{{"writing", "MB/s", "allocs", "vs corentings/chess"}}
	for k := range nWrite {
		c := ""
		if k != wChess {
			c = stat.Compare(m.write[k], m.write[wChess], stat.HigherIsFaster).String()
		}
		t = append(t, []string{writeNames[k], stat.Summarize(m.write[k]).Show("%.1f"), fmt.Sprintf("%.1f", m.writeAllocs[k]), c})
	}
	md.Table(w, t, 1)
}
