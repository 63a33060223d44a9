// Package search is bench/perft's search over the move generator: perft
// with threads, a transposition table shared by them and the memory load of
// an engine's network updates, reporting progress and stopping on a
// context. It is written against the library's generator
// (internal/board), and bench/internal/modegen copies it once per slider
// mode, each copy importing that mode's copy of the generator: so the
// search, too, is the same code in every mode, with each mode's lookups
// inlined into it.
package search

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/symmagic/attacks/bench/perft/shared"
	"github.com/symmagic/attacks/internal/board"
)

// Run runs a perft of the position fen to depth with the given options
// (their Mode aside: a copy of this package is one mode), which the caller
// has validated. It always divides at the root: the threads take root moves
// one at a time, and a root move is finished when its whole subtree is.
//
// If ctx ends first, the search stops at the next node of depth 5 or more
// each thread reaches (subtrees of depth 4 or less finish first), and Run
// returns the partial result, Stopped set, with ctx's error.
func Run(ctx context.Context, fen string, depth int, opt shared.Options) (shared.Result, error) {
	p, err := board.ParseFEN(fen)
	if err != nil {
		return shared.Result{}, err
	}
	return run(ctx, &p, depth, opt)
}

// Perft is the generator's perft of the position fen to depth.
func Perft(fen string, depth int) (uint64, error) {
	p, err := board.ParseFEN(fen)
	if err != nil {
		return 0, err
	}
	return board.Perft(&p, depth), nil
}

// Divide is the generator's divide of the position fen to depth, on
// threads goroutines.
func Divide(fen string, depth, threads int) ([]shared.Count, error) {
	p, err := board.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	var counts []shared.Count
	for _, c := range board.Divide(&p, depth, threads) {
		counts = append(counts, shared.Count{Move: shared.Move(c.Move), Nodes: c.Nodes})
	}
	return counts, nil
}

// PositionSize is the size of the generator's Position in bytes, the same
// in every mode (TestPositionSizes).
const PositionSize = int(unsafe.Sizeof(board.Position{}))

// Lists returns what the generator lists at the position fen: its legal
// moves, their count, the captures and promotions alone, and the keys of
// the positions the moves lead to: what the tests compare across modes.
func Lists(fen string) (shared.Lists, error) {
	p, err := board.ParseFEN(fen)
	if err != nil {
		return shared.Lists{}, err
	}
	var l shared.Lists
	var list board.MoveList
	for _, m := range list[:board.Generate(&p, &list)] {
		c := p
		board.Play(&c, m)
		l.Moves, l.After = append(l.Moves, shared.Move(m)), append(l.After, c.Key())
	}
	for _, m := range list[:board.GenerateTactical(&p, &list)] {
		l.Tactical = append(l.Tactical, shared.Move(m))
	}
	l.Count = board.Count(&p)
	return l, nil
}

// grain is the depth of the subtrees the search hands to the inner
// recursion (board.Perft, or ext with a table or load), which never looks
// at the stop flag or the progress counter: above it, top checks the flag
// at every node and adds each finished subtree's count to the counter, a
// few atomic operations per million leaves.
const grain = 4

// runner is what the threads of one Run share.
type runner struct {
	stop      atomic.Bool
	nodes     atomic.Uint64 // counted so far, at grain's granularity
	done      atomic.Int64  // root moves finished
	doneNodes atomic.Uint64
}

// worker is one thread's state.
type worker struct {
	_     [64]byte // keeps the counters below off another worker's cache line
	r     *runner
	stack []board.Position // stack[ply] is the position at ply
	plain bool             // no table, no load: the subtrees below grain run Perft
	tt    *shared.Table    // keyed by the positions' Polyglot keys, kept by board.Play
	net   *shared.Net
	acc   []int16 // with a load: ply's two accumulators at [2*H*ply, 2*H*(ply+1))

	stopped            bool
	probes, hits       uint64
	updates, refreshes uint64
	checksum           uint64
	_                  [64]byte
}

func run(ctx context.Context, p *board.Position, depth int, opt shared.Options) (shared.Result, error) {
	if depth == 0 {
		return shared.Result{Nodes: 1}, nil
	}
	var tt *shared.Table
	switch {
	case opt.Buckets > 0:
		tt = shared.NewTable(opt.Buckets)
	case opt.HashMB > 0:
		tt = shared.NewTable(shared.HashBuckets(opt.HashMB))
	}
	var n *shared.Net
	if opt.Load == shared.LoadNNUE {
		n = shared.GetNet(opt.NNUE)
	}
	var list board.MoveList
	nRoot := board.Generate(p, &list)
	counts := make([]shared.Count, nRoot)
	finished := make([]bool, nRoot)
	r := &runner{}
	threads := max(1, min(opt.Threads, nRoot))
	workers := make([]*worker, threads)
	for i := range workers {
		w := &worker{r: r, stack: make([]board.Position, depth+1), tt: tt, net: n, plain: tt == nil && n == nil}
		w.stack[0] = *p
		if n != nil {
			w.acc = make([]int16, 2*n.H()*(depth+1))
			refresh(n, p, board.White, w.acc[:n.H()])
			refresh(n, p, board.Black, w.acc[n.H():2*n.H()])
		}
		workers[i] = w
	}

	start := time.Now()
	if ctx.Err() != nil {
		r.stop.Store(true) // AfterFunc would set it in a goroutine of its own
	}
	unwatch := context.AfterFunc(ctx, func() { r.stop.Store(true) })
	defer unwatch()
	searched := make(chan struct{})
	var reporter sync.WaitGroup
	if opt.Progress != nil {
		interval := opt.ProgressInterval
		if interval <= 0 {
			interval = time.Second
		}
		reporter.Add(1)
		go func() {
			defer reporter.Done()
			tick := time.NewTicker(interval)
			defer tick.Stop()
			for {
				select {
				case <-searched:
					return
				case <-tick.C:
					opt.Progress(shared.Progress{
						Nodes:     r.nodes.Load(),
						Elapsed:   time.Since(start),
						Done:      int(r.done.Load()),
						Total:     nRoot,
						DoneNodes: r.doneNodes.Load(),
					})
				}
			}
		}()
	}

	var next atomic.Int64
	var wg sync.WaitGroup
	for _, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !r.stop.Load() {
				i := int(next.Add(1) - 1)
				if i >= nRoot {
					return
				}
				makeMove(w, 0, list[i])
				c := top(w, 1, depth-1)
				if w.stopped {
					return
				}
				counts[i], finished[i] = shared.Count{Move: shared.Move(list[i]), Nodes: c}, true
				r.doneNodes.Add(c)
				r.done.Add(1)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(searched)
	reporter.Wait()

	res := shared.Result{RootMoves: nRoot, Elapsed: elapsed}
	for i, c := range counts {
		if finished[i] {
			res.Moves = append(res.Moves, c)
		} else {
			res.Stopped = true
		}
	}
	slices.SortFunc(res.Moves, func(a, b shared.Count) int { return cmp.Compare(a.Move.String(), b.Move.String()) })
	res.Nodes = r.nodes.Load()
	if tt != nil {
		res.HashEntries = tt.Entries()
	}
	for _, w := range workers {
		res.Probes += w.probes
		res.Hits += w.hits
		res.Updates += w.updates
		res.Refreshes += w.refreshes
		res.Checksum += w.checksum
	}
	if res.Stopped {
		return res, cmp.Or(ctx.Err(), errors.New("perft: stopped"))
	}
	return res, nil
}

// top searches the nodes of depth above grain: it checks the stop flag, and
// publishes the count of every subtree it hands down or finds in the table.
func top(w *worker, ply, depth int) uint64 {
	if depth <= grain {
		var n uint64
		switch {
		case depth == 0:
			n = 1
		case w.plain:
			n = board.Perft(&w.stack[ply], depth)
		default:
			n = ext(w, ply, depth)
		}
		w.r.nodes.Add(n)
		return n
	}
	if w.r.stop.Load() {
		w.stopped = true
		return 0
	}
	if w.tt != nil {
		w.probes++
		if n, ok := w.tt.Probe(w.stack[ply].Key(), depth); ok {
			w.hits++
			w.r.nodes.Add(n)
			return n
		}
	}
	var list board.MoveList
	n := board.Generate(&w.stack[ply], &list)
	var nodes uint64
	for _, m := range list[:n] {
		makeMove(w, ply, m)
		nodes += top(w, ply+1, depth-1)
		if w.stopped {
			return nodes // partial: not stored
		}
	}
	if w.tt != nil {
		w.tt.Store(w.stack[ply].Key(), depth, nodes)
	}
	return nodes
}

// ext is perft with a table, a load or both. The plain search is the
// generator's own (board.Perft), so that neither costs it a branch.
func ext(w *worker, ply, depth int) uint64 {
	p := &w.stack[ply]
	if depth == 1 {
		return uint64(board.Count(p))
	}
	var key uint64
	if w.tt != nil {
		key = p.Key()
		w.probes++
		if n, ok := w.tt.Probe(key, depth); ok {
			w.hits++
			return n
		}
	}
	var list board.MoveList
	n := board.Generate(p, &list)
	var nodes uint64
	for _, m := range list[:n] {
		makeMove(w, ply, m)
		nodes += ext(w, ply+1, depth-1)
	}
	if w.tt != nil {
		w.tt.Store(key, depth, nodes)
	}
	return nodes
}

// makeMove sets stack[ply+1] to stack[ply] with m played, and its key and
// accumulators when the search keeps them.
//
// The key is the position's Polyglot key, which board.Play keeps. It
// covers what the move tree depends on within one run: the pieces, the
// side to move, the castling rights (each right's rook is fixed at the
// root, so a right held names the same rook throughout the tree) and the
// en-passant file whenever a capture there could be legal.
func makeMove(w *worker, ply int, m board.Move) {
	parent, child := &w.stack[ply], &w.stack[ply+1]
	*child = *parent
	if w.tt != nil {
		board.Play(child, m)
	} else {
		board.PlayUnkeyed(child, m)
	}
	if w.net != nil {
		h2 := 2 * w.net.H()
		dst := w.acc[h2*(ply+1) : h2*(ply+2)]
		w.refreshes += uint64(update(w.net, parent, child, m, w.acc[h2*ply:h2*(ply+1)], dst))
		w.updates++
		// One value of each perspective, picked by the target square.
		j := int(m.To()) * w.net.H() >> 6
		w.checksum += uint64(uint16(dst[j])) | uint64(uint16(dst[w.net.H()+j]))<<16
	}
}
