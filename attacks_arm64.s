//go:build gc && !purego

#include "textflag.h"

// The arm64 kernel, written by hand: the generic kernel (attacks_generic.go)
// instruction for instruction, with no permute instruction to replace toW.
// Leaf functions with no frame, ABI0 arguments on the stack. Registers:
//
//	R0  sq or pieces       R5  &params[sq & 63]
//	R1  occ                R6, R7, R9  scratch
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

// PARAM sets P = &PARAMS[SQ & 63], 40 bytes a square: the & 63 keeps any
// value of SQ inside the array. P may be SQ.
#define PARAM(PARAMS, SQ, P) \
	AND	$63, SQ, P; \
	ADD	P<<2, P, P; \
	ADD	P<<3, PARAMS, P

// LOOKUP sets OUT = lookup(P, W, SHIFT), SHIFT being 52 for rooks and 55 for
// bishops (rookShift, bishopShift):
//
//	key = ((w & maskW) * magic >> SHIFT) & keyMask  // LDP: maskW at 0, magic at 8
//	i   = index[key]                                // LDP: keyMask at 16, index at 24
//	att = attack[i]                                 // attack at 32
//
// The key is at most keyMask and every index byte names one of the square's
// attack sets (magic.Layout.Verify), so both reads stay inside their tables.
// OUT may be P; K, T1 and T2 are clobbered.
#define LOOKUP(P, W, SHIFT, K, T1, T2, OUT) \
	/* key = ((w & maskW) * magic >> SHIFT) & keyMask */ \
	LDP	(P), (K, T1); \
	AND	W, K, K; \
	MUL	T1, K, K; \
	LSR	$SHIFT, K, K; \
	LDP	16(P), (T1, T2); \
	AND	T1, K, K; \
	/* i = index[key] */ \
	MOVBU	(T2)(K), K; \
	/* att = attack[i] */ \
	MOVD	32(P), T1; \
	MOVD	(T1)(K<<3), OUT

// func rookARM64(sq int, occ uint64) uint64
//
//	w := toW(occ)
//	return lookup(&rookParams[sq&63], w, rookShift) // key, i, att
TEXT ·rookARM64(SB), NOSPLIT, $0-24
	MOVD	sq+0(FP), R0
	MOVD	occ+8(FP), R1
	TOW(R1, R8, R6, R7)
	MOVD	$·rookParams(SB), R2
	PARAM(R2, R0, R5)
	LOOKUP(R5, R8, 52, R6, R7, R9, R10)
	MOVD	R10, ret+16(FP)
	RET

// func bishopARM64(sq int, occ uint64) uint64
//
//	w := toW(occ)
//	return lookup(&bishopParams[sq&63], w, bishopShift) // key, i, att
TEXT ·bishopARM64(SB), NOSPLIT, $0-24
	MOVD	sq+0(FP), R0
	MOVD	occ+8(FP), R1
	TOW(R1, R8, R6, R7)
	MOVD	$·bishopParams(SB), R2
	PARAM(R2, R0, R5)
	LOOKUP(R5, R8, 55, R6, R7, R9, R10)
	MOVD	R10, ret+16(FP)
	RET

// func queenARM64(sq int, occ uint64) uint64
//
//	w := toW(occ)
//	return lookup(&rookParams[sq&63], w, rookShift) | lookup(&bishopParams[sq&63], w, bishopShift) // key, i, att twice
TEXT ·queenARM64(SB), NOSPLIT, $0-24
	MOVD	sq+0(FP), R0
	MOVD	occ+8(FP), R1
	TOW(R1, R8, R6, R7)
	MOVD	$·rookParams(SB), R2
	PARAM(R2, R0, R5)
	LOOKUP(R5, R8, 52, R6, R7, R9, R10)
	MOVD	$·bishopParams(SB), R2
	PARAM(R2, R0, R5)
	LOOKUP(R5, R8, 55, R6, R7, R9, R11)
	ORR	R11, R10, R10
	MOVD	R10, ret+16(FP)
	RET

// func rookWARM64(sq int, occW uint64) uint64
//
//	return lookup(&rookParams[sq&63], occW, rookShift) // key, i, att
TEXT ·rookWARM64(SB), NOSPLIT, $0-24
	MOVD	sq+0(FP), R0
	MOVD	occW+8(FP), R8
	MOVD	$·rookParams(SB), R2
	PARAM(R2, R0, R5)
	LOOKUP(R5, R8, 52, R6, R7, R9, R10)
	MOVD	R10, ret+16(FP)
	RET

// func bishopWARM64(sq int, occW uint64) uint64
//
//	return lookup(&bishopParams[sq&63], occW, bishopShift) // key, i, att
TEXT ·bishopWARM64(SB), NOSPLIT, $0-24
	MOVD	sq+0(FP), R0
	MOVD	occW+8(FP), R8
	MOVD	$·bishopParams(SB), R2
	PARAM(R2, R0, R5)
	LOOKUP(R5, R8, 55, R6, R7, R9, R10)
	MOVD	R10, ret+16(FP)
	RET

// func queenWARM64(sq int, occW uint64) uint64
//
//	return lookup(&rookParams[sq&63], occW, rookShift) | lookup(&bishopParams[sq&63], occW, bishopShift) // key, i, att twice
TEXT ·queenWARM64(SB), NOSPLIT, $0-24
	MOVD	sq+0(FP), R0
	MOVD	occW+8(FP), R8
	MOVD	$·rookParams(SB), R2
	PARAM(R2, R0, R5)
	LOOKUP(R5, R8, 52, R6, R7, R9, R10)
	MOVD	$·bishopParams(SB), R2
	PARAM(R2, R0, R5)
	LOOKUP(R5, R8, 55, R6, R7, R9, R11)
	ORR	R11, R10, R10
	MOVD	R10, ret+16(FP)
	RET

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
	PARAM(R2, R5, R5)
	LOOKUP(R5, R8, 52, R6, R7, R9, R11)
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
	PARAM(R2, R5, R5)
	LOOKUP(R5, R8, 55, R6, R7, R9, R11)
	ORR	R11, R10, R10
	B	bishopUnionARM64_loop

bishopUnionARM64_done:
	MOVD	R10, ret+16(FP)
	RET

// The dispatchers the exported standard-input functions call (one call from
// the caller's code whatever the kernel, as on amd64): each reads the
// kernel word, attacks.go's active (a 32-bit load, atomic on arm64), and
// branches without a second call to the arm64 kernel (kernelARM64 = 4) or,
// for any other value, to the generic one (through the wrapper Go makes for
// assembly callers). Frameless, so LR still holds the caller's return
// address and the callee finds the arguments where the dispatcher did.
#define DISPATCH(NAME, ARM64, GENERIC) \
TEXT NAME(SB), NOSPLIT, $0-24; \
	MOVWU	·active(SB), R3; \
	CMP	$4, R3; \
	BNE	2(PC); \
	JMP	ARM64(SB); \
	JMP	GENERIC(SB)

DISPATCH(·rookDispatch, ·rookARM64, ·rookGeneric)
DISPATCH(·bishopDispatch, ·bishopARM64, ·bishopGeneric)
DISPATCH(·queenDispatch, ·queenARM64, ·queenGeneric)
DISPATCH(·rookUnionDispatch, ·rookUnionARM64, ·rookUnionGeneric)
DISPATCH(·bishopUnionDispatch, ·bishopUnionARM64, ·bishopUnionGeneric)
