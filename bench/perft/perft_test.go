package perft

import (
	"flag"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"slices"
	"testing"

	"github.com/symmagic/attacks/internal/board"
	"github.com/symmagic/attacks/internal/board/boardtest"
	"github.com/symmagic/attacks/internal/perftdata"
)

var deep = flag.Bool("deep", false, "also run the perft rows over 5,000,000 nodes (minutes to hours), on every CPU")

// shallowNodes is the most nodes a row of perft.tsv or extra.tsv may have to
// run without -deep; shallow960 the same for chess960.tsv (perft 1 to 3).
const (
	shallowNodes = 5_000_000
	shallow960   = 100_000
)

// knownCounts returns the published counts of standard chess, the
// library's (internal/perftdata, whose README.md says where they come from).
func knownCounts(tb testing.TB) []perftdata.Row {
	tb.Helper()
	rows, err := perftdata.Known()
	if err != nil {
		tb.Fatal(err)
	}
	return rows
}

// load960 returns the published counts of the 960 Chess960 positions.
func load960(tb testing.TB) []perftdata.Row {
	tb.Helper()
	rows, err := perftdata.Load("chess960.tsv")
	if err != nil {
		tb.Fatal(err)
	}
	return rows
}

func runRows(t *testing.T, rows []perftdata.Row, limit uint64) {
	ran := 0
	defer func() { t.Logf("%d of %d rows run in every mode (-deep runs all)", ran, len(rows)) }()
	for _, r := range rows {
		if r.Nodes > limit && !*deep {
			continue
		}
		ran++
		p, err := ParseFEN(r.FEN)
		if err != nil {
			t.Fatalf("%s: %v", r.FEN, err)
		}
		for _, mode := range Modes {
			var got uint64
			if r.Nodes > shallowNodes {
				for _, c := range Divide(&p, r.Depth, mode, runtime.GOMAXPROCS(0)) {
					got += c.Nodes
				}
			} else {
				got = Perft(&p, r.Depth, mode)
			}
			if got != r.Nodes {
				t.Errorf("slider %v: perft(%q, %d) = %d, want %d", mode, r.FEN, r.Depth, got, r.Nodes)
			}
		}
	}
}

// TestPerftTSV checks every published count of perft.tsv and extra.tsv up
// to 5,000,000 nodes (all of them with -deep), in every slider mode.
func TestPerftTSV(t *testing.T) { runRows(t, knownCounts(t), shallowNodes) }

// TestPerftChess960 checks the 960 Chess960 positions' published counts up
// to 100,000 nodes (perft 1 to 3; all with -deep) in every slider mode.
func TestPerftChess960(t *testing.T) {
	if testing.Short() && !*deep {
		t.Skip("-short")
	}
	runRows(t, load960(t), shallow960)
}

func TestPerftDepth0(t *testing.T) {
	start := StartPosition()
	for _, mode := range Modes {
		if n := Perft(&start, 0, mode); n != 1 {
			t.Errorf("%v: perft 0 = %d, want 1", mode, n)
		}
		if d := Divide(&start, 0, mode, 1); d != nil {
			t.Errorf("%v: divide 0 = %v, want nil", mode, d)
		}
	}
}

// TestModes checks the names and the table of the modes: every mode has a
// name ParseMode reads back and its own copy of the generator.
func TestModes(t *testing.T) {
	if len(Modes)+len(Variants) != len(modes) {
		t.Fatalf("%d modes and %d variants listed, %d with a generator", len(Modes), len(Variants), len(modes))
	}
	seen := map[Mode]bool{}
	for _, m := range append(Modes[:len(Modes):len(Modes)], Variants...) {
		got, err := ParseMode(m.String())
		if err != nil || got != m || seen[m] {
			t.Errorf("mode %d: ParseMode(%q) = %v, %v (listed twice: %v)", m, m.String(), got, err, seen[m])
		}
		seen[m] = true
		if e := modes[m]; e.perft == nil || e.divide == nil || e.run == nil || e.lists == nil {
			t.Errorf("mode %v has no generator", m)
		}
	}
	if _, err := ParseMode("magic"); err == nil {
		t.Error("ParseMode(\"magic\"): no error")
	}
}

// TestModeCopies checks that the copies bench/internal/modegen wrote,
// internal's directories, are the modes and variants this package runs,
// one each: a mode the generator writes but no entry runs, or the other
// way round, is a mistake the compiler does not see.
func TestModeCopies(t *testing.T) {
	entries, err := os.ReadDir("internal")
	if err != nil {
		t.Fatal(err)
	}
	var dirs, names []string
	for _, e := range entries {
		dirs = append(dirs, e.Name())
	}
	for _, m := range append(Modes[:len(Modes):len(Modes)], Variants...) {
		names = append(names, m.String())
	}
	slices.Sort(dirs)
	slices.Sort(names)
	if !slices.Equal(dirs, names) {
		t.Errorf("bench/perft/internal holds %q, the modes are %q", dirs, names)
	}
}

// TestPositionSizes checks that every mode's Position has the size of w's,
// which keeps an attacks.Occupancy: the modes that keep none hold room for
// one, so that the copy-make search copies the same bytes in every mode
// and the positions lie alike in memory (the modegen template's keptOcc).
func TestPositionSizes(t *testing.T) {
	for _, m := range append(Modes[:len(Modes):len(Modes)], Variants...) {
		want := modes[ModeW].size
		if m == ModeStdSmall {
			want -= 16 // the variant without the room
		}
		if got := modes[m].size; got != want {
			t.Errorf("mode %v: Position takes %d bytes, want %d", m, got, want)
		}
	}
}

// TestVariants checks the variant modes against the published counts up
// to 1,000,000 nodes and against w's moves on a walk two plies deep.
func TestVariants(t *testing.T) {
	for _, r := range knownCounts(t) {
		if r.Nodes > 1_000_000 {
			continue
		}
		p, err := ParseFEN(r.FEN)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range Variants {
			if got := Perft(&p, r.Depth, m); got != r.Nodes {
				t.Errorf("variant %v: perft(%q, %d) = %d, want %d", m, r.FEN, r.Depth, got, r.Nodes)
			}
		}
	}
	for _, fen := range boardtest.WalkFENs {
		p, _ := ParseFEN(fen)
		want := ListsOf(&p, ModeW)
		for _, m := range Variants {
			if got := ListsOf(&p, m); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: variant %v lists other moves than w", fen, m)
			}
		}
	}
}

// TestDivide checks that divide splits perft exactly, in every mode and
// whatever the thread count.
func TestDivide(t *testing.T) {
	kiwipete, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	for _, mode := range Modes {
		want := Divide(&kiwipete, 3, mode, 1)
		if len(want) != 48 {
			t.Fatalf("%v: divide has %d moves, want 48", mode, len(want))
		}
		var sum uint64
		for _, c := range want {
			sum += c.Nodes
		}
		if sum != 97862 {
			t.Errorf("%v: divide sums to %d, want 97862", mode, sum)
		}
		for _, threads := range []int{2, 3, 100} {
			got := Divide(&kiwipete, 3, mode, threads)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%v: divide with %d threads differs from one thread", mode, threads)
			}
		}
	}
}

// TestWalk plays every line to a few plies from varied positions, standard
// and Chess960, and checks that every mode lists, counts and lists the
// captures of each position reached as mode w does, and makes the same
// positions: the library's tests run its own generator, the w mode's
// source, and only this module has the other modes.
func TestWalk(t *testing.T) {
	depth := 3
	if testing.Short() {
		depth = 2
	}
	for _, fen := range boardtest.WalkFENs {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		walk(t, &p, depth, &n)
		t.Logf("%s: %d positions", fen, n)
	}
}

func walk(t *testing.T, p *Position, depth int, n *int) {
	*n++
	want := ListsOf(p, ModeW)
	if want.Count != len(want.Moves) {
		t.Fatalf("%s: w counts %d moves, lists %d", p.FEN(), want.Count, len(want.Moves))
	}
	for _, mode := range Modes[1:] {
		if got := ListsOf(p, mode); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: slider %v lists other moves or positions than w:\n%+v\n%+v", p.FEN(), mode, got, want)
		}
	}
	if depth == 0 {
		return
	}
	var list board.MoveList
	for _, m := range list[:board.Generate(p, &list)] {
		c := *p
		board.Play(&c, m)
		walk(t, &c, depth-1, n)
		if t.Failed() {
			return
		}
	}
}
