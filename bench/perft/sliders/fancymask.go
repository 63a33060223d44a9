//go:build slider

package movegen

import "github.com/symmagic/attacks/bench/ref"

// A variant: fancy magic with its key ANDed with a mask from the record, as
// the drop-in's rook keys are (bench/ref). The lookups of a standard
// bitboard: bitboard.go is the seam they join.

func rookAttacks(o lookupOcc, sq int) uint64   { return ref.FancyMaskRook(sq, o) }
func bishopAttacks(o lookupOcc, sq int) uint64 { return ref.FancyMaskBishop(sq, o) }
