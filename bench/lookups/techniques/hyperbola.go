//go:build lookup

package lookups

import "github.com/symmagic/attacks/bench/ref"

// Hyperbola quintessence, scalar, with a rank table (bench/ref's yardstick).
// It stands in for technique.go, whose comment says what it defines.

const technique = "hyperbola"

const queenUnion = true

const wInput = false

func rook(sq int, o uint64) uint64   { return ref.HyperbolaRook(sq, o) }
func bishop(sq int, o uint64) uint64 { return ref.HyperbolaBishop(sq, o) }
func queen(sq int, o uint64) uint64  { return ref.HyperbolaRook(sq, o) | ref.HyperbolaBishop(sq, o) }
