package movegen_test

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// programFEN is a row of testdata/fens/positions.tsv: a FEN as a program
// or a published suite writes it, and the perft counts of the position
// that python-chess (to depth 2) and Stockfish (to depth 3) read from it,
// -1 where that program does not count it (see testdata/fens/README.md).
type programFEN struct {
	source, fen    string
	chess960       bool
	perft2, perft3 int64
}

func loadProgramFENs(t *testing.T) []programFEN {
	t.Helper()
	f, err := os.Open("testdata/fens/positions.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []programFEN
	sc := bufio.NewScanner(f)
	for line := 0; sc.Scan(); line++ {
		if line == 0 {
			continue // the header
		}
		c := strings.Split(sc.Text(), "\t")
		if len(c) != 5 {
			t.Fatalf("positions.tsv line %d: %d columns", line+1, len(c))
		}
		r := programFEN{source: c[0], fen: c[1], chess960: c[2] == "1"}
		for i, n := range []*int64{&r.perft2, &r.perft3} {
			if *n = -1; c[3+i] == "-" {
				continue
			}
			if *n, err = strconv.ParseInt(c[3+i], 10, 64); err != nil {
				t.Fatalf("positions.tsv line %d: %v", line+1, err)
			}
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// readProgramFEN reads a row's FEN as an engine would: a line with moves
// (Stockfish's bench writes a few so) as a UCI position command.
func readProgramFEN(r programFEN, parse func(string) (movegen.Position, error)) (movegen.Position, error) {
	if strings.Contains(r.fen, " moves ") {
		fen, moves, _ := strings.Cut(r.fen, " moves ")
		if _, err := parse(fen); err != nil {
			return movegen.Position{}, err
		}
		return movegen.ParseUCIPosition("position fen "+fen+" moves "+moves, r.chess960, nil)
	}
	return parse(r.fen)
}

// TestProgramFENs reads the FENs that programs and suites no one here
// wrote (Stockfish's bench positions, Win at Chess, Bratko-Kopec, the
// Strategic Test Suite, python-chess's tests) and this repository's
// lenient set: ParseFEN reads every one a game can be played from, all but
// python-chess's FEN without a black king; ParseFENStrict rejects those
// the lenient set and python-chess's unreachable ones hold; each position
// read is the one python-chess and Stockfish read (perft 2 and 3 equal),
// and writes back to a FEN that reads the same.
func TestProgramFENs(t *testing.T) {
	rows := loadProgramFENs(t)
	type tally struct{ fens, read, strict, counted int }
	got := map[string]*tally{}
	var nodes uint64
	for _, r := range rows {
		c := got[r.source]
		if c == nil {
			c = &tally{}
			got[r.source] = c
		}
		c.fens++
		p, err := readProgramFEN(r, movegen.ParseFEN)
		if err != nil {
			if r.perft2 >= 0 || r.perft3 >= 0 {
				t.Errorf("%s %q: %v, but python-chess or Stockfish plays it", r.source, r.fen, err)
			}
			continue
		}
		c.read++
		if _, err := readProgramFEN(r, movegen.ParseFENStrict); err == nil {
			c.strict++
		}
		if q, err := movegen.ParseFEN(p.FEN()); err != nil || q != p {
			t.Errorf("%s %q: reads as %s, which reads back as another position: %v", r.source, r.fen, p.FEN(), err)
		}
		if p.Chess960() != r.chess960 {
			t.Errorf("%s %q: Chess960 %v, python-chess says %v", r.source, r.fen, p.Chess960(), r.chess960)
		}
		for _, w := range []struct {
			depth int
			want  int64
			by    string
		}{{2, r.perft2, "python-chess"}, {3, r.perft3, "Stockfish"}} {
			if w.want < 0 || testing.Short() && w.depth == 3 && r.source == "sts" {
				continue
			}
			if n := p.Perft(w.depth); n != uint64(w.want) {
				t.Errorf("%s %q: perft %d = %d, %s counts %d", r.source, r.fen, w.depth, n, w.by, w.want)
			}
			nodes += uint64(w.want)
		}
		if r.perft2 >= 0 && r.perft3 >= 0 {
			c.counted++
		}
	}
	want := map[string]tally{
		"stockfish-bench": {51, 51, 51, 51},
		"wac":             {300, 300, 300, 300},
		"bk":              {24, 24, 24, 24},
		"sts":             {1500, 1500, 1500, 1500},
		"python-chess":    {15, 14, 7, 13},
		"lenient":         {13, 13, 0, 12},
	}
	for src, w := range want {
		if c := got[src]; c == nil || *c != w {
			t.Errorf("%s: %d FENs, ParseFEN reads %d, ParseFENStrict %d, both programs count %d; want %v", src, c.fens, c.read, c.strict, c.counted, w)
		}
		t.Logf("%-16s %4d FENs: ParseFEN reads %4d, ParseFENStrict %4d", src, w.fens, got[src].read, got[src].strict)
	}
	t.Logf("%d nodes compared", nodes)
}

// TestPerftSuite checks the classic perft suite of 126 positions (and
// Ethereal's 2 more), as Ethereal keeps it, each to the depths whose count
// is at most a million nodes (100,000 with -short). ParseFEN reads every
// FEN; ParseFENStrict all but line 51's, "B6b/8/8/8/2K5/5k2/8/b6B b - -":
// the black king on f3 is in check from both ends of the long diagonal,
// which no move gives (a move opens at most one side of the king).
func TestPerftSuite(t *testing.T) {
	data, err := os.ReadFile("testdata/fens/perftsuite.epd")
	if err != nil {
		t.Fatal(err)
	}
	limit := uint64(1_000_000)
	if testing.Short() {
		limit = 100_000
	}
	var positions, checked int
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		fields := strings.Split(line, ";")
		fen := strings.TrimSpace(fields[0])
		p, err := movegen.ParseFEN(fen)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if _, err := movegen.ParseFENStrict(fen); (err == nil) != (i+1 != 51) {
			t.Errorf("line %d: ParseFENStrict: %v", i+1, err)
		}
		positions++
		for _, f := range fields[1:] {
			var depth int
			var want uint64
			if _, err := fmtSscanf(strings.TrimSpace(f), &depth, &want); err != nil {
				t.Fatalf("line %d: %q: %v", i+1, f, err)
			}
			if want > limit {
				continue
			}
			if got := p.Perft(depth); got != want {
				t.Errorf("line %d %s: perft %d = %d, want %d", i+1, fen, depth, got, want)
			}
			checked++
		}
	}
	t.Logf("%d positions, %d counts checked", positions, checked)
	if positions != 128 {
		t.Errorf("%d positions, want 128", positions)
	}
}

// fmtSscanf reads "D3 8902".
func fmtSscanf(s string, depth *int, n *uint64) (int, error) {
	d, count, ok := strings.Cut(s, " ")
	if !ok || !strings.HasPrefix(d, "D") {
		return 0, strconv.ErrSyntax
	}
	var err error
	if *depth, err = strconv.Atoi(d[1:]); err != nil {
		return 0, err
	}
	if *n, err = strconv.ParseUint(count, 10, 64); err != nil {
		return 0, err
	}
	return 2, nil
}
