package variant

import "testing"

// BenchmarkPerft counts perft 3 from each variant's start: the make and
// test generator's cost a node (ns/op over the nodes, reported as
// nodes/s).
func BenchmarkPerft(b *testing.B) {
	for _, v := range Variants {
		p := StartPosition(v)
		b.Run(v.String(), func(b *testing.B) {
			var n uint64
			for range b.N {
				n += p.Perft(3)
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
