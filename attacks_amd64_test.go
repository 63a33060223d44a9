//go:build gc && !purego

package attacks

import (
	"fmt"
	"os"
	"testing"
)

// TestMain says loudly when this CPU cannot test the AVX-512 kernel (qemu,
// for one, has no AVX-512): a green run then has not checked it.
func TestMain(m *testing.M) {
	if !hasAVX512 {
		fmt.Fprintln(os.Stderr, "attacks: NOTE: this CPU lacks AVX-512 BITALG (or it is masked): the amd64-avx512 kernel is NOT tested in this run")
	}
	os.Exit(m.Run())
}
