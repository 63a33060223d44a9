//go:build lookup

package lookups

import "github.com/symmagic/attacks/bench/ref"

// Fancy magic, as Stockfish wrote it until 2026 (bench/ref's yardstick). It
// stands in for technique.go, whose comment says what it defines.

const technique = "fancy"

const queenUnion = true

const wInput = false

func rook(sq int, o uint64) uint64   { return ref.FancyRook(sq, o) }
func bishop(sq int, o uint64) uint64 { return ref.FancyBishop(sq, o) }
func queen(sq int, o uint64) uint64  { return ref.FancyRook(sq, o) | ref.FancyBishop(sq, o) }
