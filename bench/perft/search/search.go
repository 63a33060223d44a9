// Package search is bench/perft's search over the move generator: perft
// with threads, a transposition table shared by them and the memory load of
// an engine's network updates, reporting progress and stopping on a
// context. It drives package movegen through its public API, as an engine
// does; bench/perft's worker runs it in each slider mode's build of
// movegen, so that the search, too, is the same code in every mode, with
// each mode's lookups inlined into the generator under it.
package search

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/symmagic/attacks/bench/perft"
	"github.com/symmagic/attacks/movegen"
)

// Run runs a perft of p to depth with the given options (opt.Kernel and
// opt.CPUProfile are the worker's). It always divides at the root: the
// threads take root moves one at a time, and a root move is finished when
// its whole subtree is.
//
// If ctx ends first, the search stops at the next node of depth 5 or more
// each thread reaches (subtrees of depth 4 or less finish first), and Run
// returns the partial result, Stopped set, with ctx's error.
func Run(ctx context.Context, p *movegen.Position, depth int, opt perft.Options) (perft.Result, error) {
	if err := opt.Validate(); err != nil {
		return perft.Result{}, err
	}
	if depth < 0 || depth > perft.MaxPerftDepth {
		return perft.Result{}, fmt.Errorf("depth %d: want 0 to %d", depth, perft.MaxPerftDepth)
	}
	return run(ctx, p, depth, opt)
}

// PositionSize is the size of the generator's Position in bytes, the same
// in every mode but the layout variant (bench/perft's TestPositionSizes).
const PositionSize = int(unsafe.Sizeof(movegen.Position{}))

// Lists returns what the generator lists at p: its legal moves, their
// count, the captures and promotions alone, and the keys of the positions
// the moves lead to, which the checks compare across modes.
func Lists(p *movegen.Position) perft.Lists {
	var l perft.Lists
	var buf [movegen.MaxMoves]movegen.Move
	for _, m := range p.LegalMoves(buf[:0]) {
		c := *p
		c.PlayUnchecked(m)
		l.Moves, l.After = append(l.Moves, m), append(l.After, c.Key())
	}
	l.Tactical = p.Captures(nil)
	l.Count = p.CountMoves()
	return l
}

// grain is the depth of the subtrees the search hands to the inner
// recursion (movegen's Perft, or ext with a table or load), which never looks
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
	stack []movegen.Position // stack[ply] is the position at ply
	plain bool               // no table, no load: the subtrees below grain run Perft
	tt    *Table             // keyed by the positions' Polyglot keys, kept by Play
	net   *Net
	acc   []int16 // with a load: ply's two accumulators at [2*H*ply, 2*H*(ply+1))

	stopped            bool
	probes, hits       uint64
	updates, refreshes uint64
	checksum           uint64
	_                  [64]byte
}

func run(ctx context.Context, p *movegen.Position, depth int, opt perft.Options) (perft.Result, error) {
	if depth == 0 {
		return perft.Result{Nodes: 1}, nil
	}
	var tt *Table
	switch {
	case opt.Buckets > 0:
		tt = NewTable(opt.Buckets)
	case opt.HashMB > 0:
		tt = NewTable(perft.HashBuckets(opt.HashMB))
	}
	var n *Net
	if opt.Load == perft.LoadNNUE {
		n = GetNet(opt.NNUE)
	}
	list := p.LegalMoves(nil)
	nRoot := len(list)
	counts := make([]perft.Count, nRoot)
	finished := make([]bool, nRoot)
	r := &runner{}
	threads := max(1, min(opt.Threads, nRoot))
	workers := make([]*worker, threads)
	for i := range workers {
		w := &worker{r: r, stack: make([]movegen.Position, depth+1), tt: tt, net: n, plain: tt == nil && n == nil}
		w.stack[0] = *p
		if n != nil {
			w.acc = make([]int16, 2*n.H()*(depth+1))
			refresh(n, p, movegen.White, w.acc[:n.H()])
			refresh(n, p, movegen.Black, w.acc[n.H():2*n.H()])
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
					opt.Progress(perft.Progress{
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
				counts[i], finished[i] = perft.Count{Move: list[i], Nodes: c}, true
				r.doneNodes.Add(c)
				r.done.Add(1)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(searched)
	reporter.Wait()

	res := perft.Result{RootMoves: nRoot, Elapsed: elapsed}
	for i, c := range counts {
		if finished[i] {
			res.Moves = append(res.Moves, c)
		} else {
			res.Stopped = true
		}
	}
	slices.SortFunc(res.Moves, func(a, b perft.Count) int { return cmp.Compare(a.Move.String(), b.Move.String()) })
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
			n = w.stack[ply].Perft(depth)
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
	var buf [movegen.MaxMoves]movegen.Move
	var nodes uint64
	for _, m := range w.stack[ply].LegalMoves(buf[:0]) {
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
// generator's own (movegen's Perft), so that neither costs it a branch.
func ext(w *worker, ply, depth int) uint64 {
	p := &w.stack[ply]
	if depth == 1 {
		return uint64(p.CountMoves())
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
	var buf [movegen.MaxMoves]movegen.Move
	var nodes uint64
	for _, m := range p.LegalMoves(buf[:0]) {
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
// The key is the position's Polyglot key, which Play keeps. It
// covers what the move tree depends on within one run: the pieces, the
// side to move, the castling rights (each right's rook is fixed at the
// root, so a right held names the same rook throughout the tree) and the
// en-passant file whenever a capture there could be legal.
func makeMove(w *worker, ply int, m movegen.Move) {
	parent, child := &w.stack[ply], &w.stack[ply+1]
	*child = *parent
	child.PlayUnchecked(m)
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
