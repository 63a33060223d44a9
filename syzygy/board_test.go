package syzygy

import (
	"slices"
	"testing"

	"github.com/symmagic/attacks/internal/syzygydata"
	"github.com/symmagic/attacks/movegen"
)

// boardPositions are positions of every material of 3 to 5 pieces (those
// with pawns on both sides have en-passant squares), and some whose
// captures are hard to get right: pins, checks, en passant into a
// discovered check, promotions.
func boardPositions(t *testing.T, perName int) []movegen.Position {
	var out []movegen.Position
	for n := 3; n <= 5; n++ {
		for _, name := range syzygydata.Names(n) {
			ps, err := syzygydata.Sample(name, perName, syzygydata.SampleSeed(name))
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, ps...)
		}
	}
	for _, fen := range []string{
		"8/8/8/KPp4r/8/8/8/6k1 w - c6 0 1",    // en passant uncovers a rank check
		"8/8/8/1k6/2Pp4/8/8/5BK1 b - c3 0 1",  // en passant uncovers a bishop's diagonal
		"8/8/8/1k6/2Pp4/8/8/6K1 b - c3 0 1",   // a pawn's check taken en passant
		"4k3/8/8/4r3/8/4N3/8/3rK2R w - - 0 1", // a pinned knight; the king takes
		"1n1r4/2P5/8/8/8/8/k7/4K3 w - - 0 1",  // promotions by capture
		"8/8/8/8/8/2k5/1q6/K7 w - - 0 1",      // the king cannot take a guarded queen
		"8/8/8/8/8/1qk5/8/K7 w - - 0 1",       // a king takes nothing: in check, no capture
		"r3k3/8/8/8/8/8/B7/R3K3 b - - 0 1",    // a rook takes along a file
	} {
		p, err := movegen.ParseFEN(fen)
		if err != nil {
			t.Fatal(fen, err)
		}
		out = append(out, p)
	}
	return out
}

// TestBoardCaptures checks the probe's board against movegen: the same
// legal captures in every position, and each played on the board giving
// the board of the position movegen plays it to, and taken back, the board
// it was.
func TestBoardCaptures(t *testing.T) {
	perName := 100
	if testing.Short() {
		perName = 10
	}
	var moves moveBuf
	var caps captureBuf
	positions, captures := 0, 0
	defer func() { t.Logf("%d positions, %d legal captures", positions, captures) }()
	for _, p := range boardPositions(t, perName) {
		positions++
		var b board
		b.set(&p)
		var want []string
		for _, m := range p.Captures(moves[:0]) {
			if p.IsCapture(m) {
				want = append(want, m.String())
			}
		}
		var got []string
		list := b.captures(caps[:0])
		l := b.legality()
		for _, c := range list {
			before := b
			u := b.play(c)
			illegal := b.exposes(c, l)
			played := b
			b.unplay(c, u)
			if b != before {
				t.Fatalf("%s: %d->%d: unplay gives %+v, not %+v", p.FEN(), c.from(), c.to(), b, before)
			}
			if illegal {
				continue
			}
			m := movegen.NewMove(movegen.Square(c.from()), movegen.Square(c.to()))
			switch pr := c.promotion(); {
			case c.enPassant():
				m = movegen.NewEnPassant(movegen.Square(c.from()), movegen.Square(c.to()))
			case pr != 0:
				m = movegen.NewPromotion(movegen.Square(c.from()), movegen.Square(c.to()), pr)
			}
			got = append(got, m.String())
			captures++
			child := p
			if err := child.Play(m); err != nil {
				t.Fatalf("%s: %v", p.FEN(), err)
			}
			var cb board
			cb.set(&child)
			cb.ep = -1
			if played != cb {
				t.Fatalf("%s: %s: play gives %+v, not %+v", p.FEN(), m, played, cb)
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: captures %v, movegen's %v", p.FEN(), got, want)
		}
	}
}
