package ref

import "github.com/symmagic/attacks/internal/yardstick"

// Plain magic: a fixed key width for every square, 12 bits for rooks and 9
// for bishops, so every square's table has the same size and the lookup
// needs no per-square shift or offset: table[sq][((occ & mask) * magic) >>
// 52]. The price is tables sized for the widest mask: 2,359,296 bytes.

// The tables and the lookup are internal/yardstick's, so that the move
// generator can name them; initPlain fills them.

func initPlain(rooks, bishops *[64]squareSets) {
	for sq := range 64 {
		e := &yardstick.PlainRooks[sq]
		*e = yardstick.PlainEntry{Mask: rooks[sq].mask, Magic: plainRookMagic[sq]}
		fillKeyed("plain rook", sq, &rooks[sq], yardstick.PlainRookTable[sq][:], func(o uint64) uint64 { return (o * e.Magic) >> 52 })
		b := &yardstick.PlainBishops[sq]
		*b = yardstick.PlainEntry{Mask: bishops[sq].mask, Magic: plainBishopMagic[sq]}
		fillKeyed("plain bishop", sq, &bishops[sq], yardstick.PlainBishopTable[sq][:], func(o uint64) uint64 { return (o * b.Magic) >> 55 })
	}
}
