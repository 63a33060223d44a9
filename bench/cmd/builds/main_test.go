package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/stat"
)

const benchOut = `goos: linux
goarch: amd64
pkg: github.com/symmagic/attacks
cpu: Some CPU
BenchmarkToW/kernel=amd64-avx512-2  	39120262	         3.262 ns/op
BenchmarkToW/kernel=amd64-2                    	23883643	         9.266 ns/op
BenchmarkToWLatency/kernel=amd64-simd         	 6169216	        5.37 ns/op	       0 B/op	       0 allocs/op
BenchmarkOccupancy/op=New/kernel=amd64-avx512-2 	13920826	        2.73 ns/op
BenchmarkOccupancy/op=Move-2 	13920826	        1.10 ns/op
BenchmarkOther-2	1	5 ns/op
PASS
`

func TestParseBench(t *testing.T) {
	got := parseBench(benchOut)
	want := map[string]map[string]float64{
		"BenchmarkToW":              {"amd64-avx512": 3.262, "amd64": 9.266},
		"BenchmarkToWLatency":       {"amd64-simd": 5.37},
		"BenchmarkOccupancy/op=New": {"amd64-avx512": 2.73},
	}
	if len(got) != len(want) {
		t.Fatalf("parseBench: got %v, want %v", got, want)
	}
	for b, ks := range want {
		if len(got[b]) != len(ks) {
			t.Errorf("%s: got %v, want %v", b, got[b], ks)
		}
		for k, ns := range ks {
			if got[b][k] != ns {
				t.Errorf("%s kernel=%s: got %v, want %v", b, k, got[b][k], ns)
			}
		}
	}
}

// TestQuick runs the whole command at its smallest: both builds where the
// CPU runs the simd one, the report on stdout within md.Width columns, and
// with -write the same report in -out.
func TestQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the library twice and runs its benchmarks")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	var out, errs bytes.Buffer
	if err := run([]string{"-quick", "-write", "-out", dir}, &out, &errs); err != nil {
		t.Fatalf("%v\n%s", err, errs.String())
	}
	report := out.String()
	wants := []string{
		"# The default and the simd build\n", machine.Here().Lines()[0], " (the default build)\n",
		"Command: `go run -C bench ./cmd/builds -quick -write -out " + dir + "`. 2 interleaved rounds, -benchtime 20ms, perft on kiwipete at depth 3;",
		stat.RatioNote, "## Build default: " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH,
		"| ToW hot ", "| NewOccupancy hot ", "(fastest magic) |",
	}
	if v4() {
		wants = append(wants, "## Build simd: "+runtime.Version()+" linux/amd64 GOAMD64=v4 GOEXPERIMENT=simd, kernel amd64-simd\n",
			"## The simd build against the default build", "(kernel amd64-simd) against the default build (kernel "+builds0Kernel()+")")
	} else {
		wants = append(wants, "the default build only")
	}
	flat := strings.Join(strings.Fields(report), " ") // the prose's lines joined
	for _, want := range wants {
		if !strings.Contains(report, want) && !strings.Contains(flat, strings.Join(strings.Fields(want), " ")) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	if strings.Contains(report, "missing") {
		t.Errorf("a measurement is missing:\n%s", report)
	}
	for _, l := range md.Overlong(report) {
		t.Error(l)
	}
	cell := regexp.MustCompile(`^(base|\d+\.\d\dx \[\d+\.\d{2,}, \d+\.\d{2,}\] (faster|slower|within noise))$`)
	n := 0
	for _, line := range strings.Split(report, "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if strings.HasPrefix(line, "| ") && len(cells) >= 3 && strings.Contains(line, "[") {
			n++
			if c := strings.TrimSpace(cells[len(cells)-1]); !cell.MatchString(c) {
				t.Errorf("comparison %q is no ratio with a verdict", c)
			}
		}
	}
	if n < 6 {
		t.Errorf("%d comparisons, want every slider's", n)
	}
	b, err := os.ReadFile(filepath.Join(dir, machine.Here().CPU.Folder(), "builds.md"))
	if err != nil || string(b) != report {
		t.Errorf("builds.md differs from stdout (%v)", err)
	}
}

// builds0Kernel is the default build's kernel.
func builds0Kernel() string { return attacks.Kernel() }

// TestFlags checks -h (the usage, exit status 0) and bad command lines
// (exit status 2, before anything is built).
func TestFlags(t *testing.T) {
	var out, errs bytes.Buffer
	if status := cli.Status("builds", run([]string{"-h"}, &out, &errs), &errs); status != 0 || out.Len() != 0 {
		t.Errorf("-h: exit status %d, stdout %q", status, out.String())
	}
	for _, want := range []string{"Usage: go run -C bench ./cmd/builds [flags]", "-quick", "-rounds", "-write", "-out"} {
		if !strings.Contains(errs.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, errs.String())
		}
	}
	for _, args := range [][]string{{"extra"}, {"-rounds", "-1"}, {"-depth", "x"}, {"-out", "x"}} {
		out.Reset()
		if status := cli.Status("builds", run(args, &out, &errs), &errs); status != 2 || out.Len() != 0 {
			t.Errorf("%q: exit status %d, stdout %q", args, status, out.String())
		}
	}
}
