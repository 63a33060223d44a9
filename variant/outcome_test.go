package variant

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// TestOutcomeRecorded checks Outcome and each side's insufficient material
// against python-chess 1.11.2's outcome() and has_insufficient_material in
// the positions of the random games where the game is over or a side
// cannot win, and at the ends of random games python-chess played to their
// end (testdata/outcome, written by testdata/pychess_check.py), and that
// FEN writes python-chess's FEN of each.
func TestOutcomeRecorded(t *testing.T) {
	for _, v := range Variants {
		f, err := os.Open(filepath.Join("testdata", "outcome", v.String()+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := sc.Text()
			if line == "" || line[0] == '#' {
				continue
			}
			fs := strings.Split(line, ";")
			if len(fs) != 5 {
				t.Fatalf("%s: bad line %q", v, line)
			}
			p, err := ParseFEN(v, fs[0])
			if err != nil {
				t.Errorf("%s: %v", v, err)
				continue
			}
			if p.FEN() != fs[0] {
				t.Errorf("%s: python-chess's FEN %q writes back as %q", v, fs[0], p.FEN())
			}
			o := p.Outcome(nil)
			want := fs[1] + " " + fs[2]
			if fs[1] == "*" {
				want = "*"
			}
			if o.String() != want {
				t.Errorf("%s %s: Outcome = %q, want %q", v, fs[0], o, want)
			}
			w, b := p.insufficient(movegen.White), p.insufficient(movegen.Black)
			if w != (fs[3] == "true") || b != (fs[4] == "true") {
				t.Errorf("%s %s: insufficient material White %v, Black %v; want %s, %s", v, fs[0], w, b, fs[3], fs[4])
			}
		}
		f.Close()
	}
}

// TestOutcome checks a game end of each variant's own rule, and that the
// position then has no legal moves, as python-chess has it.
func TestOutcome(t *testing.T) {
	for _, c := range []struct {
		v    Variant
		fen  string
		want string
	}{
		{KingOfTheHill, "rnbq1bnr/pppppppp/8/4k3/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "0-1 variant end"},
		{ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+0 0 1", "0-1 variant end"},
		{ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +3+0", "1-0 variant end"},
		{Horde, "4k3/8/8/8/8/8/8/8 w - - 0 1", "0-1 variant end"},
		{Antichess, "8/8/8/8/8/8/8/1n6 w - - 0 1", "1-0 variant end"},
		{Antichess, "8/8/8/8/8/p7/P7/8 w - - 0 1", "1-0 variant end"}, // stalemated: wins
		{Atomic, "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQ - 0 1", "1-0 variant end"},
		{RacingKings, "6K1/8/8/8/8/8/8/k7 b - - 0 1", "1-0 variant end"},      // Black cannot reach rank 8
		{RacingKings, "6K1/1k6/8/8/8/8/8/8 b - - 0 1", "*"},                   // Black can: one more move
		{RacingKings, "1k4K1/8/8/8/8/8/8/8 w - - 0 1", "1/2-1/2 variant end"}, // both there
		{Crazyhouse, "k7/8/8/8/8/8/8/K7[] w - - 0 1", "1/2-1/2 insufficient material"},
		{Crazyhouse, "k7/8/8/8/8/8/8/K7[P] w - - 0 1", "*"},
		{Crazyhouse, "k7/8/8/8/8/8/8/K7[] w - - 200 1", "1/2-1/2 insufficient material"},
		{Crazyhouse, "k7/8/8/8/8/8/8/K6R[] w - - 200 1", "*"}, // no seventy-five-move rule
		{KingOfTheHill, "k7/8/8/8/8/8/8/K6R w - - 150 80", "1/2-1/2 seventy-five-move rule"},
	} {
		p, err := ParseFEN(c.v, c.fen)
		if err != nil {
			t.Errorf("%s %s: %v", c.v, c.fen, err)
			continue
		}
		if got := p.Outcome(nil).String(); got != c.want {
			t.Errorf("%s %s: Outcome %q, want %q", c.v, c.fen, got, c.want)
		}
		if strings.HasSuffix(c.want, "variant end") && c.v != Antichess && p.CountMoves() != 0 {
			t.Errorf("%s %s: %d legal moves after the game's end", c.v, c.fen, p.CountMoves())
		}
	}
}

// TestRepetition checks that History counts a position's occurrences, and
// that the keys tell apart positions that differ only in what the variant
// adds: a pocket, a count of checks.
func TestRepetition(t *testing.T) {
	for _, v := range Variants {
		if v == RacingKings || v == Horde {
			continue
		}
		p := StartPosition(v)
		var h History
		h.Push(&p)
		for i := 0; i < 2; i++ {
			for _, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
				if err := p.PlayUCI(s); err != nil {
					t.Fatalf("%s: %v", v, err)
				}
				h.Push(&p)
			}
		}
		if n := h.Occurrences(&p); n != 3 {
			t.Errorf("%s: the start occurred %d times, want 3", v, n)
		}
		if r := p.ClaimableDraw(&h); r != ThreefoldRepetition {
			t.Errorf("%s: ClaimableDraw %v, want threefold repetition", v, r)
		}
	}
	a, _ := ParseFEN(Crazyhouse, "k7/8/8/8/8/8/8/K7[N] w - - 0 1")
	b, _ := ParseFEN(Crazyhouse, "k7/8/8/8/8/8/8/K7[n] w - - 0 1")
	c, _ := ParseFEN(ThreeCheck, "k7/8/8/8/8/8/8/K7 w - - 2+3 0 1")
	d, _ := ParseFEN(ThreeCheck, "k7/8/8/8/8/8/8/K7 w - - 3+3 0 1")
	e, _ := ParseFEN(KingOfTheHill, "k7/8/8/8/8/8/8/K7 w - - 0 1")
	if a.Key() == b.Key() || c.Key() == d.Key() || d.Key() == e.Key() {
		t.Error("keys do not tell apart the pockets, the checks to give or the variants")
	}
}
