package movegen_test

import (
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// TestAllocs checks that generating and making moves allocates nothing:
// LegalMoves, Captures and Quiets into a buffer with room, CountMoves, Play
// (on a copy; the null move too), the check and mate tests, Key, IsLegal,
// Perft, and the search helpers GivesCheck, SEE, Attackers and AttackersTo.
func TestAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage counters allocate")
	}
	for _, fen := range []string{
		movegen.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1",
		"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
	} {
		p, err := movegen.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]movegen.Move, 0, movegen.MaxMoves)
		moves := p.LegalMoves(nil)
		var sink uint64
		for name, f := range map[string]func(){
			"LegalMoves": func() { buf = p.LegalMoves(buf[:0]) },
			"Captures":   func() { buf = p.Captures(buf[:0]) },
			"CountMoves": func() { sink += uint64(p.CountMoves()) },
			"Play": func() {
				for _, m := range moves {
					q := p
					q.PlayUnchecked(m)
					sink += q.Key()
				}
			},
			"InCheck, IsCheckmate, IsStalemate": func() {
				if p.InCheck() || p.IsCheckmate() || p.IsStalemate() {
					sink++
				}
			},
			"IsLegal": func() {
				if p.IsLegal(moves[0]) {
					sink++
				}
			},
			"Perft(3)": func() { sink += p.Perft(3) },
			"Quiets":   func() { buf = p.Quiets(buf[:0]) },
			"GivesCheck, SEE": func() {
				for _, m := range moves {
					if p.GivesCheck(m) || p.SEE(m, 0) || p.SEE(m, 150) {
						sink++
					}
				}
			},
			"Attackers, AttackersTo": func() {
				for sq := movegen.Square(0); sq < 64; sq++ {
					sink += p.Attackers(movegen.Black, sq, p.Occupied()&^1) ^ p.AttackersTo(sq, p.Occupied())
				}
			},
			"Play(NoMove)": func() {
				q := p
				q.PlayNull()
				sink += q.Key()
			},
		} {
			if n := testing.AllocsPerRun(20, f); n != 0 {
				t.Errorf("%s: %s allocates %.1f times a call", fen, name, n)
			}
		}
		_ = sink
	}
}
