package magic

import (
	"math/rand/v2"
	"testing"
)

var permSink uint64

// BenchmarkPermute compares software permutes to W layout: the per-bit
// loop, eight byte-table lookups (what the generic kernel uses), and a Beneš
// network of delta swaps (no table, but 11 dependent stages).
func BenchmarkPermute(b *testing.B) {
	r := rand.New(rand.NewPCG(4, 4))
	in := make([]uint64, 1024)
	for i := range in {
		in[i] = r.Uint64() & r.Uint64()
	}
	bt := ByteTables(&W)
	net, err := Network(W)
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range []struct {
		name string
		f    func(uint64) uint64
	}{
		{"bits", ToW},
		{"bytes", func(x uint64) uint64 {
			return bt[0][uint8(x)] | bt[1][uint8(x>>8)] | bt[2][uint8(x>>16)] | bt[3][uint8(x>>24)] |
				bt[4][uint8(x>>32)] | bt[5][uint8(x>>40)] | bt[6][uint8(x>>48)] | bt[7][uint8(x>>56)]
		}},
		{"benes", func(x uint64) uint64 { return Apply(net, x) }},
	} {
		b.Run("method="+m.name, func(b *testing.B) {
			var acc uint64
			for i := 0; i < b.N; i++ {
				acc ^= m.f(in[i&1023])
			}
			permSink = acc
		})
	}
}
