// Command asm writes attacks_amd64.s and stub_amd64.go with avo: the amd64
// kernels of the lookup in attacks_generic.go, with the same step names. See
// attacks_generic.go for the Go equivalent of every kernel.
//
//	go run -C asm . -out ../attacks_amd64.s -stubs ../stub_amd64.go -pkg attacks
package main

import (
	"fmt"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
	"github.com/symmagic/attacks/magic"
)

// The Go type param (attacks_generic.go): its size and field offsets, and
// the per-piece shifts (magic.RookWindow, magic.BishopWindow).
const (
	paramSize        = magic.ParamSize
	offMaskW         = 0
	offMagic         = 8
	offKeyMask       = 16
	offIndex         = 24
	offAttack        = 32
	rookParamsName   = "·rookParams"
	bishopParamsName = "·bishopParams"
)

// Offsets of the fields of the Go type symParam (attacks_sym.go).
const (
	offSymMaskW       = 0
	offSymMagic       = 8
	offSymIndex       = 16
	offSymAttackShift = 20
)

// shiftOf is the constant shift of a piece's key window.
func shiftOf(piece string) uint8 {
	if piece == "bishop" {
		return uint8(64 - magic.BishopWindow)
	}
	return uint8(64 - magic.RookWindow)
}

// permuter emits a permute of a standard bitboard to W layout.
type permuter struct {
	suffix string
	doc    string
	emit   func(occ GPVirtual) GPVirtual
}

var wctrl Mem

func main() {
	ConstraintExpr("gc,!purego")

	// The VPSHUFBITQMB control: byte j names the standard square whose bit
	// becomes W bit j.
	wctrl = GLOBL("wctrl", RODATA|NOPTR)
	for j, sq := range magic.FromWBit {
		DATA(j, U8(sq))
	}

	perms := permuters()
	// The AVX-512 permute and, for the dispatch of ToW, the byte-table one.
	toWFunc(perms[0])
	toWFunc(perms[1])
	for _, p := range perms {
		for _, piece := range []string{"rook", "bishop", "queen"} {
			lookupFunc(piece, p)
		}
		for _, piece := range []string{"rook", "bishop"} {
			unionFunc(piece, p)
		}
	}
	for _, piece := range []string{"rook", "bishop", "queen"} {
		lookupWFunc(piece)
	}
	symKernels()
	dispatchFuncs()
	toWPEXT()
	Generate()
}

// permuteAVX512: w = W(occ), all bits at once.
func permuteAVX512(occ GPVirtual) GPVirtual {
	Comment("w = W(occ): broadcast occ to every lane, then bit j of the mask is occ bit wctrl[j]")
	z := ZMM()
	VPBROADCASTQ(occ, z)
	k := K()
	VPSHUFBITQMB(wctrl, z, k)
	w := GP64()
	KMOVQ(k, w)
	VZEROUPPER()
	return w
}

// permuteBytes: w = W(occ), a byte at a time through toWTable[8][256].
func permuteBytes(occ GPVirtual) GPVirtual {
	Comment("w = W(occ): toWTable[k][byte k of occ], ORed over the eight bytes")
	tbl := GP64()
	LEAQ(NewDataAddr(Symbol{Name: "·toWTable"}, 0), tbl)
	w := GP64()
	b := GP64()
	for k := 0; k < 8; k++ {
		MOVBQZX(occ.As8(), b)
		if k == 0 {
			MOVQ(Mem{Base: tbl, Index: b, Scale: 8, Disp: 0}, w)
		} else {
			ORQ(Mem{Base: tbl, Index: b, Scale: 8, Disp: 2048 * k}, w)
		}
		if k < 7 {
			SHRQ(U8(8), occ)
		}
	}
	return w
}

// loadParams loads the address of a piece's parameter array; a loop loads
// it once.
func loadParams(piece string) GPVirtual {
	params := GP64()
	LEAQ(NewDataAddr(Symbol{Name: paramsOf(piece)}, 0), params)
	return params
}

// lookup emits the kernel of SPEC section 2 for one square, from W layout,
// as attacks_generic.go's lookup does it:
//
//	key = ((w & maskW) * magic >> shift) & keyMask   // shift: 52 rook, 55 bishop
//	i   = index[key]                                 // index: the class's table
//	att = attack[i]                                  // attack: the square's sets
//
// sq must already be in 0..63 (checked in Go); it is masked again so that no
// value can move the parameter read outside its table. The key is at most
// keyMask and every index byte names one of the square's sets
// (magic.Layout.Verify), so the two table reads stay inside their tables.
func lookup(params GPVirtual, piece string, sq, w GPVirtual) GPVirtual {
	p := GP64()
	MOVQ(sq, p)
	ANDQ(U8(63), p)
	Comment(fmt.Sprintf("p = &params[sq], %d bytes a square", paramSize))
	LEAQ(Mem{Base: p, Index: p, Scale: 4}, p)
	LEAQ(Mem{Base: params, Index: p, Scale: 8}, p)

	Comment(fmt.Sprintf("key = ((w & maskW) * magic >> %d) & keyMask", shiftOf(piece)))
	key := GP64()
	MOVQ(w, key)
	ANDQ(Mem{Base: p, Disp: offMaskW}, key)
	IMULQ(Mem{Base: p, Disp: offMagic}, key)
	SHRQ(U8(shiftOf(piece)), key)
	ANDQ(Mem{Base: p, Disp: offKeyMask}, key)

	Comment("i = index[key]")
	ADDQ(Mem{Base: p, Disp: offIndex}, key)
	MOVBQZX(Mem{Base: key}, key)

	Comment("att = attack[i]")
	att := GP64()
	MOVQ(Mem{Base: p, Disp: offAttack}, att)
	MOVQ(Mem{Base: att, Index: key, Scale: 8}, att)
	return att
}

func paramsOf(piece string) string {
	if piece == "rook" {
		return rookParamsName
	}
	return bishopParamsName
}

// lookupPiece is lookup for a rook or bishop; a queen is rook | bishop on the
// same W occupancy.
func lookupPiece(piece string, sq, w GPVirtual) GPVirtual {
	if piece != "queen" {
		return lookup(loadParams(piece), piece, sq, w)
	}
	r := lookup(loadParams("rook"), "rook", sq, w)
	ORQ(lookup(loadParams("bishop"), "bishop", sq, w), r)
	return r
}

func toWFunc(p permuter) {
	TEXT("toW"+p.suffix, NOSPLIT, "func(bb uint64) uint64")
	Doc(fmt.Sprintf("toW%s is toW (attacks_generic.go): %s.", p.suffix, p.doc))
	toWBody(p)
}

func toWBody(p permuter) {
	occ := GP64()
	Load(Param("bb"), occ)
	Store(p.emit(occ), ReturnIndex(0))
	RET()
}

func lookupFunc(piece string, p permuter) {
	name := piece + p.suffix
	TEXT(name, NOSPLIT, "func(sq int, occ uint64) uint64")
	Doc(fmt.Sprintf("%s is %sGeneric (attacks_generic.go) with the permute by %s; sq must be in 0..63.", name, piece, p.doc))
	lookupBody(piece, p)
}

func lookupBody(piece string, p permuter) {
	sq := GP64()
	Load(Param("sq"), sq)
	occ := GP64()
	Load(Param("occ"), occ)
	w := p.emit(occ)
	Store(lookupPiece(piece, sq, w), ReturnIndex(0))
	RET()
}

func lookupWFunc(piece string) {
	name := piece + "WAMD64"
	TEXT(name, NOSPLIT, "func(sq int, occW uint64) uint64")
	gen := strings.ToUpper(piece[:1]) + piece[1:] + "W(sq, occW)"
	Doc(fmt.Sprintf("%s is %s (attacks_generic.go), from W layout; sq must be in 0..63.", name, gen))
	sq := GP64()
	Load(Param("sq"), sq)
	w := GP64()
	Load(Param("occW"), w)
	Store(lookupPiece(piece, sq, w), ReturnIndex(0))
	RET()
}

func unionFunc(piece string, p permuter) {
	name := piece + "Union" + p.suffix
	TEXT(name, NOSPLIT, "func(pieces, occ uint64) uint64")
	Doc(fmt.Sprintf("%s is %sUnionGeneric (attacks_generic.go): one permute by %s, then a lookup per piece.", name, piece, p.doc))
	unionBody(name, piece, p)
}

// unionBody is the union's loop; its labels start with name.
func unionBody(name, piece string, p permuter) {
	pieces := GP64()
	Load(Param("pieces"), pieces)
	occ := GP64()
	Load(Param("occ"), occ)
	w := p.emit(occ)
	params := loadParams(piece)
	acc := GP64()
	XORQ(acc, acc)
	Label(name + "_loop")
	TESTQ(pieces, pieces)
	JZ(LabelRef(name + "_done"))
	sq := GP64()
	BSFQ(pieces, sq)
	Comment("pieces &= pieces - 1")
	rest := GP64()
	LEAQ(Mem{Base: pieces, Disp: -1}, rest)
	ANDQ(rest, pieces)
	ORQ(lookup(params, piece, sq, w), acc)
	JMP(LabelRef(name + "_loop"))
	Label(name + "_done")
	Store(acc, ReturnIndex(0))
	RET()
}

// The full-symmetry kernel (see attacks_sym.go and magic/symkernel.go). For
// a square s = g(rep):
//
//	w   = W(g^-1 occ)                          // VPSHUFBITQMB with symIn[g] (symInW[g] from W input)
//	key = ((w & maskW) * magic) >> shift       // the representative's key
//	i   = symIndexTable[index + key]
//	a   = symAttackTable[attack + i]
//	att = g(a)                                 // VPSHUFBITQMB with symOut[g]
var symIn, symInW, symOut Mem

// controlTable emits one 8 x 64-byte table of VPSHUFBITQMB controls.
func controlTable(name string, control func(magic.Sym) [64]uint8) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for _, g := range magic.Syms {
		c := control(g)
		for j, b := range c {
			DATA(64*int(g)+j, U8(b))
		}
	}
	return m
}

func symKernels() {
	symIn = controlTable("symin", magic.InControl)
	symInW = controlTable("syminw", magic.InControlW)
	symOut = controlTable("symout", magic.OutControl)
	for _, piece := range []string{"rook", "bishop", "queen"} {
		symFunc(piece, false)
		symFunc(piece, true)
	}
	for _, piece := range []string{"rook", "bishop"} {
		symUnionFunc(piece)
	}
}

// shuffle returns the VPSHUFBITQMB of the broadcast x with control number g
// of ctrl: bit j of the result is bit ctrl[g][j] of x.
func shuffle(ctrl Mem, g, x GPVirtual) GPVirtual {
	z := ZMM()
	VPBROADCASTQ(x, z)
	base := GP64()
	LEAQ(ctrl, base)
	return shuffleZ(base, g, z)
}

// shuffleZ is shuffle with x already broadcast in z and the control table's
// address in base, for loops that keep both.
func shuffleZ(base, g GPVirtual, z VecVirtual) GPVirtual {
	off := GP64()
	MOVQ(g, off)
	SHLQ(U8(6), off)
	k := K()
	VPSHUFBITQMB(Mem{Base: base, Index: off, Scale: 1}, z, k)
	out := GP64()
	KMOVQ(k, out)
	return out
}

// symSquare loads the class and symmetry of square sq (masked to 0..63)
// from symRook or symBishop (2 bytes a square).
func symSquare(table string, sq GPVirtual) (class, g GPVirtual) {
	tbl, s := GP64(), GP64()
	LEAQ(NewDataAddr(Symbol{Name: table}, 0), tbl)
	MOVQ(sq, s)
	ANDQ(U8(63), s)
	class, g = GP64(), GP64()
	MOVBQZX(Mem{Base: tbl, Index: s, Scale: 2}, class)
	MOVBQZX(Mem{Base: tbl, Index: s, Scale: 2, Disp: 1}, g)
	return class, g
}

// symTables holds the base addresses a full-symmetry lookup reads; a loop
// loads them once.
type symTables struct{ params, index, attack GPVirtual }

func loadSymTables() symTables {
	t := symTables{GP64(), GP64(), GP64()}
	LEAQ(NewDataAddr(Symbol{Name: "·symParams"}, 0), t.params)
	LEAQ(NewDataAddr(Symbol{Name: "·symIndexTable"}, 0), t.index)
	LEAQ(NewDataAddr(Symbol{Name: "·symAttackTable"}, 0), t.attack)
	return t
}

// symLookup is the representative's lookup for class number p (clobbered):
//
//	key = ((w & maskW) * magic) >> shift
//	i   = symIndexTable[index + key]
//	att = symAttackTable[attack + i]
func symLookup(t symTables, p, w GPVirtual) GPVirtual {
	LEAQ(Mem{Base: p, Index: p, Scale: 2}, p)
	LEAQ(Mem{Base: t.params, Index: p, Scale: 8}, p)

	Comment("key = ((w & maskW) * magic) >> shift")
	key := GP64()
	MOVQ(w, key)
	ANDQ(Mem{Base: p, Disp: offSymMaskW}, key)
	IMULQ(Mem{Base: p, Disp: offSymMagic}, key)
	MOVL(Mem{Base: p, Disp: offSymAttackShift}, ECX)
	SHRQ(CL, key)

	Comment("i = symIndexTable[index + key]")
	MOVL(Mem{Base: p, Disp: offSymIndex}, p.As32())
	ADDQ(p, key)
	MOVBQZX(Mem{Base: t.index, Index: key, Scale: 1}, key)

	Comment("att = symAttackTable[attack + i]")
	SHRL(U8(8), ECX)
	ADDQ(RCX, key)
	att := GP64()
	MOVQ(Mem{Base: t.attack, Index: key, Scale: 8}, att)
	return att
}

// symFunc emits the lookup of one piece, from standard or W input. A queen
// shares the in- and out-permutes: the rook and bishop classes of a square
// have the same representative and symmetry.
func symFunc(piece string, wInput bool) {
	name, arg, in := piece+"Sym", "occ", symIn
	if wInput {
		name, arg, in = piece+"WSym", "occW", symInW
	}
	TEXT(name, NOSPLIT, "func(sq int, "+arg+" uint64) uint64")
	Doc(fmt.Sprintf("%s is the %s lookup of the full-symmetry kernel, from %s; sq must be in 0..63.", name, piece, map[bool]string{false: "standard layout", true: "W layout"}[wInput]))
	sq := GP64()
	Load(Param("sq"), sq)
	occ := GP64()
	Load(Param(arg), occ)
	table := "·symRook"
	if piece == "bishop" {
		table = "·symBishop"
	}
	class, g := symSquare(table, sq)
	Comment("w = W(g^-1 occ)")
	w := shuffle(in, g, occ)
	t := loadSymTables()
	var a GPVirtual
	if piece != "queen" {
		a = symLookup(t, class, w)
	} else {
		Comment("rook and bishop classes: symBishop's class of sq")
		bclass, _ := symSquare("·symBishop", sq)
		a = symLookup(t, class, w)
		ORQ(symLookup(t, bclass, w), a)
	}
	Comment("att = g(a)")
	att := shuffle(symOut, g, a)
	VZEROUPPER()
	Store(att, ReturnIndex(0))
	RET()
}

// symUnionFunc emits the union over pieces: two permutes a piece, as each
// square has its own symmetry; occ is broadcast once.
func symUnionFunc(piece string) {
	name := piece + "UnionSym"
	TEXT(name, NOSPLIT, "func(pieces, occ uint64) uint64")
	Doc(fmt.Sprintf("%s is %sUnionGeneric (attacks_generic.go) on the full-symmetry kernel.", name, piece))
	pieces := GP64()
	Load(Param("pieces"), pieces)
	occ := GP64()
	Load(Param("occ"), occ)
	table := "·symRook"
	if piece == "bishop" {
		table = "·symBishop"
	}
	zocc := ZMM()
	VPBROADCASTQ(occ, zocc)
	in, out := GP64(), GP64()
	LEAQ(symIn, in)
	LEAQ(symOut, out)
	t := loadSymTables()
	acc := GP64()
	XORQ(acc, acc)
	Label(name + "_loop")
	TESTQ(pieces, pieces)
	JZ(LabelRef(name + "_done"))
	sq := GP64()
	BSFQ(pieces, sq)
	Comment("pieces &= pieces - 1")
	rest := GP64()
	LEAQ(Mem{Base: pieces, Disp: -1}, rest)
	ANDQ(rest, pieces)
	class, g := symSquare(table, sq)
	Comment("w = W(g^-1 occ)")
	w := shuffleZ(in, g, zocc)
	a := symLookup(t, class, w)
	Comment("att = g(a)")
	za := ZMM()
	VPBROADCASTQ(a, za)
	ORQ(shuffleZ(out, g, za), acc)
	JMP(LabelRef(name + "_loop"))
	Label(name + "_done")
	VZEROUPPER()
	Store(acc, ReturnIndex(0))
	RET()
}

// toWPEXT is the BMI2 candidate for the baseline permute, kept for the
// benchmark that rejected it (BenchmarkPermute): W splits into 14 chains
// whose source and destination orders agree (magic.Chains), so the permute
// is 14 PEXT/PDEP pairs and 13 ORs against the byte tables' 8 loads.
func toWPEXT() {
	TEXT("toWPEXT", NOSPLIT, "func(bb uint64) uint64")
	Doc("toWPEXT is toW (attacks_generic.go) as PDEP(PEXT(bb, from), to) over magic.Chains(&magic.W); benchmarks only.")
	bb := GP64()
	Load(Param("bb"), bb)
	w := GP64()
	XORQ(w, w)
	for _, c := range magic.Chains(&magic.W) {
		from, to, t := GP64(), GP64(), GP64()
		MOVQ(U64(c.From), from)
		MOVQ(U64(c.To), to)
		PEXTQ(from, bb, t)
		PDEPQ(to, t, t)
		ORQ(t, w)
	}
	Store(w, ReturnIndex(0))
	RET()
}

// The kernel IDs of attacks.go (type kernelID): the dispatch compares the
// kernel word with them. TestKernelIDs checks that they agree.
const (
	idGeneric   = 0
	idAVX512    = 1
	idAVX512Sym = 2
	idAMD64     = 3
)

// dispatchFuncs emits the functions the exported standard-input lookups,
// the unions and ToW call: one call from the caller's code whatever the
// kernel. Each reads the kernel word (attacks.go's active, which SetKernel
// stores atomically; an aligned 32-bit load is atomic on amd64), runs the
// AVX-512 kernel in place when it is selected (the default where the CPU
// has it), and otherwise jumps, without a second call, to the selected
// kernel's function. Go cannot inline an assembly call, and the inliner
// charges each call 57 of its budget of 80: a kernel test in Go with two
// calls behind it would keep Rook from inlining.
func dispatchFuncs() {
	avx := permuters()[0]
	for _, piece := range []string{"rook", "bishop", "queen"} {
		dispatch(piece+"Dispatch", "func(sq int, occ uint64) uint64", func() {
			lookupBody(piece, avx)
		}, map[int]string{idAVX512Sym: piece + "Sym", idAMD64: piece + "AMD64", idGeneric: piece + "Generic"})
	}
	for _, piece := range []string{"rook", "bishop"} {
		name := piece + "Union"
		dispatch(name+"Dispatch", "func(pieces, occ uint64) uint64", func() {
			unionBody(name, piece, avx)
		}, map[int]string{idAVX512Sym: name + "Sym", idAMD64: name + "AMD64", idGeneric: name + "Generic"})
	}
	// The full-symmetry kernel permutes with the same instruction.
	dispatch("permuteDispatch", "func(bb uint64) uint64", func() {
		toWBody(avx)
	}, map[int]string{idAVX512Sym: "", idAMD64: "toWAMD64", idGeneric: "toW"})
}

// permuters lists the permutes, each with its own kernel functions.
func permuters() []permuter {
	return []permuter{
		{"AVX512", "VPSHUFBITQMB (all 64 bits in one instruction)", permuteAVX512},
		{"AMD64", "eight byte lookups in toWTable", permuteBytes},
	}
}

// dispatch emits name: the AVX-512 body for kernel idAVX512, and for every
// other kernel id a tail jump to its function (attacks_generic.go's Go
// function for the generic kernel, through the wrapper Go makes for
// assembly callers); an empty name runs the AVX-512 body too.
func dispatch(name, sig string, body func(), other map[int]string) {
	TEXT(name, NOSPLIT, sig)
	Doc(fmt.Sprintf("%s runs the kernel in use (attacks.go's active): the AVX-512 one in place, any other by a jump to its function.", name))
	k := GP32()
	MOVL(NewDataAddr(Symbol{Name: "·active"}, 0), k)
	var inPlace []int
	for _, id := range []int{idAVX512Sym, idAMD64, idGeneric} {
		if other[id] == "" {
			inPlace = append(inPlace, id)
		}
	}
	CMPL(k, U8(idAVX512))
	JNE(LabelRef(name + "_other"))
	Label(name + "_avx512")
	body()
	Label(name + "_other")
	for _, id := range inPlace {
		CMPL(k, U8(id))
		JEQ(LabelRef(name + "_avx512"))
	}
	ids := []int{idAMD64, idAVX512Sym, idGeneric}
	var jumps []int
	for _, id := range ids {
		if other[id] != "" {
			jumps = append(jumps, id)
		}
	}
	for i, id := range jumps {
		if i == len(jumps)-1 {
			// Any other value is the generic kernel's.
			tailJump(other[id])
			break
		}
		next := fmt.Sprintf("%s_not%d", name, id)
		CMPL(k, U8(id))
		JNE(LabelRef(next))
		tailJump(other[id])
		Label(next)
	}
}

// tailJump emits JMP ·fn(SB): the callee finds the caller's arguments and
// return address where the dispatch found them. avo has no direct jump to a
// symbol, so the instruction is written out, as a terminal one.
func tailJump(fn string) {
	Instruction(&ir.Instruction{Opcode: "JMP", Operands: []Op{LabelRef("·" + fn + "(SB)")}, IsTerminal: true})
}
