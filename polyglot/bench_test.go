package polyglot_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/polyglot"
)

// BenchmarkFind looks up the positions of twic0920's games in the book
// make-book made of them (1,960 entries), in memory and from the file
// (one ReadAt a probe).
func BenchmarkFind(b *testing.B) {
	var positions []movegen.Position
	forPositions(b, pgnBytes(b, "pgn/testdata/notnil__twic0920.pgn"), func(p *movegen.Position) {
		if len(positions) < 20000 {
			positions = append(positions, *p)
		}
	})
	data, err := os.ReadFile("testdata/books/twic0920.bin")
	if err != nil {
		b.Fatal(err)
	}
	mem, err := polyglot.NewBook(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		b.Fatal(err)
	}
	file, err := polyglot.Open("testdata/books/twic0920.bin")
	if err != nil {
		b.Fatal(err)
	}
	defer file.Close()
	for _, c := range []struct {
		name string
		book *polyglot.Book
	}{{"bytes", mem}, {"file", file}} {
		b.Run(c.name, func(b *testing.B) {
			var buf [64]polyglot.Entry
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				p := &positions[i%len(positions)]
				if _, _, err := c.book.Find(p, buf[:0]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMake makes twic0920's book (2,245 games) from its PGN, as
// "polyglot make-book -pgn notnil__twic0920.pgn" does.
func BenchmarkMake(b *testing.B) {
	pgnData := pgnBytes(b, "pgn/testdata/notnil__twic0920.pgn")
	b.SetBytes(int64(len(pgnData)))
	for i := 0; i < b.N; i++ {
		var out bytes.Buffer
		if _, err := polyglot.Make(bytes.NewReader(pgnData), &out, polyglot.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
