package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/internal/perftdata"
	"github.com/symmagic/attacks/movegen"
)

func suite(t *testing.T) []perftdata.Row {
	t.Helper()
	s, err := perftdata.Known()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestQuick runs the whole command at its smallest: the report on stdout
// within md.Width columns, every comparison a ratio with a verdict, and
// with -write the same report in -out.
func TestQuick(t *testing.T) {
	dir := t.TempDir()
	var out, errs bytes.Buffer
	if err := run([]string{"-quick", "-write", "-out", dir}, &out, &errs); err != nil {
		t.Fatalf("%v\n%s", err, errs.String())
	}
	report := out.String()
	wants := []string{
		"# movegen against corentings/chess " + chessVersion() + "\n", machine.Here().Lines()[0],
		"Command: `go run -C bench ./cmd/movegen -quick -write -out " + dir + "`. 2 interleaved rounds",
		stat.RatioNote, "## Perft, million nodes/s\n", "## Legal moves\n",
		"github.com/corentings/chess/v2 " + chessVersion(), "400 of seeded random games",
		"| start    |     3 |  8902 |", "| kiwipete |     2 |  2039 |",
		"| allocations per position |            0.0 |", "## IsLegal against LegalMoves\n",
		"| allocations per call |     0.0 |        0.0 |",
	}
	flat := strings.Join(strings.Fields(report), " ") // the prose's lines joined
	for _, want := range wants {
		if !strings.Contains(report, want) && !strings.Contains(flat, strings.Join(strings.Fields(want), " ")) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	if !regexp.MustCompile(`^v2\.\d+\.\d+`).MatchString(chessVersion()) {
		t.Errorf("corentings/chess version %q, want v2.x.y", chessVersion())
	}
	for _, l := range md.Overlong(report) {
		t.Error(l)
	}
	cell := regexp.MustCompile(`^\d+(\.\d+)?x \[\d+(\.\d+)?, \d+(\.\d+)?\] (faster|slower|within noise)$`)
	// The comparisons: the last cell of the corentings tables' rows.
	n := 0
	for _, line := range strings.Split(report, "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if !strings.HasPrefix(line, "| ") || !strings.Contains(line, "x [") {
			continue
		}
		for _, c := range cells[len(cells)-1:] {
			n++
			if c := strings.TrimSpace(c); !cell.MatchString(c) {
				t.Errorf("comparison %q is no ratio with a verdict", c)
			}
		}
	}
	if n != 4 {
		t.Errorf("%d comparisons, want 4 (two perfts and the legal moves against corentings/chess, IsLegal against LegalMoves)", n)
	}
	b, err := os.ReadFile(filepath.Join(dir, machine.Here().CPU.Folder(), "movegen.md"))
	if err != nil || string(b) != report {
		t.Errorf("movegen.md differs from stdout (%v)", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, machine.Here().CPU.Folder(), ".*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestFlags checks -h (the usage, exit status 0) and bad command lines
// (exit status 2, before anything runs).
func TestFlags(t *testing.T) {
	var out, errs bytes.Buffer
	if status := cli.Status("movegen", run([]string{"-h"}, &out, &errs), &errs); status != 0 || out.Len() != 0 {
		t.Errorf("-h: exit status %d, stdout %q", status, out.String())
	}
	for _, want := range []string{"Usage: go run -C bench ./cmd/movegen [flags]", "-quick", "-rounds", "-depths", "-time", "-write", "-out"} {
		if !strings.Contains(errs.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, errs.String())
		}
	}
	for _, args := range [][]string{{"extra"}, {"-rounds", "-1"}, {"-time", "-1s"}, {"-depths", "5"}, {"-depths", "x,4"},
		{"-depths", "0,4"}, {"-depths", "5,7"}, {"-out", "x"}} {
		out.Reset()
		errs.Reset()
		start := time.Now()
		if status := cli.Status("movegen", run(args, &out, &errs), &errs); status != 2 || out.Len() != 0 {
			t.Errorf("%q: exit status %d, stdout %q, stderr %q", args, status, out.String(), errs.String())
		}
		if el := time.Since(start); el > time.Second {
			t.Errorf("%q: took %v: it ran before the usage error", args, el)
		}
	}
}

// TestNodeCounts checks that the two perfts the command times, movegen's
// and the one written with corentings/chess's API, count the published
// nodes of the repository's standard-chess counts up to 500,000 nodes
// (50,000 with -short), and that they agree with each other to depth 3 in
// every one of those positions (some have only deeper counts published).
func TestNodeCounts(t *testing.T) {
	limit := uint64(500_000)
	if testing.Short() {
		limit = 50_000
	}
	rows, fens := 0, map[string]bool{}
	for _, c := range suite(t) {
		fens[c.FEN] = true
		if c.Nodes > limit {
			continue
		}
		p, err := movegen.ParseFEN(c.FEN)
		if err != nil {
			t.Fatal(err)
		}
		cp, err := chessPosition(c.FEN)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Perft(c.Depth); got != c.Nodes {
			t.Errorf("movegen: %s depth %d: %d nodes, published %d", c.FEN, c.Depth, got, c.Nodes)
		}
		if got := chessPerft(cp, c.Depth); got != c.Nodes {
			t.Errorf("corentings/chess: %s depth %d: %d nodes, published %d", c.FEN, c.Depth, got, c.Nodes)
		}
		rows++
	}
	if rows < 15 || len(fens) < 20 {
		t.Errorf("%d counts of %d positions checked: the published counts are missing", rows, len(fens))
	}
	for fen := range fens {
		p, err := movegen.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		cp, err := chessPosition(fen)
		if err != nil {
			t.Fatal(err)
		}
		for d := 1; d <= 3; d++ {
			if a, b := p.Perft(d), chessPerft(cp, d); a != b {
				t.Errorf("%s depth %d: movegen %d nodes, corentings/chess %d", fen, d, a, b)
			}
		}
	}
}

// TestWrongCountFails gives the command a published count that is wrong:
// the run fails naming it, and a right count passes checkPerft.
func TestWrongCountFails(t *testing.T) {
	s := suite(t)
	for i := range s {
		if s[i].FEN == kiwipete && s[i].Depth == 2 {
			s[i].Nodes++
		}
	}
	cfg := config{rounds: 1, depths: [2]int{3, 2}, minTime: time.Millisecond}
	_, err := measure(cfg, s, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "kiwipete to depth 2 counted 2039 nodes, published 2040") {
		t.Errorf("a wrong published count: error %v", err)
	}
	if err := checkPerft("movegen", "start", 3, 8902, 8902); err != nil {
		t.Error(err)
	}
}

// TestMoveLists checks the listing's set: random positions and the
// published ones, both generators' lists the same, and that a difference
// is reported with the moves one generator alone lists.
func TestMoveLists(t *testing.T) {
	s := suite(t)
	fens, err := listPositions(s, randomPositions, randomPlies, randomSeed)
	if err != nil {
		t.Fatal(err)
	}
	distinct := map[string]bool{}
	for _, f := range fens {
		distinct[f] = true
	}
	if len(fens) < randomPositions+20 || len(distinct) < randomPositions {
		t.Errorf("%d positions, %d distinct: want %d random ones and the published ones", len(fens), len(distinct), randomPositions)
	}
	ls, moves, err := newListers(fens)
	if err != nil {
		t.Fatal(err)
	}
	for g, l := range ls {
		l.prepare()
		if n := l.list(); n != moves {
			t.Errorf("%s: %d moves, %d when checked", genNames[g], n, moves)
		}
	}
	err = sameMoves("fen", []string{"e2e4", "e1g1"}, []string{"e2e4", "e1c1"})
	if err == nil || !strings.Contains(err.Error(), "movegen alone [e1g1], corentings/chess alone [e1c1]") {
		t.Errorf("different lists: error %v", err)
	}
}
