package main

import (
	"bytes"
	"image/png"
	"math/bits"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/bench/perft"
	"github.com/symmagic/attacks/bench/ref"
	"github.com/symmagic/attacks/internal/magic"
)

var (
	dataOnce sync.Once
	testData *data
)

func sharedData() *data {
	dataOnce.Do(func() { testData = newData() })
	return testData
}

// TestLoopsAgree runs every loop of every technique and kernel on the same
// iterations: correct lookups in the same loop shape give the same sum, so
// this checks the generated loops (right lookup, right layout, the same
// stream) beside ref's exhaustive tests of the lookups themselves.
func TestLoopsAgree(t *testing.T) {
	d := sharedData()
	rows, err := buildRows(nil)
	if err != nil {
		t.Fatal(err)
	}
	def := attacks.Kernel()
	defer attacks.SetKernel(def)
	for w := range numWorkloads {
		n := 3000
		if w == workMovegen {
			n = 1
		}
		for p := range 3 {
			d.resetTT()
			want := loopSets["fancy"][w][p](d, n)
			for _, r := range rows {
				d.resetTT()
				if got := r.loops[w][p](d, n); got != want {
					t.Errorf("%s %s %s: sum %#x, fancy magic's %#x", workloadInfo[w].ident, pieceNames[p], r.name, got, want)
				}
			}
		}
	}
	// The W rows' move gen under every kernel (ToW is the kernel's).
	for _, k := range attacks.Kernels() {
		if err := attacks.SetKernel(k); err != nil {
			t.Fatal(err)
		}
		for p := range 3 {
			if got, want := loopSets["attacksW"][workMovegen][p](d, 1), loopSets["fancy"][workMovegen][p](d, 1); got != want {
				t.Errorf("move gen %s, attacksW under kernel %s: sum %#x, fancy magic's %#x", pieceNames[p], k, got, want)
			}
		}
	}
	attacks.SetKernel(def)
	for w, base := range baselines {
		base(d, 1000) // links and runs
		_ = w
	}
	if !ref.HasPEXT {
		t.Log("NOTE: no BMI2: the PEXT loops are not run")
	}
	if !ref.HasSym {
		t.Log("NOTE: no AVX-512 BITALG: the full-symmetry (sym) loops are not run")
	}
}

// TestKernelLoops runs the kernel section's loops on every kernel: the
// same sums as the generic kernel's, and as the same work done without the
// package's kernels (magic's permute, ray-walked attacks), so every
// kernel's loop computes what its function promises.
func TestKernelLoops(t *testing.T) {
	d := sharedData()
	def := attacks.Kernel()
	defer attacks.SetKernel(def)
	const n = 3000
	want := map[string][2]uint64{}
	var tow, newOcc, rook, bishop [2]uint64 // hot's sum, latency's last result
	for i := range n {
		e, u := &d.in[i&inputMask], &d.unions[i&inputMask]
		tow[0] ^= magic.ToW(e.occ)
		tow[1] = magic.ToW(e.occ ^ tow[1]&depBit)
		newOcc[0] ^= magic.ToW(e.occ)
		newOcc[1] = magic.ToW(e.occ ^ newOcc[1]&depBit)
		rook[0] ^= attackUnion(magic.Rook, u.rq, u.occ)
		rook[1] = attackUnion(magic.Rook, u.rq, u.occ^rook[1]&depBit)
		bishop[0] ^= attackUnion(magic.Bishop, u.bq, u.occ)
		bishop[1] = attackUnion(magic.Bishop, u.bq, u.occ^bishop[1]&depBit)
	}
	want["ToW"], want["NewOccupancy"], want["RookUnion"], want["BishopUnion"] = tow, newOcc, rook, bishop
	for _, k := range attacks.Kernels() {
		if err := attacks.SetKernel(k); err != nil {
			t.Fatal(err)
		}
		for _, f := range kernelFuncs {
			if got := [2]uint64{f.hot(d, n), f.latency(d, n)}; got != want[f.name] {
				t.Errorf("kernel %s, %s: hot and latency sums %#x, want %#x", k, f.name, got, want[f.name])
			}
		}
	}
	rows := kernelRows(nil)
	if slices.Contains(attacks.Kernels(), genericKernel) && len(attacks.Kernels()) > 1 {
		if len(rows) != len(attacks.Kernels()) || rows[len(rows)-1].title != genericKernel {
			t.Errorf("kernel rows %v: want every kernel, generic last", rows)
		}
		if rows := kernelRows(regexp.MustCompile("^kernel@" + attacks.Kernels()[0] + "$")); len(rows) != 2 || rows[1].title != genericKernel {
			t.Errorf("-run kernel@%s: rows %v, want it and generic", attacks.Kernels()[0], rows)
		}
	} else if len(rows) != 0 {
		t.Errorf("kernels %v: a kernel section of %d rows, want none", attacks.Kernels(), len(rows))
	}
	if rows := kernelRows(regexp.MustCompile("^$")); len(rows) != 0 {
		t.Errorf("-run '^$': %d kernel rows", len(rows))
	}
}

// attackUnion is the union of kind's attacks from the squares of pieces.
func attackUnion(kind magic.Piece, pieces, occ uint64) uint64 {
	var a uint64
	for ; pieces != 0; pieces &= pieces - 1 {
		a |= magic.Attacks(kind, bits.TrailingZeros64(pieces), occ)
	}
	return a
}

// TestData checks the input stream is what the workloads promise.
func TestData(t *testing.T) {
	d := sharedData()
	for i, e := range d.in {
		if n := popcount(e.occ); n < 16 || n > 32 || e.occW != attacks.ToW(e.occ) || e.sq < 0 || e.sq > 63 {
			t.Fatalf("input %d: %d pieces, sq %d, occW ok %v", i, n, e.sq, e.occW == attacks.ToW(e.occ))
		}
	}
	m := 0
	for _, g := range d.games {
		occ := g.occ
		if g.occW != attacks.ToW(occ) {
			t.Fatal("game start: occW != ToW(occ)")
		}
		for ; m < g.end; m++ {
			occ ^= d.moves[m].delta
			if n := popcount(occ); n < 16 || n > 32 {
				t.Fatalf("move %d: %d pieces", m, n)
			}
			for _, s := range d.sliders[d.moves[m].lo:d.moves[m].hi] {
				if occ>>s&1 == 0 {
					t.Fatalf("move %d: slider on empty square %d", m, s)
				}
			}
		}
	}
	if m != len(d.moves) || d.mgLookups != len(d.sliders) || d.mgLookups == 0 {
		t.Fatalf("games cover %d of %d moves; %d lookups", m, len(d.moves), d.mgLookups)
	}
	// The unions' inputs: each of the same position as the input beside
	// it, its sliders on occupied squares; some of each kind.
	var rq, bq int
	for i, u := range d.unions {
		if u.occ != d.in[i].occ || u.rq&^u.occ != 0 || u.bq&^u.occ != 0 {
			t.Fatalf("union %d: occ %#x (input's %#x), rq %#x, bq %#x", i, u.occ, d.in[i].occ, u.rq, u.bq)
		}
		rq += popcount(u.rq)
		bq += popcount(u.bq)
	}
	if rq < inputLen || bq < inputLen {
		t.Errorf("%d rooks and queens, %d bishops and queens in %d unions: want more than one a union", rq, bq, inputLen)
	}
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// TestSmoke runs the whole harness on a tiny budget and checks every output.
func TestSmoke(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	args := []string{"-quick", "-rounds", "2", "-perft-rounds", "2", "-target", "200us", "-tt", "-write", "-out", dir}
	if err := run(args, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	out := stdout.String()
	rows, _ := buildRows(nil)
	for _, r := range rows {
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
		"## perft, kiwipete", "### kiwipete, load hash 16 MB + nnue, depth 3", "### std and occ against w",
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
	checkKernelTables(t, out, kernelRows(nil))
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
	if !strings.Contains(stdout.String(), "| fancy magic ") || !strings.Contains(stdout.String(), "### std and occ against w") {
		t.Errorf("no tables on stdout:\n%s", stdout.String())
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

// TestInlining builds the package with -gcflags=-m and checks that the
// lookups that can inline do inline into the loops. Those that cannot are
// listed in the log: a call per lookup, the same in every workload.
func TestInlining(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to run the compiler")
	}
	out, err := exec.Command(goTool, "build", "-o", os.DevNull, "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	inlined := map[string]bool{}
	for _, l := range strings.Split(string(out), "\n") {
		if _, call, ok := strings.Cut(l, "loops_gen.go"); ok {
			if _, fn, ok := strings.Cut(call, "inlining call to "); ok {
				inlined[fn] = true
			}
		}
	}
	for _, fn := range []string{
		"ref.FancyRook", "ref.FancyBishop", "ref.PlainRook", "ref.PlainBishop", "ref.BlackRook", "ref.BlackBishop",
		"ref.SquareByteRook", "ref.SquareByteBishop", "ref.KindergartenRook", "ref.KindergartenBishop",
		"ref.HyperbolaRook", "ref.HyperbolaBishop", "attacks.RookW", "attacks.BishopW", "attacks.QueenW",
	} {
		if !inlined[fn] {
			t.Errorf("%s is not inlined into the loops", fn)
		}
	}
	t.Log("calls left in the loops, by design: ref.Pext* and ref.Sym* (assembly), ref.Ray* (loops, over budget), " +
		"attacks.Rook/Bishop/Queen (kernel dispatch, then assembly), attacks.ToW (dispatch)")
}
