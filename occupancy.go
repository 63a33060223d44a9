package attacks

import "math/bits"

// Occupancy is a board's occupancy in both layouts, standard and W, kept
// in step by its update methods, so that its Rook, Bishop and Queen look up
// attacks without a permute. The zero value is the empty board.
//
// An engine that keeps an Occupancy in its position calls the update
// methods on every move (each is one or two table loads); one that would
// rather not touch its position wraps its occupancy once per node with
// NewOccupancy (one permute) and makes all of that node's lookups on it.
type Occupancy struct {
	bb, w uint64
}

// NewOccupancy returns the Occupancy of the standard bitboard bb: one
// permute, on the kernel in use (see ToW), inlined around one call to it
// (none in a GOEXPERIMENT=simd GOAMD64=v4 build). Any bb is valid.
func NewOccupancy(bb uint64) Occupancy { return Occupancy{bb, permute(bb)} }

// Bitboard returns the occupancy as a standard bitboard.
func (o Occupancy) Bitboard() uint64 { return o.bb }

// W returns the occupancy in W layout, ToW(o.Bitboard()).
func (o Occupancy) W() uint64 { return o.w }

// Set occupies sq: two loads, inlined. It panics if sq is outside 0..63.
func (o *Occupancy) Set(sq int) {
	if uint(sq) > 63 {
		panic(squareError{"Occupancy.Set", sq})
	}
	o.bb |= 1 << sq
	o.w |= squareWTable[sq]
}

// Clear empties sq: two loads, inlined. It panics if sq is outside 0..63.
func (o *Occupancy) Clear(sq int) {
	if uint(sq) > 63 {
		panic(squareError{"Occupancy.Clear", sq})
	}
	o.bb &^= 1 << sq
	o.w &^= squareWTable[sq]
}

// Move records a piece moving from one square to another: from becomes
// empty and to occupied, whatever they held before. So a capture is a Move
// onto the captured piece's square (its piece is replaced); a Move from an
// empty square just occupies to; Move(sq, sq) leaves sq occupied. Both
// layouts stay in step in every case. Two loads, inlined; it panics if
// either square is outside 0..63.
func (o *Occupancy) Move(from, to int) {
	if uint(from) > 63 {
		panic(squareError{"Occupancy.Move", from})
	}
	if uint(to) > 63 {
		panic(squareError{"Occupancy.Move", to})
	}
	o.bb = o.bb&^(1<<from) | 1<<to
	o.w = o.w&^squareWTable[from] | squareWTable[to]
}

// Toggle flips every square of bb: occupied ones become empty and empty ones
// occupied. A castling, Chess960's included, where the king may land on the
// rook's square, is Toggle((1<<kingFrom | 1<<rookFrom) ^ (1<<kingTo |
// 1<<rookTo)): the squares that change. It costs a table load per square of
// bb, so for a whole new occupancy NewOccupancy (one permute) is cheaper.
func (o *Occupancy) Toggle(bb uint64) {
	o.bb ^= bb
	for ; bb != 0; bb &= bb - 1 {
		o.w ^= squareWTable[bits.TrailingZeros64(bb)&63]
	}
}

// Rook returns the squares a rook on sq attacks on this occupancy,
// RookW(sq, o.W()): inlined, no permute, no call, from three fifths of the
// table bytes Rook(sq, o.Bitboard()) reads (see RookW). It panics if sq is
// outside 0..63.
func (o Occupancy) Rook(sq int) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"Occupancy.Rook", sq})
	}
	return rookW(sq, o.w)
}

// Bishop returns the squares a bishop on sq attacks on this occupancy,
// BishopW(sq, o.W()): inlined, no permute, no call. It panics if sq is
// outside 0..63.
func (o Occupancy) Bishop(sq int) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"Occupancy.Bishop", sq})
	}
	return bishopW(sq, o.w)
}

// Queen returns the squares a queen on sq attacks on this occupancy,
// QueenW(sq, o.W()): inlined, no permute, no call. It panics if sq is
// outside 0..63.
func (o Occupancy) Queen(sq int) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"Occupancy.Queen", sq})
	}
	return queenW(sq, o.w)
}

// SquareW returns the W-layout bit of square sq, ToW(1 << sq), with one
// load, inlined: what an engine XORs into a W occupancy it keeps itself. It
// panics if sq is outside 0..63.
func SquareW(sq int) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"SquareW", sq})
	}
	return squareWTable[sq]
}
