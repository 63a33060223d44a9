package board

import "testing"

// BenchmarkPerft reports single-threaded nodes per second for the start
// position to depth 5 and kiwipete to depth 4 (bench/perft compares the techniques):
//
//	go test ./internal/board -run x -bench Perft -count 5
func BenchmarkPerft(b *testing.B) {
	cases := []struct {
		name  string
		fen   string
		depth int
	}{
		{"start5", StartFEN, 5},
		{"kiwipete4", kiwipete, 4},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			var nodes uint64
			for i := 0; i < b.N; i++ {
				nodes += Perft(&p, c.depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
