package lookups

import (
	"math/bits"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/ref"
	"github.com/symmagic/attacks/internal/magic"
)

var (
	dataOnce sync.Once
	testData *Data
)

func sharedData() *Data {
	dataOnce.Do(func() { testData = NewData() })
	return testData
}

// techniques are every technique this machine runs: bench/ref's, the
// drop-in and the W lookups.
func techniques() []string {
	ts := []string{Default, "attacksW"}
	for _, t := range ref.Techniques() {
		ts = append(ts, t.Name)
	}
	return ts
}

// TestLoopsAgree runs every loop of every technique's build on the same
// iterations: correct lookups in the same loops give the same sum, so this
// checks each build (the right lookups, the right layout, the same stream)
// beside ref's exhaustive tests of the lookups themselves. The W lookups'
// move generation, whose updates go through attacks.ToW, runs under every
// kernel.
func TestLoopsAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every technique")
	}
	want := sharedData().Sums()
	p, err := NewPool(techniques())
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	for _, tech := range techniques() {
		got, err := p.Worker(tech).Sums("")
		if err != nil {
			t.Fatal(err)
		}
		for w := range NumWorkloads {
			for piece := range 3 {
				if got[w][piece] != want[w][piece] {
					t.Errorf("%s: workload %d, piece %d: sum %#x, the drop-in's in this process %#x", tech, w, piece, got[w][piece], want[w][piece])
				}
			}
		}
	}
	for _, k := range p.Worker("attacksW").Info.Kernels {
		got, err := p.Worker("attacksW").Sums(k)
		if err != nil {
			t.Fatal(err)
		}
		if got[Movegen] != want[Movegen] {
			t.Errorf("move gen, attacksW under kernel %s: sums %#x, want %#x", k, got[Movegen], want[Movegen])
		}
	}
	if !ref.HasPEXT {
		t.Log("NOTE: no BMI2: the PEXT loops are not run")
	}
	if !ref.HasSym {
		t.Log("NOTE: no AVX-512 BITALG: the full-symmetry (sym) loops are not run")
	}
}

// TestCompiledLoops reads the compiled code of every technique's build and
// fails on a call in a loop into its lookups: the loops' own choice of
// piece (lookups.rook, bishop, queen, is) never, and the technique's
// lookups (bench/ref's, package attacks') only for the techniques that
// cannot inline (PEXT and the full-symmetry kernel are assembly, the ray
// loop is over Go's inliner budget). The W lookups' move generation calls
// attacks.ToW's kernel, and a loop may call the runtime's panics.
func TestCompiledLoops(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build in every technique's build")
	}
	dir := t.TempDir()
	for _, tech := range append(techniques(), "pext", "sym") {
		flags, err := BuildFlags(tech, dir)
		if err != nil {
			t.Fatal(err)
		}
		args := append([]string{"build", "-o", filepath.Join(dir, "x"), "-gcflags=" + pkgPath + "=-S"}, flags...)
		out, err := exec.Command("go", append(args, pkgPath)...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: go build: %v\n%s", tech, err, out)
		}
		calls, loops := loopCalls(string(out))
		if loops != 5*3+2 {
			t.Errorf("%s: %d copies of the loops in the compiled package, want 17 (the five workloads' rook, bishop and queen, and the TT forms' baselines)", tech, loops)
		}
		mayCall := map[string]bool{"pext": true, "sym": true, "ray": true}[tech]
		for _, c := range calls {
			switch {
			case strings.Contains(c, pkgPath+"."):
				t.Errorf("%s: %s: the loop's own lookups should all be inlined", tech, c)
			case strings.Contains(c, "bench/ref.") || strings.Contains(c, "symmagic/attacks.") && !strings.Contains(c, "permute"):
				if !mayCall {
					t.Errorf("%s: %s: its lookups should be inlined", tech, c)
				}
			}
		}
	}
}

// loopCalls returns the calls the loops make in the assembly that go build
// -gcflags=-S prints ("hot[go.shape.uint8] calls X"), but the runtime's
// (a stack check, a panic), and how many loops it found.
func loopCalls(asm string) (calls []string, loops int) {
	fn := ""
	for _, line := range strings.Split(asm, "\n") {
		if strings.Contains(line, " STEXT ") {
			fn = ""
			name := strings.TrimPrefix(strings.Fields(line)[0], pkgPath+".")
			for _, w := range []string{"hot[", "latency[", "movegen[", "ttThroughput[", "ttLatency["} {
				// The loop itself, the copy for a GC shape; the loops
				// table's entries are wrappers that pass it its dictionary.
				if strings.HasPrefix(name, w+"go.shape.") {
					fn = name
					loops++
				}
			}
			continue
		}
		if fn != "" && strings.Contains(line, "\tCALL\t") {
			f := strings.Fields(line)
			if callee := f[len(f)-1]; !strings.HasPrefix(callee, "runtime.") {
				calls = append(calls, fn+" calls "+callee)
			}
		}
	}
	return calls, loops
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
		for _, f := range KernelFuncs {
			ls := kernelLoops[f]
			if got := [2]uint64{ls[0](d, n), ls[1](d, n)}; got != want[f] {
				t.Errorf("kernel %s, %s: hot and latency sums %#x, want %#x", k, f, got, want[f])
			}
		}
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

// TestTechniqueFiles checks that every technique of bench/ref has its file
// in techniques/, as the W lookups do, and that every file is one: a
// technique is one file and one line.
func TestTechniqueFiles(t *testing.T) {
	files, err := filepath.Glob("techniques/*.go")
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, f := range files {
		have[strings.TrimSuffix(filepath.Base(f), ".go")] = true
	}
	want := map[string]bool{"attacksW": true, "pext": true, "sym": true} // the last two: on CPUs without them, ref lists neither
	for _, tech := range ref.Techniques() {
		want[tech.Name] = true
		if !have[tech.Name] {
			t.Errorf("bench/ref's technique %q has no file techniques/%s.go", tech.Name, tech.Name)
		}
	}
	for name := range have {
		if !want[name] {
			t.Errorf("techniques/%s.go is no technique of bench/ref's", name)
		}
	}
	if _, err := Overlay("nosuch"); err == nil {
		t.Error(`Overlay("nosuch"): no error`)
	}
	if technique != Default {
		t.Errorf("technique.go is technique %q, Default %q", technique, Default)
	}
	if o, err := Overlay(Default); err != nil || len(o) != 0 {
		t.Errorf("Overlay(Default) = %v, %v: want none", o, err)
	}
}
