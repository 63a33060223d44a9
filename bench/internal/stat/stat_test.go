package stat

import (
	"math"
	"testing"
)

func TestSummarize(t *testing.T) {
	cases := []struct {
		xs                       []float64
		median, lo, hi, min, max float64
		coverage                 float64
	}{
		// 9 rounds: ranks 2 and 8 (1-based), 1 - 2*10/512.
		{[]float64{9, 1, 8, 2, 7, 3, 6, 4, 5}, 5, 2, 8, 1, 9, 1 - 20.0/512},
		// 7 rounds: no inner pair reaches 95%, the whole range, 1 - 2/128.
		{[]float64{7, 1, 6, 2, 5, 3, 4}, 4, 1, 7, 1, 7, 1 - 2.0/128},
		// Even count: the mean of the middle two.
		{[]float64{4, 1, 3, 2}, 2.5, 1, 4, 1, 4, 1 - 2.0/16},
		// 20 rounds: ranks 6 and 15, 1 - 2*P(B <= 5) = 0.9586.
		{[]float64{20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}, 10.5, 6, 15, 1, 20, 1 - 2*21700.0/(1<<20)},
		// One round: no interval.
		{[]float64{3}, 3, 3, 3, 3, 3, 0},
	}
	for _, c := range cases {
		s := Summarize(c.xs)
		if s.Median != c.median || s.Lo != c.lo || s.Hi != c.hi || s.Min != c.min || s.Max != c.max || math.Abs(s.Coverage-c.coverage) > 1e-12 {
			t.Errorf("Summarize(%v) = %+v, want median %v [%v, %v] range %v-%v coverage %v", c.xs, s, c.median, c.lo, c.hi, c.min, c.max, c.coverage)
		}
	}
	if s := Summarize(nil); !math.IsNaN(s.Median) || s.Coverage != 0 {
		t.Errorf("Summarize(nil) = %+v, want NaNs and coverage 0", s)
	}
}
