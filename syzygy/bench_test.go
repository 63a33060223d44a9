package syzygy

import (
	"math/rand/v2"
	"testing"

	"github.com/symmagic/attacks/internal/syzygydata"
	"github.com/symmagic/attacks/movegen"
)

// benchPositions are the positions bench/cmd/syzygy times against Fathom:
// the first tenth of each 4-piece table's sample, shuffled.
func benchPositions(b testing.TB) []movegen.Position {
	var ps []movegen.Position
	for _, name := range syzygydata.Names(4) {
		s, err := syzygydata.Sample(name, syzygydata.SampleSize, syzygydata.SampleSeed(name))
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, s[:len(s)/10]...)
	}
	r := rand.New(rand.NewPCG(1, 2))
	r.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
	return ps
}

// BenchmarkProbeWDL probes the WDL of random positions of the 4-piece
// tables (bench/cmd/syzygy's, which times Fathom on the same ones), one a
// call.
func BenchmarkProbeWDL(b *testing.B) {
	tb := openTB(b)
	ps := benchPositions(b)
	for i := range ps {
		if _, err := tb.ProbeWDL(&ps[i]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := tb.ProbeWDL(&ps[i%len(ps)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkProbeDTZ probes the DTZ of the same positions.
func BenchmarkProbeDTZ(b *testing.B) {
	tb := openTB(b)
	ps := benchPositions(b)
	for i := range ps {
		if _, err := tb.ProbeDTZ(&ps[i]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := tb.ProbeDTZ(&ps[i%len(ps)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRootMoves ranks the moves of the roots of
// testdata/stockfish/root.tsv (the "dtz" rows: games that repeat, clocks
// near 100), each with its game, one root a call.
func BenchmarkRootMoves(b *testing.B) {
	tb := openTB(b)
	roots := dtzRoots(b)
	for i := range roots {
		if _, err := tb.RootMoves(&roots[i].p, roots[i].h); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := &roots[i%len(roots)]
		if _, err := tb.RootMoves(&r.p, r.h); err != nil {
			b.Fatal(err)
		}
	}
}
