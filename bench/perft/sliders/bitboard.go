//go:build slider

package movegen

// The seam for lookups of a standard bitboard: bench/perft's builds put this
// file in the place of movegen's slider.go (whose comment says what it
// defines) for every mode whose lookups read the occupied squares as they
// are, and the mode's own file beside it, which defines the lookups,
// rookAttacks and bishopAttacks, on lookupOcc, the occupied squares.

// keptOcc is nothing: the position keeps no occupancy for these lookups,
// and the updates every change of the board makes cost nothing. It takes
// the room of the W occupancy that movegen keeps, so that every mode's
// Position has one size and layout: the copy-make search copies a position
// a move, and a position 16 bytes smaller once moved this generator's
// perft by up to 13 per cent with the same lookups (docs/BENCHMARKS.md, the
// variant stdsmall), which the modes' comparison would otherwise count as
// theirs.
type keptOcc struct{ _ uint64 }

func (*keptOcc) Set(sq int)            {}
func (*keptOcc) Clear(sq int)          {}
func (*keptOcc) Move(from, to int)     {}
func (*keptOcc) Toggle(squares uint64) {}

// lookupOcc is what the lookups read: the occupied squares.
type lookupOcc = uint64

// nodeOcc returns the lookups' occupancy for p: its occupied squares.
func nodeOcc(p *Position, occ uint64) lookupOcc { return occ }

// occOf returns what each lookup reads: the node's o, already live.
func occOf(p *Position, o lookupOcc) lookupOcc { return o }

// occClear empties sq in o; occMove empties from and occupies to.
func occClear(o *lookupOcc, sq int)      { *o &^= 1 << sq }
func occMove(o *lookupOcc, from, to int) { *o = *o&^(1<<from) | 1<<to }
