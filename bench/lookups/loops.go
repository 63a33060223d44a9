package lookups

import (
	"unsafe"

	"github.com/symmagic/attacks"
)

// The loops, written once for every technique: each calls the technique's
// lookups, rook, bishop and queen, which technique.go defines (the drop-in,
// attacks.Rook and its kin) and a build of a technique replaces with its
// file of techniques/ (go build -overlay). So every technique runs the same
// loops with its lookups inlined where they can be (TestInlining), each in
// a worker process of its own, and no loop is written out per technique.

// loopFunc runs a loop n times (n passes for move generation) and returns
// what it accumulated, which the caller keeps: no loop's work can be
// dropped.
type loopFunc func(d *Data, n int) uint64

// The pieces' types, each of its own size, so that a workload's loop,
// written once, has a copy for each (Go compiles one copy of a generic
// function per GC shape) in which the choice of piece is a constant that
// folds away, leaving the technique's lookup inlined into the loop, as
// movegen's gen does with its sinks. none is the TT loops' baseline: no
// lookup. (A generic function that chose the lookup would itself be too
// large to inline: each loop makes the choice in its body.)
type (
	rookP   uint8
	bishopP uint16
	queenP  uint32
	noneP   uint64
)

type piece interface {
	rookP | bishopP | queenP | noneP
}

// is reports whether P is Q.
func is[P, Q piece]() bool {
	var p P
	var q Q
	return unsafe.Sizeof(p) == unsafe.Sizeof(q)
}

// occupancy is the input's occupancy in the layout the technique reads.
func (e *input) occupancy() uint64 {
	if wInput {
		return e.occW
	}
	return e.occ
}

// Each loop chooses its piece's lookup in its body, a switch on P that
// folds away in each copy (a generic function that made the choice would
// be too large to inline); a queen is rook | bishop, each inlined, where
// the technique has no queen of its own (queenUnion), and the drop-in's
// queen is attacks.Queen called from the loop itself (Queen's inlining
// cost, 78, leaves no room for the 5 of a wrapper within the budget of 80,
// and a caller of Queen gets it inlined); the TT loops' baseline stands
// o ^ sq in for a result.

// hot: independent lookups, throughput.
func hot[P piece](d *Data, n int) uint64 {
	in := d.in
	var acc uint64
	for i := range n {
		e := &in[i&inputMask]
		sq, o := e.sq, e.occupancy()
		switch {
		case is[P, rookP]():
			acc ^= rook(sq, o)
		case is[P, bishopP]():
			acc ^= bishop(sq, o)
		case queenUnion:
			acc ^= rook(sq, o) | bishop(sq, o)
		case technique == Default:
			acc ^= attacks.Queen(sq, o)
		default:
			acc ^= queen(sq, o)
		}
	}
	return acc
}

// latency: each lookup's occupancy depends on the previous result (depBit
// is a square whose W bit is its own).
func latency[P piece](d *Data, n int) uint64 {
	in := d.in
	var prev uint64
	for i := range n {
		e := &in[i&inputMask]
		sq, o := e.sq, e.occupancy()^(prev&depBit)
		switch {
		case is[P, rookP]():
			prev = rook(sq, o)
		case is[P, bishopP]():
			prev = bishop(sq, o)
		case queenUnion:
			prev = rook(sq, o) | bishop(sq, o)
		case technique == Default:
			prev = attacks.Queen(sq, o)
		default:
			prev = queen(sq, o)
		}
	}
	return prev
}

// movegen: one occupancy, every slider of the position; the occupancy is
// updated by each move's delta, a XOR (in W layout through attacks.ToW, as
// README shows, for a technique that reads the W layout).
func movegen[P piece](d *Data, n int) uint64 {
	var acc uint64
	for range n {
		m := 0
		for _, g := range d.games {
			o := g.occ
			if wInput {
				o = g.occW
			}
			for ; m < g.end; m++ {
				mv := &d.moves[m]
				if wInput {
					o ^= attacks.ToW(mv.delta)
				} else {
					o ^= mv.delta
				}
				for _, s := range d.sliders[mv.lo:mv.hi] {
					sq := int(s)
					switch {
					case is[P, rookP]():
						acc ^= rook(sq, o)
					case is[P, bishopP]():
						acc ^= bishop(sq, o)
					case queenUnion:
						acc ^= rook(sq, o) | bishop(sq, o)
					case technique == Default:
						acc ^= attacks.Queen(sq, o)
					default:
						acc ^= queen(sq, o)
					}
				}
			}
		}
	}
	return acc
}

// ttThroughput: each lookup beside four random reads of the 64 MiB table,
// all independent.
func ttThroughput[P piece](d *Data, n int) uint64 {
	in, tt := d.in, d.tt
	var acc uint64
	x := d.ttX
	for i := range n {
		e := &in[i&inputMask]
		x = x*lcgMul + lcgAdd
		a := tt[x>>41] + tt[x>>18&ttMask]
		x = x*lcgMul + lcgAdd
		a += tt[x>>41] + tt[x>>18&ttMask]
		sq, o := e.sq, e.occupancy()
		var att uint64
		switch {
		case is[P, rookP]():
			att = rook(sq, o)
		case is[P, bishopP]():
			att = bishop(sq, o)
		case is[P, queenP]() && queenUnion:
			att = rook(sq, o) | bishop(sq, o)
		case is[P, queenP]() && technique == Default:
			att = attacks.Queen(sq, o)
		case is[P, queenP]():
			att = queen(sq, o)
		default:
			att = o ^ uint64(sq)
		}
		acc += a ^ att
	}
	d.ttX = x
	return acc
}

// ttLatency: a random read of the 64 MiB table whose address depends on
// the previous result, then a lookup whose occupancy depends on the value
// read.
func ttLatency[P piece](d *Data, n int) uint64 {
	in, tt := d.in, d.tt
	var r uint64
	h := d.ttH
	for i := range n {
		e := &in[i&inputMask]
		h = (h ^ r) * hashMul
		v := tt[h>>41]
		sq, o := e.sq, e.occupancy()^(v&depBit)
		switch {
		case is[P, rookP]():
			r = rook(sq, o)
		case is[P, bishopP]():
			r = bishop(sq, o)
		case is[P, queenP]() && queenUnion:
			r = rook(sq, o) | bishop(sq, o)
		case is[P, queenP]() && technique == Default:
			r = attacks.Queen(sq, o)
		case is[P, queenP]():
			r = queen(sq, o)
		default:
			r = o ^ uint64(sq)
		}
	}
	d.ttH = h
	return r ^ h
}

// Workload names a loop: hot, latency, movegen, ttThroughput, ttLatency.
type Workload int

// The workloads, in the main job's order.
const (
	Hot Workload = iota
	Latency
	Movegen
	TTThroughput
	TTLatency
	NumWorkloads
)

// TT reports whether w is one of the forms beside the transposition
// table's reads.
func (w Workload) TT() bool { return w == TTThroughput || w == TTLatency }

// loops are every workload's loops, by piece: rook, bishop, queen, and the
// baseline (the TT forms without the lookup; the others have none).
var loops = [NumWorkloads][4]loopFunc{
	Hot:          {hot[rookP], hot[bishopP], hot[queenP]},
	Latency:      {latency[rookP], latency[bishopP], latency[queenP]},
	Movegen:      {movegen[rookP], movegen[bishopP], movegen[queenP]},
	TTThroughput: {ttThroughput[rookP], ttThroughput[bishopP], ttThroughput[queenP], ttThroughput[noneP]},
	TTLatency:    {ttLatency[rookP], ttLatency[bishopP], ttLatency[queenP], ttLatency[noneP]},
}

// Baseline is the piece index of the TT forms' loop without the lookup.
const Baseline = 3
