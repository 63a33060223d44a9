package movegen_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

func TestInsufficientMaterial(t *testing.T) {
	for _, c := range []struct {
		fen  string
		dead bool
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},         // K v K
		{"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true},        // K+N v K
		{"4k3/8/8/8/8/8/8/4KB2 b - - 0 1", true},        // K+B v K
		{"4kn2/8/8/8/8/8/8/4K3 w - - 0 1", true},        // K v K+N
		{"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true},      // K+B v K+B, both on dark squares (c1, f8)
		{"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false},     // two bishops on both colours
		{"2b1kb2/8/8/8/8/8/8/3BK3 w - - 0 1", false},    // f8 dark, c8 and d1 light
		{"b3k3/1b6/8/3B4/8/8/6B1/4K2B w - - 0 1", true}, // five bishops, all on light squares
		{"4kb2/8/8/8/8/8/8/3BK3 w - - 0 1", false},      // K+B v K+B, opposite colours (f8 dark, d1 light)
		{"4kn2/8/8/8/8/8/8/3NK3 w - - 0 1", false},      // K+N v K+N
		{"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false},      // K+N+N v K
		{"4kn2/8/8/8/8/8/8/3BK3 w - - 0 1", false},      // K+B v K+N
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},      // a pawn
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", false},       // a rook
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false},       // a queen
	} {
		p := mustParse(t, c.fen)
		if got := p.IsInsufficientMaterial(); got != c.dead {
			t.Errorf("%s: IsInsufficientMaterial %v, want %v", c.fen, got, c.dead)
		}
		want := movegen.Outcome{}
		if c.dead {
			want = movegen.Outcome{Result: movegen.Draw, Reason: movegen.InsufficientMaterial}
		}
		if o := p.Outcome(nil); o != want {
			t.Errorf("%s: Outcome %v, want %v", c.fen, o, want)
		}
	}
}

// playSAN plays the SAN moves on p, pushing each position on h, and
// returns the outcome and the claim after each.
func playSAN(t *testing.T, p *movegen.Position, h *movegen.History, moves string) {
	t.Helper()
	for _, s := range strings.Fields(moves) {
		if err := p.PlaySAN(s); err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		h.Push(p)
	}
}

// TestRepetitionNullMove: a null move closes the window, as engines count
// repetitions in search. After 1.e4 and a null move, the knights going out
// and back repeat the position after the null move (a second occurrence);
// but e4 and two null moves bring back the pieces and side after e4 and
// count them once, as do the knights out, a null move, and the knights back
// with a null move to the start position.
func TestRepetitionNullMove(t *testing.T) {
	p := movegen.StartPosition()
	h := movegen.NewHistory(64)
	h.Reset(&p)
	null := func() {
		p.PlayNull()
		h.Push(&p)
	}
	playSAN(t, &p, h, "e4")
	null()
	afterNull := p.Key()
	if h.Occurrences() != 1 || h.IsRepetition() {
		t.Fatalf("after the null move: %d occurrences", h.Occurrences())
	}
	playSAN(t, &p, h, "Nf3 Nf6 Ng1 Ng8")
	if p.Key() != afterNull {
		t.Fatalf("the knights did not come back: %s", p.FEN())
	}
	if h.Occurrences() != 2 || !h.IsRepetition() {
		t.Fatalf("the knights back after the null move: %d occurrences, repetition %v; want 2, true", h.Occurrences(), h.IsRepetition())
	}

	p = movegen.StartPosition()
	h.Reset(&p)
	playSAN(t, &p, h, "e4")
	afterE4 := p.Key()
	null()
	null()
	if p.Key() != afterE4 {
		t.Fatalf("two null moves changed the position: %s", p.FEN())
	}
	if h.Occurrences() != 1 || h.IsRepetition() {
		t.Fatalf("e4, two null moves: %d occurrences, repetition %v; want 1, false", h.Occurrences(), h.IsRepetition())
	}

	p = movegen.StartPosition()
	h.Reset(&p)
	start := p.Key()
	playSAN(t, &p, h, "Nf3 Nf6")
	null()
	playSAN(t, &p, h, "Ng8 Ng1")
	null()
	if p.Key() != start {
		t.Fatalf("not the start position: %s", p.FEN())
	}
	if h.Occurrences() != 1 || h.IsRepetition() {
		t.Fatalf("the start position again across null moves: %d occurrences, repetition %v; want 1, false", h.Occurrences(), h.IsRepetition())
	}
	// The same question asked of a position not pushed: a null move from
	// here is a new window, one occurrence, nothing to claim.
	q := p
	q.PlayNull()
	if r := q.ClaimableDraw(h); r != movegen.NoReason {
		t.Fatalf("after another null move: claim %v", r)
	}
	// Without the null moves, the same knights repeat the start position.
	p = movegen.StartPosition()
	h.Reset(&p)
	playSAN(t, &p, h, "Nf3 Nf6 Ng1 Ng8")
	if h.Occurrences() != 2 {
		t.Fatalf("the knights out and back: %d occurrences, want 2", h.Occurrences())
	}
}

// TestClaimableDrawWith: a draw claimed with the move that makes it,
// without playing it: the third occurrence by the move about to be made,
// and the fiftieth move; a move that mates wins instead; an illegal one
// claims nothing; h and p stay as they were.
func TestClaimableDrawWith(t *testing.T) {
	p := movegen.StartPosition()
	h := movegen.NewHistory(64)
	h.Reset(&p)
	playSAN(t, &p, h, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1")
	before, n := p, h.Len()
	ng8, err := p.ParseSAN("Ng8")
	if err != nil {
		t.Fatal(err)
	}
	nc6, _ := p.ParseSAN("Nc6")
	if r := p.ClaimableDrawWith(h, ng8); r != movegen.ThreefoldRepetition {
		t.Errorf("Ng8 makes the third occurrence: claim %v", r)
	}
	if r := p.ClaimableDrawWith(h, nc6); r != movegen.NoReason {
		t.Errorf("Nc6 repeats nothing: claim %v", r)
	}
	if r := p.ClaimableDraw(h); r != movegen.NoReason {
		t.Errorf("without a move: claim %v", r)
	}
	if r := p.ClaimableDrawWith(h, movegen.Move(12|28<<6)); r != movegen.NoReason {
		t.Errorf("an illegal move: claim %v", r)
	}
	if p != before || h.Len() != n {
		t.Error("the claim changed the position or the history")
	}
	// The fifty-move rule: the clock at 99, a quiet move brings it to 100;
	// a mate by that move wins.
	q := mustParse(t, "7k/8/6K1/8/8/8/8/R7 w - - 99 80")
	h.Reset(&q)
	ra2, _ := q.ParseSAN("Ra2")
	ra8, _ := q.ParseSAN("Ra8#")
	if r := q.ClaimableDrawWith(h, ra2); r != movegen.FiftyMoves {
		t.Errorf("Ra2 brings the clock to 100: claim %v", r)
	}
	if r := q.ClaimableDrawWith(h, ra8); r != movegen.NoReason {
		t.Errorf("Ra8 mates: claim %v", r)
	}
}

// TestRepetitionKnights: the knights go out and back; the start position
// occurs for the second time after 4 plies, the third after 8 (a draw may
// be claimed) and the fifth after 16 (drawn).
func TestRepetitionKnights(t *testing.T) {
	p := movegen.StartPosition()
	h := movegen.NewHistory(64)
	h.Reset(&p)
	if h.Occurrences() != 1 || h.IsRepetition() || h.Len() != 1 {
		t.Fatalf("start: %d occurrences, repetition %v, len %d", h.Occurrences(), h.IsRepetition(), h.Len())
	}
	shuffle := "Nf3 Nf6 Ng1 Ng8"
	for round := 2; round <= 5; round++ {
		playSAN(t, &p, h, shuffle)
		if got := h.Occurrences(); got != round {
			t.Fatalf("round %d: the start position occurs %d times", round, got)
		}
		if !h.IsRepetition() {
			t.Fatalf("round %d: no repetition", round)
		}
		o, claim := p.Outcome(h), p.ClaimableDraw(h)
		switch {
		case round < 3 && (o != movegen.Outcome{} || claim != movegen.NoReason),
			round >= 3 && round < 5 && (o != movegen.Outcome{} || claim != movegen.ThreefoldRepetition),
			round == 5 && (o != movegen.Outcome{Result: movegen.Draw, Reason: movegen.FivefoldRepetition} || claim != movegen.NoReason):
			t.Fatalf("round %d: outcome %v, claim %v", round, o, claim)
		}
	}
	if h.Len() != 17 {
		t.Fatalf("len %d", h.Len())
	}
	// Pop takes the last position off: Ng8 undone, the knight on f6 again,
	// a position that occurred after plies 3, 7, 11 and 15.
	h.Pop()
	if h.Occurrences() != 4 || h.Len() != 16 {
		t.Fatalf("after Pop: %d occurrences, len %d", h.Occurrences(), h.Len())
	}
	c := h.Clone()
	c.Pop()
	c.Pop()
	if h.Len() != 16 || c.Len() != 14 {
		t.Fatalf("Clone shares: %d, %d", h.Len(), c.Len())
	}
}

// TestFiftyMoves: a mate on the move that brings the clock to 100 or 150
// wins; another move there gives a claim, or a draw.
func TestFiftyMoves(t *testing.T) {
	for _, c := range []struct {
		clock   int
		san     string
		outcome movegen.Outcome
		claim   movegen.Reason
	}{
		{98, "Nf7#", movegen.Outcome{Result: movegen.WhiteWins, Reason: movegen.Checkmate}, movegen.NoReason},
		{98, "Ke2", movegen.Outcome{}, movegen.NoReason},
		{99, "Nf7#", movegen.Outcome{Result: movegen.WhiteWins, Reason: movegen.Checkmate}, movegen.NoReason},
		{99, "Ke2", movegen.Outcome{}, movegen.FiftyMoves},
		{99, "Nf3", movegen.Outcome{}, movegen.FiftyMoves},
		{148, "Ke2", movegen.Outcome{}, movegen.FiftyMoves},
		{149, "Nf7#", movegen.Outcome{Result: movegen.WhiteWins, Reason: movegen.Checkmate}, movegen.NoReason},
		{149, "Ke2", movegen.Outcome{Result: movegen.Draw, Reason: movegen.SeventyFiveMoves}, movegen.NoReason},
	} {
		p := mustParse(t, "6rk/6pp/8/6N1/8/8/8/4K3 w - - "+itoa(c.clock)+" 90")
		h := movegen.NewHistory(8)
		h.Reset(&p)
		playSAN(t, &p, h, c.san)
		if p.HalfmoveClock() != c.clock+1 {
			t.Fatalf("clock %d", p.HalfmoveClock())
		}
		if o, claim := p.Outcome(h), p.ClaimableDraw(h); o != c.outcome || claim != c.claim {
			t.Errorf("clock %d, %s: outcome %v, claim %v; want %v, %v", c.clock, c.san, o, claim, c.outcome, c.claim)
		}
	}
	// Black mated: Black's loss.
	p := mustParse(t, "4k3/8/8/8/8/8/5PPP/r5K1 w - - 0 1")
	if o := p.Outcome(nil); o != (movegen.Outcome{Result: movegen.BlackWins, Reason: movegen.Checkmate}) || o.String() != "0-1 checkmate" {
		t.Errorf("back-rank mate: %v", o)
	}
	p = mustParse(t, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
	if o := p.Outcome(nil); o != (movegen.Outcome{Result: movegen.Draw, Reason: movegen.Stalemate}) || o.String() != "1/2-1/2 stalemate" {
		t.Errorf("stalemate: %v", o)
	}
	var zero movegen.Position
	if o := zero.Outcome(nil); o != (movegen.Outcome{}) || o.String() != "*" || zero.ClaimableDraw(nil) != movegen.NoReason {
		t.Errorf("the zero position: %v", o)
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestRepetitionCastling: the rooks go out and back, and the placement is
// the start's again, but without the rights the rooks' moves lost: no
// repetition of the start; the same shuffle again repeats the position
// without them.
func TestRepetitionCastling(t *testing.T) {
	p := mustParse(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	start := p.Key()
	h := movegen.NewHistory(16)
	h.Reset(&p)
	playSAN(t, &p, h, "Rb1 Rb8 Ra1 Ra8")
	if p.Castling() != movegen.WhiteKingside|movegen.BlackKingside || p.Key() == start {
		t.Fatalf("rights %v", p.Castling())
	}
	if h.Occurrences() != 1 || h.IsRepetition() {
		t.Fatalf("after the rooks' loss of rights: %d occurrences", h.Occurrences())
	}
	playSAN(t, &p, h, "Rb1 Rb8 Ra1 Ra8")
	if h.Occurrences() != 2 || !h.IsRepetition() {
		t.Fatalf("after the second shuffle: %d occurrences", h.Occurrences())
	}
	playSAN(t, &p, h, "Rb1 Rb8 Ra1 Ra8")
	if h.Occurrences() != 3 || p.ClaimableDraw(h) != movegen.ThreefoldRepetition {
		t.Fatalf("after the third shuffle: %d occurrences, claim %v", h.Occurrences(), p.ClaimableDraw(h))
	}
}

// TestRepetitionEnPassant: a position after a double push with an
// en-passant capture possible is not the same as the placement without it;
// with the capture pseudo-legal only (the capturing pawn pinned), FIDE's
// rule makes it the same, and RepetitionKey does, though the Polyglot key
// counts the file.
func TestRepetitionEnPassant(t *testing.T) {
	// d4xe3 possible: e2e4's position does not repeat.
	p := mustParse(t, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1")
	h := movegen.NewHistory(16)
	h.Reset(&p)
	playSAN(t, &p, h, "e4")
	if p.RepetitionKey() != p.Key() {
		t.Fatalf("a legal en passant: the key differs")
	}
	playSAN(t, &p, h, "Ke7 Kf1 Ke8 Ke1")
	if h.Occurrences() != 1 {
		t.Fatalf("legal en passant: %d occurrences", h.Occurrences())
	}
	playSAN(t, &p, h, "Ke7 Kf1 Ke8 Ke1")
	if h.Occurrences() != 2 {
		t.Fatalf("legal en passant, second shuffle: %d occurrences", h.Occurrences())
	}

	// d4 pinned by the bishop on a1 against the king on g7.
	p = mustParse(t, "8/6k1/8/8/3p4/8/4P3/B3K3 w - - 0 1")
	h.Reset(&p)
	playSAN(t, &p, h, "e4")
	without := mustParse(t, strings.Replace(p.FEN(), " e3 ", " - ", 1))
	if p.Key() == without.Key() || p.RepetitionKey() != without.Key() {
		t.Fatalf("pinned en passant: key %x, repetition key %x, without the square %x", p.Key(), p.RepetitionKey(), without.Key())
	}
	playSAN(t, &p, h, "Kh8 Kf1 Kg7 Ke1")
	if h.Occurrences() != 2 || !h.IsRepetition() {
		t.Fatalf("pinned en passant: %d occurrences", h.Occurrences())
	}
}

// TestOutcomeHistory: p may be the history's last position or the one
// after it; a capture or pawn move starts a new window.
func TestOutcomeHistory(t *testing.T) {
	p := movegen.StartPosition()
	var h movegen.History // the zero History works
	h.Reset(&p)
	playSAN(t, &p, &h, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1")
	q := p
	if err := q.PlaySAN("Ng8"); err != nil {
		t.Fatal(err)
	}
	if q.ClaimableDraw(&h) != movegen.ThreefoldRepetition {
		t.Errorf("p after the history: no threefold")
	}
	h.Push(&q)
	if q.ClaimableDraw(&h) != movegen.ThreefoldRepetition || q.ClaimableDraw(nil) != movegen.NoReason {
		t.Errorf("p last in the history: no threefold")
	}
	playSAN(t, &q, &h, "e4")
	if h.Occurrences() != 1 || h.IsRepetition() {
		t.Errorf("after a pawn move: %d", h.Occurrences())
	}
	var empty movegen.History
	empty.Pop()
	if empty.Len() != 0 || empty.Occurrences() != 0 || empty.IsRepetition() || p.ClaimableDraw(&empty) != movegen.NoReason {
		t.Errorf("the empty history")
	}
}

// TestRepetitionRandom checks History against a count of its own along
// random games that often take back a move (knight and king shuffles,
// mostly): every earlier position of the game with the same placement,
// side to move, castling rights and en-passant capture (listed only when
// one is legal) is a repetition, whatever lies between (an irreversible
// move changes one of them for good).
func TestRepetitionRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	games, repeats := 300, 0
	if testing.Short() {
		games = 60
	}
	for g := range games {
		o := openings[g%len(openings)]
		if g%2 == 1 {
			o = openings960[g/2%len(openings960)]
		}
		p := mustParse(t, o.fen)
		h := movegen.NewHistory(0)
		h.Reset(&p)
		sigs := []string{signature(&p)}
		var played []movegen.Move
		for ply := 0; ply < 120; ply++ {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			if n := len(played); n >= 2 && rng.IntN(4) != 0 {
				// Take back our move of two plies ago, if it can be.
				back := played[n-2]
				for _, c := range moves {
					if c.From() == back.To() && c.To() == back.From() && !c.IsCastle() && !p.IsCapture(c) {
						m = c
					}
				}
			}
			p.PlayUnchecked(m)
			played = append(played, m)
			h.Push(&p)
			sig := signature(&p)
			want := 1
			for _, s := range sigs {
				if s == sig {
					want++
				}
			}
			sigs = append(sigs, sig)
			if got := h.Occurrences(); got != want || h.IsRepetition() != (want > 1) {
				t.Fatalf("game %d ply %d, %s: %d occurrences (repetition %v), want %d", g, ply, p.FEN(), got, h.IsRepetition(), want)
			}
			// RepeatedWithin(k): one of the last k positions occurred
			// before (no repetition crosses an irreversible move: the
			// signatures differ).
			for k := 0; k <= len(sigs)+1; k++ {
				want := false
				for i := max(len(sigs)-k, 0); i < len(sigs) && !want; i++ {
					want = slices.Contains(sigs[:i], sigs[i])
				}
				if got := h.RepeatedWithin(k); got != want {
					t.Fatalf("game %d ply %d, %s: RepeatedWithin(%d) %v, want %v", g, ply, p.FEN(), k, got, want)
				}
			}
			if want > 1 {
				repeats++
			}
			o := p.Outcome(h)
			if o.Reason == movegen.FivefoldRepetition && want < 5 || want >= 5 && o.Result == movegen.NoResult {
				t.Fatalf("%s: outcome %v with %d occurrences", p.FEN(), o, want)
			}
			if o.Result != movegen.NoResult {
				break
			}
		}
	}
	t.Logf("%d games, %d positions repeated", games, repeats)
	if repeats < 100 {
		t.Errorf("only %d positions repeated", repeats)
	}
}

// signature is the position as the repetition rule compares it, without
// keys: the placement, the side, the castling rights and the en-passant
// square when an en-passant capture is legal.
func signature(p *movegen.Position) string {
	f := strings.Fields(p.FEN())
	ep := "-"
	for _, m := range p.LegalMoves(nil) {
		if m.IsEnPassant() {
			ep = f[3]
		}
	}
	return f[0] + " " + f[1] + " " + p.Castling().String() + " " + ep
}

// TestDrawAllocs: the draw rules allocate nothing once the history has
// room.
func TestDrawAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage counters allocate")
	}
	p := movegen.StartPosition()
	h := movegen.NewHistory(64)
	h.Reset(&p)
	playSAN(t, &p, h, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")
	q := mustParse(t, "8/6k1/8/8/3pP3/8/8/B3K3 b - e3 0 1")
	nf3, err := p.ParseSAN("Nf3")
	if err != nil {
		t.Fatal(err)
	}
	var sink int
	for name, f := range map[string]func(){
		"Push, Pop": func() { h.Push(&p); h.Pop() },
		"IsRepetition, Occurrences": func() {
			if h.IsRepetition() {
				sink += h.Occurrences()
			}
		},
		"Outcome, ClaimableDraw": func() { sink += int(p.Outcome(h).Reason) + int(p.ClaimableDraw(h)) },
		"ClaimableDrawWith":      func() { sink += int(p.ClaimableDrawWith(h, nf3)) },
		"RepetitionKey":          func() { sink += int(q.RepetitionKey() & 1) },
		"IsInsufficientMaterial": func() {
			if p.IsInsufficientMaterial() {
				sink++
			}
		},
	} {
		if n := testing.AllocsPerRun(50, f); n != 0 {
			t.Errorf("%s allocates %.1f times a call", name, n)
		}
	}
	_ = sink
}
