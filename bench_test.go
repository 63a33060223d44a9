package attacks

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/symmagic/attacks/internal/magic"
)

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

// The benchmarks time this package alone; its comparison with the magics
// and the other techniques, on the same kind of inputs, is the bench
// module's main job (go run -C bench .), which has every yardstick. A
// lookup that is the same Go code under every kernel runs as kernel=go; the
// operations that permute run once under each kernel (eachKernel).

// eachKernelBench runs f under every kernel this CPU can run, named
// kernel=NAME, restoring the default afterwards.
func eachKernelBench(b *testing.B, f func(b *testing.B)) {
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
	b.Run("kernel=go", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= Rook(e.sq, e.occ)
		}
		sink = acc
	})
}

func BenchmarkRookW(b *testing.B) {
	in := benchInputs
	b.Run("kernel=go", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= RookW(e.sq, e.occW)
		}
		sink = acc
	})
}

func BenchmarkBishopW(b *testing.B) {
	in := benchInputs
	b.Run("kernel=go", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= BishopW(e.sq, e.occW)
		}
		sink = acc
	})
}

// BenchmarkQueenW adds kernel=go-separate: RookW | BishopW, two calls, which
// QueenW must beat.
func BenchmarkQueenW(b *testing.B) {
	in := benchInputs
	b.Run("kernel=go", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= QueenW(e.sq, e.occW)
		}
		sink = acc
	})
	b.Run("kernel=go-separate", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= RookW(e.sq, e.occW) | BishopW(e.sq, e.occW)
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
			acc ^= RookUnion(e.rooks, e.occ)
		}
		sink = acc
	})
}

func BenchmarkToW(b *testing.B) {
	in := benchInputs
	eachKernelBench(b, func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			acc ^= ToW(in[i&4095].occ)
		}
		sink = acc
	})
}

// BenchmarkToWLatency: each occupancy depends on the previous result.
func BenchmarkToWLatency(b *testing.B) {
	in := benchInputs
	eachKernelBench(b, func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			prev = ToW(in[i&4095].occ ^ prev&1)
		}
		sink = prev
	})
}

// Latency: each occupancy depends on the previous result.

func BenchmarkRookLatency(b *testing.B) {
	in := benchInputs
	b.Run("kernel=go", func(b *testing.B) {
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
	b.Run("kernel=go", func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			prev = RookW(e.sq, e.occW^(prev&1))
		}
		sink = prev
	})
}

// BenchmarkOccupancy times the updates of an Occupancy and the wrap of a
// node's occupancy: NewOccupancy (one permute, the kernel's method), Move,
// and Toggle of two and four squares (capture en passant, castling) against
// the same toggles done square by square with SquareW.
func BenchmarkOccupancy(b *testing.B) {
	in := benchInputs
	def := Kernel()
	defer SetKernel(def)
	for _, k := range Kernels() {
		SetKernel(k)
		b.Run("op=New/kernel="+k, func(b *testing.B) {
			var acc uint64
			for i := 0; i < b.N; i++ {
				acc ^= NewOccupancy(in[i&4095].occ).W()
			}
			sink = acc
		})
	}
	SetKernel(def)
	b.Run("op=Move", func(b *testing.B) {
		var o Occupancy
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			o.Move(e.sq, int(e.occ&63))
		}
		sink = o.W()
	})
	b.Run("op=Toggle16", func(b *testing.B) {
		var o Occupancy
		for i := 0; i < b.N; i++ {
			o.Toggle(in[i&4095].occ & 0x5555_5555_5555_5555)
		}
		sink = o.W()
	})
	for _, n := range []int{2, 4} {
		b.Run(fmt.Sprintf("op=Toggle%d", n), func(b *testing.B) {
			var o Occupancy
			for i := 0; i < b.N; i++ {
				e := &in[i&4095]
				o.Toggle(e.rooks | uint64(n-2)<<(e.sq&62))
			}
			sink = o.W()
		})
		b.Run(fmt.Sprintf("op=Toggle%d-bybit", n), func(b *testing.B) {
			var bb, w uint64
			for i := 0; i < b.N; i++ {
				e := &in[i&4095]
				x := e.rooks | uint64(n-2)<<(e.sq&62)
				bb ^= x
				for ; x != 0; x &= x - 1 {
					w ^= SquareW(bits.TrailingZeros64(x))
				}
			}
			sink = bb ^ w
		})
	}
}

// BenchmarkBoundaryPermutation measures what a library pays whose bit
// numbering is no symmetry of the board (boundaryPermutation, an arbitrary
// fixed permutation): its square t is inv[t] here, its occupancy is
// converted on the way in and the attack set on the way out, each with
// eight byte-table loads. (Every numbering that counts from a corner along
// ranks or files is a symmetry and needs no conversion: TestOrientations.)
// numbering=ours is the lookup alone; numbering=permuted the same lookup
// converted. For RookW the library keeps an Occupancy in this package's
// numbering (its updates convert the square, inv[t], a table load), so
// only the attack set is converted.
func BenchmarkBoundaryPermutation(b *testing.B) {
	in := benchInputs
	fwd := boundaryPermutation
	var invSq [64]uint8
	for s, t := range fwd.sq {
		invSq[t] = uint8(s)
	}
	inv := newPermutation("inverse", invSq)
	type theirInput struct {
		t          int
		occT, occW uint64
	}
	their := make([]theirInput, len(in))
	for i, e := range in {
		their[i] = theirInput{t: fwd.square(e.sq), occT: fwd.bitboard(e.occ), occW: e.occW}
		// The conversion is right: on the library's numbers, its attack set.
		if got := fwd.bitboard(Rook(int(invSq[their[i].t]), inv.bitboard(their[i].occT))); got != fwd.bitboard(magic.Attacks(magic.Rook, e.sq, e.occ)) {
			b.Fatalf("converted lookup wrong on input %d", i)
		}
	}
	// The conversions are written out in the loops, as a library would
	// write them, so they inline (numbering.bitboard is over the inliner's
	// budget).
	to, from := &fwd.bb, &inv.bb
	b.Run("lookup=Rook/numbering=ours", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= Rook(e.sq, e.occ)
		}
		sink = acc
	})
	b.Run("lookup=Rook/numbering=permuted", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &their[i&4095]
			x := e.occT
			x = from[0][uint8(x)] | from[1][uint8(x>>8)] | from[2][uint8(x>>16)] | from[3][uint8(x>>24)] |
				from[4][uint8(x>>32)] | from[5][uint8(x>>40)] | from[6][uint8(x>>48)] | from[7][uint8(x>>56)]
			a := Rook(int(invSq[e.t]), x)
			acc ^= to[0][uint8(a)] | to[1][uint8(a>>8)] | to[2][uint8(a>>16)] | to[3][uint8(a>>24)] |
				to[4][uint8(a>>32)] | to[5][uint8(a>>40)] | to[6][uint8(a>>48)] | to[7][uint8(a>>56)]
		}
		sink = acc
	})
	b.Run("lookup=RookW/numbering=ours", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= RookW(e.sq, e.occW)
		}
		sink = acc
	})
	b.Run("lookup=RookW/numbering=permuted", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &their[i&4095]
			a := RookW(int(invSq[e.t]), e.occW)
			acc ^= to[0][uint8(a)] | to[1][uint8(a>>8)] | to[2][uint8(a>>16)] | to[3][uint8(a>>24)] |
				to[4][uint8(a>>32)] | to[5][uint8(a>>40)] | to[6][uint8(a>>48)] | to[7][uint8(a>>56)]
		}
		sink = acc
	})
}
