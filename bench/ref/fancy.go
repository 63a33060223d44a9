// Package ref holds the sliding-attack techniques the benchmarks compare this
// package with, written here from their public descriptions. Each is checked
// exhaustively against the ray-walking reference of package magic.
package ref

import (
	"math/bits"
	"strconv"
)

// Fancy magic, Stockfish style: per square a mask, a magic, a pointer to
// the square's attacks in one shared array, and a shift (yardstick.go's
// fancyEntry), indexed by ((occ & mask) * magic) >> shift in standard
// layout, each square's table as wide as its mask. The magics are the
// usual sparse random search's with a fixed seed, as engines search theirs
// at start-up; internal/magicgen runs it and checks them in
// (magics_gen.go), so that a bench worker does not spend a quarter of a
// second searching them each time it starts.

// FancyBytes is the size of fancy magic's attack tables: 102,400 rook and
// 5,248 bishop entries.
const FancyBytes = fancyEntries * 8

// initFancy builds fancy magic's tables from the checked-in magics.
func initFancy(rooks, bishops *[64]squareSets) {
	next := 0
	for _, p := range []struct {
		name    string
		sets    *[64]squareSets
		magics  *[64]uint64
		entries *[64]fancyEntry
	}{{"fancy rook", rooks, &fancyRookMagic, &fancyRooks}, {"fancy bishop", bishops, &fancyBishopMagic, &fancyBishops}} {
		for sq := range 64 {
			s := &p.sets[sq]
			n := bits.OnesCount64(s.mask)
			e := &p.entries[sq]
			*e = fancyEntry{mask: s.mask, magic: p.magics[sq], attacks: &fancyTable[next], shift: uint64(64 - n)}
			fillKeyed(p.name, sq, s, fancyTable[next:next+1<<n], func(o uint64) uint64 { return (o * e.magic) >> e.shift })
			next += 1 << n
		}
	}
	if next != fancyEntries {
		panic("ref: fancy magic's tables fill " + strconv.Itoa(next) + " entries, not fancyEntries")
	}
	initFancyMask()
}
