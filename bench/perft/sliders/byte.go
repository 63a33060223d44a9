//go:build slider

package movegen

import "github.com/symmagic/attacks/bench/ref"

// A variant: fancy magic's keys through a byte index to the square's attack
// sets, the W system's two dependent loads without its sharing (bench/ref's
// squarebyte.go). The lookups of a standard bitboard: bitboard.go is the
// seam they join.

func rookAttacks(o lookupOcc, sq int) uint64   { return ref.SquareByteRook(sq, o) }
func bishopAttacks(o lookupOcc, sq int) uint64 { return ref.SquareByteBishop(sq, o) }
