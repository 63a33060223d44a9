package pgn_test

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/symmagic/attacks/pgn"
)

func BenchmarkReadTmp(b *testing.B) {
	data, err := os.ReadFile(os.Getenv("PGNFILE"))
	if err != nil {
		b.Skip(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var g pgn.Game
	moves := 0
	for i := 0; i < b.N; i++ {
		r := pgn.NewReader(bytes.NewReader(data))
		for {
			err := r.Read(&g)
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Log(err)
			}
			if i == 0 {
				moves += len(g.Mainline(nil))
			}
		}
	}
	b.ReportMetric(float64(moves), "moves")
}
