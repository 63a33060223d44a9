//go:build gc && !purego

package attacks

// The arm64 kernel (attacks_arm64.s): the generic kernel in hand-written
// assembly. Every arm64 CPU runs it; there is no optional feature to test.

// rookARM64 is rookGeneric (attacks_generic.go); sq must be in 0..63.
func rookARM64(sq int, occ uint64) uint64

// bishopARM64 is bishopGeneric (attacks_generic.go); sq must be in 0..63.
func bishopARM64(sq int, occ uint64) uint64

// queenARM64 is queenGeneric (attacks_generic.go): one permute, then the rook
// and bishop lookups on the same W word; sq must be in 0..63.
func queenARM64(sq int, occ uint64) uint64

// rookWARM64 is the lookup RookW (attacks.go) inlines; sq must be in 0..63.
func rookWARM64(sq int, occW uint64) uint64

// bishopWARM64 is the lookup BishopW (attacks.go) inlines; sq must be in
// 0..63.
func bishopWARM64(sq int, occW uint64) uint64

// queenWARM64 is the lookup QueenW (attacks.go) inlines; sq must be in
// 0..63.
func queenWARM64(sq int, occW uint64) uint64

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

func rookDispatch(sq int, occ uint64) uint64
func bishopDispatch(sq int, occ uint64) uint64
func queenDispatch(sq int, occ uint64) uint64
func rookUnionDispatch(rooks, occ uint64) uint64
func bishopUnionDispatch(bishops, occ uint64) uint64

func rook(sq int, occ uint64) uint64         { return rookDispatch(sq, occ) }
func bishop(sq int, occ uint64) uint64       { return bishopDispatch(sq, occ) }
func queen(sq int, occ uint64) uint64        { return queenDispatch(sq, occ) }
func rookUnion(rooks, occ uint64) uint64     { return rookUnionDispatch(rooks, occ) }
func bishopUnion(bishops, occ uint64) uint64 { return bishopUnionDispatch(bishops, occ) }

// permute is ToW: the same byte-table permute inlines in Go, which beat an
// assembly call on amd64, so the arm64 kernel has no ToW of its own.
func permute(bb uint64) uint64 { return toW(bb) }
