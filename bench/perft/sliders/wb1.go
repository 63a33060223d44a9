//go:build slider

package movegen

import (
	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/ref"
)

// A variant: the W lookups with the bishops in one load (bench/ref's
// WOneBishop: the W key straight into the square's own table of attack sets,
// no index byte), the rooks as movegen's own (attacks.RookW). The lookups
// of the W occupancy the position keeps, as movegen does: wkept.go is the
// seam they join.

func rookAttacks(o lookupOcc, sq int) uint64   { return attacks.RookW(sq, o) }
func bishopAttacks(o lookupOcc, sq int) uint64 { return ref.WOneBishop(sq, o) }
