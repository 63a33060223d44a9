package engine_test

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/symmagic/attacks/engine"
	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/variant"
)

// fairyPath returns Fairy-Stockfish's path (Debian's fairy-stockfish
// package installs it in /usr/games), or skips the test; FAIRY=required
// fails it instead.
func fairyPath(t *testing.T) string {
	t.Helper()
	if path, err := exec.LookPath("fairy-stockfish"); err == nil {
		return path
	}
	if _, err := os.Stat("/usr/games/fairy-stockfish"); err == nil {
		return "/usr/games/fairy-stockfish"
	}
	if os.Getenv("FAIRY") == "required" {
		t.Fatal("FAIRY=required, and there is no fairy-stockfish in PATH or /usr/games (apt-get install fairy-stockfish)")
	}
	t.Skip("no fairy-stockfish in PATH or /usr/games (apt-get install fairy-stockfish): the variant searches are skipped")
	return ""
}

// TestFairyVariants plays four plies of each variant Fairy-Stockfish
// offers (Debian's 11.1 has no atomic) against it (depth 3), each move
// checked by the variant's rules, and analyses the position reached with
// MultiPV 2: UCI_Variant is set to each variant's name, the lines'
// VariantPV are legal, and a standard game's search after them sets
// UCI_Variant back to chess. A variant it does not offer is an error,
// nothing sent. A Crazyhouse game's drop is sent as N@d5.
func TestFairyVariants(t *testing.T) {
	path := fairyPath(t)
	if testing.Short() {
		t.Skip("-short: the variant searches against Fairy-Stockfish run without -short")
	}
	e, tr := startEngine(t, engine.Config{Path: path}, true)
	ctx := quick(t)
	o, _ := e.Option("UCI_Variant")
	offered := map[string]bool{}
	for _, name := range o.Vars {
		offered[name] = true
	}
	for v := variant.Crazyhouse; v <= variant.RacingKings; v++ {
		g := engine.VariantGame{Start: variant.StartPosition(v)}
		if !offered[v.UCI()] {
			n := len(tr.sent())
			if _, _, err := e.PlayVariant(ctx, g, engine.Limit{Depth: 3}); err == nil || !strings.Contains(err.Error(), "offers no UCI_Variant") {
				t.Fatalf("%v, which the engine does not offer: %v", v, err)
			}
			if len(tr.sent()) != n {
				t.Fatalf("%v, which the engine does not offer: sent %q", v, tr.sent()[n:])
			}
			t.Logf("%v: not offered by %s", v, e.Name())
			continue
		}
		p := g.Start
		for ply := 0; ply < 4; ply++ {
			m, _, err := e.PlayVariant(ctx, g, engine.Limit{Depth: 3})
			if err != nil {
				t.Fatalf("%v ply %d: %v", v, ply+1, err)
			}
			if !p.IsLegal(m) {
				t.Fatalf("%v ply %d: %v is not legal in %s", v, ply+1, m, p.FEN())
			}
			p.PlayUnchecked(m)
			g.Moves = append(g.Moves, m)
		}
		if !tr.hasSent("setoption name UCI_Variant value " + v.UCI()) {
			t.Fatalf("%v: no setoption UCI_Variant %s sent", v, v.UCI())
		}
		a, err := e.AnalyseVariant(ctx, g, engine.Limit{Depth: 3, MultiPV: 2})
		if err != nil {
			t.Fatalf("%v: AnalyseVariant: %v", v, err)
		}
		if len(a.Lines) == 0 || a.VariantBestMove == variant.NoMove || a.BestMove != movegen.NoMove {
			t.Fatalf("%v: analysis %+v", v, a)
		}
		for _, l := range a.Lines {
			q := p
			for _, m := range l.VariantPV {
				if err := q.Play(m); err != nil {
					t.Fatalf("%v: pv %v: %v", v, l.VariantPV, err)
				}
			}
			if len(l.VariantPV) == 0 || len(l.PV) != 0 || l.Turn != p.Side() {
				t.Fatalf("%v: line %+v", v, l)
			}
		}
	}
	zh, err := variant.ParseFEN(variant.Crazyhouse, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Nn] w KQkq - 0 3")
	if err != nil {
		t.Fatal(err)
	}
	drop := variant.NewDrop(movegen.Knight, movegen.D5)
	if _, _, err := e.PlayVariant(ctx, engine.VariantGame{Start: zh, Moves: []variant.Move{drop}}, engine.Limit{Depth: 2}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(tr.sent(), "\n"), "moves N@d5") {
		t.Fatalf("the drop was not sent as N@d5:\n%s", strings.Join(tr.sent(), "\n"))
	}
	if _, _, err := e.Play(ctx, engine.Game{Start: movegen.StartPosition()}, engine.Limit{Depth: 2}); err != nil {
		t.Fatal(err)
	}
	if !tr.hasSent("setoption name UCI_Variant value chess") {
		t.Fatal("a standard game's search after a variant's did not set UCI_Variant to chess")
	}
	// A move not legal in the variant: the game's error, nothing sent.
	horde := variant.StartPosition(variant.Horde)
	_, _, err = e.PlayVariant(ctx, engine.VariantGame{Start: horde, Moves: []variant.Move{variant.NewMove(movegen.E4, movegen.E6, movegen.NoPieceType)}}, engine.Limit{Depth: 1})
	var me *movegen.MoveError
	if !errors.As(err, &me) {
		t.Fatalf("an illegal move in a horde game: %v, want a *movegen.MoveError inside", err)
	}
}

// TestVariantNoEngineOption: an engine without UCI_Variant (Stockfish)
// refuses a variant game with an *Error, sending nothing, and stays
// usable.
func TestVariantNoEngineOption(t *testing.T) {
	e, tr := startFake(t, modeNormal, nil)
	n := len(tr.sent())
	_, _, err := e.PlayVariant(quick(t), engine.VariantGame{Start: variant.StartPosition(variant.Horde)}, engine.Limit{Depth: 1})
	var ee *engine.Error
	if !errors.As(err, &ee) || !strings.Contains(err.Error(), "UCI_Variant") {
		t.Fatalf("PlayVariant on an engine without UCI_Variant: %v", err)
	}
	if len(tr.sent()) != n {
		t.Fatalf("sent %q", tr.sent()[n:])
	}
	if _, _, err := e.Play(quick(t), engine.Game{Start: movegen.StartPosition()}, engine.Limit{Depth: 1}); err != nil {
		t.Fatal(err)
	}
}

// TestPlayVariantGameOver: PlayVariant of a variant game already over by
// the variant's rules (King of the Hill's king on a centre square) is an
// *Error naming the outcome, before the engine is asked anything.
func TestPlayVariantGameOver(t *testing.T) {
	e, tr := startFake(t, modeNormal, nil)
	over, err := variant.ParseFEN(variant.KingOfTheHill, "4k3/8/8/8/4K3/8/8/8 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	n := len(tr.sent())
	_, _, err = e.PlayVariant(quick(t), engine.VariantGame{Start: over}, engine.Limit{Depth: 1})
	var ee *engine.Error
	if !errors.As(err, &ee) || !strings.Contains(err.Error(), "no legal move") {
		t.Fatalf("PlayVariant of a game over: %v", err)
	}
	if len(tr.sent()) != n {
		t.Fatalf("sent %q", tr.sent()[n:])
	}
}
