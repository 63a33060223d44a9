package opening_test

import (
	"testing"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/opening"
)

// BenchmarkOf looks up the end positions of the data's lines (found) and
// the positions one move on (mostly not).
func BenchmarkOf(b *testing.B) {
	var positions []movegen.Position
	for i := 0; i < opening.Len(); i++ {
		g := game(b, opening.At(i).PGN)
		p := g.End()
		positions = append(positions, p)
		var buf [movegen.MaxMoves]movegen.Move
		if moves := p.LegalMoves(buf[:0]); len(moves) > 0 { // not a mate
			q := p
			q.PlayUnchecked(moves[0])
			positions = append(positions, q)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		opening.Of(&positions[i%len(positions)])
	}
}
