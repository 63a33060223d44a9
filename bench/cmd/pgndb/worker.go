package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/symmagic/attacks/bench/internal/chesslib"
	"github.com/symmagic/attacks/pgn"
)

// workerEnv, set in a process's environment, makes the command a worker:
// it reads one file with one of pgn's readers (workerModes) and prints
// what it read, so that each measurement has a process of its own, whose
// peak memory is its own (the harness reads it from the kernel's rusage
// when the worker exits). Its value is the mode; the argument the file,
// - for the standard input; a .zst file is read through pgn.Open, which
// decompresses it on a goroutine of its own.
const workerEnv = "PGNDB_WORKER"

// chunkEnv, set beside workerEnv, gives the parallel mode's ChunkSize in
// bytes (default pgn.DefaultChunkSize): for counting a worker's run with
// another chunk size, as docs/PGN.md does.
const chunkEnv = "PGNDB_CHUNK"

// The workers' modes.
const (
	modeRead  = "read"  // Reader.Read into one Game reused, every move checked
	modeMoves = "moves" // Reader.Visit with chesslib.MovesVisitor
	// ParallelReader.Read into one Game reused, every move checked, with
	// as many workers as GOMAXPROCS
	modeParallel = "parallel"
	// N Readers, each on its own goroutine reading its own part of the
	// file, N the GOMAXPROCS: the machine's ceiling for N cores
	modeParts = "parts"
)

// workerModes says what each mode does, as the report says it.
var workerModes = map[string]string{
	modeRead: "pgn's Reader.Read into one Game reused from game to game: every move of the main line and of the " +
		"variations parsed, checked and played, the tags, comments and NAGs kept in the Game",
	modeMoves: "pgn's Reader.Visit with a visitor that parses each main-line SAN with movegen's ParseSAN and plays it " +
		"(its Polyglot key kept), variations skipped, nothing kept: chess-library's moves visitor's counterpart",
	modeParallel: "pgn's ParallelReader.Read into one Game reused from game to game, as pgn's Read, at GOMAXPROCS " +
		"N and N workers (its default chunks of 64 KiB): the input cut into chunks where a game likely begins, each " +
		"read by a worker's Reader, every cut checked, the games handed over in order, each as pgn's Reader reads it",
	modeParts: "N of pgn's Readers at GOMAXPROCS N, each on a goroutine of its own reading its own Nth of the file " +
		"(cut where a line of \"[\" follows a blank one) into a Game of its own, as pgn's Read, nothing shared and " +
		"nothing checked across the cuts: what N cores give a reader that needs no coordination, the ceiling of pgn " +
		"parallel's scaling on this machine (the file alone)",
}

// result is what a reader read: games, moves of the main lines, moves in
// all (with variations, where the reader knows them), games rejected.
type result struct {
	games, moves, allMoves, errors int64
}

// runWorker runs a worker process: mode from the environment, the file from
// args. What it read is one line on stdout: games, moves, all moves,
// errors.
func runWorker(mode string, args []string, stdout io.Writer) error {
	if len(args) != 1 {
		return fmt.Errorf("worker %s: want one file, got %q", mode, args)
	}
	if mode == modeParts {
		res, err := readParts(args[0], runtime.GOMAXPROCS(0))
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%d %d %d %d\n", res.games, res.moves, res.allMoves, res.errors)
		return err
	}
	var in io.Reader = os.Stdin
	switch {
	case strings.HasSuffix(args[0], ".zst"): // decompressed by package pgn, on a goroutine of its own
		f, err := pgn.Open(args[0])
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	case args[0] != "-":
		f, err := os.Open(args[0])
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	res, err := readWith(mode, in)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%d %d %d %d\n", res.games, res.moves, res.allMoves, res.errors)
	return err
}

// readWith reads in with mode's reader. A game the reader rejects is
// counted, not an error.
func readWith(mode string, in io.Reader) (result, error) {
	var res result
	var next func() error // reads a game
	switch mode {
	case modeRead, modeParallel:
		var read func(*pgn.Game) error
		if mode == modeParallel {
			p := pgn.NewParallelReader(context.Background(), in)
			p.Workers = runtime.GOMAXPROCS(0)
			if c := os.Getenv(chunkEnv); c != "" {
				n, err := strconv.Atoi(c)
				if err != nil || n <= 0 {
					return res, fmt.Errorf("worker: %s=%q is no chunk size in bytes", chunkEnv, c)
				}
				p.ChunkSize = n
			}
			defer p.Close()
			read = p.Read
		} else {
			read = pgn.NewReader(in).Read
		}
		var g pgn.Game
		next = func() error {
			if err := read(&g); err != nil {
				return err
			}
			res.allMoves += int64(g.Len() - 1) // the root is no move
			for n := g.Next(pgn.Root); n != pgn.None; n = g.Next(n) {
				res.moves++
			}
			return nil
		}
	case modeMoves:
		r, v := pgn.NewReader(in), &chesslib.MovesVisitor{}
		next = func() error {
			err := r.Visit(v)
			res.moves = int64(v.Moves)
			return err
		}
	default:
		return res, fmt.Errorf("worker: no mode %q", mode)
	}
	for {
		switch err := next(); {
		case err == io.EOF:
			return res, nil
		case errors.As(err, new(*pgn.Error)):
			res.errors++
		case err != nil:
			return res, err
		default:
			res.games++
		}
	}
}

// readParts reads the file in n parts, each with pgn's Read on a
// goroutine of its own, and adds up what they read. A part ends where a
// line that begins with "[" follows a blank line, the first such after
// its share of the bytes.
func readParts(name string, n int) (result, error) {
	f, err := os.Open(name)
	if err != nil {
		return result{}, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return result{}, err
	}
	cuts := []int64{0}
	buf := make([]byte, 1<<20)
	for i := 1; i < n; i++ {
		at := st.Size() * int64(i) / int64(n)
		k, _ := f.ReadAt(buf, at)
		j := bytes.Index(buf[:k], []byte("\n\n["))
		if j < 0 {
			return result{}, fmt.Errorf("%s: no game begins within 1 MiB after byte %d", name, at)
		}
		cuts = append(cuts, at+int64(j)+2)
	}
	cuts = append(cuts, st.Size())
	results := make([]result, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = readWith(modeRead, io.NewSectionReader(f, cuts[i], cuts[i+1]-cuts[i]))
		}()
	}
	wg.Wait()
	var res result
	for i, r := range results {
		if errs[i] != nil {
			return res, errs[i]
		}
		res.games += r.games
		res.moves += r.moves
		res.allMoves += r.allMoves
		res.errors += r.errors
	}
	return res, nil
}
