package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/symmagic/attacks/bench/internal/chesslib"
	"github.com/symmagic/attacks/bench/internal/foreign"
	"github.com/symmagic/attacks/bench/internal/worker"
)

// Inputs: how a reader gets the database.
const (
	inFile = "file"     // the .pgn, from disk (the page cache: it is read once before)
	inPipe = "zstd -dc" // the .pgn.zst through zstd -dc, a process of its own, into the reader's standard input
	inOwn  = "zst"      // the .pgn.zst, the reader decompressing it itself
	inHead = "slice"    // the first bytes of the .pgn, cut at a game's end (python-chess)
)

// reader is one program that reads a database, as a command.
type reader struct {
	name string // as the report names it: "pgn", "pgn-extract"
	what string // what it does, for the report
	// cmd returns the command that reads file (- for the standard input)
	// at cores cores.
	cmd    func(file string, cores int) *exec.Cmd
	parse  func(stdout, stderr []byte) (result, error)
	inputs []string // the inputs it reads
	cores  []int    // the core counts it runs at; nil: one
	// known says which counts the reader reports: games (pgn-extract:
	// none), main-line moves, all moves.
	games, moves, allMoves bool
}

// cell is one measurement's place: a reader, an input, a core count.
type cell struct {
	r     *reader
	input string
	cores int
}

func (c cell) String() string { return fmt.Sprintf("%s, %s, %d cores", c.r.name, c.input, c.cores) }

// sample is one run of a cell.
type sample struct {
	res     result
	seconds float64
	maxRSS  int64 // bytes, the reader's process's peak resident memory (watchPeak)
}

// runCell runs c once on db and returns what it read, its time and its
// peak memory. The time runs from the reader's start to its exit (and,
// for a pipe, zstd's).
func runCell(c cell, db database, slice string) (sample, error) {
	file := db.pgn
	switch c.input {
	case inPipe:
		file = "-"
	case inOwn:
		file = db.zst
	case inHead:
		file = slice
	}
	cmd := c.r.cmd(file, c.cores)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = worker.NewTail(64 << 10)
	tail := cmd.Stderr.(*worker.Tail)
	var zstd *exec.Cmd
	var zerrs bytes.Buffer
	if c.input == inPipe {
		pr, pw, err := os.Pipe()
		if err != nil {
			return sample{}, err
		}
		zstd = exec.Command("zstd", "-dc", "-q", db.zst)
		zstd.Stdout, zstd.Stderr = pw, &zerrs
		cmd.Stdin = pr
		start := time.Now()
		if err := zstd.Start(); err != nil {
			pr.Close()
			pw.Close()
			return sample{}, fmt.Errorf("zstd: %w", err)
		}
		pw.Close()
		err = cmd.Start()
		pr.Close()
		if err != nil {
			zstd.Process.Kill()
			zstd.Wait()
			return sample{}, fmt.Errorf("%s: %w", c.r.name, err)
		}
		stop := make(chan struct{})
		peak := watchPeak(cmd.Process.Pid, stop)
		rerr := cmd.Wait()
		zerr := zstd.Wait()
		el := time.Since(start)
		close(stop)
		if zerr != nil {
			return sample{}, fmt.Errorf("zstd -dc %s: %w %s", db.zst, zerr, zerrs.String())
		}
		s, err := finish(c, rerr, out.Bytes(), tail, el)
		s.maxRSS = <-peak
		return s, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return sample{}, fmt.Errorf("%s: %w", c.r.name, err)
	}
	stop := make(chan struct{})
	peak := watchPeak(cmd.Process.Pid, stop)
	err := cmd.Wait()
	el := time.Since(start)
	close(stop)
	s, err := finish(c, err, out.Bytes(), tail, el)
	s.maxRSS = <-peak
	return s, err
}

// finish reads a reader's answer.
func finish(c cell, err error, out []byte, errs *worker.Tail, el time.Duration) (sample, error) {
	if err != nil {
		return sample{}, fmt.Errorf("%v: %w\n%s", c, err, errs.String())
	}
	res, err := c.r.parse(out, []byte(errs.String()))
	if err != nil {
		return sample{}, fmt.Errorf("%v: %w", c, err)
	}
	return sample{res: res, seconds: el.Seconds()}, nil
}

// watchPeak follows the peak resident memory of the process pid (its
// VmHWM in /proc/PID/status, which the kernel keeps for the program the
// process runs since its exec) every 10 ms until stop is closed, and
// returns the last value read, in bytes; 0 where there is no /proc or the
// process ended before the first look. The kernel's rusage cannot say it:
// a child's ru_maxrss starts from its parent's resident memory at the fork.
func watchPeak(pid int, stop <-chan struct{}) <-chan int64 {
	peak := make(chan int64, 1)
	go func() {
		path := fmt.Sprintf("/proc/%d/status", pid)
		var hwm int64
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			if b, err := os.ReadFile(path); err == nil {
				if _, rest, ok := strings.Cut(string(b), "VmHWM:"); ok {
					var kb int64
					if _, err := fmt.Sscan(rest, &kb); err == nil {
						hwm = max(hwm, kb<<10)
					}
				}
			}
			select {
			case <-stop:
				peak <- hwm
				return
			case <-t.C:
			}
		}
	}()
	return peak
}

// parseWorker reads a worker's answer: games, moves, all moves, errors.
func parseWorker(out, _ []byte) (result, error) {
	var r result
	if n, err := fmt.Sscanf(string(out), "%d %d %d %d\n", &r.games, &r.moves, &r.allMoves, &r.errors); n != 4 || err != nil {
		return r, fmt.Errorf("answer %q", out)
	}
	return r, nil
}

// ourReader is pgn read by this command's worker in mode, at one core
// (GOMAXPROCS 1; 2 for a .zst, which pgn decompresses on a goroutine of
// its own).
func ourReader(self, name, mode string, inputs []string) *reader {
	return &reader{
		name: name, what: workerModes[mode], inputs: inputs,
		games: true, moves: true, allMoves: mode == modeRead,
		cmd: func(file string, cores int) *exec.Cmd {
			if strings.HasSuffix(file, ".zst") {
				cores++ // the decompressing goroutine's
			}
			cmd := exec.Command(self, file)
			cmd.Env = append(os.Environ(), workerEnv+"="+mode, fmt.Sprintf("GOMAXPROCS=%d", cores))
			return cmd
		},
		parse: parseWorker,
	}
}

// parallelReader is pgn's ParallelReader read by this command's worker at
// each of cores: GOMAXPROCS and workers the core count, the decompressing
// goroutine of a .zst among them.
func parallelReader(self string, inputs []string, cores []int) *reader {
	return &reader{
		name: "pgn parallel", what: workerModes[modeParallel], inputs: inputs, cores: cores,
		games: true, moves: true, allMoves: true,
		cmd: func(file string, cores int) *exec.Cmd {
			cmd := exec.Command(self, file)
			cmd.Env = append(os.Environ(), workerEnv+"="+modeParallel, fmt.Sprintf("GOMAXPROCS=%d", cores))
			return cmd
		},
		parse: parseWorker,
	}
}

// partsReader is N of pgn's Readers on N parts of the file at each of
// cores above one (GOMAXPROCS N): the ceiling of the parallel reader's
// scaling. At one core it would be pgn's Read on the file.
func partsReader(self string, cores []int) *reader {
	var more []int
	for _, n := range cores {
		if n > 1 {
			more = append(more, n)
		}
	}
	return &reader{
		name: "pgn, parts", what: workerModes[modeParts], inputs: []string{inFile}, cores: more,
		games: true, moves: true, allMoves: true,
		cmd: func(file string, cores int) *exec.Cmd {
			cmd := exec.Command(self, file)
			cmd.Env = append(os.Environ(), workerEnv+"="+modeParts, fmt.Sprintf("GOMAXPROCS=%d", cores))
			return cmd
		},
		parse: parseWorker,
	}
}

// chessLibReader is chess-library's StreamParser with its moves visitor,
// reading the file as it goes (bench/internal/chesslib).
func chessLibReader(d *chesslib.Driver, inputs []string) *reader {
	return &reader{
		name: "chess-library",
		what: "chess-library's pgn::StreamParser reading the file through an std::ifstream (the pipe through std::cin), " +
			"with a visitor that parses each main-line SAN with uci::parseSan and makes the move (its parser hands over no " +
			"variation's moves)",
		inputs: inputs, games: true, moves: true,
		cmd: func(file string, _ int) *exec.Cmd { return d.Stream(file, chesslib.Moves) },
		parse: func(out, _ []byte) (result, error) {
			v, err := chesslib.Parse(out)
			return result{games: v[0], moves: v[1], errors: v[2]}, err
		},
	}
}

// pgnExtractReader is pgn-extract -r --quiet: it parses every game and
// plays and checks every move, of the main line and the variations (-r:
// report errors, extract nothing), and writes nothing but its complaints,
// on stderr: an empty stderr is a file it read whole.
func pgnExtractReader(path string) *reader {
	return &reader{
		name: "pgn-extract",
		what: "pgn-extract -r --quiet FILE: every game parsed and every move of the main line and the variations played " +
			"and checked (-r reports errors and extracts nothing; --quiet leaves out its progress), nothing written",
		inputs: []string{inFile},
		cmd:    func(file string, _ int) *exec.Cmd { return exec.Command(path, "-r", "--quiet", file) },
		parse: func(_, errs []byte) (result, error) {
			if s := strings.TrimSpace(string(errs)); s != "" {
				return result{}, fmt.Errorf("pgn-extract complains: %.300s", s)
			}
			return result{}, nil
		},
	}
}

// findPgnExtract finds pgn-extract: -pgn-extract, else on PATH, else in
// /usr/games, where Debian's package puts it; none is a *foreign.Skip.
func findPgnExtract(flag string) (string, error) {
	if flag != "" {
		return flag, nil
	}
	if p, err := exec.LookPath("pgn-extract"); err == nil {
		return p, nil
	}
	if _, err := os.Stat("/usr/games/pgn-extract"); err == nil {
		return "/usr/games/pgn-extract", nil
	}
	return "", foreign.Skipf("pgn-extract", "not on PATH nor in /usr/games; apt-get install pgn-extract, or give it with -pgn-extract PATH")
}

// pychessReader is python-chess reading every game of the slice with
// chess.pgn.read_game and its default visitor (drivers/pychess.py).
func pychessReader(py *pychess) *reader {
	return &reader{
		name: "python-chess",
		what: "python-chess's chess.pgn.read_game with its default visitor (GameBuilder) over the file opened as text, " +
			"game after game: every move of the main line and the variations parsed, checked and played into a Game, " +
			"the comments and NAGs kept",
		inputs: []string{inHead}, games: true, moves: true,
		cmd: func(file string, _ int) *exec.Cmd { return exec.Command(py.Python, py.Driver, py.Src, file) },
		parse: func(out, _ []byte) (result, error) {
			var r result
			var version string
			if n, err := fmt.Sscanf(string(out), "%d %d %d %s\n", &r.games, &r.moves, &r.errors, &version); n != 4 || err != nil {
				return r, fmt.Errorf("answer %q", out)
			}
			py.chess = version
			return r, nil
		},
	}
}

// drain reads r to its end: the page cache warmed before the rounds.
func drain(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(io.Discard, f)
	return err
}

// cellRun is a cell's samples, one a round.
type cellRun struct {
	c       cell
	samples []sample
}

// dbRun is one database's measurements.
type dbRun struct {
	db              database
	slice           string // python-chess's slice, "" without python-chess
	sliceSize       int64
	sliceGames      int64
	moves, allMoves int64 // pgn's counts: main lines, in all
	cells           []*cellRun
}

// measure runs the rounds: in each, every database, every cell of it once,
// the cells' order turning from round to round. Each database is read once
// before, so that every reader finds it in the page cache.
func measure(cfg config, dbs []database, readers []*reader, stderr io.Writer) ([]*dbRun, error) {
	var runs []*dbRun
	for _, db := range dbs {
		run := &dbRun{db: db}
		for _, r := range readers {
			for _, in := range r.inputs {
				if in == inHead {
					var err error
					if run.slice, run.sliceSize, err = makeSlice(db.pgn, cfg.slice); err != nil {
						return nil, err
					}
				}
				for _, n := range r.coreCounts() {
					run.cells = append(run.cells, &cellRun{c: cell{r: r, input: in, cores: n}})
				}
			}
		}
		runs = append(runs, run)
	}
	start := time.Now()
	for round := range cfg.rounds {
		if el := time.Since(start); round > 0 && cfg.limit > 0 && el+el/time.Duration(round) > cfg.limit {
			fmt.Fprintf(stderr, "%d rounds in %v: one more would end past -time %v; stopping\n", round, el.Round(time.Second), cfg.limit)
			break
		}
		for _, run := range runs {
			for _, f := range []string{run.db.pgn, run.db.zst, run.slice} {
				if f == "" {
					continue
				}
				if err := drain(f); err != nil {
					return nil, err
				}
			}
			for i := range run.cells {
				cr := run.cells[(i+round)%len(run.cells)]
				fmt.Fprintf(stderr, "round %d/%d (%v so far): %s: %v\n", round+1, cfg.rounds,
					time.Since(start).Round(time.Second), filepath.Base(run.db.pgn), cr.c)
				s, err := runCell(cr.c, run.db, run.slice)
				if err != nil {
					return nil, err
				}
				if err := run.check(cr.c, s.res); err != nil {
					return nil, err
				}
				cr.samples = append(cr.samples, s)
			}
		}
	}
	return runs, nil
}

// coreCounts are the core counts r runs at.
func (r *reader) coreCounts() []int {
	if r.cores == nil {
		return []int{1}
	}
	return r.cores
}

// check checks what a reader read: no game rejected, every game of the
// database read, the main lines' moves the same as pgn's Read's.
func (run *dbRun) check(c cell, res result) error {
	if res.errors != 0 {
		return fmt.Errorf("%s: %v rejected %d games: every reader must read every game", filepath.Base(run.db.pgn), c, res.errors)
	}
	if c.input == inHead {
		if run.sliceGames != 0 && res.games != run.sliceGames {
			return fmt.Errorf("%s: %v read %d games, %d before", filepath.Base(run.slice), c, res.games, run.sliceGames)
		}
		run.sliceGames = res.games
		return nil
	}
	if c.r.games && res.games != int64(run.db.games) {
		return fmt.Errorf("%s: %v read %d games of %d", filepath.Base(run.db.pgn), c, res.games, run.db.games)
	}
	if c.r.allMoves {
		if run.allMoves != 0 && res.allMoves != run.allMoves {
			return fmt.Errorf("%s: %v read %d moves in all, %d before", filepath.Base(run.db.pgn), c, res.allMoves, run.allMoves)
		}
		run.allMoves = res.allMoves
	}
	if c.r.moves {
		if run.moves != 0 && res.moves != run.moves {
			return fmt.Errorf("%s: %v read %d main-line moves, %d by another", filepath.Base(run.db.pgn), c, res.moves, run.moves)
		}
		run.moves = res.moves
	}
	return nil
}
