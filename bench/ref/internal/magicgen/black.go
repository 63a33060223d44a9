package main

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
)

// Black magic: a fixed key width for every square, keys of (occ | ^mask) *
// magic, and every square's table overlapped in one array. No two squares
// share an attack set (the set's cross of neighbours pins its square), so
// tables overlap only where each leaves holes: the array is at least the
// number of keys used, and a good packing needs magics that use few keys
// (many constructive collisions) within a narrow span.
//
// The search, per square and seeded per square (so the squares can run in
// parallel with the same result): draw random sparse candidates, hill-climb
// from the narrowest few by flipping one or two bits while the span does not
// grow, and pool the narrowest working magics met on the way. Then pack
// greedily, square by square in some order, placing each pooled candidate
// at its first fitting offset and keeping the one that grows the array least
// (then the lowest offset). A few orders are tried; the shortest array wins.
//
// What it reaches: bishops 5,187 entries (fancy magic: 5,248), rooks 114,432
// (fancy magic: 102,400). The narrowest rook keys found span 2^(mask bits)
// or more and fill it densely, so overlap only recovers part of what the
// fixed 12-bit width costs. Pooling the sparsest candidates instead (half
// the keys, but spans near 4,096) packed worse, at 126k-158k. The smaller
// black-magic sets engines use come from searches far longer than this
// generator's 50 seconds.

const (
	blackSeeds  = 6  // climbs per square
	blackWant   = 64 // candidates pooled per square
	blackOrders = 4  // square orders tried
)

// footprint is one working magic for one square: its distinct keys, sorted
// and relative to the smallest, and the attack set each key holds.
type footprint struct {
	magic uint64
	min   int
	rel   []int
	val   []uint64
	span  int
}

type blackResult struct {
	magic   [64]uint64
	offset  [64]int
	entries int
}

func newFootprint(k *keyer, m uint64) footprint {
	keys := slices.Clone(k.keys)
	slices.Sort(keys)
	f := footprint{magic: m, min: keys[0], span: keys[len(keys)-1] - keys[0] + 1}
	for _, key := range keys {
		f.rel = append(f.rel, key-keys[0])
		f.val = append(f.val, k.val[key])
	}
	return f
}

// footprints searches one square: random draws, then hill-climbs (flip one
// or two bits, keep the change while the span does not grow) from the
// narrowest few; every working magic met is pooled, and the narrowest
// blackWant (then the fewest keys) are kept. The pool holds each magic's
// span and key count alone; the footprints of the kept ones are made at
// the end, keyed again.
func footprints(s *square, keyBits uint, seed uint64, sq, draws int) []footprint {
	r := rand.New(rand.NewPCG(seed, uint64(sq)))
	k := newKeyer(keyBits)
	shift := 64 - keyBits
	seen := map[uint64]bool{}
	var pool []pooled
	limit := 1 << keyBits
	keep := func(m uint64, span int) {
		if span <= limit && !seen[m] {
			seen[m] = true
			pool = append(pool, pooled{magic: m, span: span, keys: len(k.keys)})
			if len(pool) >= 4*blackWant {
				pool = narrowest(pool, blackWant)
				limit = pool[len(pool)-1].span
			}
		}
	}
	for range draws {
		if m := candidate(r); k.fill(s, m, ^s.mask, shift) {
			keep(m, spanOf(k.keys))
		}
	}
	pool = narrowest(pool, blackWant)
	starts := make([]uint64, 0, blackSeeds)
	for _, f := range pool[:min(len(pool), blackSeeds)] {
		starts = append(starts, f.magic)
	}
	for _, m := range starts {
		k.fill(s, m, ^s.mask, shift)
		span := spanOf(k.keys)
		for range draws / blackSeeds {
			c := m ^ 1<<r.IntN(64)
			if r.IntN(2) == 0 {
				c ^= 1 << r.IntN(64)
			}
			if k.fill(s, c, ^s.mask, shift) {
				if sp := spanOf(k.keys); sp <= span {
					m, span = c, sp
					keep(m, sp)
				}
			}
		}
	}
	pool = narrowest(pool, blackWant)
	fs := make([]footprint, len(pool))
	for i, p := range pool {
		k.fill(s, p.magic, ^s.mask, shift) // it worked before: the same keys
		fs[i] = newFootprint(k, p.magic)
	}
	return fs
}

// pooled is a working magic met in the search: its keys' span and count.
type pooled struct {
	magic      uint64
	span, keys int
}

func spanOf(keys []int) int {
	lo, hi := keys[0], keys[0]
	for _, key := range keys {
		lo, hi = min(lo, key), max(hi, key)
	}
	return hi - lo + 1
}

// narrowest keeps the n magics of narrowest span (then fewest keys), in
// the order met where those tie.
func narrowest(ps []pooled, n int) []pooled {
	slices.SortStableFunc(ps, func(a, b pooled) int {
		if a.span != b.span {
			return a.span - b.span
		}
		return a.keys - b.keys
	})
	return ps[:min(len(ps), n)]
}

// packer is the shared array being filled. Only free slots accept an entry
// (no two squares share a value), so free is all it tracks; low is the
// first free slot, below which no footprint can start.
type packer struct {
	used []bool
	low  int
}

// firstFit is the first offset at which every key of f lands on a free slot.
func (p *packer) firstFit(f *footprint) int {
	for o := p.low; ; o++ {
		ok := true
		for _, r := range f.rel {
			j := o + r
			if j >= len(p.used) {
				break // rel is sorted: the rest is past the end
			}
			if p.used[j] {
				ok = false
				break
			}
		}
		if ok {
			return o
		}
	}
}

func (p *packer) place(f *footprint, o int) {
	if end := o + f.span; end > len(p.used) {
		p.used = append(p.used, make([]bool, end-len(p.used))...)
	}
	for _, r := range f.rel {
		p.used[o+r] = true
	}
	for p.low < len(p.used) && p.used[p.low] {
		p.low++
	}
}

func black(sqs *[64]square, keyBits uint, seed uint64, draws int) blackResult {
	var cands [64][]footprint
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.NumCPU())
	for sq := range sqs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			cands[sq] = footprints(&sqs[sq], keyBits, seed, sq, draws)
			<-sem
		}()
	}
	wg.Wait()

	r := rand.New(rand.NewPCG(seed, seed))
	best := blackResult{entries: -1}
	for try := range blackOrders {
		// First order: the squares whose sparsest candidate uses the most
		// keys first (they are hardest to fit late); then random orders.
		order := make([]int, 64)
		for i := range order {
			order[i] = i
		}
		if try == 0 {
			slices.SortStableFunc(order, func(a, b int) int { return len(cands[b][0].rel) - len(cands[a][0].rel) })
		} else {
			r.Shuffle(64, func(i, j int) { order[i], order[j] = order[j], order[i] })
		}
		var p packer
		var res blackResult
		for _, sq := range order {
			bestEnd, bestO, bestI := -1, 0, 0
			for i := range cands[sq] {
				f := &cands[sq][i]
				o := p.firstFit(f)
				end := max(len(p.used), o+f.span)
				if bestEnd < 0 || end < bestEnd || end == bestEnd && o < bestO {
					bestEnd, bestO, bestI = end, o, i
				}
			}
			f := &cands[sq][bestI]
			p.place(f, bestO)
			res.magic[sq], res.offset[sq] = f.magic, bestO-f.min
		}
		res.entries = len(p.used)
		if best.entries < 0 || res.entries < best.entries {
			best = res
		}
	}
	return best
}
