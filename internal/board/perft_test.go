package board

import (
	"flag"
	"fmt"
	"runtime"
	"testing"

	"github.com/symmagic/attacks/internal/perftdata"
)

var deep = flag.Bool("deep", false, "also run the perft rows over the default limits (minutes to hours), on every CPU")

// shallowNodes is the most nodes a row of perft.tsv may have to run without
// -deep; shallow960 the same for chess960.tsv, in every mode.
// -short (for emulated CPUs) runs the rows up to shortNodes.
const (
	shallowNodes = 5_000_000
	shallow960   = 100_000
	shortNodes   = 200_000
)

// rowsOf returns the published counts of one of perftdata's files.
func rowsOf(t *testing.T, name string) []perftdata.Row {
	t.Helper()
	rows, err := perftdata.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func runRows(t *testing.T, rows []perftdata.Row, limit uint64) {
	if testing.Short() && !*deep {
		limit = min(limit, shortNodes)
	}
	ran := 0
	defer func() { t.Logf("%d of %d rows run (-deep runs all)", ran, len(rows)) }()
	for _, r := range rows {
		if r.Nodes > limit && !*deep {
			continue
		}
		ran++
		p, err := ParseFEN(r.FEN)
		if err != nil {
			t.Fatalf("%s: %v", r.FEN, err)
		}
		var got uint64
		if r.Nodes > shallowNodes {
			for _, c := range Divide(&p, r.Depth, runtime.GOMAXPROCS(0)) {
				got += c.Nodes
			}
		} else {
			got = Perft(&p, r.Depth)
		}
		if got != r.Nodes {
			t.Errorf("perft(%q, %d) = %d, want %d", r.FEN, r.Depth, got, r.Nodes)
		}
	}
}

// TestPerftTSV checks every published count of perft.tsv up to
// 5,000,000 nodes (all of them with -deep), .
func TestPerftTSV(t *testing.T) {
	runRows(t, rowsOf(t, "perft.tsv"), shallowNodes)
}

// TestPerftExtra checks extra.tsv the same way.
func TestPerftExtra(t *testing.T) {
	runRows(t, rowsOf(t, "extra.tsv"), shallowNodes)
}

// TestPerftChess960 checks the published counts of the 960 Chess960
// positions up to 100,000 nodes (perft 1 to 3)  ; the
// public API's tests run them to 1,000,000 (perft 4), -deep all of them.
func TestPerftChess960(t *testing.T) {
	if testing.Short() && !*deep {
		t.Skip("-short")
	}
	runRows(t, rowsOf(t, "chess960.tsv"), shallow960)
}

func TestPerftDepthBounds(t *testing.T) {
	start := StartPosition()
	if n := Perft(&start, 0); n != 1 {
		t.Errorf("perft 0 = %d, want 1", n)
	}
	for _, d := range []int{-1, MaxPerftDepth + 1, 1 << 30} {
		if n := Perft(&start, d); n != 0 {
			t.Errorf("perft %d = %d, want 0", d, n)
		}
		if c := Divide(&start, d, 1); c != nil {
			t.Errorf("divide %d = %v, want nil", d, c)
		}
	}
	if d := Divide(&start, 0, 1); d != nil {
		t.Errorf("divide 0 = %v, want nil", d)
	}
	// A position whose every line ends at once runs to any depth allowed.
	mate, err := ParseFEN("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if n := Perft(&mate, MaxPerftDepth); n != 0 {
		t.Errorf("perft %d of a mate = %d, want 0", MaxPerftDepth, n)
	}
}

// TestDivide checks that divide splits perft exactly, whatever the thread count, and that its moves are the legal moves.
func TestDivide(t *testing.T) {
	kiwipete, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	want := Divide(&kiwipete, 3, 1)
	if len(want) != 48 {
		t.Fatalf("divide has %d moves, want 48", len(want))
	}
	var sum uint64
	for _, c := range want {
		sum += c.Nodes
	}
	if sum != 97862 {
		t.Errorf("divide sums to %d, want 97862", sum)
	}
	for _, threads := range []int{2, 3, 100} {
		got := Divide(&kiwipete, 3, threads)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("divide with %d threads differs from one thread", threads)
		}
	}
	// Moves checked by hand against the position, legal and not.
	got := map[string]uint64{}
	for _, c := range Divide(&kiwipete, 1, 1) {
		got[c.Move.String()] = c.Nodes
	}
	for _, m := range []string{"e1g1", "e1c1", "d5e6", "e5f7", "a2a4", "f3f6"} {
		if got[m] != 1 {
			t.Errorf("kiwipete: legal move %s missing from divide", m)
		}
	}
	for _, m := range []string{"e1e2", "e1f2", "d5e6q", "b2b1", "e1h1", "e1a1"} {
		if _, ok := got[m]; ok {
			t.Errorf("kiwipete: %s is no legal move", m)
		}
	}
}

// TestPublishedFENs: every position of the published perft counts, however
// deep its rows, passes ParseFEN's rules (they are reachable positions: a
// rule that rejected one would be wrong).
func TestPublishedFENs(t *testing.T) {
	for _, name := range []string{"perft.tsv", "extra.tsv", "chess960.tsv"} {
		for _, r := range rowsOf(t, name) {
			if _, err := ParseFEN(r.FEN); err != nil {
				t.Errorf("%s: %s: %v", name, r.FEN, err)
			}
		}
	}
}
