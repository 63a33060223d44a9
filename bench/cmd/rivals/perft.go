package main

import "github.com/symmagic/attacks/movegen"

// perft is movegen's perft as an engine writes it with the public API, a
// copy of movegen/example_perft_test.go's (TestPerftIsTheExample holds the
// two the same): the legal moves into the ply's buffer, each made on a
// child position declared before the loop with PlayUnchecked, which keeps
// the key, and the last ply counted by CountMoves. It allocates nothing.
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

// publicPerft is perft from the position p to depth, 1 at depth 0, with
// moves' buffers made beforehand (one a ply, depth of them at least).
func publicPerft(p *movegen.Position, depth int, moves [][movegen.MaxMoves]movegen.Move) uint64 {
	if depth == 0 {
		return 1
	}
	return perft(p, depth, moves)
}
