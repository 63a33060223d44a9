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
	for _, p := range []Piece{Rook, Bishop} {
		entries := rook
		if p == Bishop {
			entries = bishop
		}
		for sq := 0; sq < 64; sq++ {
			mask := Mask(p, sq)
			n := bits.OnesCount64(mask)
			m, table := findMagic(p, sq, n, r)
			base := len(store)
			store = append(store, table...)
			entries[sq] = FancyEntry{Mask: mask, Magic: m, Attacks: store[base : base+len(table) : base+len(table)], Shift: uint(64 - n)}
		}
	}
	return rook, bishop
}

// PlainRookBits and PlainBishopBits are plain magic's fixed key widths: the
// widest rook and bishop masks.
const (
	PlainRookBits   = 12
	PlainBishopBits = 9
)

// NewPlain finds plain-magic multipliers, the kind most Go engines ship: one
// key width for every square of a piece (PlainRookBits, PlainBishopBits), so
// the shift is a constant and every square owns a full table. The attack
// set of occupancy occ on sq is then at key ((occ & Mask(p, sq)) * magic) >>
// (64 - bits) of a table PlainTable fills. Deterministic for a seed.
func NewPlain(seed uint64) (rook, bishop [64]uint64) {
	r := rand.New(rand.NewPCG(seed, seed))
	for sq := 0; sq < 64; sq++ {
		rook[sq], _ = findMagic(Rook, sq, PlainRookBits, r)
	}
	for sq := 0; sq < 64; sq++ {
		bishop[sq], _ = findMagic(Bishop, sq, PlainBishopBits, r)
	}
	return rook, bishop
}

// PlainTable fills table (1 << keyBits entries) with the attack sets of a
// piece on sq under magic m; entries no occupancy reaches stay 0.
func PlainTable(p Piece, sq int, m uint64, keyBits int, table []uint64) {
	mask := Mask(p, sq)
	for _, o := range Subsets(mask) {
		table[(o*m)>>(64-keyBits)] = Attacks(p, sq, o)
	}
}

// findMagic is the usual sparse random search for a multiplier that maps
// every subset of sq's mask to a keyBits-bit key without a harmful
// collision; it returns the multiplier and its filled table.
func findMagic(p Piece, sq, keyBits int, r *rand.Rand) (uint64, []uint64) {
	mask := Mask(p, sq)
	occs := Subsets(mask)
	refs := make([]uint64, len(occs))
	for i, o := range occs {
		refs[i] = Attacks(p, sq, o)
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
