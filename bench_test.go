package attacks

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/symmagic/attacks/magic"
)

func TestFancyReference(t *testing.T) {
	fancyInit()
	for _, p := range []magic.Piece{magic.Rook, magic.Bishop} {
		tab := &fancyRook
		if p == magic.Bishop {
			tab = &fancyBishp
		}
		for sq := 0; sq < 64; sq++ {
			for _, occ := range magic.Subsets(magic.Mask(p, sq)) {
				if got, want := fancyLookup(&tab[sq], occ), magic.Attacks(p, sq, occ); got != want {
					t.Fatalf("fancy %v %s %#x: %#x, want %#x", p, magic.SquareName(sq), occ, got, want)
				}
			}
		}
	}
}

// benchInput is one lookup: a square, an occupancy of 16 to 32 pieces in
// both layouts, and two or three of its squares as rooks for the unions; the
// same stream for every benchmark.
type benchInput struct {
	sq               int
	occ, occW, rooks uint64
}

var benchInputs = func() []benchInput {
	r := rand.New(rand.NewPCG(11, 11))
	in := make([]benchInput, 4096)
	for i := range in {
		var occ uint64
		for n := 16 + r.IntN(17); bits.OnesCount64(occ) < n; {
			occ |= 1 << r.IntN(64)
		}
		var rooks uint64
		for n := 2 + r.IntN(2); bits.OnesCount64(rooks) < n; {
			if b := uint64(1) << r.IntN(64); occ&b != 0 {
				rooks |= b
			}
		}
		in[i] = benchInput{sq: r.IntN(64), occ: occ, occW: magic.ToW(occ), rooks: rooks}
	}
	return in
}()

var sink uint64

// eachKernelBench runs f under every kernel, named kernel=NAME, after a
// fancy-magic row named kernel=fancy.
func eachKernelBench(b *testing.B, fancy, f func(b *testing.B)) {
	fancyInit()
	b.Run("kernel=fancy", fancy)
	def := Kernel()
	defer SetKernel(def)
	for _, k := range Kernels() {
		SetKernel(k)
		b.Run("kernel="+k, f)
	}
}

// Hot loops: independent lookups, so the time is throughput.

func BenchmarkRook(b *testing.B) {
	in := benchInputs
	eachKernelBench(b, func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= fancyLookup(&fancyRook[e.sq], e.occ)
		}
		sink = acc
	}, func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= Rook(e.sq, e.occ)
		}
		sink = acc
	})
}

// BenchmarkRookW and BenchmarkQueenW: kernel=generic is the exported RookW
// or QueenW (Go); the assembly kernels' rows call their W-input assembly,
// which the exported functions do not use.
func BenchmarkRookW(b *testing.B) {
	in := benchInputs
	eachKernelBench(b, func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= fancyLookup(&fancyRook[e.sq], e.occ)
		}
		sink = acc
	}, func(b *testing.B) {
		var acc uint64
		if f, ok := wKernels[Kernel()]; ok {
			rookW := f[0]
			for i := 0; i < b.N; i++ {
				e := &in[i&4095]
				acc ^= rookW(e.sq, e.occW)
			}
		} else {
			for i := 0; i < b.N; i++ {
				e := &in[i&4095]
				acc ^= RookW(e.sq, e.occW)
			}
		}
		sink = acc
	})
}

func BenchmarkQueenW(b *testing.B) {
	in := benchInputs
	eachKernelBench(b, func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= fancyLookup(&fancyRook[e.sq], e.occ) | fancyLookup(&fancyBishp[e.sq], e.occ)
		}
		sink = acc
	}, func(b *testing.B) {
		queenW := QueenW
		if f, ok := wKernels[Kernel()]; ok {
			queenW = f[2]
		}
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= queenW(e.sq, e.occW)
		}
		sink = acc
	})
}

func BenchmarkRookUnion(b *testing.B) {
	in := benchInputs
	eachKernelBench(b, func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			for r := e.rooks; r != 0; r &= r - 1 {
				acc ^= fancyLookup(&fancyRook[bits.TrailingZeros64(r)], e.occ)
			}
		}
		sink = acc
	}, func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= RookUnion(e.rooks, e.occ)
		}
		sink = acc
	})
}

func BenchmarkToW(b *testing.B) {
	in := benchInputs
	def := Kernel()
	defer SetKernel(def)
	for _, k := range Kernels() {
		SetKernel(k)
		b.Run("kernel="+k, func(b *testing.B) {
			var acc uint64
			for i := 0; i < b.N; i++ {
				acc ^= ToW(in[i&4095].occ)
			}
			sink = acc
		})
	}
}

// Latency: each occupancy depends on the previous result.

func BenchmarkRookLatency(b *testing.B) {
	in := benchInputs
	eachKernelBench(b, func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			prev = fancyLookup(&fancyRook[e.sq], e.occ^(prev&1))
		}
		sink = prev
	}, func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			prev = Rook(e.sq, e.occ^(prev&1))
		}
		sink = prev
	})
}

func BenchmarkRookWLatency(b *testing.B) {
	in := benchInputs
	eachKernelBench(b, func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			prev = fancyLookup(&fancyRook[e.sq], e.occ^(prev&1))
		}
		sink = prev
	}, func(b *testing.B) {
		var prev uint64
		if f, ok := wKernels[Kernel()]; ok {
			rookW := f[0]
			for i := 0; i < b.N; i++ {
				e := &in[i&4095]
				prev = rookW(e.sq, e.occW^(prev&1))
			}
		} else {
			for i := 0; i < b.N; i++ {
				e := &in[i&4095]
				prev = RookW(e.sq, e.occW^(prev&1))
			}
		}
		sink = prev
	})
}
