package stat

import (
	"fmt"
	"strconv"
)

// Verdict is how a quantity compares with a base measured in the same
// interleaved rounds.
type Verdict int

const (
	// WithinNoise: the per-round ratios' interval holds 1.
	WithinNoise Verdict = iota
	Faster
	Slower
	// NearZero: the quantity's own interval holds zero, so no ratio of it
	// means anything (a marginal cost the noise can make negative).
	NearZero
	// BelowZero: the quantity's interval lies below zero (a marginal cost
	// the noise made negative throughout): no ratio either.
	BelowZero
	// BaseNearZero: the base's interval does not lie wholly above zero.
	BaseNearZero
)

var verdictNames = [...]string{
	WithinNoise:  "within noise",
	Faster:       "faster",
	Slower:       "slower",
	NearZero:     "within noise of zero",
	BelowZero:    "below zero",
	BaseNearZero: "base not clear of zero",
}

func (v Verdict) String() string {
	if v >= 0 && int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// Direction says which way a quantity improves.
type Direction bool

const (
	LowerIsFaster  Direction = false // times: ns/op
	HigherIsFaster Direction = true  // rates: nodes/s
)

// Comparison is one quantity against a base.
type Comparison struct {
	A, Base Summary // each one's rounds
	// Ratio summarises the per-round speed ratios (RatioNote): base[i]/a[i]
	// for times, a[i]/base[i] for rates, so that above 1 is faster either
	// way. It is the zero Summary when the comparison has no ratio
	// (HasRatio).
	Ratio   Summary
	Verdict Verdict
}

// RatioNote states the one convention of every ratio the bench prints
// (for rates, base time / this time is this rate / base rate); each report
// says it once, in its header.
const RatioNote = "ratio: speed against the base, base time / this time: above 1 is faster"

// HasRatio reports whether the comparison has a ratio to show.
func (c Comparison) HasRatio() bool { return c.Verdict <= Slower }

// String is the speed ratio with its interval and the verdict, "0.94x
// [0.93, 0.95] slower", or the verdict alone when there is no ratio. Each number
// has three significant digits ("12.1x [1.32, 22.8] within noise" on a
// noisy run), so that the string, a table cell, is never wider than 31
// characters below a ratio of 1,000.
func (c Comparison) String() string {
	if !c.HasRatio() {
		return c.Verdict.String()
	}
	// Beside faster or slower no bound is printed as 1.00 (the reader
	// checks the verdict against the interval shown): one that rounds to
	// it gets the decimals that tell it from 1.
	bound := func(x float64) string {
		if s := sig3(x); s != "1.00" || x == 1 || c.Verdict == WithinNoise {
			return s
		}
		return apartFrom1(x)
	}
	return fmt.Sprintf("%sx [%s, %s] %v", sig3(c.Ratio.Median), bound(c.Ratio.Lo), bound(c.Ratio.Hi), c.Verdict)
}

// apartFrom1 writes x, which is not 1, with the fewest decimals from three
// up that do not round it to 1.
func apartFrom1(x float64) string {
	for d := 3; ; d++ {
		s := strconv.FormatFloat(x, 'f', d, 64)
		if v, _ := strconv.ParseFloat(s, 64); v != 1 || d == 17 {
			return s
		}
	}
}

// sig3 writes a ratio to three significant digits, two decimals at most.
func sig3(x float64) string {
	switch {
	case x < 9.995:
		return fmt.Sprintf("%.2f", x)
	case x < 99.95:
		return fmt.Sprintf("%.1f", x)
	}
	return fmt.Sprintf("%.0f", x)
}

// Compare is the project's one rule for saying that one thing is faster
// than another. a and base are samples of the same quantity, a[i] measured
// in the same round as base[i] (interleaved rounds: A B A B ...), and dir
// says which way is faster.
//
//   - A ratio needs both quantities clear above zero. If a's interval
//     (Summary's 95% interval for the median) holds zero, the verdict is
//     NearZero; if it lies below zero, BelowZero; else if base's interval
//     does not lie wholly above zero, BaseNearZero. None of these has a
//     ratio: a ratio of a quantity that may be zero or negative is not a
//     measurement.
//   - Otherwise the ratio is the median of the per-round speed ratios, with
//     its interval: base[i]/a[i] for times (LowerIsFaster), a[i]/base[i] for
//     rates, above 1 faster either way (RatioNote). The verdict is Faster
//     when the ratio's interval lies wholly above 1, Slower when wholly
//     below, else WithinNoise.
//     The two medians' intervals do not enter: a[i] and base[i] are a pair,
//     measured in the same round, so their ratio cancels what the round
//     did to both (a busy spell of a shared machine), which widens each
//     median's interval but not the ratio's. If a is 1% faster in every
//     round, a is faster, however much the rounds differ from each other.
//
// Compare panics if a and base differ in length or are empty.
func Compare(a, base []float64, dir Direction) Comparison {
	if len(a) != len(base) || len(a) == 0 {
		panic(fmt.Sprintf("stat.Compare: %d samples against %d: want the same rounds, at least one", len(a), len(base)))
	}
	c := Comparison{A: Summarize(a), Base: Summarize(base)}
	switch {
	case !(c.A.Lo > 0) && !(c.A.Hi < 0):
		c.Verdict = NearZero
		return c
	case c.A.Hi < 0:
		c.Verdict = BelowZero
		return c
	case !(c.Base.Lo > 0):
		c.Verdict = BaseNearZero
		return c
	}
	rs := make([]float64, len(a))
	for i := range a {
		rs[i] = a[i] / base[i]
		if dir == LowerIsFaster {
			rs[i] = base[i] / a[i]
		}
	}
	c.Ratio = Summarize(rs)
	switch {
	case c.Ratio.Lo > 1:
		c.Verdict = Faster
	case c.Ratio.Hi < 1:
		c.Verdict = Slower
	}
	return c
}

// Fastest returns the index of the set whose median is fastest in
// direction dir: the base of comparisons "against the fastest of" them.
// Ties go to the first.
func Fastest(dir Direction, sets ...[]float64) int {
	best, bm := 0, Summarize(sets[0]).Median
	for i, s := range sets[1:] {
		m := Summarize(s).Median
		if dir == HigherIsFaster && m > bm || dir == LowerIsFaster && m < bm {
			best, bm = i+1, m
		}
	}
	return best
}
