package magic

import (
	"math/bits"
	"math/rand/v2"
)

// FancyEntry is one square of a fancy-magic table, Stockfish style: the
// yardstick every benchmark here measures against. Its attacks are
// Attacks[((occ & Mask) * Magic) >> Shift], standard layout.
type FancyEntry struct {
	Mask, Magic uint64
	Attacks     []uint64 // a slice of one array shared by all squares
	Shift       uint
}

// NewFancy builds fancy-magic tables for rooks and bishops with the usual
// sparse random search, deterministic for a seed. Rooks take 102,400
// entries and bishops 5,248: 861,184 bytes.
func NewFancy(seed uint64) (rook, bishop *[64]FancyEntry) {
	r := rand.New(rand.NewPCG(seed, seed))
	store := make([]uint64, 0, 102400+5248)
	rook, bishop = new([64]FancyEntry), new([64]FancyEntry)
	for sq := 0; sq < 64; sq++ {
		store = fancySquare(Rook, sq, &rook[sq], store, r)
	}
	for sq := 0; sq < 64; sq++ {
		store = fancySquare(Bishop, sq, &bishop[sq], store, r)
	}
	return rook, bishop
}

func fancySquare(p Piece, sq int, e *FancyEntry, store []uint64, r *rand.Rand) []uint64 {
	mask := Mask(p, sq)
	n := bits.OnesCount64(mask)
	occs := Subsets(mask)
	refs := make([]uint64, len(occs))
	for i, o := range occs {
		refs[i] = Attacks(p, sq, o)
	}
	table := make([]uint64, 1<<n)
	used := make([]int, 1<<n)
	for try := 1; ; try++ {
		m := r.Uint64() & r.Uint64() & r.Uint64()
		if bits.OnesCount64((mask*m)>>56) < 6 {
			continue // too few high bits to spread the key: the usual filter
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
			*e = FancyEntry{Mask: mask, Magic: m, Attacks: store[base : base+len(table) : base+len(table)], Shift: uint(64 - n)}
			return store
		}
	}
}
