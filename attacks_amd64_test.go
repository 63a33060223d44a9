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

// BenchmarkPermuteAMD64 compares the candidates for the amd64 permute on the
// same inputs: the Go byte tables (inlined), and the assembly kernels'
// permutes called straight from the loop (AVX-512 and byte tables).
func BenchmarkPermuteAMD64(b *testing.B) {
	in := benchInputs
	methods := []struct {
		name string
		ok   bool
		f    func(uint64) uint64
	}{
		{"avx512", hasAVX512, toWAVX512},
		{"amd64", true, toWAMD64},
	}
	b.Run("method=go-bytes", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			acc ^= toW(in[i&4095].occ)
		}
		sink = acc
	})
	for _, m := range methods {
		if !m.ok {
			b.Logf("method=%s: skipped, this CPU lacks it", m.name)
			continue
		}
		b.Run("method="+m.name, func(b *testing.B) {
			var acc uint64
			for i := 0; i < b.N; i++ {
				acc ^= m.f(in[i&4095].occ)
			}
			sink = acc
		})
	}
}
