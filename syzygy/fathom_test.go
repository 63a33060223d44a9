package syzygy

import (
	"bufio"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/symmagic/attacks/internal/syzygydata"
	"github.com/symmagic/attacks/movegen"
)

// The reference values of Fathom (testdata/fathom, written by
// bench/cmd/syzygy, whose README there says how): digests of every legal
// position of each 3-piece table and of a million random 4-piece positions,
// rows of explicit values, root probes.

var long = flag.Bool("long", false, "check the digests of every table, the million 4-piece positions included (about 20 s)")

// testdata is the tables' directory.
const testdata = "testdata/regular"

func openTB(t testing.TB) *Tablebase {
	t.Helper()
	tb, err := Open(testdata)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tb.Close() })
	return tb
}

// readTSV reads a reference file: its header's columns, then its rows.
func readTSV(t testing.TB, path string, header string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	if !sc.Scan() || sc.Text() != header {
		t.Fatalf("%s: header %q, want %q", path, sc.Text(), header)
	}
	want := strings.Count(header, "\t") + 1
	var rows [][]string
	for line := 2; sc.Scan(); line++ {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != want {
			t.Fatalf("%s:%d: %d columns, want %d", path, line, len(cols), want)
		}
		rows = append(rows, cols)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

func atoi(t testing.TB, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// digestRow is one table's line of digests.tsv.
type digestRow struct {
	name, set string
	n         int
	byWDL     [5]int
	sum       string
}

func readDigests(t testing.TB) []digestRow {
	var out []digestRow
	for _, c := range readTSV(t, "testdata/fathom/digests.tsv", "table\tset\tpositions\tloss\tblessed\tdraw\tcursed\twin\tsha256") {
		r := digestRow{name: c[0], set: c[1], n: atoi(t, c[2]), sum: c[8]}
		for i := range r.byWDL {
			r.byWDL[i] = atoi(t, c[3+i])
		}
		out = append(out, r)
	}
	return out
}

// digest probes each position of a reference set and digests the values
// as bench/cmd/syzygy digests Fathom's.
func digest(t testing.TB, tb *Tablebase, name, set string, corrupt int) *syzygydata.Digest {
	d := syzygydata.NewDigest()
	add := func(p *movegen.Position) {
		w, err := tb.ProbeWDL(p)
		if err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		z, err := tb.ProbeDTZ(p)
		if err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		if d.N == corrupt {
			z.Plies++
		}
		d.Add(int(w), z.Plies)
	}
	switch set {
	case "all":
		if err := syzygydata.Enumerate(name, add); err != nil {
			t.Fatal(err)
		}
	case "sample":
		ps, err := syzygydata.Sample(name, syzygydata.SampleSize, syzygydata.SampleSeed(name))
		if err != nil {
			t.Fatal(err)
		}
		for i := range ps {
			add(&ps[i])
		}
	default:
		t.Fatalf("%s: set %q", name, set)
	}
	return d
}

// TestFathomDigests compares the package's WDL and DTZ of every legal
// position of each 3-piece table and of each 4-piece table's sample with
// Fathom's, by their digests: with -long, every table (about 20 s); by
// default the 3-piece tables but KQvK and KRvK (whose DTZ probes search
// one ply for half their 800,000 positions: 12 s) and four 4-piece ones,
// every kind of index among them (two kings leading, three pieces
// leading, pawns of one side, pawns of both); with -short KPvKP's.
func TestFathomDigests(t *testing.T) {
	tb := openTB(t)
	rows := readDigests(t)
	if len(rows) != 35 {
		t.Fatalf("digests.tsv has %d tables, want the 5 of 3 pieces and the 30 of 4", len(rows))
	}
	some := map[string]bool{"KBvK": true, "KNvK": true, "KPvK": true, "KRRvK": true, "KQvKR": true, "KBPvK": true, "KPvKP": true}
	short := map[string]bool{"KPvKP": true}
	for _, r := range rows {
		if !*long && (!some[r.name] || testing.Short() && !short[r.name]) {
			continue
		}
		t.Run(r.name, func(t *testing.T) {
			d := digest(t, tb, r.name, r.set, -1)
			if d.N != r.n || d.ByWDL != r.byWDL || d.Sum() != r.sum {
				t.Errorf("%s (%s): %d positions, by WDL %v, digest %s; Fathom's: %d, %v, %s (TestFathomRows lists explicit values)",
					r.name, r.set, d.N, d.ByWDL, d.Sum(), r.n, r.byWDL, r.sum)
			}
		})
	}
}

// TestFathomDigestCatchesOneValue checks that the digest comparison fails
// when a single DTZ of a table differs: one value in the middle of KPvKP's
// sample is changed by one ply.
func TestFathomDigestCatchesOneValue(t *testing.T) {
	tb := openTB(t)
	for _, r := range readDigests(t) {
		if r.name != "KPvKP" {
			continue
		}
		d := digest(t, tb, r.name, r.set, r.n/2)
		if d.N != r.n {
			t.Fatalf("%d positions, want %d", d.N, r.n)
		}
		if d.Sum() == r.sum {
			t.Fatal("the digest did not change when one DTZ did")
		}
		return
	}
	t.Fatal("no KPvKP in digests.tsv")
}

// TestFathomRows compares the package's values with Fathom's on the rows
// kept beside the digests: every 10,007th position of each 3-piece
// enumeration and every 337th of each 4-piece sample.
func TestFathomRows(t *testing.T) {
	tb := openTB(t)
	rows := readTSV(t, "testdata/fathom/rows.tsv", "fen\twdl\tdtz")
	if len(rows) < 3000 {
		t.Fatalf("%d rows, want over 3000", len(rows))
	}
	bad := 0
	for _, c := range rows {
		w, d := probeFEN(t, tb, c[0])
		if int(w) != atoi(t, c[1]) || d.Plies != atoi(t, c[2]) {
			bad++
			if bad <= 10 {
				t.Errorf("%s: WDL %d, DTZ %v; Fathom: %s, %s", c[0], w, d, c[1], c[2])
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d rows differ", bad, len(rows))
	}
}

// TestFathomRoot compares RootMoves and RootMovesWDL with Fathom's root
// probes, tb_probe_root_dtz and tb_probe_root_wdl with the fifty-move rule,
// on a thousand positions with halfmove clocks from 0 to 99, some having
// repeated, some with an en-passant capture: the same moves, each with the
// same ranks, but where Fathom and Stockfish differ. Fathom, told nothing
// of the game but whether it has repeated, ranks a move that brings the
// clock to 100 by the tables alone; Stockfish's root probes, which the
// package follows, rank it a draw, 0, unless it mates (a third occurrence
// too, which these games do not reach). Those moves, the ones that do not
// zero and draw by the rules (drawsAtOnce), are expected at 0;
// TestStockfishRoot compares them with Stockfish itself.
func TestFathomRoot(t *testing.T) {
	tb := openTB(t)
	rows := readTSV(t, "testdata/fathom/root.tsv", "fen\trepeated\tmoves")
	if len(rows) < 900 {
		t.Fatalf("%d rows, want about a thousand", len(rows))
	}
	repeats, claims := 0, 0
	for _, c := range rows {
		p, err := movegen.ParseFEN(c[0])
		if err != nil {
			t.Fatal(err)
		}
		var h *movegen.History
		if c[1] == "1" {
			if h, p, err = syzygydata.Repetition(p); err != nil {
				t.Fatalf("%s: %v", c[0], err)
			}
			repeats++
		}
		got, err := tb.RootMoves(&p, h)
		if err != nil {
			t.Fatalf("%s: %v", c[0], err)
		}
		gotWDL, err := tb.RootMovesWDL(&p, h)
		if err != nil {
			t.Fatalf("%s: %v", c[0], err)
		}
		ranks := map[string][2]int{}
		for i := range got {
			r := ranks[got[i].Move.String()]
			r[0] = got[i].Rank
			ranks[got[i].Move.String()] = r
			r = ranks[gotWDL[i].Move.String()]
			r[1] = gotWDL[i].Rank
			ranks[gotWDL[i].Move.String()] = r
		}
		want := strings.Fields(c[2])
		if len(want) != len(got) || len(want) != len(gotWDL) {
			t.Errorf("%s: %d and %d moves, Fathom %d", c[0], len(got), len(gotWDL), len(want))
			continue
		}
		for _, w := range want {
			f := strings.Split(w, ":")
			r, ok := ranks[f[0]]
			if len(f) != 3 {
				t.Fatalf("%s: %q", c[0], w)
			}
			exp := [2]int{atoi(t, f[1]), atoi(t, f[2])}
			if m, err := p.ParseUCI(f[0]); err == nil && drawsAtOnce(&p, h, m) {
				exp = [2]int{0, 0}
				claims++
			}
			if !ok || r != exp {
				t.Errorf("%s (repeated %s): %s ranked %v (listed %v); want %v (Fathom %s)", c[0], c[1], f[0], r, ok, exp, w)
			}
		}
	}
	if repeats == 0 || claims == 0 {
		t.Errorf("%d root positions have repeated, %d moves claim a draw", repeats, claims)
	}
}
