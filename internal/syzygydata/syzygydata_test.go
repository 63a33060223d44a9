package syzygydata

import (
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// TestNames checks the table names against the counts of the published
// sets: 5 tables of 3 pieces, 30 of 4, 110 of 5.
func TestNames(t *testing.T) {
	for n, want := range map[int]int{3: 5, 4: 30, 5: 110} {
		names := Names(n)
		seen := map[string]bool{}
		for _, name := range names {
			if seen[name] || len(name) != n+1 {
				t.Errorf("%d pieces: %q twice or of the wrong length", n, name)
			}
			seen[name] = true
		}
		if len(names) != want {
			t.Errorf("%d pieces: %d tables, want %d", n, len(names), want)
		}
	}
	if got := strings.Join(Names(3), " "); got != "KQvK KRvK KBvK KNvK KPvK" {
		t.Errorf("Names(3) = %s", got)
	}
	for _, name := range []string{"KRvKN", "KQQvK", "KPvKP", "KBNvK"} {
		if !strings.Contains(" "+strings.Join(Names(4), " ")+" ", " "+name+" ") {
			t.Errorf("Names(4) lacks %s", name)
		}
	}
}

// TestEnumerate checks on KNvK that every position is legal, of the
// material, in one orientation then the other, and appears once.
func TestEnumerate(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: KNvK's 858,880 positions")
	}
	seen := map[uint64]bool{}
	n, flipped := 0, false
	err := Enumerate("KNvK", func(p *movegen.Position) {
		if seen[p.Key()] {
			t.Fatalf("%s twice", p.FEN())
		}
		seen[p.Key()] = true
		white := p.Pieces(movegen.White, movegen.Knight) != 0
		if !white {
			flipped = true
		} else if flipped {
			t.Fatalf("%s: white's knight after the colours were exchanged", p.FEN())
		}
		if n%997 == 0 {
			if q, err := movegen.ParseFEN(p.FEN()); err != nil || q != *p {
				t.Fatalf("%s: %v", p.FEN(), err)
			}
		}
		n++
	})
	if err != nil || n < 800000 || !flipped {
		t.Errorf("%d positions, flipped %v, %v", n, flipped, err)
	}
	if err := Enumerate("KXvK", func(*movegen.Position) {}); err == nil {
		t.Error("KXvK: no error")
	}
}

// TestSample checks that a sample is the same twice, legal, and holds
// en-passant squares where both sides have pawns, one position in four.
func TestSample(t *testing.T) {
	a, err := Sample("KPvKP", 400, 7)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Sample("KPvKP", 400, 7)
	ep := 0
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("position %d differs: %s, %s", i, a[i].FEN(), b[i].FEN())
		}
		if a[i].EnPassant() != movegen.NoSquare {
			ep++
			if i%4 != 3 {
				t.Errorf("position %d has an en-passant square", i)
			}
		}
	}
	if ep != 100 {
		t.Errorf("%d positions with an en-passant square, want 100", ep)
	}
}

func TestRepetition(t *testing.T) {
	p, _ := movegen.ParseFEN("8/8/3k4/8/8/8/8/R3K3 w - - 12 40")
	h, q, err := Repetition(p)
	if err != nil {
		t.Fatal(err)
	}
	if !h.IsRepetition() || q.FEN() != "8/8/3k4/8/8/8/8/R3K3 w - - 12 42" {
		t.Errorf("%s, repetition %v", q.FEN(), h.IsRepetition())
	}
	for _, fen := range []string{"8/8/3k4/8/8/8/8/R3K3 w - - 3 40", "8/8/3k4/8/4Pp2/8/8/R3K3 b - e3 0 40"} {
		p, _ := movegen.ParseFEN(fen)
		if _, _, err := Repetition(p); err == nil {
			t.Errorf("%s: no error", fen)
		}
	}
}
