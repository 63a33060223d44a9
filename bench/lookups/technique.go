package lookups

import "github.com/symmagic/attacks"

// The technique the loops call: in this file, package attacks' drop-in
// (technique "attacks": Rook, Bishop and Queen on a standard bitboard). A
// build of another technique puts its file of techniques/ in this one's
// place, defining the same: the technique's name, whether its lookups read
// the occupancy in W layout, whether its queen is the union of its rook
// and bishop (the loops then write the union out, each lookup inlined),
// and its three lookups.

const technique = "attacks"

// wInput: the lookups read the occupancy in W layout (attacks.ToW's).
const wInput = false

// queenUnion: queen is rook | bishop.
const queenUnion = false

func rook(sq int, o uint64) uint64   { return attacks.Rook(sq, o) }
func bishop(sq int, o uint64) uint64 { return attacks.Bishop(sq, o) }
func queen(sq int, o uint64) uint64  { return attacks.Queen(sq, o) }
