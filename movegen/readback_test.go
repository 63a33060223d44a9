package movegen_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// readsBack checks that the position read from p's FEN is p: equal (==),
// with the same FEN, Chess960 mode and legal move names.
func readsBack(t *testing.T, what string, p *movegen.Position) {
	t.Helper()
	q, err := movegen.ParseFEN(p.FEN())
	if err != nil {
		t.Fatalf("%s: %s: %v", what, p.FEN(), err)
	}
	if q != *p || q.FEN() != p.FEN() || q.Chess960() != p.Chess960() || moveNames(&q) != moveNames(p) {
		t.Fatalf("%s: %s reads back as another position: FEN %s, Chess960 %v (was %v), moves %s (were %s)",
			what, p.FEN(), q.FEN(), q.Chess960(), p.Chess960(), moveNames(&q), moveNames(p))
	}
}

func moveNames(p *movegen.Position) string {
	var names []string
	for _, m := range p.LegalMoves(nil) {
		names = append(names, m.String())
	}
	slices.Sort(names)
	return strings.Join(names, " ")
}

// TestFENReadsBack is the property that ParseFEN's doc promises: every
// position that play reaches, from standard and Chess960 starts (the
// random games of the oracle's test, its openings and its move choice,
// which seeks castling, rook captures and checks), reads back from its FEN
// as itself, by ParseFEN and by ParseFENStrict. So does each standard position switched to Chess960 mode,
// and each position out of check after a null move.
// Play's FEN and the mode must agree through every change of rights.
func TestFENReadsBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 0x72656164))
	games, plies := 120, 80
	if testing.Short() {
		games = 40
	}
	positions := 0
	for g := range games {
		o := openings[g%len(openings)]
		if g%2 == 1 {
			o = openings960[g/2%len(openings960)]
		}
		op, err := oParse(o.fen)
		if err != nil {
			t.Fatal(err)
		}
		p := mustParse(t, o.fen)
		for ply := 0; ; ply++ {
			readsBack(t, "played", &p)
			if q, err := movegen.ParseFENStrict(p.FEN()); err != nil || q != p {
				t.Fatalf("played: %s: ParseFENStrict: %v", p.FEN(), err) // no rule of reachability rejects play
			}
			positions++
			if !p.InCheck() {
				n := p
				n.PlayNull()
				readsBack(t, "after a null move", &n)
			}
			if !p.Chess960() {
				c := p
				if err := c.SetChess960(true); err != nil {
					t.Fatal(err)
				}
				if c.Chess960() != (p.Castling() != 0) {
					t.Fatalf("%s: SetChess960(true): Chess960 %v with rights %v", p.FEN(), c.Chess960(), p.Castling())
				}
				readsBack(t, "switched to Chess960", &c)
			}
			legal := op.legal(nil)
			if len(legal) == 0 || ply == plies {
				break
			}
			om := pick(rng, op, legal)
			m, err := p.ParseUCI(om.String())
			if err != nil {
				t.Fatalf("%s: the oracle's move %s: %v", p.FEN(), om, err)
			}
			*op = op.make(om)
			p.PlayUnchecked(m)
		}
	}
	t.Logf("%d positions from %d games", positions, games)
}
