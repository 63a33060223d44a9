//go:build lookup

package lookups

import "github.com/symmagic/attacks/bench/ref"

// Kindergarten bitboards (bench/ref's yardstick). It stands in for
// technique.go, whose comment says what it defines.

const technique = "kindergarten"

const queenUnion = true

const wInput = false

func rook(sq int, o uint64) uint64   { return ref.KindergartenRook(sq, o) }
func bishop(sq int, o uint64) uint64 { return ref.KindergartenBishop(sq, o) }
func queen(sq int, o uint64) uint64  { return rook(sq, o) | bishop(sq, o) }
