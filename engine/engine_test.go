package engine_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/symmagic/attacks/engine"
	"github.com/symmagic/attacks/movegen"
)

func TestHandshake(t *testing.T) {
	e, tr := startFake(t, modeNormal, nil)
	if e.Name() != "Fake" || e.Author() != "the engine package's tests" {
		t.Errorf("id: name %q author %q", e.Name(), e.Author())
	}
	// The banner before uci is read and skipped.
	if !strings.Contains(tr.String(), "< Fake engine, a UCI engine of the tests") {
		t.Errorf("transcript without the banner:\n%s", tr)
	}
	if got := tr.sent(); !reflect.DeepEqual(got, []string{"uci", "isready"}) {
		t.Errorf("handshake sent %q", got)
	}
	opts := e.Options()
	if len(opts) != 10 {
		t.Fatalf("%d options, want 10: %+v", len(opts), opts)
	}
	want := map[string]engine.Option{
		"Hash":         {Name: "Hash", Type: "spin", Default: "16", Min: 1, Max: 1024},
		"Ponder":       {Name: "Ponder", Type: "check", Default: "false", Min: math.MinInt, Max: math.MaxInt},
		"Style":        {Name: "Style", Type: "combo", Default: "Normal", Min: math.MinInt, Max: math.MaxInt, Vars: []string{"Solid", "Normal", "Very Risky"}},
		"Clear Hash":   {Name: "Clear Hash", Type: "button", Min: math.MinInt, Max: math.MaxInt},
		"Book File":    {Name: "Book File", Type: "string", Default: "<empty>", Min: math.MinInt, Max: math.MaxInt},
		"Skill Level":  {Name: "Skill Level", Type: "spin", Default: "20", Min: 0, Max: 20},
		"UCI_Chess960": {Name: "UCI_Chess960", Type: "check", Default: "false", Min: math.MinInt, Max: math.MaxInt},
	}
	for name, w := range want {
		o, ok := e.Option(strings.ToUpper(name)) // names are not case sensitive
		if !ok || !reflect.DeepEqual(o, w) {
			t.Errorf("Option(%q) = %+v, %v; want %+v", strings.ToUpper(name), o, ok, w)
		}
	}
	if _, ok := e.Option("Contempt"); ok {
		t.Error("Option(Contempt) found an option the engine has not")
	}
}

func TestSetOption(t *testing.T) {
	e, tr := startFake(t, modeNormal, nil)
	ctx := quick(t)
	for _, c := range []struct{ name, value, sent string }{
		{"hash", " 64 ", "setoption name Hash value 64"},
		{"Ponder", "TRUE", "setoption name Ponder value true"},
		{"style", "very risky", "setoption name Style value Very Risky"},
		{"Clear Hash", "", "setoption name Clear Hash"},
		{"book file", "/books/my book.bin", "setoption name Book File value /books/my book.bin"},
		{"Book File", "", "setoption name Book File value"},
		{"skill level", "0", "setoption name Skill Level value 0"},
	} {
		if err := e.SetOption(ctx, c.name, c.value); err != nil {
			t.Errorf("SetOption(%q, %q): %v", c.name, c.value, err)
			continue
		}
		sent := tr.sent()
		if n := len(sent); n < 2 || sent[n-2] != c.sent || sent[n-1] != "isready" {
			t.Errorf("SetOption(%q, %q) sent %q, want %q then isready", c.name, c.value, sent[max(0, n-2):], c.sent)
		}
	}
	// Every fault below is found before anything is sent.
	n := len(tr.sent())
	for _, c := range []struct{ name, value, want string }{
		{"Contempt", "10", `option "Contempt": the engine has no such option`},
		{"Hash", "0", "option Hash (spin): value 0 outside 1 to 1024"},
		{"Hash", "2048", "option Hash (spin): value 2048 outside 1 to 1024"},
		{"Hash", "lots", `option Hash (spin): value "lots" is not an integer`},
		{"Ponder", "yes", `option Ponder (check): value "yes", want true or false`},
		{"Style", "Reckless", `option Style (combo): value "Reckless", want one of Solid, Normal, Very Risky`},
		{"Clear Hash", "now", `option Clear Hash (button): value "now": a button takes none`},
		{"Book File", "a\nquit", `option "Book File": a name or value with a line end`},
		{"Hash\nquit", "1", `option "Hash\nquit": a name or value with a line end`},
	} {
		err := e.SetOption(ctx, c.name, c.value)
		if err == nil || !strings.Contains(err.Error(), "engine: Fake: setoption: "+c.want) {
			t.Errorf("SetOption(%q, %q) = %v, want %q", c.name, c.value, err, c.want)
		}
	}
	if sent := tr.sent(); len(sent) != n {
		t.Errorf("bad options sent %q", sent[n:])
	}
	// The engine is still fine.
	if _, err := e.Analyse(ctx, engine.Game{Start: movegen.StartPosition()}, engine.Limit{Depth: 1}); err != nil {
		t.Error(err)
	}
}

func TestOptionRejected(t *testing.T) {
	e, tr := startFake(t, modeReject, nil)
	ctx := quick(t)
	err := e.SetOption(ctx, "Hash", "32")
	var ee *engine.Error
	if !errors.As(err, &ee) || ee.Line != "No such option: Hash" ||
		err.Error() != `engine: Fake: setoption: the engine answered "No such option: Hash" to setoption name Hash value 32` {
		t.Fatalf("SetOption = %v", err)
	}
	// The engine goes on: a search works, and MultiPV, which it rejects,
	// fails the search that needs it.
	a, err := e.Analyse(ctx, engine.Game{Start: movegen.StartPosition()}, engine.Limit{Depth: 2})
	if err != nil || a.BestMove == movegen.NoMove {
		t.Fatalf("Analyse after a rejected option: %v, %v", a, err)
	}
	_, err = e.Analyse(ctx, engine.Game{Start: movegen.StartPosition()}, engine.Limit{Depth: 2, MultiPV: 2})
	if err == nil || !strings.Contains(err.Error(), `search: the engine answered "No such option: MultiPV"`) {
		t.Errorf("Analyse with a rejected MultiPV: %v", err)
	}
	if tr.hasSent("go depth 2 multipv") {
		t.Error("searched after MultiPV was rejected")
	}
	if _, err := e.Analyse(ctx, engine.Game{Start: movegen.StartPosition()}, engine.Limit{Depth: 1}); err != nil {
		t.Errorf("Analyse after a rejected MultiPV: %v", err)
	}
}

func TestStartOptions(t *testing.T) {
	_, tr := startFake(t, modeNormal, func(c *engine.Config) {
		c.Options = map[string]string{"Hash": "64", "skill level": "3", "Threads": "2", "UCI_ShowWDL": "true"}
	})
	want := []string{"uci", "setoption name Threads value 2", "setoption name Hash value 64",
		"setoption name UCI_ShowWDL value true", "setoption name Skill Level value 3", "isready"}
	if got := tr.sent(); !reflect.DeepEqual(got, want) {
		t.Errorf("sent %q, want %q", got, want)
	}

	// Options the engine rejects, or that it has not, fail Start.
	noLeak(t)
	cfg := fakeConfig(modeReject)
	cfg.Options = map[string]string{"Hash": "64"}
	_, err := engine.Start(context.Background(), cfg)
	checkStartFailed(t, err, nil, `engine: Fake: start: the engine answered "No such option: Hash" to setoption name Hash value 64`)
	cfg = fakeConfig(modeNormal)
	cfg.Options = map[string]string{"Contempt": "10"}
	_, err = engine.Start(context.Background(), cfg)
	checkStartFailed(t, err, nil, `engine: Fake: start: option "Contempt": the engine has no such option`)
}

func TestAnalyse(t *testing.T) {
	for _, mode := range []string{modeNormal, modeCRLF, modeJunk} {
		t.Run(mode, func(t *testing.T) {
			e, _ := startFake(t, mode, nil)
			p := movegen.StartPosition()
			a, err := e.Analyse(quick(t), engine.Game{Start: p}, engine.Limit{Depth: 4})
			if err != nil {
				t.Fatal(err)
			}
			if len(a.Lines) != 1 {
				t.Fatalf("%d lines: %s", len(a.Lines), describe(a))
			}
			l := a.Lines[0]
			want := engine.Info{
				Fields: engine.FieldDepth | engine.FieldSelDepth | engine.FieldMultiPV | engine.FieldScore | engine.FieldNodes |
					engine.FieldNPS | engine.FieldHashFull | engine.FieldTBHits | engine.FieldTime | engine.FieldPV,
				Depth: 4, SelDepth: 5, MultiPV: 1, Score: engine.Score{Value: 0}, Nodes: 200, NPS: 200000, HashFull: 4,
				Time: time.Millisecond, PV: moves(t, p, "a2a3", "a7a6"),
			}
			if !reflect.DeepEqual(l, want) {
				t.Errorf("line %+v\nwant %+v", l, want)
			}
			if a.BestMove != want.PV[0] || a.Ponder != want.PV[1] {
				t.Errorf("bestmove %v ponder %v", a.BestMove, a.Ponder)
			}
		})
	}
}

func TestSearchStream(t *testing.T) {
	e, _ := startFake(t, modeNormal, nil)
	p := mustFEN(t, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1") // a1a8 mates
	s, err := e.Search(quick(t), engine.Game{Start: p}, engine.Limit{Depth: 3, MultiPV: 2})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for s.Next() {
		info := s.Info()
		switch {
		case info.Has(engine.FieldString):
			got = append(got, "string "+info.String)
		case info.Has(engine.FieldCurrMove):
			got = append(got, "currmove "+info.CurrMove.String())
		default:
			got = append(got, info.Score.String()+" "+info.PV[0].String())
		}
	}
	a, err := s.Wait()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"string repetitions 1",
		"currmove a1a8", "mate 1 a1a8", "cp 0 g1f1",
		"currmove a1a8", "mate 1 a1a8", "cp 0 g1f1",
		"currmove a1a8", "mate 1 a1a8", "cp 0 g1f1"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("infos %q\nwant %q", got, want)
	}
	if len(a.Lines) != 2 || a.Lines[0].MultiPV != 1 || a.Lines[1].MultiPV != 2 || !a.Lines[0].Score.Mate || a.Lines[0].Score.Value != 1 {
		t.Errorf("analysis %s", describe(a))
	}
	for _, l := range a.Lines {
		checkLegal(t, p, l.PV)
	}
	// After the end, Next stays false and Stop does nothing.
	if s.Next() || s.Stop() != nil {
		t.Error("Next or Stop after the end")
	}
}

func TestMultiPVAndWDL(t *testing.T) {
	e, tr := startFake(t, modeNormal, nil)
	ctx := quick(t)
	if err := e.SetOption(ctx, "UCI_ShowWDL", "true"); err != nil {
		t.Fatal(err)
	}
	p := movegen.StartPosition()
	for i := 0; i < 2; i++ {
		a, err := e.Analyse(ctx, engine.Game{Start: p}, engine.Limit{Depth: 2, MultiPV: 3})
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Lines) != 3 {
			t.Fatalf("%d lines: %s", len(a.Lines), describe(a))
		}
		seen := map[movegen.Move]bool{}
		for i, l := range a.Lines {
			if l.MultiPV != i+1 || seen[l.PV[0]] || l.WDL != (engine.WDL{Wins: 500, Draws: 300, Losses: 200}) || !l.Has(engine.FieldWDL) {
				t.Errorf("line %d: %+v", i+1, l)
			}
			seen[l.PV[0]] = true
			checkLegal(t, p, l.PV)
		}
	}
	n := 0
	for _, c := range tr.sent() {
		if strings.HasPrefix(c, "setoption name MultiPV") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("MultiPV set %d times for two searches with the same MultiPV", n)
	}
	// MultiPV 1 again: the engine's lines drop to one.
	a, err := e.Analyse(ctx, engine.Game{Start: p}, engine.Limit{Depth: 2, MultiPV: 1})
	if err != nil || len(a.Lines) != 1 {
		t.Errorf("MultiPV 1: %v %v", a, err)
	}
	// Beyond the option's bounds, the search fails before it starts.
	if _, err := e.Analyse(ctx, engine.Game{Start: p}, engine.Limit{Depth: 2, MultiPV: 11}); err == nil ||
		!strings.Contains(err.Error(), "option MultiPV (spin): value 11 outside 1 to 10") {
		t.Errorf("MultiPV 11: %v", err)
	}
}

// TestBoundAfterWDL: with UCI_ShowWDL, the engine writes a score's bound
// after the WDL (as Stockfish does); every such line reads as a bound.
func TestBoundAfterWDL(t *testing.T) {
	e, tr := startFake(t, modeNormal, nil)
	ctx := quick(t)
	if err := e.SetOption(ctx, "UCI_ShowWDL", "true"); err != nil {
		t.Fatal(err)
	}
	s, err := e.Search(ctx, engine.Game{Start: movegen.StartPosition()}, engine.Limit{Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	bounds := 0
	for s.Next() {
		info := s.Info()
		if info.Score.Lower {
			bounds++
			if info.WDL != (engine.WDL{Wins: 510, Draws: 300, Losses: 190}) || info.Score.Upper {
				t.Errorf("bound line: %+v", info)
			}
		}
	}
	a, err := s.Wait()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Count(tr.String(), " lowerbound ")
	if lines == 0 || bounds != lines {
		t.Errorf("%d lines with a bound, %d infos with one", lines, bounds)
	}
	if l := a.Lines[0]; l.Score.Lower || l.Score.Upper || l.WDL != (engine.WDL{Wins: 500, Draws: 300, Losses: 200}) {
		t.Errorf("the analysis's line %+v: the exact score after the bound's", l)
	}
}

func TestGameSent(t *testing.T) {
	e, tr := startFake(t, modeNormal, nil)
	ctx := quick(t)
	start := movegen.StartPosition()
	// The knights out and back twice: the start position a third time.
	ms := moves(t, start, "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8")
	s, err := e.Search(ctx, engine.Game{Start: start, Moves: ms}, engine.Limit{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Next() || s.Info().String != "repetitions 3" {
		t.Errorf("the engine saw %q, want repetitions 3", s.Info().String)
	}
	if _, err := s.Wait(); err != nil {
		t.Fatal(err)
	}
	if !tr.hasSent("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8") || !tr.hasSent("go depth 1") {
		t.Errorf("sent %q", tr.sent())
	}
	// From a FEN.
	p := mustFEN(t, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 40")
	if _, err := e.Analyse(ctx, engine.Game{Start: p, Moves: moves(t, p, "e2e4")}, engine.Limit{Nodes: 1000}); err != nil {
		t.Fatal(err)
	}
	if !tr.hasSent("position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 40 moves e2e4") || !tr.hasSent("go nodes 1000") {
		t.Errorf("sent %q", tr.sent())
	}
	// A game that is not one is an error before anything is sent.
	n := len(tr.sent())
	for _, c := range []struct {
		g    engine.Game
		want string
	}{
		{engine.Game{Start: start, Moves: []movegen.Move{ms[1]}}, "search: game: move 1 (g8f6) is not legal in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{engine.Game{Start: start, Moves: []movegen.Move{ms[0], movegen.NoMove}}, "search: game: move 2 is the null move"},
		{engine.Game{}, "search: game: the start position: movegen: FEN placement"},
	} {
		if _, err := e.Analyse(ctx, c.g, engine.Limit{Depth: 1}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Analyse(%v) = %v, want %q", c.g.Moves, err, c.want)
		}
	}
	if sent := tr.sent(); len(sent) != n {
		t.Errorf("sent %q for bad games", sent[n:])
	}
}

func TestLimits(t *testing.T) {
	e, tr := startFake(t, modeNormal, nil)
	ctx := quick(t)
	p := movegen.StartPosition()
	for _, c := range []struct {
		l    engine.Limit
		sent string
	}{
		{engine.Limit{Depth: 2}, "go depth 2"},
		{engine.Limit{Nodes: 5000}, "go nodes 5000"},
		{engine.Limit{MoveTime: 1500 * time.Millisecond}, "go movetime 1500"},
		{engine.Limit{Mate: 3}, "go mate 3"},
		{engine.Limit{WTime: time.Minute, BTime: 50 * time.Second, WInc: time.Second, BInc: 2 * time.Second, MovesToGo: 20},
			"go wtime 60000 btime 50000 winc 1000 binc 2000 movestogo 20"},
		{engine.Limit{WTime: time.Minute}, "go wtime 60000 btime 0"},
		{engine.Limit{Depth: 5, Nodes: 100, SearchMoves: moves(t, p, "e2e4")[:1]}, "go depth 5 nodes 100 searchmoves e2e4"},
	} {
		a, err := e.Analyse(ctx, engine.Game{Start: p}, c.l)
		if err != nil {
			t.Errorf("%+v: %v", c.l, err)
			continue
		}
		if sent := tr.sent(); sent[len(sent)-1] != c.sent {
			t.Errorf("%+v sent %q, want %q", c.l, sent[len(sent)-1], c.sent)
		}
		if c.l.SearchMoves != nil && a.BestMove != c.l.SearchMoves[0] {
			t.Errorf("searchmoves e2e4: bestmove %v", a.BestMove)
		}
	}
	e2e5 := movegen.Move(0) | movegen.Move(12) | movegen.Move(36)<<6 // not a legal move
	for _, c := range []struct {
		l    engine.Limit
		want string
	}{
		{engine.Limit{}, "the limit sets none of Depth"},
		{engine.Limit{MultiPV: 3}, "the limit sets none of Depth"},
		{engine.Limit{Depth: -1}, "a negative value"},
		{engine.Limit{WTime: -time.Second, BTime: time.Second}, "a negative time"},
		{engine.Limit{Depth: 1, SearchMoves: []movegen.Move{e2e5}}, "SearchMoves[0] (e2e5) is not legal"},
	} {
		if _, err := e.Analyse(ctx, engine.Game{Start: p}, c.l); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.l, err, c.want)
		}
	}
}

func TestPlay(t *testing.T) {
	e, tr := startFake(t, modeNormal, nil)
	ctx := quick(t)
	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	// A game with a clock: each side plays the engine's move.
	g := engine.Game{Start: movegen.StartPosition()}
	p := g.Start
	clock := engine.Limit{WTime: 3 * time.Minute, BTime: 3 * time.Minute, WInc: 2 * time.Second, BInc: 2 * time.Second}
	for i := 0; i < 6; i++ {
		m, ponder, err := e.Play(ctx, g, clock)
		if err != nil {
			t.Fatal(err)
		}
		if !p.IsLegal(m) {
			t.Fatalf("move %d: %v is not legal in %s", i+1, m, p.FEN())
		}
		p.PlayUnchecked(m)
		if ponder != movegen.NoMove && !p.IsLegal(ponder) {
			t.Fatalf("ponder %v is not legal in %s", ponder, p.FEN())
		}
		g.Moves = append(g.Moves, m)
	}
	if !tr.hasSent("ucinewgame") || !tr.hasSent("go wtime 180000 btime 180000 winc 2000 binc 2000") {
		t.Errorf("sent %q", tr.sent())
	}
	// Checkmate and stalemate: no move to ask for.
	for fen, want := range map[string]string{
		"R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1": "play: the position has no legal move: 1-0 checkmate",
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1":    "play: the position has no legal move: 1/2-1/2 stalemate",
	} {
		if _, _, err := e.Play(ctx, engine.Game{Start: mustFEN(t, fen)}, clock); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Play(%s) = %v, want %q", fen, err, want)
		}
	}
	if _, _, err := e.Play(ctx, g, engine.Limit{Infinite: true}); err == nil {
		t.Error("Play with Infinite")
	}
}

func TestNoMovePositions(t *testing.T) {
	e, _ := startFake(t, modeNormal, nil)
	for fen, want := range map[string]engine.Score{
		"R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1": {Mate: true, Value: 0},
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1":    {Value: 0},
	} {
		a, err := e.Analyse(quick(t), engine.Game{Start: mustFEN(t, fen)}, engine.Limit{Depth: 3})
		if err != nil {
			t.Fatal(err)
		}
		if a.BestMove != movegen.NoMove || len(a.Lines) != 1 || a.Lines[0].Score != want || a.Lines[0].PV != nil {
			t.Errorf("%s: %s", fen, describe(a))
		}
	}
}

func TestChess960(t *testing.T) {
	e, tr := startFake(t, modeNormal, nil)
	ctx := quick(t)
	// King on c1, rooks on b1 and h1: both castlings legal, king takes rook.
	p := mustFEN(t, "1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w KQkq - 0 1")
	if !p.Chess960() {
		t.Fatal("not in Chess960 mode")
	}
	a, err := e.Analyse(ctx, engine.Game{Start: p}, engine.Limit{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !a.BestMove.IsCastle() || !p.IsLegal(a.BestMove) || (a.BestMove.String() != "c1h1" && a.BestMove.String() != "c1b1") {
		t.Errorf("bestmove %v, want a castling, king takes rook", a.BestMove)
	}
	if !tr.hasSent("setoption name UCI_Chess960 value true") || !tr.hasSent("position fen "+p.FEN()) {
		t.Errorf("sent %q", tr.sent())
	}
	// The moves of a Chess960 game are sent king takes rook.
	game := engine.Game{Start: p, Moves: moves(t, p, "c1h1", "c8b8")}
	if _, err := e.Analyse(ctx, game, engine.Limit{Depth: 1}); err != nil {
		t.Fatal(err)
	}
	if !tr.hasSent("position fen " + p.FEN() + " moves c1h1 c8b8") {
		t.Errorf("sent %q", tr.sent())
	}
	// A game of standard chess after it switches the option off.
	std := mustFEN(t, "r3k2r/p4p1p/8/8/8/8/P4P1P/R3K2R w Kk - 0 1")
	a, err = e.Analyse(ctx, engine.Game{Start: std}, engine.Limit{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !tr.hasSent("setoption name UCI_Chess960 value false") || a.BestMove != moves(t, std, "e1g1")[0] {
		t.Errorf("standard: bestmove %v, sent %q", a.BestMove, tr.sent())
	}
	// UCI_Chess960 set by the caller: standard chess in Chess960 notation
	// both ways; the moves come back in the position's notation.
	if err := e.SetOption(ctx, "UCI_Chess960", "true"); err != nil {
		t.Fatal(err)
	}
	game = engine.Game{Start: std, Moves: moves(t, std, "e1g1", "e8g8")}
	a, err = e.Analyse(ctx, game, engine.Limit{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !tr.hasSent("position fen r3k2r/p4p1p/8/8/8/8/P4P1P/R3K2R w Kk - 0 1 moves e1h1 e8h8") {
		t.Errorf("sent %q", tr.sent())
	}
	end := std
	for _, m := range game.Moves {
		end.PlayUnchecked(m)
	}
	checkLegal(t, end, a.Lines[0].PV)
	a, err = e.Analyse(ctx, engine.Game{Start: std}, engine.Limit{Depth: 1})
	if err != nil || a.BestMove != moves(t, std, "e1g1")[0] || a.BestMove.String() != "e1g1" || !strings.Contains(tr.String(), "< bestmove e1h1") {
		t.Errorf("standard position, UCI_Chess960 on: bestmove %v, %v", a.BestMove, err)
	}
}

// TestPlayChess960: Play switches UCI_Chess960 on for a Chess960 game and
// off again for the next game of standard chess, as Search does: the
// switch is the driver's, not the caller's.
func TestPlayChess960(t *testing.T) {
	e, tr := startFake(t, modeNormal, nil)
	ctx := quick(t)
	p := mustFEN(t, "1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w KQkq - 0 1")
	if _, _, err := e.Play(ctx, engine.Game{Start: p}, engine.Limit{Depth: 1}); err != nil {
		t.Fatal(err)
	}
	std := mustFEN(t, "r3k2r/p4p1p/8/8/8/8/P4P1P/R3K2R w Kk - 0 1")
	game := engine.Game{Start: std, Moves: moves(t, std, "e1g1")}
	if _, _, err := e.Play(ctx, game, engine.Limit{Depth: 1}); err != nil {
		t.Fatal(err)
	}
	if !tr.hasSent("setoption name UCI_Chess960 value false") || !tr.hasSent("position fen "+std.FEN()+" moves e1g1") {
		t.Errorf("sent %q", tr.sent())
	}
}

func TestStopAndCancel(t *testing.T) {
	e, tr := startFake(t, modeNormal, nil)
	p := movegen.StartPosition()
	// Stop from another goroutine.
	s, err := e.Search(quick(t), engine.Game{Start: p}, engine.Limit{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	stopped := make(chan error, 1)
	for s.Next() {
		if n++; n == 2 {
			go func() { stopped <- s.Stop() }()
		}
	}
	a, err := s.Wait()
	if err != nil || a.BestMove == movegen.NoMove || len(a.Lines) != 1 {
		t.Fatalf("stopped: %v %v", a, err)
	}
	if err := <-stopped; err != nil {
		t.Errorf("Stop: %v", err)
	}
	// The context's end: stop, the bestmove read, the engine free.
	ctx, cancel := context.WithCancel(context.Background())
	s, err = e.Search(ctx, engine.Game{Start: p}, engine.Limit{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	s.Next()
	cancel()
	// The context's error, not ErrTimeout: the engine answered stop with
	// its bestmove within StopTimeout, and was not killed.
	a, err = s.Wait()
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "engine: Fake: search: context canceled") {
		t.Errorf("cancelled: %v", err)
	}
	if a.BestMove == movegen.NoMove {
		t.Errorf("cancelled: bestmove %v", a.BestMove)
	}
	if sent := tr.sent(); sent[len(sent)-1] != "stop" {
		t.Errorf("sent %q", sent)
	}
	// Analyse with Infinite: until the deadline.
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	a, err = e.Analyse(ctx, engine.Game{Start: p}, engine.Limit{Infinite: true})
	if !errors.Is(err, context.DeadlineExceeded) || a == nil || a.BestMove == movegen.NoMove || len(a.Lines) != 1 {
		t.Errorf("Analyse infinite to a deadline: %v %v", a, err)
	}
	// The engine goes on.
	if _, err := e.Analyse(quick(t), engine.Game{Start: p}, engine.Limit{Depth: 1}); err != nil {
		t.Error(err)
	}
}

func TestPonder(t *testing.T) {
	e, tr := startFake(t, modeNormal, nil)
	ctx := quick(t)
	p := movegen.StartPosition()
	if err := e.SetOption(ctx, "Ponder", "true"); err != nil {
		t.Fatal(err)
	}
	game := engine.Game{Start: p, Moves: moves(t, p, "e2e4", "e7e5")} // e7e5 the expected reply
	s, err := e.Search(ctx, game, engine.Limit{Ponder: true, WTime: time.Minute, BTime: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.PonderHit(); err != nil {
		t.Fatal(err)
	}
	if err := s.PonderHit(); err == nil {
		t.Error("a second PonderHit")
	}
	a, err := s.Wait()
	if err != nil || a.BestMove == movegen.NoMove {
		t.Fatalf("ponderhit: %v %v", a, err)
	}
	if !tr.hasSent("go ponder wtime 60000 btime 60000") || !tr.hasSent("ponderhit") {
		t.Errorf("sent %q", tr.sent())
	}
	// A ponder miss: stop, then the real search.
	s, err = e.Search(ctx, game, engine.Limit{Ponder: true, WTime: time.Minute, BTime: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	s.Stop()
	if _, err := s.Wait(); err != nil {
		t.Fatal(err)
	}
	s, err = e.Search(ctx, game, engine.Limit{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.PonderHit(); err == nil || !strings.Contains(err.Error(), "not pondering") {
		t.Errorf("PonderHit of a search that does not ponder: %v", err)
	}
	s.Wait()
	if _, err := e.Analyse(ctx, game, engine.Limit{Ponder: true, Depth: 1}); err == nil {
		t.Error("Analyse with Ponder")
	}
}

// The faults: each ends in an error that says what happened; the next
// call on a fresh engine works, and nothing is left behind.

func checkFresh(t *testing.T) {
	t.Helper()
	e, _ := startFake(t, modeNormal, nil)
	if _, err := e.Analyse(quick(t), engine.Game{Start: movegen.StartPosition()}, engine.Limit{Depth: 2}); err != nil {
		t.Errorf("a fresh engine after the fault: %v", err)
	}
}

func TestNoUCIOK(t *testing.T) {
	noLeak(t)
	cfg, err := startTimingOut(modeNoUCIOK, "")
	checkStartFailed(t, err, engine.ErrTimeout, "engine: "+filepath.Base(cfg.Path)+": handshake: no uciok within "+cfg.ReplyTimeout.String()+": killed")
	// The context's end first: cancelled once the engine has answered uci
	// with its id (and written its pid to its stderr before that).
	cfg = fakeConfig(modeNoUCIOK)
	tr := &transcript{}
	cfg.Transcript = tr
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	started, watched := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(watched)
		select {
		case <-tr.seen("< id name Fake"):
			cancel()
		case <-started:
		}
	}()
	_, err = engine.Start(ctx, cfg)
	close(started)
	<-watched
	checkStartFailed(t, err, context.Canceled, "handshake: context canceled before uciok: killed")
	checkFresh(t)
}

func TestExitAtStart(t *testing.T) {
	noLeak(t)
	_, err := engine.Start(context.Background(), fakeConfig(modeExitAtStart))
	checkStartFailed(t, err, engine.ErrExited, `handshake: the engine exited (exit status 2) before uciok; stderr: "fake engine pid`)
	if !strings.Contains(err.Error(), `fake: cannot start: simulated failure"`) {
		t.Errorf("error without the engine's stderr: %v", err)
	}
	// The arguments and the working directory reach the process.
	cfg := fakeConfig(modeExitAtStart)
	cfg.Dir = t.TempDir()
	cfg.Args = append(cfg.Args, "-threads", "two words")
	_, err = engine.Start(context.Background(), cfg)
	checkStartFailed(t, err, engine.ErrExited, " in "+cfg.Dir+` with [\"-threads\" \"two words\"]`)
	// No program at all.
	_, err = engine.Start(context.Background(), engine.Config{Path: "/nonexistent/engine"})
	if err == nil || !strings.Contains(err.Error(), "engine: engine: start: fork/exec /nonexistent/engine: no such file or directory") {
		t.Errorf("Start of no program: %v", err)
	}
	checkFresh(t)
}

func TestNoReadyOK(t *testing.T) {
	noLeak(t)
	cfg, err := startTimingOut(modeNoReadyOK, "no uciok")
	checkStartFailed(t, err, engine.ErrTimeout, "engine: Fake: isready: no readyok within "+cfg.ReplyTimeout.String()+": killed")
}

// checkSearchFault searches with the fake in mode and checks the error.
func checkSearchFault(t *testing.T, mode string, cause error, want string, usable bool) {
	t.Helper()
	quit := slow(3 * time.Second)
	if mode == modeCloseOutput {
		// The engine never exits: the wait for its exit after the end of
		// its output is spent whole.
		quit = 20 * time.Millisecond
	}
	e, _ := startFake(t, mode, func(c *engine.Config) { c.StopTimeout = slow(3 * time.Second); c.QuitTimeout = quit })
	ctx := quick(t)
	a, err := e.Analyse(ctx, engine.Game{Start: movegen.StartPosition()}, engine.Limit{Depth: 3})
	if err == nil {
		t.Fatalf("no error: %s", describe(a))
	}
	if cause != nil && !errors.Is(err, cause) {
		t.Errorf("%v: not %v", err, cause)
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error %q\ndoes not say %q", err, want)
	}
	_, err2 := e.Analyse(ctx, engine.Game{Start: movegen.StartPosition()}, engine.Limit{Depth: 1})
	switch {
	case usable && err2 != nil:
		t.Errorf("the engine after the fault: %v", err2)
	case !usable && err2 == nil:
		t.Errorf("the engine searched after the fault")
	case !usable && err2.Error() != err.Error():
		t.Errorf("the next call's error %q, want the fault's %q", err2, err)
	}
	if !usable && !engine.Waited(e) {
		t.Error("the engine's process was not waited for")
	}
	checkFresh(t)
}

func TestBadInfo(t *testing.T) {
	checkSearchFault(t, modeBadInfo, nil, `engine: Fake: search: info line "info depth x seldepth 2": depth "x" is not an integer`, true)
}

func TestBadBestMove(t *testing.T) {
	checkSearchFault(t, modeBadBestMove, nil, `engine: Fake: search: bestmove line "bestmove zz99 ponder a7a6": move "zz99": movegen: move "zz99": "zz" is not a square`, true)
}

func TestIllegalPV(t *testing.T) {
	checkSearchFault(t, modeIllegalPV, nil, `engine: Fake: search: info line "info depth 2 score cp 10 pv a2a3 e1e8": pv move 2 "e1e8": movegen: move "e1e8": `, true)
	// The error says which move, and errors.As finds movegen's.
	e, _ := startFake(t, modeIllegalPV, nil)
	_, err := e.Analyse(quick(t), engine.Game{Start: movegen.StartPosition()}, engine.Limit{Depth: 3})
	var me *movegen.MoveError
	var ee *engine.Error
	if !errors.As(err, &me) || me.UCI != "e1e8" || !errors.As(err, &ee) || ee.Line != "info depth 2 score cp 10 pv a2a3 e1e8" {
		t.Errorf("%v: no *movegen.MoveError for e1e8 or no line", err)
	}
}

func TestHugeLine(t *testing.T) {
	checkSearchFault(t, modeHugeLine, nil, `engine: Fake: search: a line longer than 65536 bytes: "info string xxxxxxxx`, true)
}

func TestDieMidSearch(t *testing.T) {
	checkSearchFault(t, modeDie, engine.ErrExited, `engine: Fake: search: the engine exited (exit status 3) before bestmove; stderr: "fake engine pid `, false)
	e, _ := startFake(t, modeDie, nil)
	_, err := e.Analyse(quick(t), engine.Game{Start: movegen.StartPosition()}, engine.Limit{Depth: 3})
	var ee *engine.Error
	if !errors.As(err, &ee) || !strings.HasSuffix(ee.Stderr, "fake: simulated crash") {
		t.Errorf("%v: the stderr kept is not the engine's", err)
	}
	// Close after a crash: nothing to kill, and the crash's error.
	if err2 := e.Close(); err2 != err {
		t.Errorf("Close after a crash: %v, want the crash's error", err2)
	}
	if err3 := e.IsReady(quick(t)); !errors.Is(err3, engine.ErrClosed) {
		t.Errorf("a call after Close: %v, want ErrClosed", err3)
	}
}

func TestCloseOutput(t *testing.T) {
	checkSearchFault(t, modeCloseOutput, engine.ErrExited, "engine: Fake: search: the engine closed its output before bestmove: killed", false)
}

// TestHangOnStop: an engine that does not answer stop is killed after
// StopTimeout (short here: the engine never answers). The search's error
// keeps both causes, its context's end and the kill; the next call gets
// the kill's alone.
func TestHangOnStop(t *testing.T) {
	stop := 20 * time.Millisecond
	e, _ := startFake(t, modeHangStop, func(c *engine.Config) { c.StopTimeout = stop })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := e.Search(ctx, engine.Game{Start: movegen.StartPosition()}, engine.Limit{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Next() {
		t.Fatal("no info line")
	}
	cancel()
	_, err = s.Wait()
	if !errors.Is(err, engine.ErrTimeout) || !errors.Is(err, context.Canceled) ||
		!strings.Contains(err.Error(), "engine: Fake: search: no bestmove within "+stop.String()+" of stop (after context canceled): killed") {
		t.Errorf("the search: %v", err)
	}
	if !engine.Waited(e) {
		t.Error("not waited for")
	}
	_, err2 := e.Analyse(quick(t), engine.Game{Start: movegen.StartPosition()}, engine.Limit{Depth: 1})
	if err2 == nil || err2.Error() != err.Error() || !errors.Is(err2, engine.ErrTimeout) || errors.Is(err2, context.Canceled) {
		t.Errorf("the next call: %v", err2)
	}
	checkFresh(t)
}

func TestSlowQuit(t *testing.T) {
	quit := 20 * time.Millisecond // the engine ignores quit: any wait is spent whole
	e, _ := startFake(t, modeSlowQuit, func(c *engine.Config) { c.QuitTimeout = quit })
	err := e.Close()
	var ee *engine.Error
	if !errors.Is(err, engine.ErrTimeout) || !errors.As(err, &ee) || ee.Msg != "no exit within "+quit.String()+" of quit: killed" ||
		!strings.HasPrefix(err.Error(), "engine: Fake: close: no exit within "+quit.String()+" of quit: killed; stderr: \"fake engine pid ") {
		t.Errorf("Close: %v", err)
	}
	if !engine.Waited(e) {
		t.Error("not waited for")
	}
	if err2 := e.Close(); err2 != err {
		t.Errorf("second Close: %v", err2)
	}
	if err := e.IsReady(quick(t)); !errors.Is(err, engine.ErrClosed) {
		t.Errorf("IsReady after Close: %v", err)
	}
}

// TestCloseDuringSearch closes the engine while a search runs and another
// call waits for it: both end with ErrClosed, although the engine answers
// quit with the search's bestmove (as Stockfish does).
func TestCloseDuringSearch(t *testing.T) {
	e, tr := startFake(t, modeNormal, nil)
	// The search is read in one goroutine, another call waits for it;
	// Close ends both.
	searched := searchInBackground(t, e)
	waited := make(chan error)
	go func() { waited <- e.IsReady(context.Background()) }()
	waitBlocked(t, "(*Engine).recv", 1)
	waitBlocked(t, "(*Engine).acquire", 1)
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	checkClosed(t, "the search after Close", <-searched, "search")
	checkClosed(t, "the waiting call after Close", <-waited, "isready")
	if !strings.Contains(tr.String(), "< bestmove ") {
		t.Errorf("the engine did not answer quit with bestmove:\n%s", tr)
	}
}

// TestDeathReachesEveryWaiter: the engine dies while a call of every kind
// waits for it, and Close is called during the death or after it.
// Every call gets an error that says so with the engine's last words, its
// standard error's tail, which the driver reads once the process is gone
// and before any call sees the error (-race checks that).
func TestDeathReachesEveryWaiter(t *testing.T) {
	for _, closeAfter := range []bool{false, true} {
		t.Run(fmt.Sprintf("close after the death %v", closeAfter), func(t *testing.T) {
			checkDeath(t, closeAfter)
		})
	}
}

func checkDeath(t *testing.T, closeAfter bool) {
	e, _ := startFake(t, modeDieOnStop, nil)
	ctx := quick(t)
	game := engine.Game{Start: movegen.StartPosition()}
	s, err := e.Search(ctx, game, engine.Limit{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Next() {
		t.Fatal("no info line")
	}
	calls := calls(e)
	// Each call's error is read in its own goroutine, as a caller would.
	problems := make(chan string, len(calls)+2)
	check := func(call string, err error) {
		var ee *engine.Error
		switch {
		case !errors.As(err, &ee):
			problems <- fmt.Sprintf("%s: %v, not an *engine.Error", call, err)
		case !strings.HasSuffix(ee.Stderr, "fake: simulated crash"):
			problems <- fmt.Sprintf("%s: %v: without the engine's stderr", call, err)
		case !errors.Is(err, engine.ErrExited) && !errors.Is(err, engine.ErrClosed):
			problems <- fmt.Sprintf("%s: %v: neither ErrExited nor ErrClosed", call, err)
		default:
			problems <- ""
		}
	}
	for name, call := range calls {
		go func() { check(name, call(ctx, game, engine.Limit{Depth: 1})) }()
	}
	closeCall := func() { check("Close", e.Close()) }
	waitBlocked(t, "(*Engine).acquire", len(calls))
	s.Stop() // the engine dies
	if !closeAfter {
		go closeCall()
	}
	_, err = s.Wait()
	check("the search", err)
	n := len(calls) + 1
	if !closeAfter {
		n++
	}
	for range n {
		if p := <-problems; p != "" {
			t.Error(p)
		}
	}
	if closeAfter {
		closeCall()
		if p := <-problems; p != "" {
			t.Error(p)
		}
	}
}

func TestConcurrentCalls(t *testing.T) {
	e, _ := startFake(t, modeNormal, nil)
	ctx := quick(t)
	var wg sync.WaitGroup
	p := movegen.StartPosition()
	errs := make(chan error, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			switch i % 3 {
			case 0:
				a, err := e.Analyse(ctx, engine.Game{Start: p}, engine.Limit{Depth: 2, MultiPV: 1 + i%2})
				if err == nil && len(a.Lines) != 1+i%2 {
					err = errors.New(describe(a))
				}
				errs <- err
			case 1:
				errs <- e.SetOption(ctx, "Hash", "32")
			default:
				_, _, err := e.Play(ctx, engine.Game{Start: p}, engine.Limit{MoveTime: time.Millisecond})
				errs <- err
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

// BenchmarkIsReady times a round trip to the test engine: isready written,
// readyok read (two pipes, the engine's process and the reader goroutine).
func BenchmarkIsReady(b *testing.B) {
	e, err := engine.Start(context.Background(), fakeConfig(modeNormal))
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := e.IsReady(ctx); err != nil {
			b.Fatal(err)
		}
	}
}
