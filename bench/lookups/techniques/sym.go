//go:build lookup

package lookups

import "github.com/symmagic/attacks/bench/ref"

// The full-symmetry W kernel (AVX-512 BITALG; bench/ref's assembly, a call a
// lookup): one index table for all eight symmetries. It stands in for
// technique.go, whose comment says what it defines.

const technique = "sym"

const queenUnion = false

const wInput = false

func rook(sq int, o uint64) uint64   { return ref.SymRook(sq, o) }
func bishop(sq int, o uint64) uint64 { return ref.SymBishop(sq, o) }
func queen(sq int, o uint64) uint64  { return ref.SymQueen(sq, o) }
