//go:build gc && !purego

package attacks

// wKernels maps the arm64 kernel to its W-input lookups (rook, bishop,
// queen), which the exported RookW, BishopW and QueenW never call (they
// inline the Go lookup): tests and benchmarks reach them here.
var wKernels = map[string][3]func(int, uint64) uint64{
	"arm64": {rookWARM64, bishopWARM64, queenWARM64},
}
