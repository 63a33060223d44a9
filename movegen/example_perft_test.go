package movegen_test

import (
	"fmt"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// perft counts the leaves of the legal game tree depth plies (1 or more)
// below p, written with the public API as an engine's search is written:
// the legal moves into the ply's buffer (moves[0]; LegalMoves writes
// straight into a buffer with room for MaxMoves), each made on a child
// position declared before the loop with PlayUnchecked, which keeps the
// key, and the last ply counted by CountMoves without making its moves.
// It allocates nothing (Example_perft counts). BenchmarkPerftKeyed times
// it, and bench/cmd/rivals measures a copy of it against cozy-chess and
// chess-library.
func perft(p *movegen.Position, depth int, moves [][movegen.MaxMoves]movegen.Move) uint64 {
	if depth == 1 {
		return uint64(p.CountMoves())
	}
	var child movegen.Position
	var nodes uint64
	for _, m := range p.LegalMoves(moves[0][:0]) {
		child = *p
		child.PlayUnchecked(m)
		nodes += perft(&child, depth-1, moves[1:])
	}
	return nodes
}

// Example_perft counts kiwipete's leaves to depth 3 through the public
// API, with one move buffer a ply made before the search, and counts the
// search's allocations: none (over 50 runs, so that an allocation of
// another goroutine of the test binary averages out where one a search
// would not).
func Example_perft() {
	p, err := movegen.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		panic(err)
	}
	const depth = 3
	moves := make([][movegen.MaxMoves]movegen.Move, depth)
	fmt.Println(perft(&p, depth, moves), p.Perft(depth))
	fmt.Println("allocations:", testing.AllocsPerRun(50, func() { perft(&p, depth, moves) }))
	// Output:
	// 97862 97862
	// allocations: 0
}
