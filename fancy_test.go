package attacks

import (
	"math/bits"
	"math/rand/v2"
	"sync"

	"github.com/symmagic/attacks/magic"
)

// A plain fancy-magic lookup, Stockfish style, as the benchmarks' yardstick:
// per square a mask, a magic, a shift and a slice of one shared attack
// array, indexed by ((occ & mask) * magic) >> shift in standard layout. The
// magics are found at first use by the usual sparse random search (fixed
// seed); rooks take 102,400 entries and bishops 5,248: 861,184 bytes.
type fancyEntry struct {
	mask, magic uint64
	attacks     []uint64
	shift       uint8
}

var (
	fancyOnce             sync.Once
	fancyRook, fancyBishp [64]fancyEntry
)

func fancyInit() {
	fancyOnce.Do(func() {
		r := rand.New(rand.NewPCG(7, 7))
		store := make([]uint64, 0, 102400+5248)
		for _, pc := range []struct {
			p magic.Piece
			t *[64]fancyEntry
		}{{magic.Rook, &fancyRook}, {magic.Bishop, &fancyBishp}} {
			for sq := 0; sq < 64; sq++ {
				store = fancySquare(pc.p, sq, pc.t, store, r)
			}
		}
	})
}

func fancySquare(p magic.Piece, sq int, t *[64]fancyEntry, store []uint64, r *rand.Rand) []uint64 {
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
			t[sq] = fancyEntry{mask: mask, magic: m, attacks: store[base : base+len(table) : base+len(table)], shift: uint8(64 - n)}
			return store
		}
	}
}

func fancyLookup(e *fancyEntry, occ uint64) uint64 {
	return e.attacks[((occ&e.mask)*e.magic)>>(e.shift&63)]
}
