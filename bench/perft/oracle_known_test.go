package perft_test

import (
	"testing"

	"github.com/symmagic/attacks/bench/perft"
)

// TestOracleKnown checks the oracle itself against the published counts the
// generator is checked against (perft.tsv and the Chess Programming Wiki's
// positions and Martin Sedlak's tricky endgames in perft_test.go). A bug
// shared by the oracle and the generator would pass every differential
// test; it cannot pass this. The default run checks the counts up to
// 300,000 nodes, -oracle those up to 5,000,000 (the generator's default
// limit).
func TestOracleKnown(t *testing.T) {
	ran, known := 0, perft.KnownCounts(t)
	for _, r := range known {
		p, err := oParse(r.FEN)
		if err != nil {
			t.Fatalf("%s: %v", r.FEN, err)
		}
		if got := p.fen(); got != r.FEN {
			t.Errorf("oracle FEN round trip: %q -> %q", r.FEN, got)
		}
		if r.Nodes > 300_000 && (!*oracleFull || r.Nodes > perft.ShallowNodes) {
			continue
		}
		ran++
		if got := p.perft(r.Depth); got != r.Nodes {
			t.Errorf("oracle perft(%q, %d) = %d, want %d", r.FEN, r.Depth, got, r.Nodes)
		}
	}
	t.Logf("%d of %d counts checked (-oracle: those up to %d nodes)", ran, len(known), perft.ShallowNodes)
}
