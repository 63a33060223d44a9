package perft

import "testing"

// BenchmarkPerft reports single-threaded nodes per second for the start
// position to depth 6 and kiwipete (the second position of perft.tsv) to
// depth 5, per slider mode:
//
//	go test ./perft -run x -bench Perft -count 5
func BenchmarkPerft(b *testing.B) {
	cases := []struct {
		name  string
		fen   string
		depth int
	}{
		{"start6", StartFEN, 6},
		{"kiwipete5", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			b.Fatal(err)
		}
		for _, mode := range Modes {
			b.Run(c.name+"/slider="+mode.String(), func(b *testing.B) {
				var nodes uint64
				for b.Loop() {
					nodes += Perft(&p, c.depth, mode)
				}
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			})
		}
	}
}
