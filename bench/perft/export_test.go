package perft

import "testing"

// KnownCount is a published perft count, for the oracle's tests in package
// perft_test.
type KnownCount struct {
	FEN   string
	Depth int
	Nodes uint64
}

// KnownCounts returns the published counts the generator is checked
// against: the rows of perft.tsv, then extraRows.
func KnownCounts(tb testing.TB) []KnownCount {
	var out []KnownCount
	for _, r := range append(loadTSV(tb), extraRows...) {
		out = append(out, KnownCount{r.fen, r.depth, r.nodes})
	}
	return out
}

// ShallowNodes is the most nodes a published count may have to run without
// -deep; the oracle checks those under -oracle.
const ShallowNodes = shallowNodes
