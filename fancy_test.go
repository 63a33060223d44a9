package attacks

import (
	"sync"

	"github.com/symmagic/attacks/magic"
)

// The benchmarks' two yardsticks, built at first use: fancy magic
// (magic.NewFancy, Stockfish style: per-square key widths, one shared
// table) and plain magic (magic.NewPlain: fixed shifts 12 and 9, a full
// 4,096- or 512-entry table per square), which is what most Go engines ship.
// Both live in static arrays, so a lookup indexes a fixed address, as in an
// engine.
var (
	yardOnce              sync.Once
	fancyRook, fancyBishp [64]magic.FancyEntry
	plainRook, plainBishp [64]plainEntry
	plainRookAtt          [64][1 << magic.PlainRookBits]uint64
	plainBishpAtt         [64][1 << magic.PlainBishopBits]uint64
)

type plainEntry struct{ mask, magic uint64 }

func fancyInit() {
	yardOnce.Do(func() {
		r, b := magic.NewFancy(7)
		fancyRook, fancyBishp = *r, *b
		rm, bm := magic.NewPlain(7)
		for sq := 0; sq < 64; sq++ {
			plainRook[sq] = plainEntry{magic.Mask(magic.Rook, sq), rm[sq]}
			plainBishp[sq] = plainEntry{magic.Mask(magic.Bishop, sq), bm[sq]}
			magic.PlainTable(magic.Rook, sq, rm[sq], magic.PlainRookBits, plainRookAtt[sq][:])
			magic.PlainTable(magic.Bishop, sq, bm[sq], magic.PlainBishopBits, plainBishpAtt[sq][:])
		}
	})
}

func fancyLookup(e *magic.FancyEntry, occ uint64) uint64 {
	return e.Attacks[((occ&e.Mask)*e.Magic)>>(e.Shift&63)]
}

func plainRookLookup(sq int, occ uint64) uint64 {
	sq &= 63
	e := &plainRook[sq]
	return plainRookAtt[sq][((occ&e.mask)*e.magic)>>(64-magic.PlainRookBits)]
}

func plainBishopLookup(sq int, occ uint64) uint64 {
	sq &= 63
	e := &plainBishp[sq]
	return plainBishpAtt[sq][((occ&e.mask)*e.magic)>>(64-magic.PlainBishopBits)]
}
