package variant

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// TestEveryMoveValue gives every 16-bit value to the functions that take
// a move, in each variant's start position and in one a few random moves
// into a game: IsLegal is true exactly for the moves LegalMoves lists, SAN
// is empty exactly for the others, Play refuses them with a *MoveError
// wrapping a *movegen.MoveError and leaves the position as it was, and no
// value panics.
func TestEveryMoveValue(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, v := range Variants {
		start := StartPosition(v)
		p := start
		for range 8 {
			legal := p.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			p.PlayUnchecked(legal[r.IntN(len(legal))])
		}
		for _, q := range []Position{start, p} {
			legal := q.LegalMoves(nil)
			fen := q.FEN()
			for m := range 1 << 16 {
				m := Move(m)
				_ = m.String()
				_, _, _, _ = m.From(), m.To(), m.Dropped(), m.Promotion()
				in := slices.Contains(legal, m)
				if q.IsLegal(m) != in {
					t.Fatalf("%v %s: IsLegal(%#x %s) = %v, LegalMoves lists it: %v", v, fen, uint16(m), m, !in, in)
				}
				if san := q.SAN(m); (san != "") != in {
					t.Fatalf("%v %s: SAN(%#x %s) = %q, legal: %v", v, fen, uint16(m), m, san, in)
				}
				if in || m%61 != 0 {
					continue // Play is IsLegal then the move: a sample of the others
				}
				c := q
				err := c.Play(m)
				var me *MoveError
				var mme *movegen.MoveError
				if !errors.As(err, &me) || !errors.As(err, &mme) {
					t.Fatalf("%v %s: Play(%#x %s) = %v, want a *MoveError wrapping a *movegen.MoveError", v, fen, uint16(m), m, err)
				}
				if c.FEN() != fen || c.Key() != q.Key() {
					t.Fatalf("%v %s: Play(%#x %s) refused, and changed the position to %s", v, fen, uint16(m), m, c.FEN())
				}
			}
			for _, m := range legal {
				c := q
				if err := c.Play(m); err != nil {
					t.Fatalf("%v %s: Play(%s) of a legal move: %v", v, fen, m, err)
				}
			}
		}
	}
}
