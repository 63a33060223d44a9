//go:build slider

package movegen

import "github.com/symmagic/attacks"

// A variant: the drop-in, attacks.Rook and attacks.Bishop, as std runs it,
// with a Position 8 bytes smaller: keptOcc holds no room for the
// W occupancy the other modes keep, so this mode measures the position's
// layout alone. It stands in for movegen's slider.go, whose comment says
// what it defines (and bitboard.go the rest of it).

// keptOcc is nothing, and takes no room.
type keptOcc struct{}

func (*keptOcc) Set(sq int)            {}
func (*keptOcc) Clear(sq int)          {}
func (*keptOcc) Move(from, to int)     {}
func (*keptOcc) Toggle(squares uint64) {}

type lookupOcc = uint64

func nodeOcc(p *Position, occ uint64) lookupOcc { return occ }

func occOf(p *Position, o lookupOcc) lookupOcc { return o }

func rookAttacks(o lookupOcc, sq int) uint64   { return attacks.Rook(sq, o) }
func bishopAttacks(o lookupOcc, sq int) uint64 { return attacks.Bishop(sq, o) }

func occClear(o *lookupOcc, sq int)      { *o &^= 1 << sq }
func occMove(o *lookupOcc, from, to int) { *o = *o&^(1<<from) | 1<<to }
