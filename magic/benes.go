// Beneš networks: an arbitrary bit permutation of a word as 11 delta swaps,
// shifts and masks only, so a permute needs no memory table.

package magic

import "fmt"

// Stage is one delta swap: x' = swap the bits selected by Mask with the bits Shift positions above them.
// Applied as: t := (x ^ (x >> Shift)) & Mask; x ^= t ^ (t << Shift)
type Stage struct {
	Mask  uint64
	Shift uint
}

// numStages is the depth of a 64-input Beneš network: log2(64) levels of
// input switches, mirrored by output switches, sharing the innermost level.
const numStages = 11

// stageShifts lists the swap distance of each stage in application order.
// The outermost level (distance 32) comes first and last; the innermost
// level (distance 1) sits in the middle.
var stageShifts = [numStages]uint{32, 16, 8, 4, 2, 1, 2, 4, 8, 16, 32}

// Network returns delta-swap stages that move bit i of the input to bit perm[i] of the output,
// for a permutation perm of 0..63. It returns an error if perm is not a permutation.
// Stages whose Mask is zero are dropped.
func Network(perm [64]uint8) ([]Stage, error) {
	var seen uint64
	for i, p := range perm {
		if p >= 64 {
			return nil, fmt.Errorf("magic: perm[%d] = %d is out of range 0..63", i, p)
		}
		if seen&(1<<p) != 0 {
			return nil, fmt.Errorf("magic: perm[%d] = %d is a duplicate", i, p)
		}
		seen |= 1 << p
	}

	var masks [numStages]uint64
	route(perm[:], 0, 0, &masks)

	stages := make([]Stage, 0, numStages)
	for i, m := range masks {
		if m != 0 {
			stages = append(stages, Stage{Mask: m, Shift: stageShifts[i]})
		}
	}
	return stages, nil
}

// route sets the switches of the Beneš subnetwork that occupies bit positions
// base..base+len(p)-1 so that local input i reaches local output p[i].
// level is the recursion depth; it selects the input stage (level) and the
// mirrored output stage (numStages-1-level) that this subnetwork owns.
//
// The subnetwork's input switches pair position k with k+h (h = len(p)/2) and
// send one element of each pair into the lower half-size subnetwork (bit
// positions base..base+h-1) and the other into the upper one. The output
// switches likewise pair outputs k and k+h, which must therefore be fed from
// different halves. Choosing a half for every element under both pairing
// constraints is a 2-colouring of a graph made of even cycles, which the
// classic looping algorithm solves greedily.
func route(p []uint8, base uint, level int, masks *[numStages]uint64) {
	n := len(p)
	if n == 2 {
		// A 2-element network is a single switch; input and output stages
		// coincide here, so it must not be treated as two separate stages.
		if p[0] == 1 {
			masks[level] |= 1 << base
		}
		return
	}
	h := n / 2
	// n is a power of two, so the partner of position k in a switch is k^h.
	hb := uint8(h)

	inv := make([]uint8, n)
	for i, o := range p {
		inv[o] = uint8(i)
	}

	// side[i] is the half-network (0 lower, 1 upper) that input i is routed
	// through; -1 means not yet decided.
	side := make([]int8, n)
	for i := range side {
		side[i] = -1
	}
	for start := 0; start < h; start++ {
		if side[start] >= 0 {
			continue
		}
		// Each new cycle is free to pick either colouring; sending the start
		// element straight through leaves its switch open, which keeps masks
		// sparse (and lets wholly-unused stages be dropped).
		i := uint8(start)
		for {
			side[i] = 0
			side[i^hb] = 1
			// The partner of i goes through the upper half, so whoever shares
			// its output switch must come through the lower half.
			j := inv[p[i^hb]^hb]
			if side[j] >= 0 {
				break // the cycle has closed
			}
			i = j
		}
	}

	in, out := level, numStages-1-level
	lower := make([]uint8, h)
	upper := make([]uint8, h)
	for i, o := range p {
		k := uint8(i) &^ hb // position within the chosen half
		if side[i] == 0 {
			lower[k] = o &^ hb
			// A lower-half element bound for the upper output row must cross
			// over in the output switch.
			if o >= hb {
				masks[out] |= 1 << (base + uint(o&^hb))
			}
		} else {
			upper[k] = o &^ hb
			// Input switches are indexed by their lower position; a
			// lower-row input taking the upper half means that switch crosses.
			if uint8(i) < hb {
				masks[in] |= 1 << (base + uint(i))
			}
		}
	}

	route(lower, base, level+1, masks)
	route(upper, base+uint(h), level+1, masks)
}

// Apply runs the stages on x.
func Apply(stages []Stage, x uint64) uint64 {
	for _, s := range stages {
		t := (x ^ (x >> s.Shift)) & s.Mask
		x ^= t ^ (t << s.Shift)
	}
	return x
}
