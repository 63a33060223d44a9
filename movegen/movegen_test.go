package movegen_test

import (
	"errors"
	"math/bits"
	"strings"
	"testing"
	"unsafe"

	"github.com/symmagic/attacks/movegen"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func mustParse(t testing.TB, fen string) movegen.Position {
	t.Helper()
	p, err := movegen.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSquaresAndPieces(t *testing.T) {
	for sq := movegen.Square(0); sq < 64; sq++ {
		s, err := movegen.ParseSquare(sq.String())
		if err != nil || s != sq || sq.File() != int(sq)%8 || sq.Rank() != int(sq)/8 {
			t.Errorf("square %d: %q, %v, %v", sq, sq.String(), s, err)
		}
	}
	if movegen.NoSquare.String() != "-" {
		t.Errorf("NoSquare is %q", movegen.NoSquare.String())
	}
	for _, bad := range []string{"", "a", "a9", "i1", "A1", "a1 ", "-"} {
		if _, err := movegen.ParseSquare(bad); err == nil || !strings.Contains(err.Error(), "is not a square") {
			t.Errorf("ParseSquare(%q): %v", bad, err)
		}
	}
	letters := ""
	for _, c := range []movegen.Color{movegen.White, movegen.Black} {
		for pt := movegen.Pawn; pt <= movegen.King; pt++ {
			pc := movegen.MakePiece(c, pt)
			if pc.Color() != c || pc.Type() != pt {
				t.Errorf("MakePiece(%v, %v) = %v: colour %v, type %v", c, pt, pc, pc.Color(), pc.Type())
			}
			letters += pc.String()
		}
		if c.Other() == c {
			t.Errorf("%v.Other() = %v", c, c.Other())
		}
	}
	if letters != "PNBRQKpnbrqk" || movegen.NoPiece.String() != "." || movegen.MakePiece(movegen.White, movegen.NoPieceType) != movegen.NoPiece {
		t.Errorf("piece letters %q", letters)
	}
	if movegen.King.String() != "king" || movegen.NoPieceType.String() != "none" || movegen.Black.String() != "black" {
		t.Errorf("names: %v %v %v", movegen.King, movegen.NoPieceType, movegen.Black)
	}
	if r := movegen.WhiteKingside | movegen.BlackQueenside; r.String() != "Kq" || movegen.CastlingRights(0).String() != "-" {
		t.Errorf("CastlingRights: %v", r)
	}
}

// TestPly counts the plies of a game from the start: one more after every
// move, as python-chess's Board.ply counts them, and from a FEN's move number.
func TestPly(t *testing.T) {
	p := movegen.StartPosition()
	for i, uci := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"} {
		if p.Ply() != i {
			t.Fatalf("after %d moves: Ply %d", i, p.Ply())
		}
		m, err := p.ParseUCI(uci)
		if err != nil {
			t.Fatal(err)
		}
		p.Play(m)
	}
	if p.Ply() != 5 {
		t.Errorf("after 5 moves: Ply %d", p.Ply())
	}
	for fen, want := range map[string]int{
		"r1k1r3/8/8/3pP3/8/8/8/R1K1R3 w Qq d6 0 17": 32,
		"r1k1r3/8/8/3pP3/8/8/8/R1K1R3 b Qq - 3 17":  33,
		"8/8/8/8/8/8/8/K6k b - - 0 1":               1,
	} {
		if p := mustParse(t, fen); p.Ply() != want {
			t.Errorf("%s: Ply %d, want %d", fen, p.Ply(), want)
		}
	}
}

// TestPositionAccessors reads a position back through every accessor.
func TestPositionAccessors(t *testing.T) {
	p := mustParse(t, "r1k1r3/8/8/3pP3/8/8/8/R1K1R3 w Qq d6 0 17")
	if p.Side() != movegen.White || p.HalfmoveClock() != 0 || p.FullmoveNumber() != 17 || p.EnPassant() != 43 {
		t.Errorf("side %v, clocks %d %d, en passant %v", p.Side(), p.HalfmoveClock(), p.FullmoveNumber(), p.EnPassant())
	}
	if c := mustParse(t, "r1k1r3/8/8/3pP3/8/8/8/R1K1R3 b Qq - 3 17"); c.HalfmoveClock() != 3 || c.Side() != movegen.Black || c.EnPassant() != movegen.NoSquare {
		t.Errorf("halfmove clock %d, side %v, en passant %v", c.HalfmoveClock(), c.Side(), c.EnPassant())
	}
	if p.Castling() != movegen.WhiteQueenside|movegen.BlackQueenside || !p.Chess960() {
		t.Errorf("castling %v, Chess960 %v", p.Castling(), p.Chess960())
	}
	if sq, ok := p.CastlingRook(movegen.WhiteQueenside); !ok || sq != 0 {
		t.Errorf("CastlingRook(WhiteQueenside) = %v, %v", sq, ok)
	}
	if _, ok := p.CastlingRook(movegen.WhiteKingside); ok {
		t.Errorf("CastlingRook(WhiteKingside) is held")
	}
	if _, ok := p.CastlingRook(movegen.WhiteQueenside | movegen.BlackQueenside); ok {
		t.Errorf("CastlingRook of two rights answers")
	}
	if p.KingSquare(movegen.White) != 2 || p.KingSquare(movegen.Black) != 58 {
		t.Errorf("kings on %v and %v", p.KingSquare(movegen.White), p.KingSquare(movegen.Black))
	}
	if p.PieceAt(36) != movegen.MakePiece(movegen.White, movegen.Pawn) || p.PieceAt(35) != movegen.MakePiece(movegen.Black, movegen.Pawn) || p.PieceAt(20) != movegen.NoPiece || p.PieceAt(movegen.NoSquare) != movegen.NoPiece {
		t.Errorf("PieceAt")
	}
	if p.Pieces(movegen.White, movegen.Rook) != 1|1<<4 || p.ByType(movegen.Rook) != 1|1<<4|1<<56|1<<60 || p.Pieces(movegen.White, movegen.NoPieceType) != 0 || p.ByType(7) != 0 {
		t.Errorf("Pieces, ByType")
	}
	if p.ByColor(movegen.White)|p.ByColor(movegen.Black) != p.Occupied() || bits.OnesCount64(p.Occupied()) != 8 {
		t.Errorf("ByColor, Occupied")
	}
	if p.String() != p.FEN() {
		t.Errorf("String is not FEN")
	}
	start := movegen.StartPosition()
	if start.FEN() != movegen.StartFEN || start.Key() != 0x463b96181691fc9c || start.Chess960() {
		t.Errorf("StartPosition: %s, key %016x", start.FEN(), start.Key())
	}
}

// TestZeroPosition: the zero Position is an empty board with no moves, and
// nothing panics on it.
func TestZeroPosition(t *testing.T) {
	var p movegen.Position
	start := movegen.StartPosition()
	m := start.LegalMoves(nil)[0]
	if len(p.LegalMoves(nil)) != 0 || len(p.Captures(nil)) != 0 || p.CountMoves() != 0 ||
		p.InCheck() || p.IsCheckmate() || p.IsStalemate() || p.IsLegal(m) || p.Perft(1) != 0 || p.Perft(0) != 1 || p.Divide(2) != nil ||
		p.KingSquare(movegen.White) != movegen.NoSquare {
		t.Error("the zero Position has moves")
	}
	if err := p.Play(m); err == nil || p != (movegen.Position{}) {
		t.Errorf("Play on the zero Position: %v, changed %v", err, p != (movegen.Position{}))
	}
	if _, err := p.ParseUCI("e2e4"); err == nil {
		t.Error("ParseUCI on the zero Position")
	}
	if p.FEN() != "8/8/8/8/8/8/8/8 w - - 0 0" {
		t.Errorf("zero FEN %q", p.FEN())
	}
}

// TestErrors: errors are of the exported types, name what is wrong, and
// change nothing.
func TestErrors(t *testing.T) {
	_, err := movegen.ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1")
	var fe *movegen.FENError
	if !errors.As(err, &fe) || fe.Field != "en passant" || err.Error() != `movegen: FEN en passant: "e9" is not - or a square` {
		t.Errorf("ParseFEN: %v", err)
	}
	p := mustParse(t, kiwipete)
	before := p
	err = p.PlayUCI("e1e3")
	var me *movegen.MoveError
	if !errors.As(err, &me) || me.UCI != "e1e3" || err.Error() != `movegen: move "e1e3": a white king on e1 does not move to e3` || p != before {
		t.Errorf("PlayUCI: %v", err)
	}
	q := mustParse(t, "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1")
	before = q
	if err := q.SetChess960(false); err == nil || q != before || !strings.Contains(err.Error(), "off its square of standard chess") {
		t.Errorf("SetChess960(false): %v", err)
	}
	if err := p.PlayUCI("e1g1"); err != nil || p.FEN() != "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1" {
		t.Errorf("PlayUCI(e1g1): %v, %s", err, p.FEN())
	}
}

// TestCastlingMoves: a castling move is king takes rook inside, named in
// UCI by the mode, and tells where the pieces land.
func TestCastlingMoves(t *testing.T) {
	p := mustParse(t, kiwipete)
	m, err := p.ParseUCI("e1c1")
	if err != nil {
		t.Fatal(err)
	}
	if !m.IsCastle() || m.From() != 4 || m.To() != 0 || m.String() != "e1c1" || p.IsCapture(m) {
		t.Errorf("e1c1: castle %v, from %v, to %v, %v", m.IsCastle(), m.From(), m.To(), m)
	}
	if k, r := m.CastlingSquares(); k != 2 || r != 3 {
		t.Errorf("e1c1 lands on %v and %v", k, r)
	}
	if err := p.SetChess960(true); err != nil {
		t.Fatal(err)
	}
	m960, err := p.ParseUCI("e1a1")
	if err != nil || m960.From() != m.From() || m960.To() != m.To() || m960.String() != "e1a1" {
		t.Errorf("Chess960 e1a1: %v, %v", m960, err)
	}
	e := mustParse(t, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
	ep, err := e.ParseUCI("e5d6")
	if err != nil || !ep.IsEnPassant() || !e.IsCapture(ep) || ep.Promotion() != movegen.NoPieceType {
		t.Errorf("e5d6: %v, %v", ep, err)
	}
	pr := mustParse(t, "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1")
	for s, want := range map[string]movegen.PieceType{"a7a8q": movegen.Queen, "a7b8n": movegen.Knight} {
		m, err := pr.ParseUCI(s)
		if err != nil || m.Promotion() != want || m.String() != s {
			t.Errorf("%s: %v, %v", s, m, err)
		}
	}
	if movegen.NoMove.String() != "0000" {
		t.Errorf("NoMove is %s", movegen.NoMove)
	}
}

// TestCheckAndMate checks the three answers on positions whose answer is
// known, and that Captures answers a check too.
func TestCheckAndMate(t *testing.T) {
	tests := []struct {
		fen                string
		check, mate, stale bool
		captures           string
	}{
		{movegen.StartFEN, false, false, false, "[]"},
		{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", true, true, false, "[]"},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, false, true, "[]"},
		{"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", true, false, false, "[e1e2]"},
		{"4k3/8/8/8/8/8/3q1P2/4K3 w - - 0 1", true, false, false, "[e1d2]"},
		{"2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", false, false, false, "[b7b8q b7b8r b7b8b b7b8n b7c8q b7c8r b7c8b b7c8n]"},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.fen)
		if p.InCheck() != tt.check || p.IsCheckmate() != tt.mate || p.IsStalemate() != tt.stale {
			t.Errorf("%s: check %v, mate %v, stalemate %v", tt.fen, p.InCheck(), p.IsCheckmate(), p.IsStalemate())
		}
		var got []string
		for _, m := range p.Captures(nil) {
			got = append(got, m.String())
		}
		if s := "[" + strings.Join(got, " ") + "]"; s != tt.captures {
			t.Errorf("%s: Captures %s, want %s", tt.fen, s, tt.captures)
		}
	}
}

// TestKeyAfterMoves: the key Play keeps equals the key of the FEN read
// afresh, along random games (the FEN hides nothing the key covers).
func TestKeyAfterMoves(t *testing.T) {
	for g, fen := range []string{movegen.StartFEN, kiwipete, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1"} {
		p := mustParse(t, fen)
		var buf [movegen.MaxMoves]movegen.Move
		for ply := 0; ply < 200; ply++ {
			moves := p.LegalMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p.PlayUnchecked(moves[(ply*7+g*13)%len(moves)])
			q := mustParse(t, p.FEN())
			if q.Key() != p.Key() {
				t.Fatalf("%s: key kept %016x, from the FEN %016x", p.FEN(), p.Key(), q.Key())
			}
		}
	}
}

// TestPerftAndDivide checks the edges of Perft and Divide.
func TestPerftAndDivide(t *testing.T) {
	p := mustParse(t, kiwipete)
	if p.Perft(0) != 1 || p.Perft(-1) != 0 || p.Perft(movegen.MaxPerftDepth+1) != 0 || p.Divide(0) != nil {
		t.Error("Perft or Divide at the edges")
	}
	d := p.Divide(2)
	var sum uint64
	for i, c := range d {
		sum += c.Nodes
		if i > 0 && d[i-1].Move.String() >= c.Move.String() {
			t.Errorf("Divide is not sorted by UCI name: %v before %v", d[i-1].Move, c.Move)
		}
	}
	if len(d) != 48 || sum != 2039 {
		t.Errorf("Divide(2): %d moves, %d nodes", len(d), sum)
	}
}

// FuzzParseUCI: no input panics; an accepted move is one of LegalMoves and
// its name is the input, or the null move 0000 out of check; a rejected one
// is a *MoveError, no legal move has that name, and PlayUCI leaves the
// position alone.
//
//	go test ./movegen -run x -fuzz FuzzParseUCI -fuzztime 60s
func FuzzParseUCI(f *testing.F) {
	for i := range trickyFENs {
		for _, m := range []string{"e2e4", "e1g1", "e1h1", "a7a8q", "0000", "e5d6", "b7c8n"} {
			f.Add(uint8(i), m)
		}
	}
	f.Fuzz(func(t *testing.T, i uint8, s string) {
		p := mustParse(t, trickyFENs[int(i)%len(trickyFENs)])
		named := movegen.NoMove
		for _, m := range p.LegalMoves(nil) {
			if m.String() == s {
				named = m
			}
		}
		m, err := p.ParseUCI(s)
		q := p
		perr := q.PlayUCI(s)
		if err != nil {
			var me *movegen.MoveError
			if !errors.As(err, &me) || me.UCI != s || named != movegen.NoMove || perr == nil || q != p {
				t.Fatalf("%s: ParseUCI(%q): %v; a legal move has the name: %v", p.FEN(), s, err, named != movegen.NoMove)
			}
			return
		}
		if s == "0000" {
			// The null move: the side to move is not in check, and
			// PlayUCI passes the turn.
			if m != movegen.NoMove || p.InCheck() || perr != nil || q.Side() == p.Side() || q.Occupied() != p.Occupied() {
				t.Fatalf("%s: the null move: ParseUCI %v, in check %v, PlayUCI %v to %s", p.FEN(), m, p.InCheck(), perr, q.FEN())
			}
			return
		}
		if m != named || !p.IsLegal(m) || perr != nil {
			t.Fatalf("%s: ParseUCI(%q) = %v, the legal move of that name %v", p.FEN(), s, m, named)
		}
	})
}

// FuzzPlay plays any 16-bit values in turn: Play makes exactly the legal
// moves (and the null move out of check), changes nothing and returns an
// error for any other value, and every position it leaves has moves,
// captures and perft that run, and a kept key equal to the key of its FEN
// read afresh.
//
//	go test ./movegen -run x -fuzz FuzzPlay -fuzztime 60s
func FuzzPlay(f *testing.F) {
	f.Add(uint8(0), []byte{0x1c, 0x03, 0x34, 0x0d})
	f.Add(uint8(1), []byte{0x04, 0x20, 0xff, 0xff, 0x01, 0x00})
	f.Fuzz(func(t *testing.T, i uint8, moves []byte) {
		p := mustParse(t, trickyFENs[int(i)%len(trickyFENs)])
		for j := 0; j+1 < len(moves); j += 2 {
			m := movegen.Move(uint16(moves[j]) | uint16(moves[j+1])<<8)
			before := p
			legal := p.IsLegal(m) || m == movegen.NoMove && !p.InCheck()
			err := p.Play(m)
			switch {
			case legal && (err != nil || p == before):
				t.Fatalf("%s: the legal move %v: error %v, changed %v", before.FEN(), m, err, p != before)
			case !legal && (err == nil || p != before):
				t.Fatalf("%s: the illegal move %#04x: error %v, changed %v", before.FEN(), uint16(m), err, p != before)
			}
			p.LegalMoves(nil)
			p.Captures(nil)
			p.Perft(2)
			q, err := movegen.ParseFEN(p.FEN())
			if err != nil || q.Key() != p.Key() {
				t.Fatalf("%s after %v: %v, key %016x kept, %016x from the FEN", before.FEN(), m, err, p.Key(), q.Key())
			}
		}
	})
}

// TestEqualAfterMoves: a position reached by moves equals the position read
// from its FEN, along games in both modes.
func TestEqualAfterMoves(t *testing.T) {
	for g, fen := range []string{movegen.StartFEN, kiwipete, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1"} {
		p := mustParse(t, fen)
		var buf [movegen.MaxMoves]movegen.Move
		for ply := 0; ply < 60; ply++ {
			moves := p.LegalMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p.PlayUnchecked(moves[(ply*5+g*11)%len(moves)])
			if q := mustParse(t, p.FEN()); q != p {
				t.Fatalf("%s: the position after moves differs from the one read from its FEN", p.FEN())
			}
		}
	}
}

// TestPositionSize keeps the size docs/MOVEGEN.md and the package doc give
// true: copy-make copies it every move.
func TestPositionSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the documented size is a 64-bit platform's")
	}
	if n := unsafe.Sizeof(movegen.Position{}); n != 168 {
		t.Errorf("a Position is %d bytes; docs/MOVEGEN.md and the package doc say 168", n)
	}
}
