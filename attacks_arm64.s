//go:build gc && !purego

#include "textflag.h"
#include "go_asm.h"

// The arm64 kernel, written by hand: the unions of the generic kernel
// (attacks_generic.go) instruction for instruction, with no permute
// instruction to replace toW. Field offsets, the record's size, the shifts
// and the kernel number come from go_asm.h, which the Go compiler writes
// from the package's own declarations. Leaf functions with no frame, ABI0
// arguments on the stack. Registers:
//
//	R0  pieces             R5  &params[sq & 63]
//	R1  occ                R6, R7  scratch
//	R2  ·rookParams or ·bishopParams
//	R8  w = toW(occ), or occW
//	R10, R11  results
//
// R18 (platform), R26 to R30 (context, REGTMP, g, FP, LR) are not touched.

// TOWBYTE ORs in row K of ·toWTable at byte K of SRC. TBL points at row K-1
// on entry and at row K on exit (rows are 256 * 8 = 2048 bytes apart).
#define TOWBYTE(SHIFT, SRC, DST, TBL, T) \
	UBFX	$SHIFT, SRC, $8, T; \
	ADD	$2048, TBL, TBL; \
	MOVD	(TBL)(T<<3), T; \
	ORR	T, DST, DST

// TOW sets DST = toW(SRC): OR over k of toWTable[k][byte k of SRC].
// DST must differ from SRC; TBL and T are clobbered.
#define TOW(SRC, DST, TBL, T) \
	MOVD	$·toWTable(SB), TBL; \
	AND	$0xff, SRC, T; \
	MOVD	(TBL)(T<<3), DST; \
	TOWBYTE(8, SRC, DST, TBL, T); \
	TOWBYTE(16, SRC, DST, TBL, T); \
	TOWBYTE(24, SRC, DST, TBL, T); \
	TOWBYTE(32, SRC, DST, TBL, T); \
	TOWBYTE(40, SRC, DST, TBL, T); \
	TOWBYTE(48, SRC, DST, TBL, T); \
	TOWBYTE(56, SRC, DST, TBL, T)

// PARAM sets P = &PARAMS[SQ & 63], param__size bytes a square: the & 63
// keeps any value of SQ inside the array. P may be SQ; T is clobbered.
#define PARAM(PARAMS, SQ, P, T) \
	AND	$63, SQ, P; \
	MOVD	$param__size, T; \
	MADD	T, PARAMS, P, P

// LOOKUP sets OUT = lookup(P, W, SHIFT), SHIFT being const_rookShift or
// const_bishopShift:
//
//	key = (w & mask) * magic >> SHIFT
//	i   = index[key]
//	att = attack[i]
//
// The W magics leave nothing above the key, so it is inside the class's
// index table, and every index byte names one of the square's attack sets
// (magic.Layout.Verify): both reads stay inside their tables.
// OUT may be P; K and T1 are clobbered.
#define LOOKUP(P, W, SHIFT, K, T1, OUT) \
	/* key = (w & mask) * magic >> SHIFT */ \
	MOVD	param_mask(P), K; \
	AND	W, K, K; \
	MOVD	param_magic(P), T1; \
	MUL	T1, K, K; \
	LSR	$SHIFT, K, K; \
	/* i = index[key] */ \
	MOVD	param_index(P), T1; \
	MOVBU	(T1)(K), K; \
	/* att = attack[i] */ \
	MOVD	param_attack(P), T1; \
	MOVD	(T1)(K<<3), OUT

// func rookUnionARM64(pieces uint64, occ uint64) uint64
//
//	w := toW(occ)
//	var att uint64
//	for ; pieces != 0; pieces &= pieces - 1 {
//		att |= lookup(&rookParams[bits.TrailingZeros64(pieces)&63], w, rookShift) // key, i, att
//	}
//	return att
TEXT ·rookUnionARM64(SB), NOSPLIT, $0-24
	MOVD	pieces+0(FP), R0
	MOVD	occ+8(FP), R1
	TOW(R1, R8, R6, R7)
	MOVD	$·rookParams(SB), R2
	MOVD	ZR, R10

rookUnionARM64_loop:
	CBZ	R0, rookUnionARM64_done
	RBIT	R0, R5
	CLZ	R5, R5 // sq = trailing zeros of pieces
	SUB	$1, R0, R6
	AND	R6, R0, R0 // pieces &= pieces - 1
	PARAM(R2, R5, R5, R6)
	LOOKUP(R5, R8, const_rookShift, R6, R7, R11)
	ORR	R11, R10, R10
	B	rookUnionARM64_loop

rookUnionARM64_done:
	MOVD	R10, ret+16(FP)
	RET

// func bishopUnionARM64(pieces uint64, occ uint64) uint64
//
//	w := toW(occ)
//	var att uint64
//	for ; pieces != 0; pieces &= pieces - 1 {
//		att |= lookup(&bishopParams[bits.TrailingZeros64(pieces)&63], w, bishopShift) // key, i, att
//	}
//	return att
TEXT ·bishopUnionARM64(SB), NOSPLIT, $0-24
	MOVD	pieces+0(FP), R0
	MOVD	occ+8(FP), R1
	TOW(R1, R8, R6, R7)
	MOVD	$·bishopParams(SB), R2
	MOVD	ZR, R10

bishopUnionARM64_loop:
	CBZ	R0, bishopUnionARM64_done
	RBIT	R0, R5
	CLZ	R5, R5 // sq = trailing zeros of pieces
	SUB	$1, R0, R6
	AND	R6, R0, R0 // pieces &= pieces - 1
	PARAM(R2, R5, R5, R6)
	LOOKUP(R5, R8, const_bishopShift, R6, R7, R11)
	ORR	R11, R10, R10
	B	bishopUnionARM64_loop

bishopUnionARM64_done:
	MOVD	R10, ret+16(FP)
	RET

// The dispatchers RookUnion and BishopUnion call (one call from the
// caller's code whatever the kernel, as on amd64): each reads the kernel
// word, attacks.go's active (a 32-bit load, atomic on arm64), and branches
// without a second call to the arm64 kernel or, for any other value, to the
// generic one (through the wrapper Go makes for assembly callers).
// Frameless, so LR still holds the caller's return address and the callee
// finds the arguments where the dispatcher did.
#define DISPATCH(NAME, ARM64, GENERIC) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	MOVWU	·active(SB), R3; \
	CMP	$const_kernelARM64, R3; \
	BNE	2(PC); \
	JMP	ARM64(SB); \
	JMP	GENERIC(SB)

DISPATCH(·rookUnionDispatch, ·rookUnionARM64, ·rookUnionGeneric)
DISPATCH(·bishopUnionDispatch, ·bishopUnionARM64, ·bishopUnionGeneric)
