package syzygy

import (
	"testing"

	"github.com/symmagic/attacks/internal/syzygydata"
	"github.com/symmagic/attacks/movegen"
)

// TestOnePlyConsistency checks the tables against themselves: for 80
// random positions of every 3- and 4-piece table (syzygydata.Sample's
// first; 4 with -short), the WDL and DTZ the package probes agree with one
// ply of search over the children's values. A move that zeroes (a capture or a pawn move) is worth its
// child's WDL, counted afresh; any other move its child's DTZ one ply
// further; a mate wins at once. Then a won position's DTZ is its best
// move's (the quickest zeroing that keeps the win), a lost one's the
// slowest, and its WDL the best move's. Where a distance is rounded the
// true value may be a ply longer, and the check allows it.
func TestOnePlyConsistency(t *testing.T) {
	tb := openTB(t)
	n := 80
	if testing.Short() {
		n = 4
	}
	checked, rounded := 0, 0
	check := func(p *movegen.Position) {
		w, err := tb.ProbeWDL(p)
		if err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		d, err := tb.ProbeDTZ(p)
		if err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		wantW, lo, hi := onePly(t, tb, p)
		if w != wantW {
			t.Errorf("%s: WDL %v; one ply of search: %v", p.FEN(), w, wantW)
			return
		}
		// d's true distance lies in [d, d+1] (away from zero) when rounded.
		dlo, dhi := d.Plies, d.Plies
		if d.Rounded {
			rounded++
			if d.Plies > 0 {
				dhi++
			} else {
				dlo--
			}
		}
		if dhi < lo || dlo > hi {
			t.Errorf("%s: DTZ %v; one ply of search: %d to %d", p.FEN(), d, lo, hi)
		}
		checked++
	}
	for _, name := range append(syzygydata.Names(3), syzygydata.Names(4)...) {
		ps, err := syzygydata.Sample(name, n, syzygydata.SampleSeed(name))
		if err != nil {
			t.Fatal(err)
		}
		for i := range ps {
			check(&ps[i])
		}
	}
	if rounded == 0 {
		t.Error("no rounded distance among the positions checked")
	}
	t.Logf("%d positions, %d of them with a rounded DTZ", checked, rounded)
}

// onePly returns p's WDL and the range of its DTZ by one ply of search
// over its children's probed values.
func onePly(t *testing.T, tb *Tablebase, p *movegen.Position) (WDL, int, int) {
	var buf [movegen.MaxMoves]movegen.Move
	moves := p.LegalMoves(buf[:0])
	if len(moves) == 0 {
		if p.InCheck() {
			return Loss, -1, -1
		}
		return Draw, 0, 0
	}
	best := WDL(-3)
	var lo, hi int // the best move's distance range
	for _, m := range moves {
		c := *p
		c.PlayUnchecked(m)
		var v WDL
		var mlo, mhi int
		switch {
		case c.IsCheckmate():
			v, mlo, mhi = Win, 1, 1
		case c.HalfmoveClock() == 0:
			cw, err := tb.ProbeWDL(&c)
			if err != nil {
				t.Fatalf("%s: %v", c.FEN(), err)
			}
			v = -cw
			mlo = zeroingDTZ[v+2]
			mhi = mlo
		default:
			cd, err := tb.ProbeDTZ(&c)
			if err != nil {
				t.Fatalf("%s: %v", c.FEN(), err)
			}
			d := -cd.Plies
			switch {
			case d > 0:
				d++
			case d < 0:
				d--
			}
			v = DTZ{Plies: d}.WDL()
			mlo, mhi = d, d
			if cd.Rounded {
				if d > 0 {
					mhi++
				} else {
					mlo--
				}
			}
		}
		// The better move: the better result, then the quicker win or
		// the slower loss.
		switch {
		case v > best:
			best, lo, hi = v, mlo, mhi
		case v == best && v > 0:
			lo, hi = min(lo, mlo), min(hi, mhi)
		case v == best && v < 0:
			lo, hi = min(lo, mlo), min(hi, mhi)
		}
	}
	if best == Draw {
		return Draw, 0, 0
	}
	return best, lo, hi
}
