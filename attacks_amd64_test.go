//go:build gc && !purego

package attacks

// wKernels maps each assembly kernel to its W-input lookups (rook, bishop,
// queen), which the exported RookW, BishopW and QueenW never call (they inline the Go lookup):
// tests and benchmarks reach them here.
var wKernels = map[string][3]func(int, uint64) uint64{
	"amd64-avx512": {rookWAMD64, bishopWAMD64, queenWAMD64},
	"amd64":        {rookWAMD64, bishopWAMD64, queenWAMD64},
}
