package search

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/symmagic/attacks/bench/perft"
	"github.com/symmagic/attacks/movegen"
)

// randomGames plays random legal games from positions rich in special moves,
// standard and Chess960, preferring castling, en passant, promotions and
// rook captures when there are some, and calls f with each position, the
// move and the position after it. It returns how often each kind of move
// was seen.
func randomGames(t *testing.T, games, plies int, f func(parent *movegen.Position, m movegen.Move, child *movegen.Position)) map[string]int {
	t.Helper()
	fens := []string{
		movegen.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1",
		"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
		"1r1rk1rr/pppppp2/8/8/8/8/PPPPPP2/1R1RK1RR w DGdg - 0 1", // two pawns a side promoted to rooks
	}
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[string]int{}
	for g := range games {
		p, err := movegen.ParseFEN(fens[g%len(fens)])
		if err != nil {
			t.Fatal(err)
		}
		for range plies {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			var special []movegen.Move
			for _, m := range moves {
				promo := m.Promotion() != movegen.NoPieceType
				if m.IsCastle() || m.IsEnPassant() || promo || !m.IsCastle() && p.PieceAt(m.To()).Type() == movegen.Rook {
					special = append(special, m)
				}
			}
			m := moves[rng.IntN(len(moves))]
			if len(special) > 0 && rng.IntN(2) == 0 {
				m = special[rng.IntN(len(special))]
			}
			c := p
			c.PlayUnchecked(m)
			switch {
			case m.IsCastle():
				seen["castle"]++
			case m.IsEnPassant():
				seen["en passant"]++
			case m.IsDoublePush():
				seen["double push"]++
			}
			if m.Promotion() != movegen.NoPieceType {
				seen["promotion"]++
			}
			if pc := p.PieceAt(m.To()); pc != movegen.NoPiece && !m.IsCastle() {
				seen["capture"]++
				if pc.Type() == movegen.Rook && c.Castling() != p.Castling() {
					seen["rook captured, right lost"]++
				}
			}
			if p.PieceAt(m.From()).Type() == movegen.King {
				seen["king move"]++
			}
			f(&p, m, &c)
			if t.Failed() {
				t.FailNow()
			}
			p = c
		}
	}
	for _, k := range []string{"castle", "en passant", "double push", "promotion", "capture", "rook captured, right lost", "king move"} {
		if seen[k] == 0 {
			t.Errorf("the random games never made a move of kind %q", k)
		}
	}
	return seen
}

// TestAccumulator checks the incrementally updated accumulators against
// ones computed from scratch after every move of random games, for every
// king-bucket layout.
func TestAccumulator(t *testing.T) {
	for _, buckets := range []int{1, 4, 8, 16, 32, 64} {
		n := NewNet(perft.NNUE{Buckets: buckets, Hidden: 12})
		h := n.H()
		var refreshes int
		randomGames(t, 60, 80, func(parent *movegen.Position, m movegen.Move, child *movegen.Position) {
			src, dst, want := make([]int16, 2*h), make([]int16, 2*h), make([]int16, 2*h)
			refresh(n, parent, movegen.White, src[:h])
			refresh(n, parent, movegen.Black, src[h:])
			refreshes += update(n, parent, child, m, src, dst)
			refresh(n, child, movegen.White, want[:h])
			refresh(n, child, movegen.Black, want[h:])
			if fmt.Sprint(dst) != fmt.Sprint(want) {
				t.Errorf("%d buckets: %s, %v: incremental accumulators %v, from scratch %v", buckets, parent.FEN(), m, dst, want)
			}
		})
		if (refreshes == 0) != (buckets == 1) {
			t.Errorf("%d buckets: %d refreshes", buckets, refreshes)
		}
	}
}
