package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/symmagic/attacks/engine"
	"github.com/symmagic/attacks/pgn"
)

// The nodes each search is given: the kept output, testdata/python-chess.pgn,
// is what annotate.py wrote with python-chess 1.11.2 and Debian's Stockfish
// 15.1 from testdata/games.pgn at this limit:
//
//	python3 annotate.py stockfish 5000 ../../../opening/data/?.tsv < testdata/games.pgn > testdata/python-chess.pgn
const nodes = 5000

// TestSameAsPythonChess annotates the test games with Stockfish and compares
// the result with python-chess's annotation of the same games by the same
// job, node by node: the tags, and at every node of the tree its move, its
// comments (the [%eval] commands with their depths, the clocks kept), its
// NAGs as a set and its variations in order. Stockfish searches to a node
// limit with one thread and a new game each game, so both drivers get the
// same lines from it.
func TestSameAsPythonChess(t *testing.T) {
	path := stockfish(t)
	in, err := os.ReadFile("testdata/games.pgn")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(context.Background(), path, nodes, bytes.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/python-chess.pgn")
	if err != nil {
		t.Fatal(err)
	}
	got, kept := readAll(t, out.Bytes()), readAll(t, want)
	if len(got) != len(kept) || len(got) != 3 {
		t.Fatalf("%d games annotated, python-chess %d (want 3)", len(got), len(kept))
	}
	var evals, nags, lines int
	for i := range got {
		g, k := got[i], kept[i]
		if !slices.Equal(g.Tags, k.Tags) {
			t.Errorf("game %d: tags\n%v\npython-chess:\n%v", i+1, g.Tags, k.Tags)
		}
		if g.Len() != k.Len() {
			t.Errorf("game %d: %d nodes, python-chess %d", i+1, g.Len(), k.Len())
			continue
		}
		// Both trees are read from text: their nodes are numbered in the
		// order the text gives them, so equal trees number alike.
		for n := pgn.Node(0); int(n) < g.Len(); n++ {
			if g.Move(n) != k.Move(n) || g.Parent(n) != k.Parent(n) || !slices.Equal(sorted(g.NAGs(n)), sorted(k.NAGs(n))) ||
				!slices.Equal(g.Comments(n), k.Comments(n)) {
				t.Errorf("game %d, node %d (%s): %v %v %q\npython-chess: %v %v %q", i+1, n, g.SAN(n),
					g.Move(n), g.NAGs(n), g.Comments(n), k.Move(n), k.NAGs(n), k.Comments(n))
			}
			if e, ok := g.Eval(n); ok && e.Depth > 0 {
				evals++
			}
			nags += len(g.NAGs(n))
			if c := g.Children(nil, n); len(c) > 1 {
				lines += len(c) - 1
			}
		}
	}
	// The job did something to compare: evaluations written, NAGs given,
	// the engine's lines added beside lichess's own.
	if evals < 200 || nags < 20 || lines < 20 {
		t.Errorf("%d evaluations with a depth, %d NAGs, %d variations: too few to compare", evals, nags, lines)
	}
}

// sorted returns NAGs in order: python-chess writes a set's in order, this
// module in the order first added.
func sorted(nags []byte) []byte { slices.Sort(nags); return nags }

func readAll(t *testing.T, b []byte) []*pgn.Game {
	t.Helper()
	r := pgn.NewReader(bytes.NewReader(b))
	var games []*pgn.Game
	for {
		var g pgn.Game
		if err := r.Read(&g); err != nil {
			if err == io.EOF {
				return games
			}
			t.Fatal(err)
		}
		games = append(games, &g)
	}
}

// stockfish returns the path of a Stockfish 15.1 (Debian's), whose
// searches the kept output holds: the one in PATH, else /usr/games's. It
// skips the test without one, or fails it when STOCKFISH=required.
func stockfish(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the annotation's searches take seconds")
	}
	paths := []string{"/usr/games/stockfish"}
	if p, err := exec.LookPath("stockfish"); err == nil {
		paths = append([]string{p}, paths...)
	}
	path, why := findStockfish(paths)
	if path == "" {
		if os.Getenv("STOCKFISH") == "required" {
			t.Fatal("STOCKFISH=required: " + why)
		}
		t.Skip(why)
	}
	return path
}

// findStockfish returns the first of paths that is Stockfish 15.1, or why
// none is: another version's searches differ from the kept output's, so it
// is no reason to fail, but no Stockfish to compare with either.
func findStockfish(paths []string) (path, why string) {
	var others []string
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			continue
		}
		e, err := engine.Start(context.Background(), engine.Config{Path: p})
		if err != nil {
			others = append(others, err.Error())
			continue
		}
		name := e.Name()
		e.Close()
		if strings.HasPrefix(name, "Stockfish 15.1") {
			return p, ""
		}
		others = append(others, p+" is "+name)
	}
	if len(others) == 0 {
		return "", "no stockfish in PATH or /usr/games (apt-get install stockfish): the annotation is not compared"
	}
	return "", "no Stockfish 15.1, whose searches the kept output holds (" + strings.Join(others, "; ") +
		"): the annotation is not compared; make the output again with annotate.py for another"
}

// TestFindStockfish checks that another Stockfish in PATH does not hide
// the 15.1 in /usr/games, and that another version alone is a reason to
// skip, named, not to fail.
func TestFindStockfish(t *testing.T) {
	dir := t.TempDir()
	fake := func(name, id string) string {
		path := filepath.Join(dir, name)
		script := "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n" +
			"    uci) echo \"id name " + id + "\"; echo uciok ;;\n    isready) echo readyok ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
		if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		return path
	}
	newer, old := fake("sf16", "Stockfish 16"), fake("sf151", "Stockfish 15.1")
	if path, why := findStockfish([]string{newer, filepath.Join(dir, "none"), old}); path != old {
		t.Errorf("Stockfish 16 first, 15.1 after: %q (%s), want %s", path, why, old)
	}
	if path, why := findStockfish([]string{newer}); path != "" || !strings.Contains(why, "is Stockfish 16") {
		t.Errorf("Stockfish 16 alone: %q, %q", path, why)
	}
	if path, why := findStockfish([]string{filepath.Join(dir, "none")}); path != "" || !strings.Contains(why, "no stockfish") {
		t.Errorf("none: %q, %q", path, why)
	}
}
