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

func rook(sq int, occ uint64) uint64 {
	switch kernel() {
	case kernelAMD64AVX512:
		return rookAVX512(sq, occ)
	case kernelAMD64AVX512Sym:
		return rookSym(sq, occ)
	case kernelAMD64:
		return rookAMD64(sq, occ)
	}
	return rookGeneric(sq, occ)
}

func bishop(sq int, occ uint64) uint64 {
	switch kernel() {
	case kernelAMD64AVX512:
		return bishopAVX512(sq, occ)
	case kernelAMD64AVX512Sym:
		return bishopSym(sq, occ)
	case kernelAMD64:
		return bishopAMD64(sq, occ)
	}
	return bishopGeneric(sq, occ)
}

func queen(sq int, occ uint64) uint64 {
	switch kernel() {
	case kernelAMD64AVX512:
		return queenAVX512(sq, occ)
	case kernelAMD64AVX512Sym:
		return queenSym(sq, occ)
	case kernelAMD64:
		return queenAMD64(sq, occ)
	}
	return queenGeneric(sq, occ)
}

func rookUnion(rooks, occ uint64) uint64 {
	switch kernel() {
	case kernelAMD64AVX512:
		return rookUnionAVX512(rooks, occ)
	case kernelAMD64AVX512Sym:
		return rookUnionSym(rooks, occ)
	case kernelAMD64:
		return rookUnionAMD64(rooks, occ)
	}
	return rookUnionGeneric(rooks, occ)
}

func bishopUnion(bishops, occ uint64) uint64 {
	switch kernel() {
	case kernelAMD64AVX512:
		return bishopUnionAVX512(bishops, occ)
	case kernelAMD64AVX512Sym:
		return bishopUnionSym(bishops, occ)
	case kernelAMD64:
		return bishopUnionAMD64(bishops, occ)
	}
	return bishopUnionGeneric(bishops, occ)
}

// permute is ToW: the byte-table permute inlines in Go and beats an
// assembly call, so only the AVX-512 kernels use their own.
func permute(bb uint64) uint64 {
	if k := kernel(); k == kernelAMD64AVX512 || k == kernelAMD64AVX512Sym {
		return toWAVX512(bb)
	}
	return toW(bb)
}
