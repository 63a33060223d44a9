// Package ref holds the sliding-attack techniques the benchmarks compare this
// package with, written here from their public descriptions. Each is checked
// exhaustively against the ray-walking reference of package magic.
package ref

import (
	"math/bits"
	"math/rand/v2"

	"github.com/symmagic/attacks/internal/magic"
	"github.com/symmagic/attacks/internal/yardstick"
)

// Fancy magic, Stockfish style: per square a mask, a magic, a shift and a
// slice of one shared attack array, indexed by ((occ & mask) * magic) >>
// shift in standard layout, each square's table as wide as its mask. The
// magics are searched at package init with the usual sparse random search
// and a fixed seed (newFancy), into internal/yardstick's entries, where the
// lookup is (so that the move generator can name it): arrays, so that a
// lookup indexes a static address, as Stockfish's does, with no pointer to
// load first.
func init() { yardstick.FancyRooks, yardstick.FancyBishops = newFancy(7) }

// FancyBytes is the size of fancy magic's attack tables: 102,400 rook and
// 5,248 bishop entries.
const FancyBytes = (102400 + 5248) * 8

// newFancy builds fancy-magic tables for rooks and bishops, deterministic
// for a seed.
func newFancy(seed uint64) (rook, bishop [64]yardstick.FancyEntry) {
	r := rand.New(rand.NewPCG(seed, seed))
	store := make([]uint64, 0, 102400+5248)
	for _, p := range []magic.Piece{magic.Rook, magic.Bishop} {
		entries := &rook
		if p == magic.Bishop {
			entries = &bishop
		}
		for sq := 0; sq < 64; sq++ {
			mask := magic.Mask(p, sq)
			n := bits.OnesCount64(mask)
			m, table := findFancyMagic(p, sq, n, r)
			base := len(store)
			store = append(store, table...)
			entries[sq] = yardstick.FancyEntry{Mask: mask, Magic: m, Attacks: store[base : base+len(table) : base+len(table)], Shift: uint(64 - n)}
		}
	}
	return rook, bishop
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
