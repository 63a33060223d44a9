package ref

import "math/bits"

// Hyperbola quintessence: on a line through the slider, o - s borrows from
// the slider's bit up to the first blocker above it; doing the same on the
// byte-reversed board (a vertical flip, which reverses any line with one
// square per rank: files and both diagonals) and flipping back covers the
// blockers below; the XOR of the two is the attacks. Ranks have eight
// squares on one rank, so they take a table instead: hqRank, the first-rank
// attacks by file and inner occupancy, 512 bytes. 1,536 bytes with the
// diagonal masks.

var (
	hqRank  [8][64]uint8 // [file][inner occupancy of files b..g]
	hqLines [64]kgLines  // each square's diagonals, without it
)

// hqLine is the attacks of the slider s along the line mask (without s).
func hqLine(s, occ, mask uint64) uint64 {
	o := occ & mask
	forward := o - s
	reverse := bits.ReverseBytes64(bits.ReverseBytes64(o) - bits.ReverseBytes64(s))
	return (forward ^ reverse) & mask
}

// HyperbolaRook is the hyperbola-quintessence rook lookup; sq is taken mod 64.
func HyperbolaRook(sq int, occ uint64) uint64 {
	s := uint64(1) << (sq & 63)
	f, r := sq&7, sq&56
	return hqLine(s, occ, aFile<<f^s) | uint64(hqRank[f][(occ>>(r+1))&63])<<r
}

// HyperbolaBishop is the hyperbola-quintessence bishop lookup; sq is taken
// mod 64. It is hqLine twice, written out to share the slider's reversal:
// two calls of hqLine cost more than the inliner's budget of 80.
func HyperbolaBishop(sq int, occ uint64) uint64 {
	sq &= 63
	s := uint64(1) << sq
	l := &hqLines[sq]
	rs := bits.ReverseBytes64(s)
	d, a := occ&l.diag, occ&l.anti
	rd := bits.ReverseBytes64(bits.ReverseBytes64(d) - rs)
	ra := bits.ReverseBytes64(bits.ReverseBytes64(a) - rs)
	return ((d-s)^rd)&l.diag | ((a-s)^ra)&l.anti
}

func initHyperbola() {
	for f := range 8 {
		for i := range uint64(64) {
			hqRank[f][i] = uint8(rankAttacks(f, i))
		}
	}
	for sq := range 64 {
		hqLines[sq] = kgLines{diagonal(sq, 1), diagonal(sq, -1)}
	}
}
