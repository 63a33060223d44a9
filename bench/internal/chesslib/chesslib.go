// Package chesslib builds and runs the bench's driver of chess-library's
// PGN parser (github.com/Disservin/chess-library, C++): driver/pgn.cpp, which
// parses a file with its pgn::StreamParser and one of two visitors, built
// from a checkout given by a command's -chess-library flag or from a clone
// at Commit in the user's cache (bench/internal/foreign). bench/cmd/pgn
// measures it on a file in memory, bench/cmd/pgndb on a database read from
// disk or a pipe.
package chesslib

import (
	_ "embed"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/symmagic/attacks/bench/internal/foreign"
)

// The driver, written into the cache directory and built there: the
// repository holds its source alone.
//
//go:embed driver/pgn.cpp
var driver []byte

// Commit is chess-library 0.9.3 (master, 11 March 2026), as
// bench/cmd/rivals pins it.
const Commit = "1aafb2eb8786933b58f4d129f30adce91036a491"

// URL is chess-library's repository.
const URL = "https://github.com/Disservin/chess-library"

// source is chess-library's source: a command's -chess-library DIR, or the
// clone at Commit that bench/cmd/rivals makes too, in the same folder of
// the user's cache (cacheName).
var source = foreign.Source{Name: "chess-library", URL: URL, Commit: Commit,
	Flag: "chess-library", Marker: "include/chess.hpp"}

// cacheName is bench/cmd/rivals's folder of the user's cache: the one
// clone of chess-library serves every command.
const cacheName = "symmagic-attacks-rivals"

// Check checks that dir, given by a command's -chess-library flag, is a
// checkout of chess-library: an error that says why not.
func Check(dir string) error { return source.Check(dir) }

// Driver is the driver, built: its executable, the commit and how it was
// built.
type Driver struct {
	Path, Head, How string
}

// Build builds the driver from dir, a checkout of chess-library, or from a
// clone at Commit in the user's cache: g++ (or $CXX) -O3 -std=c++17
// -DNDEBUG, the library's asserts off as its documentation says to. The
// build is kept while its compiler, command, driver and header are the
// same. What is missing is a *foreign.Skip.
func Build(dir string, stderr io.Writer) (*Driver, error) {
	cxx, err := foreign.CXX.Find(source.Name)
	if err != nil {
		return nil, err
	}
	cache, err := foreign.CacheDir(cacheName)
	if err != nil {
		return nil, &foreign.Skip{Name: source.Name, Why: err.Error()}
	}
	src, work, err := source.Prepare(dir, cache, "chesslib-pgn", map[string][]byte{"pgn.cpp": driver}, stderr)
	if err != nil {
		return nil, err
	}
	header, err := os.ReadFile(filepath.Join(src, "include", "chess.hpp"))
	if err != nil {
		return nil, err
	}
	flags := []string{"-O3", "-std=c++17", "-DNDEBUG"}
	how := filepath.Base(cxx.Path) + " " + strings.Join(flags, " ")
	exe := filepath.Join(work, "chesslib-pgn")
	args := append(flags, "-I", filepath.Join(src, "include"), "-o", exe, "pgn.cpp")
	stamp := foreign.NewStamp(exe, []byte(cxx.Path), []byte(cxx.Version), []byte(strings.Join(args, "\x00")), driver, header)
	if _, err := stamp.Build(func() error {
		fmt.Fprintf(stderr, "chess-library: building its PGN driver: %s\n", how)
		return foreign.Run(nil, work, cxx.Path, args...)
	}); err != nil {
		return nil, fmt.Errorf("chess-library: %w", err)
	}
	return &Driver{Path: exe, Head: foreign.GitHead(src), How: how}, nil
}

// Visitors: the driver's modes. Empty does nothing (the parse alone:
// its tokenizer, the tags and the moves handed over as text); Moves parses
// each main-line SAN with uci::parseSan on a Board (from the FEN tag where
// there is one) and makes the move, every move checked.
const (
	Empty = "empty"
	Moves = "moves"
)

// Run is one run of the driver: the counts of a pass, and MB/s.
type Run struct {
	Games, Moves, Errors int
	MBps                 float64
}

// Measure runs the driver on file (size bytes), read into memory, with
// visitor (Empty or Moves) again and again for minTime at least (once at
// least), and returns the counts of a pass and its speed, which the
// driver times itself.
func (d *Driver) Measure(file string, size int, visitor string, minTime time.Duration) (Run, error) {
	out, err := exec.Command(d.Path, file, visitor, strconv.FormatInt(minTime.Nanoseconds(), 10)).Output()
	if err != nil {
		return Run{}, fmt.Errorf("chess-library driver %s: %w", visitor, err)
	}
	v, err := Parse(out)
	if err != nil {
		return Run{}, fmt.Errorf("chess-library driver %s: %w", visitor, err)
	}
	return Run{Games: int(v[0]), Moves: int(v[1]), Errors: int(v[2]),
		MBps: float64(v[3]) * float64(size) / (float64(v[4]) / 1e9) / 1e6}, nil
}

// Stream returns the command that parses file once with visitor as it is
// read, from disk or, for "-", from the standard input (a pipe), as a
// program reading a database does: its output is the line Parse reads.
func (d *Driver) Stream(file, visitor string) *exec.Cmd {
	return exec.Command(d.Path, file, "stream-"+visitor, "0")
}

// Parse parses the driver's answer: games, moves, errors, passes and
// nanoseconds.
func Parse(out []byte) ([5]int64, error) {
	var v [5]int64
	f := strings.Fields(string(out))
	if len(f) != 5 {
		return v, fmt.Errorf("answer %q", out)
	}
	for i := range f {
		var err error
		if v[i], err = strconv.ParseInt(f[i], 10, 64); err != nil {
			return v, fmt.Errorf("answer %q", out)
		}
	}
	return v, nil
}
