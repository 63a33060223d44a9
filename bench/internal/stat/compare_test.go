package stat

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// rounds returns 9 samples: base times f, plus a spread that makes the
// interval (ranks 2 and 8 of 9) [base*f - 2*spread, base*f + 2*spread].
func rounds(base, f, spread float64) []float64 {
	xs := make([]float64, 9)
	for i := range xs {
		xs[i] = base*f + spread*float64(i-4)
	}
	return xs
}

// reversed returns xs in the opposite order: the same median and interval,
// each sample in another round.
func reversed(xs []float64) []float64 {
	r := slices.Clone(xs)
	slices.Reverse(r)
	return r
}

func TestCompare(t *testing.T) {
	base := rounds(10, 1, 0.1) // interval [9.8, 10.2]
	cases := []struct {
		name    string
		a, base []float64
		dir     Direction
		want    Verdict
		ratio   bool
	}{
		{"shorter time, intervals apart", rounds(10, 0.8, 0.1), base, LowerIsFaster, Faster, true},
		{"longer time, intervals apart", rounds(10, 1.2, 0.1), base, LowerIsFaster, Slower, true},
		{"higher rate, intervals apart", rounds(10, 1.2, 0.1), base, HigherIsFaster, Faster, true},
		{"lower rate, intervals apart", rounds(10, 0.8, 0.1), base, HigherIsFaster, Slower, true},
		// The medians' intervals ([9.7, 10.1] and [9.8, 10.2]) overlap,
		// but every round's ratio is 0.99: the ratio's interval excludes
		// 1, so there is a verdict.
		{"overlapping intervals, every round 1% shorter", rounds(10, 0.99, 0.1), base, LowerIsFaster, Faster, true},
		{"overlapping intervals, every round 1% lower rate", rounds(10, 0.99, 0.1), base, HigherIsFaster, Slower, true},
		{"overlapping intervals, every round 1% longer", rounds(10, 1.01, 0.1), base, LowerIsFaster, Slower, true},
		// The same samples in other rounds: the ratios (10.4/9.6 down to
		// 9.6/10.4) lie on both sides of 1.
		{"rounds disagree", reversed(base), base, LowerIsFaster, WithinNoise, true},
		{"the base against itself", base, base, LowerIsFaster, WithinNoise, true},
		// A marginal cost whose interval holds zero has no ratio, whatever
		// its median.
		{"quantity near zero", rounds(0.5, 1, 1), base, LowerIsFaster, NearZero, false},
		{"quantity near zero, negative median", rounds(-0.5, 1, 1), base, LowerIsFaster, NearZero, false},
		{"base near zero", base, rounds(0.5, 1, 1), LowerIsFaster, BaseNearZero, false},
		{"both near zero", rounds(0, 1, 1), rounds(0.5, 1, 1), LowerIsFaster, NearZero, false},
		// Negative and clear of zero: still no ratio.
		{"quantity below zero", rounds(-20, 1, 0.1), base, LowerIsFaster, BelowZero, false},
		{"base below zero", base, rounds(-10, 1, 0.1), LowerIsFaster, BaseNearZero, false},
	}
	for _, c := range cases {
		got := Compare(c.a, c.base, c.dir)
		if got.Verdict != c.want || got.HasRatio() != c.ratio {
			t.Errorf("%s: verdict %v (ratio %v), want %v (ratio %v)", c.name, got.Verdict, got.HasRatio(), c.want, c.ratio)
		}
		s := got.String()
		if !strings.HasSuffix(s, c.want.String()) {
			t.Errorf("%s: %q does not end in the verdict %q", c.name, s, c.want)
		}
		if !c.ratio && (strings.Contains(s, "x [") || got.Ratio != (Summary{})) {
			t.Errorf("%s: %q shows a ratio (%+v)", c.name, s, got.Ratio)
		}
		if c.ratio && !(got.Ratio.Lo <= got.Ratio.Median && got.Ratio.Median <= got.Ratio.Hi) {
			t.Errorf("%s: ratio %+v out of order", c.name, got.Ratio)
		}
		// Above 1 is faster, whichever way the quantity improves.
		if c.want == Faster && !(got.Ratio.Lo > 1) || c.want == Slower && !(got.Ratio.Hi < 1) {
			t.Errorf("%s: %s: a speed ratio's interval is above 1 exactly when faster", c.name, s)
		}
	}
	// Speed: a time of 0.8 the base's is 1.25 times as fast; a rate 0.8
	// times the base's, 0.8 times.
	if s := Compare(rounds(10, 0.8, 0.1), base, LowerIsFaster).String(); s != "1.25x [1.24, 1.26] faster" {
		t.Errorf("String() = %q", s)
	}
	if s := Compare(rounds(10, 0.8, 0.1), base, HigherIsFaster).String(); s != "0.80x [0.79, 0.81] slower" {
		t.Errorf("String() = %q", s)
	}
	if s := Compare(rounds(10, 1.25, 0.1), base, LowerIsFaster).String(); s != "0.80x [0.80, 0.80] slower" {
		t.Errorf("String() = %q", s)
	}
	if s := Compare(rounds(0.5, 1, 1), base, LowerIsFaster).String(); s != "within noise of zero" {
		t.Errorf("String() = %q", s)
	}
	// Three significant digits: a large ratio is no wider than a small one.
	if s := Compare(rounds(10, 12.5, 0.1), base, HigherIsFaster).String(); !regexp.MustCompile(`^12\.5x \[\d\d\.\d, \d\d\.\d\] faster$`).MatchString(s) {
		t.Errorf("String() = %q", s)
	}
	for x, want := range map[float64]string{0.5: "0.50", 9.99: "9.99", 9.996: "10.0", 12.34: "12.3", 99.96: "100", 1234.4: "1234"} {
		if got := sig3(x); got != want {
			t.Errorf("sig3(%v) = %s, want %s", x, got, want)
		}
	}
}

func TestComparePanics(t *testing.T) {
	for _, c := range []struct{ a, b []float64 }{{[]float64{1, 2}, []float64{1}}, {nil, nil}} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(r.(string), "stat.Compare") {
					t.Errorf("Compare(%v, %v): panic %v", c.a, c.b, r)
				}
			}()
			Compare(c.a, c.b, LowerIsFaster)
		}()
	}
}

func TestFastest(t *testing.T) {
	slow, fast := []float64{3, 4, 5}, []float64{1, 2, 3}
	if i := Fastest(LowerIsFaster, slow, fast); i != 1 {
		t.Errorf("lower is faster: %d", i)
	}
	if i := Fastest(HigherIsFaster, slow, fast); i != 0 {
		t.Errorf("higher is faster: %d", i)
	}
	if i := Fastest(LowerIsFaster, fast, fast); i != 0 {
		t.Errorf("a tie: %d, want the first", i)
	}
}

// TestStringBoundApartFrom1: a bound that excludes 1 is not printed as
// 1.00, whatever its rounding.
func TestStringBoundApartFrom1(t *testing.T) {
	for _, c := range []struct {
		c    Comparison
		want string
	}{
		{Comparison{Ratio: Summary{Median: 1.08, Lo: 1.004, Hi: 1.21}, Verdict: Faster}, "1.08x [1.004, 1.21] faster"},
		{Comparison{Ratio: Summary{Median: 0.97, Lo: 0.91, Hi: 0.9996}, Verdict: Slower}, "0.97x [0.91, 0.9996] slower"},
		{Comparison{Ratio: Summary{Median: 1.02, Lo: 0.998, Hi: 1.05}, Verdict: WithinNoise}, "1.02x [1.00, 1.05] within noise"},
	} {
		if got := c.c.String(); got != c.want {
			t.Errorf("%q, want %q", got, c.want)
		}
	}
}

// TestStringBothBoundsNear1: both bounds below 1 by less than the
// rounding are printed apart from 1, and in order.
func TestStringBothBoundsNear1(t *testing.T) {
	c := Comparison{Ratio: Summary{Median: 0.997, Lo: 0.9962, Hi: 0.9987}, Verdict: Slower}
	if got, want := c.String(), "1.00x [0.996, 0.999] slower"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
