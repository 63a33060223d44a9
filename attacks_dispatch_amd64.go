//go:build gc && !purego && !(goexperiment.simd && amd64.v4)

package attacks

var supported = func() []kernelID {
	if hasAVX512 {
		return []kernelID{kernelAMD64AVX512, kernelAMD64, kernelGeneric}
	}
	return []kernelID{kernelAMD64, kernelGeneric}
}()

// defaultKernel is the fastest kernel in the benchmarks (docs/BENCHMARKS.md).
var defaultKernel = supported[0]

// The operations that permute are the dispatchers of attacks_amd64.s: each
// reads the kernel word, runs the AVX-512 kernel in place or jumps to the
// selected kernel's function, so the exported functions, which inline, make
// one call whatever the kernel. (A GOEXPERIMENT=simd GOAMD64=v4 build uses
// attacks_simd_amd64.go instead.)

func rookUnion(rooks, occ uint64) uint64     { return rookUnionDispatch(rooks, occ) }
func bishopUnion(bishops, occ uint64) uint64 { return bishopUnionDispatch(bishops, occ) }
func permute(bb uint64) uint64               { return permuteDispatch(bb) }
