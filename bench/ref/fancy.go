// Package ref holds the sliding-attack techniques the benchmarks compare this
// package with, written here from their public descriptions. Each is checked
// exhaustively against the ray-walking reference of package magic.
package ref

import (
	"math/bits"
	"math/rand/v2"

	"github.com/symmagic/attacks/magic"
)

// Fancy magic, Stockfish style: per square a mask, a magic, a shift and a
// slice of one shared attack array, indexed by ((occ & mask) * magic) >>
// shift in standard layout. Rooks take 102,400 entries, bishops 5,248:
// 861,184 bytes. The magics come from the usual sparse random search with a
// fixed seed, at package init.
type fancyEntry struct {
	mask, magic uint64
	attacks     []uint64
	shift       uint
}

var fancyRook, fancyBishop [64]fancyEntry

// FancyBytes is the size of fancy magic's attack tables.
const FancyBytes = (102400 + 5248) * 8

func init() {
	r := rand.New(rand.NewPCG(7, 7))
	store := make([]uint64, 0, 102400+5248)
	for sq := 0; sq < 64; sq++ {
		store = fancySquare(magic.Rook, sq, &fancyRook[sq], store, r)
	}
	for sq := 0; sq < 64; sq++ {
		store = fancySquare(magic.Bishop, sq, &fancyBishop[sq], store, r)
	}
}

func fancySquare(p magic.Piece, sq int, e *fancyEntry, store []uint64, r *rand.Rand) []uint64 {
	mask := magic.Mask(p, sq)
	n := bits.OnesCount64(mask)
	occs := magic.Subsets(mask)
	refs := make([]uint64, len(occs))
	for i, o := range occs {
		refs[i] = magic.Attacks(p, sq, o)
	}
	table := make([]uint64, 1<<n)
	used := make([]int, 1<<n)
	for try := 1; ; try++ {
		m := r.Uint64() & r.Uint64() & r.Uint64()
		if bits.OnesCount64((mask*m)>>56) < 6 {
			continue
		}
		ok := true
		for i, o := range occs {
			k := (o * m) >> (64 - n)
			if used[k] == try && table[k] != refs[i] {
				ok = false
				break
			}
			used[k], table[k] = try, refs[i]
		}
		if ok {
			base := len(store)
			store = append(store, table...)
			*e = fancyEntry{mask: mask, magic: m, attacks: store[base : base+len(table) : base+len(table)], shift: uint(64 - n)}
			return store
		}
	}
}

// FancyRook is the fancy-magic rook lookup; sq must be in 0..63.
func FancyRook(sq int, occ uint64) uint64 {
	e := &fancyRook[sq&63]
	return e.attacks[((occ&e.mask)*e.magic)>>(e.shift&63)]
}

// FancyBishop is the fancy-magic bishop lookup; sq must be in 0..63.
func FancyBishop(sq int, occ uint64) uint64 {
	e := &fancyBishop[sq&63]
	return e.attacks[((occ&e.mask)*e.magic)>>(e.shift&63)]
}
