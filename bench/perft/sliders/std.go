//go:build slider

package movegen

import "github.com/symmagic/attacks"

// The drop-in: attacks.Rook and attacks.Bishop on the occupied squares. The
// lookups of a standard bitboard: bitboard.go is the seam they join.

func rookAttacks(o lookupOcc, sq int) uint64   { return attacks.Rook(sq, o) }
func bishopAttacks(o lookupOcc, sq int) uint64 { return attacks.Bishop(sq, o) }
