package movegen_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// playFENs are the positions of the tests of every move value: the tricky
// ones (en passant, promotions, castling through check), Chess960 in both
// notations, and a position in check.
func playFENs() []string {
	return append(append([]string{}, trickyFENs...),
		movegen.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9",
		"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
		"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
	)
}

// TestPlayEveryMove: for every 16-bit value in each position, Play makes
// exactly the moves IsLegal accepts (and the null move out of check), as
// PlayUnchecked makes them, and for any other value changes nothing and
// returns a *MoveError that names the move.
func TestPlayEveryMove(t *testing.T) {
	for _, fen := range playFENs() {
		p := mustParse(t, fen)
		for v := 0; v < 1<<16; v++ {
			m := movegen.Move(v)
			q := p
			err := q.Play(m)
			legal := p.IsLegal(m)
			switch {
			case legal:
				r := p
				r.PlayUnchecked(m)
				if err != nil || q != r {
					t.Fatalf("%s: Play(%v) of a legal move: %v, same as PlayUnchecked %v", fen, m, err, q == r)
				}
			case m == movegen.NoMove && !p.InCheck():
				if err != nil || q == p {
					t.Fatalf("%s: Play(NoMove) out of check: %v", fen, err)
				}
			default:
				var me *movegen.MoveError
				if err == nil || q != p || !errors.As(err, &me) || me.UCI != m.String() || me.Msg == "" {
					t.Fatalf("%s: Play(%#04x) of an illegal move: error %v, changed %v", fen, v, err, q != p)
				}
			}
		}
	}
}

// TestPlayErrors: what Play says of the moves a caller gets wrong.
func TestPlayErrors(t *testing.T) {
	start := movegen.StartPosition()
	for _, c := range []struct {
		fen  string
		m    movegen.Move
		want string
	}{
		{movegen.StartFEN, movegen.NewMove(movegen.E2, movegen.E5), `movegen: move "e2e5": a white pawn on e2 does not move to e5`},
		{movegen.StartFEN, movegen.NewMove(movegen.E7, movegen.E5), `movegen: move "e7e5": the piece on e7 is black's, and white is to move`},
		{movegen.StartFEN, movegen.NewMove(movegen.E2, movegen.E4), `movegen: move "e2e4": the legal move from e2 to e4 is a pawn's two-square step (NewDoublePush), not a plain move (NewMove)`},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", movegen.NewMove(movegen.E1, movegen.H1), `movegen: move "e1h1": the legal move from e1 to h1 is a standard castling (NewCastle with chess960 false), not a plain move (NewMove)`},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", movegen.NewCastle(movegen.E1, movegen.H1, true), `movegen: move "e1h1": the legal move from e1 to h1 is a standard castling (NewCastle with chess960 false), not a Chess960 castling (NewCastle with chess960 true)`},
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", movegen.NoMove, `movegen: move "0000": the null move passes the turn, and white is in check`},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", movegen.NewPromotion(movegen.E1, movegen.E2, movegen.Queen), `movegen: move "e1e2q": only a pawn reaching the last rank promotes`},
	} {
		p := mustParse(t, c.fen)
		before := p
		err := p.Play(c.m)
		if err == nil || err.Error() != c.want || p != before {
			t.Errorf("%s: Play(%v) = %v, changed %v; want %s", c.fen, c.m, err, p != before, c.want)
		}
	}
	var zero movegen.Position
	if err := zero.PlayNull(); err == nil || zero != (movegen.Position{}) {
		t.Errorf("PlayNull on the zero Position: %v", err)
	}
	if err := start.Play(movegen.NewDoublePush(movegen.E2, movegen.E4)); err != nil || start.FEN() != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" {
		t.Errorf("Play(e2e4): %v, %s", err, start.FEN())
	}
}

// TestConstructors: every legal move of the test positions is the move its
// kind's constructor makes from its squares, and MoveFrom finds it from its
// squares and promotion; for every pair of squares and promotion that no
// legal move takes, MoveFrom returns a *MoveError.
func TestConstructors(t *testing.T) {
	for _, fen := range playFENs() {
		p := mustParse(t, fen)
		var buf [movegen.MaxMoves]movegen.Move
		legal := map[[3]int]movegen.Move{}
		for _, m := range p.LegalMoves(buf[:0]) {
			var made movegen.Move
			switch {
			case m.IsCastle():
				made = movegen.NewCastle(m.From(), m.To(), p.Chess960())
			case m.IsEnPassant():
				made = movegen.NewEnPassant(m.From(), m.To())
			case m.IsDoublePush():
				made = movegen.NewDoublePush(m.From(), m.To())
			case m.Promotion() != movegen.NoPieceType:
				made = movegen.NewPromotion(m.From(), m.To(), m.Promotion())
			default:
				made = movegen.NewMove(m.From(), m.To())
			}
			if made != m {
				t.Fatalf("%s: %v made by its constructor is %#04x, want %#04x", fen, m, uint16(made), uint16(m))
			}
			legal[[3]int{int(m.From()), int(m.To()), int(m.Promotion())}] = m
			if m.IsCastle() && !p.Chess960() {
				// Also the king's two-square step.
				k, _ := m.CastlingSquares()
				legal[[3]int{int(m.From()), int(k), 0}] = m
			}
		}
		for from := movegen.A1; from <= movegen.H8; from++ {
			for to := movegen.A1; to <= movegen.H8; to++ {
				for _, promo := range []movegen.PieceType{movegen.NoPieceType, movegen.Knight, movegen.Bishop, movegen.Rook, movegen.Queen, movegen.King} {
					m, err := p.MoveFrom(from, to, promo)
					want, ok := legal[[3]int{int(from), int(to), int(promo)}]
					var me *movegen.MoveError
					if ok && (err != nil || m != want) || !ok && (err == nil || !errors.As(err, &me) || !strings.HasPrefix(me.UCI, from.String()+to.String())) {
						t.Fatalf("%s: MoveFrom(%v, %v, %v) = %v, %v; want %v (legal %v)", fen, from, to, promo, m, err, want, ok)
					}
				}
			}
		}
	}
}

// TestSquareConstants: the constants name their squares.
func TestSquareConstants(t *testing.T) {
	named := []movegen.Square{movegen.A1, movegen.H1, movegen.E4, movegen.D5, movegen.A8, movegen.H8}
	for i, want := range []string{"a1", "h1", "e4", "d5", "a8", "h8"} {
		if named[i].String() != want {
			t.Errorf("constant %d is %v, want %s", i, named[i], want)
		}
	}
	for sq := movegen.A1; sq <= movegen.H8; sq++ {
		if got, err := movegen.ParseSquare(sq.String()); err != nil || got != sq {
			t.Errorf("ParseSquare(%v) = %v, %v", sq, got, err)
		}
	}
}

// TestConstructorPanics: a square outside 0..63, or a promotion to a
// piece that is none, panics naming the function and the value.
func TestConstructorPanics(t *testing.T) {
	p := movegen.StartPosition()
	for _, c := range []struct {
		want string
		f    func()
	}{
		{"movegen: NewMove: square 64 is not a square", func() { movegen.NewMove(movegen.E2, 64) }},
		{"movegen: NewDoublePush: square 200 is not a square", func() { movegen.NewDoublePush(200, movegen.E4) }},
		{"movegen: NewPromotion: piece type 6 is not Knight, Bishop, Rook or Queen", func() { movegen.NewPromotion(movegen.E7, movegen.E8, movegen.King) }},
		{"movegen: NewPromotion: square 64 is not a square", func() { movegen.NewPromotion(64, movegen.E8, movegen.Queen) }},
		{"movegen: NewEnPassant: square 99 is not a square", func() { movegen.NewEnPassant(movegen.E5, 99) }},
		{"movegen: NewCastle: square 64 is not a square", func() { movegen.NewCastle(movegen.E1, 64, false) }},
		{"movegen: MoveFrom: square 64 is not a square", func() { p.MoveFrom(64, movegen.E4, movegen.NoPieceType) }},
	} {
		func() {
			defer func() {
				r := recover()
				if s := fmt.Sprint(r); !strings.HasPrefix(s, c.want) {
					t.Errorf("panic %q, want %q", s, c.want)
				}
			}()
			c.f()
		}()
	}
}

// TestErrorTypes: every reader's error is an exported type that errors.As
// finds, and the sentinel errors.Is does.
func TestErrorTypes(t *testing.T) {
	_, err := movegen.ParseSquare("e9")
	var se *movegen.SquareError
	if !errors.As(err, &se) || se.Name != "e9" || err.Error() != `movegen: "e9" is not a square (a1 to h8)` {
		t.Errorf("ParseSquare: %v", err)
	}
	var s movegen.Setup
	err = s.Put(64, movegen.MakePiece(movegen.White, movegen.King))
	var sue *movegen.SetupError
	if !errors.As(err, &sue) || sue.Method != "Put" || err.Error() != "movegen: setup: Put: square 64 is not a square (a1 = 0 to h8 = 63)" {
		t.Errorf("Setup.Put: %v", err)
	}
	p := mustParse(t, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9")
	if err := p.SetChess960(false); !errors.Is(err, movegen.ErrStandardCastling) {
		t.Errorf("SetChess960(false) off the standard squares: %v", err)
	}
	_, err = movegen.ParseUCIPosition("position startpos moves e2e4 e7e4", false, nil)
	var ue *movegen.UCIError
	var me *movegen.MoveError
	if !errors.As(err, &ue) || !errors.As(err, &me) || me.UCI != "e7e4" {
		t.Errorf("ParseUCIPosition: %v", err)
	}
}
