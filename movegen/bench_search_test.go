package movegen_test

import (
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// The search helpers' benchmarks, over the positions of the first random
// games of the oracle test (benchPositions: openings, middlegames and
// endings, standard and Chess960):
//
//	go test ./movegen -run x -bench 'GivesCheck|SEE|Quiets|Attackers' -count 5

// posMove is one of the legal moves of a position of a list, by its index:
// the positions stay few and hot in cache, as a search's node is while it
// goes through its moves.
type posMove struct {
	p int32
	m movegen.Move
}

// allMoves returns every legal move of the positions, with its position's
// index.
func allMoves(ps []movegen.Position) []posMove {
	var all []posMove
	for i := range ps {
		for _, m := range ps[i].LegalMoves(nil) {
			all = append(all, posMove{int32(i), m})
		}
	}
	return all
}

// BenchmarkGivesCheck times GivesCheck against what it saves, copying the
// position, making the move and asking InCheck, over every legal move of
// the positions: ns/op is per move.
func BenchmarkGivesCheck(b *testing.B) {
	ps := benchPositions(b)
	all := allMoves(ps)
	b.Run("GivesCheck", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for i, j := 0, 0; i < b.N; i, j = i+1, j+1 {
			if j == len(all) {
				j = 0
			}
			x := all[j]
			if ps[x.p].GivesCheck(x.m) {
				n++
			}
		}
		_ = n
	})
	b.Run("Play+InCheck", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for i, j := 0, 0; i < b.N; i, j = i+1, j+1 {
			if j == len(all) {
				j = 0
			}
			x := all[j]
			q := ps[x.p]
			q.PlayUnchecked(x.m)
			if q.InCheck() {
				n++
			}
		}
		_ = n
	})
}

// BenchmarkSEE times SEE on typical captures, every capture (Captures'
// moves) of the positions, at threshold 0 (does it lose material?) and at
// threshold 1 (does it win some?): ns/op is per call.
func BenchmarkSEE(b *testing.B) {
	ps := benchPositions(b)
	var caps, quiets []posMove
	for i := range ps {
		for _, m := range ps[i].Captures(nil) {
			caps = append(caps, posMove{int32(i), m})
		}
		for _, m := range ps[i].Quiets(nil) {
			quiets = append(quiets, posMove{int32(i), m})
		}
	}
	for _, c := range []struct {
		name      string
		threshold int
	}{{"captures,0", 0}, {"captures,1", 1}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for i, j := 0, 0; i < b.N; i, j = i+1, j+1 {
				if j == len(caps) {
					j = 0
				}
				x := caps[j]
				if ps[x.p].SEE(x.m, c.threshold) {
					n++
				}
			}
			_ = n
		})
	}
	// Quiet moves: is the piece safe where it goes?
	b.Run("quiets,0", func(b *testing.B) {
		b.ReportAllocs()
		n := 0
		for i, j := 0, 0; i < b.N; i, j = i+1, j+1 {
			if j == len(quiets) {
				j = 0
			}
			x := quiets[j]
			if ps[x.p].SEE(x.m, 0) {
				n++
			}
		}
		_ = n
	})
}

// BenchmarkQuiets times Quiets, Captures and LegalMoves over the positions,
// each into a buffer with room; ns/move is the time per move listed.
func BenchmarkQuiets(b *testing.B) {
	ps := benchPositions(b)
	for _, c := range []struct {
		name string
		list func(p *movegen.Position, buf []movegen.Move) []movegen.Move
	}{
		{"Quiets", (*movegen.Position).Quiets},
		{"Captures", (*movegen.Position).Captures},
		{"LegalMoves", (*movegen.Position).LegalMoves},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]movegen.Move, 0, movegen.MaxMoves)
			moves := 0
			for i, j := 0, 0; i < b.N; i, j = i+1, j+1 {
				if j == len(ps) {
					j = 0
				}
				buf = c.list(&ps[j], buf[:0])
				moves += len(buf)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(max(moves, 1)), "ns/move")
		})
	}
}

// BenchmarkAttackers times AttackersTo and Attackers of every square of the
// positions, with their occupancy: ns/op is per call.
func BenchmarkAttackers(b *testing.B) {
	ps := benchPositions(b)
	b.Run("AttackersTo", func(b *testing.B) {
		b.ReportAllocs()
		var sink uint64
		for i, j := 0, 0; i < b.N; i++ {
			if i%64 == 0 {
				if j++; j == len(ps) {
					j = 0
				}
			}
			p := &ps[j]
			sink ^= p.AttackersTo(movegen.Square(i%64), p.Occupied())
		}
		_ = sink
	})
	b.Run("Attackers", func(b *testing.B) {
		b.ReportAllocs()
		var sink uint64
		for i, j := 0, 0; i < b.N; i++ {
			if i%64 == 0 {
				if j++; j == len(ps) {
					j = 0
				}
			}
			p := &ps[j]
			sink ^= p.Attackers(p.Side(), movegen.Square(i%64), p.Occupied())
		}
		_ = sink
	})
}

// inLoop is the search the package doc warns about: the child position
// declared inside the loop over the moves, its address passed to the
// recursive call, which escape analysis moves to the heap (one allocation
// of a Position a node).
func inLoop(p *movegen.Position, depth int, nodes *int) int {
	*nodes++
	if depth == 0 {
		return material(p)
	}
	var buf [movegen.MaxMoves]movegen.Move
	best := -mate
	for _, m := range p.LegalMoves(buf[:0]) {
		q := *p
		q.PlayUnchecked(m)
		best = max(best, -inLoop(&q, depth-1, nodes))
	}
	return best
}

// perPly is the same search with its child declared once, before the loop:
// one position a ply, on the stack.
func perPly(p *movegen.Position, depth int, nodes *int) int {
	*nodes++
	if depth == 0 {
		return material(p)
	}
	var buf [movegen.MaxMoves]movegen.Move
	var q movegen.Position
	best := -mate
	for _, m := range p.LegalMoves(buf[:0]) {
		q = *p
		q.PlayUnchecked(m)
		best = max(best, -perPly(&q, depth-1, nodes))
	}
	return best
}

// BenchmarkSearchCopy times a full-width material search of kiwipete to
// depth 3 written the two ways (ns/op is per node; see the package's
// section on search):
//
//	go test ./movegen -run x -bench SearchCopy -benchmem -count 5
func BenchmarkSearchCopy(b *testing.B) {
	p, err := movegen.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		search func(*movegen.Position, int, *int) int
	}{{"child-in-loop", inLoop}, {"child-per-ply", perPly}} {
		b.Run(c.name, func(b *testing.B) {
			nodes := 0
			c.search(&p, 3, &nodes)
			per := nodes
			b.ResetTimer()
			for i := 0; i < b.N; i += per {
				c.search(&p, 3, &nodes)
			}
			b.ReportMetric(float64(per), "nodes/search")
		})
	}
}
