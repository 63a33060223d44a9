//go:build slider

package movegen

import "github.com/symmagic/attacks"

// The W lookups of an attacks.Occupancy made from the occupied squares once
// per node (attacks.NewOccupancy, one permute): package attacks adopted
// without touching the position. It stands in for movegen's slider.go,
// whose comment says what it defines.

// keptOcc is nothing, in the room of the W occupancy movegen keeps (see
// bitboard.go's).
type keptOcc struct{ _ uint64 }

func (*keptOcc) Set(sq int)            {}
func (*keptOcc) Clear(sq int)          {}
func (*keptOcc) Move(from, to int)     {}
func (*keptOcc) Toggle(squares uint64) {}

// lookupOcc is what the lookups read: the occupancy in both layouts.
type lookupOcc = attacks.Occupancy

// nodeOcc returns the lookups' occupancy for p, made from occ with one
// permute.
func nodeOcc(p *Position, occ uint64) lookupOcc { return attacks.NewOccupancy(occ) }

// occOf returns what each lookup reads: the node's o, made once.
func occOf(p *Position, o lookupOcc) lookupOcc { return o }

// rookAttacks and bishopAttacks are the attacks of a rook and of a bishop
// on sq (0..63) on the occupancy o.
func rookAttacks(o lookupOcc, sq int) uint64   { return o.Rook(sq) }
func bishopAttacks(o lookupOcc, sq int) uint64 { return o.Bishop(sq) }

// occClear empties sq in o; occMove empties from and occupies to.
func occClear(o *lookupOcc, sq int)      { o.Clear(sq) }
func occMove(o *lookupOcc, from, to int) { o.Move(from, to) }
