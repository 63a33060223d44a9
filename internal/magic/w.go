// Package magic is the generators' library: the one place that knows the
// W system, a re-numbering of the board's bits under which squares related
// by a board symmetry can share one magic index table. It holds the W
// numbering, the eight board symmetries, the rook and bishop masks and a
// ray-walking reference, the symmetry classes, the shared-table magic
// search (in W layout and in the standard layout) and its exhaustive
// verifier. gen/ and asm/ print what it decides into the package's
// generated files, bench/ builds its reference techniques from it and
// research/ its searches; it exports only what they use (a test in
// bench/repocheck checks it). A program that imports
// github.com/symmagic/attacks never builds it.
//
// Squares are numbered little-endian rank-file: a1=0, b1=1, ..., h8=63.
package magic

import "math/bits"

// wBits gives the W-layout bit of each standard square (WBits).
//
// The W word, msb to lsb, in 3-bit groups:
//
//	corners(4) 4 d D t 3 c C s 2 b B p 1 a A o 4' 3' 2' 1'
//
// Edges are numbered clockwise, 1 = rank 8, 2 = h-file, 3 = rank 1, 4 = a-file.
// Each edge without its corners is two half-edges of three squares, unprimed
// (bits 21+12(e-1) .. 23+12(e-1)) and primed (bits 3(e-1) .. 3(e-1)+2), each
// numbered away from its corner, so the msb of a half-edge is the square next
// to the corner. Letters are groups of three inner squares: the 48 bits 12..59
// are four 12-bit blocks "o A a 1", "p B b 2", "s C c 3", "t D d 4", one per
// edge, and the 12 bits 0..11 are the four primed half-edges.
//
// How the eight board symmetries act on the groups (all checked by tests):
//   - The 90-degree rotation a8 -> h8 -> h1 -> a1 rotates bits 12..59 left by
//     12 within 48 bits (o->p->s->t->o, A->B->C->D, a->b->c->d, 1->2->3->4)
//     and bits 0..11 left by 3 within 12 bits (1'->2'->3'->4'); 180 and 270
//     degrees are its powers.
//   - The four reflections reverse the cyclic order of the edges and swap each
//     reflected edge's two half-edges (an unprimed group with a primed one),
//     which is why a left-shifting multiply can follow a rotation but not, in
//     general, a mirror.
var wBits = [64]uint8{
	62, 8, 7, 6, 45, 46, 47, 61, // rank 1
	59, 26, 43, 53, 32, 40, 14, 5, // rank 2
	58, 52, 25, 42, 39, 13, 31, 4, // rank 3
	57, 44, 51, 24, 12, 30, 41, 3, // rank 4
	9, 17, 54, 36, 48, 27, 20, 33, // rank 5
	10, 55, 37, 15, 18, 49, 28, 34, // rank 6
	11, 38, 16, 56, 29, 19, 50, 35, // rank 7
	63, 23, 22, 21, 0, 1, 2, 60, // rank 8
}

// fromWBits is the inverse of wBits: the standard square of each W bit.
var fromWBits = func() (inv [64]uint8) {
	for sq, b := range wBits {
		inv[b] = uint8(sq)
	}
	return inv
}()

// WBits returns the W-layout bit of each standard square: ToW(1<<sq) is
// 1<<WBits()[sq]. The array is a copy.
func WBits() [64]uint8 { return wBits }

// FromWBits returns the inverse of WBits: the standard square of each W
// bit. The array is a copy.
func FromWBits() [64]uint8 { return fromWBits }

// ToW moves every bit of a standard bitboard to its W position.
func ToW(bb uint64) uint64 { return permute(bb, &wBits) }

// permute moves bit i of x to bit to[i]. It is the plain per-bit reference
// that every faster permute is checked against.
func permute(x uint64, to *[64]uint8) uint64 {
	var out uint64
	for x != 0 {
		i := bits.TrailingZeros64(x)
		x &= x - 1
		out |= 1 << to[i]
	}
	return out
}

// rotateW applies the 90-degree board rotation to the 60 non-corner bits of a
// W word the way the seed describes it: bits 0..11 rotate left by 3 within 12
// bits and bits 12..59 left by 12 within 48 bits. Corner bits are dropped.
func rotateW(w uint64) uint64 {
	const low, mid = 1<<12 - 1, (1<<48 - 1) << 12
	l := w & low
	m := (w & mid) >> 12
	l = (l<<3 | l>>9) & low
	m = (m<<12 | m>>36) & (1<<48 - 1)
	return l | m<<12
}

// SquareName is the algebraic name of a square ("a1".."h8").
func SquareName(sq int) string {
	return string([]byte{byte('a' + sq%8), byte('1' + sq/8)})
}

func onesCount(x uint64) int { return bits.OnesCount64(x) }

// ByteTables returns the eight 256-entry tables of a byte-wise permute:
// permute(x, to) is the OR over k of t[k][byte k of x].
func ByteTables(to *[64]uint8) (t [8][256]uint64) {
	for k := range t {
		for v := range t[k] {
			t[k][v] = permute(uint64(v)<<(8*k), to)
		}
	}
	return t
}
