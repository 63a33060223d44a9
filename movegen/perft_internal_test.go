package movegen

import (
	"fmt"
	"testing"

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
