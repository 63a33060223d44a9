//go:build gc && !purego && goexperiment.simd && amd64.v4

package attacks

import (
	"math/rand/v2"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"unsafe"
)

func init() {
	simdVectorBytes = int(unsafe.Sizeof(simdShuffle) + unsafe.Sizeof(simdBit))
	// No call at all: the permute inlines into ToW and NewOccupancy.
	inlinedKernel = []string{"permute"}
}

// TestSimdPermute checks the vector permute against the byte tables on
// every single bit, every byte value in every byte, and random words (the
// exhaustive lookup tests check it again inside NewOccupancy).
func TestSimdPermute(t *testing.T) {
	check := func(bb uint64) {
		if got, want := permute(bb), toW(bb); got != want {
			t.Fatalf("permute(%#x) = %#x, want %#x", bb, got, want)
		}
	}
	for i := 0; i < 64; i++ {
		check(1 << i)
		check(^uint64(1 << i))
	}
	for b := 0; b < 8; b++ {
		for v := uint64(0); v < 256; v++ {
			check(v << (8 * b))
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 1<<16; i++ {
		check(r.Uint64())
	}
}

// TestSimdClearsUpperBits checks the compiled package: in every function of
// the package that uses a 512-bit register, the last instruction that does
// is followed by a VZEROUPPER (functions the compiler makes, such as type
// equality, are its own business). Go compiles the rest of the caller for SSE (MOVUPS copies
// and clears), and on Intel every SSE instruction after a 512-bit one that
// left the upper halves dirty pays a merge: perft making one NewOccupancy a
// node ran several times slower on an Intel Xeon (docs/BENCHMARKS.md) until
// permute ended with one, and
// the compiler had moved the compare below it until runtime.KeepAlive held
// the result in place.
func TestSimdClearsUpperBits(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the package")
	}
	out, err := exec.Command("go", "build", "-gcflags=-S", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-S: %v\n%s", err, out)
	}
	zmm := regexp.MustCompile(`\bZ([0-9]|[12][0-9]|3[01])\b`)
	fn, lastZ, cleared, checked := "", 0, 0, 0
	finish := func() {
		if fn != "" && lastZ > 0 {
			checked++
			if cleared < lastZ {
				t.Errorf("%s: a 512-bit register is used at line %d of its listing, after its last VZEROUPPER (line %d)", fn, lastZ, cleared)
			}
		}
	}
	for i, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, " STEXT ") {
			finish()
			fn, lastZ, cleared = strings.Fields(line)[0], 0, 0
			if !strings.HasPrefix(fn, "github.com/symmagic/attacks.") {
				fn = ""
			}
			continue
		}
		switch {
		case strings.Contains(line, "\tVZEROUPPER"):
			cleared = i
		case zmm.MatchString(line):
			lastZ = i
		}
	}
	finish()
	if checked == 0 {
		t.Fatal("no function of the package uses a 512-bit register: the permute is not where this test looks")
	}
}
