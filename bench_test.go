package attacks

import (
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

// benchInput is one lookup: a square and an occupancy of 16 to 32 pieces, in
// both layouts, the same stream for every benchmark.
type benchInput struct {
	sq        int
	occ, occW uint64
}

var benchInputs = func() []benchInput {
	r := rand.New(rand.NewPCG(11, 11))
	in := make([]benchInput, 4096)
	for i := range in {
		var occ uint64
		for n := 16 + r.IntN(17); bitsCount(occ) < n; {
			occ |= 1 << r.IntN(64)
		}
		in[i] = benchInput{sq: r.IntN(64), occ: occ, occW: magic.ToW(occ)}
	}
	return in
}()

func bitsCount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

var sink uint64

// BenchmarkRook measures independent lookups (throughput) over the same
// input stream: this package's Rook and RookW, and plain fancy magic.
func BenchmarkRook(b *testing.B) {
	fancyInit()
	in := benchInputs
	b.Run("kernel=fancy", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= fancyLookup(&fancyRook[e.sq], e.occ)
		}
		sink = acc
	})
	b.Run("kernel="+Kernel()+"/Rook", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= Rook(e.sq, e.occ)
		}
		sink = acc
	})
	b.Run("kernel="+Kernel()+"/RookW", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			acc ^= RookW(e.sq, e.occW)
		}
		sink = acc
	})
	b.Run("kernel="+Kernel()+"/ToW", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			acc ^= ToW(in[i&4095].occ)
		}
		sink = acc
	})
}

// BenchmarkRookLatency chains lookups: each occupancy depends on the
// previous result, so the time is the lookup's latency.
func BenchmarkRookLatency(b *testing.B) {
	fancyInit()
	in := benchInputs
	b.Run("kernel=fancy", func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			prev = fancyLookup(&fancyRook[e.sq], e.occ^(prev&1))
		}
		sink = prev
	})
	b.Run("kernel="+Kernel()+"/Rook", func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			prev = Rook(e.sq, e.occ^(prev&1))
		}
		sink = prev
	})
	b.Run("kernel="+Kernel()+"/RookW", func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			e := &in[i&4095]
			prev = RookW(e.sq, e.occW^(prev&1))
		}
		sink = prev
	})
}
