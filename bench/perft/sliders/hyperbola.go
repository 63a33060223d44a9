//go:build slider

package movegen

import "github.com/symmagic/attacks/bench/ref"

// Hyperbola quintessence, scalar, with a rank table: bench/ref's yardstick.
// The lookups of a standard bitboard: bitboard.go is the seam they join.

func rookAttacks(o lookupOcc, sq int) uint64   { return ref.HyperbolaRook(sq, o) }
func bishopAttacks(o lookupOcc, sq int) uint64 { return ref.HyperbolaBishop(sq, o) }
