package main

import (
	"embed"
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

// The chess-library driver, written into the cache directory and built
// there: the repository holds its source alone.
//
//go:embed drivers/chesslib/pgn.cpp
var drivers embed.FS

// chessLibCommit is chess-library 0.9.3 (master, 11 March 2026), as
// bench/cmd/rivals pins it.
const chessLibCommit = "1aafb2eb8786933b58f4d129f30adce91036a491"

const chessLibURL = "https://github.com/Disservin/chess-library"

// chessLibSource is chess-library's source: -chess-library DIR, or the
// clone at chessLibCommit that bench/cmd/rivals makes too, in the same
// folder of the user's cache (cacheName).
var chessLibSource = foreign.Source{Name: "chess-library", URL: chessLibURL, Commit: chessLibCommit,
	Flag: "chess-library", Marker: "include/chess.hpp"}

// cacheName is bench/cmd/rivals's folder of the user's cache: the one
// clone of chess-library serves both commands.
const cacheName = "symmagic-attacks-rivals"

// chessLib is chess-library's driver, built: its executable, the commit
// and how it was built.
type chessLib struct {
	path, head, how string
}

// buildChessLib builds the driver from dir, a checkout of chess-library,
// or from a clone at chessLibCommit in the user's cache: g++ (or $CXX)
// -O3 -std=c++17 -DNDEBUG, the library's asserts off as its documentation
// says to. The build is kept while its compiler, command, driver and
// header are the same. What is missing is a *foreign.Skip.
func buildChessLib(dir string, stderr io.Writer) (*chessLib, error) {
	cxx, err := foreign.CXX.Find(chessLibSource.Name)
	if err != nil {
		return nil, err
	}
	cache, err := foreign.CacheDir(cacheName)
	if err != nil {
		return nil, &foreign.Skip{Name: chessLibSource.Name, Why: err.Error()}
	}
	driver, err := drivers.ReadFile("drivers/chesslib/pgn.cpp")
	if err != nil {
		return nil, err
	}
	src, work, err := chessLibSource.Prepare(dir, cache, "chesslib-pgn", map[string][]byte{"pgn.cpp": driver}, stderr)
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
		return nil, fmt.Errorf("chess-library: %v", err)
	}
	return &chessLib{path: exe, head: foreign.GitHead(src), how: how}, nil
}

// clRun is one measurement of the driver: the counts of a pass, and MB/s.
type clRun struct {
	games, moves, errors int
	mbps                 float64
}

// measure runs the driver on file (size bytes) in mode for minTime.
func (c *chessLib) measure(file string, size int, mode string, minTime time.Duration) (clRun, error) {
	out, err := exec.Command(c.path, file, mode, strconv.FormatInt(minTime.Nanoseconds(), 10)).Output()
	if err != nil {
		return clRun{}, fmt.Errorf("chess-library driver %s: %v", mode, err)
	}
	f := strings.Fields(string(out))
	if len(f) != 5 {
		return clRun{}, fmt.Errorf("chess-library driver %s: answer %q", mode, out)
	}
	var v [5]int64
	for i := range f {
		if v[i], err = strconv.ParseInt(f[i], 10, 64); err != nil {
			return clRun{}, fmt.Errorf("chess-library driver %s: answer %q", mode, out)
		}
	}
	return clRun{games: int(v[0]), moves: int(v[1]), errors: int(v[2]),
		mbps: float64(v[3]) * float64(size) / (float64(v[4]) / 1e9) / 1e6}, nil
}
