package perft

import (
	"bufio"
	"flag"
	"fmt"
	"github.com/symmagic/attacks/magic"
	"math/bits"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/symmagic/attacks"
)

var (
	// The counts are the Chess Programming Wiki's (testdata/README.md), kept
	// in the repository so that the tests run in any clone.
	tsvPath = flag.String("tsv", "testdata/perft.tsv", "published perft counts: fen, depth, nodes, tab-separated, with a header line")
	deep    = flag.Bool("deep", false, "also run the perft rows over 5,000,000 nodes (minutes), on every CPU")
)

// shallowNodes is the most nodes a row may have to run without -deep.
const shallowNodes = 5_000_000

type perftRow struct {
	fen   string
	depth int
	nodes uint64
}

func loadTSV(t testing.TB) []perftRow {
	t.Helper()
	f, err := os.Open(*tsvPath)
	if err != nil {
		t.Fatalf("the published perft counts: %v", err)
	}
	defer f.Close()
	var rows []perftRow
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		cols := strings.Split(sc.Text(), "\t")
		if line == 1 {
			if strings.Join(cols, ",") != "fen,depth,nodes" {
				t.Fatalf("%s:1: header %q, want fen<TAB>depth<TAB>nodes", *tsvPath, sc.Text())
			}
			continue
		}
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		if len(cols) != 3 {
			t.Fatalf("%s:%d: %d columns, want 3", *tsvPath, line, len(cols))
		}
		depth, err1 := strconv.Atoi(cols[1])
		nodes, err2 := strconv.ParseUint(cols[2], 10, 64)
		if err1 != nil || err2 != nil || depth < 0 {
			t.Fatalf("%s:%d: bad depth or nodes in %q", *tsvPath, line, sc.Text())
		}
		rows = append(rows, perftRow{cols[0], depth, nodes})
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", *tsvPath, err)
	}
	if len(rows) == 0 {
		t.Fatalf("%s: no rows", *tsvPath)
	}
	return rows
}

// Classic positions, with counts known from several independent
// generators: the Chess Programming Wiki's positions 4 (and its mirror), 5
// and 6, and the tricky endgames (en passant exposing the king, castling
// giving check, promotions, stalemates) of Martin Sedlak's list.
var extraRows = []perftRow{
	{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 1, 6},
	{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 2, 264},
	{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467},
	{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333},
	{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292},
	{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6, 706045033},
	{"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 4, 422333},
	{"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 5, 15833292},
	{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 1, 44},
	{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2, 1486},
	{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379},
	{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
	{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89941194},
	{"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 1, 46},
	{"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 2, 2079},
	{"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 3, 89890},
	{"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594},
	{"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 164075551},
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
	// The pawn pair pinned along the rank, counted by hand: Ka5 has a4, a6,
	// b4, b5, b6; c5-c6; cxd6 e.p. would open the fifth rank to the rook.
	{"3k4/8/8/K1Pp3r/8/8/8/8 w - d6 0 2", 1, 6},
}

func runRows(t *testing.T, rows []perftRow) {
	ran := 0
	defer func() { t.Logf("%d of %d rows run in every mode (-deep runs all)", ran, len(rows)) }()
	for _, r := range rows {
		if r.nodes > shallowNodes && !*deep {
			continue
		}
		ran++
		p, err := ParseFEN(r.fen)
		if err != nil {
			t.Fatalf("%s: %v", r.fen, err)
		}
		for _, mode := range Modes {
			var got uint64
			if r.nodes > shallowNodes {
				for _, c := range Divide(p, r.depth, mode, runtime.GOMAXPROCS(0)) {
					got += c.Nodes
				}
			} else {
				got = Perft(p, r.depth, mode)
			}
			if got != r.nodes {
				t.Errorf("slider %v: perft(%q, %d) = %d, want %d", mode, r.fen, r.depth, got, r.nodes)
			}
		}
	}
}

// TestPerftTSV checks every published count of testdata/perft.tsv up to
// 5,000,000 nodes (all of them with -deep), in every slider mode.
func TestPerftTSV(t *testing.T) { runRows(t, loadTSV(t)) }

func TestPerftExtra(t *testing.T) { runRows(t, extraRows) }

func TestPerftDepth0(t *testing.T) {
	for _, mode := range Modes {
		if n := Perft(StartPosition(), 0, mode); n != 1 {
			t.Errorf("%v: perft 0 = %d, want 1", mode, n)
		}
		if d := Divide(StartPosition(), 0, mode, 1); d != nil {
			t.Errorf("%v: divide 0 = %v, want nil", mode, d)
		}
	}
}

// TestDivide checks that divide splits perft exactly, in every mode and
// whatever the thread count, and that its moves are the legal moves.
func TestDivide(t *testing.T) {
	kiwipete, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	for _, mode := range Modes {
		want := Divide(kiwipete, 3, mode, 1)
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
			got := Divide(kiwipete, 3, mode, threads)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%v: divide with %d threads differs from one thread", mode, threads)
			}
		}
	}
	// Moves checked by hand against the position, legal and not.
	got := map[string]uint64{}
	for _, c := range Divide(kiwipete, 1, ModeW, 1) {
		got[c.Move.String()] = c.Nodes
	}
	for _, m := range []string{"e1g1", "e1c1", "d5e6", "e5f7", "a2a4", "f3f6"} {
		if got[m] != 1 {
			t.Errorf("kiwipete: legal move %s missing from divide", m)
		}
	}
	for _, m := range []string{"e1e2", "e1f2", "d5e6q", "b2b1"} {
		if _, ok := got[m]; ok {
			t.Errorf("kiwipete: %s is no legal move", m)
		}
	}
}

// TestWalk plays every line to a few plies from varied positions and
// checks each position reached: the kept Occupancy in step with the occupancy, the
// mailbox agreeing with the bitboards, the counting and listing generators
// agreeing in every mode, and the position passing ParseFEN's checks after
// a FEN round trip (so no move left its own king in check, broke a
// castling right's placement or set a false en-passant square).
func TestWalk(t *testing.T) {
	fens := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
	}
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		walk(t, p, 3, &n)
		t.Logf("%s: %d positions", fen, n)
	}
}

func walk(t *testing.T, p *Position, depth int, n *int) {
	*n++
	check(t, p)
	if depth == 0 || t.Failed() {
		return
	}
	for _, m := range p.Moves() {
		c := *p
		c.Play(m)
		walk(t, &c, depth-1, n)
	}
}

func check(t *testing.T, p *Position) {
	t.Helper()
	fen := p.FEN()
	occ := p.occ()
	if p.o.Bitboard() != occ || p.o.W() != attacks.ToW(occ) {
		t.Fatalf("%s: Occupancy %#x %#x, want %#x and ToW(occ) = %#x", fen, p.o.Bitboard(), p.o.W(), occ, attacks.ToW(occ))
	}
	if p.byColor[White]&p.byColor[Black] != 0 {
		t.Fatalf("%s: a square is both colours", fen)
	}
	var all uint64
	for pt := Pawn; pt <= King; pt++ {
		if all&p.byType[pt] != 0 {
			t.Fatalf("%s: a square holds two piece types", fen)
		}
		all |= p.byType[pt]
	}
	if all != occ {
		t.Fatalf("%s: piece types cover %#x, colours %#x", fen, all, occ)
	}
	for sq := 0; sq < 64; sq++ {
		pc, b := p.board[sq], uint64(1)<<sq
		switch {
		case pc == NoPiece && occ&b != 0,
			pc != NoPiece && (p.byType[pc.Type()]&p.byColor[pc.Color()]&b == 0):
			t.Fatalf("%s: mailbox %s disagrees with the bitboards", fen, magic.SquareName(sq))
		}
	}
	q, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("a move led to a position ParseFEN rejects: %v", err)
	}
	if *q != *p {
		t.Fatalf("%s: FEN round trip changes the position", fen)
	}
	moves := len(p.Moves())
	for _, c := range []int{gen[W, counter](p, nil), gen[Occ, counter](p, nil), gen[Std, counter](p, nil), gen[Fancy, counter](p, nil), gen[Plain, counter](p, nil), gen[BlackMagic, counter](p, nil)} {
		if c != moves {
			t.Fatalf("%s: counted %d moves, listed %d", fen, c, moves)
		}
	}
	var list moveList
	if gen[Occ, lister](p, &list) != moves || gen[Std, lister](p, &list) != moves || gen[Fancy, lister](p, &list) != moves ||
		gen[Plain, lister](p, &list) != moves || gen[BlackMagic, lister](p, &list) != moves {
		t.Fatalf("%s: the modes list different numbers of moves", fen)
	}
	if bits.OnesCount64(p.checkers(p.side)) > 2 {
		t.Fatalf("%s: more than two checkers", fen)
	}
}

// TestSliderModes checks that each mode's copy of the generator calls no
// lookup through a function value or dictionary: the W, std, fancy, plain
// and black lookups are inlined (no call into either package at all), and
// the occ mode calls only NewOccupancy's permute.
// A fold that failed (say, two modes sharing a GC shape) would leave every
// count right and make the timings meaningless.
func TestSliderModes(t *testing.T) {
	// Each predicate holds for its own mode and no other.
	preds := []struct {
		name string
		is   []bool // W, Std, Fancy, Plain, BlackMagic, Occ, Hyperbola, Kindergarten
		own  int
	}{
		{"isW", []bool{isW[W](), isW[Std](), isW[Fancy](), isW[Plain](), isW[BlackMagic](), isW[Occ](), isW[Hyperbola](), isW[Kindergarten]()}, 0},
		{"isStd", []bool{isStd[W](), isStd[Std](), isStd[Fancy](), isStd[Plain](), isStd[BlackMagic](), isStd[Occ](), isStd[Hyperbola](), isStd[Kindergarten]()}, 1},
		{"isPlain", []bool{isPlain[W](), isPlain[Std](), isPlain[Fancy](), isPlain[Plain](), isPlain[BlackMagic](), isPlain[Occ](), isPlain[Hyperbola](), isPlain[Kindergarten]()}, 3},
		{"isBlack", []bool{isBlack[W](), isBlack[Std](), isBlack[Fancy](), isBlack[Plain](), isBlack[BlackMagic](), isBlack[Occ](), isBlack[Hyperbola](), isBlack[Kindergarten]()}, 4},
		{"isOcc", []bool{isOcc[W](), isOcc[Std](), isOcc[Fancy](), isOcc[Plain](), isOcc[BlackMagic](), isOcc[Occ](), isOcc[Hyperbola](), isOcc[Kindergarten]()}, 5},
		{"isHyperbola", []bool{isHyperbola[W](), isHyperbola[Std](), isHyperbola[Fancy](), isHyperbola[Plain](), isHyperbola[BlackMagic](), isHyperbola[Occ](), isHyperbola[Hyperbola](), isHyperbola[Kindergarten]()}, 6},
		{"isKindergarten", []bool{isKindergarten[W](), isKindergarten[Std](), isKindergarten[Fancy](), isKindergarten[Plain](), isKindergarten[BlackMagic](), isKindergarten[Occ](), isKindergarten[Hyperbola](), isKindergarten[Kindergarten]()}, 7},
	}
	for _, p := range preds {
		for i, v := range p.is {
			if v != (i == p.own) {
				t.Fatalf("%s is %v for mode %d: the mode predicates do not tell the modes apart", p.name, v, i)
			}
		}
	}
	if !counting[counter]() || counting[lister]() {
		t.Fatal("sink predicates do not tell the sinks apart")
	}
	if testing.Short() {
		t.Skip("compiles the package")
	}
	out, err := exec.Command("go", "build", "-gcflags=-S", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-S: %v\n%s", err, out)
	}
	fn := ""
	seen := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, " STEXT ") {
			fn = strings.Fields(line)[0]
			continue
		}
		// Only the functions that look up attacks in their mode's copy.
		var shape string
		for _, name := range []string{".gen[go.shape.", ".attacked[go.shape.", ".sliderAttackers[go.shape."} {
			if i := strings.Index(fn, name); i >= 0 {
				// The first shape: up to the comma, or to the closing
				// bracket (Occ's and BlackMagic's shapes, [3]uint8 and
				// [2]uint64, hold brackets themselves).
				shape = fn[i+len(name):]
				if j := strings.Index(shape, ","); j >= 0 {
					shape = shape[:j]
				} else {
					shape = shape[:strings.LastIndex(shape, "]")]
				}
			}
		}
		if shape == "" || !strings.Contains(line, "\tCALL\t") {
			continue
		}
		callee := strings.Fields(line)[len(strings.Fields(line))-1]
		seen[shape] = true
		isLookup := strings.Contains(callee, "symmagic/attacks.") || strings.Contains(callee, "bench/ref.")
		switch shape {
		case "uint8", "uint16", "uint32", "uint64", "[2]uint64", "[5]uint8", "[6]uint8": // W, Std, Fancy, Plain, BlackMagic, Hyperbola, Kindergarten
			if isLookup {
				t.Errorf("%s calls %s; its lookups should all be inlined", fn, callee)
			}
		case "[3]uint8": // Occ
			// NewOccupancy inlines around one call, its permute's
			// dispatcher (none in the simd build); the lookups are inlined.
			if isLookup && callee != "github.com/symmagic/attacks.permuteDispatch(SB)" {
				t.Errorf("%s calls %s; want only NewOccupancy's permute, attacks.permuteDispatch", fn, callee)
			}
		default:
			t.Errorf("%s: unexpected shape %q", fn, shape)
		}
	}
	if len(seen) != 8 {
		t.Errorf("found calls in the copies for shapes %v, want uint8, uint16, uint32, uint64, [2]uint64, [3]uint8, [5]uint8 and [6]uint8 (W, Std, Fancy, Plain, BlackMagic, Occ, Hyperbola, Kindergarten)", seen)
	}
}
