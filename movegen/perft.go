package movegen

import (
	"cmp"
	"slices"
)

// MaxPerftDepth is the deepest perft Perft and Divide run: the search keeps
// one position a ply, and below a few dozen plies no perft of a position
// with moves ends anyway.
const MaxPerftDepth = 1000

// Perft returns the number of leaf nodes of the legal game tree to depth
// plies (1 at depth 0; 0 at a depth below 0 or above MaxPerftDepth),
// counting the last ply's moves without making them (bulk counting), on
// one goroutine. Its moves are made as PlayUnchecked makes them, the key
// kept; the same search written with the public API (LegalMoves into a
// buffer a ply, PlayUnchecked, CountMoves; see Example_perft) costs a call
// more a node.
func (p *Position) Perft(depth int) uint64 {
	if depth < 0 || depth > MaxPerftDepth {
		return 0
	}
	if depth == 0 {
		return 1
	}
	if !p.hasKing() {
		return 0
	}
	var small [16]Position
	stack := small[:]
	if depth > len(small) {
		stack = make([]Position, depth)
	}
	stack[0] = *p
	return perft(stack, depth)
}

// perft counts the nodes below stack[0], using stack[1:] for the positions
// on the way down: a child is a copy of its parent with the move made. With
// bulk counting only interior nodes make moves (about one per 30 leaves),
// and a make/unmake version measured no faster (docs/MOVEGEN.md), so the
// simpler copy-make stays. The positions live in one slice, made once, so
// that no recursion level copies or allocates one of its own.
func perft(stack []Position, depth int) uint64 {
	p := &stack[0]
	if depth == 1 {
		return uint64(gen[counter](p, nil))
	}
	var list moveList
	n := gen[lister](p, &list)
	var nodes uint64
	child := &stack[1]
	for _, m := range list[:n] {
		*child = *p
		play(child, m)
		nodes += perft(stack[1:], depth-1)
	}
	return nodes
}

// MoveCount is one move's share of a perft, Divide's answer.
type MoveCount struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal move, the perft of the position after it
// to depth-1, sorted by the moves' UCI names: the counts by root move that
// perft tools compare to find a bug. A depth below 1 or above MaxPerftDepth
// has none.
func (p *Position) Divide(depth int) []MoveCount {
	if depth < 1 || depth > MaxPerftDepth || !p.hasKing() {
		return nil
	}
	var list moveList
	n := generate(p, &list)
	counts := make([]MoveCount, n)
	for i, m := range list[:n] {
		c := *p
		play(&c, m)
		counts[i] = MoveCount{m, c.Perft(depth - 1)}
	}
	slices.SortFunc(counts, func(a, b MoveCount) int { return cmp.Compare(a.Move.String(), b.Move.String()) })
	return counts
}
