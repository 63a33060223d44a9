//go:build gc && !purego

package attacks

import "testing"

// wKernels maps the arm64 kernel to its W-input lookups (rook, bishop,
// queen), which the exported RookW, BishopW and QueenW never call (they
// inline the Go lookup): tests and benchmarks reach them here.
var wKernels = map[string][3]func(int, uint64) uint64{
	"arm64": {rookWARM64, bishopWARM64, queenWARM64},
}

// TestKernelIDs: the dispatchers in attacks_arm64.s compare the kernel word
// with kernelARM64's number and send every other value to the generic
// kernel.
func TestKernelIDs(t *testing.T) {
	if kernelARM64 != 4 || kernelGeneric != 0 {
		t.Fatal("the kernel IDs differ from the 4 that attacks_arm64.s's DISPATCH compares with: change both")
	}
}
