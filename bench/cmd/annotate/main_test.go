package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
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

// stockfish returns the path of Debian's Stockfish 15.1, whose searches the
// kept output holds; it skips the test without one, or fails it when
// STOCKFISH=required.
func stockfish(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("stockfish")
	if err != nil {
		path = "/usr/games/stockfish"
	}
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("STOCKFISH") == "required" {
			t.Fatal("STOCKFISH=required, and there is no stockfish in PATH or /usr/games (apt-get install stockfish)")
		}
		t.Skip("no stockfish (apt-get install stockfish): the annotation is not compared")
	}
	if testing.Short() {
		t.Skip("-short: the annotation's searches take seconds")
	}
	e, err := engine.Start(context.Background(), engine.Config{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if name := e.Name(); !strings.HasPrefix(name, "Stockfish 15.1") {
		t.Fatalf("%s: the kept output is Stockfish 15.1's searches (Debian's); make it again with annotate.py for another", name)
	}
	return path
}
