package ref

//go:generate go run ./internal/magicgen -out magics_gen.go

// Black magic: fixed key widths like plain magic (12 bits for rooks, 9 for
// bishops), but the key is ((occ | ^mask) * magic) >> shift and every
// square's table overlaps the others' in one array, at a per-square offset:
// a square's table only needs its own used keys, so another square's table
// can sit in its holes. The magics and offsets are searched offline by
// internal/magicgen (a greedy packing of its narrowest candidates; see
// there) and checked in as magics_gen.go. Its packing overlaps the tables
// but does not reach fancy magic's size for rooks: 114,432 entries against
// 102,400 (bishops: 5,187 against 5,248).

// The tables and the lookups are in yardstick.go.

func initBlack(rooks, bishops *[64]squareSets) {
	table := blackTable[:]
	for sq := range 64 {
		// An offset may be negative (the square's smallest key is above
		// it): it is stored two's complement, and the unsigned sum wraps
		// to the right entry.
		e := &blackRooks[sq]
		*e = blackEntry{notMask: ^rooks[sq].mask, magic: blackRookMagic[sq], offset: uint64(int64(blackRookOffset[sq]))}
		fillKeyed("black rook", sq, &rooks[sq], table, func(o uint64) uint64 { return e.offset + ((o|e.notMask)*e.magic)>>52 })
		b := &blackBishops[sq]
		*b = blackEntry{notMask: ^bishops[sq].mask, magic: blackBishopMagic[sq], offset: uint64(int64(blackBishopOffset[sq]) + blackRookEntries)}
		fillKeyed("black bishop", sq, &bishops[sq], table, func(o uint64) uint64 { return b.offset + ((o|b.notMask)*b.magic)>>55 })
	}
}
