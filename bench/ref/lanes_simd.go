//go:build goexperiment.simd && amd64

package ref

import (
	"unsafe"

	"simd/archsimd"
)

// Hyperbola quintessence in AVX2 lanes, as Stockfish computes sliding
// attacks on AVX2 machines since 2026 (its DualMagic): one 256-bit vector
// holds a square's file, diagonal, an empty lane and anti-diagonal masks;
// one AND, one subtraction, a byte reversal within each lane (VPSHUFB), a
// second subtraction and reversal, an XOR and an AND give the attacks along
// all three lines at once, and the rank comes from a table by file and
// inner occupancy, 512 bytes (hyperbolaRank, the scalar yardstick's): its
// eight squares share one byte, which a byte reversal cannot reverse.
// Stockfish computes a rook's and a bishop's attacks in one call and lets
// the compiler drop what the caller does not use; here each lookup computes
// the same vector and keeps its lanes, and where a caller asks for both on
// one square (a queen) the compiler computes the vector once.
//
// Each lookup ends with VZEROUPPER (archsimd.ClearAVXUpperBits), as a C
// compiler ends AVX code before code it did not compile with AVX: Go
// compiles the rest of the program to SSE, and an SSE instruction that
// writes an XMM register while the upper halves of the YMM registers hold
// data waits on them. Without it a lookup followed by a copy of 160 bytes
// took 166 ns instead of 7 (Xeon, Emerald Rapids), and perft ran at a sixth
// of the scalar form's speed.
//
// Built with GOEXPERIMENT=simd on amd64 (LanesSIMD), run where the CPU has
// AVX2 (HasLanes).

// LanesSIMD says this build has the lane lookups: GOEXPERIMENT=simd on amd64.
const LanesSIMD = true

// HasLanes says the CPU runs them: AVX2.
var HasLanes = archsimd.X86.AVX2()

// laneEntry is one square: the four lane masks in Stockfish's order (file,
// diagonal, nothing, anti-diagonal), the slider's bit and its byte-reversed
// image, each in all four lanes, 96 bytes. Stockfish broadcasts the two
// bits from 64-bit fields (VPBROADCASTQ from memory); archsimd broadcasts
// from a register only, a move and a broadcast more, and its Broadcast
// costs the inliner 14 of its 80, so the record holds them as vectors.
type laneEntry struct {
	masks, s, rs archsimd.Uint64x4
}

// lanes is every square's entry; laneShuffle reverses the bytes of each
// 64-bit lane (VPSHUFB's indices).
var (
	lanes       [64]laneEntry
	laneShuffle archsimd.Int8x32
)

// LanesBytes is what the lane lookups read: the records, the shuffle's
// indices and the rank table.
const LanesBytes = int(unsafe.Sizeof(lanes) + unsafe.Sizeof(laneShuffle) + unsafe.Sizeof(hyperbolaRank))

// The same in two 128-bit lanes (Lanes2Rook, Lanes2Bishop): a bishop's two
// diagonals in one vector, a rook's file in the first lane of another, the
// rank from the table. An instruction on 128 bits (VEX-encoded) clears the
// upper halves of the YMM registers, so these need no VZEROUPPER, and the
// extraction is one VMOVQ or VPEXTRQ; what they give up is the one vector
// for all three lines that Stockfish computes for a queen or for both
// pieces on one square.
type lane2Entry struct {
	masks, s, rs archsimd.Uint64x2
}

var (
	lanes2Rook, lanes2Bishop [64]lane2Entry
	lane2Shuffle             archsimd.Int8x16
)

// Lanes2Bytes is what the two-lane lookups read.
const Lanes2Bytes = int(unsafe.Sizeof(lanes2Rook) + unsafe.Sizeof(lanes2Bishop) + unsafe.Sizeof(lane2Shuffle) + unsafe.Sizeof(hyperbolaRank))

func init() {
	if !HasLanes {
		return // no AVX2: the vectors cannot be loaded, and nothing reads them
	}
	for sq := range 64 {
		masks := [4]uint64{aFile<<(sq&7) ^ 1<<sq, diagonal(sq, 1), 0, diagonal(sq, -1)}
		s := [4]uint64{1 << sq, 1 << sq, 1 << sq, 1 << sq}
		rs := [4]uint64{1 << (sq ^ 56), 1 << (sq ^ 56), 1 << (sq ^ 56), 1 << (sq ^ 56)}
		lanes[sq] = laneEntry{archsimd.LoadUint64x4(&masks), archsimd.LoadUint64x4(&s), archsimd.LoadUint64x4(&rs)}
	}
	shuffle := [32]int8{7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8}
	laneShuffle = archsimd.LoadInt8x32(&shuffle)
	for sq := range 64 {
		s := [2]uint64{1 << sq, 1 << sq}
		rs := [2]uint64{1 << (sq ^ 56), 1 << (sq ^ 56)}
		file := [2]uint64{aFile<<(sq&7) ^ 1<<sq, 0}
		diags := [2]uint64{diagonal(sq, 1), diagonal(sq, -1)}
		lanes2Rook[sq] = lane2Entry{archsimd.LoadUint64x2(&file), archsimd.LoadUint64x2(&s), archsimd.LoadUint64x2(&rs)}
		lanes2Bishop[sq] = lane2Entry{archsimd.LoadUint64x2(&diags), archsimd.LoadUint64x2(&s), archsimd.LoadUint64x2(&rs)}
	}
	shuffle2 := [16]int8{7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8}
	lane2Shuffle = archsimd.LoadInt8x16(&shuffle2)
}

// LanesRook is the lane technique's rook lookup; sq & 63 is read: lane 0
// (the file) and the rank table. Written out in one expression, it fits
// the inliner's budget.
func LanesRook(sq int, occ uint64) uint64 {
	e := &lanes[sq&63]
	o := e.masks.And(archsimd.Uint64x2{}.SetElem(0, occ).Broadcast1To4())
	r := o.Sub(e.s).Xor(o.AsUint8x32().PermuteOrZeroGrouped(laneShuffle).AsUint64x4().Sub(e.rs).AsUint8x32().PermuteOrZeroGrouped(laneShuffle).AsUint64x4()).And(e.masks).GetLo().GetElem(0)
	archsimd.ClearAVXUpperBits()
	return r | uint64(hyperbolaRank[sq&7][occ>>(sq&56+1)&63])<<(sq&56)
}

// LanesBishop is the lane technique's bishop lookup; sq & 63 is read:
// lanes 1 and 3, the diagonals.
func LanesBishop(sq int, occ uint64) uint64 {
	e := &lanes[sq&63]
	o := e.masks.And(archsimd.Uint64x2{}.SetElem(0, occ).Broadcast1To4())
	v := o.Sub(e.s).Xor(o.AsUint8x32().PermuteOrZeroGrouped(laneShuffle).AsUint64x4().Sub(e.rs).AsUint8x32().PermuteOrZeroGrouped(laneShuffle).AsUint64x4()).And(e.masks)
	b := v.GetLo().GetElem(1) | v.GetHi().GetElem(1)
	archsimd.ClearAVXUpperBits()
	return b
}

// Lanes2Rook is the two-lane form's rook lookup; sq & 63 is read.
func Lanes2Rook(sq int, occ uint64) uint64 {
	e := &lanes2Rook[sq&63]
	o := e.masks.And(archsimd.Uint64x2{}.SetElem(0, occ).Broadcast1To2())
	return o.Sub(e.s).Xor(o.AsUint8x16().PermuteOrZero(lane2Shuffle).AsUint64x2().Sub(e.rs).AsUint8x16().PermuteOrZero(lane2Shuffle).AsUint64x2()).And(e.masks).GetElem(0) |
		uint64(hyperbolaRank[sq&7][occ>>(sq&56+1)&63])<<(sq&56)
}

// Lanes2Bishop is the two-lane form's bishop lookup; sq & 63 is read.
func Lanes2Bishop(sq int, occ uint64) uint64 {
	e := &lanes2Bishop[sq&63]
	o := e.masks.And(archsimd.Uint64x2{}.SetElem(0, occ).Broadcast1To2())
	v := o.Sub(e.s).Xor(o.AsUint8x16().PermuteOrZero(lane2Shuffle).AsUint64x2().Sub(e.rs).AsUint8x16().PermuteOrZero(lane2Shuffle).AsUint64x2()).And(e.masks)
	return v.GetElem(0) | v.GetElem(1)
}
