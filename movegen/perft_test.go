package movegen_test

import (
	"bufio"
	"flag"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

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

// The published counts live in internal/board/testdata (README.md there
// says where they come from).
const testdata = "../internal/board/testdata/"

type perftRow struct {
	fen   string
	depth int
	nodes uint64
}

// knownCounts returns the rows of perft.tsv and extra.tsv.
func knownCounts(tb testing.TB) []perftRow {
	return append(loadTSV(tb, testdata+"perft.tsv"), loadTSV(tb, testdata+"extra.tsv")...)
}

func loadTSV(tb testing.TB, path string) []perftRow {
	tb.Helper()
	var rows []perftRow
	readTSV(tb, path, "fen\tdepth\tnodes", func(cols []string) bool {
		depth, err1 := strconv.Atoi(cols[1])
		nodes, err2 := strconv.ParseUint(cols[2], 10, 64)
		if err1 != nil || err2 != nil {
			return false
		}
		rows = append(rows, perftRow{cols[0], depth, nodes})
		return true
	})
	return rows
}

// loadChess960 returns the rows of chess960.tsv, one a position and depth.
func loadChess960(tb testing.TB) []perftRow {
	tb.Helper()
	var rows []perftRow
	readTSV(tb, testdata+"chess960.tsv", "id\tfen\tperft1\tperft2\tperft3\tperft4\tperft5\tperft6", func(cols []string) bool {
		for d := 1; d <= 6; d++ {
			nodes, err := strconv.ParseUint(cols[1+d], 10, 64)
			if err != nil {
				return false
			}
			rows = append(rows, perftRow{cols[1], d, nodes})
		}
		return true
	})
	if len(rows) != 960*6 {
		tb.Fatalf("chess960.tsv: %d counts, want 960 positions of 6", len(rows))
	}
	return rows
}

func readTSV(tb testing.TB, path, header string, row func(cols []string) bool) {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatalf("the published perft counts: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	want := strings.Count(header, "\t") + 1
	n := 0
	for line := 1; sc.Scan(); line++ {
		if line == 1 {
			if sc.Text() != header {
				tb.Fatalf("%s:1: header %q, want %q", path, sc.Text(), header)
			}
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != want || !row(cols) {
			tb.Fatalf("%s:%d: bad row %q", path, line, sc.Text())
		}
		n++
	}
	if err := sc.Err(); err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	if n == 0 {
		tb.Fatalf("%s: no rows", path)
	}
}

// perftRows checks rows with Perft, those over limit only with -deep (then
// with Divide, the root moves shared by every CPU).
func perftRows(t *testing.T, rows []perftRow, limit uint64) {
	t.Helper()
	switch {
	case *maxNodes > 0:
		limit = *maxNodes
	case testing.Short() && !*deep:
		limit = min(limit, shortNodes)
	}
	var todo []perftRow
	for _, r := range rows {
		if r.nodes <= limit || *deep {
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
				p, err := movegen.ParseFEN(r.fen)
				if err != nil {
					mu.Lock()
					errs = append(errs, err.Error())
					mu.Unlock()
					continue
				}
				var got uint64
				if r.nodes > shallowNodes {
					for _, c := range p.Divide(r.depth) {
						got += c.Nodes
					}
				} else {
					got = p.Perft(r.depth)
				}
				if got != r.nodes {
					mu.Lock()
					errs = append(errs, "perft("+strconv.Quote(r.fen)+", "+strconv.Itoa(r.depth)+") = "+strconv.FormatUint(got, 10)+", want "+strconv.FormatUint(r.nodes, 10))
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
