//go:build lookup

package lookups

import "github.com/symmagic/attacks/bench/ref"

// The per-square byte lookup: fancy magic's keys through a byte index to the
// square's attack sets (bench/ref's squarebyte.go). It stands in for
// technique.go, whose comment says what it defines.

const technique = "squarebyte"

const queenUnion = true

const wInput = false

func rook(sq int, o uint64) uint64   { return ref.SquareByteRook(sq, o) }
func bishop(sq int, o uint64) uint64 { return ref.SquareByteBishop(sq, o) }
func queen(sq int, o uint64) uint64  { return ref.SquareByteRook(sq, o) | ref.SquareByteBishop(sq, o) }
