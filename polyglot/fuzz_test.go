package polyglot_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/polyglot"
)

var fuzzFENs = []string{
	movegen.StartFEN,
	"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	"rnbqk1nr/ppp2ppp/8/4P3/1BP5/8/PP2KpPP/RN1Q1BNR b kq - 1 7",
	"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
}

// FuzzBook reads arbitrary bytes as a book at a few positions: no panic,
// an error only where the bytes are at fault, and what Find returns is
// legal and accounts for every entry of the key.
//
//	go test -fuzz FuzzBook -fuzztime 30s ./polyglot
func FuzzBook(f *testing.F) {
	lasker, err := os.ReadFile("testdata/books/lasker-trap.bin")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(lasker, uint8(3))
	p := movegen.StartPosition()
	f.Add(book(polyglot.RawEntry{Key: p.Key(), Move: 0x031c, Weight: 2}, polyglot.RawEntry{Key: p.Key(), Move: 0x0107, Weight: 1}), uint8(0))
	f.Add([]byte("not a book"), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		b, err := polyglot.NewBook(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			if len(data)%polyglot.EntrySize == 0 {
				t.Fatalf("%d bytes: %v", len(data), err)
			}
			return
		}
		if len(data)%polyglot.EntrySize != 0 {
			t.Fatalf("%d bytes: no error", len(data))
		}
		sorted := b.Check() == nil
		p, err := movegen.ParseFEN(fuzzFENs[int(which)%len(fuzzFENs)])
		if err != nil {
			t.Fatal(err)
		}
		entries, skipped, err := b.Find(&p, nil)
		var e *polyglot.Error
		if err != nil {
			if !errors.As(err, &e) || sorted && !strings.Contains(err.Error(), "entries") {
				t.Fatalf("Find: %v (sorted: %v)", err, sorted)
			}
			return
		}
		raw, err := b.Raw(p.Key(), nil)
		if err != nil || len(raw) != len(entries)+skipped {
			t.Fatalf("Raw: %d entries, %v; Find: %d and %d skipped", len(raw), err, len(entries), skipped)
		}
		for _, x := range entries {
			if !p.IsLegal(x.Move) {
				t.Fatalf("%s not legal", x.Move)
			}
			if m, ok := polyglot.DecodeMove(&p, x.Raw); !ok || m != x.Move {
				t.Fatalf("%#04x: DecodeMove %s %v, Find %s", x.Raw, m, ok, x.Move)
			}
		}
		best, ok, err := b.Best(&p)
		if err != nil || ok != (best.Weight > 0) {
			t.Fatalf("Best: %v %v %v", best, ok, err)
		}
		picked, ok2, err := b.Pick(&p, rand.New(rand.NewPCG(uint64(len(data)), 7)))
		if err != nil || ok2 != ok || ok && (picked.Weight == 0 || picked.Weight > best.Weight) {
			t.Fatalf("Pick: %v %v %v; Best %v %v", picked, ok2, err, best, ok)
		}
	})
}

// FuzzMake makes a book of arbitrary PGN: no panic; a book it writes is
// sorted and holds, at each position of its games, only legal moves; with
// Skip, a book is always written (the input itself never fails).
//
//	go test -fuzz FuzzMake -fuzztime 30s ./polyglot
func FuzzMake(f *testing.F) {
	f.Add([]byte("[Result \"1-0\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n1. e4 c5 0-1\n\n1. d4 *"), uint8(1), uint8(0))
	f.Add([]byte("1. e4 e5 2. Ke2 Ke7 3. O-O 1/2-1/2"), uint8(1), uint8(3))
	f.Add([]byte("1. e4 -- *\n\n[Variant \"Atomic\"]\n1. e4 *\n\n1. e4 e5 2. Ke3 *\n\n1. d4 d5 1-0"), uint8(9), uint8(0))
	f.Fuzz(func(t *testing.T, text []byte, minGame, flags uint8) {
		opt := polyglot.Options{
			MinGame:   int(minGame % 4),
			MaxPly:    int(flags >> 3),
			OnlyWhite: flags&1 != 0,
			OnlyBlack: flags&2 != 0 && flags&1 == 0,
			Uniform:   flags&4 != 0,
			Skip:      minGame&8 != 0,
		}
		var out bytes.Buffer
		if skipped, err := polyglot.Make(bytes.NewReader(text), &out, opt); err != nil || !opt.Skip && skipped.Count != 0 {
			if opt.Skip || skipped.Count != 0 { // the input itself never fails
				t.Fatalf("Skip: %v, %+v", err, skipped)
			}
			if out.Len() != 0 {
				t.Fatalf("%v, and %d bytes written", err, out.Len())
			}
			return
		}
		b, err := polyglot.NewBook(bytes.NewReader(out.Bytes()), int64(out.Len()))
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Check(); err != nil {
			t.Fatal(err)
		}
		forPositions(t, text, func(p *movegen.Position) {
			entries, skipped, err := b.Find(p, nil)
			if err != nil || skipped != 0 {
				t.Fatalf("%s: %v, %d skipped, %v", p.FEN(), entries, skipped, err)
			}
			for _, e := range entries {
				if e.Weight == 0 || e.Learn != 0 || opt.Uniform && e.Weight != 1 ||
					opt.OnlyWhite && p.Side() == movegen.Black || opt.OnlyBlack && p.Side() == movegen.White {
					t.Fatalf("%s: %+v", p.FEN(), e)
				}
			}
		})
	})
}
