package movegen

import (
	"errors"
	"strings"
	"testing"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// TestParseUCI checks moves accepted, and rejected with the reason, in
// standard chess and in Chess960 mode.
func TestParseUCI(t *testing.T) {
	tests := []struct {
		fen, move string
		want      string // the move's String, or the error's message
	}{
		{StartFEN, "e2e4", "e2e4"},
		{StartFEN, "g1f3", "g1f3"},
		{kiwipete, "e1g1", "e1g1"},
		{kiwipete, "e1c1", "e1c1"},
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8q", "a7a8q"},
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8n", "a7a8n"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "e5d6"},
		// Chess960 mode: king takes rook.
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1", "g1h1", "g1h1"},
		{"1rk1r3/8/8/8/8/8/8/1RK1R3 w BEbe - 0 1", "c1b1", "c1b1"},
		{"1rk1r3/8/8/8/8/8/8/1RK1R3 w BEbe - 0 1", "c1e1", "c1e1"},

		{StartFEN, "", `0 characters, want 4 (e2e4) or 5 with a promotion (e7e8q)`},
		{StartFEN, "e2e4qq", "6 characters"},
		{StartFEN, "e2", "2 characters"},
		{StartFEN, "0000", "0000"}, // the null move, NoMove
		{"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "0000", "the null move passes the turn, and white is in check"},
		{StartFEN, "e9e4", `"e9" is not a square`},
		{StartFEN, "E2e4", `"E2" is not a square`},
		{StartFEN, "e2i4", `"i4" is not a square`},
		{StartFEN, "e7e8k", `promotion 'k', want one of n, b, r, q`},
		{StartFEN, "e7e8Q", `promotion 'Q'`},
		{StartFEN, "e3e4", "no piece on e3"},
		{StartFEN, "e7e5", "the piece on e7 is black's, and white is to move"},
		{StartFEN, "e2e5", "a white pawn on e2 does not move to e5"},
		{StartFEN, "g1g3", "a white knight on g1 does not move to g3"},
		{StartFEN, "d1d3", "a white queen on d1 does not move to d3"},
		{StartFEN, "d1d2", "a white queen on d1 cannot take its own pawn on d2"},
		{StartFEN, "e2e4q", "only a pawn reaching the last rank promotes"},
		{StartFEN, "g1f3q", "only a pawn reaching the last rank promotes"},
		{"8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8", "a pawn reaching the last rank must promote: add q, r, b or n"},
		{"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "e1e3", "a white king on e1 does not move to e3"},
		{"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "e1d2", "white is in check, and a white king on e1 to d2 does not end it"},
		{"4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", "a1a2", "white is in check, and a white rook on a1 to a2 does not end it"},
		{"4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "e2d3", "a white bishop on e2 to d3 would leave the white king in check"},
		{"4kr2/8/8/8/8/8/8/4K3 w - - 0 1", "e1f1", "a white king on e1 to f1 would leave the white king in check"},
		// Castling in standard chess.
		{kiwipete, "e1h1", "castling is written e1g1 here, king two squares; e1h1 is the Chess960 form"},
		{StartFEN, "e1g1", "castling needs the squares the king and the rook cross or land on empty but for the two of them"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1g1", "white has no right to castle on the h-file side of its king"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1h1", "white has no right to castle with the rook on h1"},
		{"r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "e1g1", "white is in check, and castling does not end a check"},
		{"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "e1g1", "castling would take the king across or onto a square the enemy attacks"},
		{"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "e1h1", "castling would take the king across or onto a square the enemy attacks"},
		// Castling in Chess960 mode.
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1", "g1f1", "castling needs the squares the king and the rook cross or land on empty"},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w Hhf - 0 1", "g1f1", "white has no right to castle with the rook on f1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "e1g1", "in Chess960 castling is written king takes rook: e1h1"},
		{"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", "e1g1", "castling would take the king across or onto a square the enemy attacks"},
		{"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", "e1c1", "in Chess960 castling is written king takes rook: e1b1"},
		{"k7/8/8/8/8/8/8/rR1K3R w BH - 0 1", "d1b1", "castling would take the king across or onto a square the enemy attacks"},
		{"k7/8/8/8/8/8/8/1RNK3R w BH - 0 1", "d1b1", "castling needs the squares the king and the rook cross or land on empty"},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatalf("%s: %v", tt.fen, err)
		}
		before := p
		m, err := p.ParseUCI(tt.move)
		if p != before {
			t.Errorf("ParseUCI(%q) changed the position", tt.move)
		}
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) || me.UCI != tt.move {
				t.Errorf("%s: ParseUCI(%q): %v is not a *MoveError naming the move", tt.fen, tt.move, err)
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), `movegen: move "`+tt.move+`": `) {
				t.Errorf("%s: ParseUCI(%q):\n got %v\nwant movegen: move %q: ...%s...", tt.fen, tt.move, err, tt.move, tt.want)
			}
			continue
		}
		if m.String() != tt.want {
			t.Errorf("%s: ParseUCI(%q) = %s, want %s", tt.fen, tt.move, m, tt.want)
		}
	}
}

// TestChess960Mode checks which FENs set the mode, what it changes (the
// castling moves' names), and SetChess960.
func TestChess960Mode(t *testing.T) {
	for fen, want := range map[string]bool{
		StartFEN: false,
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1":       true, // Shredder-FEN
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1":          false,
		"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1":                       true, // rooks off the corners
		"r2k3r/8/8/8/8/8/8/R2K3R w KQkq - 0 1":                           true, // kings off e1, e8
		"r3k1rr/8/8/8/8/8/8/R3K1RR w Qq - 0 1":                           false,
		"r3k1rr/8/8/8/8/8/8/R3K1RR w Gq - 0 1":                           true, // an inner rook
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w - - 0 1": false,
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if p.Chess960() != want {
			t.Errorf("ParseFEN(%q).Chess960() = %v, want %v", fen, p.Chess960(), want)
		}
	}

	p, _ := ParseFEN(kiwipete)
	if err := p.SetChess960(false); err != nil {
		t.Fatal(err)
	}
	if err := p.SetChess960(true); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	var list moveList
	for _, m := range list[:generate(&p, &list)] {
		got[m.String()] = true
	}
	if !got["e1h1"] || !got["e1a1"] || got["e1g1"] || got["e1c1"] {
		t.Errorf("kiwipete in Chess960 mode: castling not named king takes rook")
	}
	if m, err := p.ParseUCI("e1h1"); err != nil || !m.IsCastle() {
		t.Errorf("kiwipete in Chess960 mode: ParseUCI(e1h1) = %v, %v", m, err)
	}
	// FEN writes file letters, so that the FEN reads back in the mode.
	if want := strings.Replace(kiwipete, "KQkq", "HAha", 1); p.FEN() != want {
		t.Errorf("SetChess960(true): FEN %s, want %s", p.FEN(), want)
	}

	// In Chess960 mode castling takes the general path (castles), in
	// standard chess the constant one: the counts agree.
	if n := p.Perft(3); n != 97862 {
		t.Errorf("kiwipete in Chess960 mode: perft 3 = %d, want 97862", n)
	}
	hAha, _ := ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1")
	kqkq, _ := ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	if a, b := hAha.Perft(4), kqkq.Perft(4); a != b || a != 314346 {
		t.Errorf("r3k2r/8/8/8/8/8/8/R3K2R: perft 4 = %d in Shredder-FEN, %d in standard FEN, want 314346", a, b)
	}

	q, _ := ParseFEN("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1")
	before := q
	if err := q.SetChess960(false); err == nil || q != before {
		t.Errorf("SetChess960(false) with rooks off the corners: %v, want an error and no change", err)
	}
	s, _ := ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")
	if err := s.SetChess960(false); err != nil || s.FEN() != StartFEN || s.Chess960() {
		t.Errorf("SetChess960(false) on the start in Shredder-FEN: %v, FEN %s", err, s.FEN())
	}
}
