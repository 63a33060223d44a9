//go:build purego || !gc || !(amd64 || arm64)

package attacks

// Without assembly every operation is the generic kernel.

var supported = []kernelID{kernelGeneric}

var defaultKernel = kernelGeneric

func rookUnion(rooks, occ uint64) uint64     { return rookUnionGeneric(rooks, occ) }
func bishopUnion(bishops, occ uint64) uint64 { return bishopUnionGeneric(bishops, occ) }
func permute(bb uint64) uint64               { return toW(bb) }
