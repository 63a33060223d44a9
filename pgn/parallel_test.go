package pgn_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/symmagic/attacks/pgn"
)

// readRec is what one Read gave: the error, the GameInfo and the game
// written back.
type readRec struct {
	err, cause           string
	number, line         int
	offset, len          int64
	raw                  string
	warnings, gameWarned string
	dropped              int
	game                 string
}

func (r readRec) String() string {
	return fmt.Sprintf("err %q (%s), game %d, line %d, offset %d, len %d, dropped %d\nwarnings %s\ngame warnings %s\nraw %q\n%s",
		r.err, r.cause, r.number, r.line, r.offset, r.len, r.dropped, r.warnings, r.gameWarned, r.raw, r.game)
}

func errStrings(es []*pgn.Error) string {
	var b strings.Builder
	for _, e := range es {
		b.WriteString(e.Error())
		b.WriteByte('|')
	}
	return b.String()
}

func record(g *pgn.Game, info *pgn.GameInfo, err error) readRec {
	rec := readRec{number: info.Number, line: info.Line, offset: info.Offset, len: info.Len, raw: string(info.Raw),
		warnings: errStrings(info.Warnings), gameWarned: errStrings(g.Warnings), dropped: info.Dropped, game: g.String()}
	if err != nil {
		rec.err = err.Error()
		rec.cause = fmt.Sprintf("%T", errors.Unwrap(err))
	}
	return rec
}

// parallelOptions are the Reader options the equality test reads with.
var parallelOptions = []struct {
	name string
	set  func(skip, tags, strict, raw *bool)
}{
	{"KeepRaw", func(_, _, _, raw *bool) { *raw = true }},
	{"Strict", func(_, _, strict, raw *bool) { *strict, *raw = true, true }},
	{"TagsOnly", func(_, tags, _, _ *bool) { *tags = true }},
	{"SkipVariations", func(skip, _, _, _ *bool) { *skip = true }},
}

// readOneCore reads data with a Reader.
func readOneCore(data []byte, src io.Reader, lim pgn.Limits, opt int) []readRec {
	if src == nil {
		src = bytes.NewReader(data)
	}
	r := pgn.NewReader(nil)
	parallelOptions[opt].set(&r.SkipVariations, &r.TagsOnly, &r.Strict, &r.KeepRaw)
	r.Limits = lim
	r.Reset(src)
	var recs []readRec
	var g pgn.Game
	for {
		err := r.Read(&g)
		if err == io.EOF {
			return recs
		}
		recs = append(recs, record(&g, r.Info(), err))
	}
}

// readParallel reads data with a ParallelReader.
func readParallel(t testing.TB, data []byte, src io.Reader, lim pgn.Limits, opt, workers, chunk int) []readRec {
	if src == nil {
		src = bytes.NewReader(data)
	}
	p := pgn.NewParallelReader(context.Background(), src)
	parallelOptions[opt].set(&p.SkipVariations, &p.TagsOnly, &p.Strict, &p.KeepRaw)
	p.Limits, p.Workers, p.ChunkSize = lim, workers, chunk
	defer p.Close()
	var recs []readRec
	var g pgn.Game
	for {
		err := p.Read(&g)
		if err == io.EOF {
			if p.Progress() > int64(len(data)) {
				t.Errorf("progress %d of %d bytes", p.Progress(), len(data))
			}
			return recs
		}
		recs = append(recs, record(&g, p.Info(), err))
	}
}

// compareReads fails t where the parallel reader's reads differ from the
// Reader's.
func compareReads(t testing.TB, name string, want, got []readRec) bool {
	t.Helper()
	for i := range max(len(want), len(got)) {
		switch {
		case i >= len(want):
			t.Errorf("%s: read %d: the parallel reader reads more:\n%s", name, i+1, got[i])
		case i >= len(got):
			t.Errorf("%s: read %d: the parallel reader reads less; want\n%s", name, i+1, want[i])
		case want[i] != got[i]:
			t.Errorf("%s: read %d:\n got %s\nwant %s", name, i+1, got[i], want[i])
		default:
			continue
		}
		return false
	}
	return true
}

// equalityInputs are the inputs the equality test reads both ways: every
// test file, damaged files, the fuzz corpora and hostile inputs.
func equalityInputs(t *testing.T) (names []string, inputs [][]byte) {
	add := func(name string, data []byte) {
		names = append(names, name)
		inputs = append(inputs, data)
	}
	files, _ := filepath.Glob("testdata/*.pgn*")
	extra, _ := filepath.Glob("testdata/extra/*.pgn")
	var sources [][]byte
	for _, f := range append(files, extra...) {
		data := readTestFile(t, f)
		if (testing.Short() || raceEnabled) && len(data) > 100<<10 {
			continue
		}
		add(f, data)
	}
	for _, name := range damageSources {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		sources = append(sources, data)
	}
	n := 40
	if testing.Short() || raceEnabled {
		n = 10
	}
	for i := range n {
		add(fmt.Sprintf("damaged-%03d", i), damaged(i, sources))
	}
	corpus, _ := filepath.Glob("testdata/fuzz/*/*")
	for _, f := range corpus {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n")[1:] {
			if s, ok := strings.CutPrefix(line, "[]byte("); ok {
				v, err := strconv.Unquote(strings.TrimSuffix(s, ")"))
				if err != nil {
					t.Fatalf("%s: %v", f, err)
				}
				add(f, []byte(v))
			}
		}
	}
	for _, h := range hostileParallel {
		add("hostile "+h.name, []byte(h.text))
	}
	return names, inputs
}

const game1 = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"

// hostileParallel are inputs made to cut a parallel reader where a Reader
// of the whole input does not end a game.
var hostileParallel = []struct{ name, text string }{
	{"tag line in a comment", "1. e4 {a comment\n\n[Event \"x\"]\n\n1. d4} e5 *\n\n" + game1},
	{"unclosed comment", game1 + "\n1. e4 {to the end\n\n" + strings.Repeat(game1+"\n", 3)},
	{"unclosed variation", game1 + "\n1. e4 (1. d4\n\n" + strings.Repeat(game1+"\n", 3)},
	{"no blank lines", strings.Repeat(strings.ReplaceAll(game1, "\n\n", "\n"), 5)},
	{"CRLF", strings.ReplaceAll(strings.Repeat(game1+"\n", 5), "\n", "\r\n")},
	{"no markers", strings.Repeat(strings.ReplaceAll(game1, " 1-0\n", "\n")+"\n", 5)},
	{"junk between games", strings.Repeat(game1+"\n<br /> } ) junk 12.\n\n", 4)},
	{"move numbers between games", strings.Repeat(game1+"\n12.\n\n", 4)},
	{"escape lines", strings.Repeat(game1+"\n%escape\n\n", 4)},
	{"one huge game", "[Event \"x\"]\n\n" + strings.Repeat("1. Nf3 Nf6 2. Ng1 Ng8 {c}\n\n", 400) + "*\n\n" + game1},
	{"huge comment", "1. e4 {" + strings.Repeat("x\n\n[Event \"y\"]\n\n", 300) + "} *\n\n" + game1},
	{"tags alone", strings.Repeat("[Event \"x\"]\n[Site \"y\"]\n\n", 6) + game1},
	{"tag in a variation", game1 + "\n1. e4 (1. d4\n\n[Event \"x\"]\n\n1. d4 *\n\n" + game1},
	{"broken games", strings.Repeat(game1+"\n1. e4 e5 2. Ke3 Nf6 *\n\n", 4)},
	{"long lines", strings.Repeat(game1+"\n"+strings.Repeat(" ", 300)+"\n\n", 3)},
	{"blank lines", strings.Repeat("\n\n\n"+game1, 4)},
	{"byte-order mark", "\xef\xbb\xbf" + strings.Repeat(game1+"\n", 3)},
	{"white space lines", strings.Repeat(game1+" \t\n \r\n", 4)},
	{"brackets", strings.Repeat(game1+"\n[\n\n[[ x\n\n", 3)},
	{"skip limits", strings.Repeat(game1+"\n{"+strings.Repeat("c", 500)+"}\n\n", 3)},
}

// TestParallelEqual reads every test file, damaged file, fuzz corpus
// entry and hostile input with a Reader and with a ParallelReader of tiny
// chunks (so that cuts fall everywhere) and several workers, and compares
// every game written back, error, warning, GameInfo and raw bytes.
func TestParallelEqual(t *testing.T) {
	names, inputs := equalityInputs(t)
	small := pgn.Limits{Line: 256, Comment: 300, Game: 4 << 10, Tag: 200}
	for i, data := range inputs {
		for opt := range parallelOptions {
			if opt > 0 && len(data) > 100<<10 {
				continue
			}
			for _, lim := range []pgn.Limits{{}, small} {
				if lim != (pgn.Limits{}) && (opt > 1 || len(data) > 100<<10) {
					continue
				}
				want := readOneCore(data, nil, lim, opt)
				combos := []struct{ workers, chunk int }{{1, 1}, {2, 37}, {3, 300}}
				switch {
				case len(data) > 100<<10:
					combos = combos[:0]
					if !testing.Short() {
						combos = append(combos, struct{ workers, chunk int }{2, 16 << 10})
					}
				case raceEnabled && (opt > 0 || lim != pgn.Limits{}):
					combos = combos[:0] // under the race detector: the goroutines, not the inputs
				case opt > 0 || lim != pgn.Limits{} || raceEnabled:
					combos = combos[1:2]
				}
				for _, c := range combos {
					name := fmt.Sprintf("%s %s limits %v workers %d chunk %d", names[i], parallelOptions[opt].name, lim != pgn.Limits{}, c.workers, c.chunk)
					if !compareReads(t, name, want, readParallel(t, data, nil, lim, opt, c.workers, c.chunk)) {
						return
					}
				}
			}
		}
	}
}

// TestParallelInputError: the input's error comes as a Reader gives it,
// once, after the games before it.
func TestParallelInputError(t *testing.T) {
	data := []byte(strings.Repeat(game1+"\n", 6) + "1. e4 e5 2. Nf3")
	for cut := 0; cut < len(data); cut += 7 {
		mk := func() io.Reader {
			return &failing{text: string(data[:cut]), err: io.ErrUnexpectedEOF, together: cut%2 == 0}
		}
		want := readOneCore(data[:cut], mk(), pgn.Limits{}, 0)
		for _, workers := range []int{1, 2} {
			got := readParallel(t, data[:cut], mk(), pgn.Limits{}, 0, workers, 50)
			if !compareReads(t, fmt.Sprintf("cut at %d, workers %d", cut, workers), want, got) {
				return
			}
		}
	}
}

// TestParallelCancel: a cancelled context ends the reading with its error,
// once, then io.EOF; Close then gives ErrClosed.
func TestParallelCancel(t *testing.T) {
	data := []byte(strings.Repeat(game1+"\n", 2000))
	ctx, cancel := context.WithCancel(context.Background())
	p := pgn.NewParallelReader(ctx, bytes.NewReader(data))
	p.ChunkSize, p.Workers = 1024, 2
	var g pgn.Game
	for range 10 {
		if err := p.Read(&g); err != nil {
			t.Fatal(err)
		}
	}
	cancel()
	err := p.Read(&g)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("after cancel: %v", err)
	}
	if err := p.Read(&g); err != io.EOF {
		t.Fatalf("after the cancel's error: %v", err)
	}
	p.Close()
	if err := p.Read(&g); !errors.Is(err, pgn.ErrClosed) {
		t.Fatalf("after Close: %v", err)
	}
	if err := p.Read(nil); err == nil {
		t.Fatal("Read(nil): no error")
	}
}

// TestParallelClose: Close in the middle stops the goroutines.
func TestParallelClose(t *testing.T) {
	before := runtime.NumGoroutine()
	data := []byte(strings.Repeat(game1+"\n", 2000))
	p := pgn.NewParallelReader(context.Background(), bytes.NewReader(data))
	p.ChunkSize, p.Workers = 1024, 3
	var g pgn.Game
	if err := p.Read(&g); err != nil {
		t.Fatal(err)
	}
	p.Close()
	if n := goroutinesAfter(before); n > before {
		t.Errorf("%d goroutines after Close, %d before", n, before)
	}
}

// FuzzParallel: any input, read with a ParallelReader of any chunk size
// and workers, reads as a Reader reads it.
func FuzzParallel(f *testing.F) {
	for _, h := range hostileParallel {
		f.Add([]byte(h.text), uint16(7), uint8(2), uint8(0))
	}
	f.Add([]byte(game1+"\n"+game1), uint16(1), uint8(1), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, chunk uint16, workers, opt uint8) {
		if len(data) > 1<<16 {
			return
		}
		o := int(opt) % len(parallelOptions)
		lim := pgn.Limits{}
		if opt&4 != 0 {
			lim = pgn.Limits{Line: 256, Comment: 300, Game: 4 << 10, Tag: 200}
		}
		want := readOneCore(data, nil, lim, o)
		got := readParallel(t, data, nil, lim, o, 1+int(workers)%4, 1+int(chunk))
		compareReads(t, "fuzz", want, got)
	})
}

// TestReadRawReadSizes: a game's raw bytes are the same whatever sizes the
// input's reads come in, where they begin before the game's first token's
// line (a move number on a line before it) or its first token spans lines
// (a comment), bytes the buffer lets go of before the game begins.
func TestReadRawReadSizes(t *testing.T) {
	for _, text := range []string{
		game1 + "\n12.\n\n" + game1,
		game1 + "\n{a comment\nover\nlines} 1. e4 *\n",
		game1 + "\njunk 3.\n\n4. e4 *\n",
		"{c\nd} 1. d4 *\n\n" + game1,
	} {
		var want []readRec
		for _, src := range []io.Reader{strings.NewReader(text), iotest.OneByteReader(strings.NewReader(text)),
			iotest.HalfReader(strings.NewReader(text))} {
			got := readOneCore([]byte(text), src, pgn.Limits{}, 0)
			if want == nil {
				want = got
				for _, rec := range got {
					if rec.raw == "" {
						t.Errorf("%q: no raw bytes:\n%s", text, rec)
					}
				}
				continue
			}
			compareReads(t, fmt.Sprintf("%q, %T", text, src), want, got)
		}
	}
}

// TestReadTagsAloneResult: a game of tags alone, ended by the next game's
// tags, takes its Result tag's value as its result whatever game the Game
// held before (the tag's value was looked up before it was made a string).
func TestReadTagsAloneResult(t *testing.T) {
	text := "[Event \"x\"]\n[Result \"1-0\"]\n\n[Event \"x\"]\n[Result \"0-1\"]\n\n1. e4 *\n"
	r := pgn.NewReader(strings.NewReader(text))
	for _, want := range []string{"1-0", "*"} {
		var g pgn.Game // a new Game each time
		if err := r.Read(&g); err != nil {
			t.Fatal(err)
		}
		if g.Result != want {
			t.Errorf("game %d: result %q, want %q", r.Info().Number, g.Result, want)
		}
	}
}

// TestReadLongLineGame: a game whose first line is over Limits.Line begins
// at that line: its GameInfo's Line and Offset are the line's (they were
// 0, the token's move number place left unset).
func TestReadLongLineGame(t *testing.T) {
	long := strings.Repeat("x", 300)
	text := game1 + "\n" + long + "\n1. e4 *\n"
	r := pgn.NewReader(strings.NewReader(text))
	r.Limits.Line = 256
	var g pgn.Game
	if err := r.Read(&g); err != nil {
		t.Fatal(err)
	}
	err := r.Read(&g)
	if err == nil || !errors.Is(err, pgn.ErrLimit) {
		t.Fatalf("a long line: %v", err)
	}
	if info := r.Info(); info.Number != 2 || info.Line != 6 || info.Offset != int64(len(game1)+1) {
		t.Errorf("game %d, line %d, offset %d; want game 2, line 6, offset %d", info.Number, info.Line, info.Offset, len(game1)+1)
	}
	// Its raw bytes, with KeepRaw: none (the line is not held), whatever
	// the sizes of the input's reads.
	lim := pgn.Limits{Line: 256}
	want := readOneCore([]byte(text), nil, lim, 0)
	compareReads(t, "one byte a read", want, readOneCore([]byte(text), iotest.OneByteReader(strings.NewReader(text)), lim, 0))
	if len(want) != 2 || want[1].raw != "" {
		t.Errorf("%d reads; the long line's game's raw bytes %q", len(want), want[1].raw)
	}
}

// TestReadLongFirstLineLimitsAfter: a first line over Limits.Line reads
// the same whether the limits were set before the input was given (Reset)
// or after NewReader had loaded the line under the default limits: the
// same error, and with KeepRaw no raw bytes (the line was kept whole as
// the game's when the limits came after).
func TestReadLongFirstLineLimitsAfter(t *testing.T) {
	text := "{" + strings.Repeat("x", 200000) + "} 1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n"
	read := func(r *pgn.Reader) (out []string) {
		var g pgn.Game
		for {
			err := r.Read(&g)
			if err == io.EOF {
				return out
			}
			out = append(out, fmt.Sprintf("%v raw %d", err, len(r.Info().Raw)))
		}
	}
	before := &pgn.Reader{KeepRaw: true, Limits: pgn.Limits{Line: 1000}}
	before.Reset(strings.NewReader(text))
	after := pgn.NewReader(strings.NewReader(text))
	after.KeepRaw, after.Limits.Line = true, 1000
	b, a := read(before), read(after)
	if !slices.Equal(a, b) || len(b) != 2 || !strings.HasSuffix(b[0], "raw 0") {
		t.Errorf("limits set after NewReader: %q\nbefore Reset: %q", a, b)
	}
}

// TestReadBrokenFirstTag: a game broken at its first token, a tag pair
// after a blank line (Strict: a value with quotes not escaped; a visitor
// refusing Begin), is passed over: the next Read goes on (it read the same
// tag pair again and again, without end).
func TestReadBrokenFirstTag(t *testing.T) {
	text := "[Event \"x\"]\n\n[Event \"a \"b\" c\"] [Site \"y\"]\n1. e4 *\n\n[Event \"z\"]\n\n1. d4 *\n"
	r := pgn.NewReader(strings.NewReader(text))
	r.Strict = true
	var g pgn.Game
	var got []string
	for i := 0; i < 10; i++ {
		err := r.Read(&g)
		if err == io.EOF {
			break
		}
		got = append(got, fmt.Sprintf("%d:%d:%v", r.Info().Number, r.Info().Line, err != nil))
	}
	if want := "1:1:true 2:3:true 3:6:false"; strings.Join(got, " ") != want {
		t.Errorf("reads %q, want %q", strings.Join(got, " "), want)
	}
	r = pgn.NewReader(strings.NewReader(text))
	reads := 0
	for ; reads < 10; reads++ {
		if err := r.Visit(refuseBegin{}); err == io.EOF {
			break
		}
	}
	if reads != 3 {
		t.Errorf("%d visits of a visitor refusing every game, want 3", reads)
	}
}

// refuseBegin refuses every game.
type refuseBegin struct{ pgn.NopVisitor }

func (refuseBegin) Begin(*pgn.GameInfo) error { return errors.New("no") }

// stalled gives its text, then nothing, without an error, for ever.
type stalled struct{ text string }

func (s *stalled) Read(b []byte) (int, error) {
	n := copy(b, s.text)
	s.text = s.text[n:]
	return n, nil
}

// TestParallelNoProgress: an input that stops giving bytes without an
// error is io.ErrNoProgress's error after the games before it, from a
// Reader and from a ParallelReader alike.
func TestParallelNoProgress(t *testing.T) {
	data := []byte(strings.Repeat(game1+"\n", 6) + "1. e4 e5 2. Nf3")
	want := readOneCore(data, &stalled{string(data)}, pgn.Limits{}, 0)
	if n := len(want); n != 7 || !strings.HasSuffix(want[n-1].err, io.ErrNoProgress.Error()) {
		t.Fatalf("the Reader: %d reads, the last %v", n, want[n-1])
	}
	for _, workers := range []int{1, 2} {
		got := readParallel(t, data, &stalled{string(data)}, pgn.Limits{}, 0, workers, 50)
		compareReads(t, fmt.Sprintf("workers %d", workers), want, got)
	}
}
