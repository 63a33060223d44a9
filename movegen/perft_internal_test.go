package movegen

import (
	"fmt"
	"reflect"
	"testing"
	"unsafe"

	"github.com/symmagic/attacks/internal/perftdata"
)

func TestPerftDepthBounds(t *testing.T) {
	start := StartPosition()
	if n := start.Perft(0); n != 1 {
		t.Errorf("perft 0 = %d, want 1", n)
	}
	for _, d := range []int{-1, MaxPerftDepth + 1, 1 << 30} {
		if n := start.Perft(d); n != 0 {
			t.Errorf("perft %d = %d, want 0", d, n)
		}
		if c := start.Divide(d); c != nil {
			t.Errorf("divide %d = %v, want nil", d, c)
		}
	}
	if d := start.Divide(0); d != nil {
		t.Errorf("divide 0 = %v, want nil", d)
	}
	// A position whose every line ends at once runs to any depth allowed.
	mate, err := ParseFEN("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if n := mate.Perft(MaxPerftDepth); n != 0 {
		t.Errorf("perft %d of a mate = %d, want 0", MaxPerftDepth, n)
	}
	var zero Position
	if n, d := zero.Perft(0), zero.Perft(1); n != 1 || d != 0 {
		t.Errorf("the zero Position: perft 0 = %d, perft 1 = %d, want 1 and 0", n, d)
	}
}

// TestDivide checks that divide splits perft exactly and that its moves are
// the legal moves.
func TestDivide(t *testing.T) {
	kiwipete, _ := ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	want := kiwipete.Divide(3)
	if len(want) != 48 {
		t.Fatalf("divide has %d moves, want 48", len(want))
	}
	var sum uint64
	for _, c := range want {
		sum += c.Nodes
	}
	if sum != 97862 {
		t.Errorf("divide sums to %d, want 97862", sum)
	}
	// Moves checked by hand against the position, legal and not.
	got := map[string]uint64{}
	for _, c := range kiwipete.Divide(1) {
		got[c.Move.String()] = c.Nodes
	}
	for _, m := range []string{"e1g1", "e1c1", "d5e6", "e5f7", "a2a4", "f3f6"} {
		if got[m] != 1 {
			t.Errorf("kiwipete: legal move %s missing from divide", m)
		}
	}
	for _, m := range []string{"e1e2", "e1f2", "d5e6q", "b2b1", "e1h1", "e1a1"} {
		if _, ok := got[m]; ok {
			t.Errorf("kiwipete: %s is no legal move", m)
		}
	}
	if s := fmt.Sprint(kiwipete.Divide(1)[0]); s != "{a1b1 1}" {
		t.Errorf("the first root move: %s, want {a1b1 1} (sorted by UCI name)", s)
	}
}

// TestPublishedFENs: every position of the published perft counts, however
// deep its rows, passes ParseFENStrict's rules (they are reachable positions: a
// rule that rejected one would be wrong).
func TestPublishedFENs(t *testing.T) {
	for _, name := range []string{"perft.tsv", "extra.tsv", "chess960.tsv"} {
		rows, err := perftdata.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if _, err := ParseFENStrict(r.FEN); err != nil {
				t.Errorf("%s: %s: %v", name, r.FEN, err)
			}
		}
	}
}

// TestPerftStackAligned checks that every position of Perft's stack starts
// on a 16-byte boundary, wherever its room lies (a local array or a slice,
// at either 8-byte alignment), so that no 16-byte move of a copy crosses a
// cache line or a 4 KiB page: with bare 168-byte positions every other
// one did, and one crossing a page slowed bench/perft's search by a
// quarter at a depth where it fell there.
func TestPerftStackAligned(t *testing.T) {
	if n := unsafe.Sizeof(perftSlot{}); n%16 != 0 {
		t.Errorf("a slot is %d bytes, not a multiple of 16", n)
	}
	var small [perftSmall*slotWords + 2]uint64
	rooms := map[string][]uint64{
		"local":       small[:perftSmall*slotWords+1],
		"local, 8 on": small[1:],
		"slice":       make([]uint64, 20*slotWords+1),
		"slice, 8 on": make([]uint64, 20*slotWords+2)[1:],
	}
	for name, room := range rooms {
		depth := (len(room) - 1) / slotWords
		s := perftStack(room, depth)
		if len(s) != depth {
			t.Fatalf("%s: %d slots, want %d", name, len(s), depth)
		}
		lo, hi := uintptr(unsafe.Pointer(&room[0])), uintptr(unsafe.Pointer(&room[len(room)-1]))+8
		for i := range s {
			a := uintptr(unsafe.Pointer(&s[i]))
			if a%16 != 0 {
				t.Errorf("%s: slot %d at %#x, 8 bytes off a 16-byte boundary", name, i, a)
			}
			if a < lo || a+unsafe.Sizeof(s[i]) > hi {
				t.Errorf("%s: slot %d at %#x outside its room [%#x, %#x)", name, i, a, lo, hi)
			}
		}
	}
}

// TestPositionHoldsNoPointer: Perft keeps positions in words (perftStack),
// which the garbage collector does not scan; a pointer in a Position would
// need another room.
func TestPositionHoldsNoPointer(t *testing.T) {
	var walk func(reflect.Type, string)
	walk = func(ty reflect.Type, path string) {
		switch ty.Kind() {
		case reflect.Struct:
			for i := 0; i < ty.NumField(); i++ {
				walk(ty.Field(i).Type, path+"."+ty.Field(i).Name)
			}
		case reflect.Array:
			walk(ty.Elem(), path+"[]")
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		default:
			t.Errorf("Position%s is a %v, which holds a pointer", path, ty.Kind())
		}
	}
	walk(reflect.TypeOf(Position{}), "")
}
