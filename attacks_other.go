//go:build purego || !gc || !(amd64 || arm64)

package attacks

// Without assembly every operation is the generic kernel.

var supported = []kernelID{kernelGeneric}

var defaultKernel = kernelGeneric

func rook(sq int, occ uint64) uint64         { return rookGeneric(sq, occ) }
func bishop(sq int, occ uint64) uint64       { return bishopGeneric(sq, occ) }
func queen(sq int, occ uint64) uint64        { return queenGeneric(sq, occ) }
func rookUnion(rooks, occ uint64) uint64     { return rookUnionGeneric(rooks, occ) }
func bishopUnion(bishops, occ uint64) uint64 { return bishopUnionGeneric(bishops, occ) }
func permute(bb uint64) uint64               { return toW(bb) }
