package engine_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/symmagic/attacks/engine"
	"github.com/symmagic/attacks/movegen"
)

// The tests against Stockfish (Debian's package installs it in /usr/games)
// skip when it is absent, or fail when STOCKFISH=required. They were
// written against Stockfish 15.1, one thread, its default 16 MB hash; each
// search is a few plies deep, and all of them take about two seconds.
// -short runs those of the driver's protocol (the handshake, cancel and
// stop, Close during a search: about half a second) and skips those that
// compare searches (searching takes the time), whatever STOCKFISH says.

// stockfishPath returns Stockfish's path, or skips the test.
func stockfishPath(t *testing.T) string {
	t.Helper()
	if path, err := exec.LookPath("stockfish"); err == nil {
		return path
	}
	if _, err := os.Stat("/usr/games/stockfish"); err == nil {
		return "/usr/games/stockfish"
	}
	if os.Getenv("STOCKFISH") == "required" {
		t.Fatal("STOCKFISH=required, and there is no stockfish in PATH or /usr/games (apt-get install stockfish)")
	}
	t.Skip("no stockfish in PATH or /usr/games (apt-get install stockfish): the tests against Stockfish are skipped")
	return ""
}

// searching skips a test that compares Stockfish's searches under -short.
func searching(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the searches against Stockfish are compared without -short")
	}
}

// startStockfish starts Stockfish through the driver, as startEngine
// does: its Close must return nil.
func startStockfish(t *testing.T) (*engine.Engine, *transcript) {
	t.Helper()
	return startEngine(t, engine.Config{Path: stockfishPath(t)}, true)
}

// rawStockfish is Stockfish run without the driver.
type rawStockfish struct {
	t   *testing.T
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startRaw(t *testing.T) *rawStockfish {
	t.Helper()
	cmd := exec.Command(stockfishPath(t))
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := &rawStockfish{t: t, cmd: cmd, in: in, out: bufio.NewScanner(out)}
	t.Cleanup(func() {
		io.WriteString(in, "quit\n")
		in.Close()
		for r.out.Scan() {
		}
		if err := cmd.Wait(); err != nil {
			t.Error(err)
		}
	})
	return r
}

// run writes the commands, then returns Stockfish's output up to a line
// beginning with until.
func (r *rawStockfish) run(until string, cmds ...string) []string {
	r.t.Helper()
	io.WriteString(r.in, strings.Join(cmds, "\n")+"\n")
	var lines []string
	for r.out.Scan() {
		lines = append(lines, r.out.Text())
		if strings.HasPrefix(r.out.Text(), until) {
			return lines
		}
	}
	r.t.Fatalf("Stockfish's output ended before %q", until)
	return nil
}

func TestStockfishHandshake(t *testing.T) {
	e, _ := startStockfish(t)
	if !strings.HasPrefix(e.Name(), "Stockfish") || e.Author() == "" {
		t.Errorf("id name %q author %q", e.Name(), e.Author())
	}
	t.Logf("%s by %s", e.Name(), e.Author())
	for _, name := range []string{"Hash", "Threads", "MultiPV", "UCI_ShowWDL", "UCI_Chess960", "Ponder", "Skill Level", "SyzygyPath"} {
		if _, ok := e.Option(name); !ok {
			t.Errorf("no option %s", name)
		}
	}
	ctx := quick(t)
	for name, value := range map[string]string{"Hash": "32", "skill level": "20", "SyzygyPath": "<empty>", "Clear Hash": ""} {
		if err := e.SetOption(ctx, name, value); err != nil {
			t.Errorf("SetOption(%s, %s): %v", name, value, err)
		}
	}
	if err := e.SetOption(ctx, "Hash", "0"); err == nil || !strings.Contains(err.Error(), "value 0 outside 1 to ") {
		t.Errorf("Hash 0: %v", err)
	}
	if err := e.NewGame(ctx); err != nil {
		t.Error(err)
	}
}

// TestStockfishSameAsRaw checks the driver's analysis against Stockfish's
// own output for the same commands: one thread at a fixed depth searches
// the same tree, so the best move and the last score are the same.
func TestStockfishSameAsRaw(t *testing.T) {
	searching(t)
	e, tr := startStockfish(t)
	ctx := quick(t)
	raw := startRaw(t)
	raw.run("uciok", "uci")
	for _, c := range []struct{ fen, moves string }{
		{movegen.StartFEN, ""},
		{movegen.StartFEN, "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "e1g1 e8c8"},
		{movegen.StartFEN, "e2e4 a7a6 e4e5 d7d5 e5d6"},        // en passant in the game
		{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "e2e4"}, // a pinned pawn beside the pushed one
	} {
		p := mustFEN(t, c.fen)
		var ms []movegen.Move
		if c.moves != "" {
			ms = moves(t, p, strings.Fields(c.moves)...)
		}
		// ucinewgame clears the hash and the histories: the search starts
		// as a fresh process's.
		if err := e.NewGame(ctx); err != nil {
			t.Fatal(err)
		}
		a, err := e.Analyse(ctx, engine.Game{Start: p, Moves: ms}, engine.Limit{Depth: 8})
		if err != nil {
			t.Fatal(err)
		}
		end := p
		for _, m := range ms {
			end.PlayUnchecked(m)
		}
		if !end.IsLegal(a.BestMove) || len(a.Lines) != 1 {
			t.Fatalf("%s %s: %s", c.fen, c.moves, describe(a))
		}
		checkLegal(t, end, a.Lines[0].PV)
		sent := tr.sent()
		position := sent[len(sent)-2]
		// Stockfish alone: the position as it reads the command the driver
		// sent (d prints its FEN), then the same search.
		last, best, fen := "", "", ""
		for _, l := range raw.run("bestmove", "ucinewgame", "isready", position, "d", "go depth 8") {
			if strings.HasPrefix(l, "info depth") && strings.Contains(l, " score ") {
				last = l
			}
			if strings.HasPrefix(l, "bestmove") {
				best = strings.Fields(l)[1]
			}
			if f, ok := strings.CutPrefix(l, "Fen: "); ok {
				fen = f
			}
		}
		_, score, _ := strings.Cut(last, " score ")
		score = strings.Join(strings.Fields(score)[:2], " ")
		if a.BestMove.String() != best || a.Lines[0].Score.String() != score {
			t.Errorf("%s: the driver: bestmove %v score %v; Stockfish alone: bestmove %s score %s", position, a.BestMove, a.Lines[0].Score, best, score)
		}
		if fen != end.FEN() {
			t.Errorf("%s: Stockfish's FEN %q, the game's %q", position, fen, end.FEN())
		}
	}
}

func TestStockfishMates(t *testing.T) {
	searching(t)
	e, _ := startStockfish(t)
	ctx := quick(t)
	for _, c := range []struct {
		fen  string
		mate int
		best string
	}{
		{"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 1, "a1a8"},
		{"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2, "d5f6"},
		{"6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 2, "g2g1"},
		{"k7/8/1K6/8/8/8/8/6Q1 b - - 0 1", -1, "a8b8"}, // mated in 1
	} {
		p := mustFEN(t, c.fen)
		a, err := e.Analyse(ctx, engine.Game{Start: p}, engine.Limit{Depth: 12})
		if err != nil {
			t.Fatal(err)
		}
		sc := a.Lines[0].Score
		if !sc.Mate || sc.Value != c.mate || a.BestMove.String() != c.best || sc.Lower || sc.Upper {
			t.Errorf("%s: %s, want mate %d by %s", c.fen, describe(a), c.mate, c.best)
		}
		checkLegal(t, p, a.Lines[0].PV)
		if n := len(a.Lines[0].PV); n != 2*c.mate-1 && n != -2*c.mate {
			t.Errorf("%s: a pv of %d moves for mate %d", c.fen, n, c.mate)
		}
		// go mate finds it too (a side that is mated has no mate to find:
		// Stockfish would search to its deepest depth).
		if c.mate > 0 {
			a, err = e.Analyse(ctx, engine.Game{Start: p}, engine.Limit{Mate: c.mate})
			if err != nil || a.BestMove.String() != c.best {
				t.Errorf("%s: go mate %d: %v %v", c.fen, c.mate, a, err)
			}
		}
	}
	// Checkmate and stalemate: no move, "bestmove (none)".
	for fen, want := range map[string]engine.Score{
		"R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1": {Mate: true, Value: 0},
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1":    {Value: 0},
	} {
		a, err := e.Analyse(ctx, engine.Game{Start: mustFEN(t, fen)}, engine.Limit{Depth: 5})
		if err != nil || a.BestMove != movegen.NoMove || len(a.Lines) != 1 || a.Lines[0].Score != want {
			t.Errorf("%s: %v %v", fen, a, err)
			continue
		}
		// White's view of Black's "mate 0" is a mate given.
		if l := a.Lines[0]; l.Turn != movegen.Black || l.ScoreFor(movegen.White) != want.Neg() || l.ScoreFor(movegen.White).Given != want.Mate {
			t.Errorf("%s: Turn %v, White's view %+v", fen, l.Turn, l.ScoreFor(movegen.White))
		}
	}
}

// TestStockfishScoreFor checks Turn, ScoreFor and WDLFor on Stockfish's
// lines, with UCI_ShowWDL, in a position two queens up for White with
// White to move, and the same colors reversed with Black to move reached
// by a game's move: every info line's Turn is the side to move, and the
// side with the queens wins from its own view and loses from the other's.
func TestStockfishScoreFor(t *testing.T) {
	searching(t)
	e, _ := startStockfish(t)
	ctx := quick(t)
	if err := e.SetOption(ctx, "UCI_ShowWDL", "true"); err != nil {
		t.Fatal(err)
	}
	white := mustFEN(t, "7k/8/8/8/8/8/2QQ4/K7 w - - 0 1")
	black := mustFEN(t, "k7/2qq4/8/8/8/8/8/7K w - - 0 1")
	kg1, err := black.ParseUCI("h1g1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		g      engine.Game
		queens movegen.Color
	}{
		{engine.Game{Start: white}, movegen.White},
		{engine.Game{Start: black, Moves: []movegen.Move{kg1}}, movegen.Black},
	} {
		s, err := e.Search(ctx, c.g, engine.Limit{Depth: 8})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for s.Next() {
			if info := s.Info(); info.Has(engine.FieldScore) {
				checkPOV(t, info, c.queens)
				n++
			}
		}
		a, err := s.Wait()
		if err != nil || n == 0 || len(a.Lines) != 1 {
			t.Fatalf("%v: %d scores, %v %v", c.queens, n, a, err)
		}
		l := a.Lines[0]
		checkPOV(t, l, c.queens)
		win, lose := l.ScoreFor(c.queens), l.ScoreFor(c.queens.Other())
		if win.CP(100000) < 500 || lose.CP(100000) > -500 || win.Compare(lose) != 1 || l.WDLFor(c.queens).Wins < 900 || l.WDLFor(c.queens.Other()).Losses < 900 {
			t.Errorf("queens for %v: %+v; their view %v %+v, the other's %v %+v", c.queens, l, win, l.WDLFor(c.queens), lose, l.WDLFor(c.queens.Other()))
		}
	}
}

func TestStockfishMultiPVAndWDL(t *testing.T) {
	searching(t)
	e, _ := startStockfish(t)
	ctx := quick(t)
	if err := e.SetOption(ctx, "UCI_ShowWDL", "true"); err != nil {
		t.Fatal(err)
	}
	p := mustFEN(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	a, err := e.Analyse(ctx, engine.Game{Start: p}, engine.Limit{Depth: 8, MultiPV: 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Lines) != 4 {
		t.Fatalf("%d lines: %s", len(a.Lines), describe(a))
	}
	seen := map[movegen.Move]bool{}
	for i, l := range a.Lines {
		if l.MultiPV != i+1 || l.Depth != 8 || seen[l.PV[0]] || !l.Has(engine.FieldWDL) || l.WDL.Total() != 1000 {
			t.Errorf("line %d: %+v", i+1, l)
		}
		if i > 0 && !a.Lines[i-1].Score.Mate && l.Score.Value > a.Lines[i-1].Score.Value {
			t.Errorf("line %d scores %v, above line %d's %v", i+1, l.Score, i, a.Lines[i-1].Score)
		}
		seen[l.PV[0]] = true
		checkLegal(t, p, l.PV)
	}
	if a.BestMove != a.Lines[0].PV[0] {
		t.Errorf("bestmove %v, line 1 %v", a.BestMove, a.Lines[0].PV)
	}
}

// TestStockfishRepetition checks that the game's moves reach Stockfish: a
// position lost without its history is a draw with it, the move that
// repeats a position for the third time.
func TestStockfishRepetition(t *testing.T) {
	searching(t)
	e, _ := startStockfish(t)
	ctx := quick(t)
	p := mustFEN(t, "6k1/8/8/8/8/8/qq6/6K1 w - - 0 1") // two queens down
	alone, err := e.Analyse(ctx, engine.Game{Start: p}, engine.Limit{Depth: 10})
	if err != nil {
		t.Fatal(err)
	}
	if s := alone.Lines[0].Score; !(s.Mate && s.Value < 0 || !s.Mate && s.Value < -500) {
		t.Errorf("without the game: %s, want a loss", describe(alone))
	}
	game := engine.Game{Start: p, Moves: moves(t, p, "g1h1", "g8h8", "h1g1", "h8g8", "g1h1", "g8h8", "h1g1", "h8g8")}
	with, err := e.Analyse(ctx, game, engine.Limit{Depth: 10})
	if err != nil {
		t.Fatal(err)
	}
	if s := with.Lines[0].Score; s.Mate || s.Value != 0 || with.BestMove.String() != "g1h1" {
		t.Errorf("with the game: %s, want cp 0 by g1h1", describe(with))
	}
}

func TestStockfishChess960(t *testing.T) {
	searching(t)
	e, tr := startStockfish(t)
	ctx := quick(t)
	// A Chess960 start: king on f1, rooks on b1 and g1.
	p := mustFEN(t, "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1")
	if !p.Chess960() {
		t.Fatal("not Chess960")
	}
	// Both sides castle king takes rook; Stockfish plays on from there.
	ms := moves(t, p, "e2e4", "e7e5", "f1g1", "f8g8")
	if !ms[2].IsCastle() || !ms[3].IsCastle() {
		t.Fatal("not castling")
	}
	game := engine.Game{Start: p, Moves: ms}
	a, err := e.Analyse(ctx, game, engine.Limit{Depth: 8})
	if err != nil {
		t.Fatal(err)
	}
	end := p
	for _, m := range ms {
		end.PlayUnchecked(m)
	}
	if !end.IsLegal(a.BestMove) {
		t.Errorf("bestmove %v not legal in %s", a.BestMove, end.FEN())
	}
	checkLegal(t, end, a.Lines[0].PV)
	if !tr.hasSent("setoption name UCI_Chess960 value true") {
		t.Errorf("sent %q", tr.sent())
	}
	sent := tr.sent()
	position := sent[len(sent)-2]
	if !strings.HasSuffix(position, "moves e2e4 e7e5 f1g1 f8g8") {
		t.Errorf("sent %q", position)
	}
	raw := startRaw(t)
	for _, l := range raw.run("Checkers", "uci", "setoption name UCI_Chess960 value true", position, "d") {
		if f, ok := strings.CutPrefix(l, "Fen: "); ok && f != end.FEN() {
			t.Errorf("Stockfish's FEN %q, the game's %q", f, end.FEN())
		}
	}
	// Back to standard chess: the option goes off, castling is e1g1.
	std := movegen.StartPosition()
	game = engine.Game{Start: std, Moves: moves(t, std, "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1")}
	if _, err := e.Analyse(ctx, game, engine.Limit{Depth: 6}); err != nil {
		t.Fatal(err)
	}
	if !tr.hasSent("setoption name UCI_Chess960 value false") || !tr.hasSent("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1") {
		t.Errorf("sent %q", tr.sent())
	}
}

func TestStockfishPlayWithClock(t *testing.T) {
	searching(t)
	e, _ := startStockfish(t)
	ctx := quick(t)
	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	g := engine.Game{Start: movegen.StartPosition()}
	p := g.Start
	w, b := time.Second, time.Second
	inc := 10 * time.Millisecond
	for ply := 0; ply < 6; ply++ {
		start := time.Now()
		m, _, err := e.Play(ctx, g, engine.Limit{WTime: w, BTime: b, WInc: inc, BInc: inc})
		if err != nil {
			t.Fatal(err)
		}
		used := time.Since(start)
		if !p.IsLegal(m) {
			t.Fatalf("ply %d: %v not legal in %s", ply+1, m, p.FEN())
		}
		if p.Side() == movegen.White {
			w += inc - used
		} else {
			b += inc - used
		}
		if w <= 0 || b <= 0 {
			t.Fatalf("ply %d: Stockfish lost on time (white %v, black %v)", ply+1, w, b)
		}
		p.PlayUnchecked(m)
		g.Moves = append(g.Moves, m)
	}
	t.Logf("6 plies, clocks left: white %v, black %v", w, b)
}

func TestStockfishCancel(t *testing.T) {
	e, _ := startStockfish(t)
	defer func() {
		if err := e.IsReady(quick(t)); err != nil {
			t.Errorf("Stockfish after the cancel and the stop: %v", err)
		}
	}()
	p := movegen.StartPosition()
	ctx, cancel := context.WithCancel(context.Background())
	s, err := e.Search(ctx, engine.Game{Start: p}, engine.Limit{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for s.Next() {
		info := s.Info()
		if info.Has(engine.FieldPV) {
			checkLegal(t, p, info.PV)
		}
		if info.Depth >= 6 {
			break
		}
		n++
	}
	cancel()
	start := time.Now()
	a, err := s.Wait()
	t.Logf("the search ended %v after cancel", time.Since(start))
	// The context's error, not ErrTimeout: Stockfish answered stop with its
	// bestmove within StopTimeout, and was not killed.
	if !errors.Is(err, context.Canceled) || !p.IsLegal(a.BestMove) || len(a.Lines) != 1 {
		t.Errorf("cancelled: %s, %v", describe(a), err)
	}
	// And with Stop, from the Search.
	s, err = e.Search(quick(t), engine.Game{Start: p}, engine.Limit{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	for s.Next() {
		if s.Info().Depth >= 4 {
			s.Stop()
		}
	}
	if a, err := s.Wait(); err != nil || !p.IsLegal(a.BestMove) {
		t.Errorf("stopped: %v %v", a, err)
	}
}

// TestStockfishCloseDuringSearch: Stockfish answers quit with the search's
// bestmove; the search, read in another goroutine, ends with ErrClosed all
// the same, and Close reports the clean exit.
func TestStockfishCloseDuringSearch(t *testing.T) {
	e, tr := startStockfish(t)
	searched := searchInBackground(t, e)
	waitBlocked(t, "(*Engine).recv", 1)
	if err := e.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	checkClosed(t, "the search after Close", <-searched, "search")
	if !strings.Contains(tr.String(), "< bestmove ") {
		t.Logf("Stockfish did not answer quit with bestmove this time:\n%s", tr)
	}
}
