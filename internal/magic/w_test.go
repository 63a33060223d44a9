package magic

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// groupNames are the 20 three-bit groups of the W word, lsb first.
var groupNames = strings.Fields("1' 2' 3' 4' o A a 1 p B b 2 s C c 3 t D d 4")

func TestWIsPermutation(t *testing.T) {
	seen := map[uint8]bool{}
	for sq, b := range wBits {
		if b > 63 || seen[b] {
			t.Fatalf("wBits[%s] = %d repeats or is out of range", SquareName(sq), b)
		}
		seen[b] = true
		if fromWBits[b] != uint8(sq) {
			t.Fatalf("fromWBits[%d] = %d, want %d", b, fromWBits[b], sq)
		}
	}
	for _, sq := range []int{0, 7, 56, 63} {
		if wBits[sq] < 60 {
			t.Errorf("corner %s has W bit %d, want 60..63", SquareName(sq), wBits[sq])
		}
	}
}

func TestToWRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 10000; i++ {
		x := r.Uint64()
		if permute(ToW(x), &fromWBits) != x || ToW(permute(x, &fromWBits)) != x {
			t.Fatalf("round trip fails for %#x", x)
		}
	}
	for sq := 0; sq < 64; sq++ {
		if ToW(1<<sq) != 1<<wBits[sq] {
			t.Fatalf("ToW(1<<%d) = %#x", sq, ToW(1<<sq))
		}
	}
	// The byte tables the generic kernel's permute reads: OR of one entry
	// per byte of x is the per-bit permute.
	bt := ByteTables(&wBits)
	for i := 0; i < 10000; i++ {
		x, got := r.Uint64()&r.Uint64(), uint64(0)
		for k := range bt {
			got |= bt[k][uint8(x>>(8*k))]
		}
		if got != ToW(x) {
			t.Fatalf("byte tables give %#x for %#x, ToW %#x", got, x, ToW(x))
		}
	}
}

// The seed's central claim: on the 60 non-corner bits, the 90-degree
// rotation is a rotation of the 12-bit block by 3 and of the 48-bit block by 12.
func TestRotationIsBlockRotation(t *testing.T) {
	for sq := 0; sq < 64; sq++ {
		if wBits[sq] >= 60 {
			continue
		}
		got := ToW(1 << rot90.Square(sq))
		if want := rotateW(1 << wBits[sq]); got != want {
			t.Errorf("%s: rotated W bit %#x, block rotation gives %#x", SquareName(sq), got, want)
		}
	}
	r := rand.New(rand.NewPCG(2, 2))
	for i := 0; i < 1000; i++ {
		w := r.Uint64() &^ (0xf << 60)
		if got, want := rot90.BitboardW(w), rotateW(w); got != want {
			t.Fatalf("rot90.BitboardW(%#x) = %#x, rotateW = %#x", w, got, want)
		}
	}
}

// Each half-edge is numbered away from its corner, and the two half-edges of
// one edge are mirror images of each other, msb to msb.
func TestHalfEdges(t *testing.T) {
	corners := map[int]bool{0: true, 7: true, 56: true, 63: true}
	mirror := [4]Sym{flipFiles, flipRanks, flipFiles, flipRanks} // across edges 1..4
	for e := 0; e < 4; e++ {
		unprimed, primed := 21+12*e, 3*e
		for _, base := range []int{unprimed, primed} {
			msb := int(fromWBits[base+2])
			near := false
			for c := range corners {
				if abs(msb%8-c%8)+abs(msb/8-c/8) == 1 {
					near = true
				}
			}
			if !near {
				t.Errorf("edge %d: msb of group at bit %d is %s, not next to a corner", e+1, base, SquareName(msb))
			}
		}
		for k := 0; k < 3; k++ {
			if got := mirror[e].BitW(unprimed + k); got != primed+k {
				t.Errorf("edge %d: %v maps bit %d to %d, want %d", e+1, mirror[e], unprimed+k, got, primed+k)
			}
		}
	}
}

// How each symmetry acts on the 20 groups: every symmetry maps each group
// onto a group, bit for bit in order (msb to msb); this table documents it.
// Rotations() cycle the blocks; reflections swap unprimed and primed half-edges.
func TestGroupAction(t *testing.T) {
	want := map[Sym]string{
		Identity:     "1' 2' 3' 4' o A a 1 p B b 2 s C c 3 t D d 4",
		rot90:        "2' 3' 4' 1' p B b 2 s C c 3 t D d 4 o A a 1",
		rot180:       "3' 4' 1' 2' s C c 3 t D d 4 o A a 1 p B b 2",
		rot270:       "4' 1' 2' 3' t D d 4 o A a 1 p B b 2 s C c 3",
		flipFiles:    "1 4 3 2 p a A 1' o d D 4' t c C 3' s b B 2'",
		flipRanks:    "3 2 1 4 t c C 3' s b B 2' p a A 1' o d D 4'",
		Diagonal:     "2 1 4 3 s b B 2' p a A 1' o d D 4' t c C 3'",
		antiDiagonal: "4 3 2 1 o d D 4' t c C 3' s b B 2' p a A 1'",
	}
	for _, g := range Syms() {
		var img []string
		for gi := range groupNames {
			to := g.BitW(3*gi) / 3
			for k := 0; k < 3; k++ {
				if g.BitW(3*gi+k) != 3*to+k {
					t.Fatalf("%v does not map group %s onto a group in order", g, groupNames[gi])
				}
			}
			img = append(img, groupNames[to])
		}
		if got := strings.Join(img, " "); got != want[g] {
			t.Errorf("%v maps groups %q\n got %q\nwant %q", g, want[Identity], got, want[g])
		}
	}
}

// The seed: the three squares of a group are never on one rank or file.
func TestGroupsSpread(t *testing.T) {
	for gi, name := range groupNames {
		ranks, files := map[int]bool{}, map[int]bool{}
		for k := 0; k < 3; k++ {
			sq := int(fromWBits[3*gi+k])
			ranks[sq/8], files[sq%8] = true, true
		}
		if gi >= 4 && gi%4 != 3 && (len(ranks) != 3 || len(files) != 3) {
			t.Errorf("inner group %s shares a rank or file", name)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
