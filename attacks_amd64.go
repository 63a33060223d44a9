//go:build gc && !purego

package attacks

import "golang.org/x/sys/cpu"

// CPU features, read once. The AVX-512 kernel needs every feature in the
// "Requires:" lines of attacks_amd64.s: AVX, AVX512F, AVX512BW, AVX512BITALG.
// The baseline amd64 kernel uses only the base instruction set.
var hasAVX512 = cpu.X86.HasAVX && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512BITALG

var supported = func() []kernelID {
	if hasAVX512 {
		return []kernelID{kernelAMD64AVX512, kernelAMD64AVX512Sym, kernelAMD64, kernelGeneric}
	}
	return []kernelID{kernelAMD64, kernelGeneric}
}()

// defaultKernel is the fastest kernel in the benchmarks (README).
var defaultKernel = supported[0]

// rook, bishop, queen, rookUnion, bishopUnion and permute (ToW) are in
// attacks_amd64.s: each reads the kernel word, runs the AVX-512 kernel in
// place or jumps to the selected kernel's function, so the exported
// functions, which inline, make one call whatever the kernel.
