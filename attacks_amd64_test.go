//go:build gc && !purego

package attacks

import (
	"fmt"
	"os"
	"testing"

	"golang.org/x/sys/cpu"
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

// TestKernelIDs: the dispatch in attacks_amd64.s (asm/main.go) compares
// the kernel word with these numbers.
func TestKernelIDs(t *testing.T) {
	if kernelGeneric != 0 || kernelAMD64AVX512 != 1 || kernelAMD64AVX512Sym != 2 || kernelAMD64 != 3 {
		t.Fatal("the kernel IDs differ from asm/main.go's idGeneric, idAVX512, idAVX512Sym, idAMD64: change both")
	}
}

func TestToWPEXT(t *testing.T) {
	if !cpu.X86.HasBMI2 {
		t.Skip("toWPEXT: this CPU lacks BMI2")
	}
	for i, e := range benchInputs {
		x := e.occ ^ uint64(i)*0x9e3779b97f4a7c15
		if got, want := toWPEXT(x), toW(x); got != want {
			t.Fatalf("toWPEXT(%#x) = %#x, want %#x", x, got, want)
		}
	}
}

// BenchmarkPermuteAMD64 compares the candidates for the amd64 permute on the
// same inputs: the Go byte tables (inlined), the AVX-512 kernel's permute,
// and PEXT/PDEP (14 pairs), the latter two behind an assembly call.
func BenchmarkPermuteAMD64(b *testing.B) {
	in := benchInputs
	methods := []struct {
		name string
		ok   bool
		f    func(uint64) uint64
	}{
		{"go-bytes", true, nil},
		{"avx512", hasAVX512, toWAVX512},
		{"pext", cpu.X86.HasBMI2, toWPEXT},
	}
	for _, m := range methods {
		if !m.ok {
			continue
		}
		b.Run("method="+m.name, func(b *testing.B) {
			var acc uint64
			if m.f == nil {
				for i := 0; i < b.N; i++ {
					acc ^= toW(in[i&4095].occ)
				}
			} else {
				for i := 0; i < b.N; i++ {
					acc ^= m.f(in[i&4095].occ)
				}
			}
			sink = acc
		})
	}
}

// BenchmarkRookCallAMD64 separates the cost of the call from the kernel:
// fancy magic inlined, rookAVX512 called straight from the loop, and the
// exported Rook (one call: the dispatch in assembly, which runs the same
// kernel in place).
func BenchmarkRookCallAMD64(b *testing.B) {
	if !hasAVX512 {
		b.Skip("this CPU lacks AVX-512 BITALG")
	}
	fancyInit()
	in := benchInputs
	def := Kernel()
	defer SetKernel(def)
	SetKernel("amd64-avx512")
	b.Run("call=fancy-inlined", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= fancyLookup(&fancyRook[e.sq], e.occ)
		}
		sink = acc
	})
	b.Run("call=rookAVX512-direct", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= rookAVX512(e.sq, e.occ)
		}
		sink = acc
	})
	b.Run("call=Rook-exported", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= Rook(e.sq, e.occ)
		}
		sink = acc
	})
}
