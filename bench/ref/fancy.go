// Package ref holds the sliding-attack techniques the benchmarks compare this
// package with, written here from their public descriptions. Each is checked
// exhaustively against the ray-walking reference of package magic.
package ref

import (
	"math/bits"
	"math/rand/v2"
	"strconv"

	"github.com/symmagic/attacks/internal/magic"
)

// Fancy magic, Stockfish style: per square a mask, a magic, a pointer to
// the square's attacks in one shared array, and a shift (yardstick.go's
// fancyEntry), indexed by ((occ & mask) * magic) >> shift in standard
// layout, each square's table as wide as its mask. The magics are searched
// at package init with the usual sparse random search and a fixed seed.
func init() { initFancy(7); initFancyMask() }

// FancyBytes is the size of fancy magic's attack tables: 102,400 rook and
// 5,248 bishop entries.
const FancyBytes = fancyEntries * 8

// initFancy builds fancy magic's tables, deterministic for a seed.
func initFancy(seed uint64) {
	r := rand.New(rand.NewPCG(seed, seed))
	next := 0
	for _, p := range []magic.Piece{magic.Rook, magic.Bishop} {
		entries := &fancyRooks
		if p == magic.Bishop {
			entries = &fancyBishops
		}
		for sq := 0; sq < 64; sq++ {
			mask := magic.Mask(p, sq)
			n := bits.OnesCount64(mask)
			m, table := findFancyMagic(p, sq, n, r)
			copy(fancyTable[next:], table)
			entries[sq] = fancyEntry{mask: mask, magic: m, attacks: &fancyTable[next], shift: uint64(64 - n)}
			next += len(table)
		}
	}
	if next != fancyEntries {
		panic("ref: fancy magic's tables fill " + strconv.Itoa(next) + " entries, not fancyEntries")
	}
}

// findFancyMagic is the usual sparse random search for a multiplier that
// maps every subset of sq's mask to a keyBits-bit key without a harmful
// collision; it returns the multiplier and its filled table.
func findFancyMagic(p magic.Piece, sq, keyBits int, r *rand.Rand) (uint64, []uint64) {
	mask := magic.Mask(p, sq)
	occs := magic.Subsets(mask)
	refs := make([]uint64, len(occs))
	for i, o := range occs {
		refs[i] = magic.Attacks(p, sq, o)
	}
	table := make([]uint64, 1<<keyBits)
	used := make([]int, 1<<keyBits)
	for try := 1; ; try++ {
		m := r.Uint64() & r.Uint64() & r.Uint64()
		if bits.OnesCount64((mask*m)>>56) < 6 {
			continue // too few high bits to spread the key: the usual filter
		}
		ok := true
		for i, o := range occs {
			k := (o * m) >> (64 - keyBits)
			if used[k] == try && table[k] != refs[i] {
				ok = false
				break
			}
			used[k], table[k] = try, refs[i]
		}
		if ok {
			return m, table
		}
	}
}
