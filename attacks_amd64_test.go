//go:build gc && !purego

package attacks

import (
	"fmt"
	"os"
	"testing"
)

// wKernels maps each assembly kernel to its W-input lookups (rook, bishop,
// queen), which the exported RookW, BishopW and QueenW never call (they inline the Go lookup):
// tests and benchmarks reach them here.
var wKernels = map[string][3]func(int, uint64) uint64{
	"amd64-avx512":     {rookWAMD64, bishopWAMD64, queenWAMD64},
	"amd64":            {rookWAMD64, bishopWAMD64, queenWAMD64},
	"amd64-avx512-sym": {rookWSym, bishopWSym, queenWSym},
}

// TestMain says loudly when this CPU cannot test the AVX-512 kernel (qemu,
// for one, has no AVX-512): a green run then has not checked it.
func TestMain(m *testing.M) {
	if !hasAVX512 {
		fmt.Fprintln(os.Stderr, "attacks: NOTE: this CPU lacks AVX-512 BITALG (or it is masked): the amd64-avx512 kernel is NOT tested in this run")
	}
	os.Exit(m.Run())
}
