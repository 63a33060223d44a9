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
// and the tests cover every entry anyway. The keys this call has set are
// marked in keyStamp with a number of the call's own (a map took most of
// the package's start-up, which every bench worker process pays).
func fillKeyed(name string, sq int, s *squareSets, table []uint64, key func(occ uint64) uint64) {
	if len(keyStamp) < len(table) {
		keyStamp = make([]uint32, len(table))
	}
	keyCall++
	for i, o := range s.occs {
		k := key(o)
		set := keyStamp[k] == keyCall
		if set && table[k] != s.atts[i] || !set && table[k] != 0 {
			panic(fmt.Sprintf("ref: %s %s: key %d collides", name, magic.SquareName(sq), k))
		}
		keyStamp[k], table[k] = keyCall, s.atts[i]
	}
}

// keyStamp and keyCall are fillKeyed's marks: keyStamp[k] == keyCall when
// the current call has set key k. Init runs one goroutine; nothing else
// calls it.
var (
	keyStamp []uint32
	keyCall  uint32
)

// The tables of every technique are filled here, from one pass over the
// masks' subsets.
func init() {
	rooks, bishops := allSquareSets(magic.Rook), allSquareSets(magic.Bishop)
	initFancy(rooks, bishops)
	initPlain(rooks, bishops)
	initBlack(rooks, bishops)
	initPext(rooks, bishops)
	initSquareByte(rooks, bishops)
	initWOne(rooks, bishops)
	initKindergarten()
	initHyperbola()
	keyStamp = nil // the marks are needed no more
}
