package variant

import (
	"errors"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// TestStartFEN checks each variant's start position: its FEN writes back
// byte for byte, and its moves are python-chess's count.
func TestStartFEN(t *testing.T) {
	want := map[Variant]int{Crazyhouse: 20, Atomic: 20, Antichess: 20, KingOfTheHill: 20, ThreeCheck: 20, Horde: 8, RacingKings: 21}
	for _, v := range Variants {
		p := StartPosition(v)
		if p.FEN() != v.StartFEN() {
			t.Errorf("%s: FEN %q, want %q", v, p.FEN(), v.StartFEN())
		}
		if n := p.CountMoves(); n != want[v] {
			t.Errorf("%s: %d moves at the start, want %d", v, n, want[v])
		}
		back, err := ParseVariant(v.String())
		if err != nil || back != v {
			t.Errorf("ParseVariant(%q) = %v, %v", v.String(), back, err)
		}
		if back, err := ParseVariant(v.UCI()); err != nil || back != v {
			t.Errorf("ParseVariant(%q) = %v, %v", v.UCI(), back, err)
		}
	}
	var ve *VariantError
	if _, err := ParseVariant("chess960"); !errors.As(err, &ve) {
		t.Errorf("ParseVariant(chess960): %v, want a *VariantError", err)
	}
}

// TestFENForms checks the forms of FEN that lichess and python-chess write
// besides the one FEN writes: they read as the position FEN writes.
func TestFENForms(t *testing.T) {
	for _, c := range []struct {
		v       Variant
		in, out string
	}{
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qn w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1"},
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CrazyhouseFEN},
		{Crazyhouse, "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - -", "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1"},
		{Crazyhouse, "k7/8/8/8/8/8/8/K7[pqPnNQbBrR] w - - 0 1", "k7/8/8/8/8/8/8/K7[QRBNPqrbnp] w - - 0 1"},
		{ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1"},
		{ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ThreeCheckFEN},
		{ThreeCheck, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1 0 1"},
		{Atomic, "8/8/8/8/8/8/2k5/rR4KR w KQ -", "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1"},
		{Atomic, "8/8/8/8/8/8/2k5/rR4KR w HB -", "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1"},
		{Atomic, "r3k1rR/5K2/8/8/8/8/8/8 b kq -", "r3k1rR/5K2/8/8/8/8/8/8 b kq - 0 1"},
		{KingOfTheHill, "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 2"},
		{KingOfTheHill, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}, // no capture: not written
	} {
		p, err := ParseFEN(c.v, c.in)
		if err != nil {
			t.Errorf("%s %q: %v", c.v, c.in, err)
			continue
		}
		if got := p.FEN(); got != c.out {
			t.Errorf("%s %q: FEN %q, want %q", c.v, c.in, got, c.out)
		}
	}
	p, _ := ParseFEN(ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1")
	if got, want := p.LichessFEN(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2"; got != want {
		t.Errorf("LichessFEN %q, want %q", got, want)
	}
	// A king on the centre ends no Three-check game: the en-passant
	// capture stays legal, and written.
	p, _ = ParseFEN(ThreeCheck, "8/8/8/3k4/4Pp2/8/8/4K3 b - e3 3+3 0 1")
	if got, want := p.LichessFEN(), "8/8/8/3k4/4Pp2/8/8/4K3 b - e3 0 1 +0+0"; got != want {
		t.Errorf("LichessFEN %q, want %q", got, want)
	}
}

// TestFENErrors checks that ParseFEN refuses what the generator cannot
// play, each with a *FENError naming the field.
func TestFENErrors(t *testing.T) {
	for _, c := range []struct {
		v          Variant
		fen, field string
	}{
		{NoVariant, StandardFEN, ""},
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1", "pocket"},
		{Crazyhouse, "k7/8/8/8/8/8/8/K7[" + strings.Repeat("Q", 65) + "] w - - 0 1", "pocket"},
		{Atomic, "k7/8/8/8/8/8/8/K7[Q] w - - 0 1", "pocket"},
		{ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4+3 0 1", "checks"},
		{ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +x+0", "checks"},
		{KingOfTheHill, "8/8/8/8/8/8/8/K7 w - - 0 1", "placement"},
		{Horde, "4k3/8/8/8/8/8/8/K7 w - - 0 1", "placement"},
		{Horde, "4k3/8/8/8/8/8/8/p7 w - - 0 1", "placement"},
		{KingOfTheHill, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "placement"},
		{RacingKings, "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1 junk", ""},
		{RacingKings, "8/8/8/8/8/8/k5RK/8 w - - 0 1", "side"},      // Black, not to move, in check
		{RacingKings, "8/8/8/8/8/8/K5rk/8 w - - 0 1", "placement"}, // White, to move, in check: no checks at all
		{RacingKings, "8/8/8/8/8/8/kP4K1/8 w - - 0 1", "placement"},
		{ThreeCheck, "4k3/8/8/8/8/8/8/4K2r b - - 0 1", "side"},
		{Atomic, "8/8/8/8/8/8/8/4K2r w - - 0 1", "placement"}, // Black, not to move, has no king
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1[] w K - 0 1", "castling"},
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KX - 0 1", "castling"},
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] x KQkq - 0 1", "side"},
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - -1 1", "halfmove clock"},
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 99999999999", "fullmove number"},
		{Antichess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1", "placement"},
		{Antichess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w - - 0 1", "placement"},
		{Antichess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - e9 0 1", "en passant"},
	} {
		_, err := ParseFEN(c.v, c.fen)
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("%s %q: %v, want a *FENError", c.v, c.fen, err)
			continue
		}
		if fe.Field != c.field {
			t.Errorf("%s %q: field %q (%v), want %q", c.v, c.fen, fe.Field, err, c.field)
		}
		if !strings.HasPrefix(err.Error(), "variant: ") || strings.Count(err.Error(), "variant:") != 1 {
			t.Errorf("%s %q: %q: want the package's name once, first", c.v, c.fen, err)
		}
	}
}

// TestMoveErrors checks that a move not legal is a *MoveError wrapping
// the *movegen.MoveError (a SAN's, the *movegen.SANError) and changes
// nothing.
func TestMoveErrors(t *testing.T) {
	p := StartPosition(Crazyhouse)
	before := p
	var me *movegen.MoveError
	if err := p.PlayUCI("N@f3"); !errors.As(err, &me) || me.UCI != "N@f3" {
		t.Errorf("PlayUCI(N@f3) at the start: %v, want a *movegen.MoveError", err)
	}
	if err := p.Play(NewDrop(movegen.Knight, movegen.F3)); !errors.As(err, &me) {
		t.Errorf("Play(N@f3) at the start: %v, want a *movegen.MoveError", err)
	}
	var se *movegen.SANError
	if err := p.PlaySAN("Nd2"); !errors.As(err, &se) || se.SAN != "Nd2" {
		t.Errorf("PlaySAN(Nd2): %v, want a *movegen.SANError", err)
	}
	var ve *MoveError
	if _, err := p.MoveFrom(movegen.E1, movegen.G1, movegen.NoPieceType); !errors.As(err, &ve) || ve.Variant != Crazyhouse {
		t.Errorf("MoveFrom(e1, g1): %v, want a *MoveError", err)
	}
	if p != before {
		t.Error("a failed move changed the position")
	}
	q, _ := ParseFEN(Antichess, "8/8/8/8/8/8/1p6/R2N4 w - - 0 1")
	if err := q.PlayUCI("d1f2"); err == nil {
		t.Error("Antichess: a quiet move played while a capture is forced")
	}
	if err := q.PlayUCI("a1b1"); err == nil {
		t.Error("Antichess: a1b1 is no capture")
	}
}

// FuzzParseFEN checks that no string makes ParseFEN, or the calls on what
// it accepts, panic, and that what it accepts writes a FEN that reads back
// as the same FEN, with the same moves.
func FuzzParseFEN(f *testing.F) {
	for _, v := range Variants {
		f.Add(uint8(v), v.StartFEN())
	}
	f.Add(uint8(Crazyhouse), "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1")
	f.Add(uint8(Atomic), "Rr2k1rR/3K4/3p4/8/8/8/7P/8 w kq -")
	f.Add(uint8(ThreeCheck), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 1+1")
	f.Add(uint8(Horde), "k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - -")
	f.Fuzz(func(t *testing.T, v uint8, fen string) {
		p, err := ParseFEN(Variant(v), fen)
		if err != nil {
			return
		}
		s := p.FEN()
		q, err := ParseFEN(Variant(v), s)
		if err != nil {
			t.Fatalf("%q writes %q, which ParseFEN refuses: %v", fen, s, err)
		}
		if q.FEN() != s || sortedUCI(&p) != sortedUCI(&q) {
			t.Fatalf("%q writes %q, which reads back otherwise", fen, s)
		}
		for _, m := range p.LegalMoves(nil) {
			san := p.SAN(m)
			if back, err := p.ParseSAN(san); err != nil || back != m {
				t.Fatalf("%s: SAN %q of %s reads back as %v, %v", s, san, m, back, err)
			}
		}
		p.Outcome(nil)
		p.Key()
	})
}

// TestMoveString checks that String names every 16-bit value without a
// panic, and the moves of each kind as UCI does.
func TestMoveString(t *testing.T) {
	for m := 0; m < 1<<16; m++ {
		_ = Move(m).String()
	}
	for _, c := range []struct {
		m    Move
		want string
	}{
		{NewMove(movegen.E2, movegen.E4, movegen.NoPieceType), "e2e4"},
		{NewMove(movegen.E7, movegen.E8, movegen.King), "e7e8k"},
		{NewDrop(movegen.Pawn, movegen.E4), "P@e4"},
		{NewDrop(movegen.Knight, movegen.F3), "N@f3"},
		{NewCastle(movegen.E1, movegen.H1), "e1g1"},
		{NewCastle(movegen.E8, movegen.A8), "e8c8"},
		{NewCastle(movegen.G1, movegen.H1), "g1h1"},
		{NoMove, "0000"},
	} {
		if got := c.m.String(); got != c.want {
			t.Errorf("%#x: %q, want %q", uint16(c.m), got, c.want)
		}
	}
}
