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

// FuzzParseMove reads any text as SAN and as UCI in each variant's start
// position and in a Crazyhouse position with pieces in hand: no panic; a
// move read is legal, and reads back from its own SAN and UCI; a refusal
// is a *MoveError.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "N@f3", "@e4", "P@e4", "e2e4", "N@f3", "exd5", "O-O", "e1g1", "Kxe2",
		"e8=K", "e7e8k", "Q@h7#", "0000", "", "@", "N@", "Z@e4", "P@a8", "e2e4x", "Nbd7+"} {
		f.Add(s)
	}
	positions := []Position{}
	for _, v := range Variants {
		positions = append(positions, StartPosition(v))
	}
	zh, err := ParseFEN(Crazyhouse, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[Pp] w KQkq - 0 4")
	if err != nil {
		f.Fatal(err)
	}
	positions = append(positions, zh)
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range positions {
			for _, parse := range []func(string) (Move, error){p.ParseSAN, p.ParseUCI} {
				m, err := parse(s)
				if err != nil {
					var me *MoveError
					if !errors.As(err, &me) {
						t.Fatalf("%v: %q: %v is no *MoveError", p.Variant(), s, err)
					}
					continue
				}
				if !p.IsLegal(m) {
					t.Fatalf("%v: %q read as %s, not legal", p.Variant(), s, m)
				}
				if back, err := p.ParseSAN(p.SAN(m)); err != nil || back != m {
					t.Fatalf("%v: %q: SAN %q reads back as %s, %v", p.Variant(), s, p.SAN(m), back, err)
				}
				if back, err := p.ParseUCI(m.String()); err != nil || back != m {
					t.Fatalf("%v: %q: UCI %q reads back as %s, %v", p.Variant(), s, m, back, err)
				}
			}
		}
	})
}
