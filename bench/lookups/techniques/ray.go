//go:build lookup

package lookups

import "github.com/symmagic/attacks/bench/ref"

// The ray loop: each ray walked square by square (bench/ref), the lookups'
// exhaustive tests' reference. It stands in for technique.go, whose comment
// says what it defines.

const technique = "ray"

const queenUnion = true

const wInput = false

func rook(sq int, o uint64) uint64   { return ref.RayRook(sq, o) }
func bishop(sq int, o uint64) uint64 { return ref.RayBishop(sq, o) }
func queen(sq int, o uint64) uint64  { return ref.RayRook(sq, o) | ref.RayBishop(sq, o) }
