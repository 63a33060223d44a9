package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// symFuncs emits the full-symmetry kernel of sym.go, whose Go equivalent is
// symRookGo, symBishopGo and symQueenGo there (with VPSHUFBITQMB for
// shuffleBits). For a square s = g(rep):
//
//	w   = W(g^-1 occ)                      // VPSHUFBITQMB with symIn[g]
//	key = ((w & maskW) * magic) >> shift   // the representative's key
//	i   = symIndexTable[index + key]
//	a   = symAttackTable[attack + i]
//	att = g(a)                             // VPSHUFBITQMB with symOut[g]
func symFuncs() {
	symFunc("SymRook", "rook", "symRookGo")
	symFunc("SymBishop", "bishop", "symBishopGo")
	symFunc("SymQueen", "queen", "symQueenGo")
}

// shuffle returns the VPSHUFBITQMB of the broadcast x with control number g
// of ctrl, an [8][64]uint8: bit j of the result is bit ctrl[g][j] of x.
func shuffle(ctrl string, g, x GPVirtual) GPVirtual {
	z := ZMM()
	VPBROADCASTQ(x, z)
	base := GP64()
	LEAQ(NewDataAddr(Symbol{Name: ctrl}, 0), base)
	off := GP64()
	MOVQ(g, off)
	SHLQ(U8(log2("a control", ref.symControl)), off)
	k := K()
	VPSHUFBITQMB(Mem{Base: base, Index: off, Scale: 1}, z, k)
	out := GP64()
	KMOVQ(k, out)
	return out
}

// symEntry is square sq's entry (sq in 0..63) of symRook or symBishop, a
// symSquare; its byte fields are at symField.
func symEntry(table string, sq GPVirtual) Mem {
	tbl := GP64()
	LEAQ(NewDataAddr(Symbol{Name: table}, 0), tbl)
	scale := ref.symSquare.size
	if scale != 1 && scale != 2 && scale != 4 && scale != 8 {
		panic(fmt.Sprintf("symSquare: %d bytes, not an index scale", scale))
	}
	return Mem{Base: tbl, Index: sq, Scale: uint8(scale)}
}

// symField is the field class or sym of the symSquare at e.
func symField(e Mem, field string) Mem { return e.Offset(int(ref.symSquare.off[field])) }

// symTables holds the base addresses a lookup reads.
type symTables struct{ params, index, attack GPVirtual }

func loadSymTables() symTables {
	t := symTables{GP64(), GP64(), GP64()}
	LEAQ(NewDataAddr(Symbol{Name: "·symParams"}, 0), t.params)
	LEAQ(NewDataAddr(Symbol{Name: "·symIndexTable"}, 0), t.index)
	LEAQ(NewDataAddr(Symbol{Name: "·symAttackTable"}, 0), t.attack)
	return t
}

// symLookup is the representative's lookup for class number p (clobbered),
// symLookupGo in sym.go:
//
//	key = ((w & maskW) * magic) >> shift
//	i   = symIndexTable[index + key]
//	att = symAttackTable[attack + i]
func symLookup(t symTables, p, w GPVirtual) GPVirtual {
	size := ref.symParam.size
	if k := size / 8; size%8 == 0 && (k == 3 || k == 5 || k == 9) {
		Comment(fmt.Sprintf("p = &symParams[class]: %d-byte records, 8 * %d*class", size, k))
		LEAQ(Mem{Base: p, Index: p, Scale: uint8(k - 1)}, p)
		LEAQ(Mem{Base: t.params, Index: p, Scale: 8}, p)
	} else {
		Comment(fmt.Sprintf("p = &symParams[class]: %d-byte records", size))
		IMUL3Q(U32(size), p, p)
		ADDQ(t.params, p)
	}
	off := ref.symParam.off

	Comment("key = ((w & maskW) * magic) >> shift")
	key := GP64()
	MOVQ(w, key)
	ANDQ(Mem{Base: p, Disp: int(off["maskW"])}, key)
	IMULQ(Mem{Base: p, Disp: int(off["magic"])}, key)
	// The shift count must be in CL; attackShift's low byte is the shift.
	MOVL(Mem{Base: p, Disp: int(off["attackShift"])}, ECX)
	SHRQ(CL, key)

	Comment("i = symIndexTable[index + key]")
	MOVL(Mem{Base: p, Disp: int(off["index"])}, p.As32())
	ADDQ(p, key)
	MOVBQZX(Mem{Base: t.index, Index: key, Scale: 1}, key)

	Comment("att = symAttackTable[attack + i]")
	SHRL(U8(8), ECX)
	ADDQ(RCX, key)
	att := GP64()
	MOVQ(Mem{Base: t.attack, Index: key, Scale: 8}, att)
	return att
}

// symFunc emits the lookup of one piece. A queen shares the in- and
// out-permutes: a square's rook and bishop classes have the same
// representative frame and symmetry.
func symFunc(name, piece, goEquivalent string) {
	TEXT(name, NOSPLIT, "func(sq int, occ uint64) uint64")
	Doc(name+" is the full-symmetry "+piece+" lookup ("+goEquivalent+" in sym.go); sq is taken mod 64.",
		"It needs AVX-512 BITALG: call it only if HasSym.")
	sq := GP64()
	Load(Param("sq"), sq)
	Comment("sq &= 63: no value can move a read outside its table")
	ANDQ(U8(63), sq)
	occ := GP64()
	Load(Param("occ"), occ)
	table := "·symRook"
	if piece == "bishop" {
		table = "·symBishop"
	}
	e := symEntry(table, sq)
	class, g := GP64(), GP64()
	MOVBQZX(symField(e, "class"), class)
	MOVBQZX(symField(e, "sym"), g)

	Comment("w = W(g^-1 occ)")
	w := shuffle("·symIn", g, occ)
	t := loadSymTables()
	var a GPVirtual
	if piece != "queen" {
		a = symLookup(t, class, w)
	} else {
		Comment("the bishop class of sq: same g, so the same w")
		bclass := GP64()
		MOVBQZX(symField(symEntry("·symBishop", sq), "class"), bclass)
		a = symLookup(t, class, w)
		ORQ(symLookup(t, bclass, w), a)
	}
	Comment("att = g(a)")
	att := shuffle("·symOut", g, a)
	VZEROUPPER()
	Store(att, ReturnIndex(0))
	RET()
}
