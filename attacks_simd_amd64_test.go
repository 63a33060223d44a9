//go:build gc && !purego && goexperiment.simd && amd64.v4

package attacks

import (
	"math/rand/v2"
	"testing"
	"unsafe"
)

func init() {
	simdVectorBytes = int(unsafe.Sizeof(simdShuffle) + unsafe.Sizeof(simdBit))
	// No call at all: the permute inlines into ToW and NewOccupancy.
	inlinedKernel = []string{"permute"}
}

// TestSimdPermute checks the vector permute against the byte tables on
// every single bit, every byte value in every byte, and random words (the
// exhaustive lookup tests check it again inside NewOccupancy).
func TestSimdPermute(t *testing.T) {
	check := func(bb uint64) {
		if got, want := permute(bb), toW(bb); got != want {
			t.Fatalf("permute(%#x) = %#x, want %#x", bb, got, want)
		}
	}
	for i := 0; i < 64; i++ {
		check(1 << i)
		check(^uint64(1 << i))
	}
	for b := 0; b < 8; b++ {
		for v := uint64(0); v < 256; v++ {
			check(v << (8 * b))
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 1<<16; i++ {
		check(r.Uint64())
	}
}
