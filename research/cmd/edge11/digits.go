package main

import (
	"math/bits"
	"math/rand/v2"
	"time"

	"github.com/symmagic/attacks/internal/magic"
)

// The key of square s is floor(2048 * frac(sum over set mask bits t of
// b_{s,t})) with b_{s,t} = frac(m_s * 2^(p_{s,t}-63)): bit i of the binary
// fraction b_{s,t} (i = 1, 2, ...) is bit 63 - p_{s,t} - i of m_s, 0 when
// that is negative. stageDigits asks the four squares' fractions to agree
// on their first k bits for every mask bit t (an exact sufficient form of
// "the four keys are the same function up to carries from below"): that
// ties bits of the four magics together (union-find; bits tied to a
// negative position are 0). The remaining free bits are enumerated when
// there are at most maxFree of them, sampled otherwise, and every
// resulting quadruple is checked exhaustively on one shared table.
func stageDigits(o *output, cl *class, k, maxFree, samples int, seed uint64) int {
	start := time.Now()
	ns := len(cl.pos)
	zero := ns * 64
	parent := make([]int, zero+1)
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	union := func(a, b int) {
		a, b = find(a), find(b)
		if a == zero {
			a, b = b, a
		}
		parent[a] = b // zero stays a root
	}
	node := func(s, bit int) int {
		if bit < 0 {
			return zero
		}
		return s*64 + bit
	}
	for t := range cl.pos[0] {
		for s := 1; s < ns; s++ {
			for i := 1; i <= k; i++ {
				union(node(0, 63-cl.pos[0][t]-i), node(s, 63-cl.pos[s][t]-i))
			}
		}
	}
	// Relevant bits of m_s: 0 .. 62 - min p. Collect free components.
	comp := map[int]int{}
	var members [][]int // per free variable, the (s*64+bit) nodes
	forced := 0
	for s := 0; s < ns; s++ {
		pmin := 64
		for _, p := range cl.pos[s] {
			pmin = min(pmin, p)
		}
		for b := 0; b <= 62-pmin; b++ {
			r := find(node(s, b))
			if r == zero {
				forced++
				continue
			}
			v, ok := comp[r]
			if !ok {
				v = len(members)
				comp[r] = v
				members = append(members, nil)
			}
			members[v] = append(members[v], node(s, b))
		}
	}
	free := len(members)
	// Mask bits whose first k fraction bits are all forced to 0 in every
	// square contribute less than 2^-k: report them.
	dead := 0
	for t := range cl.pos[0] {
		all := true
		for i := 1; i <= k; i++ {
			if find(node(0, 63-cl.pos[0][t]-i)) != zero {
				all = false
			}
		}
		if all {
			dead++
		}
	}
	o.printf("digits k=%d: %d free bits, %d relevant bits forced to 0, %d mask bits with a zero %d-bit fraction\n", k, free, forced, dead, k)
	// Leading fraction bits forced to 0, per mask bit (rep order): a mask
	// bit with z leading zeros moves the key by less than 2048/2^z entries
	// in every square (before carries).
	o.printf("digits k=%d: leading zero fraction bits per mask bit:", k)
	for t := range cl.pos[0] {
		z := 0
		for i := 1; i <= k && find(node(0, 63-cl.pos[0][t]-i)) == zero; i++ {
			z++
		}
		o.printf(" %d", z)
	}
	o.printf("\n")
	t := newTable()
	ms := make([]uint64, ns)
	try := func(x uint64, hi uint64) int {
		for s := range ms {
			ms[s] = hi // bits no key reads: anything
		}
		for v, nodes := range members {
			if x>>v&1 != 0 {
				for _, n := range nodes {
					ms[n/64] |= 1 << (n % 64)
				}
			}
		}
		t.reset()
		d := 0
		for d < ns && t.fill(cl.occW[d], cl.bytes, ms[d]) {
			d++
		}
		if d == ns {
			o.report(cl, ms)
		}
		return d
	}
	depth := make([]int, ns+1)
	if free <= maxFree {
		for x := uint64(0); x < 1<<free; x++ {
			depth[try(x, 0)]++
		}
		o.printf("digits k=%d: all %d assignments; consistent for the first d squares: %v (%v)\n", k, uint64(1)<<free, depth, time.Since(start).Round(time.Millisecond))
		return depth[ns]
	}
	rng := rand.New(rand.NewPCG(seed, uint64(k)))
	for n := 0; n < samples; n++ {
		x := rng.Uint64()
		if free < 64 {
			x &= 1<<free - 1
		}
		depth[try(x, 0)]++
	}
	o.printf("digits k=%d: %d random assignments of %d free bits; consistent for the first d squares: %v (%v)\n", k, samples, free, depth, time.Since(start).Round(time.Millisecond))
	return depth[ns]
}

// stageRegroup splits the eight symmetric images of rep into two groups of
// four in every way (35 splits) and runs the digits stage, k = 10..15, on
// each half: a group need not be a rotation orbit, each square keeps its own
// frame. The rotation split is rep's class and its mirror image's class.
func stageRegroup(o *output, rep, maxFree, samples int, seed uint64) {
	for mask := 0; mask < 256; mask++ {
		if mask&1 == 0 || bits.OnesCount(uint(mask)) != 4 {
			continue
		}
		var found [2]int
		var names [2]string
		for half := 0; half < 2; half++ {
			var syms []magic.Sym
			for g := 0; g < 8; g++ {
				if (mask>>g&1 == 1) == (half == 0) {
					syms = append(syms, magic.Sym(g))
				}
			}
			cl := newClassSyms(rep, syms)
			for _, sq := range cl.c.Squares {
				names[half] += magic.SquareName(sq) + " "
			}
			for k := 10; k <= 15; k++ {
				found[half] += stageDigits(o, cl, k, maxFree, samples, seed)
			}
		}
		o.printf("regroup {%s} %d found, {%s} %d found\n", names[0], found[0], names[1], found[1])
	}
}

// stageSubsets runs the digits stage, k = 10..15, on every group of two or
// three squares of the rotation class that holds the representative: which
// squares' ties leave no key.
func stageSubsets(o *output, rep, maxFree, samples int, seed uint64) {
	full := newClass(rep)
	for mask := 1; mask < 1<<len(full.frames); mask += 2 {
		n := bits.OnesCount(uint(mask))
		if n < 2 || n == len(full.frames) {
			continue
		}
		var syms []magic.Sym
		names := ""
		for i, g := range full.frames {
			if mask>>i&1 == 1 {
				syms = append(syms, g)
				names += magic.SquareName(full.c.Squares[i]) + " "
			}
		}
		cl := newClassSyms(rep, syms)
		total := 0
		for k := 10; k <= 15; k++ {
			total += stageDigits(o, cl, k, maxFree, samples, seed)
		}
		o.printf("subset {%s} %d found\n", names, total)
	}
}
