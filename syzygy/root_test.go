package syzygy

import (
	"testing"

	"github.com/symmagic/attacks/internal/syzygydata"
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
	plain, err := tb.RootMoves(&q, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := tb.RootMoves(&q, h)
	if err != nil {
		t.Fatal(err)
	}
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
		moves, err := tb.RootMovesWDL(&ps[i])
		if err != nil {
			t.Fatal(err)
		}
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
