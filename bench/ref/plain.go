package ref

// Plain magic: a fixed key width for every square, 12 bits for rooks and 9
// for bishops, so every square's table has the same size and the lookup
// needs no per-square shift or offset: table[sq][((occ & mask) * magic) >>
// 52]. The price is tables sized for the widest mask: 2,359,296 bytes.

// The tables and the lookups are in yardstick.go.

func initPlain(rooks, bishops *[64]squareSets) {
	for sq := range 64 {
		e := &plainRooks[sq]
		*e = plainEntry{mask: rooks[sq].mask, magic: plainRookMagic[sq]}
		fillKeyed("plain rook", sq, &rooks[sq], plainRookTable[sq][:], func(o uint64) uint64 { return (o * e.magic) >> 52 })
		b := &plainBishops[sq]
		*b = plainEntry{mask: bishops[sq].mask, magic: plainBishopMagic[sq]}
		fillKeyed("plain bishop", sq, &bishops[sq], plainBishopTable[sq][:], func(o uint64) uint64 { return (o * b.magic) >> 55 })
	}
}
