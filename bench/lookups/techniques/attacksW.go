//go:build lookup

package lookups

import "github.com/symmagic/attacks"

// Package attacks' W lookups, RookW, BishopW and QueenW, on the occupancy in
// W layout. It stands in for technique.go, whose comment says what it
// defines.

const technique = "attacksW"

const queenUnion = false

const wInput = true

func rook(sq int, o uint64) uint64   { return attacks.RookW(sq, o) }
func bishop(sq int, o uint64) uint64 { return attacks.BishopW(sq, o) }
func queen(sq int, o uint64) uint64  { return attacks.QueenW(sq, o) }
