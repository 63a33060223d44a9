//go:build goexperiment.simd && amd64 && gc && !purego

package attacks

import (
	"simd/archsimd"
	"testing"
)

// Candidates for a W permute written with simd/archsimd (GOEXPERIMENT=simd),
// each checked against toW and timed inside a rook lookup in a hot loop and
// in a latency chain (BenchmarkSimdCand, beside fancy and plain magic and
// the exported Rook):
//
//	A   broadcast, VPERMB (source byte), VPANDD (its bit), VPCMPUB != 0, KMOVQ
//	A2  as A, compare == bit instead of != 0
//	S   as A with VPSHUFB: the broadcast puts occ in both halves of every
//	    128-bit lane, so the in-lane shuffle reaches every byte
//	G   broadcast, VGF2P8AFFINEQB (lane L moves bit L of each byte to its
//	    msb), VPERMB (the byte holding the source bit), VPCMPB < 0, KMOVQ
//	GU  as G, unsigned compare > 0x7f
//	M   broadcast, VGF2P8AFFINEQB with occ as the matrix (byte j gets its
//	    source bit at 7 - source byte), VPANDD, VPCMPUB != 0, KMOVQ
//	V   A with the index and mask held in vector variables (inliner cost 22
//	    against 38), and VG the same for G
//
// Every one is six instructions deep from occ to w (the broadcast is a
// VMOVQ and a VPBROADCASTQ). With a run-time CPU test and a call for CPUs
// without the instructions none of the exported functions stays within the
// inlining budget of 80: expRook1 (no fallback) costs 74, expRook2 (with it)
// 132, expToW 89, expNewOcc 97 (GOEXPERIMENT=simd go test -c -gcflags=-m=2).
var (
	cByteIdx [64]uint8 // source byte of W bit j
	cBitMask [64]uint8 // its bit within that byte
	cGFIdx   [64]uint8 // byte holding W bit j's source in its msb after the affine step
	cGFMat   [8]uint64 // lane L: bit L to the msb
	cShuf    [64]int8
	cMData   [64]uint8 // candidate M: data byte 1<<(s&7), occ as the matrix
	cMMask   [64]uint8 // W bit j lands at bit 7-(s>>3)
	cZero    [64]uint8
)

func init() {
	for j, s := range fromWBit {
		cByteIdx[j] = s >> 3
		cShuf[j] = int8(s >> 3)
		cBitMask[j] = 1 << (s & 7)
		cGFIdx[j] = 8*(s&7) + s>>3
		cMData[j] = 1 << (s & 7)
		cMMask[j] = 1 << (7 - s>>3)
	}
	for l := range cGFMat {
		cGFMat[l] = 1 << l
	}
	if archsimd.X86.AVX512() {
		vIdx, vMask, vGFIdx = archsimd.LoadUint8x64(&cByteIdx), archsimd.LoadUint8x64(&cBitMask), archsimd.LoadUint8x64(&cGFIdx)
		vGFMat = archsimd.LoadUint64x8(&cGFMat)
	}
}

func permA(bb uint64) uint64 { // VPERMB + And + NotEqual(0)
	x := archsimd.BroadcastUint64x8(bb).AsUint8x64()
	y := x.Permute(archsimd.LoadUint8x64(&cByteIdx)).And(archsimd.LoadUint8x64(&cBitMask))
	return y.NotEqual(archsimd.Uint8x64{}).ToBits()
}

func permA2(bb uint64) uint64 { // VPERMB + And + Equal(bit)
	x := archsimd.BroadcastUint64x8(bb).AsUint8x64()
	m := archsimd.LoadUint8x64(&cBitMask)
	return x.Permute(archsimd.LoadUint8x64(&cByteIdx)).And(m).Equal(m).ToBits()
}

func permS(bb uint64) uint64 { // VPSHUFB + And + NotEqual(0)
	x := archsimd.BroadcastUint64x8(bb).AsUint8x64()
	y := x.PermuteOrZeroGrouped(archsimd.LoadInt8x64(&cShuf)).And(archsimd.LoadUint8x64(&cBitMask))
	return y.NotEqual(archsimd.Uint8x64{}).ToBits()
}

func permG(bb uint64) uint64 { // GF2P8AFFINEQB (bit L of each byte to the msb in lane L) + VPERMB + signed < 0
	x := archsimd.BroadcastUint64x8(bb).AsUint8x64()
	y := x.GaloisFieldAffineTransform(archsimd.LoadUint64x8(&cGFMat), 0).Permute(archsimd.LoadUint8x64(&cGFIdx))
	return y.AsInt8x64().Less(archsimd.Int8x64{}).ToBits()
}

func permGU(bb uint64) uint64 { // as permG, unsigned >= 0x80
	x := archsimd.BroadcastUint64x8(bb).AsUint8x64()
	y := x.GaloisFieldAffineTransform(archsimd.LoadUint64x8(&cGFMat), 0).Permute(archsimd.LoadUint8x64(&cGFIdx))
	return y.Greater(archsimd.BroadcastUint8x64(0x7f)).ToBits()
}

func permM(bb uint64) uint64 { // GF2P8AFFINEQB with occ as the matrix + And + NotEqual(0)
	y := archsimd.LoadUint8x64(&cMData).GaloisFieldAffineTransform(archsimd.BroadcastUint64x8(bb), 0).And(archsimd.LoadUint8x64(&cMMask))
	return y.NotEqual(archsimd.Uint8x64{}).ToBits()
}

var cands = []struct {
	name string
	f    func(uint64) uint64
}{{"A-vpermb-and-ne0", permA}, {"A2-vpermb-and-eqbit", permA2}, {"S-vpshufb-and-ne0", permS}, {"G-gf2p8affine-vpermb-lt0", permG}, {"GU-gf2p8affine-vpermb-gt7f", permGU}, {"M-gf2p8affine-occ-matrix-and-ne0", permM},
	{"V", permV}, {"VG", permVG}}

func TestSimdCandidates(t *testing.T) {
	if !archsimd.X86.AVX512() || !archsimd.X86.AVX512VBMI() || !archsimd.X86.AVX512GFNI() {
		t.Skip("the simd candidates: this CPU lacks AVX-512 VBMI or GFNI")
	}
	for _, c := range cands {
		for i := 0; i < 100000; i++ {
			x := uint64(i) * 0x9e3779b97f4a7c15
			if i < 64 {
				x = 1 << i
			}
			if c.name == "V" && expRook1(int(x&63), x) != rookGeneric(int(x&63), x) {
				t.Fatalf("expRook1(%d, %#x) is wrong", x&63, x)
			}
			if c.f(x) != toW(x) {
				t.Fatalf("%s(%#x) = %#x, want %#x", c.name, x, c.f(x), toW(x))
			}
		}
	}
}

// Each loop is written out so that the candidate inlines into it.
func BenchmarkSimdCand(b *testing.B) {
	in := benchInputs
	fancy, plain := yardRook(in)
	lfancy, lplain := yardRookLatency(in)
	b.Run("hot/fancy", fancy)
	b.Run("hot/plain", plain)
	b.Run("lat/fancy", lfancy)
	b.Run("lat/plain", lplain)
	b.Run("hot/Rook", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= Rook(e.sq, e.occ)
		}
		sink = acc
	})
	b.Run("lat/Rook", func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			prev = Rook(e.sq, e.occ^(prev&1))
		}
		sink = prev
	})
	b.Run("hot/V", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= expRook1(e.sq, e.occ)
		}
		sink = acc
	})
	b.Run("lat/V", func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			prev = expRook1(e.sq, e.occ^(prev&1))
		}
		sink = prev
	})
	b.Run("hot/VG", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= rookW(e.sq&63, permVG(e.occ))
		}
		sink = acc
	})
	b.Run("lat/VG", func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			prev = rookW(e.sq&63, permVG(e.occ^(prev&1)))
		}
		sink = prev
	})
	b.Run("hot/A", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= rookW(e.sq&63, permA(e.occ))
		}
		sink = acc
	})
	b.Run("hot/A2", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= rookW(e.sq&63, permA2(e.occ))
		}
		sink = acc
	})
	b.Run("hot/S", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= rookW(e.sq&63, permS(e.occ))
		}
		sink = acc
	})
	b.Run("hot/G", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= rookW(e.sq&63, permG(e.occ))
		}
		sink = acc
	})
	b.Run("hot/GU", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= rookW(e.sq&63, permGU(e.occ))
		}
		sink = acc
	})
	b.Run("hot/M", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= rookW(e.sq&63, permM(e.occ))
		}
		sink = acc
	})
	b.Run("lat/M", func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			prev = rookW(e.sq&63, permM(e.occ^(prev&1)))
		}
		sink = prev
	})
	b.Run("lat/A", func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			prev = rookW(e.sq&63, permA(e.occ^(prev&1)))
		}
		sink = prev
	})
	b.Run("lat/A2", func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			prev = rookW(e.sq&63, permA2(e.occ^(prev&1)))
		}
		sink = prev
	})
	b.Run("lat/S", func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			prev = rookW(e.sq&63, permS(e.occ^(prev&1)))
		}
		sink = prev
	})
	b.Run("lat/G", func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			prev = rookW(e.sq&63, permG(e.occ^(prev&1)))
		}
		sink = prev
	})
	b.Run("lat/GU", func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			prev = rookW(e.sq&63, permGU(e.occ^(prev&1)))
		}
		sink = prev
	})
}

var expSIMD = archsimd.X86.AVX512VBMI()

// The vector variables are set in init, after the arrays they load.
var vIdx, vMask, vGFIdx archsimd.Uint8x64
var vGFMat archsimd.Uint64x8

func permV(bb uint64) uint64 {
	return archsimd.BroadcastUint64x8(bb).AsUint8x64().Permute(vIdx).And(vMask).NotEqual(archsimd.Uint8x64{}).ToBits()
}

func expRook1(sq int, occ uint64) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"Rook", sq})
	}
	return rookW(sq, permV(occ))
}

func expRook2(sq int, occ uint64) uint64 {
	if uint(sq) > 63 || !expSIMD {
		return rook(sq, occ)
	}
	return rookW(sq, permV(occ))
}

func expRook3(sq int, occ uint64) uint64 {
	if !expSIMD {
		return Rook(sq, occ)
	}
	return rookW(sq&63, permV(occ))
}
func expLookup(sq int, occ uint64) uint64 { return rookW(sq, occ) }

var vZero archsimd.Uint8x64

func permVG(bb uint64) uint64 {
	return archsimd.BroadcastUint64x8(bb).AsUint8x64().GaloisFieldAffineTransform(vGFMat, 0).Permute(vGFIdx).AsInt8x64().Less(archsimd.Int8x64{}).ToBits()
}

func expToW(bb uint64) uint64 {
	if expSIMD {
		return permV(bb)
	}
	return permute(bb)
}

func expNewOcc(bb uint64) Occupancy {
	if expSIMD {
		return Occupancy{bb, permV(bb)}
	}
	return Occupancy{bb, permute(bb)}
}

func expNewOcc2(bb uint64) Occupancy {
	w := permV(bb)
	if !expSIMD {
		w = permute(bb)
	}
	return Occupancy{bb, w}
}
