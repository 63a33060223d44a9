// Package stat is what the bench's commands share: the summary of a cell's
// rounds, and the rule that turns two cells into a speed ratio and a
// verdict (Compare: faster or slower exactly when the 95% interval of the
// per-round ratios excludes 1).
package stat

import (
	"fmt"
	"math"
	"slices"
)

// Summary describes the rounds of one measurement.
type Summary struct {
	Median, Min, Max float64
	// Lo and Hi are the order statistics x(k) and x(n-1-k) for the largest
	// k whose coverage, 1 - 2 P(Binomial(n, 1/2) <= k), the probability
	// that they hold the true median, is still at least 95%; with fewer
	// than six rounds no k reaches it and they are Min and Max (k = 0).
	Lo, Hi, Coverage float64
}

// Summarize returns the summary of xs; NaNs and a coverage of 0 when xs
// is empty.
func Summarize(xs []float64) Summary {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n == 0 {
		nan := math.NaN()
		return Summary{nan, nan, nan, nan, nan, 0}
	}
	med := s[n/2]
	if n%2 == 0 {
		med = (s[n/2-1] + s[n/2]) / 2
	}
	half := math.Pow(0.5, float64(n))
	k, coverage, tail := 0, 1-2*half, 0.0 // k = 0: P(B <= 0) = 2^-n
	for j := 0; j < n/2; j++ {
		tail += binom(n, j) * half
		c := 1 - 2*tail
		if c < 0.95 {
			break
		}
		k, coverage = j, c
	}
	if n == 1 {
		coverage = 0
	}
	return Summary{Median: med, Min: s[0], Max: s[n-1], Lo: s[k], Hi: s[n-1-k], Coverage: coverage}
}

func binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}

// Show writes the summary as its median and interval, each in the verb f:
// Show("%.1f") gives "412.3 [405.0, 419.8]".
func (s Summary) Show(f string) string {
	return fmt.Sprintf(f+" ["+f+", "+f+"]", s.Median, s.Lo, s.Hi)
}
