package main

import (
	"math"
	"math/rand/v2"
	"time"
)

// annealer keeps, for the four magics at hand, how many occupancies of each
// byte every table entry receives; the cost is the number of surplus bytes
// (an entry that receives d distinct bytes costs d-1). Cost 0 is a shared
// table.
type annealer struct {
	cl       *class
	ms       []uint64
	keys     [][]uint16
	cnt      [][]uint16 // per entry, per byte
	distinct []int
	cost     int
}

func newAnnealer(cl *class, ms []uint64) *annealer {
	a := &annealer{cl: cl, ms: ms, distinct: make([]int, 1<<keyBits)}
	a.cnt = make([][]uint16, 1<<keyBits)
	for i := range a.cnt {
		a.cnt[i] = make([]uint16, cl.nsets)
	}
	for s := range ms {
		ks := make([]uint16, len(cl.bytes))
		for n, w := range cl.occW[s] {
			ks[n] = uint16(w * ms[s] >> shift & keyMask)
			a.add(ks[n], cl.bytes[n], 1)
		}
		a.keys = append(a.keys, ks)
	}
	return a
}

func (a *annealer) add(k uint16, b uint8, d int) {
	c := &a.cnt[k][b]
	if d > 0 {
		if *c == 0 {
			if a.distinct[k] > 0 {
				a.cost++
			}
			a.distinct[k]++
		}
		*c++
		return
	}
	*c--
	if *c == 0 {
		a.distinct[k]--
		if a.distinct[k] > 0 {
			a.cost--
		}
	}
}

// set replaces square s's magic and returns the new cost.
func (a *annealer) set(s int, m uint64) int {
	ks := a.keys[s]
	for n, w := range a.cl.occW[s] {
		a.add(ks[n], a.cl.bytes[n], -1)
		ks[n] = uint16(w * m >> shift & keyMask)
		a.add(ks[n], a.cl.bytes[n], 1)
	}
	a.ms[s] = m
	return a.cost
}

// run anneals the magics for steps moves from temperature temp0 down to 0:
// a move flips one or two bits of one square's magic and is kept if it does
// not raise the cost, or by the Metropolis rule. It returns the lowest cost
// seen, and reports to o and stops at cost 0.
func (a *annealer) run(o *output, rng *rand.Rand, steps int, temp0 float64) (low int, solved bool) {
	cur := a.cost
	low = cur
	for i := 0; i < steps; i++ {
		temp := temp0 * (1 - float64(i)/float64(steps))
		s := rng.IntN(len(a.ms))
		old := a.ms[s]
		m := old ^ 1<<rng.IntN(64)
		if rng.IntN(2) == 0 {
			m ^= 1 << rng.IntN(64)
		}
		c := a.set(s, m)
		if c <= cur || (temp > 0 && rng.Float64() < math.Exp(float64(cur-c)/temp)) {
			cur = c
			low = min(low, c)
			if c == 0 {
				o.report(a.cl, a.ms)
				return 0, true
			}
			continue
		}
		a.set(s, old)
	}
	return low, false
}

// stageAnneal runs simulated annealing over the four magics jointly: a move
// flips one or two bits of one square's magic; restarts from random sparse
// magics.
func stageAnneal(o *output, cl *class, seed uint64, steps, restarts int) {
	rng := rand.New(rand.NewPCG(seed, 0xa11ea1))
	best := math.MaxInt
	for r := 0; r < restarts; r++ {
		start := time.Now()
		ms := make([]uint64, len(cl.pos))
		for s := range ms {
			ms[s] = rng.Uint64() & rng.Uint64() & rng.Uint64()
		}
		low, solved := newAnnealer(cl, ms).run(o, rng, steps, 2.0)
		if solved {
			return
		}
		best = min(best, low)
		o.printf("anneal restart %d: %d steps, lowest cost %d, best so far %d (%v)\n",
			r, steps, low, best, time.Since(start).Round(time.Millisecond))
	}
}
