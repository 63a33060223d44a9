package perft

import (
	"cmp"
	"slices"
	"sync"
	"sync/atomic"
)

// Perft counts the leaf nodes of the legal game tree of p to depth plies
// (1 at depth 0), single-threaded, with the given slider mode.
func Perft(p *Position, depth int, mode Mode) uint64 {
	switch mode {
	case ModeStd:
		return perftRoot[Std](p, depth)
	case ModeFancy:
		return perftRoot[Fancy](p, depth)
	case ModePlain:
		return perftRoot[Plain](p, depth)
	case ModeBlack:
		return perftRoot[BlackMagic](p, depth)
	case ModeOcc:
		return perftRoot[Occ](p, depth)
	case ModeHyperbola:
		return perftRoot[Hyperbola](p, depth)
	case ModeKindergarten:
		return perftRoot[Kindergarten](p, depth)
	}
	return perftRoot[W](p, depth)
}

func perftRoot[S Slider](p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	stack := make([]Position, depth)
	stack[0] = *p
	return perft[S](stack, depth)
}

// perft counts the nodes below stack[0], using stack[1:] for the positions
// on the way down: a child is a copy of its parent with the move made. With
// bulk counting only interior nodes make moves (about one per 30 leaves),
// and a make/unmake version measured no faster: 0-7% slower in five of
// six cases, 2% faster in one (medians of 7 interleaved runs, start
// position depth 6 and kiwipete depth 5, each mode), so the simpler
// copy-make stays. The positions live in one slice because a local copy
// moves to the heap: escape analysis gives up on a generic function's
// recursive call, and the allocation per node cost more than half the run
// time.
func perft[S Slider](stack []Position, depth int) uint64 {
	p := &stack[0]
	if depth == 1 {
		return uint64(gen[S, counter](p, nil))
	}
	var list moveList
	n := gen[S, lister](p, &list)
	var nodes uint64
	child := &stack[1]
	for _, m := range list[:n] {
		*child = *p
		play[S](child, m)
		nodes += perft[S](stack[1:], depth-1)
	}
	return nodes
}

// Count is one root move's share of a perft.
type Count struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal move of p, the perft of the position after
// it to depth-1, sorted by the moves' UCI names (the order other programs'
// divide output is usually compared in). threads goroutines share the root
// moves, each taking the next unclaimed move. Depth 0 has no moves: nil.
func Divide(p *Position, depth int, mode Mode, threads int) []Count {
	switch mode {
	case ModeStd:
		return divide[Std](p, depth, threads)
	case ModeFancy:
		return divide[Fancy](p, depth, threads)
	case ModePlain:
		return divide[Plain](p, depth, threads)
	case ModeBlack:
		return divide[BlackMagic](p, depth, threads)
	case ModeOcc:
		return divide[Occ](p, depth, threads)
	case ModeHyperbola:
		return divide[Hyperbola](p, depth, threads)
	case ModeKindergarten:
		return divide[Kindergarten](p, depth, threads)
	}
	return divide[W](p, depth, threads)
}

func divide[S Slider](p *Position, depth, threads int) []Count {
	if depth <= 0 {
		return nil
	}
	var list moveList
	n := gen[S, lister](p, &list)
	counts := make([]Count, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range max(1, min(threads, n)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				c := *p
				play[S](&c, list[i])
				counts[i] = Count{list[i], perftRoot[S](&c, depth-1)}
			}
		}()
	}
	wg.Wait()
	slices.SortFunc(counts, func(a, b Count) int { return cmp.Compare(a.Move.String(), b.Move.String()) })
	return counts
}

// Moves returns the legal moves of p.
func (p *Position) Moves() []Move {
	var list moveList
	n := gen[W, lister](p, &list)
	return slices.Clone(list[:n])
}

// Play makes m, which must be one of p.Moves().
func (p *Position) Play(m Move) { play[W](p, m) }
