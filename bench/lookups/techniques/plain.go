//go:build lookup

package lookups

import "github.com/symmagic/attacks/bench/ref"

// Plain magic, fixed shifts 12 and 9 (bench/ref's yardstick). It stands in
// for technique.go, whose comment says what it defines.

const technique = "plain"

const queenUnion = true

const wInput = false

func rook(sq int, o uint64) uint64   { return ref.PlainRook(sq, o) }
func bishop(sq int, o uint64) uint64 { return ref.PlainBishop(sq, o) }
func queen(sq int, o uint64) uint64  { return ref.PlainRook(sq, o) | ref.PlainBishop(sq, o) }
