package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/bench/lookups"
	"github.com/symmagic/attacks/bench/perft"
)

// TestSmoke runs the whole harness on a tiny budget and checks every output.
func TestSmoke(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	args := []string{"-quick", "-rounds", "2", "-perft-rounds", "2", "-target", "200us", "-tt", "-write", "-out", dir}
	if err := run(args, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	out := stdout.String()
	for _, r := range buildRows(nil) {
		for p := range 3 {
			if !strings.Contains(out, "| "+r.titleFor(p)+" ") {
				t.Errorf("stdout lacks row %q", r.titleFor(p))
			}
		}
	}
	for _, want := range []string{
		machine.Here().Lines()[0], runtime.Version(), stat.RatioNote,
		"## rook lookups in loops", "### rook, hot: ns/op, against ", "### bishop, move gen: ns/op, against ",
		"## queen lookups beside TT reads", "### queen, TT latency: ns/op of the loop, against ",
		"### rook, TT throughput marginal: ns/op beyond the TT reads, against ", "(TT reads alone, no lookup)",
		"## perft, kiwipete", "### kiwipete, load hash 16 MB + nnue, depth 3", "### against w",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q", want)
		}
	}
	// A table for every piece and workload (with -tt, and the marginal
	// costs), each with one base: the magic its header names.
	n := 0
	for _, tab := range tables(out) {
		if tab[0][0] != "technique" {
			continue
		}
		n++
		bases := 0
		for _, row := range tab[1:] {
			if row[3] == "base" {
				bases++
				if "against "+row[0] != tab[0][3] {
					t.Errorf("the base is %s, the header says %q", row[0], tab[0][3])
				}
			}
		}
		if bases != 1 {
			t.Errorf("a table with %d bases: %q", bases, tab[0])
		}
	}
	if n != 3*7 {
		t.Errorf("%d lookup tables, want 21", n)
	}
	checkKernelTables(t, out, kernelRows(&lookups.Worker{Info: lookups.Info{Kernels: attacks.Kernels()}}, nil))
	// The header says where it ran and how the ratios read, once for all
	// the sections.
	if n, m := strings.Count(out, stat.RatioNote), strings.Count(out, "CPU: "); n != 1 || m != 1 {
		t.Errorf("the ratios' convention stated %d times, the CPU named %d times: want once each", n, m)
	}
	// The header's command is the one that ran, whatever its length (a long
	// one breaks into lines that paste into a shell).
	if cmd := "command: go run -C bench . " + strings.Join(args, " ") + "\n"; !strings.Contains(strings.ReplaceAll(out, " \\\n  ", " "), cmd) {
		t.Errorf("stdout lacks %q", cmd)
	}
	checkVerdicts(t, out)
	checkWidth(t, "stdout", out)
	checkProgress(t, stderr.String(), true)
	// -quick's perft rounds each start the workers anew (MeasureRestarting).
	if !strings.Contains(stderr.String(), "perft round 2/2 done") {
		t.Errorf("stderr lacks the perft rounds' progress:\n%s", stderr.String())
	}
	md, err := os.ReadFile(filepath.Join(dir, machine.Here().CPU.Folder(), "results.md"))
	if err != nil || !bytes.Contains(md, []byte("| fancy magic ")) {
		t.Errorf("results.md: %v", err)
	}
	checkWidth(t, "results.md", string(md))
	f, err := os.Open(filepath.Join(dir, machine.Here().CPU.Folder(), "tt-pressure.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("picture: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, machine.Here().CPU.Folder(), "perft.png")); err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Errorf("perft.png is no PNG (%v)", err)
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 || files[0].Name() != machine.Here().CPU.Folder() {
		t.Errorf("-write wrote %v in -out, want one folder named for the CPU", files)
	}
	if files, _ := os.ReadDir(filepath.Join(dir, machine.Here().CPU.Folder())); len(files) != 3 {
		t.Errorf("-write wrote %d files, want results.md and the two pictures: %v", len(files), files)
	}

	// -benchstat prints the lines instead of the table; -run keeps the three
	// magics; an .svg picture is SVG.
	stdout.Reset()
	svg := filepath.Join(dir, "x.svg")
	if err := run([]string{"-quick", "-rounds", "1", "-target", "100us", "-run", "^attacksW$", "-perft-rounds", "1", "-tt", "-benchstat", "-write", "-out", dir, "-png", svg}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if out := stdout.String(); !strings.HasPrefix(out, "goos: ") || strings.Contains(out, "| ") || !strings.Contains(out, "tech=attacksW-") || strings.Contains(out, "tech=hyperbola") || strings.Contains(out, "BenchmarkKernel") ||
		!strings.Contains(out, "BenchmarkTTLatencyBaseline/piece=rook/tech=plain-") || !strings.Contains(out, "tech=fancy-") || !strings.Contains(out, "tech=black-") {
		t.Errorf("-benchstat -run output:\n%s", out)
	}
	line := regexp.MustCompile(`^Benchmark(\w+/piece=\w+/tech=\w+-\d+\t\d+\t-?\d+\.\d+ ns/op|Kernel(Hot|Latency)/fn=\w+/kernel=[\w-]+-\d+\t\d+\t\d+\.\d+ ns/op|Perft/pos=kiwipete/depth=\d/load=[\w+]+/mode=\w+-\d+\t1\t\d+ nodes/s)$`)
	n = 0
	for _, l := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
		if strings.HasPrefix(l, "Benchmark") {
			if !line.MatchString(l) {
				t.Fatalf("benchstat line %q", l)
			}
			n++
		}
	}
	// One round of every cell (4 rows), and of the TT forms' baselines, and
	// of every perft mode in two groups.
	if want := 4*3*int(numWorkloads) + 4*3*2 + 2*len(perft.Modes()); n != want {
		t.Errorf("%d benchstat lines, want %d", n, want)
	}
	if b, err := os.ReadFile(svg); err != nil || !bytes.Contains(b, []byte("<svg")) {
		t.Errorf("svg picture: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "benchstat.txt")); err == nil {
		t.Error("benchstat.txt written: the lines go to stdout only")
	}
}

// TestWritesNothing checks that without -write a run leaves its directory as
// it was (go run -C bench . in a clone: bench/results untouched), and that a
// path to write to without -write is an error, not ignored.
func TestWritesNothing(t *testing.T) {
	t.Chdir(t.TempDir())
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-quick", "-rounds", "1", "-target", "100us", "-run", "^$", "-perft-rounds", "1"}, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if files, _ := os.ReadDir("."); len(files) != 0 {
		t.Errorf("a run without -write wrote %v", files)
	}
	if !strings.Contains(stdout.String(), "| fancy magic ") || !strings.Contains(stdout.String(), "### against w") {
		t.Errorf("no tables on stdout:\n%s", stdout.String())
	}
	// The quick look gives each perft mode a process of its own in every
	// round, and its report says so (the full run starts a process for
	// every run).
	if perftText := strings.Join(strings.Fields(stdout.String()), " "); !strings.Contains(perftText, "a process of its own in every round") {
		t.Errorf("-quick's perft section does not say how its workers ran:\n%s", stdout.String())
	}
	for _, args := range [][]string{{"-out", "x"}, {"-png", "x.png"}, {"-quick", "-out", "x", "-png", "x.svg"}} {
		if err := run(args, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "-write") {
			t.Errorf("%q without -write: %v", args, err)
		}
	}
	if files, _ := os.ReadDir("."); len(files) != 0 {
		t.Errorf("wrote %v", files)
	}
}

// checkWidth fails on every line of a report wider than md.Width.
func checkWidth(t *testing.T, name, text string) {
	t.Helper()
	for _, l := range md.Overlong(text) {
		t.Errorf("%s: %s", name, l)
	}
}

// progressLine is a progress report's estimate.
var progressLine = regexp.MustCompile(`^(calibrated in \S+ \(|round \d+/\d+ done \(\S+ elapsed, |perft .*: \d+ rounds \(\S+ so far, )about (\S+) to go\)$`)

// checkProgress checks the progress reports: every one with an estimate of
// the time to go, which counts the perft section when it runs (the last
// lookup round's estimate is not zero).
func checkProgress(t *testing.T, stderr string, perft bool) {
	t.Helper()
	var last string
	n := 0
	for _, l := range strings.Split(stderr, "\n") {
		if m := progressLine.FindStringSubmatch(l); m != nil {
			n++
			if strings.HasPrefix(l, "round ") {
				last = m[2]
			}
		}
	}
	if n == 0 || last == "" {
		t.Fatalf("no progress with estimates on stderr:\n%s", stderr)
	}
	d, err := time.ParseDuration(last)
	if err != nil || (d > 0) != perft {
		t.Errorf("the last lookup round's estimate is %q; perft still to run: %v\n%s", last, perft, stderr)
	}
}

// TestProgress checks the estimates without the perft section: nothing to
// go after the last round.
func TestProgress(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-quick", "-rounds", "2", "-target", "100us", "-run", "^$", "-perft=false"}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	checkProgress(t, stderr.String(), false)
}

// TestHelp runs the command with -h: the usage on stderr, nothing on
// stdout, and exit status 0, as for any command asked for help; and a bad
// command line: exit status 2 before anything runs.
func TestHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if status := cli.Status("bench", run([]string{"-h"}, &stdout, &stderr), &stderr); status != 0 || stdout.Len() != 0 {
		t.Errorf("-h: exit status %d, stdout %q", status, stdout.String())
	}
	for _, want := range []string{"Usage: go run -C bench . [flags]", "-write", "-out", "-quick", "-rounds"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, stderr.String())
		}
	}
	for _, args := range [][]string{{"extra"}, {"-rounds", "x"}, {"-rounds", "-2"}, {"-run", "("}, {"-out", "x"}} {
		stdout.Reset()
		if status := cli.Status("bench", run(args, &stdout, &stderr), &stderr); status != 2 || stdout.Len() != 0 {
			t.Errorf("%q: exit status %d, stdout %q", args, status, stdout.String())
		}
	}
}

func TestCommandLine(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "go run -C bench ."},
		{[]string{"-quick", "-write", "-out", "results/x"}, "go run -C bench . -quick -write -out results/x"},
		{[]string{"-run", "^attacks(W@generic)?$", "-target=1ms"}, "go run -C bench . -run '^attacks(W@generic)?$' -target=1ms"},
		{[]string{"-out", "it's here"}, `go run -C bench . -out 'it'\''s here'`},
	} {
		if got := strings.Join(commandLine(c.args), " "); got != c.want {
			t.Errorf("commandLine(%q) = %s, want %s", c.args, got, c.want)
		}
	}
}

// TestKernelRows checks the kernel section's rows: every kernel the build
// runs, generic last, none when generic is the only one, and -run's
// filter.
func TestKernelRows(t *testing.T) {
	w := &lookups.Worker{Info: lookups.Info{Kernels: []string{"amd64-avx512", "amd64", "generic"}}}
	var titles []string
	for _, r := range kernelRows(w, nil) {
		titles = append(titles, r.title)
		if r.w != w || r.kernel != r.title || r.name != "kernel@"+r.title {
			t.Errorf("row %+v", r)
		}
	}
	if strings.Join(titles, " ") != "amd64-avx512 amd64 generic" {
		t.Errorf("kernel rows %q: want every kernel, generic last", titles)
	}
	if rows := kernelRows(w, regexp.MustCompile("^kernel@amd64$")); len(rows) != 2 || rows[0].title != "amd64" || rows[1].title != genericKernel {
		t.Errorf("-run kernel@amd64: %d rows, want it and generic", len(rows))
	}
	if rows := kernelRows(w, regexp.MustCompile("^$")); len(rows) != 0 {
		t.Errorf("-run '^$': %d kernel rows", len(rows))
	}
	for _, ks := range [][]string{{"generic"}, {"amd64-simd"}} {
		if rows := kernelRows(&lookups.Worker{Info: lookups.Info{Kernels: ks}}, nil); len(rows) != 0 {
			t.Errorf("kernels %v: a kernel section of %d rows, want none", ks, len(rows))
		}
	}
}
