package movegen

import (
	"errors"
	"math/bits"
	"strings"
	"testing"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/internal/perftdata"
)

// fenRule is a FEN that ParseFENStrict accepts (field "") or rejects with
// a *FENError of that field whose message holds msg.
type fenRule struct {
	fen, field, msg string
}

func checkRules(t *testing.T, rules []fenRule) {
	t.Helper()
	for _, r := range rules {
		p, err := ParseFENStrict(r.fen)
		if r.field == "" {
			if err != nil {
				t.Errorf("ParseFENStrict(%q): %v, want it accepted", r.fen, err)
			} else if p.FEN() != r.fen {
				t.Errorf("ParseFENStrict(%q).FEN() = %q", r.fen, p.FEN())
			} else if q, err := ParseFEN(r.fen); err != nil || q != p {
				t.Errorf("ParseFEN(%q) reads another position than ParseFENStrict: %v", r.fen, err)
			}
			continue
		}
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("ParseFENStrict(%q) = %v, want a %s error", r.fen, err, r.field)
			continue
		}
		if fe.Field != r.field || !strings.Contains(fe.Msg, r.msg) {
			t.Errorf("ParseFENStrict(%q):\n got %v\nwant FEN field %q: ...%s...", r.fen, err, r.field, r.msg)
		}
		// ParseFEN reads every position these rules find unreachable as
		// it stands.
		want := ""
		if playable(fe) {
			want = r.fen
		}
		checkLenient(t, r.fen, err, want)
	}
}

// TestEnPassantRules: an en-passant square says the last move was a double
// push, so the halfmove clock is 0, a check on the side to move is one
// that push gave or discovered, and the push blocked no check.
func TestEnPassantRules(t *testing.T) {
	checkRules(t, []fenRule{
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "", ""},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 1 1", "halfmove clock", "1, but the en-passant square e3 says the last move was a pawn's double push, which resets the clock to 0"},
		{"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 7 3", "halfmove clock", "7, but the en-passant square d6"},
		// The push gives the check: d2d4 attacks e5.
		{"8/8/8/4k3/3P4/8/8/4K3 b - d3 0 1", "", ""},
		// The push discovers it: d2 blocked e1's diagonal to a5 (and c4xd3
		// does not answer it).
		{"8/8/8/k7/2pP4/8/8/4B1K1 b - d3 0 1", "", ""},
		// White is in check from a knight that stood there before d7d5.
		{"4k3/8/8/3pP3/8/3n4/8/4K3 w - d6 0 1", "en passant", "d6 says the last move was black's double push d7d5, but before it white's king was in check from the black knight on d3, with black to move"},
		// The bishop on f1 checked b5 before d2d4 (d2 is off its diagonal):
		// en passant onto d3 would block a check no game reaches.
		{"8/8/8/1k6/3Pp3/8/8/4KB2 b - d3 0 1", "en passant", "d3 says the last move was white's double push d2d4, but before it black's king was in check from the white bishop on f1, with white to move"},
		// e2e4 gives the pawn's check, but blocks the bishop's from c2,
		// which Black stood in with White to move (python-chess reads it
		// as a legal position).
		{"8/8/8/5k2/4Pp2/8/2B5/4K3 b - e3 0 1", "en passant", "e3 says the last move was white's double push e2e4, but before it black's king was in check from the white bishop on c2, with white to move"},
		// No check now, but the push blocked one.
		{"8/8/6k1/8/4P3/8/2B5/K7 b - e3 0 1", "en passant", "before it black's king was in check from the white bishop on c2"},
		// The pawn on its start square checked the king.
		{"8/8/8/8/4P3/5k2/8/K7 b - e3 0 1", "en passant", "before it black's king was in check from the white pawn on e2, with white to move"},
	})
}

// TestDoubleCheck: a double check is accepted exactly when some un-move of
// the side not to move leaves the side to move's king unattacked.
func TestDoubleCheck(t *testing.T) {
	const impossible = "a double check no "
	checkRules(t, []fenRule{
		// Knight and the rook it uncovered (Nd3 from e5).
		{"4r2k/8/8/8/8/3n4/8/4K3 w - - 0 1", "", ""},
		// A pawn and the rook it uncovered by a capture (e4xd5).
		{"8/8/4k3/3P4/8/8/8/4RK2 b - - 0 1", "", ""},
		// Rook and rook: c7xd8=R with the rook on a7 behind c7.
		{"3R4/R2k4/8/8/8/8/8/4K3 b - - 0 1", "", ""},
		// The same with Black holding 16 pieces: nothing was captured, and
		// no other move gives it.
		{"3R4/R2k4/pppppppp/8/rnbbqnr1/8/7K/8 b - - 0 1", "placement", impossible},
		{"3R4/R2k4/ppppppp1/8/rnbbqnr1/8/7K/8 b - - 0 1", "", ""},
		// Queen and bishop: d7d8=Q would uncover a4's diagonal, but the
		// pawn on d7 had Black in check already.
		{"3Qk3/8/8/8/B7/8/8/4K3 b - - 0 1", "placement", impossible},
		// En passant uncovering two lines: e5xd6 opens e1-e6 and a2-e6 ...
		{"8/8/3Pk3/8/8/8/B7/4R2K b - - 0 1", "", ""},
		// ... but not if d7 is occupied: the black pawn cannot have come
		// from there, and no other move gives it.
		{"8/3p4/3Pk3/8/8/8/B7/4R2K b - - 0 1", "placement", impossible},
		// With the bishop on c4, Be2-c4 gives it too (it uncovers e1-e6).
		{"8/3p4/3Pk3/8/2B5/8/8/4R2K b - - 0 1", "", ""},
		// Black's move: e2xd1=R, the rook on e8 behind e2.
		{"4r2k/8/8/8/8/8/8/3rK3 w - - 0 1", "", ""},

		// Impossible: two bishops, two knights, two pawns, pawn and knight,
		// two rooks on one line through the king, a pawn and a bishop on
		// one line through it.
		{"4k3/8/8/1B5B/8/8/8/4K3 b - - 0 1", "placement", "black's king on e8 is in check from the white bishop on b5 and the white bishop on h5, a double check no white move can give"},
		{"4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1", "placement", impossible},
		{"4k3/3P1P2/8/8/8/8/8/4K3 b - - 0 1", "placement", impossible},
		{"4k3/3P4/5N2/8/8/8/8/4K3 b - - 0 1", "placement", impossible},
		{"R3k2R/8/8/8/8/8/8/4K3 b - - 0 1", "placement", impossible},
		{"7B/8/8/4k3/3P4/8/8/7K b - - 0 1", "placement", impossible},
		{"4r2k/8/8/b7/8/8/8/4K3 w - - 0 1", "placement", "white's king on e1 is in check from the black bishop on a5 and the black rook on e8, a double check no black move can give"},
		// A pawn and a bishop off one line: no pawn move uncovers a
		// bishop's check, the pawn's check is on the diagonal it steps to
		// or from (TestPawnDiscoveries).
		{"8/8/4k3/3P4/8/7B/8/4K3 b - - 0 1", "placement", impossible},
	})
}

// TestPawnDiscoveries: a pawn that checks by its move uncovers no bishop's
// check, only a rook's or queen's along the file it leaves by a capture
// (or along the rank of an en-passant capture): over every pawn move on
// an empty board and every enemy king square it attacks, the lines from
// the king through the squares the move empties.
func TestPawnDiscoveries(t *testing.T) {
	for from := 8; from < 56; from++ {
		type move struct{ to, captured int }
		var moves []move
		if from < 48 {
			moves = append(moves, move{from + 8, -1})
		}
		if from < 16 {
			moves = append(moves, move{from + 16, -1})
		}
		for c := attacks.Pawn(true, from); c != 0; c &= c - 1 {
			to := lsb(c)
			moves = append(moves, move{to, -1})
			if from/8 == 4 {
				moves = append(moves, move{to, to - 8})
			}
		}
		for _, m := range moves {
			for k := attacks.Pawn(true, m.to); k != 0; k &= k - 1 {
				ksq := lsb(k)
				for _, v := range []int{from, m.captured} {
					if v < 0 || bishopEmpty[ksq]&(1<<v) == 0 || attacks.Between(ksq, v)&(1<<m.to) != 0 {
						continue
					}
					// A bishop just beyond v would be uncovered.
					if b, ok := beyond(ksq, v, bishopEmpty[ksq]); ok && b != m.to {
						t.Errorf("a pawn from %s to %s checking %s uncovers a bishop's diagonal through %s", sqName(from), sqName(m.to), sqName(ksq), sqName(v))
					}
				}
			}
		}
	}
}

// beyond returns the square just beyond v on the line from ksq through v,
// which line holds (the line's squares as seen from ksq), if there is one.
func beyond(ksq, v int, line uint64) (int, bool) {
	for ; line != 0; line &= line - 1 {
		if b := lsb(line); attacks.Between(ksq, b) == attacks.Between(ksq, v)|1<<v {
			return b, true
		}
	}
	return 0, false
}

// TestCastlingGivesNoDoubleCheck checks the claim doubleCheckable rests on:
// no castling, standard or Chess960, checks twice. For every king and rook
// file, every square of the enemy king that a legal castling allows (off
// the squares it crosses or lands on, not beside the castled king), it
// counts the rook's check and each line from the enemy king through a
// square the castling empties to a square beyond it (where a slider could
// stand): at most one.
func TestCastlingGivesNoDoubleCheck(t *testing.T) {
	for kf := 0; kf < 8; kf++ {
		for rf := 0; rf < 8; rf++ {
			if kf == rf {
				continue
			}
			k, r := kf, rf // White's first rank
			kTo, rTo := newMove(k, r, flagCastle).castlingSquares()
			occ := uint64(1)<<kTo | uint64(1)<<rTo
			empty := castlePaths[castleIndex(White, k, r)].empty
			for e := 0; e < 64; e++ {
				if occ&(1<<e) != 0 || empty&(1<<e) != 0 || attacks.King(kTo)&(1<<e) != 0 || e == k || e == r {
					continue
				}
				n := 0
				if attacks.Rook(rTo, occ)&(1<<e) != 0 {
					n++
				}
				for _, v := range []int{k, r} {
					if occ&(1<<v) != 0 {
						continue // the king or the rook landed there
					}
					line := rookEmpty[e] & rookEmpty[v]
					if bishopEmpty[e]&(1<<v) != 0 {
						line = bishopEmpty[e] & bishopEmpty[v]
					} else if rookEmpty[e]&(1<<v) == 0 {
						continue
					}
					if attacks.Between(e, v)&occ != 0 {
						continue
					}
					// Walk beyond v over the squares castling needs empty
					// (and leaves so): the first other square could hold
					// a slider, unless the king or the rook landed there.
					b, ok := beyond(e, v, line)
					for ok && (empty|1<<k|1<<r)&^occ&(1<<b) != 0 {
						b, ok = beyond(e, b, line)
					}
					if ok && occ&(1<<b) == 0 {
						n++
					}
				}
				if n > 1 {
					t.Errorf("castling with the king on %s and the rook on %s checks a king on %s twice", sqName(k), sqName(r), sqName(e))
				}
			}
		}
	}
}

// TestDoubleChecksPlayed: every double check a legal move gives, from the
// walk's positions to three plies, is one ParseFENStrict accepts, with the
// en-passant square (the rule of the push) and without it (the un-moves).
func TestDoubleChecksPlayed(t *testing.T) {
	n := 0
	var visit func(p *Position, depth int)
	visit = func(p *Position, depth int) {
		var list moveList
		for _, m := range list[:generate(p, &list)] {
			c := *p
			play(&c, m)
			if bits.OnesCount64(c.checkers(c.side)) == 2 {
				n++
				if _, err := ParseFENStrict(c.FEN()); err != nil {
					t.Fatalf("%s: %s gives a double check ParseFENStrict rejects: %v", p.FEN(), m, err)
				}
				if !c.doubleCheckable() {
					t.Fatalf("%s: %s gives a double check no un-move explains", p.FEN(), m)
				}
			}
			if depth > 1 {
				visit(&c, depth-1)
			}
		}
	}
	depth := 3
	if testing.Short() {
		depth = 2
	}
	for _, fen := range append(perftdata.WalkFENs,
		"r2qk2r/ppp2ppp/2n5/3n1b2/2B1N3/5N2/PPPP1PPP/R1BQR1K1 w kq - 0 1",
		"2r1r3/R2P3k/8/8/8/8/8/4K3 w - - 0 1",
		"7k/8/8/3pP3/8/8/1B6/4K3 w - d6 0 2",
		"8/3p4/4k3/4P3/8/8/B7/4R2K b - - 0 1",
	) {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		visit(&p, depth)
	}
	if n == 0 {
		t.Fatal("no move gave a double check")
	}
	t.Logf("%d double checks given", n)
}

// TestPromotedPieces: pawns and the pieces that must be promoted pawns are
// at most 8 a side.
func TestPromotedPieces(t *testing.T) {
	checkRules(t, []fenRule{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKQNR w KQkq - 0 1", "placement", "8 white pawns beside 2 queens: at least 1 of the white pieces is a promoted pawn, but no white pawn is missing"},
		{"rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKQNR w KQkq - 0 1", "", ""},
		{"rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKQQR w KQkq - 0 1", "placement", "7 white pawns beside 3 queens: at least 2 of the white pieces are promoted pawns, but only 1 white pawn is missing"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBBR w KQkq - 0 1", "placement", "8 white pawns beside 2 dark-squared bishops"},
		{"rnbqkbnr/pppppppp/8/8/8/8/P1PPPPPP/RNBQKBBR w KQkq - 0 1", "", ""},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNNQKBNR w KQkq - 0 1", "placement", "8 white pawns beside 3 knights"},
		{"rrbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1", "placement", "8 black pawns beside 3 rooks"},
		{"rrbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1", "", ""},
		{"1r1rk1rr/pppppppp/8/8/8/8/PPPPPPPP/1R1RK1RR w DGdg - 0 1", "placement", "8 white pawns beside 4 rooks: at least 2 of the white pieces are promoted pawns"},
		{"1r1rk1rr/pppppp2/8/8/8/8/PPPPPP2/1R1RK1RR w GDgd - 0 1", "", ""},
		{"b3k2b/8/8/8/8/8/PPPPPPP1/B1B1K1B1 w - - 0 1", "placement", "7 white pawns beside 3 dark-squared bishops: at least 2 of the white pieces are promoted pawns, but only 1 white pawn is missing"},
		{"b3k2b/8/8/8/8/8/PPPPPP2/B1B1K1B1 w - - 0 1", "", ""},
	})
}

// TestChess960Consistent: a position and the one read from its FEN are
// equal (==), with the same FEN, mode and move names, through the mode's
// changes: rights lost to the last one, rights left all on standard
// squares, SetChess960 on a standard position, Shredder-FEN rights left all
// on inner rooks.
func TestChess960Consistent(t *testing.T) {
	same := func(what string, p *Position) {
		t.Helper()
		q, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatalf("%s: %s: %v", what, p.FEN(), err)
		}
		if q != *p || q.FEN() != p.FEN() || q.Chess960() != p.Chess960() {
			t.Errorf("%s: %s reads back as %s (Chess960 %v, was %v)\n%+v\n%+v", what, p.FEN(), q.FEN(), q.Chess960(), p.Chess960(), q, *p)
		}
	}
	play := func(p *Position, moves ...string) {
		t.Helper()
		for _, s := range moves {
			m, err := p.ParseUCI(s)
			if err != nil {
				t.Fatalf("%s: %v", p.FEN(), err)
			}
			play(p, m)
		}
	}
	// The last right lost: the mode goes with it.
	p, _ := ParseFEN("4k3/8/8/8/8/8/8/R3K3 w A - 0 1")
	if !p.Chess960() {
		t.Fatal("A does not set Chess960 mode")
	}
	play(&p, "e1e2")
	if p.Chess960() || p.FEN() != "4k3/8/8/8/8/8/4K3/R7 b - - 1 1" {
		t.Errorf("after the last right: Chess960 %v, %s", p.Chess960(), p.FEN())
	}
	same("the last right lost", &p)

	// X-FEN with an inner rook: the rights left all on standard squares
	// are written as file letters.
	p, _ = ParseFEN("r3k1rr/8/8/8/8/8/8/R3K1RR w GQgq - 0 1")
	play(&p, "g1g2", "g8g7")
	if !p.Chess960() || p.FEN() != "r3k2r/6r1/8/8/8/8/6R1/R3K2R w Aa - 2 2" {
		t.Errorf("rights left on standard squares: Chess960 %v, %s", p.Chess960(), p.FEN())
	}
	same("rights left on standard squares", &p)

	// SetChess960 on a standard position, and on one without rights.
	p, _ = ParseFEN(kiwipete)
	if err := p.SetChess960(true); err != nil || !p.Chess960() || !strings.Contains(p.FEN(), " w HAha ") {
		t.Errorf("SetChess960(true) on kiwipete: %v, %s", err, p.FEN())
	}
	same("SetChess960(true)", &p)
	p, _ = ParseFEN("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	before := p
	if err := p.SetChess960(true); err != nil || p != before || p.Chess960() {
		t.Errorf("SetChess960(true) without rights: %v, Chess960 %v", err, p.Chess960())
	}

	// X-FEN whose rights come to be all inner rooks': the field is file
	// letters alone, and the position turns to Shredder-FEN notation (the
	// way ParseFEN reads the field), kept when the h1 rook leaves and g1's
	// is the outermost again.
	p, _ = ParseFEN("r3k1rr/8/8/8/8/8/8/R3K1RR w GQgq - 0 1")
	play(&p, "a1a2")
	if p.shredder || !strings.Contains(p.FEN(), " b Ggq ") {
		t.Fatalf("%s: X-FEN notation lost", p.FEN())
	}
	same("X-FEN, an inner rook", &p)
	play(&p, "a8a7")
	if !p.shredder || !strings.Contains(p.FEN(), " w Gg ") {
		t.Fatalf("%s: not in Shredder-FEN notation", p.FEN())
	}
	same("X-FEN rights all inner rooks'", &p)
	play(&p, "h1h2")
	if !strings.Contains(p.FEN(), " b Gg ") {
		t.Fatalf("%s: Shredder-FEN notation lost", p.FEN())
	}
	same("Shredder-FEN, the rook outermost again", &p)
	// A rook arriving beyond a castling rook does the same.
	p, _ = ParseFEN("1r2k1r1/p6p/8/8/8/8/P7/1R2K1R1 w K - 0 1")
	play(&p, "b1b2", "h7h6", "b2h2", "h6h5", "h2h1")
	if !p.shredder || !strings.Contains(p.FEN(), " b G ") {
		t.Fatalf("%s: not in Shredder-FEN notation", p.FEN())
	}
	same("a rook beyond the castling rook", &p)
	for _, fen := range perftdata.WalkFENs {
		p, _ := ParseFEN(fen)
		same("walk position", &p)
	}
}
