package movegen_test

import (
	"flag"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/symmagic/attacks/internal/perftdata"
	"github.com/symmagic/attacks/movegen"
)

var (
	deep     = flag.Bool("deep", false, "also run the perft rows over 5,000,000 nodes (perft.tsv and extra.tsv: minutes; chess960.tsv: hours), on every CPU")
	maxNodes = flag.Uint64("maxnodes", 0, "run the perft rows up to this many nodes (0: 5,000,000, and 1,000,000 for chess960.tsv; -deep: all)")
)

// shallowNodes is the most nodes a published count may have to run without
// -deep; shallow960 the same for the Chess960 positions (perft 1 to 4).
// -short (for emulated CPUs) runs the rows up to shortNodes.
const (
	shallowNodes = 5_000_000
	shallow960   = 1_000_000
	shortNodes   = 200_000
)

// knownCounts returns the published counts of standard chess
// (perftdata's perft.tsv and extra.tsv).
func knownCounts(tb testing.TB) []perftdata.Row {
	tb.Helper()
	rows, err := perftdata.Known()
	if err != nil {
		tb.Fatal(err)
	}
	return rows
}

// loadChess960 returns the published counts of the 960 Chess960
// positions, one a position and depth.
func loadChess960(tb testing.TB) []perftdata.Row {
	tb.Helper()
	rows, err := perftdata.Load("chess960.tsv")
	if err != nil {
		tb.Fatal(err)
	}
	return rows
}

// perftRows checks rows with Perft, those over limit only with -deep (then
// with Divide, the root moves shared by every CPU).
func perftRows(t *testing.T, rows []perftdata.Row, limit uint64) {
	t.Helper()
	switch {
	case *maxNodes > 0:
		limit = *maxNodes
	case testing.Short() && !*deep:
		limit = min(limit, shortNodes)
	}
	var todo []perftdata.Row
	for _, r := range rows {
		if r.Nodes <= limit || *deep {
			todo = append(todo, r)
		}
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errs []string
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(todo) {
					return
				}
				r := todo[i]
				p, err := movegen.ParseFEN(r.FEN)
				if err != nil {
					mu.Lock()
					errs = append(errs, err.Error())
					mu.Unlock()
					continue
				}
				var got uint64
				if r.Nodes > shallowNodes {
					for _, c := range p.Divide(r.Depth) {
						got += c.Nodes
					}
				} else {
					got = p.Perft(r.Depth)
				}
				if got != r.Nodes {
					mu.Lock()
					errs = append(errs, "perft("+strconv.Quote(r.FEN)+", "+strconv.Itoa(r.Depth)+") = "+strconv.FormatUint(got, 10)+", want "+strconv.FormatUint(r.Nodes, 10))
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	for _, e := range errs {
		t.Error(e)
	}
	t.Logf("%d of %d rows run (-deep runs all)", len(todo), len(rows))
}

// TestPerft checks every published count of perft.tsv and extra.tsv up to
// 5,000,000 nodes through the public API (all of them with -deep).
func TestPerft(t *testing.T) { perftRows(t, knownCounts(t), shallowNodes) }

// TestPerftChess960 checks the published counts of the 960 Chess960
// positions up to 1,000,000 nodes (perft 1 to 4; all six with -deep).
func TestPerftChess960(t *testing.T) {
	if testing.Short() && !*deep {
		t.Skip("-short")
	}
	perftRows(t, loadChess960(t), shallow960)
}
