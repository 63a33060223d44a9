package main

import (
	"bytes"
	"compress/gzip"
	"math/rand/v2"
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
	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
)

// games writes n seeded random games of up to 80 plies in PGN, some with a
// comment and a variation, and returns the file's path.
func games(t *testing.T, n int) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 0))
	var b bytes.Buffer
	w := pgn.NewWriter(&b)
	for i := range n {
		g := pgn.NewGame()
		g.SetTag("Event", "test")
		g.SetTag("Round", strings.Repeat("1", i%3+1)+"."+string(rune('0'+i%10)))
		p := movegen.StartPosition()
		node := pgn.Root
		for ply := 0; ply < 80; ply++ {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			next, err := g.AddMove(node, m)
			if err != nil {
				t.Fatal(err)
			}
			if ply == 10 && len(moves) > 1 {
				alt := moves[0]
				if alt == m {
					alt = moves[1]
				}
				if _, err := g.AddMove(node, alt); err != nil {
					t.Fatal(err)
				}
				g.SetComment(next, "a comment")
			}
			node = next
			p.PlayUnchecked(m)
		}
		if err := w.Write(g); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestQuick runs the whole command at its smallest: the report on stdout
// within md.Width columns, every comparison a ratio with a verdict, the
// readers' checks in it, and with -write the same report in -out.
func TestQuick(t *testing.T) {
	file := games(t, 40)
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(b)
	zw.Close()
	gz := file + ".gz"
	if err := os.WriteFile(gz, z.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var out, errs bytes.Buffer
	if err := run([]string{"-quick", "-no-chess-library", "-files", file + "," + gz, "-write", "-out", dir}, &out, &errs); err != nil {
		t.Fatalf("%v\n%s", err, errs.String())
	}
	report := out.String()
	wants := []string{
		"# pgn against corentings/chess " + chessVersion() + "\n", machine.Here().Lines()[0],
		"2 interleaved rounds", stat.RatioNote, "## games.pgn\n", "## games.pgn.gz\n",
		"pgn (this module) read 40 games", "it rejected 0", "read 40 games and rejected 0",
		"40 have the same main line (UCI) in both, 0 differ",
		"| pgn, SkipVariations |", "| pgn, tags only |", "| pgn, moves visitor |",
	}
	flat := strings.Join(strings.Fields(report), " ") // the prose's lines joined
	for _, want := range wants {
		if !strings.Contains(report, want) && !strings.Contains(flat, strings.Join(strings.Fields(want), " ")) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	for _, l := range md.Overlong(report) {
		t.Error(l)
	}
	cell := regexp.MustCompile(`^\d+(\.\d+)?x \[\d+(\.\d+)?, \d+(\.\d+)?\] (faster|slower|within noise)$`)
	n := 0
	for _, line := range strings.Split(report, "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if !strings.HasPrefix(line, "| ") || !strings.Contains(line, "x [") {
			continue
		}
		n++
		if c := strings.TrimSpace(cells[len(cells)-1]); !cell.MatchString(c) {
			t.Errorf("comparison %q is no ratio with a verdict", c)
		}
	}
	if n != 10 {
		t.Errorf("%d comparisons, want 10 (four readers and a writer against corentings/chess, two files)", n)
	}
	if !regexp.MustCompile(`\| pgn +\| [0-9.]+ \[[0-9.]+, [0-9.]+\] +\| +0\.0 \|`).MatchString(report) {
		t.Errorf("the writer's row does not show 0.0 allocations a game:\n%s", report)
	}
	b, err = os.ReadFile(filepath.Join(dir, machine.Here().CPU.Folder(), "pgn.md"))
	if err != nil || string(b) != report {
		t.Errorf("pgn.md differs from stdout (%v)", err)
	}
}

// TestRejected checks that a file with a game pgn rejects is no file to
// measure: the command says so and measures nothing.
func TestRejected(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.pgn")
	bad := "[Event \"a\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"b\"]\n\n1. d4 *\n"
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	err := run([]string{"-quick", "-files", path}, &out, &errs)
	if err == nil || !strings.Contains(err.Error(), "pgn rejected 1 games") || out.Len() != 0 {
		t.Errorf("err %v, stdout %q", err, out.String())
	}
}

// TestFlags checks -h (the usage, exit status 0) and bad command lines
// (exit status 2, before anything runs).
func TestFlags(t *testing.T) {
	var out, errs bytes.Buffer
	if status := cli.Status("pgn", run([]string{"-h"}, &out, &errs), &errs); status != 0 || out.Len() != 0 {
		t.Errorf("-h: exit status %d, stdout %q", status, out.String())
	}
	for _, want := range []string{"Usage: go run -C bench ./cmd/pgn [flags]", "-quick", "-rounds", "-files", "-time", "-write", "-out"} {
		if !strings.Contains(errs.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, errs.String())
		}
	}
	for _, args := range [][]string{{"extra"}, {"-rounds", "-1"}, {"-time", "-1s"}, {"-out", "x"}} {
		out.Reset()
		errs.Reset()
		start := time.Now()
		if status := cli.Status("pgn", run(args, &out, &errs), &errs); status != 2 || out.Len() != 0 {
			t.Errorf("%q: exit status %d, stdout %q, stderr %q", args, status, out.String(), errs.String())
		}
		if el := time.Since(start); el > time.Second {
			t.Errorf("%q: took %v: it ran before the usage error", args, el)
		}
	}
}
