package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
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

// chessLib is chess-library's driver, built: its executable, the commit
// and how it was built.
type chessLib struct {
	path, head, how string
}

// errSkip is a chess-library that cannot be measured, and why.
type errSkip struct{ why string }

func (e *errSkip) Error() string { return "chess-library skipped: " + e.why }

// buildChessLib builds the driver from dir, a checkout of chess-library,
// or from a clone at chessLibCommit in the user's cache: g++ (or $CXX)
// -O3 -std=c++17 -DNDEBUG, the library's asserts off as its documentation
// says to. What is missing is an *errSkip.
func buildChessLib(dir string, stderr io.Writer) (*chessLib, error) {
	cxx := os.Getenv("CXX")
	if cxx == "" {
		for _, n := range []string{"c++", "g++", "clang++"} {
			if p, err := exec.LookPath(n); err == nil {
				cxx = p
				break
			}
		}
	}
	if cxx == "" {
		return nil, &errSkip{"no C++ compiler (c++, g++ or clang++) on PATH; install one or set CXX"}
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return nil, &errSkip{fmt.Sprintf("no cache directory: %v", err)}
	}
	cache = filepath.Join(cache, "symmagic-attacks-rivals")
	if dir == "" {
		dir = filepath.Join(cache, "src", "chess-library-"+chessLibCommit[:12])
		if gitHead(dir) != chessLibCommit {
			if err := clone(dir, stderr); err != nil {
				return nil, err
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "include", "chess.hpp")); err != nil {
		return nil, fmt.Errorf("-chess-library %s: no include/chess.hpp there: not a checkout of %s", dir, chessLibURL)
	}
	driver, err := drivers.ReadFile("drivers/chesslib/pgn.cpp")
	if err != nil {
		return nil, err
	}
	header, err := os.ReadFile(filepath.Join(dir, "include", "chess.hpp"))
	if err != nil {
		return nil, err
	}
	sum := sha256.New()
	flags := []string{"-O3", "-std=c++17", "-DNDEBUG"}
	for _, part := range [][]byte{[]byte(cxx), []byte(strings.Join(flags, " ")), driver, header} {
		fmt.Fprintf(sum, "%d:%s", len(part), part)
	}
	digest := hex.EncodeToString(sum.Sum(nil))
	work := filepath.Join(cache, "build", "chesslib-pgn-"+digest[:12])
	if err := os.MkdirAll(work, 0o755); err != nil {
		return nil, err
	}
	exe := filepath.Join(work, "chesslib-pgn")
	how := filepath.Base(cxx) + " " + strings.Join(flags, " ")
	if _, err := os.Stat(exe); err != nil {
		src := filepath.Join(work, "pgn.cpp")
		if err := os.WriteFile(src, driver, 0o644); err != nil {
			return nil, err
		}
		fmt.Fprintf(stderr, "chess-library: building its PGN driver: %s\n", how)
		args := append(flags, "-I", filepath.Join(dir, "include"), "-o", exe+".tmp", src)
		if out, err := exec.Command(cxx, args...).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("chess-library: %s: %v\n%s", how, err, out)
		}
		if err := os.Rename(exe+".tmp", exe); err != nil {
			return nil, err
		}
	}
	return &chessLib{path: exe, head: gitHead(dir), how: how}, nil
}

// clone clones chess-library at chessLibCommit into dir, through a
// temporary directory renamed when checked out.
func clone(dir string, stderr io.Writer) error {
	git, err := exec.LookPath("git")
	if err != nil {
		return &errSkip{"no git on PATH to clone " + chessLibURL + "; give a checkout with -chess-library DIR"}
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return err
	}
	os.RemoveAll(dir)
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".chess-library-*")
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "chess-library: git clone %s, commit %s, into %s\n", chessLibURL, chessLibCommit, dir)
	run := func(args ...string) error {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, git, args...)
		cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %s: %v: %s", args[0], err, bytes.TrimSpace(out))
		}
		return nil
	}
	err = run("clone", "--quiet", "--no-checkout", chessLibURL, tmp)
	if err == nil {
		err = run("-C", tmp, "checkout", "--quiet", "--detach", chessLibCommit)
	}
	if err == nil {
		err = os.Rename(tmp, dir)
	}
	if err != nil {
		os.RemoveAll(tmp)
		return &errSkip{fmt.Sprintf("%v; clone %s (commit %s) yourself and give it with -chess-library DIR", err, chessLibURL, chessLibCommit)}
	}
	return nil
}

// gitHead is dir's checked-out commit, "" if unknown.
func gitHead(dir string) string {
	out, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
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
