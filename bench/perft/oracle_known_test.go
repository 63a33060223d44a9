package perft_test

import "testing"

// TestOracleKnown checks the oracle itself against published counts: the
// start position, the Chess Programming Wiki's positions 2 to 6 and
// Martin Sedlak's tricky endgames (en passant exposing the king, castling
// giving check, promotions, stalemates). A bug shared by the oracle and
// the generator would pass every differential test; it cannot pass this.
// The default run checks the counts up to 300,000 nodes (a tenth of a
// second), -oracle all of them (15.7 million nodes, a few seconds).
func TestOracleKnown(t *testing.T) {
	ran := 0
	for _, r := range knownCounts {
		p, err := oParse(r.fen)
		if err != nil {
			t.Fatalf("%s: %v", r.fen, err)
		}
		if got := p.fen(); got != r.fen {
			t.Errorf("oracle FEN round trip: %q -> %q", r.fen, got)
		}
		if r.nodes > 300_000 && !*oracleFull {
			continue
		}
		ran++
		if got := p.perft(r.depth); got != r.nodes {
			t.Errorf("oracle perft(%q, %d) = %d, want %d", r.fen, r.depth, got, r.nodes)
		}
	}
	t.Logf("%d of %d counts checked (-oracle checks all)", ran, len(knownCounts))
}

// knownCounts are published perft counts, each confirmed by several
// independent generators.
var knownCounts = []struct {
	fen   string
	depth int
	nodes uint64
}{
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197281},
	{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862},
	{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
	{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333},
	{"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 4, 422333},
	{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379},
	{"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 3, 89890},
	{"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1134888},
	{"8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1015133},
	{"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1440467},
	{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661072},
	{"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803711},
	{"r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1274206},
	{"r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, 1720476},
	{"2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, 3821001},
	{"8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5, 1004658},
	{"4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, 217342},
	{"8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92683},
	{"K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2217},
	{"8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7, 567584},
	{"8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, 23527},
}
