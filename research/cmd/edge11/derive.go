package main

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"time"

	"github.com/symmagic/attacks/bench/ref/symlayout"
	"github.com/symmagic/attacks/internal/magic"
)

// deriveFrom carries every product term of square a's magic that reaches the
// key window (bits 52..62) to square s: mask bit t at p_{a,t} times
// multiplier bit j lands on p_{a,t}+j, which square s reaches with
// multiplier bit j + p_{a,t} - p_{s,t}. It fails when that is negative.
// (The layout's search does the same with key at the top of the product.)
func deriveFrom(cl *class, a, s int, m uint64) (uint64, bool) {
	var out uint64
	for mm := m; mm != 0; mm &= mm - 1 {
		j := bits.TrailingZeros64(mm)
		for t, p := range cl.pos[a] {
			if p+j < shift || p+j >= shift+keyBits {
				continue
			}
			jj := j + p - cl.pos[s][t]
			if jj < 0 || jj > 63 {
				return 0, false
			}
			out |= 1 << jj
		}
	}
	return out, true
}

// stageDerive draws random sparse magics for each square in turn, derives
// the other three, and measures the derived set's cost (surplus bytes on one
// shared table); the best sets are then annealed.
func stageDerive(o *output, cl *class, seed uint64, tries, steps int) {
	start := time.Now()
	rng := rand.New(rand.NewPCG(seed, 0xde71fe))
	t := newTable()
	best := math.MaxInt
	var bestMs []uint64
	var alone, derived, zero int
	hist := map[int]int{}
	for n := 0; n < tries; n++ {
		a := n % len(cl.pos)
		m := rng.Uint64() & rng.Uint64() & rng.Uint64()
		t.reset()
		if !t.fill(cl.occW[a], cl.bytes, m) {
			continue
		}
		alone++
		ms := make([]uint64, len(cl.pos))
		ok := true
		for s := range ms {
			if s == a {
				ms[s] = m
				continue
			}
			if ms[s], ok = deriveFrom(cl, a, s, m); !ok {
				break
			}
		}
		if !ok {
			continue
		}
		derived++
		c := newAnnealer(cl, ms).cost
		hist[c/50*50]++
		if c == 0 {
			zero++
			o.report(cl, ms)
		}
		if c < best {
			best, bestMs = c, ms
		}
	}
	o.printf("derive: %d random magics, %d consistent alone, %d derived to all squares, lowest cost %d, cost 0: %d (%v)\n",
		tries, alone, derived, best, zero, time.Since(start).Round(time.Millisecond))
	o.printf("derive: cost histogram (bucket of 50: count): %v\n", hist)
	if bestMs == nil {
		return
	}
	// Anneal the best derived set: flips of one or two bits of one magic.
	low, _ := newAnnealer(cl, bestMs).run(o, rng, steps, 1.0)
	o.printf("derive: annealed the best set %d steps, lowest cost %d (%v)\n", steps, low, time.Since(start).Round(time.Millisecond))
}

// stageSym reports, for the full-symmetry kernel (bench/ref's sym), each
// class's key width against its mask width.
func stageSym(o *output) error {
	l, err := symlayout.Build(magic.DefaultBuild())
	if err != nil {
		return fmt.Errorf("sym: %w", err)
	}
	for _, t := range l.Classes {
		w := bits.OnesCount64(magic.Mask(t.Piece, t.Rep))
		o.printf("sym %-16s mask %2d bits, key %2d bits, %5d index bytes, %3d attack sets\n", t.Name(), w, t.Bits, len(t.Index), len(t.Sets))
	}
	o.printf("sym: index %d bytes, attack %d bytes, params %d bytes\n", len(l.Index), 8*len(l.Attack), len(l.Params)*symlayout.ParamSize)
	return nil
}

// stageUsed runs the layout's own search for the class (as the generator
// does) and counts the entries of its 12-bit shared table that some square
// and occupancy reach: what another table could use in the rest.
func stageUsed(o *output, cl *class) error {
	opt := magic.DefaultBuild()
	t, err := magic.Search(cl.c, magic.SearchOptions{Seed: opt.Seed, MaxTries: opt.MaxTries, MaxBits: magic.MaxKeyBits, Window: magic.RookWindow})
	if err != nil {
		return fmt.Errorf("used: %w", err)
	}
	reached := make([]bool, len(t.Index))
	for _, k := range t.Keys {
		for _, x := range magic.Subsets(magic.Mask(magic.Rook, k.Square)) {
			reached[k.Key(magic.ToW(x))] = true
		}
	}
	n := 0
	for _, r := range reached {
		if r {
			n++
		}
	}
	o.printf("used: %s %d-bit table, %d of %d entries reached (%d candidates, %v)\n", cl.c.Name(), t.Bits, n, len(t.Index), t.Tries, t.Elapsed.Round(time.Millisecond))
	// Which key bits the unreached entries share: a key bit that is one
	// value in every unreached entry marks a block another table can use.
	var and, or uint64 = 1<<t.Bits - 1, 0
	for k, r := range reached {
		if !r {
			and &= uint64(k)
			or |= uint64(k)
		}
	}
	o.printf("used: unreached entries: key bits always 1 %#x, always 0 %#x\n", and, (1<<t.Bits-1)&^or)
	for _, k := range t.Keys {
		o.printf("used: %s magic %#016x\n", magic.SquareName(k.Square), k.Magic)
	}
	return nil
}
