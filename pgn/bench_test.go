package pgn_test

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/symmagic/attacks/pgn"
)

// largeFile is the test data's large file of ordinary games, The Week in
// Chess 920 (testdata/README.md).
const largeFile = "testdata/notnil__twic0920.pgn"

// benchmarkRead reads the large file with one Reader and one Game, as a
// program reading files does, every move checked: b.SetBytes makes go test
// print MB/s; moves/op counts the main lines' moves.
func benchmarkRead(b *testing.B, skip bool) {
	data, err := os.ReadFile(largeFile)
	if err != nil {
		b.Fatal(err)
	}
	r := pgn.NewReader(bytes.NewReader(nil))
	r.SkipVariations = skip
	var g pgn.Game
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	moves := 0
	for i := 0; i < b.N; i++ {
		r.Reset(bytes.NewReader(data))
		moves = 0
		for {
			err := r.Read(&g)
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			moves += g.Len() - 1
		}
	}
	b.ReportMetric(float64(moves), "moves/op")
}

func BenchmarkRead(b *testing.B)               { benchmarkRead(b, false) }
func BenchmarkReadSkipVariations(b *testing.B) { benchmarkRead(b, true) }

// BenchmarkWrite writes the large file's games in the export format into
// one reused buffer: MB/s of what it writes.
func BenchmarkWrite(b *testing.B) {
	data, err := os.ReadFile(largeFile)
	if err != nil {
		b.Fatal(err)
	}
	var games []*pgn.Game
	r := pgn.NewReader(bytes.NewReader(data))
	for {
		g := new(pgn.Game)
		err := r.Read(g)
		if err == io.EOF {
			break
		}
		if err != nil {
			b.Fatal(err)
		}
		games = append(games, g)
	}
	var buf []byte
	n := 0
	for _, g := range games {
		buf = g.AppendPGN(buf[:0])
		n += len(buf)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, g := range games {
			buf = g.AppendPGN(buf[:0])
		}
	}
}
