package search

import (
	"sync"

	"github.com/symmagic/attacks/bench/perft"
	"github.com/symmagic/attacks/movegen"
)

// kingBucket returns the bucket of a king on square k, seen from its own
// side (its back rank is rank 1), and whether that perspective is mirrored.
func kingBucket(buckets, k int) (bucket int, mirror bool) {
	file, rank := k&7, k>>3
	switch buckets {
	case 1:
		return 0, false
	case 64:
		return k, false
	}
	if file >= 4 {
		file, mirror = 7-file, true
	}
	var group int
	switch buckets {
	case 8:
		group = min(rank, 1)
	case 16:
		group = [8]int{0, 1, 2, 2, 3, 3, 3, 3}[rank]
	case 32:
		group = rank
	}
	return group*4 + file, mirror
}

// KingSlot is what a perspective's features depend on besides the piece:
// the offset of its king bucket's block of rows, and the XOR that maps a
// square to the perspective's (flipped for black, mirrored if the king is on
// files e-h).
type KingSlot struct {
	base int
	flip int
}

// Net is the load's weights, shared read-only by every thread.
type Net struct {
	h       int
	weights []int16 // F rows of H
	bias    []int16
	king    [2][64]KingSlot // by perspective and king square
	piece   [2][16]int      // by perspective and movegen.Piece: row offset of (piece, a1)
}

var (
	netMu    sync.Mutex
	lastNet  *Net
	lastConf perft.NNUE
)

// GetNet returns the net of c, reusing the last one built: the weights take
// a moment to fill, and a series of runs usually keeps one size.
func GetNet(c perft.NNUE) *Net {
	c = c.WithDefaults()
	netMu.Lock()
	defer netMu.Unlock()
	if lastNet == nil || lastConf != c {
		lastNet, lastConf = nil, perft.NNUE{} // let the old weights go first
		lastNet, lastConf = NewNet(c), c
	}
	return lastNet
}

// NewNet builds the net of c, its weights from a fixed seed.
func NewNet(c perft.NNUE) *Net {
	h := c.Hidden
	n := &Net{h: h, weights: make([]int16, c.Features()*h), bias: make([]int16, h)}
	// Small weights, as trained nets have; the values matter only to the
	// checksum.
	r := splitmix64(0x3c6e_f372_fe94_f82b ^ uint64(c.Buckets)<<32 ^ uint64(h))
	fill := func(s []int16) {
		for i := 0; i < len(s); i += 4 {
			x := r.next()
			for j := i; j < min(i+4, len(s)); j++ {
				s[j] = int16(x) >> 5 // -1024..1023
				x >>= 16
			}
		}
	}
	fill(n.weights)
	fill(n.bias)
	for c2 := movegen.White; c2 <= movegen.Black; c2++ {
		rel := 0
		if c2 == movegen.Black {
			rel = 56
		}
		for ksq := range 64 {
			b, mirror := kingBucket(c.Buckets, ksq^rel)
			flip := rel
			if mirror {
				flip ^= 7
			}
			n.king[c2][ksq] = KingSlot{base: b * perft.PieceFeatures * h, flip: flip}
		}
		for pc := range n.piece[c2] {
			p := movegen.Piece(pc)
			if p&7 == 0 || p&7 > 6 {
				continue
			}
			idx := int(p.Type()) - 1 // Pawn first
			if p.Color() != c2 {
				idx += 6
			}
			n.piece[c2][pc] = idx * 64 * h
		}
	}
	return n
}

// H returns the net's width, the hidden units of an accumulator.
func (n *Net) H() int { return n.h }

// Bias returns the first layer's bias, an accumulator's start.
func (n *Net) Bias() []int16 { return n.bias }

// Slot returns the king slot of perspective c (0 white, 1 black) with its
// king on ksq.
func (n *Net) Slot(c, ksq int) KingSlot { return n.king[c&1][ksq&63] }

// Row returns the weights of piece pc (a movegen.Piece's value) on sq for
// perspective c, whose king slot is ks.
func (n *Net) Row(ks KingSlot, c int, pc uint8, sq int) []int16 {
	o := ks.base + n.piece[c&1][pc&15] + (sq^ks.flip)*n.h
	return n.weights[o : o+n.h]
}

// The kernels. Reslicing every operand to len(dst) lets the compiler drop
// the bounds checks, so each is one tight loop of loads, adds and a store
// (TestLoadKernels checks the compiled code).

func AddRow(dst, a []int16) {
	a = a[:len(dst)]
	for i := range dst {
		dst[i] += a[i]
	}
}

func AddSub(dst, src, a, s []int16) {
	src, a, s = src[:len(dst)], a[:len(dst)], s[:len(dst)]
	for i := range dst {
		dst[i] = src[i] + a[i] - s[i]
	}
}

func AddSubSub(dst, src, a, s1, s2 []int16) {
	src, a, s1, s2 = src[:len(dst)], a[:len(dst)], s1[:len(dst)], s2[:len(dst)]
	for i := range dst {
		dst[i] = src[i] + a[i] - s1[i] - s2[i]
	}
}

func AddAddSubSub(dst, src, a1, a2, s1, s2 []int16) {
	src, a1, a2, s1, s2 = src[:len(dst)], a1[:len(dst)], a2[:len(dst)], s1[:len(dst)], s2[:len(dst)]
	for i := range dst {
		dst[i] = src[i] + a1[i] + a2[i] - s1[i] - s2[i]
	}
}

// splitmix64 is the generator of the load's weights: small, fixed, and the
// same in every Go release.
type splitmix64 uint64

func (s *splitmix64) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
