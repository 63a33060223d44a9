package perft

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/symmagic/attacks/internal/board"
)

// Load is the memory load a perft carries besides its own tables.
type Load uint8

const (
	LoadNone Load = iota
	// LoadNNUE updates a network's first-layer accumulators on every move
	// made (see NNUE).
	LoadNNUE
)

var loadNames = [...]string{LoadNone: "none", LoadNNUE: "nnue"}

func (l Load) String() string {
	if int(l) < len(loadNames) {
		return loadNames[l]
	}
	return fmt.Sprintf("Load(%d)", l)
}

// ParseLoad reads a load's name: "none" or "nnue".
func ParseLoad(s string) (Load, error) {
	for i, n := range loadNames {
		if n == s {
			return Load(i), nil
		}
	}
	return 0, fmt.Errorf("unknown load %q (want %s)", s, strings.Join(loadNames[:], ", "))
}

// Options configure Run. The zero value is a single-threaded perft in mode
// W without a table or load, the search of Perft.
type Options struct {
	Mode    Mode
	Threads int // goroutines sharing the root moves; below 1 means 1
	// HashMB is the transposition table's size in MiB (0: none), rounded
	// down to a power-of-two number of 64-byte buckets of 4 entries (see
	// HashEntries). The threads share it.
	HashMB int
	Load   Load
	NNUE   NNUE // the net's shape when Load is LoadNNUE
	// Progress, if set, is called about every ProgressInterval (default 1
	// s) while Run runs, from a goroutine of its own, never after Run has
	// returned.
	Progress         func(Progress)
	ProgressInterval time.Duration

	hashBuckets int // tests: overrides HashMB's bucket count
}

// HashEntries returns the number of entries a table of mb MiB holds.
func HashEntries(mb int) int {
	if mb <= 0 {
		return 0
	}
	return hashBuckets(mb) * bucketWords / 2
}

// Validate reports an option Run would reject.
func (o Options) Validate() error {
	if int(o.Mode) >= len(modeNames) {
		return fmt.Errorf("unknown slider mode %d", o.Mode)
	}
	if o.HashMB < 0 || o.HashMB > maxHashMB {
		return fmt.Errorf("hash %d MB: want 0 (none) to %d", o.HashMB, maxHashMB)
	}
	switch o.Load {
	case LoadNone:
	case LoadNNUE:
		return o.NNUE.Validate()
	default:
		return fmt.Errorf("unknown load %d", o.Load)
	}
	return nil
}

// Progress is a snapshot of a running perft.
type Progress struct {
	Nodes     uint64        // leaf nodes counted so far
	Elapsed   time.Duration // since the search started
	Done      int           // root moves finished
	Total     int           // root moves in all
	DoneNodes uint64        // the finished root moves' nodes
}

// ETA estimates the time left: the finished root moves' mean size times the
// root moves, less the nodes counted, at the speed so far. It is false
// until a root move has finished, and whenever the estimate runs out while
// the search goes on.
func (p Progress) ETA() (time.Duration, bool) {
	if p.Done == 0 || p.Nodes == 0 || p.Elapsed <= 0 {
		return 0, false
	}
	if p.Done == p.Total {
		return 0, true
	}
	left := float64(p.DoneNodes)/float64(p.Done)*float64(p.Total) - float64(p.Nodes)
	if left <= 0 {
		return 0, false
	}
	return time.Duration(left / float64(p.Nodes) * float64(p.Elapsed)), true
}

// Result is what Run found.
type Result struct {
	// Nodes is the leaf count: perft(depth). After a stop it is the nodes
	// counted before the search noticed, finished root moves and parts of
	// the others.
	Nodes uint64
	// Moves are the finished root moves' counts, sorted by UCI name: every
	// legal move unless Stopped.
	Moves     []Count
	RootMoves int           // legal moves at the root
	Stopped   bool          // the context ended the search: counts are partial
	Elapsed   time.Duration // the search, without building the table or net

	HashEntries  int    // the table's entries (0: no table)
	Probes, Hits uint64 // table look-ups and the ones that found the count

	// Updates is the number of accumulator pairs computed, one per move
	// made (bulk counting makes no move at the last ply); Refreshes the
	// perspectives among them recomputed from scratch after a king move.
	Updates, Refreshes uint64
	// Checksum folds one value of each perspective of every accumulator
	// computed into a sum, so the load's work is used. Without a table it
	// depends on the position and depth only: not on the mode or threads.
	Checksum uint64
}

// Run runs a perft of p to depth with the given options. It always divides
// at the root: the threads take root moves one at a time, and a root move is
// finished when its whole subtree is.
//
// If ctx ends first, the search stops at the next node of depth 5 or more
// each thread reaches (subtrees of depth 4 or less finish first), and Run
// returns the partial result, Stopped set, with ctx's error.
func Run(ctx context.Context, p *Position, depth int, opt Options) (Result, error) {
	if err := opt.Validate(); err != nil {
		return Result{}, err
	}
	if depth < 0 {
		return Result{}, fmt.Errorf("depth %d: want at least 0", depth)
	}
	if depth > board.MaxPerftDepth {
		return Result{}, fmt.Errorf("depth %d: want at most %d", depth, board.MaxPerftDepth)
	}
	return modes[opt.Mode].run(ctx, p, depth, opt)
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
	stack []Position // stack[ply] is the position at ply
	plain bool       // no table, no load: the subtrees below grain run Perft
	tt    *table     // keyed by the positions' Polyglot keys, kept by board.Play
	net   *net
	acc   []int16 // with a load: ply's two accumulators at [2*H*ply, 2*H*(ply+1))

	stopped            bool
	probes, hits       uint64
	updates, refreshes uint64
	checksum           uint64
	_                  [64]byte
}

func runMode[S board.Slider](ctx context.Context, p *Position, depth int, opt Options) (Result, error) {
	if depth == 0 {
		return Result{Nodes: 1}, nil
	}
	var tt *table
	switch {
	case opt.hashBuckets > 0:
		tt = newTable(opt.hashBuckets)
	case opt.HashMB > 0:
		tt = newTable(hashBuckets(opt.HashMB))
	}
	var n *net
	if opt.Load == LoadNNUE {
		n = getNet(opt.NNUE)
	}
	var list board.MoveList
	nRoot := board.Generate[S](p, &list)
	counts := make([]Count, nRoot)
	finished := make([]bool, nRoot)
	r := &runner{}
	threads := max(1, min(opt.Threads, nRoot))
	workers := make([]*worker, threads)
	for i := range workers {
		w := &worker{r: r, stack: make([]Position, depth+1), tt: tt, net: n, plain: tt == nil && n == nil}
		w.stack[0] = *p
		if n != nil {
			w.acc = make([]int16, 2*n.h*(depth+1))
			n.refresh(p, board.White, w.acc[:n.h])
			n.refresh(p, board.Black, w.acc[n.h:2*n.h])
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
					opt.Progress(Progress{
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
				makeMove[S](w, 0, list[i])
				c := top[S](w, 1, depth-1)
				if w.stopped {
					return
				}
				counts[i], finished[i] = Count{Move: list[i], Nodes: c}, true
				r.doneNodes.Add(c)
				r.done.Add(1)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(searched)
	reporter.Wait()

	res := Result{RootMoves: nRoot, Elapsed: elapsed}
	for i, c := range counts {
		if finished[i] {
			res.Moves = append(res.Moves, c)
		} else {
			res.Stopped = true
		}
	}
	slices.SortFunc(res.Moves, func(a, b Count) int { return cmp.Compare(a.Move.String(), b.Move.String()) })
	res.Nodes = r.nodes.Load()
	if tt != nil {
		res.HashEntries = len(tt.words) / 2
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
func top[S board.Slider](w *worker, ply, depth int) uint64 {
	if depth <= grain {
		var n uint64
		switch {
		case depth == 0:
			n = 1
		case w.plain:
			n = board.Perft[S](&w.stack[ply], depth)
		default:
			n = ext[S](w, ply, depth)
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
		if n, ok := w.tt.probe(w.stack[ply].Key(), depth); ok {
			w.hits++
			w.r.nodes.Add(n)
			return n
		}
	}
	var list board.MoveList
	n := board.Generate[S](&w.stack[ply], &list)
	var nodes uint64
	for _, m := range list[:n] {
		makeMove[S](w, ply, m)
		nodes += top[S](w, ply+1, depth-1)
		if w.stopped {
			return nodes // partial: not stored
		}
	}
	if w.tt != nil {
		w.tt.store(w.stack[ply].Key(), depth, nodes)
	}
	return nodes
}

// ext is perft with a table, a load or both. The plain search is the
// generator's own (board.Perft), so that neither costs it a branch.
func ext[S board.Slider](w *worker, ply, depth int) uint64 {
	p := &w.stack[ply]
	if depth == 1 {
		return uint64(board.Count[S](p))
	}
	var key uint64
	if w.tt != nil {
		key = p.Key()
		w.probes++
		if n, ok := w.tt.probe(key, depth); ok {
			w.hits++
			return n
		}
	}
	var list board.MoveList
	n := board.Generate[S](p, &list)
	var nodes uint64
	for _, m := range list[:n] {
		makeMove[S](w, ply, m)
		nodes += ext[S](w, ply+1, depth-1)
	}
	if w.tt != nil {
		w.tt.store(key, depth, nodes)
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
func makeMove[S board.Slider](w *worker, ply int, m board.Move) {
	parent, child := &w.stack[ply], &w.stack[ply+1]
	*child = *parent
	if w.tt != nil {
		board.Play[S](child, m)
	} else {
		board.PlayUnkeyed[S](child, m)
	}
	if w.net != nil {
		h2 := 2 * w.net.h
		dst := w.acc[h2*(ply+1) : h2*(ply+2)]
		w.refreshes += uint64(w.net.update(parent, child, m, w.acc[h2*ply:h2*(ply+1)], dst))
		w.updates++
		// One value of each perspective, picked by the target square.
		j := int(m.To()) * w.net.h >> 6
		w.checksum += uint64(uint16(dst[j])) | uint64(uint16(dst[w.net.h+j]))<<16
	}
}
