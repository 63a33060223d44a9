package polyglot_test

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/polyglot"
)

// formatWeights writes entries as python-chess's table has them:
// "uci:weight ...", "-" for none.
func formatWeights(entries []polyglot.Entry) string {
	if len(entries) == 0 {
		return "-"
	}
	var sb strings.Builder
	for i, e := range entries {
		if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%v:%d", e.Move, e.Weight)
	}
	return sb.String()
}

// filterBook opens a book of testdata/filter/python-chess.txt's first
// column: testdata/filter/NAME.bin or testdata/books/NAME.bin.
func filterBook(t *testing.T, name string) *polyglot.Book {
	t.Helper()
	data, err := os.ReadFile("testdata/filter/" + name + ".bin")
	if os.IsNotExist(err) {
		data, err = os.ReadFile("testdata/books/" + name + ".bin")
	}
	if err != nil {
		t.Fatal(err)
	}
	b, err := polyglot.NewBook(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestFilterLikePythonChess: at each position, minimum weight and set of
// excluded moves of python-chess's table (testdata/filter, ref/filter.py),
// FindWith gives python-chess's find_all and BestWith its find; PickWith
// and PickUniform pick only among find_all's entries (PickWith: those of
// positive weight, as weighted_choice), and ok where python-chess would
// not raise IndexError. The table's books hold entries of weight 0
// (zero-weights), ties, weights past 16,000 (halving), an underpromotion
// (lasker-trap) and weights of 1 alone (benchmark-uniform).
func TestFilterLikePythonChess(t *testing.T) {
	text := string(pgnBytes(t, "polyglot/testdata/filter/python-chess.txt"))
	books := map[string]*polyglot.Book{}
	rng := rand.New(rand.NewPCG(5, 3))
	rows, zeroRows := 0, 0
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		cols := strings.Split(line, "\t")
		if len(cols) != 6 {
			t.Fatalf("%q: want 6 columns", line)
		}
		name, fen, minCol, exCol, wantAll, wantBest := cols[0], cols[1], cols[2], cols[3], cols[4], cols[5]
		b := books[name]
		if b == nil {
			b = filterBook(t, name)
			books[name] = b
		}
		p, err := movegen.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		minWeight, err := strconv.ParseUint(minCol, 10, 16)
		if err != nil {
			t.Fatal(err)
		}
		f := polyglot.Filter{MinWeight: uint16(minWeight)}
		if exCol != "-" {
			for _, uci := range strings.Fields(exCol) {
				m, err := p.ParseUCI(uci)
				if err != nil {
					t.Fatal(err)
				}
				f.Exclude = append(f.Exclude, m)
			}
		}
		rows++
		all, skipped, err := b.FindWith(&p, f, nil)
		if err != nil || skipped != 0 {
			t.Fatalf("%s %s: %v, %d skipped", name, fen, err, skipped)
		}
		where := fmt.Sprintf("%s %s, minimum weight %d, excluded %s", name, fen, minWeight, exCol)
		if got := formatWeights(all); got != wantAll {
			t.Errorf("%s: FindWith %s, python-chess's find_all %s", where, got, wantAll)
		}
		for _, e := range all {
			if e.Weight == 0 {
				zeroRows++
				break
			}
		}
		best, ok, err := b.BestWith(&p, f)
		if err != nil {
			t.Fatal(err)
		}
		got := "-"
		if ok {
			got = formatWeights([]polyglot.Entry{best})
		}
		if got != wantBest {
			t.Errorf("%s: BestWith %s, python-chess's find %s", where, got, wantBest)
		}
		// The random picks: among find_all's entries.
		u, ok, err := b.PickUniform(&p, f, rng)
		if err != nil || ok != (wantAll != "-") || ok && !slicesContains(all, u) {
			t.Errorf("%s: PickUniform %v %v %v", where, u, ok, err)
		}
		w, ok, err := b.PickWith(&p, f, rng)
		positive := false
		for _, e := range all {
			positive = positive || e.Weight > 0
		}
		if err != nil || ok != positive || ok && (w.Weight == 0 || !slicesContains(all, w)) {
			t.Errorf("%s: PickWith %v %v %v", where, w, ok, err)
		}
	}
	if len(books) != 5 || zeroRows == 0 {
		t.Errorf("%d books, %d rows with an entry of weight 0: the test tests less than it says", len(books), zeroRows)
	}
	t.Logf("%d lookups, %d with entries of weight 0", rows, zeroRows)
}

func slicesContains(entries []polyglot.Entry, e polyglot.Entry) bool {
	for _, x := range entries {
		if x == e {
			return true
		}
	}
	return false
}

// The defaults: Find lists entries of weight 0 (the zero Filter), Best and
// Pick leave them out (Filter{MinWeight: 1}, python-chess's default);
// PickWith with the zero Filter is Pick, draw for draw.
func TestFilterDefaults(t *testing.T) {
	b := filterBook(t, "zero-weights")
	p := movegen.StartPosition()
	all, _, err := b.Find(&p, nil)
	if err != nil {
		t.Fatal(err)
	}
	with, _, err := b.FindWith(&p, polyglot.Filter{}, nil)
	if err != nil || formatWeights(with) != formatWeights(all) {
		t.Errorf("FindWith, the zero Filter: %s %v; Find %s", formatWeights(with), err, formatWeights(all))
	}
	played, _, err := b.FindWith(&p, polyglot.Filter{MinWeight: 1}, nil)
	if err != nil || len(played) == len(all) || len(played) == 0 {
		t.Fatalf("the start: %d entries, %d of weight 1 or more (%v): the test tests nothing", len(all), len(played), err)
	}
	best, ok, err := b.Best(&p)
	best1, ok1, err1 := b.BestWith(&p, polyglot.Filter{MinWeight: 1})
	if best != best1 || ok != ok1 || err != nil || err1 != nil || best.Weight == 0 {
		t.Errorf("Best %v %v %v, BestWith MinWeight 1 %v %v %v", best, ok, err, best1, ok1, err1)
	}
	r1, r2 := rand.New(rand.NewPCG(9, 9)), rand.New(rand.NewPCG(9, 9))
	for range 100 {
		a, _, _ := b.Pick(&p, r1)
		c, _, _ := b.PickWith(&p, polyglot.Filter{}, r2)
		if a != c || a.Weight == 0 {
			t.Fatalf("Pick %v, PickWith %v", a, c)
		}
	}
	// Excluding every move leaves nothing.
	f := polyglot.Filter{}
	for _, e := range all {
		f.Exclude = append(f.Exclude, e.Move)
	}
	if _, ok, err := b.PickUniform(&p, f, nil); ok || err != nil {
		t.Errorf("PickUniform, every move excluded: %v %v", ok, err)
	}
	if _, ok, err := b.PickWith(&p, f, nil); ok || err != nil {
		t.Errorf("PickWith, every move excluded: %v %v", ok, err)
	}
	if _, ok, err := b.BestWith(&p, f); ok || err != nil {
		t.Errorf("BestWith, every move excluded: %v %v", ok, err)
	}
}

// PickUniform: each entry kept as likely as another, whatever its weight;
// an excluded move never.
func TestPickUniform(t *testing.T) {
	b := filterBook(t, "zero-weights")
	p := movegen.StartPosition()
	all, _, err := b.Find(&p, nil)
	if err != nil || len(all) < 3 {
		t.Fatalf("%d entries at the start, %v", len(all), err)
	}
	f := polyglot.Filter{Exclude: []movegen.Move{all[1].Move}}
	kept := len(all) - 1
	const n = 60000
	count := map[movegen.Move]int{}
	r := rand.New(rand.NewPCG(1, 2))
	for range n {
		e, ok, err := b.PickUniform(&p, f, r)
		if !ok || err != nil {
			t.Fatal(ok, err)
		}
		count[e.Move]++
	}
	if count[all[1].Move] != 0 || len(count) != kept {
		t.Fatalf("picked %v; %s excluded, %d kept", count, all[1].Move, kept)
	}
	want := float64(n) / float64(kept)
	sd := math.Sqrt(want * (1 - 1/float64(kept)))
	for m, c := range count {
		if math.Abs(float64(c)-want) > 5*sd {
			t.Errorf("%s: picked %d times, want %.0f ± %.0f", m, c, want, 5*sd)
		}
	}
}
