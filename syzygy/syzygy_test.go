package syzygy

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/symmagic/attacks/internal/syzygydata"
	"github.com/symmagic/attacks/movegen"
)

func mustFEN(t testing.TB, fen string) movegen.Position {
	t.Helper()
	p, err := movegen.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestKnown checks positions whose values their programs' documentation
// gives: Fathom's README ("8/8/8/8/B7/N7/K2k4/8 b" loses, DTZ 59, as
// Fathom prints it: the distance without its sign) and python-chess's
// docstrings, and king against king.
func TestKnown(t *testing.T) {
	tb := openTB(t)
	for _, c := range []struct {
		fen string
		wdl WDL
		dtz int
	}{
		{"8/8/8/8/B7/N7/K2k4/8 b - - 0 1", Loss, -59},
		{"8/2K5/4B3/3N4/8/8/4k3/8 b - - 0 1", Loss, -53},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", Draw, 0},
		{"4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1", Loss, -1}, // mated
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Draw, 0},   // stalemate
		{"8/8/8/8/8/1K6/8/k1Q5 b - - 0 1", Loss, -1},
	} {
		p := mustFEN(t, c.fen)
		w, err := tb.ProbeWDL(&p)
		if err != nil || w != c.wdl {
			t.Errorf("%s: WDL %v, %v; want %v", c.fen, w, err, c.wdl)
		}
		d, err := tb.ProbeDTZ(&p)
		if err != nil || d.Plies != c.dtz {
			t.Errorf("%s: DTZ %v, %v; want %d", c.fen, d, err, c.dtz)
		}
	}
}

func TestWDLString(t *testing.T) {
	for w, s := range map[WDL]string{Loss: "loss", BlessedLoss: "blessed loss", Draw: "draw", CursedWin: "cursed win", Win: "win", 7: "WDL(7)"} {
		if w.String() != s {
			t.Errorf("%d: %q, want %q", int8(w), w.String(), s)
		}
	}
}

func TestDTZ(t *testing.T) {
	for _, c := range []struct {
		d   DTZ
		s   string
		wdl WDL
	}{
		{DTZ{Plies: 0}, "0", Draw},
		{DTZ{Plies: 1}, "1", Win},
		{DTZ{12, true}, "12 or 13", Win},
		{DTZ{-12, true}, "-12 or -13", Loss},
		{DTZ{Plies: 100}, "100", Win},
		{DTZ{Plies: 101}, "101", CursedWin},
		{DTZ{Plies: -100}, "-100", Loss},
		{DTZ{Plies: -101}, "-101", BlessedLoss},
	} {
		if c.d.String() != c.s || c.d.WDL() != c.wdl {
			t.Errorf("%#v: %q %v, want %q %v", c.d, c.d.String(), c.d.WDL(), c.s, c.wdl)
		}
	}
}

// TestRefused checks the positions a probe refuses, and the errors' texts.
func TestRefused(t *testing.T) {
	tb := openTB(t)
	var zero movegen.Position
	for _, c := range []struct {
		p    movegen.Position
		want string
		is   func(error) bool
	}{
		{mustFEN(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "syzygy: the position holds a castling right; the tables hold none",
			func(err error) bool { return errors.Is(err, ErrCastling) }},
		{mustFEN(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"), "syzygy: 32 pieces; the tables hold at most 4",
			func(err error) bool {
				var e *TooManyPiecesError
				return errors.As(err, &e) && e.Pieces == 32 && e.Max == 4
			}},
		{mustFEN(t, "4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1"), "syzygy: 5 pieces; the tables hold at most 4", nil},
		{zero, "syzygy: position: no king of each side", func(err error) bool { var e *PositionError; return errors.As(err, &e) }},
	} {
		_, err1 := tb.ProbeWDL(&c.p)
		_, err2 := tb.ProbeDTZ(&c.p)
		_, err3 := tb.RootMoves(&c.p, nil)
		_, err4 := tb.RootMovesWDL(&c.p, nil)
		for _, err := range []error{err1, err2, err3, err4} {
			if err == nil || err.Error() != c.want || c.is != nil && !c.is(err) {
				t.Errorf("%s: %v, want %q", c.p.FEN(), err, c.want)
			}
		}
	}
}

// TestRefusedCalls: a nil position and a Tablebase that Open did not make
// are errors of every probe, not panics.
func TestRefusedCalls(t *testing.T) {
	tb := openTB(t)
	p := mustFEN(t, "8/8/8/3k4/8/8/8/R3K3 w - - 0 1")
	var zero Tablebase
	for _, c := range []struct {
		tb   *Tablebase
		p    *movegen.Position
		want string
	}{
		{tb, nil, "syzygy: position: a nil position"},
		{&zero, &p, "syzygy: the Tablebase was not made by Open"},
	} {
		_, err1 := c.tb.ProbeWDL(c.p)
		_, err2 := c.tb.ProbeDTZ(c.p)
		_, err3 := c.tb.RootMoves(c.p, nil)
		_, err4 := c.tb.RootMovesWDL(c.p, nil)
		for _, err := range []error{err1, err2, err3, err4} {
			if err == nil || err.Error() != c.want {
				t.Errorf("%v, want %q", err, c.want)
			}
		}
	}
}

// copyTables copies the named table files into a new directory.
func copyTables(t *testing.T, files ...string) string {
	dir := t.TempDir()
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(testdata, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestMissingTables checks that a probe that needs a table not given names
// its file, the table a capture leads to included.
func TestMissingTables(t *testing.T) {
	dir := copyTables(t, "KQvKR.rtbw", "KQvK.rtbw", "KQvK.rtbz")
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if got := strings.Join(tb.Tables(), " "); got != "KQvK KQvKR" || tb.MaxPieces() != 4 || !tb.HasDTZ("KQvK") || tb.HasDTZ("KQvKR") {
		t.Errorf("tables %q, max %d, DTZ %v %v", got, tb.MaxPieces(), tb.HasDTZ("KQvK"), tb.HasDTZ("KQvKR"))
	}
	for _, c := range []struct {
		fen, file string
		dtz       bool
	}{
		{"8/8/8/8/8/1k6/8/1K1Q3r b - - 0 1", "KRvK.rtbw", false}, // the rook takes the queen: KRvK (Black's rook)
		{"8/8/8/8/3r4/1k6/8/K6Q w - - 0 1", "KQvKR.rtbz", true},
		{"8/8/8/8/8/1k6/8/K2N2r1 w - - 0 1", "KRvKN.rtbw", false}, // not KNvKR: the name the generator writes
		{"8/8/8/8/8/1k6/6r1/K2R4 w - - 0 1", "KRvKR.rtbw", false},
	} {
		p := mustFEN(t, c.fen)
		var err error
		if c.dtz {
			_, err = tb.ProbeDTZ(&p)
		} else {
			_, err = tb.ProbeWDL(&p)
		}
		var m *MissingTableError
		if !errors.As(err, &m) || m.File != c.file || err.Error() != "syzygy: missing table "+c.file {
			t.Errorf("%s: %v, want the missing table %s", c.fen, err, c.file)
		}
	}
	// What the tables given answer, they answer.
	p := mustFEN(t, "8/8/8/8/8/1k6/8/K3Q3 w - - 0 1")
	if d, err := tb.ProbeDTZ(&p); err != nil || d.Plies <= 0 {
		t.Errorf("KQvK: %v, %v", d, err)
	}
}

func TestOpenErrors(t *testing.T) {
	if _, err := Open(filepath.Join(t.TempDir(), "none")); err == nil || !strings.HasPrefix(err.Error(), "syzygy: ") {
		t.Errorf("a directory that does not exist: %v", err)
	}
	empty := t.TempDir()
	os.WriteFile(filepath.Join(empty, "README"), []byte("no tables"), 0o644)
	os.WriteFile(filepath.Join(empty, "KvQK.rtbw"), make([]byte, 80), 0o644) // not a table's name
	if _, err := Open(empty); err == nil || !strings.Contains(err.Error(), "no Syzygy WDL table") {
		t.Errorf("no tables: %v", err)
	}
	bad := copyTables(t, "KQvK.rtbw")
	os.WriteFile(filepath.Join(bad, "KRvK.rtbw"), make([]byte, 100), 0o644)
	var te *TableError
	if _, err := Open(bad); !errors.As(err, &te) || !strings.Contains(err.Error(), "KRvK.rtbw: 100 bytes") {
		t.Errorf("a file of the wrong size: %v", err)
	}
}

// TestCorruptFiles checks that a file that is not the table it is named,
// or is cut short, is a *TableError on every probe that needs it, and
// that the other tables still answer.
func TestCorruptFiles(t *testing.T) {
	dir := copyTables(t, "KQvK.rtbw", "KQvK.rtbz", "KRvK.rtbw")
	wdl, _ := os.ReadFile(filepath.Join(dir, "KQvK.rtbw"))
	os.WriteFile(filepath.Join(dir, "KRvK.rtbw"), wdl, 0o644) // KQvK's content under KRvK's name
	dtz, _ := os.ReadFile(filepath.Join(dir, "KQvK.rtbz"))
	os.WriteFile(filepath.Join(dir, "KQvK.rtbz"), dtz[:len(dtz)-64], 0o644) // cut short, still 16 mod 64
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	kr := mustFEN(t, "8/8/8/8/8/1k6/8/K2R4 w - - 0 1")
	kq := mustFEN(t, "8/8/8/8/8/1k6/8/K3Q3 w - - 0 1")
	for i := 0; i < 2; i++ {
		var te *TableError
		if _, err := tb.ProbeWDL(&kr); !errors.As(err, &te) || !strings.HasSuffix(te.Path, "KRvK.rtbw") {
			t.Errorf("KRvK with KQvK's content: %v", err)
		}
		if _, err := tb.ProbeDTZ(&kq); !errors.As(err, &te) || !strings.HasSuffix(te.Path, "KQvK.rtbz") {
			t.Errorf("KQvK's DTZ cut short: %v", err)
		}
		if w, err := tb.ProbeWDL(&kq); err != nil || w != Win {
			t.Errorf("KQvK's WDL: %v, %v", w, err)
		}
	}
}

// TestRead runs the reference rows through files read into memory, the
// path of systems without mmap.
func TestRead(t *testing.T) {
	if !useMmap {
		t.Skip("this system reads the files: every test runs that path")
	}
	useMmap = false
	defer func() { useMmap = true }()
	TestFathomRows(t)
	TestPythonChess(t)
}

// TestClose checks that probes after Close, and a second Close, fail with
// ErrClosed.
func TestClose(t *testing.T) {
	tb, err := Open(testdata)
	if err != nil {
		t.Fatal(err)
	}
	p := mustFEN(t, "8/8/8/8/8/1k6/8/K3Q3 w - - 0 1")
	if _, err := tb.ProbeDTZ(&p); err != nil {
		t.Fatal(err)
	}
	if files, bytes := tb.Mapped(); files != 2 || bytes != 272+5328 {
		t.Errorf("mapped %d files, %d bytes; want KQvK's two, 5600 bytes", files, bytes)
	}
	if err := tb.Close(); err != nil {
		t.Fatal(err)
	}
	if files, _ := tb.Mapped(); files != 0 {
		t.Errorf("%d files mapped after Close", files)
	}
	if _, err := tb.ProbeWDL(&p); !errors.Is(err, ErrClosed) {
		t.Errorf("a probe after Close: %v", err)
	}
	if err := tb.Close(); !errors.Is(err, ErrClosed) {
		t.Errorf("a second Close: %v", err)
	}
}

// TestNoAllocation checks that WDL probes allocate nothing once the
// tables are read (DTZ probes neither).
func TestNoAllocation(t *testing.T) {
	tb := openTB(t)
	var ps []movegen.Position
	for _, name := range []string{"KQvKR", "KPvKP", "KBNvK", "KRPvK"} {
		s, err := syzygydata.Sample(name, 50, syzygydata.SampleSeed(name))
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, s...)
	}
	for i := range ps {
		if _, err := tb.ProbeDTZ(&ps[i]); err != nil {
			t.Fatal(err)
		}
	}
	i := 0
	if n := testing.AllocsPerRun(200, func() { tb.ProbeWDL(&ps[i%len(ps)]); i++ }); n != 0 {
		t.Errorf("ProbeWDL: %v allocations a probe", n)
	}
	if n := testing.AllocsPerRun(200, func() { tb.ProbeDTZ(&ps[i%len(ps)]); i++ }); n != 0 {
		t.Errorf("ProbeDTZ: %v allocations a probe", n)
	}
	// RootMoves allocates the moves it returns and nothing else, on each
	// root of the Stockfish comparison, each with its game.
	for _, r := range dtzRoots(t) {
		if _, err := tb.RootMoves(&r.p, r.h); err != nil {
			t.Fatal(err)
		}
		if n := testing.AllocsPerRun(5, func() { tb.RootMoves(&r.p, r.h) }); n != 1 {
			t.Errorf("RootMoves of %s: %v allocations", r.p.FEN(), n)
		}
	}
}

// TestConcurrentProbes probes from several goroutines at once, the tables
// opened by whichever gets there first; go test -race checks it.
func TestConcurrentProbes(t *testing.T) {
	tb := openTB(t)
	rows := readTSV(t, "testdata/fathom/rows.tsv", "fen\twdl\tdtz")
	if testing.Short() {
		rows = rows[:len(rows)/4]
	}
	inGoroutines(t, 8, func(g int) string {
		for i := range rows {
			c := rows[(i*7+g*131)%len(rows)]
			p, err := movegen.ParseFEN(c[0])
			if err != nil {
				return err.Error()
			}
			w, err1 := tb.ProbeWDL(&p)
			d, err2 := tb.ProbeDTZ(&p)
			if err1 != nil || err2 != nil || w.String() == "" || c[1] != strconv.Itoa(int(w)) || c[2] != strconv.Itoa(d.Plies) {
				return c[0] + ": " + w.String() + " " + d.String()
			}
		}
		return ""
	})
}

// inGoroutines runs f(0) to f(n-1) at once, each on a goroutine of its own,
// and fails the test with each message f returns ("" for none).
func inGoroutines(t *testing.T, n int, f func(g int) string) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan string, n)
	for g := 0; g < n; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			if e := f(g); e != "" {
				errs <- e
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestNoCursedValues checks what docs/SYZYGY.md says of the test tables:
// no 3- or 4-piece position is a cursed win or a blessed loss (no WDL
// stream holds the values 1 and -1), and every DTZ file stores its
// distances halved (no subtable's flags say plies), with 8-bit maps (none
// 16-bit). The code paths of those values are tested by
// TestDTZValueMaps and TestDTZ16BitMaps instead.
func TestNoCursedValues(t *testing.T) {
	tb := openTB(t)
	for _, name := range tb.Tables() {
		key, _ := parseName(name)
		e := tb.entries[key]
		for kind := wdlKind; kind <= dtzKind; kind++ {
			tab, err := tb.table(e, kind)
			if err != nil {
				t.Fatal(err)
			}
			for i := range tab.ei {
				p := tab.ei[i].pairs
				if p == nil || kind != wdlKind {
					continue
				}
				if p.constant && p.constSym&1 != 0 {
					t.Errorf("%s: a constant WDL value %d", name, int(p.constSym)-2)
				}
				for i, s := range p.syms {
					if p.lens[i] == 0 && s.left&1 != 0 {
						t.Errorf("%s: a WDL value %d", name, int(s.left&0xff)-2)
					}
				}
			}
			if kind == dtzKind {
				for f, fl := range tab.dtzFlags {
					if fl&0x80 == 0 && fl&(4|8|16) != 0 {
						t.Errorf("%s: subtable %d's flags %#x", name, f, fl)
					}
				}
			}
		}
	}
}

// probeFEN returns the WDL and DTZ of the position fen, failing the test
// on any error.
func probeFEN(t *testing.T, tb *Tablebase, fen string) (WDL, DTZ) {
	t.Helper()
	p, err := movegen.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	w, err := tb.ProbeWDL(&p)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	d, err := tb.ProbeDTZ(&p)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return w, d
}
