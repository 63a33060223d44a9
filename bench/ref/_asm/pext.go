package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// pextFuncs emits the PEXT-indexed lookups of pext.go, whose Go equivalent
// is pextRookGo and pextBishopGo there (with PEXT for pextSoftware).
func pextFuncs() {
	lookupFunc("PextRook", "rook", "pextRookGo", []string{"·pextRook"})
	lookupFunc("PextBishop", "bishop", "pextBishopGo", []string{"·pextBishop"})
	lookupFunc("PextQueen", "queen", "pextRookGo | pextBishopGo", []string{"·pextRook", "·pextBishop"})
}

// lookup emits, for the entry e = &entries[sq]:
//
//	att = pextAttacks[e.offset + PEXT(occ, e.mask)]
func lookup(entries string, sq, occ GPVirtual) GPVirtual {
	e := GP64()
	LEAQ(NewDataAddr(Symbol{Name: entries}, 0), e)
	Comment(fmt.Sprintf("e = &entries[sq]: %d-byte entries", ref.pextEntry.size))
	p := GP64()
	MOVQ(sq, p)
	SHLQ(U8(log2("pextEntry", ref.pextEntry.size)), p)
	ADDQ(p, e)
	Comment("key = e.offset + PEXT(occ, e.mask)")
	key := GP64()
	PEXTQ(Mem{Base: e, Disp: int(ref.pextEntry.off["mask"])}, occ, key)
	ADDQ(Mem{Base: e, Disp: int(ref.pextEntry.off["offset"])}, key)
	Comment("att = pextAttacks[key]")
	t := GP64()
	LEAQ(NewDataAddr(Symbol{Name: "·pextAttacks"}, 0), t)
	att := GP64()
	MOVQ(Mem{Base: t, Index: key, Scale: 8}, att)
	return att
}

func lookupFunc(name, piece, goEquivalent string, entries []string) {
	TEXT(name, NOSPLIT, "func(sq int, occ uint64) uint64")
	Doc(name+" is the PEXT-indexed "+piece+" lookup ("+goEquivalent+" in pext.go); sq is taken mod 64.",
		"It needs BMI2: call it only if HasPEXT.")
	sq := GP64()
	Load(Param("sq"), sq)
	Comment("sq &= 63: no value can move the entry read outside its table")
	ANDQ(U8(63), sq)
	occ := GP64()
	Load(Param("occ"), occ)
	att := lookup(entries[0], sq, occ)
	for _, more := range entries[1:] {
		ORQ(lookup(more, sq, occ), att)
	}
	Store(att, ReturnIndex(0))
	RET()
}
