package main

import (
	"bytes"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/perft"
	"github.com/symmagic/attacks/bench/ref"
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
				if r.setup != nil {
					r.setup()
				}
				d.resetTT()
				if got := r.loops[w][p](d, n); got != want {
					t.Errorf("%s %s %s: sum %#x, fancy magic's %#x", workloadInfo[w].ident, pieceNames[p], r.name, got, want)
				}
			}
		}
	}
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
	if err := mainErr([]string{"-quick", "-rounds", "2", "-perft-rounds", "2", "-target", "200us", "-out", dir}, &stdout, &stderr); err != nil {
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
	for _, want := range []string{"CPU: ", runtime.Version(), "rook lookups in loops", "queen lookups beside TT reads", "## perft, kiwipete", "| kiwipete | hash 16 MB + nnue | 3 |"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q", want)
		}
	}
	checkVerdicts(t, out)
	if !strings.Contains(stderr.String(), "round 2/2") {
		t.Errorf("no progress on stderr:\n%s", stderr.String())
	}
	md, err := os.ReadFile(filepath.Join(dir, "results.md"))
	if err != nil || !bytes.Contains(md, []byte("| fancy magic ")) {
		t.Errorf("results.md: %v", err)
	}
	bs, err := os.ReadFile(filepath.Join(dir, "benchstat.txt"))
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`^Benchmark(\w+/piece=\w+/tech=[\w@-]+-\d+\t\d+\t-?\d+\.\d+ ns/op|Perft/pos=kiwipete/depth=\d/load=[\w+]+/mode=\w+-\d+\t1\t\d+ nodes/s)$`)
	n := 0
	for _, l := range strings.Split(strings.TrimSpace(string(bs)), "\n") {
		if strings.HasPrefix(l, "Benchmark") {
			if !line.MatchString(l) {
				t.Fatalf("benchstat line %q", l)
			}
			n++
		}
	}
	// Two rounds of every cell, and of every perft mode in two groups.
	if want := 2*len(rows)*3*int(numWorkloads) + 2*2*len(perft.Modes); n != want {
		t.Errorf("%d benchstat lines, want %d", n, want)
	}
	f, err := os.Open(filepath.Join(dir, "tt-pressure.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("picture: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "perft.png")); err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Errorf("perft.png is no PNG (%v)", err)
	}

	// -benchstat prints the lines instead of the table; -run keeps the three
	// magics; -quick writes no files unless asked; an .svg picture is SVG.
	stdout.Reset()
	svg := filepath.Join(dir, "x.svg")
	if err := mainErr([]string{"-quick", "-rounds", "1", "-target", "100us", "-run", "^attacksW@generic$", "-perft=false", "-tt", "-benchstat", "-png", svg}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if out := stdout.String(); !strings.HasPrefix(out, "goos: ") || strings.Contains(out, "| ") || !strings.Contains(out, "tech=attacksW@generic-") || strings.Contains(out, "tech=hyperbola") ||
		strings.Contains(out, "Perft") || !strings.Contains(out, "BenchmarkTTLatencyBaseline/piece=rook/tech=plain-") ||
		!strings.Contains(out, "tech=fancy-") || !strings.Contains(out, "tech=black-") {
		t.Errorf("-benchstat -run output:\n%s", out)
	}
	if b, err := os.ReadFile(svg); err != nil || !bytes.Contains(b, []byte("<svg")) {
		t.Errorf("svg picture: %v", err)
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
