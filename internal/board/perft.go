package board

import (
	"cmp"
	"slices"
	"sync"
	"sync/atomic"
)

// MaxPerftDepth is the deepest perft Perft and Divide run: the search keeps
// one position a ply, and below a few dozen plies no perft of a position
// with moves ends anyway.
const MaxPerftDepth = 1000

// Perft counts the leaf nodes of the legal game tree of p to depth plies,
// single-threaded: 1 at depth 0, 0 at a depth below 0 or above
// MaxPerftDepth.
func Perft(p *Position, depth int) uint64 {
	if depth < 0 || depth > MaxPerftDepth {
		return 0
	}
	if depth == 0 {
		return 1
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
	var list MoveList
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

// MoveCount is one root move's share of a perft.
type MoveCount struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal move of p, the perft of the position after
// it to depth-1, sorted by the moves' UCI names (the order other programs'
// divide output is usually compared in). threads goroutines share the root
// moves, each taking the next unclaimed move. A depth below 1 or above
// MaxPerftDepth has no moves: nil.
func Divide(p *Position, depth, threads int) []MoveCount {
	if depth < 1 || depth > MaxPerftDepth {
		return nil
	}
	var list MoveList
	n := gen[lister](p, &list)
	counts := make([]MoveCount, n)
	work := func(i int) {
		c := *p
		play(&c, list[i])
		counts[i] = MoveCount{list[i], Perft(&c, depth-1)}
	}
	if threads <= 1 {
		for i := range counts {
			work(i)
		}
	} else {
		var next atomic.Int64
		var wg sync.WaitGroup
		for range min(threads, n) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i := int(next.Add(1) - 1)
					if i >= n {
						return
					}
					work(i)
				}
			}()
		}
		wg.Wait()
	}
	slices.SortFunc(counts, func(a, b MoveCount) int { return cmp.Compare(a.Move.String(), b.Move.String()) })
	return counts
}
