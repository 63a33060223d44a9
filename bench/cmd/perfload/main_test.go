package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSummarize(t *testing.T) {
	cases := []struct {
		xs             []float64
		median, lo, hi float64
		coverage       float64
	}{
		// 9 rounds: ranks 2 and 8 (1-based), 1 - 2*10/512.
		{[]float64{9, 1, 8, 2, 7, 3, 6, 4, 5}, 5, 2, 8, 1 - 20.0/512},
		// 7 rounds: no inner pair reaches 95%, the whole range, 1 - 2/128.
		{[]float64{7, 1, 6, 2, 5, 3, 4}, 4, 1, 7, 1 - 2.0/128},
		// Even count: the mean of the middle two.
		{[]float64{4, 1, 3, 2}, 2.5, 1, 4, 1 - 2.0/16},
		// 20 rounds: ranks 6 and 15, 1 - 2*P(B <= 5) = 0.9586.
		{[]float64{20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}, 10.5, 6, 15, 1 - 2*21700.0/(1<<20)},
	}
	for _, c := range cases {
		s := summarize(c.xs)
		if s.median != c.median || s.lo != c.lo || s.hi != c.hi || math.Abs(s.coverage-c.coverage) > 1e-12 {
			t.Errorf("summarize(%v) = %+v, want median %v [%v, %v] coverage %v", c.xs, s, c.median, c.lo, c.hi, c.coverage)
		}
	}
}

// TestQuick runs the whole command at its smallest and checks what it
// writes: both tables on stdout, the same Markdown and a PNG in -out.
func TestQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("runs perfts")
	}
	dir := t.TempDir()
	var out, errs bytes.Buffer
	if err := mainErr([]string{"-quick", "-rounds", "1", "-out", dir}, &out, &errs); err != nil {
		t.Fatalf("%v\n%s", err, errs.String())
	}
	for _, want := range []string{"## perft under load", "| start | none | 4 |", "| kiwipete | hash 16 MB + nnue |", "Ratio to the faster magic"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	md, err := os.ReadFile(filepath.Join(dir, "perft-load.md"))
	if err != nil || !bytes.Equal(md, out.Bytes()) {
		t.Errorf("perft-load.md differs from stdout (%v)", err)
	}
	png, err := os.ReadFile(filepath.Join(dir, "perft-load.png"))
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Errorf("perft-load.png is no PNG (%v)", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestBadArgs(t *testing.T) {
	var out, errs bytes.Buffer
	if err := mainErr([]string{"-quick", "extra"}, &out, &errs); err == nil || !strings.Contains(err.Error(), `"extra"`) {
		t.Errorf("an extra argument: %v", err)
	}
	if err := mainErr([]string{"-rounds", "x"}, &out, &errs); err == nil {
		t.Error("-rounds x accepted")
	}
}
