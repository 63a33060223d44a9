package ref

//go:generate go run ./internal/wgen -in ../../tables_gen.go -out wmagics_gen.go

import (
	"unsafe"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/internal/magic"
)

// The W lookups in one load: package attacks' W keys (its masks and
// magics, the occupancy in W layout, the constant shifts), each square
// reading its own table of attack sets at every key it reaches, with no
// index byte between the key and the attack set:
//
//	key = (occW & mask) * magic >> shift  // as attacks.RookW
//	att = attack[key]                     // the square's own table
//
// The W lookup's second dependent load is gone, and with it the sharing of
// index tables and the byte-sized entries: 8 bytes at each key, about
// 1.38 MB for the rooks, 54 KB for the bishops (WOneBytes). The bench
// modes wb1 (bishops in one load, rooks as attacks.RookW) and w1 (both)
// read them from the occupancy movegen keeps in W layout.

// wOneParam is one square's record: 32 bytes, as attacks' W record, so
// that none straddles a cache line.
type wOneParam struct {
	mask, magic uint64
	attack      *uint64 // the square's table in wOneRookTable or wOneBishopTable
	_           uint64
}

// The key windows' shifts, package magic's.
const (
	wRookShift   = 64 - magic.RookWindow
	wBishopShift = 64 - magic.BishopWindow
)

var (
	wOneRook, wOneBishop           [64]wOneParam
	wOneRookTable, wOneBishopTable []uint64
)

// WOneRook is the W rook lookup in one load: the attacks of a rook on sq
// when the squares of occW, in W layout, are occupied. As attacks.RookW it
// panics if sq is outside 0..63.
func WOneRook(sq int, occW uint64) uint64 {
	if uint(sq) > 63 {
		panic("ref: WOneRook: square out of range")
	}
	return wOne(&wOneRook[sq], occW, wRookShift)
}

// WOneBishop is the W bishop lookup in one load, as WOneRook.
func WOneBishop(sq int, occW uint64) uint64 {
	if uint(sq) > 63 {
		panic("ref: WOneBishop: square out of range")
	}
	return wOne(&wOneBishop[sq], occW, wBishopShift)
}

// wOne is attacks' W kernel with the attack set read at the key: every key
// of every occupancy lies inside the square's table (the W magics leave
// nothing above the key, and initWOne sizes each table to its highest
// key), so the read is unchecked, as the kernel's.
func wOne(p *wOneParam, occW uint64, shift uint) uint64 {
	return *(*uint64)(unsafe.Add(unsafe.Pointer(p.attack), (occW&p.mask)*p.magic>>shift*8))
}

// WOneBytes returns the bytes of the one-load tables, attack sets and
// records, of the rooks and of the bishops.
func WOneBytes() (rook, bishop int) {
	rec := int(unsafe.Sizeof(wOneRook))
	return 8*len(wOneRookTable) + rec, 8*len(wOneBishopTable) + rec
}

// WRookBytes returns the bytes attacks.RookW reads: the rooks' index
// tables and attack sets, and their 32-byte records.
func WRookBytes() int { return wRookIndexBytes + 8*wRookSets + 64*magic.ParamSize }

// initWOne lays out each square's table from attacks' W magics: its keys
// run from 0 to the highest key of a subset of its mask.
func initWOne(rooks, bishops *[64]squareSets) {
	for _, piece := range []struct {
		name   string
		params *[64]wOneParam
		table  *[]uint64
		sets   *[64]squareSets
		magics *[64]uint64
		shift  uint
	}{{"W one-load rook", &wOneRook, &wOneRookTable, rooks, &wRookMagic, wRookShift},
		{"W one-load bishop", &wOneBishop, &wOneBishopTable, bishops, &wBishopMagic, wBishopShift}} {
		var start [65]int
		for sq := range 64 {
			top, m := uint64(0), piece.magics[sq]
			for _, o := range piece.sets[sq].occs {
				top = max(top, attacks.ToW(o)*m>>piece.shift)
			}
			start[sq+1] = start[sq] + int(top) + 1
		}
		*piece.table = make([]uint64, start[64])
		for sq := range 64 {
			s, m := &piece.sets[sq], piece.magics[sq]
			t := (*piece.table)[start[sq]:start[sq+1]]
			fillKeyed(piece.name, sq, s, t, func(o uint64) uint64 { return attacks.ToW(o) * m >> piece.shift })
			piece.params[sq] = wOneParam{mask: attacks.ToW(s.mask), magic: m, attack: &t[0]}
		}
	}
}
