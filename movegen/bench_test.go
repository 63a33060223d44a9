package movegen_test

import (
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// BenchmarkPerftKeyed is BenchmarkPerft's positions through perft
// (example_perft_test.go), perft as an engine writes it with the public
// API, keys kept, its count checked against Perft's:
//
//	go test ./movegen -run x -bench 'Perft(Keyed)?$' -benchmem
func BenchmarkPerftKeyed(b *testing.B) {
	for _, c := range perftBenchPositions {
		p := mustParse(b, c.fen)
		moves := make([][movegen.MaxMoves]movegen.Move, c.depth)
		if got, want := perft(&p, c.depth, moves), p.Perft(c.depth); got != want {
			b.Fatalf("%s: %d nodes through the public API, Perft counts %d", c.name, got, want)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for i := 0; i < b.N; i++ {
				nodes += perft(&p, c.depth, moves)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// perftBenchPositions are the published positions BenchmarkPerft and
// BenchmarkPerftKeyed time, at depths of a few tenths of a second.
var perftBenchPositions = []struct {
	name, fen string
	depth     int
}{
	{"start5", movegen.StartFEN, 5},
	{"kiwipete4", kiwipete, 4},
	{"position3-6", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6},
	{"position4-5", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5},
	{"position5-4", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4},
}

// BenchmarkPerft reports nodes per second of Perft, one goroutine, on
// perftBenchPositions: the start position, kiwipete and the Chess
// Programming Wiki's positions 3, 4 and 5.
//
//	go test ./movegen -run x -bench Perft -count 5
func BenchmarkPerft(b *testing.B) {
	for _, c := range perftBenchPositions {
		p := mustParse(b, c.fen)
		b.Run(c.name, func(b *testing.B) {
			var nodes uint64
			for i := 0; i < b.N; i++ {
				nodes += p.Perft(c.depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// benchPositions are the positions of the first random games of the oracle
// test, a few hundred of them: openings, middlegames and endings.
func benchPositions(b *testing.B) []movegen.Position {
	fens, _ := randomPositions(b, 1, 400, map[string]int{})
	ps := make([]movegen.Position, len(fens))
	for i, f := range fens {
		ps[i] = mustParse(b, f)
	}
	return ps
}

// BenchmarkLegalMoves reports the time to list the legal moves of a
// position, into a buffer with room, averaged over varied positions.
func BenchmarkLegalMoves(b *testing.B) {
	ps := benchPositions(b)
	buf := make([]movegen.Move, 0, movegen.MaxMoves)
	j := 0
	b.ResetTimer()
	for range b.N {
		buf = ps[j].LegalMoves(buf[:0])
		if j++; j == len(ps) {
			j = 0
		}
	}
}

// BenchmarkPlay reports the time to copy a position and make a move on the
// copy, key included, over the legal moves of varied positions.
func BenchmarkPlay(b *testing.B) {
	ps := benchPositions(b)
	type pm struct {
		p movegen.Position
		m movegen.Move
	}
	var all []pm
	for _, p := range ps {
		for _, m := range p.LegalMoves(nil) {
			all = append(all, pm{p, m})
		}
	}
	var sink uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x := &all[i%len(all)]
		q := x.p
		q.PlayUnchecked(x.m)
		sink += q.Key()
	}
	_ = sink
}

// BenchmarkIsLegal reports the time to check one move with IsLegal: over
// the legal moves of varied positions (legal: a transposition table's move
// usually is), and over the same moves asked in the next position (other:
// most are not). Compare with BenchmarkLegalMoves, the cost of listing a
// position's moves.
func BenchmarkIsLegal(b *testing.B) {
	ps := benchPositions(b)
	type pm struct {
		p *movegen.Position
		m movegen.Move
	}
	var legal, other []pm
	for i := range ps {
		for _, m := range ps[i].LegalMoves(nil) {
			legal = append(legal, pm{&ps[i], m})
			other = append(other, pm{&ps[(i+1)%len(ps)], m})
		}
	}
	for _, c := range []struct {
		name string
		set  []pm
	}{{"legal", legal}, {"other", other}} {
		b.Run(c.name, func(b *testing.B) {
			n, j := 0, 0
			b.ReportAllocs()
			for range b.N {
				x := &c.set[j]
				if x.p.IsLegal(x.m) {
					n++
				}
				if j++; j == len(c.set) {
					j = 0
				}
			}
			_ = n
		})
	}
}
