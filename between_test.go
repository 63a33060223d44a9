package attacks

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// rayWalk returns the squares from sq towards the edge in the direction
// (dr ranks, df files) a step, sq excluded, nearest first.
func rayWalk(sq, dr, df int) []int {
	var out []int
	for r, f := sq>>3+dr, sq&7+df; r >= 0 && r < 8 && f >= 0 && f < 8; r, f = r+dr, f+df {
		out = append(out, 8*r+f)
	}
	return out
}

// refBetweenLine walks from a in each of the 8 directions until the edge;
// if it meets b, between is what it crossed and whole is a with both rays
// of that axis.
func refBetweenLine(a, b int) (between, whole uint64) {
	for _, d := range [8][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}} {
		var crossed uint64
		for _, s := range rayWalk(a, d[0], d[1]) {
			if s != b {
				crossed |= 1 << s
				continue
			}
			whole = 1 << a
			for _, t := range rayWalk(a, d[0], d[1]) {
				whole |= 1 << t
			}
			for _, t := range rayWalk(a, -d[0], -d[1]) {
				whole |= 1 << t
			}
			return crossed, whole
		}
	}
	return 0, 0
}

// table64Between and table64Line are the plain 64x64 tables, from the
// reference: the yardstick of the benchmarks (32,768 bytes each).
var table64Between, table64Line = func() (bt, lt [64][64]uint64) {
	for a := 0; a < 64; a++ {
		for b := 0; b < 64; b++ {
			bt[a][b], lt[a][b] = refBetweenLine(a, b)
		}
	}
	return bt, lt
}()

func sqName(sq int) string { return string(rune('a'+sq&7)) + string(rune('1'+sq>>3)) }

// TestBetweenLine checks every (a, b) pair against the ray walk, and the
// properties that follow from the definitions.
func TestBetweenLine(t *testing.T) {
	aligned := 0
	for a := 0; a < 64; a++ {
		for b := 0; b < 64; b++ {
			wantB, wantL := table64Between[a][b], table64Line[a][b]
			gotB, gotL := Between(a, b), Line(a, b)
			if gotB != wantB {
				t.Errorf("Between(%s, %s) = %#x, want %#x", sqName(a), sqName(b), gotB, wantB)
			}
			if gotL != wantL {
				t.Errorf("Line(%s, %s) = %#x, want %#x", sqName(a), sqName(b), gotL, wantL)
			}
			if Between(b, a) != gotB || Line(b, a) != gotL {
				t.Errorf("%s, %s: not symmetric", sqName(a), sqName(b))
			}
			if gotB&^gotL != 0 {
				t.Errorf("Between(%s, %s) is not inside Line", sqName(a), sqName(b))
			}
			if wantL == 0 {
				continue
			}
			aligned++
			ab := uint64(1)<<a | uint64(1)<<b
			if gotL&ab != ab {
				t.Errorf("Line(%s, %s) = %#x lacks a or b", sqName(a), sqName(b), gotL)
			}
			if gotB&ab != 0 {
				t.Errorf("Between(%s, %s) = %#x holds a or b", sqName(a), sqName(b), gotB)
			}
			// The claim Between is built on, checked on the reference:
			// the line's squares strictly between a and b are those
			// numbered strictly between them.
			lo, hi := min(a, b), max(a, b)
			var numbered uint64
			for s := lo + 1; s < hi; s++ {
				numbered |= 1 << s
			}
			if wantL&numbered != wantB {
				t.Errorf("%s, %s: the line's squares numbered between them are not the squares between them", sqName(a), sqName(b))
			}
		}
	}
	// Ordered aligned pairs: 64 x 14 rook moves plus 560 bishop moves on
	// an empty board. This checks the reference itself.
	if aligned != 64*14+560 {
		t.Errorf("%d aligned ordered pairs, want %d", aligned, 64*14+560)
	}
}

// TestBetweenLinePanics checks the panic message for a bad square in
// either position; with both bad, a is named.
func TestBetweenLinePanics(t *testing.T) {
	for _, fn := range []struct {
		name string
		f    func(a, b int) uint64
	}{{"Between", Between}, {"Line", Line}} {
		try := func(a, b, bad int) {
			t.Helper()
			defer func() {
				v := recover()
				err, ok := v.(error)
				want := fmt.Sprintf("attacks.%s: square %d out of range 0..63", fn.name, bad)
				if !ok || err.Error() != want {
					t.Errorf("%s(%d, %d) panicked with %v, want %q", fn.name, a, b, v, want)
				}
			}()
			fn.f(a, b)
		}
		for _, bad := range []int{-1, 64, 65, 1000, math.MaxInt, math.MinInt} {
			for _, good := range []int{0, 27, 63} {
				try(bad, good, bad)
				try(good, bad, bad)
			}
			try(bad, -5, bad)
			try(bad, 99, bad)
		}
		fn.f(0, 63) // in range: no panic
		fn.f(63, 0)
	}
}

// TestBetweenTables pins the size of the tables Between and Line read.
func TestBetweenTables(t *testing.T) {
	if n := unsafe.Sizeof(lineDirs) + unsafe.Sizeof(lineMasks); n != 2800 {
		t.Errorf("Between and Line tables take %d bytes, want 2,800", n)
	}
}

// linePairs is the benchmarks' input: 4,096 pairs of squares, half of them
// on a common line, in random order.
var linePairs = func() [][2]int {
	r := rand.New(rand.NewPCG(5, 5))
	pairs := make([][2]int, 4096)
	for i := range pairs {
		for {
			a, b := r.IntN(64), r.IntN(64)
			if (table64Line[a][b] != 0) == (i%2 == 0) {
				pairs[i] = [2]int{a, b}
				break
			}
		}
	}
	r.Shuffle(len(pairs), func(i, j int) { pairs[i], pairs[j] = pairs[j], pairs[i] })
	return pairs
}()

var betweenSink uint64

// lineBytes is what Between and Line read, for the benchmarks' table-B
// metric.
const lineBytes = float64(unsafe.Sizeof(lineDirs) + unsafe.Sizeof(lineMasks))

const table64Bytes = float64(unsafe.Sizeof(table64Line))

// The hot loop: independent lookups, the results XORed together. Every
// loop is written out rather than given its lookup as a function value, so
// that the lookup inlines as it would in an engine.

func BenchmarkBetween(b *testing.B) {
	b.Run("impl=table64", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			p := &linePairs[i&4095]
			acc ^= table64Between[p[0]][p[1]]
		}
		betweenSink = acc
		b.ReportMetric(table64Bytes, "table-B")
	})
	b.Run("impl=attacks", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			p := &linePairs[i&4095]
			acc ^= Between(p[0], p[1])
		}
		betweenSink = acc
		b.ReportMetric(lineBytes, "table-B")
	})
}

func BenchmarkLine(b *testing.B) {
	b.Run("impl=table64", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			p := &linePairs[i&4095]
			acc ^= table64Line[p[0]][p[1]]
		}
		betweenSink = acc
		b.ReportMetric(table64Bytes, "table-B")
	})
	b.Run("impl=attacks", func(b *testing.B) {
		var acc uint64
		for i := 0; i < b.N; i++ {
			p := &linePairs[i&4095]
			acc ^= Line(p[0], p[1])
		}
		betweenSink = acc
		b.ReportMetric(lineBytes, "table-B")
	})
}

// Latency: which pair comes next depends on the previous result, so the
// lookups run one after another.

func BenchmarkBetweenLatency(b *testing.B) {
	b.Run("impl=table64", func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			p := &linePairs[(i+int(prev&1))&4095]
			prev = table64Between[p[0]][p[1]]
		}
		betweenSink = prev
		b.ReportMetric(table64Bytes, "table-B")
	})
	b.Run("impl=attacks", func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			p := &linePairs[(i+int(prev&1))&4095]
			prev = Between(p[0], p[1])
		}
		betweenSink = prev
		b.ReportMetric(lineBytes, "table-B")
	})
}

func BenchmarkLineLatency(b *testing.B) {
	b.Run("impl=table64", func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			p := &linePairs[(i+int(prev&1))&4095]
			prev = table64Line[p[0]][p[1]]
		}
		betweenSink = prev
		b.ReportMetric(table64Bytes, "table-B")
	})
	b.Run("impl=attacks", func(b *testing.B) {
		var prev uint64
		for i := 0; i < b.N; i++ {
			p := &linePairs[(i+int(prev&1))&4095]
			prev = Line(p[0], p[1])
		}
		betweenSink = prev
		b.ReportMetric(lineBytes, "table-B")
	})
}

// TestBetweenPairs checks the benchmarks' input: half of the pairs aligned.
func TestBetweenPairs(t *testing.T) {
	n := 0
	for _, p := range linePairs {
		if table64Line[p[0]][p[1]] != 0 {
			n++
		}
	}
	if n != len(linePairs)/2 {
		t.Errorf("%d of %d pairs aligned, want half", n, len(linePairs))
	}
}
