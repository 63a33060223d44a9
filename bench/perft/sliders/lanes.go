//go:build slider

package movegen

import "github.com/symmagic/attacks/bench/ref"

// Hyperbola quintessence in AVX2 lanes with a rank table, as Stockfish
// computes attacks on AVX2 machines since 2026: bench/ref's yardstick, in
// the simd build only (GOEXPERIMENT=simd on amd64). The lookups of a
// standard bitboard: bitboard.go is the seam they join.

func rookAttacks(o lookupOcc, sq int) uint64   { return ref.LanesRook(sq, o) }
func bishopAttacks(o lookupOcc, sq int) uint64 { return ref.LanesBishop(sq, o) }
