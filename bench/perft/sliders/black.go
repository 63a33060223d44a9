//go:build slider

package movegen

import "github.com/symmagic/attacks/bench/ref"

// Black magic, fixed shifts and one overlapped array: bench/ref's yardstick.
// The lookups of a standard bitboard: bitboard.go is the seam they join.

func rookAttacks(o lookupOcc, sq int) uint64   { return ref.BlackRook(sq, o) }
func bishopAttacks(o lookupOcc, sq int) uint64 { return ref.BlackBishop(sq, o) }
