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
		p, err := oParse(r.FEN)
		if err != nil {
			t.Fatalf("%s: %v", r.FEN, err)
		}
		if r.Nodes > 100_000 && (!*oracleFull || r.Nodes > shallowNodes) || testing.Short() && r.Nodes > 20_000 {
			continue
		}
		ran++
		if got := p.perft(r.Depth); got != r.Nodes {
			t.Errorf("oracle perft(%q, %d) = %d, want %d", r.FEN, r.Depth, got, r.Nodes)
		}
	}
	t.Logf("%d of %d counts checked (-oracle: those up to %d nodes of all %d)", ran, len(known), shallowNodes, len(knownCounts(t))+len(c960))
}
