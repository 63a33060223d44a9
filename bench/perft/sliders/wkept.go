//go:build slider

package movegen

import "github.com/symmagic/attacks"

// The seam for lookups of the occupancy in W layout that the position keeps:
// bench/perft's builds put this file in the place of movegen's slider.go
// (whose comment says what it defines) for every mode whose lookups read
// the W occupancy as movegen's own do, and the mode's own file beside it,
// which defines the lookups, rookAttacks and bishopAttacks, on lookupOcc,
// the W occupancy. All but the lookups is movegen's slider.go as it is.

// keptOcc is the occupancy in W layout, as movegen keeps it.
type keptOcc struct{ w uint64 }

func (k *keptOcc) Set(sq int)        { k.w |= attacks.SquareW(sq) }
func (k *keptOcc) Clear(sq int)      { k.w &^= attacks.SquareW(sq) }
func (k *keptOcc) Move(from, to int) { k.w = k.w&^attacks.SquareW(from) | attacks.SquareW(to) }
func (k *keptOcc) Toggle(bb uint64) {
	for ; bb != 0; bb &= bb - 1 {
		k.w ^= attacks.SquareW(lsb(bb))
	}
}

// lookupOcc is what the lookups read: the occupancy in W layout.
type lookupOcc = uint64

// nodeOcc returns the lookups' occupancy for p: the one p keeps.
func nodeOcc(p *Position, occ uint64) lookupOcc { return p.o.w }

// occOf returns what each lookup reads: the occupancy p keeps, read from p
// again, as movegen's slider.go does.
func occOf(p *Position, o lookupOcc) lookupOcc { return p.o.w }

// occClear empties sq in o; occMove empties from and occupies to.
func occClear(o *lookupOcc, sq int)      { *o &^= attacks.SquareW(sq) }
func occMove(o *lookupOcc, from, to int) { *o = *o&^attacks.SquareW(from) | attacks.SquareW(to) }
