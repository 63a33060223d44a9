package pgn_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
)

// TestLossless: comments apart and in order, the Result tag and the
// marker each as read and written as read, SetResult sets both, the root's
// comment both ways, Clone shares nothing.
func TestLossless(t *testing.T) {
	const text = `[Event "E"]
[Result "1-0"]

{game} 1. e4 {[%eval 0.41] [%clk 0:02:52]} {A57 Benko Gambit} $1 (1. d4 {x} (1. c4) {after c4's variation}) e5 *
`
	games, errs := readAll(t, text, false)
	if len(games) != 1 || errs[0] != nil {
		t.Fatalf("%v", errs)
	}
	g := games[0]
	e4 := g.Next(pgn.Root)
	d4 := g.Sibling(e4)
	if got := g.Comments(e4); !slices.Equal(got, []string{"[%eval 0.41] [%clk 0:02:52]", "A57 Benko Gambit"}) {
		t.Errorf("e4's comments %q", got)
	}
	if got := g.Comments(d4); !slices.Equal(got, []string{"x", "after c4's variation"}) {
		t.Errorf("d4's comments %q", got)
	}
	if tag, _ := g.Tag("Result"); tag != "1-0" || g.Result != "*" {
		t.Errorf("Result tag %q, marker %q", tag, g.Result)
	}
	out := g.String()
	if !strings.Contains(out, `[Result "1-0"]`) || !strings.HasSuffix(out, " *\n") ||
		!strings.Contains(out, "{[%eval 0.41] [%clk 0:02:52]} {A57 Benko Gambit}") {
		t.Errorf("written:\n%s", out)
	}
	checkRoundTrip(t, "lossless", g)
	// SetTag keeps the tag; SetResult sets both.
	g.SetTag("Result", "0-1")
	if s := g.String(); !strings.Contains(s, `[Result "0-1"]`) {
		t.Errorf("SetTag undone:\n%s", s)
	}
	if err := g.SetResult("1/2-1/2"); err != nil {
		t.Fatal(err)
	}
	if s := g.String(); !strings.Contains(s, `[Result "1/2-1/2"]`) || !strings.HasSuffix(s, " 1/2-1/2\n") {
		t.Errorf("SetResult:\n%s", s)
	}
	if g.SetResult("1/2") == nil {
		t.Error("SetResult(1/2): no error")
	}
	// The root's comment, both ways.
	g.SetComment(pgn.Root, "new")
	if g.Comment(pgn.Root) != "new" || g.StartingComment(pgn.Root) != "new" || g.StartingComment(e4) != "new" {
		t.Errorf("root comment %q %q %q", g.Comment(pgn.Root), g.StartingComment(pgn.Root), g.StartingComment(e4))
	}
	g.SetStartingComment(e4, "newer")
	if g.Comment(pgn.Root) != "newer" {
		t.Errorf("root comment %q", g.Comment(pgn.Root))
	}
	// Clone shares nothing: the next Read into g leaves it.
	kept := g.Clone()
	want := describe(kept)
	r := pgn.NewReader(strings.NewReader("[Event \"other\"]\n\n1. d4 {c} d5 (1... Nf6 {d}) *"))
	if err := r.Read(g); err != nil {
		t.Fatal(err)
	}
	if describe(kept) != want {
		t.Errorf("the clone changed with the next Read")
	}
}

// TestWarnings: what both references read is read, each a warning at its
// place; Strict makes each an error.
func TestWarnings(t *testing.T) {
	for _, c := range []struct{ text, mainline, result, warning string }{
		{"1. e4 e5 1/2\n", "e2e4 e7e5", "1/2-1/2", "line 1, column 10: the result 1/2, read as 1/2-1/2"},
		{"1. e4 {x} } e5 *\n", "e2e4 e7e5", "*", "line 1, column 11: a } outside a comment: passed over"},
		{"1. e4 e5 ) 2. Nf3 *\n", "e2e4 e7e5 g1f3", "*", "line 1, column 10: a ) closes no variation: passed over"},
		{"1. e4 & e5 *\n", "e2e4 e7e5", "*", "line 1, column 7: unexpected character '&': passed over"},
		{"[Event bad]\n[Site \"x\"]\n\n1. e4 *\n", "e2e4", "*", "line 1, column 1: tag Event: its value is a string in double quotes: the tag pair is passed over"},
		{"1. e4 ( {c} ) e5 *\n", "e2e4 e7e5", "*", "line 1, column 13: a variation without a move"},
		{"g(erg) 1. e4 e5 *\n", "e2e4 e7e5", "*", "line 1, column 2: a variation before any move it could replace: its ( and ) passed over"},
		{"{x} (1. d4 d5) 1. e4 *\n", "d2d4 d7d5 e2e4", "*", "line 1, column 5: a variation before any move it could replace"},
		{"g(erg)\n", "", "*", "line 1, column 2: a variation before any move it could replace"},
		{"1. e4 e5 ( (1... c5) 2. Nf3 ) *\n", "e2e4 e7e5", "*", "line 1, column 12: a variation before any move it could replace"},
		{"1. e4 e5 2. Nf3 <br> Nc6 *\n", "e2e4 e7e5 g1f3 b8c6", "*", "line 1, column 18: \"br\" is no move: passed over"},
		{"1. e4 e52. Nf3 *\n", "e2e4 e7e5 g1f3", "*", "line 1, column 7: \"e52\" read as e5"},
		{"1. e4 e5\n", "e2e4 e7e5", "*", "line 2, column 1: the game has no termination marker"},
		{"[Event \"A \"B\" C\"]\n\n1. e4 *\n", "e2e4", "*", "line 1, column 1: tag Event: quotes in its value not escaped"},
	} {
		games, errs := readAll(t, c.text, false)
		if len(games) != 1 || errs[0] != nil {
			t.Errorf("%q: %d games, %v", c.text, len(games), errs)
			continue
		}
		g := games[0]
		if got := uci(g.Mainline(nil)); got != c.mainline || g.Result != c.result {
			t.Errorf("%q: %s %s", c.text, got, g.Result)
		}
		found := false
		for _, w := range g.Warnings {
			found = found || strings.Contains(w.Error(), c.warning)
		}
		if !found {
			t.Errorf("%q: warnings %v, want %s", c.text, g.Warnings, c.warning)
		}
		r := pgn.NewReader(strings.NewReader(c.text))
		r.Strict = true
		var sg pgn.Game
		if err := r.Read(&sg); err == nil || len(g.Warnings) == 1 && !strings.Contains(err.Error(), c.warning) {
			t.Errorf("%q: Strict: %v, want %s", c.text, err, c.warning)
		}
	}
}

// TestLimits: each limit exceeded is a *Error naming it and wrapping
// ErrLimit, and the next game reads.
func TestLimits(t *testing.T) {
	const next = "\n[Event \"next\"]\n\n1. d4 d5 *\n"
	deep := "1. e4 " + strings.Repeat("(1. d4 ", 6) + strings.Repeat(") ", 6) + "*\n"
	for _, c := range []struct {
		name, text string
		lim        pgn.Limits
		msg        string
	}{
		{"depth", deep, pgn.Limits{Depth: 5}, "variations nested deeper than 5 (Limits.Depth)"},
		{"plies", "1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n", pgn.Limits{Plies: 4}, "more than 4 moves (Limits.Plies)"},
		{"comment", "1. e4 {" + strings.Repeat("x", 100) + "} *\n", pgn.Limits{Comment: 99}, "a comment longer than 99 bytes (Limits.Comment)"},
		{"comment over lines", "1. e4 {" + strings.Repeat("xxxxxxxxx\n", 20) + "} *\n", pgn.Limits{Comment: 99}, "a comment longer than 99 bytes (Limits.Comment)"},
		{"tag", "[Event \"" + strings.Repeat("x", 100) + "\"]\n\n1. e4 *\n", pgn.Limits{Tag: 50}, "a tag pair longer than 50 bytes (Limits.Tag)"},
		{"line", "1. e4 " + strings.Repeat("{a comment} ", 30) + "*\n", pgn.Limits{Line: 100}, "a line longer than 100 bytes (Limits.Line)"},
		{"game", "1. e4 e5\n2. Nf3 Nc6\n3. Bb5 a6\n4. Ba4 Nf6 *\n", pgn.Limits{Game: 35}, "a game longer than 35 bytes (Limits.Game)"},
		{"tags", "[A \"1\"]\n[B \"2\"]\n[C \"3\"]\n\n1. e4 *\n", pgn.Limits{Tags: 2}, "more than 2 tag pairs (Limits.Tags)"},
	} {
		r := pgn.NewReader(strings.NewReader(c.text + next))
		r.Limits = c.lim
		var g pgn.Game
		err := r.Read(&g)
		var pe *pgn.Error
		if !errors.As(err, &pe) || !errors.Is(err, pgn.ErrLimit) || !strings.Contains(pe.Msg, c.msg) {
			t.Errorf("%s: %v, want %s", c.name, err, c.msg)
			continue
		}
		if err := r.Read(&g); err != nil || uci(g.Mainline(nil)) != "d2d4 d7d5" {
			t.Errorf("%s: the next game: %v %v", c.name, err, g.Mainline(nil))
		}
		if err := r.Read(&g); err != io.EOF {
			t.Errorf("%s: then %v, want EOF", c.name, err)
		}
	}
}

// TestZeroReader: the zero Reader reads nothing, and reads through Reset.
func TestZeroReader(t *testing.T) {
	var r pgn.Reader
	var g pgn.Game
	if err := r.Read(&g); err != io.EOF {
		t.Errorf("zero Reader: %v", err)
	}
	var r2 pgn.Reader
	r2.Reset(strings.NewReader("1. e4 *"))
	if err := r2.Read(&g); err != nil || uci(g.Mainline(nil)) != "e2e4" {
		t.Errorf("zero Reader after Reset: %v", err)
	}
}

// TestConstantTime: adding variations and reading deep nesting take time
// linear in the input: 40,000 variations of one move, and 200,000 nested
// variations (the depth limit ends the game, the rest passed over). Not a
// timed test: the counts are checked, and -v shows the times.
func TestConstantTime(t *testing.T) {
	g := pgn.NewGame()
	start := time.Now()
	p := movegen.StartPosition()
	e4, _ := p.ParseSAN("e4")
	for i := 0; i < 40000; i++ {
		if _, err := g.AddMove(pgn.Root, e4); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(g.Children(nil, pgn.Root)); n != 40000 {
		t.Errorf("%d children", n)
	}
	t.Logf("40,000 variations of one move added in %v", time.Since(start))
	start = time.Now()
	text := "1. e4 " + strings.Repeat("(1. d4 ", 200000) + "*\n\n[Event \"next\"]\n\n1. c4 *\n"
	games, errs := readAll(t, text, false)
	if len(games) != 2 || !errors.Is(errs[0], pgn.ErrLimit) || errs[1] != nil {
		t.Errorf("%d games, %v", len(games), errs)
	}
	t.Logf("200,000 nested variations (%d bytes) read in %v", len(text), time.Since(start))
}

// hostile is an io.Reader of n bytes of one pattern repeated after a head,
// made as they are read: no file, no memory. Every 4 MB it collects the
// garbage and keeps the heap then in use, the reader's live memory, in
// peak.
type hostile struct {
	head, pattern string
	n, off        int64
	next          int64
	peak          uint64
}

func (h *hostile) Read(b []byte) (int, error) {
	if h.off >= h.next {
		h.next += 4 << 20
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		h.peak = max(h.peak, ms.HeapInuse)
	}
	if h.off >= h.n {
		return 0, io.EOF
	}
	i := 0
	for i < len(b) && h.off < h.n {
		if h.off < int64(len(h.head)) {
			k := copy(b[i:], h.head[h.off:])
			i += k
			h.off += int64(k)
			continue
		}
		p := (h.off - int64(len(h.head))) % int64(len(h.pattern))
		k := copy(b[i:min(len(b), i+int(h.n-h.off))], h.pattern[p:])
		i += k
		h.off += int64(k)
	}
	return i, nil
}

var hostileSize = flag.Int64("hostile", 0, "bytes of each hostile input of TestHostile (default 32 MB, 8 MB with -short; -hostile 1073741824 reads 1 GB of each in about 40 s)")

// hostileLimits returns the bytes of each hostile input, the limits the
// reader reads it with, and the bound they set on the heap in use.
func hostileLimits() (size int64, lim pgn.Limits, bound uint64) {
	size = *hostileSize
	switch {
	case size == 0 && testing.Short():
		size = 8 << 20 // twice the heap sampling's step: growth still shows
	case size == 0:
		size = 32 << 20
	}
	lim = pgn.Limits{Depth: 50, Plies: 20000, Comment: 64 << 10, Tag: 4 << 10, Line: 256 << 10, Game: 1 << 20, Tags: 1000}
	// What the limits let the reader and the game hold, each slice twice
	// its length for growth: the line buffer (a line and a read), a
	// comment, the game's nodes (28 bytes a ply), notes (16 bytes a
	// comment or NAG, each 2 bytes of the game at least) and texts (the
	// game's bytes), tags (a Tag and its texts), the builder's levels;
	// and 4 MB for the test and the runtime.
	bound = uint64(2*(lim.Line+64<<10) + 2*lim.Comment + 2*28*lim.Plies + 2*(8+1)*lim.Game +
		2*(32+lim.Tag)*lim.Tags/8 + lim.Depth*1024 + 4<<20)
	return size, lim, bound
}

// TestHostile reads endless hostile inputs (generated as read) in memory
// bounded by the limits: endless nesting, an endless comment, an endless
// tag, an endless line, endless moves, endless variations. The heap in use
// is checked after each, against a bound the limits set.
func TestHostile(t *testing.T) {
	size, lim, bound := hostileLimits()
	for _, c := range []struct{ name, head, pattern string }{
		{"nesting", "1. e4 ", "(1. d4 "},
		{"comment", "1. e4 {", "an endless comment "},
		{"comment lines", "1. e4 {", "an endless comment\n"},
		{"tag", "[Event \"", "endless"},
		{"line", "1. e4 e5 ", "Nf3 Nf6 Ng1 Ng8 "},
		{"moves", "", "1. Nf3 Nf6 2. Ng1 Ng8\n"},
		{"variations", "1. e4 ", "(1. d4 d5) {c} $1 "},
		{"tags", "", "[Event \"x\"]\n"},
		{"junk", "", "<br /> & } ) "},
		{"nags", "1. e4 ", "$1 "},
		{"comments", "1. e4 ", "{c} "},
		{"move numbers", "1. e4 ", "2.\n"},
		{"dots", "1. e4 ", ". "},
		{"brackets", "1. e4 ", strings.Repeat("[", 4095) + "\n"},
		{"long junk", "", strings.Repeat("x", 200<<10) + "\n"},
		{"parentheses", "", "g( "},
	} {
		src := &hostile{head: c.head, pattern: c.pattern, n: size}
		start := time.Now()
		r := pgn.NewReader(io.MultiReader(src, strings.NewReader(" *\n\n[Event \"after\"]\n\n1. d4 *\n")))
		r.Limits = lim
		var g pgn.Game
		var last error
		games := 0
		for {
			err := r.Read(&g)
			if err == io.EOF {
				break
			}
			games++
			last = err
		}
		peak := src.peak
		if src.off != size {
			t.Errorf("%s: %d bytes of %d read", c.name, src.off, size)
		}
		ev, _ := g.Tag("Event")
		t.Logf("%s: %d MB in %v, %d games, heap in use at most %.1f MB (bound %.1f MB)", c.name, size>>20,
			time.Since(start).Round(time.Millisecond), games, float64(peak)/(1<<20), float64(bound)/(1<<20))
		if peak > bound {
			t.Errorf("%s: heap in use %d bytes, over the limits' bound %d", c.name, peak, bound)
		}
		if ev != "after" || last != nil {
			t.Errorf("%s: the game after it: Event %q, %v", c.name, ev, last)
		}
	}
}

// TestHostileCut reads hostile inputs that the input's end cuts off, no
// game after them, with each option: an endless comment (in the main
// line, in a variation, under variations open to near Limits.Depth),
// endless nesting, endless ( before any move (in the main line and in a
// variation). Each is read whole in memory bounded by the limits (the
// bound of TestHostile), its games' warnings at most MaxWarnings, the
// dropped ones counted: at TestHostile's size, over the limits (the game
// an error of its limit), and at 63 KB, within them, where the game reads
// with its warnings (the nesting, over Limits.Depth, an error but where
// variations are skipped; Strict, an error; TagsOnly warns of a comment
// cut off alone).
func TestHostileCut(t *testing.T) {
	size, lim, bound := hostileLimits()
	within := int64(lim.Comment - 1<<10)
	for _, c := range []struct{ name, head, pattern string }{
		{"comment", "1. e4 {", "an endless comment\n"},
		{"comment line", "1. e4 {", "an endless comment "},
		{"comment in a variation", "1. e4 (1. d4 {", "an endless comment\n"},
		{"comment under variations", "1. e4 " + strings.Repeat("(1. d4 ", lim.Depth-1) + "{", "an endless comment\n"},
		{"nesting", "1. e4 ", "(1. d4 "},
		{"parentheses", "", "g( "},
		{"parentheses in a variation", "1. e4 (", "( "},
	} {
		for _, o := range []string{"", "SkipVariations", "TagsOnly", "Strict"} {
			for _, size := range []int64{within, size} {
				src := &hostile{head: c.head, pattern: c.pattern, n: size}
				start := time.Now()
				r := pgn.NewReader(src)
				r.Limits = lim
				r.SkipVariations, r.TagsOnly, r.Strict = o == "SkipVariations", o == "TagsOnly", o == "Strict"
				var g pgn.Game
				games, errs, warnings, dropped := 0, 0, 0, 0
				for {
					err := r.Read(&g)
					if err == io.EOF {
						break
					}
					games++
					if err != nil {
						errs++
					}
					if n := len(r.Info().Warnings); n > pgn.MaxWarnings || len(g.Warnings) > pgn.MaxWarnings {
						t.Errorf("%s %s: %d warnings, %d in the game", c.name, o, n, len(g.Warnings))
					}
					warnings += len(g.Warnings)
					dropped += r.Info().Dropped
				}
				if src.off != size {
					t.Errorf("%s %s: %d bytes of %d read", c.name, o, src.off, size)
				}
				if src.peak > bound {
					t.Errorf("%s %s: heap in use %d bytes, over the limits' bound %d", c.name, o, src.peak, bound)
				}
				if size == within {
					wantErrs := 0
					if o == "Strict" || c.name == "nesting" && o == "" {
						wantErrs = 1
					}
					if games != 1 || errs != wantErrs || wantErrs == 0 && o != "TagsOnly" && warnings == 0 {
						t.Errorf("%s %s, %d bytes: %d games, %d errors (want %d), %d warnings", c.name, o, size, games, errs, wantErrs, warnings)
					}
				}
				t.Logf("%s %s: %d KB in %v, %d games, %d errors, %d warnings kept, %d dropped, heap in use at most %.1f MB",
					c.name, o, size>>10, time.Since(start).Round(time.Millisecond), games, errs, warnings, dropped, float64(src.peak)/(1<<20))
			}
		}
	}
}

// countVisitor counts events.
type countVisitor struct {
	pgn.NopVisitor
	tags, moves, comments, nags, vars int
	results                           []string
	skip                              bool
	infos                             []string
}

func (v *countVisitor) Begin(info *pgn.GameInfo) error {
	v.infos = append(v.infos, fmt.Sprintf("%d@%d:%d", info.Number, info.Offset, info.Line))
	return nil
}
func (v *countVisitor) Tag(name, value []byte) error { v.tags++; return nil }
func (v *countVisitor) Movetext() error {
	if v.skip {
		return pgn.SkipMovetext
	}
	return nil
}
func (v *countVisitor) Move([]byte) error       { v.moves++; return nil }
func (v *countVisitor) Comment([]byte) error    { v.comments++; return nil }
func (v *countVisitor) NAG(byte) error          { v.nags++; return nil }
func (v *countVisitor) BeginVariation() error   { v.vars++; return nil }
func (v *countVisitor) End(result string) error { v.results = append(v.results, result); return nil }

// TestVisit: a visitor sees the events of every game; skipping the
// movetext finds the same games, tags and results, at the same places;
// each game's offset, line and raw bytes are where it lies, and its raw
// bytes read as the same game.
func TestVisit(t *testing.T) {
	paths, _ := filepath.Glob("testdata/*.pgn")
	for _, path := range paths {
		data, _ := os.ReadFile(path)
		name := filepath.Base(path)
		full, skip := &countVisitor{}, &countVisitor{skip: true}
		var fullErrs, skipErrs int
		for _, c := range []struct {
			v    *countVisitor
			errs *int
		}{{full, &fullErrs}, {skip, &skipErrs}} {
			r := pgn.NewReader(bytes.NewReader(data))
			for {
				err := r.Visit(c.v)
				if err == io.EOF {
					break
				}
				if err != nil {
					*c.errs++
				}
			}
		}
		if fullErrs > 0 {
			continue // games broken by their moves end elsewhere unread
		}
		if skip.tags != full.tags || !slices.Equal(skip.results, full.results) || !slices.Equal(skip.infos, full.infos) {
			t.Errorf("%s: tags only: %d tags, results %v; read: %d tags, results %v", name, skip.tags, skip.results, full.tags, full.results)
		}
		// Offsets, lines and raw bytes, with Read.
		r := pgn.NewReader(bytes.NewReader(data))
		r.KeepRaw = true
		var g pgn.Game
		for {
			err := r.Read(&g)
			if err == io.EOF {
				break
			}
			info := r.Info()
			if err != nil {
				continue
			}
			raw := info.Raw
			if int64(len(raw)) != info.Len || !bytes.Equal(raw, data[info.Offset:info.Offset+info.Len]) {
				t.Errorf("%s game %d: raw bytes are not the input's at offset %d", name, info.Number, info.Offset)
				continue
			}
			if line := bytes.Count(data[:info.Offset], []byte("\n")) + 1; line != info.Line {
				t.Errorf("%s game %d: line %d, the offset's %d", name, info.Number, info.Line, line)
			}
			back, errs := readAll(t, string(raw), false)
			if len(back) != 1 || errs[0] != nil || describe(back[0]) != describe(&g) {
				t.Errorf("%s game %d: its raw bytes read otherwise", name, info.Number)
			}
		}
	}
}

// TestTagsOnly: Reader.TagsOnly reads the tags and results Read reads.
func TestTagsOnly(t *testing.T) {
	data := readTestFile(t, "testdata/corentings__lichess-big.pgn.gz")
	games, _ := readAll(t, string(data), false)
	r := pgn.NewReader(bytes.NewReader(data))
	r.TagsOnly = true
	var g pgn.Game
	for i := 0; ; i++ {
		err := r.Read(&g)
		if err == io.EOF {
			if i != len(games) {
				t.Errorf("%d games, Read %d", i, len(games))
			}
			break
		}
		if err != nil || g.Len() != 1 || !slices.Equal(g.Tags, games[i].Tags) || g.Result != games[i].Result {
			t.Fatalf("game %d: %v, %d nodes", i+1, err, g.Len())
		}
	}
}

// TestWriteOptions: each option leaves out what it says, and what is
// written reads back.
func TestWriteOptions(t *testing.T) {
	games, _ := readAll(t, `[Event "E"]
[WhiteElo "2800"]
[Result "1-0"]

{start} 1. e4 $1 {best} (1. d4 d5) e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0
`, false)
	g := games[0]
	for _, c := range []struct {
		o            pgn.WriteOptions
		want, absent []string
	}{
		{pgn.WriteOptions{}, []string{`[WhiteElo "2800"]`, "{start}", "$1", "{best}", "(1. d4 d5)", "O-O"}, nil},
		{pgn.WriteOptions{Tags: pgn.RosterTags}, []string{`[Event "E"]`, `[Result "1-0"]`}, []string{"WhiteElo"}},
		{pgn.WriteOptions{Tags: pgn.NoTags}, []string{"1. e4"}, []string{"[Event"}},
		{pgn.WriteOptions{NoComments: true}, []string{"$1"}, []string{"{"}},
		{pgn.WriteOptions{NoNAGs: true}, []string{"{best}"}, []string{"$1"}},
		{pgn.WriteOptions{NoVariations: true}, []string{"e5"}, []string{"d4"}},
		{pgn.WriteOptions{UCI: true}, []string{"1. e2e4", "5. e1g1"}, []string{"Nf3"}},
		{pgn.WriteOptions{Width: -1}, []string{"{start} 1. e4 $1 {best} (1. d4 d5) 1... e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0\n"}, nil},
		{pgn.WriteOptions{Width: 20}, []string{"\n"}, nil},
	} {
		out := string(g.AppendPGNWith(nil, c.o))
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%+v: no %q in\n%s", c.o, w, out)
			}
		}
		for _, a := range c.absent {
			if strings.Contains(out, a) {
				t.Errorf("%+v: %q in\n%s", c.o, a, out)
			}
		}
		if c.o.Width > 0 {
			for _, line := range strings.Split(out, "\n") {
				if len(line) > c.o.Width && !strings.HasPrefix(line, "[") {
					t.Errorf("width %d: %q", c.o.Width, line)
				}
			}
		}
		back, errs := readAll(t, out, false)
		if len(back) != 1 || errs[0] != nil || uci(back[0].Mainline(nil)) != uci(g.Mainline(nil)) {
			t.Errorf("%+v: reads back as %d games, %v", c.o, len(back), errs)
		}
	}
}

// TestIterators: Mainline and Nodes give each node with its position, as
// Position does.
func TestIterators(t *testing.T) {
	games, _ := readAll(t, "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6) (1... e6) 2. Nf3 Nc6 *", false)
	g := games[0]
	var order []string
	for n, p := range g.Nodes() {
		if want := g.Position(n); p != want {
			t.Errorf("node %d: position %s, Position %s", n, p.FEN(), want.FEN())
		}
		order = append(order, g.SAN(n))
	}
	if got := strings.Join(order, " "); got != "e4 e5 Nf3 Nc6 c5 Nf3 d6 c3 d5 e6" {
		t.Errorf("Nodes: %s", got)
	}
	prev := g.Start()
	var sans []string
	for n, p := range g.MainlineNodes() {
		sans = append(sans, prev.SAN(g.Move(n)))
		prev = p
	}
	if strings.Join(sans, " ") != "e4 e5 Nf3 Nc6" || prev != g.End() {
		t.Errorf("Mainline: %v", sans)
	}
}

// FuzzVisit: any input, read with every option: no panic, no hang; the
// tags-only scan finds the games Read finds in any input Read reads
// without an error; Strict reads no game with warnings.
func FuzzVisit(f *testing.F) {
	for _, s := range []string{
		"[Event \"x\"]\n\n1. e4 e5 (1... c5 {x} 2. Nf3) 2. Nf3 $1 1/2\n\n[Event \"y\"]\n1. d4 } ) & *",
		"1. e4 {a\n[Event} ; x\n e5 % no\n% esc\n0-1\n[A \"B \"C\" D\"]\n\n1. Nf3Nf6 *",
		"[Event \"x\"]\n\n{c} 1. e4 ( {d} ) (1. d4 (1. c4)) 1-0 [Site \"y\"] 1. e4",
		"[Variant \"x\"] [A \"b\"]\n\ng(erg) 1. e2-e4 e7xe5 (1... Pc5 ( 2. Ng1-f3 {cut",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		games, errs := readAll(t, string(data), false)
		clean := true
		for _, err := range errs {
			clean = clean && err == nil
		}
		v := &countVisitor{skip: true}
		r := pgn.NewReader(bytes.NewReader(data))
		n := 0
		for ; n < 100000; n++ {
			if err := r.Visit(v); err == io.EOF {
				break
			}
		}
		if clean && n != len(games) {
			t.Fatalf("tags only: %d games, Read %d", n, len(games))
		}
		sr := pgn.NewReader(bytes.NewReader(data))
		sr.Strict = true
		var g pgn.Game
		for k := 0; k < 100000; k++ {
			err := sr.Read(&g)
			if err == io.EOF {
				break
			}
			if err == nil && len(g.Warnings) > 0 {
				t.Fatalf("Strict: a game with warnings %v", g.Warnings)
			}
		}
		lr := pgn.NewReader(bytes.NewReader(data))
		lr.Limits = pgn.Limits{Depth: 2, Plies: 10, Comment: 8, Tag: 16, Line: 32, Game: 256}
		lr.KeepRaw = true
		for k := 0; k < 100000; k++ {
			if err := lr.Read(&g); err == io.EOF {
				break
			}
			if info := lr.Info(); info.Raw != nil && int64(len(info.Raw)) != info.Len {
				t.Fatalf("raw %d bytes, Len %d", len(info.Raw), info.Len)
			}
		}
	})
}

// TestWarningsBounded: warnings past MaxWarnings are counted in Dropped,
// before the game's first token too, and, not built, allocate nothing; a
// message quotes at most 64 bytes of the input; a NAG's number is read
// whole, one warning for one token.
func TestWarningsBounded(t *testing.T) {
	for _, c := range []struct {
		name, text        string
		warnings, dropped int
	}{
		{"junk before", strings.Repeat("junk ", 100) + "1. e4 *\n", pgn.MaxWarnings, 100 - pgn.MaxWarnings},
		{"junk inside", "1. e4 " + strings.Repeat("junk ", 100) + "*\n", pgn.MaxWarnings, 100 - pgn.MaxWarnings},
		{"huge NAG", "1. e4 $99999999999 *\n", 1, 0},
		{"long word", "1. e4 " + strings.Repeat("x", 500<<10) + " *\n", 1, 0},
		{"( before any move", "g" + strings.Repeat("(\n", 100) + "e4" + strings.Repeat(")\n", 100) + "*\n", pgn.MaxWarnings, 101 - pgn.MaxWarnings}, // and "g" is no move
	} {
		r := pgn.NewReader(strings.NewReader(c.text))
		var g pgn.Game
		if err := r.Read(&g); err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		info := r.Info()
		if len(info.Warnings) != c.warnings || info.Dropped != c.dropped {
			t.Errorf("%s: %d warnings, %d dropped; want %d and %d", c.name, len(info.Warnings), info.Dropped, c.warnings, c.dropped)
		}
		for _, w := range info.Warnings {
			if len(w.Error()) > 200 {
				t.Errorf("%s: a warning of %d bytes: %.100s...", c.name, len(w.Error()), w.Error())
			}
		}
	}
	text := "g" + strings.Repeat("(\n", 10000) + "e4" + strings.Repeat(")\n", 10000) + "*\n"
	r := pgn.NewReader(nil)
	var g pgn.Game
	allocs := testing.AllocsPerRun(3, func() {
		r.Reset(strings.NewReader(text))
		if err := r.Read(&g); err != nil || r.Info().Dropped != 10001-pgn.MaxWarnings {
			t.Fatalf("10,000 ( before any move: %v, %d dropped", err, r.Info().Dropped)
		}
	})
	if allocs > 4*pgn.MaxWarnings {
		t.Errorf("10,000 ( before any move, %d warnings dropped: %v allocations", 10001-pgn.MaxWarnings, allocs)
	}
}

// TestBuilderVisitFails: a Builder given to Visit keeps what was read of a
// broken game, tags and warnings, as Read does.
func TestBuilderVisitFails(t *testing.T) {
	text := "[Foo \"bar\"]\n[FEN \"bad\"]\n\n1. e4 *\n"
	var g pgn.Game
	r := pgn.NewReader(strings.NewReader(text))
	if err := r.Visit(pgn.NewBuilder(&g)); err == nil {
		t.Fatal("a bad FEN read")
	}
	if v, _ := g.Tag("Foo"); v != "bar" {
		t.Errorf("Foo %q, want bar; tags %v", v, g.Tags)
	}
	var read pgn.Game
	pgn.NewReader(strings.NewReader(text)).Read(&read)
	if g.String() != read.String() {
		t.Errorf("Visit with a Builder:\n%s\nRead:\n%s", g.String(), read.String())
	}
}

// TestRefusedTagKeepsTags: a game refused for its Variant or FEN tag
// holds every tag pair of its tag section, those after the refused one
// too, as a game broken in its movetext does; the next game reads.
func TestRefusedTagKeepsTags(t *testing.T) {
	for _, refused := range []string{`[Variant "Suicide"]`, `[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]`} {
		text := "[Event \"e\"]\n" + refused + "\n[White \"w\"] [Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n[Event \"next\"]\n\n1. d4 *\n"
		games, errs := readAll(t, text, false)
		var pe *pgn.Error
		line := 2
		if strings.HasPrefix(refused, "[FEN") {
			line = 6 // the movetext's: a Variant tag after it could make it a variant's FEN
		}
		if len(games) != 2 || !errors.As(errs[0], &pe) || pe.Line != line || errs[1] != nil {
			t.Errorf("%s: %d games, %v", refused, len(games), errs)
			continue
		}
		var names []string
		for _, tag := range games[0].Tags {
			names = append(names, tag.Name)
		}
		if got := strings.Join(names, " "); got != "Event "+refused[1:strings.IndexByte(refused, ' ')]+" White Black Result" {
			t.Errorf("%s: the refused game's tags %v", refused, games[0].Tags)
		}
		if ev, _ := games[1].Tag("Event"); ev != "next" {
			t.Errorf("%s: the next game's Event %q", refused, ev)
		}
	}
}

// TestWrongValues: the zero Game takes comments at its root; a change asked
// of a node the game does not have, a NAG of 0 or on the root, and an
// unknown TagSet panic naming the method; a zero Writer is an error.
func TestWrongValues(t *testing.T) {
	var g pgn.Game
	g.AddComment(pgn.Root, "hi")
	if got := g.Comment(pgn.Root); got != "hi" {
		t.Errorf("the zero Game's root comment %q, want hi", got)
	}
	for _, c := range []struct {
		name string
		call func()
	}{
		{"AddComment", func() { g.AddComment(99, "x") }},
		{"SetComment", func() { g.SetComment(-1, "x") }},
		{"AddStartingComment", func() { g.AddStartingComment(99, "x") }},
		{"SetStartingComment", func() { g.SetStartingComment(99, "x") }},
		{"RemoveNAGs", func() { g.RemoveNAGs(99) }},
		{"AddNAG", func() { g.AddNAG(pgn.Root, 1) }},
		{"AddNAG", func() { g.AddNAG(99, 1) }},
		{"AppendPGNWith", func() { g.AppendPGNWith(nil, pgn.WriteOptions{Tags: 7}) }},
	} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "pgn: Game."+c.name+":") {
					t.Errorf("%s: recovered %v, want a panic naming it", c.name, r)
				}
			}()
			c.call()
		}()
	}
	var w pgn.Writer
	if err := w.Write(&g); err == nil {
		t.Error("a zero Writer wrote")
	}
}

// TestNilAndZero: every exported call given nil or a zero value it cannot
// use returns a *pgn.Error naming the call where it returns an error, and
// reads, writes or changes nothing; else it panics naming the function.
func TestNilAndZero(t *testing.T) {
	text := "1. e4 e5 *\n"
	r := pgn.NewReader(strings.NewReader(text))
	var g pgn.Game
	var zero pgn.Builder
	started := pgn.NewBuilder(&g)
	started.Begin(nil)
	for _, c := range []struct {
		name string
		err  error
	}{
		{"Reader.Read", r.Read(nil)},
		{"Reader.Visit", r.Visit(nil)},
		{"Builder.Begin", zero.Begin(nil)},
		{"Builder.Move", zero.Move([]byte("e4"))},
		{"Builder.Move", pgn.NewBuilder(&g).Move([]byte("e4"))},
		{"Builder.Comment", pgn.NewBuilder(&g).Comment([]byte("x"))},
		{"Builder.Tag", pgn.NewBuilder(&g).Tag([]byte("Event"), []byte("x"))},
		{"Builder.End", pgn.NewBuilder(&g).End("*")},
		{"Builder.Move", started.Move(nil)},
		{"Builder.Move", started.Move([]byte{})},
		{"Builder.Tag", started.Tag(nil, []byte("x"))},
		{"Builder.End", started.End("2-0")},
		{"Writer.Write", new(pgn.Writer).Write(&g)},
		{"Writer.Write", pgn.NewWriter(io.Discard).Write(nil)},
		{"Game.SetTag", g.SetTag("", "x")},
		{"Game.SetResult", g.SetResult("")},
	} {
		var pe *pgn.Error
		if !errors.As(c.err, &pe) || !strings.HasPrefix(c.err.Error(), "pgn: "+c.name+": ") {
			t.Errorf("%s: %v (%T), want a *pgn.Error naming it", c.name, c.err, c.err)
		}
	}
	// Nothing was read: the reader's first game is still there.
	if err := r.Read(&g); err != nil || uci(g.Mainline(nil)) != "e2e4 e7e5" {
		t.Errorf("after the nil calls: %v %v", err, g.Mainline(nil))
	}
	for _, c := range []struct {
		name string
		call func()
	}{
		{"NewBuilder", func() { pgn.NewBuilder(nil) }},
		{"Builder.Reset", func() { new(pgn.Builder).Reset(nil) }},
		{"Game.Reset", func() { g.Reset(movegen.Position{}) }},
	} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.HasPrefix(fmt.Sprint(r), "pgn: "+c.name+":") {
					t.Errorf("%s: recovered %v, want a panic naming it", c.name, r)
				}
			}()
			c.call()
		}()
	}
}

// TestCallErrors: the errors of Game's and Writer's calls are *pgn.Error,
// their causes kept: an illegal move's *movegen.MoveError, the writer's
// error.
func TestCallErrors(t *testing.T) {
	g := pgn.NewGame()
	e2e5 := movegen.NewMove(movegen.E2, movegen.E5)
	var pe *pgn.Error
	var me *movegen.MoveError
	_, err := g.Play(e2e5)
	if !errors.As(err, &pe) || !errors.As(err, &me) || me.UCI != "e2e5" ||
		err.Error() != "pgn: Game.AddMove: move e2e5 at "+movegen.StartFEN+": "+me.Msg {
		t.Errorf("an illegal move: %v", err)
	}
	if _, err := g.AddMove(7, movegen.NewMove(movegen.G1, movegen.F3)); !errors.As(err, &pe) || !strings.Contains(err.Error(), "node 7") {
		t.Errorf("a node not in the game: %v", err)
	}
	checked := new(pgn.Game)
	p, _ := movegen.ParseFEN("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
	checked.Reset(p)
	if _, err := checked.Play(movegen.NoMove); !errors.As(err, &me) || !errors.As(err, &pe) {
		t.Errorf("a null move in check: %v", err)
	}
	if g.Len() != 1 || checked.Len() != 1 {
		t.Errorf("a refused move changed the game")
	}
	boom := errors.New("disk full")
	err = pgn.NewWriter(failingWriter{boom}).Write(g)
	if !errors.As(err, &pe) || !errors.Is(err, boom) || err.Error() != "pgn: Writer.Write: disk full" {
		t.Errorf("a failed write: %v", err)
	}
}

type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }
