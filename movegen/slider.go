package movegen

import "github.com/symmagic/attacks"

// The slider lookups: all the generator knows of how rook and bishop attacks
// are found is in this file. Here they are the W lookups (attacks.RookW and
// BishopW) on the occupancy in W layout that the position keeps and every
// move updates with attacks.SquareW. The
// benchmarks (bench/perft) measure other ways in, and the field's
// techniques, on this very generator: a build of theirs puts a technique's
// file (bench/perft/sliders) in this one's place with go build -overlay, so
// that each build differs from the others in its lookups alone, and each
// lookup inlines into the generator as it does here. The library's
// attacks outside the generator's loop (SEE, GivesCheck, FEN's checks) are
// package attacks' Rook and Bishop, whatever this file holds.
//
// What a replacement defines: keptOcc (what a position keeps for the
// lookups, with the methods Set, Clear, Move and Toggle that every change of
// the board calls), lookupOcc and nodeOcc (what the lookups read at a node,
// made once per node), occOf (what each lookup reads: the node's, or the
// same read from the position again), rookAttacks and bishopAttacks, and
// occClear and occMove (the lookup occupancy of a board the generator
// imagines: the king off its square, an en-passant capture made, a
// castling rook lifted).

// keptOcc is the occupancy the position keeps for the lookups: the W
// layout alone, where an attacks.Occupancy would keep the standard layout
// too, which the position's byColor already holds (one update fewer a move,
// 8 bytes fewer a copy: 1 to 2 per cent fewer instructions a node in
// perft). play updates it with every move, put with every piece.
type keptOcc struct{ w uint64 }

func (k *keptOcc) Set(sq int)        { k.w |= attacks.SquareW(sq) }
func (k *keptOcc) Clear(sq int)      { k.w &^= attacks.SquareW(sq) }
func (k *keptOcc) Move(from, to int) { k.w = k.w&^attacks.SquareW(from) | attacks.SquareW(to) }
func (k *keptOcc) Toggle(bb uint64) {
	for ; bb != 0; bb &= bb - 1 {
		k.w ^= attacks.SquareW(lsb(bb))
	}
}

// lookupOcc is what the lookups read: the occupancy in W layout.
type lookupOcc = uint64

// nodeOcc returns the lookups' occupancy for p, whose occupied squares are
// occ: the one p keeps.
func nodeOcc(p *Position, occ uint64) lookupOcc { return p.o.w }

// occOf returns what a lookup of the node whose nodeOcc is o reads: here the
// occupancy p keeps, read from p again at each lookup. One load where it is
// used costs less than a value that gen would hold in a register, or spill,
// from the node's start to its end beside the occupied squares (it
// measured 1 to 3 per cent fewer instructions a node in perft).
func occOf(p *Position, o lookupOcc) lookupOcc { return p.o.w }

// rookAttacks and bishopAttacks are the attacks of a rook and of a bishop
// on sq (0..63) on the occupancy o.
func rookAttacks(o lookupOcc, sq int) uint64   { return attacks.RookW(sq, o) }
func bishopAttacks(o lookupOcc, sq int) uint64 { return attacks.BishopW(sq, o) }

// occClear empties sq in o; occMove empties from and occupies to.
func occClear(o *lookupOcc, sq int)      { *o &^= attacks.SquareW(sq) }
func occMove(o *lookupOcc, from, to int) { *o = *o&^attacks.SquareW(from) | attacks.SquareW(to) }
