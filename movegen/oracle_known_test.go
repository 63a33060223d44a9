package movegen_test

import (
	"testing"
)

// TestOracleKnown checks the oracle itself against the published counts the
// generator is checked against (perft.tsv, extra.tsv and chess960.tsv). A
// bug shared by the oracle and the generator would pass every differential
// test; it cannot pass this. The default run checks the counts up to
// 100,000 nodes (and those of the first 96 Chess960 positions only), -oracle
// those up to 5,000,000 of every position.
func TestOracleKnown(t *testing.T) {
	ran, known := 0, knownCounts(t)
	c960 := loadChess960(t)
	for i, r := range c960 {
		if i < 96*6 || *oracleFull {
			known = append(known, r)
		}
	}
	for _, r := range known {
		p, err := oParse(r.fen)
		if err != nil {
			t.Fatalf("%s: %v", r.fen, err)
		}
		if r.nodes > 100_000 && (!*oracleFull || r.nodes > shallowNodes) || testing.Short() && r.nodes > 20_000 {
			continue
		}
		ran++
		if got := p.perft(r.depth); got != r.nodes {
			t.Errorf("oracle perft(%q, %d) = %d, want %d", r.fen, r.depth, got, r.nodes)
		}
	}
	t.Logf("%d of %d counts checked (-oracle: those up to %d nodes of all %d)", ran, len(known), shallowNodes, len(knownCounts(t))+len(c960))
}
