// Command pgndb measures PGN readers on game databases of the size people
// read: it makes two databases of at least 1 GiB from real games, one
// shaped as lichess.org's monthly files (clocks, evaluations, lichess's
// analysis, a few variations) and one plain (moves alone), each also
// compressed as lichess ships its files (.pgn.zst), and times package
// pgn's readers beside chess-library's StreamParser, pgn-extract and
// python-chess on them, each reading the whole file in a process of its
// own, in interleaved rounds:
//
//	go run -C bench ./cmd/pgndb -make     the databases alone, in -dir
//	go run -C bench ./cmd/pgndb           the rounds (the report on stdout, nothing written)
//	go run -C bench ./cmd/pgndb -write    the same, and results/CPU/pgndb-DATE.md written
//	go run -C bench ./cmd/pgndb -quick    4 MiB databases, one round: a check that it runs
//
// The databases (make.go) are made once, deterministically from -seed,
// in -dir (default the user's cache directory, never the repository), and
// kept while their stamps say the same rules, sources, size and seed made
// them: games drawn with replacement from pgn's test files of real games,
// each copy with a tag value of its own so that no two games are the same
// bytes, until the size is reached; compressed with pzstd -19, as lichess
// compresses its files.
//
// Each measurement is one pass over a whole database by a reader in a
// process of its own (this command's own binary as a worker for pgn's
// readers), timed from its start to its exit, its peak memory the
// process's maximum resident set as the kernel counts it. The readers and
// what each does are in the report. The report gives games/s and MB/s
// (of the uncompressed PGN) medians with their intervals, each reader
// against pgn's Read (bench/internal/stat.Compare, per-round ratios), the
// zstd input against the uncompressed file, and what a 200 GB month of
// lichess games would take at each speed.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/symmagic/attacks/bench/internal/chesslib"
	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/foreign"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/pythonchess"
)

// maxMiB is the largest -size and -python-slice, in MiB: 1 TiB.
const maxMiB = 1 << 20

// cacheName is the command's folder of the user's cache: the databases
// (db) and the python-chess clone.
const cacheName = "symmagic-attacks-pgndb"

func main() {
	if mode := os.Getenv(workerEnv); mode != "" {
		if err := runWorker(mode, os.Args[1:], os.Stdout); err != nil {
			fmt.Fprintf(os.Stderr, "pgndb worker: %v\n", err)
			os.Exit(1)
		}
		return
	}
	cli.Main("pgndb", run)
}

// config is what a run measures and how.
type config struct {
	make     makeConfig
	rounds   int
	ran      int           // the rounds run: rounds, or fewer where limit ended them
	limit    time.Duration // the rounds' time at most (-time); 0: none
	slice    int64         // python-chess's slice
	cores    []int
	command  string
	quick    bool
	makeOnly bool
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("pgndb", "go run -C bench ./cmd/pgndb [flags]",
		"PGN readers on two databases of real games (lichess-shaped and plain, uncompressed and .zst),\n"+
			"each read whole in a process of its own, in interleaved rounds: games/s, MB/s, peak memory.\n"+
			"The databases are made once in -dir. The report on stdout, progress on stderr. Nothing is\n"+
			"written to the repository without -write.\n", stderr)
	quick := fs.Bool("quick", false, "4 MiB databases (unless -size), 1 round, zstd -3: a check that it runs, not a measurement")
	makeOnly := fs.Bool("make", false, "make the databases and stop")
	rounds := fs.Int("rounds", 0, "interleaved rounds (default 3, -quick 1)")
	limit := fs.Duration("time", 0, "run no round that would end later than this after the rounds began, judged by the rounds so far (the report says the rounds run; default: no limit)")
	sizeMiB := fs.Int("size", 0, "each database's size in MiB, at least (default 1024, -quick 4)")
	seed := fs.Uint64("seed", 1, "the seed the databases are drawn with")
	dir := fs.String("dir", "", "the directory the databases go to (default the user's cache directory, "+cacheName+"/db)")
	level := fs.Int("zstd-level", 0, "the zstd level the databases are compressed at (default 19, as lichess; -quick 3)")
	sliceMiB := fs.Int("python-slice", 0, "python-chess reads the first this many MiB of each database (default 16, -quick 1)")
	coresFlag := fs.String("cores", "", "the core counts the parallel readers run at, comma-separated (default 1, 2 and all this machine's)")
	clDir := fs.String("chess-library", "", "a checkout of github.com/Disservin/chess-library (default: a clone at the pinned commit in the user's cache)")
	noCL := fs.Bool("no-chess-library", false, "leave chess-library out")
	pyDir := fs.String("python-chess", "", "a checkout of "+pythonchess.URL+" (default: a clone at the pinned commit in the user's cache)")
	noPy := fs.Bool("no-python-chess", false, "leave python-chess out")
	pgnExtract := fs.String("pgn-extract", "", "the pgn-extract executable (default: on PATH, else /usr/games/pgn-extract)")
	noPE := fs.Bool("no-pgn-extract", false, "leave pgn-extract out")
	noMoves := fs.Bool("no-moves-visitor", false, "leave pgn's moves visitor out")
	noPipe := fs.Bool("no-pipe", false, "leave out the input through zstd -dc")
	testdata := fs.String("testdata", "", "the directory of the source games, pgn's testdata (default: found from the working directory)")
	out := cli.AddOutput(fs, "pgndb-DATE.md")
	if err := cli.ParseNoArgs(fs, args); err != nil {
		return err
	}
	if err := out.Check(); err != nil {
		return err
	}
	if *rounds < 0 || *sizeMiB < 0 || *sizeMiB > maxMiB || *level < 0 || *level > 22 || *sliceMiB < 0 || *sliceMiB > maxMiB {
		return cli.Usagef("-rounds %d -size %d -zstd-level %d -python-slice %d: none may be negative, the sizes at most %d (1 TiB), the level at most 22",
			*rounds, *sizeMiB, *level, *sliceMiB, maxMiB)
	}
	// A program given that is not one is said now, not after the
	// databases are made.
	if *clDir != "" && !*noCL {
		if err := chesslib.Check(*clDir); err != nil {
			return cli.Usagef("%v", err)
		}
	}
	if *pyDir != "" && !*noPy {
		if err := pythonchess.Source(pychessMarker).Check(*pyDir); err != nil {
			return cli.Usagef("%v", err)
		}
	}
	if *pgnExtract != "" && !*noPE {
		if _, err := exec.LookPath(*pgnExtract); err != nil {
			return cli.Usagef("-pgn-extract %s: %v", *pgnExtract, err)
		}
	}
	cores, err := parseCores(*coresFlag)
	if err != nil {
		return err
	}
	if *limit < 0 {
		return cli.Usagef("-time %v: no negative limit", *limit)
	}
	cfg := config{rounds: 3, limit: *limit, slice: 16 << 20, cores: cores, quick: *quick, makeOnly: *makeOnly,
		make: makeConfig{size: 1 << 30, seed: *seed, zstdLevel: lichessLevel, compress: true}}
	if *quick {
		cfg.rounds, cfg.slice, cfg.make.size, cfg.make.zstdLevel = 1, 1<<20, 4<<20, 3
	}
	if *rounds > 0 {
		cfg.rounds = *rounds
	}
	if *sizeMiB > 0 {
		cfg.make.size = int64(*sizeMiB) << 20
	}
	if *level > 0 {
		cfg.make.zstdLevel = *level
	}
	if *sliceMiB > 0 {
		cfg.slice = int64(*sliceMiB) << 20
	}
	cfg.command = strings.TrimSpace("go run -C bench ./cmd/pgndb " + strings.Join(cli.QuoteArgs(args, "chess-library", "python-chess", "dir", "testdata", "pgn-extract"), " "))
	if cfg.make.dir = *dir; cfg.make.dir == "" {
		cache, err := foreign.CacheDir(cacheName)
		if err != nil {
			return err
		}
		cfg.make.dir = filepath.Join(cache, "db")
	}
	if cfg.make.testdata = *testdata; cfg.make.testdata == "" {
		if cfg.make.testdata, err = findTestdata(); err != nil {
			return err
		}
	}
	dbs, err := makeDatabases(cfg.make, stderr)
	if err != nil {
		return err
	}
	if cfg.makeOnly {
		for _, db := range dbs {
			fmt.Fprintf(stdout, "%s: %d bytes, %d games\n", db.pgn, db.size, db.games)
			if db.zst != "" {
				fmt.Fprintf(stdout, "%s: %d bytes\n", db.zst, db.zstSize)
			}
		}
		return nil
	}

	self, err := os.Executable()
	if err != nil {
		return err
	}
	var notes []string
	inputs := []string{inFile}
	if dbs[0].zst != "" && !*noPipe {
		inputs = append(inputs, inPipe)
	}
	ours, par := inputs, []string{inFile} // pgn's one-core readers', the parallel reader's
	if dbs[0].zst != "" {
		ours = append(slices.Clip(inputs), inOwn)
		par = append(par, inOwn)
	}
	readers := []*reader{ourReader(self, "pgn", modeRead, ours)}
	if !*noMoves {
		readers = append(readers, ourReader(self, "pgn, moves visitor", modeMoves, ours))
	}
	readers = append(readers, parallelReader(self, par, cfg.cores))
	if slices.ContainsFunc(cfg.cores, func(n int) bool { return n > 1 }) {
		readers = append(readers, partsReader(self, cfg.cores))
	}
	// here reports whether a rival was had: err nil. A *foreign.Skip is
	// noted, and the run goes on without it; another error ends the run.
	here := func(err error) (bool, error) {
		var skip *foreign.Skip
		if errors.As(err, &skip) {
			notes = append(notes, skip.Error())
			fmt.Fprintln(stderr, skip)
			return false, nil
		}
		return err == nil, err
	}
	if !*noCL {
		d, err := chesslib.Build(*clDir, stderr)
		if ok, err := here(err); err != nil {
			return err
		} else if ok {
			readers = append(readers, chessLibReader(d, inputs))
			notes = append(notes, fmt.Sprintf("chess-library: %s, commit %.12s, built with %s.", chesslib.URL, d.Head, d.How))
		}
	}
	if !*noPE {
		p, err := findPgnExtract(*pgnExtract)
		if ok, err := here(err); err != nil {
			return err
		} else if ok {
			readers = append(readers, pgnExtractReader(p))
			notes = append(notes, "pgn-extract: "+pgnExtractVersion(p)+".")
		}
	}
	var py *pychess
	if !*noPy {
		p, err := preparePychess(*pyDir, stderr)
		if ok, err := here(err); err != nil {
			return err
		} else if ok {
			py = p
			readers = append(readers, pychessReader(py))
		}
	}
	m, err := measure(cfg, dbs, readers, stderr)
	if err != nil {
		return err
	}
	cfg.ran = len(m[0].cells[0].samples)
	if py != nil {
		notes = append(notes, fmt.Sprintf("python-chess: %s under %s, its standard library alone.", py.chess, py.PythonVersion))
	}
	report := func(w io.Writer) error { writeReport(w, cfg, m, machine.Here(), notes); return nil }
	report(stdout)
	if !out.Write {
		return nil
	}
	return out.Save("pgndb-"+time.Now().Format("2006-01-02")+".md", report, stderr)
}

// parseCores parses -cores: the default is 1, 2 and this machine's cores.
func parseCores(s string) ([]int, error) {
	if s == "" {
		cs := []int{1, 2, runtime.NumCPU()}
		slices.Sort(cs)
		return slices.Compact(cs), nil
	}
	var cs []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, cli.Usagef("-cores %q: want core counts from 1, comma-separated", s)
		}
		cs = append(cs, n)
	}
	slices.Sort(cs)
	return slices.Compact(cs), nil
}

// findTestdata finds pgn's testdata from the working directory: bench/
// under go run -C bench, the command's folder under go test.
func findTestdata() (string, error) {
	for _, d := range []string{"../pgn/testdata", "../../../pgn/testdata", "pgn/testdata"} {
		if _, err := os.Stat(filepath.Join(d, shapes[0].sources[0])); err == nil {
			return d, nil
		}
	}
	return "", cli.Usagef("no pgn/testdata here: run from bench/ (go run -C bench), or give -testdata DIR")
}
