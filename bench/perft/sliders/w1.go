//go:build slider

package movegen

import (
	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/ref"
)

// A variant: the W lookups with rooks and bishops in one load (bench/ref's
// WOneRook and WOneBishop: the W key straight into the square's own table of
// attack sets, no index byte). The position keeps the occupancy in W layout
// as movegen does: this file is movegen's slider.go, whose comment says what
// it defines, with the lookups alone changed.

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

type lookupOcc = uint64

func nodeOcc(p *Position, occ uint64) lookupOcc { return p.o.w }

func occOf(p *Position, o lookupOcc) lookupOcc { return p.o.w }

func rookAttacks(o lookupOcc, sq int) uint64   { return ref.WOneRook(sq, o) }
func bishopAttacks(o lookupOcc, sq int) uint64 { return ref.WOneBishop(sq, o) }

func occClear(o *lookupOcc, sq int)      { *o &^= attacks.SquareW(sq) }
func occMove(o *lookupOcc, from, to int) { *o = *o&^attacks.SquareW(from) | attacks.SquareW(to) }
