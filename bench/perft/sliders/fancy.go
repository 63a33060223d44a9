//go:build slider

package movegen

import "github.com/symmagic/attacks/bench/ref"

// Fancy magic, as Stockfish wrote it until 2026: bench/ref's yardstick. The
// lookups of a standard bitboard: bitboard.go is the seam they join.

func rookAttacks(o lookupOcc, sq int) uint64   { return ref.FancyRook(sq, o) }
func bishopAttacks(o lookupOcc, sq int) uint64 { return ref.FancyBishop(sq, o) }
