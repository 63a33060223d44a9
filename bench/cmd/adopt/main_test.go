package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/stat"
)

// fixture writes the rounds of a small run.sh into a directory: 5 rounds
// of three builds, as go test -bench -benchmem prints them. In every round
// dropin's Moves is 0.8 of base's time (1.25 times as fast) and w's 0.5;
// Decode is the same in every build, the rounds' ratios on both sides of
// 1; Hash is the control, and w allocates more in Moves when allocs is set.
func fixture(t *testing.T, allocs bool) string {
	t.Helper()
	dir := t.TempDir()
	for r := 1; r <= 5; r++ {
		wobble := float64(r-3) * 10 // -20 .. 20 ns, round by round
		for _, b := range []string{"base", "dropin", "w"} {
			moves := map[string]float64{"base": 1000, "dropin": 800, "w": 500}[b] + wobble
			decode := 600 + wobble
			if b != "base" {
				decode = 600 - wobble
			}
			wAllocs := 12
			if allocs && b == "w" {
				wAllocs = 20
			}
			text := fmt.Sprintf("goos: linux\nBenchmarkMoves/Start-2   \t  100000\t%10.1f ns/op\t     512 B/op\t      %d allocs/op\n"+
				"BenchmarkDecode-2 \t 200000\t%10.1f ns/op\t       0 B/op\t       0 allocs/op\n"+
				"BenchmarkHash-2   \t9000000\t%10.1f ns/op\nPASS\n", moves, wAllocs, decode, 100+wobble/10)
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%02d-%s.txt", r, b)), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

func TestTable(t *testing.T) {
	dir := fixture(t, false)
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-control", "^Hash$", "-title", "The adoption of x", "-write", "-out", out, dir}, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	report := stdout.String()
	flat := strings.Join(strings.Fields(report), " ")
	for _, want := range []string{
		"# The adoption of x\n\n" + machine.Here().Lines()[0] + "\n",
		stat.RatioNote + ". Made by `go run -C bench ./cmd/adopt`",
		"5 rounds; speed = base ns/op / build ns/op in the same round (above 1: faster); median [interval]",
		"| benchmark | base ns/op | dropin speed | dropin | w speed | w |",
		// 1000/800 and 1000/500, give or take the rounds' ±20 ns: w's
		// interval is [1020/520, 980/480], the extremes of 5 rounds.
		"| Moves/Start | 1000 | 1.250 [1.244, 1.256] | faster | 2.000 [1.962, 2.042] | faster |",
		"| Decode | 600 | 1.000 [0.935, 1.069] | within noise | 1.000 [0.935, 1.069] | within noise |",
		"| Hash (control) | 100 | 1.000 [1.000, 1.000] | within noise | 1.000 [1.000, 1.000] | within noise |",
		"| geometric mean of the 2 non-control rows | | 1.118 [1.084, 1.153] | faster | 1.414 [1.382, 1.448] | faster |",
		"geometric mean, dropin against w in the same round: 0.791 [0.784, 0.796] slower",
		"coverage 93.8% for the median",
		"allocs/op: the same in every build for every benchmark (within 1 or 1%)",
	} {
		if !strings.Contains(report, want) && !strings.Contains(flat, strings.Join(strings.Fields(want), " ")) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	b, err := os.ReadFile(filepath.Join(out, machine.Here().CPU.Folder(), "adopt.md"))
	if err != nil || string(b) != report {
		t.Errorf("adopt.md differs from stdout (%v)", err)
	}

	// w allocating more is reported.
	stdout.Reset()
	if err := run([]string{"-control", "^Hash$", fixture(t, true)}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), "allocs/op differ: Moves/Start: base 12, w 20\n") || strings.Contains(stdout.String(), "the same in every build") {
		t.Errorf("allocs/op:\n%s", stdout.String())
	}
}

// TestFlags checks -h (exit status 0), bad command lines (2) and bad
// directories (1).
func TestFlags(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if status := cli.Status("adopt", run([]string{"-h"}, &stdout, &stderr), &stderr); status != 0 || stdout.Len() != 0 {
		t.Errorf("-h: exit status %d, stdout %q", status, stdout.String())
	}
	for _, want := range []string{"Usage: go run -C bench ./cmd/adopt [flags] DIR", "-write", "-out", "-control"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, stderr.String())
		}
	}
	dir := fixture(t, false)
	for _, c := range []struct {
		args   []string
		status int
	}{
		{nil, 2},
		{[]string{dir, dir}, 2},
		{[]string{"-out", "x", dir}, 2},
		{[]string{"-control", "(", dir}, 2},
		{[]string{t.TempDir()}, 1},             // no round files
		{[]string{"-base", "nobuild", dir}, 1}, // no base build
		{[]string{"-control", ".", dir}, 1},    // nothing left for the geometric mean
	} {
		stdout.Reset()
		stderr.Reset()
		if status := cli.Status("adopt", run(c.args, &stdout, &stderr), &stderr); status != c.status {
			t.Errorf("%q: exit status %d, want %d (stderr %q)", c.args, status, c.status, stderr.String())
		}
	}
	// A round missing a benchmark is an error, not a ratio of zero.
	os.WriteFile(filepath.Join(dir, "03-w.txt"), []byte("BenchmarkMoves/Start-2 \t 1 \t 500 ns/op\n"), 0o644)
	if err := run([]string{dir}, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "round 03 of build w has no Decode") {
		t.Errorf("a round missing a benchmark: %v", err)
	}
}
