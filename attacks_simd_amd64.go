//go:build gc && !purego && goexperiment.simd && amd64.v4

package attacks

import (
	"runtime"
	"simd/archsimd"
)

// The inlined kernel ("amd64-simd"), for a build with GOEXPERIMENT=simd and
// GOAMD64=v4: the permute is written with simd/archsimd, whose operations
// the compiler emits in place, so ToW and NewOccupancy inline into the
// caller with no call at all. It needs AVX-512 F and BW only, which
// GOAMD64=v4 guarantees: Go's runtime refuses to start a v4 program on a CPU
// without them, so no check is made here, and none could be: a run-time test
// with a fallback call costs more than the inliner's budget of 80 (a call
// alone is 57). For the same reason this build has one kernel; SetKernel
// accepts only "amd64-simd".
//
// The permute: broadcast occ to all 64 bytes; VPSHUFB gives W bit j's lane
// the byte that holds its source bit (the broadcast puts all eight bytes in
// every 128-bit lane, so the in-lane shuffle reaches each); AND keeps that
// bit; compare with zero gives a mask whose bit j is W bit j; KMOVQ.

var supported = []kernelID{kernelAMD64Simd}

var defaultKernel = kernelAMD64Simd

// simdShuffle holds, for W bit j, the byte of occ that holds its source
// bit; simdBit, that bit. Filled once from fromWBit.
var simdShuffle, simdBit archsimd.Uint8x64

func init() {
	var shuffle, bit [64]uint8
	for j, s := range fromWBit {
		shuffle[j], bit[j] = s>>3, 1<<(s&7)
	}
	simdShuffle, simdBit = archsimd.LoadUint8x64(&shuffle), archsimd.LoadUint8x64(&bit)
	archsimd.ClearAVXUpperBits() // as permute does (see there)
}

// permute ends with VZEROUPPER (archsimd.ClearAVXUpperBits): the caller's
// own code is compiled for SSE (Go copies and clears memory with MOVUPS),
// and on Intel every SSE instruction after a 512-bit one that left the
// upper halves of the vector registers dirty pays a merge with them. Without
// it, on an Intel Xeon, a perft that made one NewOccupancy a node ran
// several times slower (docs/BENCHMARKS.md); AMD's Zen has no such penalty.
func permute(bb uint64) uint64 {
	w := archsimd.BroadcastUint64x8(bb).AsUint8x64().PermuteOrZeroGrouped(simdShuffle.AsInt8x64()).And(simdBit).NotEqual(archsimd.Uint8x64{}).ToBits()
	runtime.KeepAlive(w)
	archsimd.ClearAVXUpperBits()
	return w
}

func rookUnion(rooks, occ uint64) uint64 {
	return unionGeneric(&rookParams, rooks, permute(occ), rookShift)
}

func bishopUnion(bishops, occ uint64) uint64 {
	return unionGeneric(&bishopParams, bishops, permute(occ), bishopShift)
}
