package main

import (
	"math/rand/v2"
	"slices"
	"time"

	"github.com/symmagic/attacks/internal/magic"
)

// stagePext tries every bijection of the rep's mask bits (in the rep's
// order) onto key bits 52..62. Square i then needs multiplier bit
// k_t - p_{i,t} for mask bit t; a map is realizable when that is never
// negative. The magic of each square is the OR of those bits (a bit needed
// twice is one bit), and the four are checked exhaustively on one table.
func stagePext(o *output, cl *class) {
	start := time.Now()
	n := len(cl.pos[0])
	var k [16]int
	used := 0
	var maps, realizable int
	depth := make([]int, len(cl.pos)+1) // maps whose first d squares share a table
	t := newTable()
	ms := make([]uint64, len(cl.pos))
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			maps++
			for s := range cl.pos {
				var m uint64
				for u := 0; u < n; u++ {
					m |= 1 << (k[u] - cl.pos[s][u])
				}
				ms[s] = m
			}
			realizable++
			t.reset()
			d := 0
			for d < len(ms) && t.fill(cl.occW[d], cl.bytes, ms[d]) {
				d++
			}
			depth[d]++
			if d == len(ms) {
				o.report(cl, ms)
			}
			return
		}
		for b := shift; b < shift+keyBits; b++ {
			if used&(1<<(b-shift)) != 0 {
				continue
			}
			ok := true
			for s := range cl.pos {
				if cl.pos[s][i] > b {
					ok = false
					break
				}
			}
			if !ok {
				maps += fact(n - i - 1) // a whole subtree of maps, none realizable
				continue
			}
			k[i] = b
			used |= 1 << (b - shift)
			rec(i + 1)
			used &^= 1 << (b - shift)
		}
	}
	rec(0)
	o.printf("pext: %d maps, %d realizable for all squares; consistent for the first d squares: %v  (%v)\n",
		maps, realizable, depth, time.Since(start).Round(time.Millisecond))
}

func fact(n int) int {
	f := 1
	for i := 2; i <= n; i++ {
		f *= i
	}
	return f
}

type cand struct {
	m    uint64
	used int // table entries the square alone fills
}

// stagePool draws random sparse magics per square, keeps the pool with the
// fewest used entries among those consistent alone, then tries every
// combination square by square against one shared table.
func stagePool(o *output, cl *class, seed uint64, keep, tries int) {
	pools := make([][]cand, len(cl.pos))
	t := newTable()
	for s := range cl.pos {
		start := time.Now()
		rng := rand.New(rand.NewPCG(seed, uint64(s)))
		var ps []cand
		ok := 0
		for n := 0; n < tries; n++ {
			m := rng.Uint64() & rng.Uint64() & rng.Uint64()
			t.reset()
			if !t.fill(cl.occW[s], cl.bytes, m) {
				continue
			}
			ok++
			ps = append(ps, cand{m, len(t.undo)})
			if len(ps) >= 50*keep {
				ps = trim(ps, keep)
			}
		}
		ps = trim(ps, keep)
		pools[s] = ps
		lo, hi := 0, 0
		if len(ps) > 0 {
			lo, hi = ps[0].used, ps[len(ps)-1].used
		}
		o.printf("pool %s: %d random magics, %d consistent alone, kept %d using %d..%d entries (%v)\n",
			magic.SquareName(cl.c.Squares[s]), tries, ok, len(ps), lo, hi, time.Since(start).Round(time.Millisecond))
	}
	start := time.Now()
	depth := make([]int, len(pools)+1)
	ms := make([]uint64, len(pools))
	// Fill square by square; the table keeps the accepted squares' entries
	// (fill takes back only a failed square), so backtracking clears them.
	var rec func(s int, stack [][]uint32)
	t.reset()
	rec = func(s int, stack [][]uint32) {
		depth[s]++
		if s == len(pools) {
			o.report(cl, ms)
			return
		}
		for _, c := range pools[s] {
			if t.fill(cl.occW[s], cl.bytes, c.m) {
				ms[s] = c.m
				u := slices.Clone(t.undo)
				rec(s+1, append(stack, u))
				for _, k := range u {
					t.e[k] = 0
				}
			}
		}
	}
	rec(0, nil)
	o.printf("pool combine: tables reached by the first d squares: %v (%v)\n", depth, time.Since(start).Round(time.Millisecond))
}

func trim(ps []cand, keep int) []cand {
	slices.SortStableFunc(ps, func(a, b cand) int { return a.used - b.used })
	ps = slices.CompactFunc(ps, func(a, b cand) bool { return a.m == b.m })
	return ps[:min(len(ps), keep)]
}
