package movegen_test

import (
	"fmt"
	"math/bits"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// maxPly bounds the example's search: its stack holds a position a ply.
const maxPly = 16

// negamax is an alpha-beta search that allocates nothing: one position a
// ply and one move buffer a ply, in arrays that live as long as the
// search (see the package's section on search).
type negamax struct {
	pos   [maxPly + 1]movegen.Position
	moves [maxPly][movegen.MaxMoves]movegen.Move
	first movegen.Move // tried first at the root: the last iteration's best
	best  movegen.Move
	nodes int
}

const mate = 30_000

// material is the side to move's material balance, in centipawns.
func material(p *movegen.Position) int {
	score := 0
	for t, v := range [...]int{movegen.Pawn: movegen.PawnValue, movegen.Knight: movegen.KnightValue,
		movegen.Bishop: movegen.BishopValue, movegen.Rook: movegen.RookValue, movegen.Queen: movegen.QueenValue} {
		pt := movegen.PieceType(t)
		score += v * (bits.OnesCount64(p.Pieces(movegen.White, pt)) - bits.OnesCount64(p.Pieces(movegen.Black, pt)))
	}
	if p.Side() == movegen.Black {
		return -score
	}
	return score
}

func (s *negamax) search(ply, depth, alpha, beta int) int {
	s.nodes++
	p := &s.pos[ply]
	if depth == 0 || ply == maxPly {
		return material(p)
	}
	moves := p.LegalMoves(s.moves[ply][:0])
	if len(moves) == 0 {
		if p.InCheck() {
			return -mate + ply
		}
		return 0 // stalemate
	}
	if ply == 0 && p.IsLegal(s.first) {
		// The move from elsewhere (a table, a killer slot) is checked
		// by IsLegal before it is played; here it goes to the front.
		for i, m := range moves {
			if m == s.first {
				moves[0], moves[i] = moves[i], moves[0]
			}
		}
	}
	child := &s.pos[ply+1]
	for _, m := range moves {
		*child = *p // copy-make into the next ply's slot: p is the undo
		child.PlayUnchecked(m)
		score := -s.search(ply+1, depth-1, -beta, -alpha)
		if score > alpha {
			alpha = score
			if ply == 0 {
				s.best = m
			}
		}
		if alpha >= beta {
			break
		}
	}
	return alpha
}

// Example_negamax searches by iterative deepening with one position a ply,
// and counts its allocations: none, whatever the number of nodes.
func Example_negamax() {
	var s negamax
	// Mate in two, as puzzle sites write it (fullmove 0).
	p, err := movegen.ParseFEN("r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 0")
	if err != nil {
		panic(err)
	}
	s.pos[0] = p
	var score int
	for depth := 1; depth <= 4; depth++ {
		s.first = s.best
		score = s.search(0, depth, -mate, mate)
	}
	fmt.Println("best", p.SAN(s.best), "score", score, "mate in", mate-score, "plies;", s.nodes, "nodes")

	allocs := testing.AllocsPerRun(5, func() {
		s.nodes = 0
		s.search(0, 4, -mate, mate)
	})
	fmt.Println("allocations per search of", s.nodes, "nodes:", allocs)
	// Output:
	// best Qd8+ score 29997 mate in 3 plies; 189878 nodes
	// allocations per search of 174752 nodes: 0
}
