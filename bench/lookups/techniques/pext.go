//go:build lookup

package lookups

import "github.com/symmagic/attacks/bench/ref"

// PEXT tables (BMI2; bench/ref's assembly, a call a lookup). It stands in
// for technique.go, whose comment says what it defines.

const technique = "pext"

const queenUnion = false

const wInput = false

func rook(sq int, o uint64) uint64   { return ref.PextRook(sq, o) }
func bishop(sq int, o uint64) uint64 { return ref.PextBishop(sq, o) }
func queen(sq int, o uint64) uint64  { return ref.PextQueen(sq, o) }
