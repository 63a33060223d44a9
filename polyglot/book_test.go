package polyglot_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
	"github.com/symmagic/attacks/polyglot"
)

// book returns the bytes of a book of the entries, in the order given.
func book(entries ...polyglot.RawEntry) []byte {
	b := make([]byte, 0, len(entries)*polyglot.EntrySize)
	for _, e := range entries {
		b = binary.BigEndian.AppendUint64(b, e.Key)
		b = binary.BigEndian.AppendUint16(b, e.Move)
		b = binary.BigEndian.AppendUint16(b, e.Weight)
		b = binary.BigEndian.AppendUint32(b, e.Learn)
	}
	return b
}

func newBook(t *testing.T, b []byte) *polyglot.Book {
	t.Helper()
	bk, err := polyglot.NewBook(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	return bk
}

func fen(t *testing.T, s string) movegen.Position {
	t.Helper()
	p, err := movegen.ParseFEN(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func uci(t *testing.T, p movegen.Position, s string) uint16 {
	t.Helper()
	m, err := p.ParseUCI(s)
	if err != nil {
		t.Fatal(err)
	}
	return polyglot.EncodeMove(m)
}

func TestBookSize(t *testing.T) {
	for _, size := range []int{1, 15, 17, 33} {
		_, err := polyglot.NewBook(bytes.NewReader(make([]byte, size)), int64(size))
		var e *polyglot.Error
		if !errors.As(err, &e) || !strings.Contains(err.Error(), "not a multiple of 16") {
			t.Errorf("size %d: %v", size, err)
		}
	}
	name := filepath.Join(t.TempDir(), "bad.bin")
	if err := os.WriteFile(name, make([]byte, 20), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := polyglot.Open(name); err == nil || !strings.Contains(err.Error(), "bad.bin: book size 20 bytes") {
		t.Errorf("Open: %v", err)
	}
	if _, err := polyglot.Open(filepath.Join(t.TempDir(), "none.bin")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Open of no file: %v", err)
	}
	empty := newBook(t, nil)
	p := movegen.StartPosition()
	if entries, skipped, err := empty.Find(&p, nil); len(entries) != 0 || skipped != 0 || err != nil {
		t.Errorf("empty book: %v %d %v", entries, skipped, err)
	}
	if _, err := empty.At(0); err == nil {
		t.Error("At(0) of an empty book: no error")
	}
}

// A book whose entries are out of order: the lookups that meet the fault
// report it, with the offset; Check finds it wherever it is.
func TestUnsorted(t *testing.T) {
	p := movegen.StartPosition()
	k := p.Key()
	e4 := uci(t, p, "e2e4")
	b := newBook(t, book(
		polyglot.RawEntry{Key: 1, Move: e4, Weight: 1},
		polyglot.RawEntry{Key: k, Move: e4, Weight: 3},
		polyglot.RawEntry{Key: k, Move: e4, Weight: 2},
		polyglot.RawEntry{Key: 5, Move: e4, Weight: 1}, // below k, after it
	))
	_, _, err := b.Find(&p, nil)
	var e *polyglot.Error
	if !errors.As(err, &e) || e.Off != 48 {
		t.Errorf("Find: %v", err)
	}
	if err := b.Check(); !errors.As(err, &e) || e.Off != 48 {
		t.Errorf("Check: %v", err)
	}
	// Sorted where the lookup looks, out of order elsewhere: found by
	// Check alone.
	b = newBook(t, book(
		polyglot.RawEntry{Key: 9, Move: e4, Weight: 1},
		polyglot.RawEntry{Key: 3, Move: e4, Weight: 1},
		polyglot.RawEntry{Key: k, Move: e4, Weight: 3},
	))
	if entries, _, err := b.Find(&p, nil); err != nil || len(entries) != 1 {
		t.Errorf("Find: %v %v", entries, err)
	}
	if err := b.Check(); !errors.As(err, &e) || e.Off != 16 || !strings.Contains(err.Error(), "polyglot: book at byte 16: entries not sorted") {
		t.Errorf("Check: %v", err)
	}
}

func TestMaxEntries(t *testing.T) {
	p := movegen.StartPosition()
	e := polyglot.RawEntry{Key: p.Key(), Move: uci(t, p, "e2e4"), Weight: 1}
	many := make([]polyglot.RawEntry, polyglot.MaxEntries)
	for i := range many {
		many[i] = e
	}
	b := newBook(t, book(many...))
	if entries, _, err := b.Find(&p, nil); err != nil || len(entries) != polyglot.MaxEntries {
		t.Errorf("%d entries: %d, %v", polyglot.MaxEntries, len(entries), err)
	}
	b = newBook(t, book(append(many, e)...))
	if _, _, err := b.Find(&p, nil); err == nil || !strings.Contains(err.Error(), "more than 4096 entries") {
		t.Errorf("%d entries: %v", polyglot.MaxEntries+1, err)
	}
}

// A reader whose bytes stop short of the size it was given.
func TestShortRead(t *testing.T) {
	p := movegen.StartPosition()
	e := polyglot.RawEntry{Key: p.Key(), Move: uci(t, p, "e2e4"), Weight: 1}
	data := book(e, e)
	b, err := polyglot.NewBook(bytes.NewReader(data[:20]), 32)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := b.Find(&p, nil); err == nil {
		t.Error("Find: no error")
	}
	if err := b.Check(); err == nil {
		t.Error("Check: no error")
	}
}

func TestDecodeMove(t *testing.T) {
	for _, c := range []struct {
		fen  string
		raw  string // from, to, promotion as the book encodes them
		want string // UCI, "" for none
	}{
		{movegen.StartFEN, "e2e4", "e2e4"},
		{movegen.StartFEN, "e2e5", ""},
		{movegen.StartFEN, "e7e5", ""}, // not the side to move's
		// Castling: king takes rook, in standard chess written e1g1.
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1a1", "e1c1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8h8", "e8g8"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8a8", "e8c8"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1h1", ""}, // no right
		// The king's two-square step, as python-chess reads it.
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "e1c1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1g1", ""},
		// e1g1 of another piece is that piece's move.
		{"k7/8/8/8/8/8/8/4Q1K1 w - - 0 1", "e1g1", ""}, // the king stands there
		{"k7/8/8/8/8/8/8/2K1Q3 w - - 0 1", "e1g1", "e1g1"},
		{"k7/8/8/8/8/8/8/K3R3 w - - 0 1", "e1h1", "e1h1"}, // a rook's move
		// Chess960: king takes rook is the move and its UCI name.
		{"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", "e1g1", "e1g1"},
		{"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", "e1b1", "e1b1"},
		{"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", "e1c1", ""}, // no two-square step in Chess960
		{"rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", "b1a1", "b1a1"},
		// Promotions, bits 12-14.
		{"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e7e8q"},
		{"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8n", "e7e8n"},
		{"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", "e7e8", ""},
		{movegen.StartFEN, "g1f3q", ""},
		// En passant.
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "e5d6"},
	} {
		p := fen(t, c.fen)
		raw := rawOf(t, c.raw)
		m, ok := polyglot.DecodeMove(&p, raw)
		got := ""
		if ok {
			got = m.String()
			if !p.IsLegal(m) {
				t.Errorf("%s %s: %s not legal", c.fen, c.raw, m)
			}
		}
		if got != c.want {
			t.Errorf("%s %s: %q, want %q", c.fen, c.raw, got, c.want)
		}
	}
	// Promotion codes 5 to 7 name no piece.
	p := fen(t, "8/4P1k1/8/8/8/8/8/4K3 w - - 0 1")
	for k := uint16(5); k <= 7; k++ {
		if m, ok := polyglot.DecodeMove(&p, rawOf(t, "e7e8")|k<<12); ok {
			t.Errorf("promotion code %d: %s", k, m)
		}
	}
}

// rawOf encodes "e2e4" or "e7e8q" by the book's rule, written out.
func rawOf(t *testing.T, s string) uint16 {
	sq := func(s string) uint16 { return uint16(s[0]-'a') + 8*uint16(s[1]-'1') }
	raw := sq(s[2:4]) | sq(s[0:2])<<6
	if len(s) == 5 {
		raw |= uint16(strings.IndexByte("nbrq", s[4])+1) << 12
	}
	return raw
}

// Every legal move of many positions encodes and decodes back to itself.
func TestEncodeDecode(t *testing.T) {
	fens := []string{
		movegen.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBf - 0 1",
	}
	var buf [movegen.MaxMoves]movegen.Move
	n := 0
	var walk func(p *movegen.Position, depth int)
	walk = func(p *movegen.Position, depth int) {
		for _, m := range p.LegalMoves(buf[:0]) {
			got, ok := polyglot.DecodeMove(p, polyglot.EncodeMove(m))
			if !ok || got != m {
				t.Fatalf("%s: %s encodes to %#04x, decodes to %s %v", p.FEN(), m, polyglot.EncodeMove(m), got, ok)
			}
			n++
		}
		if depth == 0 {
			return
		}
		var list [movegen.MaxMoves]movegen.Move
		for _, m := range p.LegalMoves(list[:0]) {
			q := *p
			q.PlayUnchecked(m)
			walk(&q, depth-1)
		}
	}
	for _, f := range fens {
		p := fen(t, f)
		walk(&p, 1)
	}
	t.Logf("%d moves", n)
}

// weighted returns a book of the start position's moves with the weights.
func weighted(t *testing.T, moves []string, weights []uint16) (*polyglot.Book, movegen.Position) {
	p := movegen.StartPosition()
	var es []polyglot.RawEntry
	for i, m := range moves {
		es = append(es, polyglot.RawEntry{Key: p.Key(), Move: uci(t, p, m), Weight: weights[i]})
	}
	return newBook(t, book(es...)), p
}

func TestBest(t *testing.T) {
	b, p := weighted(t, []string{"e2e4", "d2d4", "c2c4", "g1f3"}, []uint16{3, 7, 7, 1})
	e, ok, err := b.Best(&p)
	if err != nil || !ok || e.Move.String() != "d2d4" || e.Weight != 7 {
		t.Errorf("Best: %v %v %v", e, ok, err)
	}
	b, p = weighted(t, []string{"e2e4", "d2d4"}, []uint16{0, 0})
	if e, ok, err := b.Best(&p); ok || err != nil {
		t.Errorf("Best of weights 0: %v %v %v", e, ok, err)
	}
	if e, ok, err := b.Pick(&p, nil); ok || err != nil {
		t.Errorf("Pick of weights 0: %v %v %v", e, ok, err)
	}
	q := fen(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	if _, ok, err := b.Best(&q); ok || err != nil {
		t.Errorf("Best of a position not in the book: %v %v", ok, err)
	}
}

// Pick draws r.Uint64N(total) once and walks the weights: the same draws
// from an equal source pick the entries the walk names, and over many
// draws each entry comes up in proportion to its weight.
func TestPick(t *testing.T) {
	weights := []uint16{3, 0, 5, 2, 65535}
	b, p := weighted(t, []string{"e2e4", "d2d4", "c2c4", "g1f3", "b1c3"}, weights)
	var total uint64
	for _, w := range weights {
		total += uint64(w)
	}
	r := rand.New(rand.NewPCG(1, 2))
	same := rand.New(rand.NewPCG(1, 2))
	counts := make([]int, len(weights))
	const draws = 200000
	for i := 0; i < draws; i++ {
		e, ok, err := b.Pick(&p, r)
		if err != nil || !ok {
			t.Fatal(ok, err)
		}
		choice, j := same.Uint64N(total), 0
		for sum := uint64(weights[0]); sum <= choice; sum += uint64(weights[j]) {
			j++
		}
		if e.Weight != weights[j] {
			t.Fatalf("draw %d: %v, want entry %d", i, e, j)
		}
		counts[j]++
	}
	if counts[1] != 0 {
		t.Errorf("weight 0 picked %d times", counts[1])
	}
	for j, w := range weights {
		want := float64(draws) * float64(w) / float64(total)
		if d := float64(counts[j]) - want; d*d > 25*want+1 { // five standard deviations
			t.Errorf("entry %d (weight %d): %d picks, about %.0f expected", j, w, counts[j], want)
		}
	}
	if _, ok, err := b.Pick(&p, nil); !ok || err != nil {
		t.Errorf("Pick with the global source: %v %v", ok, err)
	}
}

// Entries whose moves are not legal are passed over and counted.
func TestSkipped(t *testing.T) {
	p := movegen.StartPosition()
	b := newBook(t, book(
		polyglot.RawEntry{Key: p.Key(), Move: rawOf(t, "e2e5"), Weight: 9},
		polyglot.RawEntry{Key: p.Key(), Move: rawOf(t, "e2e4"), Weight: 5, Learn: 77},
		polyglot.RawEntry{Key: p.Key(), Move: 0, Weight: 3},
	))
	entries, skipped, err := b.Find(&p, nil)
	if err != nil || skipped != 2 || len(entries) != 1 || entries[0] != (polyglot.Entry{Move: entries[0].Move, Raw: rawOf(t, "e2e4"), Weight: 5, Learn: 77}) || entries[0].Move.String() != "e2e4" {
		t.Errorf("%v %d %v", entries, skipped, err)
	}
	raw, err := b.Raw(p.Key(), nil)
	if err != nil || len(raw) != 3 {
		t.Errorf("Raw: %v %v", raw, err)
	}
	e, ok, err := b.Best(&p)
	if err != nil || !ok || e.Weight != 5 {
		t.Errorf("Best: %v %v %v", e, ok, err)
	}
}

func TestMakerErrors(t *testing.T) {
	for _, o := range []polyglot.Options{
		{OnlyWhite: true, OnlyBlack: true},
		{MaxPly: -1},
		{MinGame: -2},
		{MinScore: 101},
		{MinScore: -1},
	} {
		if _, err := polyglot.NewMaker(o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	for _, c := range []struct{ pgn, err string }{
		{"[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. Rh2 *", "polyglot: game 2: the game starts from \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\", not the standard start"},
		{"1. e4 -- 2. d4 *", "polyglot: game 2: a null move at ply 2"},
		{"1. e4 e5 2. Ke3 *", "pgn"},
	} {
		var out bytes.Buffer
		_, err := polyglot.Make(strings.NewReader("1. e4 e5 1-0\n\n"+c.pgn), &out, polyglot.Options{MinGame: 1})
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: %v, want %q", c.pgn, err, c.err)
		}
		if out.Len() != 0 {
			t.Errorf("%q: %d bytes written", c.pgn, out.Len())
		}
	}
	// A game of a FEN without moves counts nothing, as make-book has it.
	var out bytes.Buffer
	if _, err := polyglot.Make(strings.NewReader("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n*\n\n[Result \"1-0\"]\n1. e4 *"), &out, polyglot.Options{MinGame: 1}); err != nil || out.Len() != 16 {
		t.Errorf("%v, %d bytes", err, out.Len())
	}
	// AddGame on an error leaves the Maker as it was.
	mk, err := polyglot.NewMaker(polyglot.Options{MinGame: 1})
	if err != nil {
		t.Fatal(err)
	}
	g := pgn.NewGame()
	s := g.Start()
	if m, err := s.ParseUCI("e2e4"); err != nil {
		t.Fatal(err)
	} else if _, err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Play(movegen.NoMove); err != nil {
		t.Fatal(err)
	}
	if err := mk.AddGame(g); err == nil || !strings.HasPrefix(err.Error(), "polyglot: a null move") {
		t.Errorf("AddGame: %v", err)
	}
	out.Reset()
	if _, err := mk.WriteTo(&out); err != nil || out.Len() != 0 || mk.Games() != 0 {
		t.Errorf("after a refused game: %d bytes, %d games, %v", out.Len(), mk.Games(), err)
	}
}
