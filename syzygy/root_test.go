package syzygy

import (
	"fmt"
	"testing"

	"github.com/symmagic/attacks/internal/syzygydata"
	"github.com/symmagic/attacks/movegen"
)

// TestRootMovesRepetition checks that a repetition since the last zeroing
// move takes a win's rank below 1000, as Stockfish ranks it (Fathom's
// hasRepeated), and that a repetition before it does not.
func TestRootMovesRepetition(t *testing.T) {
	tb := openTB(t)
	p := mustFEN(t, "8/8/8/3k4/8/8/8/R3K3 w - - 8 1")
	h, q, err := syzygydata.Repetition(p)
	if err != nil {
		t.Fatal(err)
	}
	plain, rep := rootMoves(t, tb.RootMoves, &q, nil), rootMoves(t, tb.RootMoves, &q, h)
	if plain[0].Rank != 1000 || plain[0].WDL != Win {
		t.Fatalf("without the repetition: %+v", plain[0])
	}
	for i, m := range rep {
		if m.DTZ > 0 && (m.Rank != 1000-(m.DTZ+q.HalfmoveClock()) || m.Rank >= 1000) {
			t.Errorf("move %d %v: rank %d with the repetition, DTZ %d", i, m.Move, m.Rank, m.DTZ)
		}
	}
	// The same game, then a pawnless zeroing move: a capture resets the
	// window, and the earlier repetition no longer counts.
	if !hasRepeated(&q, h) {
		t.Error("hasRepeated: false after the repetition")
	}
	fresh := mustFEN(t, "8/8/8/3k4/8/8/8/R3K3 w - - 3 1")
	h2 := h.Clone()
	h2.Push(&fresh)
	if hasRepeated(&fresh, h2) {
		t.Error("hasRepeated: a repetition older than the halfmove clock counts")
	}
}

// rootMoves returns probe's moves of p in the game h (tb.RootMoves or
// tb.RootMovesWDL), failing the test on an error.
func rootMoves(t *testing.T, probe func(*movegen.Position, *movegen.History) ([]RootMove, error), p *movegen.Position, h *movegen.History) []RootMove {
	t.Helper()
	moves, err := probe(p, h)
	if err != nil {
		t.Fatal(err)
	}
	return moves
}

// TestRootMovesWDL checks the WDL-only ranks against each child's probed
// value, and that a mated or stalemated side has no moves.
func TestRootMovesWDL(t *testing.T) {
	tb := openTB(t)
	ps, err := syzygydata.Sample("KRvKP", 100, 3)
	if err != nil {
		t.Fatal(err)
	}
	ranks := map[WDL]int{Loss: -1000, BlessedLoss: -899, Draw: 0, CursedWin: 899, Win: 1000}
	for i := range ps {
		moves := rootMoves(t, tb.RootMovesWDL, &ps[i], nil)
		for j, m := range moves {
			c := ps[i]
			c.PlayUnchecked(m.Move)
			w, err := tb.ProbeWDL(&c)
			if err != nil {
				t.Fatal(err)
			}
			if m.WDL != -w || m.Rank != ranks[-w] || j > 0 && m.Rank > moves[j-1].Rank {
				t.Errorf("%s %v: %+v; the child's WDL %v", ps[i].FEN(), m.Move, m, w)
			}
		}
	}
	for _, fen := range []string{"4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"} {
		p := mustFEN(t, fen)
		if moves, err := tb.RootMoves(&p, nil); len(moves) != 0 || err != nil {
			t.Errorf("%s: %v, %v", fen, moves, err)
		}
	}
}

// rootDraws checks the moves of the game cmd ("fen ... moves ...", as a
// UCI position command gives it) against Stockfish's rule: a move that
// does not zero and lets the side to move claim a draw with it (the
// position after it occurs the third time, or the halfmove clock reaches
// 100 without mate) is a draw, rank 0 and DTZ 0, whatever the tables say;
// every other move is ranked as without the game's history, but for a
// win's rank when the position has repeated. It returns the moves, best
// first.
func rootDraws(t *testing.T, tb *Tablebase, cmd string) ([]RootMove, *movegen.Position, *movegen.History) {
	t.Helper()
	h := movegen.NewHistory(16)
	p, err := movegen.ParseUCIPosition(cmd, false, h)
	if err != nil {
		t.Fatal(err)
	}
	moves, plain := rootMoves(t, tb.RootMoves, &p, h), rootMoves(t, tb.RootMoves, &p, nil)
	wdl, plainWDL := rootMoves(t, tb.RootMovesWDL, &p, h), rootMoves(t, tb.RootMovesWDL, &p, nil)
	tableDTZ, tableWDL, wdlRank := map[movegen.Move]int{}, map[movegen.Move]int{}, map[movegen.Move]int{}
	for i := range plain {
		tableDTZ[plain[i].Move] = plain[i].DTZ
		tableWDL[plainWDL[i].Move] = plainWDL[i].Rank
		wdlRank[wdl[i].Move] = wdl[i].Rank
	}
	draws := 0
	for _, m := range moves {
		if drawsAtOnce(&p, h, m.Move) {
			draws++
			if m.Rank != 0 || m.DTZ != 0 || m.WDL != Draw || wdlRank[m.Move] != 0 {
				t.Errorf("%s: %v claims a draw; ranked %+v, by WDL %d", cmd, m.Move, m, wdlRank[m.Move])
			}
			continue
		}
		if m.DTZ != tableDTZ[m.Move] || wdlRank[m.Move] != tableWDL[m.Move] {
			t.Errorf("%s: %v: DTZ %d, WDL rank %d; without the game %d, %d", cmd, m.Move, m.DTZ, wdlRank[m.Move], tableDTZ[m.Move], tableWDL[m.Move])
		}
	}
	if draws == 0 {
		t.Errorf("%s: no move claims a draw", cmd)
	}
	return moves, &p, h
}

// drawsAtOnce reports whether m, a legal move of p, which ends the game h,
// does not zero and draws by the rules (movegen's): a draw to claim with
// it, a third occurrence or the clock at 100, or one that ends the game,
// the clock at 150 or a fifth occurrence.
func drawsAtOnce(p *movegen.Position, h *movegen.History, m movegen.Move) bool {
	if p.IsCapture(m) || p.MovedPiece(m).Type() == movegen.Pawn {
		return false
	}
	q := *p
	q.PlayUnchecked(m)
	switch q.Outcome(h).Reason {
	case movegen.SeventyFiveMoves, movegen.FivefoldRepetition:
		return true
	}
	return p.ClaimableDrawWith(h, m) != movegen.NoReason
}

// TestRootMovesThreefold checks that a move that repeats a position the
// third time ranks as a draw, not as the win or the loss the tables give
// it: a queen that goes back to e2, where it stood twice with the same
// king, hands the defender a draw by repetition, and must not come first;
// a losing king's move that repeats comes first.
func TestRootMovesThreefold(t *testing.T) {
	tb := openTB(t)
	moves, p, h := rootDraws(t, tb, "fen 8/8/8/8/2K5/k7/8/3Q4 w - - 0 1 moves d1e2 a3a4 e2e1 a4a3 e1e2 a3a4 e2e8 a4a3")
	if drawsAtOnce(p, h, moves[0].Move) || moves[0].WDL != Win {
		t.Errorf("first %+v", moves[0])
	}
	// The loser's king goes back to c1, where it stood twice with the
	// queen on a2: a draw, its first move; every other loses.
	moves, p, h = rootDraws(t, tb, "fen 8/8/8/8/8/8/Q7/K1k5 w - - 0 1 moves a2g8 c1d2 g8a2 d2c1 a2a8 c1d2 a8a2")
	if !drawsAtOnce(p, h, moves[0].Move) || moves[0].WDL != Draw || moves[1].WDL != Loss {
		t.Errorf("the loser's first %+v, second %+v", moves[0], moves[1])
	}
}

// TestRootMovesFiftyMoves checks the moves that bring the halfmove clock
// to 100: draws unless they mate, for the winner (whose first move must
// then zero, by both ranks) and for the loser, whose every move but a
// zeroing one is then a draw. The clock counts the game's moves after the
// FEN's.
func TestRootMovesFiftyMoves(t *testing.T) {
	tb := openTB(t)
	for _, cmd := range []string{
		"fen 8/8/8/8/3r4/k7/8/K2Q4 w - - 99 1",
		"fen 8/8/8/8/3r4/k7/8/K2Q4 w - - 95 1 moves d1e1 d4d3 e1d1 d3d4", // the same, reached again
		"fen 8/8/8/8/8/1k6/8/K3Q3 b - - 99 1",
		"fen 8/8/8/8/8/1k6/8/K3Q3 b - - 150 1",
	} {
		moves, p, h := rootDraws(t, tb, cmd)
		first, firstWDL := moves[0], rootMoves(t, tb.RootMovesWDL, p, h)[0]
		if p.Side() == movegen.White {
			if !p.IsCapture(first.Move) || first.Rank != 900 || first.WDL != Win || !p.IsCapture(firstWDL.Move) || firstWDL.Rank != 1000 {
				t.Errorf("%s: first %+v, by WDL %+v", cmd, first, firstWDL)
			}
		} else if first.WDL != Draw || firstWDL.WDL != Draw {
			t.Errorf("%s: first %+v, by WDL %+v", cmd, first, firstWDL)
		}
	}
}

// TestConcurrentRootMoves ranks the roots of the Stockfish comparison from
// several goroutines at once, each root's game one History that all of
// them read: RootMoves and RootMovesWDL neither change the game nor keep
// it, so that go test -race finds nothing, and every goroutine gets the
// moves one goroutine alone gets.
func TestConcurrentRootMoves(t *testing.T) {
	tb := openTB(t)
	type root struct {
		gameRoot
		moves, wdl string
	}
	var roots []root
	for _, g := range dtzRoots(t) {
		r := root{gameRoot: g}
		r.moves = fmt.Sprint(rootMoves(t, tb.RootMoves, &g.p, g.h))
		r.wdl = fmt.Sprint(rootMoves(t, tb.RootMovesWDL, &g.p, g.h))
		roots = append(roots, r)
	}
	inGoroutines(t, 4, func(g int) string {
		for i := range roots {
			r := &roots[(i+g*37)%len(roots)]
			moves, err1 := tb.RootMoves(&r.p, r.h)
			wdl, err2 := tb.RootMovesWDL(&r.p, r.h)
			if err1 != nil || err2 != nil || fmt.Sprint(moves) != r.moves || fmt.Sprint(wdl) != r.wdl {
				return fmt.Sprintf("goroutine %d, %s: %v, %v", g, r.p.FEN(), err1, err2)
			}
		}
		return ""
	})
}
