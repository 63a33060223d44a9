package engine_test

import (
	"bufio"
	"cmp"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/symmagic/attacks/engine"
	"github.com/symmagic/attacks/movegen"
)

// scoreRow is a row of testdata/scores.tsv: python-chess 1.11.2's view of
// one score (testdata/scores.py wrote the table).
type scoreRow struct {
	s, neg     engine.Score
	cp100000   int
	cp32000    int
	rank       int
	wdl        []engine.WDL // by plies
	expectance []float64    // by plies
}

// readScores reads testdata/scores.tsv: its plies and rows.
func readScores(t *testing.T) ([]int, []scoreRow) {
	t.Helper()
	f, err := os.Open("testdata/scores.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var plies []int
	var rows []scoreRow
	for n := 1; sc.Scan(); n++ {
		c := strings.Split(sc.Text(), "\t")
		if n == 1 {
			for _, h := range c[5:] {
				plies = append(plies, atoi(t, strings.TrimPrefix(h, "ply=")))
			}
			continue
		}
		if len(c) != 5+len(plies) {
			t.Fatalf("scores.tsv:%d: %d columns, want %d", n, len(c), 5+len(plies))
		}
		r := scoreRow{s: parseScore(t, c[0]), neg: parseScore(t, c[1]), cp100000: atoi(t, c[2]), cp32000: atoi(t, c[3]), rank: atoi(t, c[4])}
		for _, w := range c[5:] {
			f := strings.Fields(w)
			if len(f) != 4 {
				t.Fatalf("scores.tsv:%d: WDL %q", n, w)
			}
			x, err := strconv.ParseFloat(f[3], 64)
			if err != nil {
				t.Fatalf("scores.tsv:%d: %v", n, err)
			}
			r.wdl = append(r.wdl, engine.WDL{Wins: atoi(t, f[0]), Draws: atoi(t, f[1]), Losses: atoi(t, f[2])})
			r.expectance = append(r.expectance, x)
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(rows) < 1000 || len(plies) < 10 {
		t.Fatalf("scores.tsv: %d rows, %d plies", len(rows), len(plies))
	}
	return plies, rows
}

// parseScore reads a score as Score.String writes it ("cp -5", "mate 3",
// "mate +0" for a mate given).
func parseScore(t *testing.T, s string) engine.Score {
	t.Helper()
	kind, v, _ := strings.Cut(s, " ")
	switch {
	case kind == "cp":
		return engine.Score{Value: atoi(t, v)}
	case kind == "mate" && v == "+0":
		return engine.Score{Mate: true, Given: true}
	case kind == "mate":
		return engine.Score{Mate: true, Value: atoi(t, v)}
	}
	t.Fatalf("score %q", s)
	return engine.Score{}
}

// TestScoresPythonChess checks every score of python-chess's table (cp
// from -2000 to 2000 and beyond, mates -20 to 20, mate 0 and the mate
// given), and each with either bound, against python-chess: its String
// reads back, Neg is python-chess's negation (bounds swapped) and Neg
// twice is the score, CP is score(mate_score=) for two mate scores, WDL
// is wdl(model="sf", ply=) at every ply of the table with its expectation
// the same float, and Compare orders every pair as python-chess does,
// bounds disregarded.
func TestScoresPythonChess(t *testing.T) {
	plies, rows := readScores(t)
	bounded := func(s engine.Score, b int) engine.Score {
		s.Lower, s.Upper = b == 1, b == 2
		return s
	}
	for _, r := range rows {
		if got := r.s.String(); parseScore(t, got) != r.s {
			t.Errorf("%+v: String %q", r.s, got)
		}
		for b := 0; b < 3; b++ {
			s := bounded(r.s, b)
			wantNeg := bounded(r.neg, [3]int{0, 2, 1}[b])
			if n := s.Neg(); n != wantNeg || n.Neg() != s {
				t.Errorf("%v: Neg %+v, Neg twice %+v; python-chess %v", s, n, n.Neg(), wantNeg)
			}
			if c1, c2 := s.CP(100000), s.CP(32000); c1 != r.cp100000 || c2 != r.cp32000 {
				t.Errorf("%v: CP(100000) %d, CP(32000) %d; python-chess %d, %d", s, c1, c2, r.cp100000, r.cp32000)
			}
			for i, ply := range plies {
				w := s.WDL(ply)
				if w != r.wdl[i] || w.Expectation() != r.expectance[i] {
					t.Errorf("%v: WDL(%d) %+v expectation %v; python-chess %+v %v", s, ply, w, w.Expectation(), r.wdl[i], r.expectance[i])
				}
			}
		}
	}
	bad := 0
	for _, a := range rows {
		for _, b := range rows {
			for k := 0; k < 3; k++ {
				if got, want := bounded(a.s, k).Compare(bounded(b.s, 2-k)), cmp.Compare(a.rank, b.rank); got != want && bad < 10 {
					bad++
					t.Errorf("%v.Compare(%v) = %d; python-chess %d", a.s, b.s, got, want)
				}
			}
		}
	}
}

// TestScoreWrong checks that a Score no engine sends and none of Score's
// methods makes, Given on a score other than mate 0 or both bounds, is
// said: every method panics, naming itself and the score's fields.
func TestScoreWrong(t *testing.T) {
	for _, c := range []struct {
		s    engine.Score
		want string
	}{
		{engine.Score{Mate: true, Value: 3, Given: true}, "Given is set on a score other than mate 0"},
		{engine.Score{Value: 0, Given: true, Lower: true}, "Given is set on a score other than mate 0"},
		{engine.Score{Value: -7, Given: true}, "Given is set on a score other than mate 0"},
		{engine.Score{Value: 5, Lower: true, Upper: true}, "both Lower and Upper are set"},
		{engine.Score{Mate: true, Given: true, Lower: true, Upper: true}, "both Lower and Upper are set"},
	} {
		for method, call := range map[string]func(){
			"String":  func() { _ = c.s.String() },
			"Neg":     func() { c.s.Neg() },
			"CP":      func() { c.s.CP(100000) },
			"WDL":     func() { c.s.WDL(30) },
			"Compare": func() { c.s.Compare(engine.Score{}) },
			"Compare'": func() {
				engine.Score{}.Compare(c.s)
			},
		} {
			func() {
				defer func() {
					r, _ := recover().(string)
					name := strings.TrimSuffix(method, "'")
					if !strings.HasPrefix(r, "engine: Score."+name+" of ") || !strings.Contains(r, c.want) {
						t.Errorf("%#v: %s: panic %q, want Score.%s naming %q", c.s, method, r, name, c.want)
					}
				}()
				call()
			}()
		}
	}
	mated := engine.Score{Mate: true}
	if g := mated.Neg(); !g.Given || g.String() != "mate +0" || mated.String() != "mate 0" || g.Compare(mated) != 1 || g.Neg() != mated {
		t.Errorf("mate 0: Neg %+v %q", g, g)
	}
	for _, s := range []engine.Score{{Mate: true, Given: true, Lower: true}, {Mate: true, Value: -3, Upper: true}, {Value: 12, Lower: true}} {
		if s.Neg().Neg() != s {
			t.Errorf("%+v: Neg twice %+v", s, s.Neg().Neg())
		}
	}
}

func TestWDL(t *testing.T) {
	w := engine.WDL{Wins: 60, Draws: 920, Losses: 20}
	if w.Total() != 1000 || w.Neg() != (engine.WDL{Wins: 20, Draws: 920, Losses: 60}) || w.Neg().Neg() != w ||
		w.Expectation() != 0.52 || w.Neg().Expectation() != 0.48 {
		t.Errorf("%+v: total %d, Neg %+v, expectation %v", w, w.Total(), w.Neg(), w.Expectation())
	}
	if w.String() != "wdl 60 920 20" {
		t.Errorf("String %q", w.String())
	}
	if x := (engine.WDL{Wins: 3, Draws: 1}).Expectation(); x != 0.875 {
		t.Errorf("3 wins, 1 draw: expectation %v", x)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "engine: WDL.Expectation of wdl 0 0 0") {
			t.Errorf("Expectation of a WDL of total 0: %v", r)
		}
	}()
	_ = engine.WDL{}.Expectation()
}

// TestScoreForFake checks Turn, ScoreFor and WDLFor on the test engine's
// lines, streamed and in the analysis, for White and for Black to move
// (the side to move of the position the game's moves reach, not of its
// start), and on a checkmated side: White's view of "mate 0" with Black to
// move is a mate given.
func TestScoreForFake(t *testing.T) {
	e, _ := startFake(t, modeNormal, nil)
	ctx := quick(t)
	if err := e.SetOption(ctx, "UCI_ShowWDL", "true"); err != nil {
		t.Fatal(err)
	}
	white := mustFEN(t, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1") // Ra8#
	black := mustFEN(t, "r5k1/5ppp/8/8/8/8/1P3PPP/6K1 w - - 0 1")
	wait, err := black.ParseUCI("b2b3") // then ...Ra1#
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		g    engine.Game
		turn movegen.Color
	}{
		{engine.Game{Start: white}, movegen.White},
		{engine.Game{Start: black, Moves: []movegen.Move{wait}}, movegen.Black},
	} {
		s, err := e.Search(ctx, c.g, engine.Limit{Depth: 3, MultiPV: 2})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for s.Next() {
			checkPOV(t, s.Info(), c.turn)
			n++
		}
		a, err := s.Wait()
		if err != nil || n == 0 || len(a.Lines) != 2 {
			t.Fatalf("%v: %d infos, %v %v", c.turn, n, a, err)
		}
		for _, l := range a.Lines {
			checkPOV(t, l, c.turn)
		}
		mover := engine.Score{Mate: true, Value: 1}
		if l := a.Lines[0]; l.ScoreFor(c.turn) != mover || l.ScoreFor(c.turn.Other()) != mover.Neg() || l.WDLFor(c.turn) != (engine.WDL{Wins: 500, Draws: 300, Losses: 200}) {
			t.Errorf("%v to move: %+v; for it %v %+v, for the other %v", c.turn, l, l.ScoreFor(c.turn), l.WDLFor(c.turn), l.ScoreFor(c.turn.Other()))
		}
	}
	mated := mustFEN(t, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1")
	a, err := e.Analyse(ctx, engine.Game{Start: mated}, engine.Limit{Depth: 3})
	if err != nil || len(a.Lines) != 1 {
		t.Fatalf("checkmated: %v %v", a, err)
	}
	if l := a.Lines[0]; l.Turn != movegen.Black || l.ScoreFor(movegen.White) != (engine.Score{Mate: true, Given: true}) || l.ScoreFor(movegen.Black) != (engine.Score{Mate: true}) {
		t.Errorf("checkmated: %+v, for White %v", l, l.ScoreFor(movegen.White))
	}
}

// checkPOV checks that info is of a search with turn to move, and that
// ScoreFor and WDLFor give its score and WDL for turn and their negations
// for the other side.
func checkPOV(t *testing.T, info engine.Info, turn movegen.Color) {
	t.Helper()
	if info.Turn != turn {
		t.Errorf("%+v: Turn %v, want %v", info, info.Turn, turn)
	}
	other := turn.Other()
	if info.ScoreFor(turn) != info.Score || info.ScoreFor(other) != info.Score.Neg() ||
		info.WDLFor(turn) != info.WDL || info.WDLFor(other) != info.WDL.Neg() {
		t.Errorf("%+v: ScoreFor %v %v, WDLFor %+v %+v", info, info.ScoreFor(turn), info.ScoreFor(other), info.WDLFor(turn), info.WDLFor(other))
	}
}

// TestScoreForBadColor: a color that is neither side panics, naming the
// method.
func TestScoreForBadColor(t *testing.T) {
	for _, f := range []func(i *engine.Info){
		func(i *engine.Info) { i.ScoreFor(2) },
		func(i *engine.Info) { i.WDLFor(7) },
	} {
		func() {
			defer func() {
				if r, _ := recover().(string); !strings.HasPrefix(r, "engine: Info.ScoreFor of color 2") && !strings.HasPrefix(r, "engine: Info.WDLFor of color 7") {
					t.Errorf("panic %q", r)
				}
			}()
			f(&engine.Info{})
		}()
	}
}

// atoi reads a table's integer, failing the test on anything else.
func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
