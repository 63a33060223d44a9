package magic

import (
	"math/rand/v2"
	"testing"
)

func randomPerm(r *rand.Rand) [64]uint8 {
	var p [64]uint8
	for i, v := range r.Perm(64) {
		p[i] = uint8(v)
	}
	return p
}

// checkPerm verifies the network for perm on every single-bit input (which
// pins down where each bit goes) and on random words (which catches any
// interaction between bits).
func checkPerm(t *testing.T, name string, perm [64]uint8, r *rand.Rand) {
	t.Helper()
	stages, err := Network(perm)
	if err != nil {
		t.Fatalf("%s: Network: %v", name, err)
	}
	if len(stages) > numStages {
		t.Fatalf("%s: %d stages, want at most %d", name, len(stages), numStages)
	}
	for _, s := range stages {
		if s.Mask == 0 {
			t.Fatalf("%s: zero-mask stage not dropped", name)
		}
		// A mask bit whose partner would fall off the top, or that is itself
		// a partner, would make the delta swap lose or duplicate bits.
		if s.Mask&(s.Mask<<s.Shift) != 0 || s.Mask>>(64-s.Shift) != 0 {
			t.Fatalf("%s: malformed mask %#x for shift %d", name, s.Mask, s.Shift)
		}
	}
	for i := range 64 {
		x := uint64(1) << i
		if got, want := Apply(stages, x), Permute(x, &perm); got != want {
			t.Fatalf("%s: bit %d: got %#x, want %#x", name, i, got, want)
		}
	}
	for range 200 {
		x := r.Uint64()
		if got, want := Apply(stages, x), Permute(x, &perm); got != want {
			t.Fatalf("%s: x=%#x: got %#x, want %#x", name, x, got, want)
		}
	}
}

func TestFixed(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))

	var identity, reverse, rotate, swapHalves, transpose, evenOdd [64]uint8
	for i := range 64 {
		identity[i] = uint8(i)
		reverse[i] = uint8(63 - i)
		rotate[i] = uint8((i + 13) % 64)
		swapHalves[i] = uint8(i ^ 32)
		// Transpose an 8x8 bit matrix stored row-major.
		transpose[i] = uint8(i%8*8 + i/8)
		// Gather even bits into the low half and odd bits into the high half.
		evenOdd[i] = uint8(i/2 + i%2*32)
	}

	stages, err := Network(identity)
	if err != nil {
		t.Fatal(err)
	}
	if len(stages) != 0 {
		t.Errorf("identity: got %d stages, want 0", len(stages))
	}

	checkPerm(t, "identity", identity, r)
	checkPerm(t, "reverse", reverse, r)
	checkPerm(t, "rotate13", rotate, r)
	checkPerm(t, "swapHalves", swapHalves, r)
	checkPerm(t, "transpose8x8", transpose, r)
	checkPerm(t, "evenOdd", evenOdd, r)
}

func TestRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(42, 7))
	for n := range 2000 {
		perm := randomPerm(r)
		checkPerm(t, "random", perm, r)
		if t.Failed() {
			t.Fatalf("failed on random permutation #%d: %v", n, perm)
		}
	}
}

func TestNotPermutation(t *testing.T) {
	var dup [64]uint8
	for i := range 64 {
		dup[i] = uint8(i)
	}
	dup[5] = 9
	if _, err := Network(dup); err == nil {
		t.Error("duplicate entry: expected error")
	}

	var outOfRange [64]uint8
	for i := range 64 {
		outOfRange[i] = uint8(i)
	}
	outOfRange[63] = 64
	if _, err := Network(outOfRange); err == nil {
		t.Error("out-of-range entry: expected error")
	}
}

func TestNetworkOfW(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	checkPerm(t, "W", W, r)
	checkPerm(t, "FromWBit", FromWBit, r)
}
