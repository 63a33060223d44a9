package perft

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestCompiledLookups reads the compiled code of movegen in every mode's
// build and fails on a call into a lookup or a bounds check in one: each
// mode's lookups, the library's (w, occ, std) and the yardsticks' alike,
// must be inlined into the generator and read their tables unchecked, as
// the package's own lookups are written to. A mode whose lookup were
// called, or checked, would leave every count right and the comparison of
// the modes meaningless. The one call allowed is occ's permute,
// NewOccupancy's once per node.
func TestCompiledLookups(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles movegen in every mode")
	}
	dir := t.TempDir()
	for _, mode := range everyMode() {
		flags, err := BuildFlags(mode, dir)
		if err != nil {
			t.Fatal(err)
		}
		args := append([]string{"build"}, flags...)
		out, err := exec.Command("go", append(args, "-gcflags="+movegenPath+"=-S", movegenPath)...).CombinedOutput()
		if err != nil {
			t.Fatalf("mode %s: go build -gcflags=-S: %v\n%s", mode, err, out)
		}
		for _, p := range lookupCalls(mode, string(out)) {
			t.Errorf("mode %v: %s", mode, p)
		}
		out, err = exec.Command("go", append(args, "-gcflags="+movegenPath+"=-d=ssa/check_bce/debug=1", movegenPath)...).CombinedOutput()
		if err != nil {
			t.Fatalf("mode %s: go build -d=ssa/check_bce: %v\n%s", mode, err, out)
		}
		for _, p := range lookupBoundsChecks(string(out)) {
			t.Errorf("mode %v: %s", mode, p)
		}
	}
}

// lookupFuncs are the names of the lookups, as the compiler names them in a
// call: the library's package attacks, bench/ref's yardsticks and the
// functions of a mode's slider files.
var lookupFuncs = regexp.MustCompile(`symmagic/attacks\.|bench/ref\.|/movegen\.(rookAttacks|bishopAttacks|nodeOcc|occOf|occClear|occMove|\(\*keptOcc\))`)

// permuteFuncs are the calls NewOccupancy makes: the permute, through its
// dispatcher on amd64.
var permuteFuncs = regexp.MustCompile(`symmagic/attacks\.(permute|permuteDispatch|toW|NewOccupancy)\(`)

// lookupCalls returns a problem for each call a function of movegen makes
// into a lookup, in the assembly that go build -gcflags=-S prints, and one
// if it finds no copy of gen.
func lookupCalls(mode Mode, asm string) []string {
	own := movegenPath + "."
	var problems []string
	fn, sawGen := "", false
	for _, line := range strings.Split(asm, "\n") {
		if strings.Contains(line, " STEXT ") {
			fn = strings.Fields(line)[0]
			sawGen = sawGen || strings.HasPrefix(fn, own+"gen[")
			continue
		}
		if !strings.HasPrefix(fn, own) || !strings.Contains(line, "\tCALL\t") {
			continue
		}
		fields := strings.Fields(line)
		callee := fields[len(fields)-1]
		if !lookupFuncs.MatchString(callee) || mode == ModeOcc && permuteFuncs.MatchString(callee) {
			continue
		}
		problems = append(problems, strings.TrimPrefix(fn, own)+" calls "+callee+": its lookups should all be inlined")
	}
	if !sawGen {
		problems = append(problems, "no copy of gen in the compiled package")
	}
	return problems
}

// lookupBoundsChecks returns a problem for each bounds check that the
// compiler's check_bce debug output places in a lookup's source: movegen's
// slider files, bench/ref's yardsticks, or the library's lookups
// (attacks.go, attacks_generic.go, occupancy.go).
func lookupBoundsChecks(out string) []string {
	var problems []string
	for _, line := range strings.Split(out, "\n") {
		if !strings.Contains(line, "Found Is") {
			continue
		}
		file := filepath.ToSlash(strings.SplitN(line, ":", 2)[0])
		base := filepath.Base(file)
		switch {
		case strings.Contains(file, "movegen/slider"),
			strings.HasSuffix(file, "ref/yardstick.go"), strings.HasSuffix(file, "ref/squarebyte.go"), strings.HasSuffix(file, "ref/wone.go"),
			!strings.Contains(file, "bench/") && !strings.Contains(file, "/internal/") && !strings.Contains(file, "movegen/") &&
				slices.Contains([]string{"attacks.go", "attacks_generic.go", "occupancy.go"}, base):
			problems = append(problems, "a bounds check in a lookup: "+line)
		}
	}
	return problems
}

// TestCompiledLookupsFails runs the two readers on made-up compiler output:
// each must report what it is for, and let the rest be.
func TestCompiledLookupsFails(t *testing.T) {
	own := movegenPath + "."
	asm := strings.Join([]string{
		own + "gen[go.shape.uint8] STEXT size=4000",
		"\t0x0010 00016 (gen.go:1)\tCALL\tgithub.com/symmagic/attacks/bench/ref.FancyRook(SB)",
		"\t0x0020 00032 (gen.go:2)\tCALL\t" + own + "attacked(SB)",
		"\t0x0030 00048 (gen.go:3)\tCALL\truntime.panicIndex(SB)",
		own + "attacked STEXT size=200",
		"\t0x0010 00016 (gen.go:9)\tCALL\t" + own + "rookAttacks(SB)",
		"other.f STEXT size=10",
		"\t0x0010 00016 (x.go:1)\tCALL\tgithub.com/symmagic/attacks/bench/ref.FancyRook(SB)",
	}, "\n")
	got := lookupCalls(ModeFancy, asm)
	want := []string{
		"gen[go.shape.uint8] calls github.com/symmagic/attacks/bench/ref.FancyRook(SB): its lookups should all be inlined",
		"attacked calls " + own + "rookAttacks(SB): its lookups should all be inlined",
	}
	if !slices.Equal(got, want) {
		t.Errorf("lookupCalls:\n%q\nwant\n%q", got, want)
	}
	if got := lookupCalls(ModeFancy, "other.f STEXT\n"); len(got) != 1 || !strings.Contains(got[0], "no copy of gen") {
		t.Errorf("lookupCalls without gen: %q", got)
	}
	occ := own + "gen[go.shape.uint8] STEXT size=9\n\t0x0 00000 (gen.go:1)\tCALL\tgithub.com/symmagic/attacks.permuteDispatch(SB)\n"
	if got := lookupCalls(ModeOcc, occ); len(got) != 0 {
		t.Errorf("occ's permute: %q", got)
	}
	if got := lookupCalls(ModeStd, occ); len(got) != 1 {
		t.Errorf("std calling the permute: %q, want one problem", got)
	}
	bce := strings.Join([]string{
		"../../movegen/slider.go:28:60: Found IsInBounds",
		"../ref/yardstick.go:90:18: Found IsInBounds",
		"../../attacks_generic.go:69:76: Found IsSliceInBounds",
		"../../movegen/slider_fancy.go:9:60: Found IsInBounds",
		"../../movegen/gen.go:218:30: Found IsInBounds",
		"../../between.go:19:11: Found IsInBounds",
		"../../internal/magic/attacks.go:1:1: Found IsInBounds",
	}, "\n")
	if got := lookupBoundsChecks(bce); len(got) != 4 {
		t.Errorf("lookupBoundsChecks: %q, want the first four lines", got)
	}
}
