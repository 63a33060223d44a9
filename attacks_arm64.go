//go:build gc && !purego

package attacks

// The arm64 kernel (attacks_arm64.s): the unions of the generic kernel in
// hand-written assembly. Every arm64 CPU runs it; there is no optional
// feature to test. ToW is the generic kernel's byte tables, inlined: an
// assembly call would cost more than the permute.

// rookUnionARM64 is rookUnionGeneric (attacks_generic.go): one permute, then
// a lookup per piece.
func rookUnionARM64(pieces, occ uint64) uint64

// bishopUnionARM64 is bishopUnionGeneric (attacks_generic.go): one permute,
// then a lookup per piece.
func bishopUnionARM64(pieces, occ uint64) uint64

var supported = []kernelID{kernelARM64, kernelGeneric}

// defaultKernel is the assembly kernel; the generic one stays selectable.
var defaultKernel = supported[0]

// The dispatchers of attacks_arm64.s: each reads the kernel word and
// branches to the arm64 or the generic kernel, so the exported functions,
// which inline, make one call whatever the kernel.

func rookUnionDispatch(rooks, occ uint64) uint64
func bishopUnionDispatch(bishops, occ uint64) uint64

func rookUnion(rooks, occ uint64) uint64     { return rookUnionDispatch(rooks, occ) }
func bishopUnion(bishops, occ uint64) uint64 { return bishopUnionDispatch(bishops, occ) }

// permute is ToW: the same byte-table permute inlines in Go, so the arm64
// kernel has no ToW of its own.
func permute(bb uint64) uint64 { return toW(bb) }
