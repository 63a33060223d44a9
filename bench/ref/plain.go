package ref

// Plain magic: a fixed key width for every square, 12 bits for rooks and 9
// for bishops, so every square's table has the same size and the lookup
// needs no per-square shift or offset: table[sq][((occ & mask) * magic) >>
// 52]. The price is tables sized for the widest mask: 2,359,296 bytes.

type plainEntry struct{ mask, magic uint64 }

var (
	plainRook, plainBishop [64]plainEntry
	plainRookAttacks       [64][4096]uint64
	plainBishopAttacks     [64][512]uint64
)

// PlainRook is the plain-magic rook lookup; sq is taken mod 64.
func PlainRook(sq int, occ uint64) uint64 {
	sq &= 63
	e := &plainRook[sq]
	return plainRookAttacks[sq][((occ&e.mask)*e.magic)>>52]
}

// PlainBishop is the plain-magic bishop lookup; sq is taken mod 64.
func PlainBishop(sq int, occ uint64) uint64 {
	sq &= 63
	e := &plainBishop[sq]
	return plainBishopAttacks[sq][((occ&e.mask)*e.magic)>>55]
}

func initPlain(rooks, bishops *[64]squareSets) {
	for sq := range 64 {
		e := &plainRook[sq]
		*e = plainEntry{rooks[sq].mask, plainRookMagic[sq]}
		fillKeyed("plain rook", sq, &rooks[sq], plainRookAttacks[sq][:], func(o uint64) uint64 { return (o * e.magic) >> 52 })
		b := &plainBishop[sq]
		*b = plainEntry{bishops[sq].mask, plainBishopMagic[sq]}
		fillKeyed("plain bishop", sq, &bishops[sq], plainBishopAttacks[sq][:], func(o uint64) uint64 { return (o * b.magic) >> 55 })
	}
}
