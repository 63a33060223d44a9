//go:build slider

package movegen

import "github.com/symmagic/attacks/bench/ref"

// Hyperbola quintessence in two 128-bit lanes with a rank table
// (bench/ref's Lanes2Rook and Lanes2Bishop), in the simd build only. The
// lookups of a standard bitboard: bitboard.go is the seam they join.

func rookAttacks(o lookupOcc, sq int) uint64   { return ref.Lanes2Rook(sq, o) }
func bishopAttacks(o lookupOcc, sq int) uint64 { return ref.Lanes2Bishop(sq, o) }
