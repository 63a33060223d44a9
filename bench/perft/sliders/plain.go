//go:build slider

package movegen

import "github.com/symmagic/attacks/bench/ref"

// Plain magic, fixed shifts 12 and 9: bench/ref's yardstick. The lookups of
// a standard bitboard: bitboard.go is the seam they join.

func rookAttacks(o lookupOcc, sq int) uint64   { return ref.PlainRook(sq, o) }
func bishopAttacks(o lookupOcc, sq int) uint64 { return ref.PlainBishop(sq, o) }
