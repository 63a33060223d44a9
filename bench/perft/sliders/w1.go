//go:build slider

package movegen

import "github.com/symmagic/attacks/bench/ref"

// A variant: the W lookups with rooks and bishops in one load (bench/ref's
// WOneRook and WOneBishop: the W key straight into the square's own table of
// attack sets, no index byte). The lookups of the W occupancy the position
// keeps, as movegen does: wkept.go is the seam they join.

func rookAttacks(o lookupOcc, sq int) uint64   { return ref.WOneRook(sq, o) }
func bishopAttacks(o lookupOcc, sq int) uint64 { return ref.WOneBishop(sq, o) }
