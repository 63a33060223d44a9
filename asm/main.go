// Command asm writes attacks_amd64.s and stub_amd64.go with avo: the amd64
// kernels of the operations that permute a standard occupancy into W layout
// (toW and the unions of attacks_generic.go, with the same step names), and
// the dispatchers through which ToW, NewOccupancy, RookUnion and BishopUnion
// reach the kernel in use. See attacks_generic.go for the Go equivalent of
// every kernel.
//
//	go run -C asm . -out ../attacks_amd64.s -stubs ../stub_amd64.go -pkg attacks
package main

import (
	"fmt"
	"go/constant"
	"go/types"
	"log"
	"math/bits"
	"os"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
	"github.com/symmagic/attacks/internal/magic"
	"golang.org/x/tools/go/packages"
)

// pkg holds what the assembly must agree on with the Go package, read from
// the package's own declarations (type-checked for amd64, with -tags
// purego so that the stubs this command writes are not needed): the size
// and field offsets of the type param (the W lookups' record), the shifts rookShift and
// bishopShift, and the kernel numbers the dispatch compares with.
var pkg struct {
	paramSize              int64
	offMask, offMagic      int64
	offIndex, offAttack    int64
	rookShift, bishopShift int64
	idAVX512, idAMD64      int64
}

func loadPackage() error {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo, BuildFlags: []string{"-tags=purego"}}
	cfg.Env = append(cfg.Env, "GOOS=linux", "GOARCH=amd64", "GOWORK=off")
	cfg.Env = append(os.Environ(), cfg.Env...)
	ps, err := packages.Load(cfg, "github.com/symmagic/attacks")
	if err != nil {
		return err
	}
	if len(ps) != 1 || len(ps[0].Errors) > 0 || ps[0].Types == nil {
		var errs []packages.Error
		for _, p := range ps {
			errs = append(errs, p.Errors...)
		}
		return fmt.Errorf("loading the attacks package: %v", errs)
	}
	scope := ps[0].Types.Scope()
	sizes := types.SizesFor("gc", "amd64")
	obj := scope.Lookup("param")
	if obj == nil {
		return fmt.Errorf("the attacks package has no type param")
	}
	st, ok := obj.Type().Underlying().(*types.Struct)
	if !ok {
		return fmt.Errorf("param is not a struct")
	}
	var fields []*types.Var
	for i := range st.NumFields() {
		fields = append(fields, st.Field(i))
	}
	offs := sizes.Offsetsof(fields)
	off := map[string]*int64{"mask": &pkg.offMask, "magic": &pkg.offMagic, "index": &pkg.offIndex, "attack": &pkg.offAttack}
	for i, f := range fields {
		if p, ok := off[f.Name()]; ok {
			*p = offs[i]
			delete(off, f.Name())
		}
	}
	if len(off) > 0 {
		return fmt.Errorf("param lacks the fields %v", off)
	}
	pkg.paramSize = sizes.Sizeof(obj.Type())
	for name, p := range map[string]*int64{"rookShift": &pkg.rookShift, "bishopShift": &pkg.bishopShift,
		"kernelAMD64AVX512": &pkg.idAVX512, "kernelAMD64": &pkg.idAMD64} {
		c, ok := scope.Lookup(name).(*types.Const)
		if !ok {
			return fmt.Errorf("the attacks package has no constant %s", name)
		}
		v, exact := constant.Int64Val(c.Val())
		if !exact {
			return fmt.Errorf("constant %s is not an integer", name)
		}
		*p = v
	}
	return nil
}

// shiftOf is the constant shift of a piece's key window.
func shiftOf(piece string) uint8 {
	if piece == "bishop" {
		return uint8(pkg.bishopShift)
	}
	return uint8(pkg.rookShift)
}

// permuter emits a permute of a standard bitboard to W layout.
type permuter struct {
	suffix string
	doc    string
	emit   func(occ GPVirtual) GPVirtual
}

var wctrl Mem

func main() {
	if err := loadPackage(); err != nil {
		log.Fatalf("asm: %v", err)
	}
	ConstraintExpr("gc,!purego")

	// The VPSHUFBITQMB control: byte j names the standard square whose bit
	// becomes W bit j.
	wctrl = GLOBL("wctrl", RODATA|NOPTR)
	for j, sq := range magic.FromWBits() {
		DATA(j, U8(sq))
	}

	// The baseline kernel's functions, which the dispatchers jump to. The
	// AVX-512 kernel has none of its own: the dispatchers run its body in
	// place.
	toWFunc(permuteAMD64)
	for _, piece := range []string{"rook", "bishop"} {
		unionFunc(piece, permuteAMD64)
	}
	dispatchFuncs()
	Generate()
}

// permuteAVX512Body: w = W(occ), all bits at once.
func permuteAVX512Body(occ GPVirtual) GPVirtual {
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

// lookup emits the lookup of attacks_generic.go for one square, from W
// layout, with the same steps:
//
//	key = (w & mask) * magic >> shift   // shift: rookShift, bishopShift
//	i   = index[key]                    // index: the class's table
//	att = attack[i]                     // attack: the square's sets
//
// sq is masked to 0..63 so that no value can move the parameter read
// outside its table. The W magics leave nothing above the key, so the key
// is inside the class's index table, and every index byte names one of the
// square's sets (magic.Layout.Verify): the two table reads stay inside
// their tables.
func lookup(params GPVirtual, piece string, sq, w GPVirtual) GPVirtual {
	p := GP64()
	MOVQ(sq, p)
	ANDQ(U8(63), p)
	Comment(fmt.Sprintf("p = &params[sq], %d bytes a square", pkg.paramSize))
	if k := pkg.paramSize / 8; pkg.paramSize%8 == 0 && (k == 3 || k == 5 || k == 9) {
		LEAQ(Mem{Base: p, Index: p, Scale: uint8(k - 1)}, p)
		LEAQ(Mem{Base: params, Index: p, Scale: 8}, p)
	} else if s := pkg.paramSize; s&(s-1) == 0 && s > 8 {
		SHLQ(U8(bits.TrailingZeros64(uint64(s))), p)
		ADDQ(params, p)
	} else {
		IMUL3Q(U32(pkg.paramSize), p, p)
		ADDQ(params, p)
	}

	Comment(fmt.Sprintf("key = (w & mask) * magic >> %d", shiftOf(piece)))
	key := GP64()
	MOVQ(w, key)
	ANDQ(Mem{Base: p, Disp: int(pkg.offMask)}, key)
	IMULQ(Mem{Base: p, Disp: int(pkg.offMagic)}, key)
	SHRQ(U8(shiftOf(piece)), key)

	Comment("i = index[key]")
	ADDQ(Mem{Base: p, Disp: int(pkg.offIndex)}, key)
	MOVBQZX(Mem{Base: key}, key)

	Comment("att = attack[i]")
	att := GP64()
	MOVQ(Mem{Base: p, Disp: int(pkg.offAttack)}, att)
	MOVQ(Mem{Base: att, Index: key, Scale: 8}, att)
	return att
}

// paramsOf is the Go array of a piece's W-layout parameters.
func paramsOf(piece string) string {
	if piece == "rook" {
		return "·rookParams"
	}
	return "·bishopParams"
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

// dispatchFuncs emits the functions ToW, NewOccupancy and the unions call:
// one call from the caller's code whatever the kernel. Each reads the
// kernel word (attacks.go's active, which SetKernel stores atomically; an
// aligned 32-bit load is atomic on amd64), runs the AVX-512 kernel in place
// when it is selected (the default where the CPU has it), and otherwise
// jumps, without a second call, to the selected kernel's function. Go
// cannot inline an assembly call, and the inliner charges each call 57 of
// its budget of 80: a kernel test in Go with two calls behind it would keep
// NewOccupancy from inlining.
func dispatchFuncs() {
	avx := permuteAVX512
	for _, piece := range []string{"rook", "bishop"} {
		name := piece + "Union"
		dispatch(name+"Dispatch", "func(pieces, occ uint64) uint64", func() {
			unionBody(name, piece, avx)
		}, name+"AMD64", name+"Generic")
	}
	dispatch("permuteDispatch", "func(bb uint64) uint64", func() {
		toWBody(avx)
	}, "toWAMD64", "toW")
}

// The two permutes: AVX-512's, run in place by the dispatchers, and the
// baseline one, with functions of its own (toWAMD64, rookUnionAMD64,
// bishopUnionAMD64).
var (
	permuteAVX512 = permuter{"AVX512", "VPSHUFBITQMB (all 64 bits in one instruction)", permuteAVX512Body}
	permuteAMD64  = permuter{"AMD64", "eight byte lookups in toWTable", permuteBytes}
)

// dispatch emits name: the AVX-512 body for the kernel pkg.idAVX512, a
// tail jump to amd64 for pkg.idAMD64, and to generic (attacks_generic.go's
// Go function, through the wrapper Go makes for assembly callers) for any
// other value.
func dispatch(name, sig string, body func(), amd64, generic string) {
	TEXT(name, NOSPLIT, sig)
	Doc(fmt.Sprintf("%s runs the kernel in use (attacks.go's active): the AVX-512 one in place, any other by a jump to its function.", name))
	k := GP32()
	MOVL(NewDataAddr(Symbol{Name: "·active"}, 0), k)
	CMPL(k, U8(pkg.idAVX512))
	JNE(LabelRef(name + "_other"))
	body()
	Label(name + "_other")
	CMPL(k, U8(pkg.idAMD64))
	JNE(LabelRef(name + "_generic"))
	tailJump(amd64)
	Label(name + "_generic")
	tailJump(generic)
}

// tailJump emits JMP ·fn(SB): the callee finds the caller's arguments and
// return address where the dispatch found them. avo has no direct jump to a
// symbol, so the instruction is written out, as a terminal one.
func tailJump(fn string) {
	Instruction(&ir.Instruction{Opcode: "JMP", Operands: []Op{LabelRef("·" + fn + "(SB)")}, IsTerminal: true})
}
