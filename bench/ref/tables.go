package ref

import (
	"fmt"
	"slices"

	"github.com/symmagic/attacks/internal/magic"
)

// squareSets is one piece on one square: its mask, every subset of the mask
// and the attack set of each, the input every table builder here fills its
// table from. Computed once at init and dropped.
type squareSets struct {
	mask       uint64
	occs, atts []uint64
}

func allSquareSets(p magic.Piece) *[64]squareSets {
	var out [64]squareSets
	for sq := range out {
		s := &out[sq]
		s.mask = magic.Mask(p, sq)
		s.occs = magic.Subsets(s.mask)
		s.atts = make([]uint64, len(s.occs))
		for i, o := range s.occs {
			s.atts[i] = magic.Attacks(p, sq, o)
		}
	}
	return &out
}

// distinct is the square's distinct attack sets, sorted ascending.
func (s *squareSets) distinct() []uint64 {
	d := slices.Clone(s.atts)
	slices.Sort(d)
	return slices.Compact(d)
}

// fillKeyed stores every subset's attack set at table[key(occ)] and panics if
// two subsets with different attack sets share a key, or if a key lands on
// an entry another square filled (no attack set is empty, so a used entry is
// nonzero): the checked-in magics and offsets of magics_gen.go must work,
// and the tests cover every entry anyway.
func fillKeyed(name string, sq int, s *squareSets, table []uint64, key func(occ uint64) uint64) {
	set := make(map[uint64]bool, len(s.occs))
	for i, o := range s.occs {
		k := key(o)
		if set[k] && table[k] != s.atts[i] || !set[k] && table[k] != 0 {
			panic(fmt.Sprintf("ref: %s %s: key %d collides", name, magic.SquareName(sq), k))
		}
		set[k], table[k] = true, s.atts[i]
	}
}

// The tables of every technique are filled here, from one pass over the
// masks' subsets.
func init() {
	rooks, bishops := allSquareSets(magic.Rook), allSquareSets(magic.Bishop)
	initFancy(rooks, bishops)
	initPlain(rooks, bishops)
	initBlack(rooks, bishops)
	initPext(rooks, bishops)
	initSquareByte(rooks, bishops)
	initKindergarten()
	initHyperbola()
}
