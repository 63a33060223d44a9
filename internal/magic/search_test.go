package magic

import (
	"flag"
	"math/bits"
	"os"
	"slices"
	"strings"
	"testing"
)

func TestClassesAndCounts(t *testing.T) {
	for _, p := range []Piece{Rook, Bishop} {
		rot, all := Classes(p, Rotations()), Classes(p, Syms())
		if len(rot) != 16 || len(all) != 10 {
			t.Errorf("%v: %d rotation and %d symmetry classes, want 16 and 10", p, len(rot), len(all))
		}
		eight := 0
		for _, c := range all {
			if len(c.Squares) == 8 {
				eight++
			}
			for _, sq := range c.Squares {
				if len(c.Frames(sq)) != 8/len(c.Squares) {
					t.Errorf("%s: %s has %d frames", c.Name(), SquareName(sq), len(c.Frames(sq)))
				}
			}
		}
		if eight != 6 {
			t.Errorf("%v: %d eight-square classes, want 6", p, eight)
		}
		total := 0
		for sq := 0; sq < 64; sq++ {
			total += len(AttackSets(p, sq))
		}
		if want := map[Piece]int{Rook: 4900, Bishop: 1428}[p]; total != want {
			t.Errorf("%v: %d distinct attack sets, want %d", p, total, want)
		}
	}
	for sq := 0; sq < 64; sq++ {
		f, r := sq%8, sq/8
		edges := 0
		if f == 0 || f == 7 {
			edges++
		}
		if r == 0 || r == 7 {
			edges++
		}
		if n := bits.OnesCount64(Mask(Rook, sq)); n != 10+edges {
			t.Errorf("rook %s mask has %d bits, want %d", SquareName(sq), n, 10+edges)
		}
	}
}

// TestNames checks the names that generated headers, errors and logs use.
func TestNames(t *testing.T) {
	seen := map[string]bool{}
	for sq := 0; sq < 64; sq++ {
		n := SquareName(sq)
		if len(n) != 2 || n[0] < 'a' || n[0] > 'h' || n[1] < '1' || n[1] > '8' || seen[n] {
			t.Fatalf("SquareName(%d) = %q", sq, n)
		}
		seen[n] = true
	}
	for sq, want := range map[int]string{0: "a1", 7: "h1", 12: "e2", 28: "e4", 56: "a8", 63: "h8"} {
		if SquareName(sq) != want {
			t.Errorf("SquareName(%d) = %q, want %q", sq, SquareName(sq), want)
		}
	}
	if Rook.String() != "rook" || Bishop.String() != "bishop" {
		t.Errorf("pieces named %q and %q", Rook, Bishop)
	}
	if rot, all := Classes(Rook, Rotations())[4].Name(), Classes(Bishop, Syms())[9].Name(); rot != "rook e1/rot" || all != "bishop d4/sym" {
		t.Errorf("classes named %q and %q, want \"rook e1/rot\" and \"bishop d4/sym\"", rot, all)
	}
}

func TestCanonicalByte(t *testing.T) {
	// Rook on a1 with a2 occupied: the same attack set as a rook on h8 with
	// h7 occupied seen through rot180, so the same byte.
	c := Classes(Rook, Rotations())[0]
	tb := &Table{Class: c, Sets: AttackSets(Rook, c.Rep)}
	a, errA := canonicalByte(tb, Identity, 1<<8)
	b, errB := canonicalByte(tb, rot180, 1<<55)
	if errA != nil || errB != nil || a != b {
		t.Fatalf("bytes %d and %d (%v, %v), want equal and valid", a, b, errA, errB)
	}
	z, _ := canonicalByte(tb, Identity, 0)
	if z == a {
		t.Fatal("different attack sets share a byte")
	}
	tb.Sets = slices.Delete(slices.Clone(tb.Sets), z, z+1)
	if _, err := canonicalByte(tb, Identity, 0); err == nil {
		t.Fatal("no error for an attack set missing from the list")
	}
}

// TestVerifyCatches shows the verifier fails on a wrong byte, a wrong magic
// and a wrong frame, so a green Verify means something.
func TestVerifyCatches(t *testing.T) {
	c := Classes(Bishop, Syms())[9] // d4's class: 9-bit keys
	tb, err := Search(c, SearchOptions{Seed: 1, MaxTries: 1_000_000})
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Verify(); err != nil {
		t.Fatal(err)
	}
	k := tb.Keys[1].Key(ToW(Mask(Bishop, tb.Keys[1].Square)))
	tb.Index[k] ^= 1
	if tb.Verify() == nil {
		t.Error("Verify accepts a corrupted index byte")
	}
	tb.Index[k] ^= 1
	tb.Keys[2].Magic ^= 1 << 40
	if tb.Verify() == nil {
		t.Error("Verify accepts a corrupted magic")
	}
	tb.Keys[2].Magic ^= 1 << 40
	tb.Keys[3].Frame = tb.Keys[3].Frame.Then(rot180)
	if tb.Verify() == nil {
		t.Error("Verify accepts a wrong frame")
	}
}

// TestSearchMaxTries checks that MaxTries counts candidates per key width
// exactly, as the generated header's counts read: a search capped at the
// candidates a table took finds the same table, and one candidate fewer
// finds none (only the mask's width is tried here).
func TestSearchMaxTries(t *testing.T) {
	c := Classes(Bishop, Syms())[9] // d4's class: 9-bit keys, 9,484 candidates with seed 1
	tb, err := Search(c, SearchOptions{Seed: 1, MaxTries: 1_000_000})
	if err != nil {
		t.Fatal(err)
	}
	if tb.Tries < 2 {
		t.Fatalf("found after %d candidates: too few to test the cap", tb.Tries)
	}
	again, err := Search(c, SearchOptions{Seed: 1, MaxTries: tb.Tries})
	if err != nil || !slices.Equal(again.Keys, tb.Keys) || again.Tries != tb.Tries {
		t.Fatalf("capped at the %d candidates it took, the search gives %v", tb.Tries, err)
	}
	if _, err := Search(c, SearchOptions{Seed: 1, MaxTries: tb.Tries - 1}); err == nil {
		t.Fatalf("capped at %d candidates, the search still finds the table of candidate %d", tb.Tries-1, tb.Tries)
	}
}

// TestSearcherEpochWrap runs the searcher's candidate counter through the
// wrap of its 24-bit epoch (the generator's 30M candidates a width pass it)
// and checks that no entry of an earlier candidate, and no empty entry,
// looks like one of the current candidate's. Before next() cleared the
// table there, candidate 1<<24 saw every empty entry as holding byte 0 and
// the candidates after it saw the entries of 1<<24 candidates before.
func TestSearcherEpochWrap(t *testing.T) {
	s := newSearcher(Classes(Rook, Rotations())[0])
	const b = 12
	s.table = make([]uint32, 1<<b)
	filled := 0
	for try := uint64(0); filled < 3 && try < 1_000_000; try++ {
		s.next()
		m := 0x9e3779b97f4a7c15 * (try + 1)
		if s.fill(s.occW[0][0], m&(m>>7)&(m>>13), 64-b) {
			filled++
		}
	}
	if filled < 3 {
		t.Fatal("no magic in a million enters a1's keys into an empty table")
	}
	if !slices.ContainsFunc(s.table, func(v uint32) bool { return v != 0 }) {
		t.Fatal("the fills entered nothing")
	}
	current := func(v uint32) bool { return v&^0xff == s.epoch<<8 }
	for n := 0; n < 1<<24; n++ {
		s.next()
		if current(0) || n%(1<<20) == 0 && slices.ContainsFunc(s.table, current) {
			t.Fatalf("%d candidates on (epoch %d): an empty or earlier entry looks current", n+1, s.epoch)
		}
	}
	if slices.ContainsFunc(s.table, current) {
		t.Fatalf("after the wrap (epoch %d), an entry of %d candidates before looks current", s.epoch, 1<<24)
	}
}

// fullBuild runs TestBuild, the whole search that go generate runs. The
// committed tables it produces are checked by the root package's tests on
// every run; this checks the search itself, and CI runs it.
// ATTACKS_BUILD=1 in the environment does the same, for runners that pass
// no flags to the test binary (.ci/mutation's full pass).
var fullBuild = flag.Bool("build", os.Getenv("ATTACKS_BUILD") == "1", "run TestBuild: the whole magic search and its verification, as go generate runs it (also ATTACKS_BUILD=1)")

// TestBuild runs the generator's search and Layout.Check, as go generate
// does before it writes (gen/): rook tables shared by rotation in all 16
// classes, bishop tables by all eight symmetries in all 10, each at the
// mask's width or with a reason, the drop-in's tables as promised, and
// Verify rejecting every corruption it promises to catch. It also breaks a
// promise and requires Check to say so.
func TestBuild(t *testing.T) {
	if !*fullBuild {
		t.Skip("the whole search runs with -build")
	}
	l, err := Build(DefaultBuild())
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range append(l.RookClasses, l.BishopClasses...) {
		t.Logf("%-14s %2d bits (mask %2d) %s", tb.Name(), tb.Bits, bits.OnesCount64(Mask(tb.Piece, tb.Rep)), tb.Note)
	}
	if err := l.Check(); err != nil {
		t.Fatal(err)
	}
	tb := l.BishopClasses[0]
	note := tb.Note
	tb.Note += "a note for no reason"
	if tb.Bits > bits.OnesCount64(Mask(tb.Piece, tb.Rep)) {
		tb.Note = ""
	}
	if err := l.Check(); err == nil || !strings.Contains(err.Error(), tb.Name()) {
		t.Errorf("Layout.Check on %s with note %q: %v", tb.Name(), tb.Note, err)
	}
	tb.Note = note
	if err := l.Check(); err != nil {
		t.Errorf("Layout.Check after the note is restored: %v", err)
	}
}

// TestShortest searches one drop-in rook square the way Build does, with
// few candidates: at the window's width the table ends at its highest key,
// which some occupancy reaches, and the table verifies; termBits draws no
// bit whose term with the mask lands above the key.
func TestShortest(t *testing.T) {
	g8 := 62
	c := Class{Piece: Rook, Group: []Sym{Identity}, Rep: g8, Squares: []int{g8}, Numbering: NumberStd, Frame: []Sym{Identity}}
	tb, err := Search(c, SearchOptions{Seed: 1, MaxTries: 200_000, MaxBits: RookWindow, Window: RookWindow, NoJunk: true, Terms: true, Shortest: true})
	if err != nil {
		t.Fatal(err)
	}
	if tb.Bits != RookWindow || !tb.Short || len(tb.Index) >= 1<<RookWindow || !strings.Contains(tb.Note, "entries") {
		t.Fatalf("rook g8/std: %d-bit keys, %d entries, short %v, note %q: want 12-bit keys cut short", tb.Bits, len(tb.Index), tb.Short, tb.Note)
	}
	top := uint64(0)
	for _, occ := range Subsets(Mask(Rook, g8)) {
		top = max(top, tb.Keys[0].Key(occ))
	}
	if top+1 != uint64(len(tb.Index)) {
		t.Errorf("rook g8/std: highest key %d, table of %d entries", top, len(tb.Index))
	}
	tb.Index = tb.Index[:len(tb.Index)-1]
	if tb.Verify() == nil {
		t.Error("Table.Verify accepts a table one entry short of its highest key")
	}
	for _, sq := range []int{0, 27, 62} {
		mask := Mask(Rook, sq)
		for j := uint8(1); j <= 3; j++ {
			for k, kb := 0, termBits(mask, j); kb != 0; kb &= kb - 1 {
				k = bits.TrailingZeros64(kb)
				for pp := mask; pp != 0; pp &= pp - 1 {
					if p := bits.TrailingZeros64(pp); p+k >= 64 && p+k < 64+int(j) {
						t.Errorf("termBits(%s, %d) draws bit %d, whose term with mask bit %d lands at %d", SquareName(sq), j, k, p, p+k)
					}
				}
			}
		}
	}
}
