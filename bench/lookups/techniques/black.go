//go:build lookup

package lookups

import "github.com/symmagic/attacks/bench/ref"

// Black magic, fixed shifts and one overlapped array (bench/ref's
// yardstick). It stands in for technique.go, whose comment says what it
// defines.

const technique = "black"

const queenUnion = true

const wInput = false

func rook(sq int, o uint64) uint64   { return ref.BlackRook(sq, o) }
func bishop(sq int, o uint64) uint64 { return ref.BlackBishop(sq, o) }
func queen(sq int, o uint64) uint64  { return ref.BlackRook(sq, o) | ref.BlackBishop(sq, o) }
