package movegen_test

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// setupSpec is what a test has told a Setup, kept beside it: the reference
// the test writes a FEN from (fen), by the rules Setup documents.
type setupSpec struct {
	board  [64]movegen.Piece
	side   movegen.Color
	castle movegen.CastlingRights
	rook   [4]movegen.Square // NoSquare: the outermost rook on the wing
	files  bool              // SetChess960(true)
	ep     movegen.Square
	half   int
	full   int
}

// specOf reads a position into a spec through the public API alone: its
// rights named by their rooks, and files if the FEN's castling field is
// file letters alone.
func specOf(p *movegen.Position) setupSpec {
	s := setupSpec{side: p.Side(), castle: p.Castling(), ep: p.EnPassant(), half: p.HalfmoveClock(), full: p.FullmoveNumber()}
	s.board = mailbox(p)
	for i := range s.rook {
		s.rook[i] = movegen.NoSquare
		if sq, ok := p.CastlingRook(movegen.CastlingRights(1 << i)); ok {
			s.rook[i] = sq
		}
	}
	field := strings.Fields(p.FEN())[2]
	s.files = field != "-" && strings.Trim(strings.ToLower(field), "abcdefgh") == ""
	return s
}

// setup builds the Setup of s through the setters.
func (s *setupSpec) setup(t testing.TB) movegen.Setup {
	var b movegen.Setup
	for sq, pc := range s.board {
		if pc != movegen.NoPiece {
			if err := b.Put(movegen.Square(sq), pc); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := b.SetSide(s.side); err != nil {
		t.Fatal(err)
	}
	for i := range s.rook {
		if s.castle&(1<<i) != 0 {
			if err := b.SetCastlingRook(1<<i, s.rook[i]); err != nil {
				t.Fatal(err)
			}
		}
	}
	b.SetChess960(s.files)
	if err := b.SetEnPassant(s.ep); err != nil {
		t.Fatal(err)
	}
	b.SetHalfmoveClock(s.half)
	b.SetFullmoveNumber(s.full)
	return b
}

// kingOf returns the square of c's king (the lowest, if several), or -1.
func (s *setupSpec) kingOf(c movegen.Color) int {
	for sq, pc := range s.board {
		if pc == movegen.MakePiece(c, movegen.King) {
			return sq
		}
	}
	return -1
}

// outermost returns the square of c's rook on its first rank furthest from
// its king on the wing (0 towards the h-file, by square number), or -1.
func (s *setupSpec) outermost(c movegen.Color, wing int) int {
	k := s.kingOf(c)
	if k < 0 {
		k = 0
	}
	base, found := 56*int(c), -1
	for f := 0; f < 8; f++ {
		sq := base + f
		if s.board[sq] != movegen.MakePiece(c, movegen.Rook) {
			continue
		}
		switch {
		case wing == 0 && sq > k:
			found = sq // the last one up the rank
		case wing == 1 && sq < k && found < 0:
			found = sq // the first one
		}
	}
	return found
}

// fen writes the FEN that describes s, its castling rights named as Setup
// documents: K or Q for a right without a rook or with the outermost rook
// on its wing, the rook's file for another, the file for every right with
// files (K or Q if it has no rook to name).
func (s *setupSpec) fen() string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := s.board[8*rank+file]
			if pc == movegen.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			b.WriteString(pc.String())
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString([]string{" w ", " b "}[s.side])
	field := ""
	for i := range s.rook {
		if s.castle&(1<<i) == 0 {
			continue
		}
		c, wing := movegen.Color(i/2), i&1
		letter := "KQ"[wing]
		r := int(s.rook[i])
		if s.rook[i] == movegen.NoSquare {
			r = -1
			if s.files {
				r = s.outermost(c, wing)
			}
		} else if !s.files && r == s.outermost(c, wing) {
			r = -1
		}
		if r >= 0 {
			letter = byte('A' + r%8)
		}
		if c == movegen.Black {
			letter += 'a' - 'A'
		}
		field += string(letter)
	}
	if field == "" {
		field = "-"
	}
	b.WriteString(field + " " + s.ep.String() + " " + strconv.Itoa(s.half) + " " + strconv.Itoa(s.full))
	return b.String()
}

// builderOnly reports whether err is the one error a Setup has that no FEN
// can: a rook named for a right on the other wing of its king.
func builderOnly(err error) bool {
	return err != nil && strings.Contains(err.Error(), " right names the rook on ")
}

// sameResult checks that a Setup's Position and ParseFEN of the FEN that
// describes it agree: the same position, or the same *FENError.
func sameResult(t *testing.T, spec *setupSpec, b *movegen.Setup) (movegen.Position, error) {
	t.Helper()
	before := *b
	p, err := b.Position()
	sp, serr := b.StrictPosition()
	if *b != before {
		t.Fatalf("Position changed the Setup")
	}
	fen := spec.fen()
	q, qerr := movegen.ParseFEN(fen)
	sq, sqerr := movegen.ParseFENStrict(fen)
	if builderOnly(err) {
		if !builderOnly(serr) || serr.Error() != err.Error() {
			t.Fatalf("%s: Position %v, StrictPosition %v", fen, err, serr)
		}
		return p, err
	}
	for _, c := range []struct {
		name      string
		p, q      movegen.Position
		err, qerr error
	}{{"ParseFEN", p, q, err, qerr}, {"ParseFENStrict", sp, sq, serr, sqerr}} {
		var fe *movegen.FENError
		switch {
		case c.err != nil && !errors.As(c.err, &fe):
			t.Fatalf("%s: the setup's error %v is a %T, want *FENError", fen, c.err, c.err)
		case (c.err == nil) != (c.qerr == nil) || c.err != nil && c.err.Error() != c.qerr.Error():
			t.Fatalf("%s: the setup gives %v, %s %v", fen, c.err, c.name, c.qerr)
		case c.err == nil && c.p != c.q:
			t.Fatalf("%s: the setup gives %s, %s %s", fen, c.p.FEN(), c.name, c.q.FEN())
		case c.err != nil && c.p != (movegen.Position{}):
			t.Fatalf("%s: the setup fails but returns a position", fen)
		}
	}
	return p, err
}

// TestSetupPositions: the Setup of every test position, built through the
// setters (each right named by its rook), is the position (==); so is the
// position's own Setup; and so, for a FEN whose rights are KQkq's, is a
// Setup given them by SetCastling.
func TestSetupPositions(t *testing.T) {
	fens := append(append([]string{}, searchFENs(t)...), trickyFENs...)
	for _, r := range knownCounts(t) {
		fens = append(fens, r.FEN)
	}
	for i, r := range loadChess960(t) {
		if i%6 == 0 {
			fens = append(fens, r.FEN)
		}
	}
	for _, fen := range fens {
		p := mustParse(t, fen)
		spec := specOf(&p)
		b := spec.setup(t)
		q, err := sameResult(t, &spec, &b)
		if err != nil || q != p {
			t.Fatalf("%s: the setup of it gives %s, %v", fen, q.FEN(), err)
		}
		own := p.Setup()
		if q, err := own.Position(); err != nil || q != p {
			t.Fatalf("%s: its Setup gives %s, %v", fen, q.FEN(), err)
		}
		if field := strings.Fields(fen)[2]; strings.Trim(field, "KQkq") == "" {
			b.SetCastling(p.Castling())
			if q, err := b.Position(); err != nil || q != p {
				t.Fatalf("%s: SetCastling(%v) gives %s, %v", fen, p.Castling(), q.FEN(), err)
			}
		}
	}
}

// specFromFEN reads a FEN into a spec with the test's own reading (for
// FENs ParseFEN may reject by its rules: well formed, with no two letters
// for one right): a file letter names the rook of that file, its right the
// wing of the king it stands on.
func specFromFEN(t *testing.T, fen string) setupSpec {
	f := strings.Fields(fen)
	s := setupSpec{ep: movegen.NoSquare, rook: [4]movegen.Square{movegen.NoSquare, movegen.NoSquare, movegen.NoSquare, movegen.NoSquare}}
	for i, row := range strings.Split(f[0], "/") {
		file := 0
		for _, ch := range row {
			if ch >= '1' && ch <= '8' {
				file += int(ch - '0')
				continue
			}
			k := strings.IndexRune("PNBRQKpnbrqk", ch)
			s.board[8*(7-i)+file] = movegen.MakePiece(movegen.Color(k/6), movegen.PieceType(k%6+1))
			file++
		}
	}
	if f[1] == "b" {
		s.side = movegen.Black
	}
	allFiles := true
	for _, ch := range f[2] {
		if ch == '-' {
			break
		}
		c := movegen.White
		if ch >= 'a' {
			c, ch = movegen.Black, ch-'a'+'A'
		}
		switch ch {
		case 'K', 'Q':
			allFiles = false
			s.castle |= 1 << (2*int(c) + strings.IndexRune("KQ", ch))
		default:
			rook := 56*int(c) + int(ch-'A')
			wing := 0
			if k := s.kingOf(c); k >= 0 && rook < k {
				wing = 1
			}
			s.castle |= 1 << (2*int(c) + wing)
			s.rook[2*int(c)+wing] = movegen.Square(rook)
		}
	}
	s.files = f[2] != "-" && allFiles
	if f[3] != "-" {
		sq, err := movegen.ParseSquare(f[3])
		if err != nil {
			t.Fatal(err)
		}
		s.ep = sq
	}
	s.half, _ = strconv.Atoi(f[4])
	s.full, _ = strconv.Atoi(f[5])
	return s
}

// TestSetupErrors: for positions ParseFENStrict rejects by each of its
// rules, a Setup of the same position is rejected by StrictPosition with
// the same error, and by Position exactly when ParseFEN rejects it, with
// the same error; the Setup's own error (a rook on the wrong wing) names
// the right.
func TestSetupErrors(t *testing.T) {
	for _, c := range []struct{ fen, field string }{
		{"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", "placement"},          // a pawn on rank 8
		{"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement"},       // two kings
		{"8/8/8/8/8/8/8/8 w - - 0 1", "placement"},                                        // none
		{"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement"},        // 9 pawns
		{"rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement"},        // 17 pieces
		{"QQbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1", "placement"},          // promoted pieces beside 8 pawns
		{"4r2k/8/8/b7/8/3n4/8/4K3 w - - 0 1", "placement"},                                // a triple check
		{"4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1", "placement"},                                // two knights
		{"4k3/8/8/8/8/8/8/r3K3 b - - 0 1", "side"},                                        // the side not to move in check
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling"},          // K without its rook
		{"rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1", "castling"},           // q without the king home
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w G - 0 1", "castling"},             // no rook on g1
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", "en passant"},     // the wrong rank
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPPPPP1/RNBQKBNR b KQkq e3 0 1", "en passant"},     // e2 occupied
		{"rnbqkbnr/pppp1ppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 1", "en passant"},     // no black pawn on e5
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 3 1", "halfmove clock"}, // en passant with the clock at 3
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "fullmove number"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2147483648 1", "halfmove clock"},
		{"4k3/8/8/8/2pP4/8/8/4K2R b K d3 0 1", ""},          // accepted
		{"7k/8/8/8/3Pp3/8/8/4K2R b - d3 0 1", "en passant"}, // a check the push did not give
	} {
		_, qerr := movegen.ParseFENStrict(c.fen)
		var fe *movegen.FENError
		if c.field != "" && (!errors.As(qerr, &fe) || fe.Field != c.field) {
			t.Errorf("%s: ParseFENStrict: %v, want a %s error", c.fen, qerr, c.field)
		}
		if strconv.IntSize < 64 && strings.Contains(c.fen, "2147483648") {
			continue // a clock no int holds here: no Setup can be given it
		}
		spec := specFromFEN(t, c.fen)
		b := spec.setup(t)
		if spec.fen() != c.fen && !strings.Contains(c.fen, " G ") {
			t.Errorf("the test writes %s as %s", c.fen, spec.fen())
		}
		sameResult(t, &spec, &b)
	}

	// The rook named for the kingside right on the queenside.
	var s movegen.Setup
	s.Put(4, movegen.MakePiece(movegen.White, movegen.King))
	s.Put(1, movegen.MakePiece(movegen.White, movegen.Rook))
	s.Put(60, movegen.MakePiece(movegen.Black, movegen.King))
	s.SetCastlingRook(movegen.WhiteKingside, 1)
	_, err := s.Position()
	var fe *movegen.FENError
	if !errors.As(err, &fe) || fe.Field != "castling" || err.Error() != "movegen: FEN castling: the white kingside right names the rook on b1, which stands on the a-file side of the white king (on e1)" {
		t.Errorf("a rook on the wrong wing: %v", err)
	}
	s.SetCastlingRook(movegen.WhiteKingside, movegen.NoSquare) // the outermost rook on the h-file side: none
	if _, err := s.Position(); err == nil || err.Error() != "movegen: FEN castling: K needs a white rook on rank 1 on the h-file side of the white king (on e1)" {
		t.Errorf("no rook: %v", err)
	}
	s.SetCastling(movegen.WhiteQueenside)
	if p, err := s.Position(); err != nil || p.FEN() != "4k3/8/8/8/8/8/8/1R2K3 w Q - 0 1" || !p.Chess960() {
		t.Errorf("the rook on b1, queenside: %v, %v", p.FEN(), err)
	}
	s.SetHalfmoveClock(-1)
	if _, err := s.Position(); err == nil || err.Error() != "movegen: FEN halfmove clock: -1, want at least 0" {
		t.Errorf("a negative clock: %v", err)
	}
}

// TestSetupSetters: each setter rejects what is not a value of its kind,
// with an error naming the method, and changes nothing.
func TestSetupSetters(t *testing.T) {
	p := mustParse(t, kiwipete)
	s := p.Setup()
	before := s
	for _, c := range []struct {
		err  error
		want string
	}{
		{s.Put(64, movegen.MakePiece(movegen.White, movegen.Queen)), "movegen: setup: Put: square 64 is not a square (a1 = 0 to h8 = 63)"},
		{s.Put(movegen.NoSquare+1, movegen.MakePiece(movegen.White, movegen.Queen)), "Put: square 65 is not a square"},
		{s.Put(0, movegen.NoPiece), "Put: NoPiece is not a piece (Remove empties a square)"},
		{s.Put(0, 7), "Put: 7 is not a piece"},
		{s.Put(0, 8), "Put: 8 is not a piece"},
		{s.Put(0, 16|1), "Put: 17 is not a piece"},
		{s.Remove(64), "Remove: square 64 is not a square"},
		{s.SetSide(2), "SetSide: 2 is not a colour (White or Black)"},
		{s.SetCastling(16), "SetCastling: 0x10 is not a set of the four rights"},
		{s.SetCastlingRook(0, 7), "SetCastlingRook: 0x0 is not one right"},
		{s.SetCastlingRook(movegen.WhiteKingside|movegen.WhiteQueenside, 7), "SetCastlingRook: 0x3 is not one right"},
		{s.SetCastlingRook(movegen.WhiteKingside, 65), "SetCastlingRook: square 65 is not a square"},
		{s.SetCastlingRook(movegen.WhiteKingside, 63), "SetCastlingRook: the white kingside right's rook stands on rank 1, not on h8"},
		{s.SetCastlingRook(movegen.BlackQueenside, 0), "SetCastlingRook: the black queenside right's rook stands on rank 8, not on a1"},
		{s.SetEnPassant(65), "SetEnPassant: square 65 is not a square"},
	} {
		if c.err == nil || !strings.HasPrefix(c.err.Error(), "movegen: setup: ") || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("%v, want ...%s", c.err, c.want)
		}
	}
	if s != before {
		t.Errorf("a rejected setter changed the Setup")
	}
	if q, err := s.Position(); err != nil || q != p {
		t.Errorf("the Setup of kiwipete gives %s, %v", q.FEN(), err)
	}
	if s.PieceAt(4) != movegen.MakePiece(movegen.White, movegen.King) || s.PieceAt(64) != movegen.NoPiece {
		t.Errorf("PieceAt")
	}
	var zero movegen.Setup
	if _, err := zero.Position(); err == nil || err.Error() != "movegen: FEN placement: 0 white kings, want 1" {
		t.Errorf("the zero Setup: %v", err)
	}
	zero.Put(4, movegen.MakePiece(movegen.White, movegen.King))
	zero.Put(60, movegen.MakePiece(movegen.Black, movegen.King))
	if q, err := zero.Position(); err != nil || q.FEN() != "4k3/8/8/8/8/8/8/4K3 w - - 0 1" {
		t.Errorf("two kings on the zero Setup: %s, %v", q.FEN(), err)
	}
}

// setupEdit applies one edit to b and spec, from three bytes: a setter
// called with values both good and bad (a bad one must fail and change
// nothing; a good one changes the spec alike).
func setupEdit(t *testing.T, b *movegen.Setup, spec *setupSpec, op, x, y byte) {
	before := *b
	var err error
	ok := true // the arguments are good
	switch op % 9 {
	case 0, 1, 2: // Put, mostly good
		sq, pc := movegen.Square(x%68), movegen.Piece(y%16)
		if y%4 != 0 {
			pc = movegen.MakePiece(movegen.Color(y>>7), movegen.PieceType(1+int(y>>2)%6))
		}
		err = b.Put(sq, pc)
		ok = sq < 64 && pc.Type() != movegen.NoPieceType && pc.Type() <= movegen.King && pc < 16 && pc&7 != 0 && pc != 7 && pc != 15
		if ok {
			spec.board[sq] = pc
		}
	case 3:
		sq := movegen.Square(x % 68)
		err = b.Remove(sq)
		ok = sq < 64
		if ok {
			spec.board[sq] = movegen.NoPiece
		}
	case 4:
		c := movegen.Color(x % 3)
		err = b.SetSide(c)
		ok = c < 2
		if ok {
			spec.side = c
		}
	case 5:
		r := movegen.CastlingRights(x % 18)
		err = b.SetCastling(r)
		ok = r < 16
		if ok {
			spec.castle, spec.rook = r, [4]movegen.Square{movegen.NoSquare, movegen.NoSquare, movegen.NoSquare, movegen.NoSquare}
		}
	case 6:
		r := movegen.CastlingRights(1 << (x % 4))
		if x >= 240 {
			r = movegen.CastlingRights(x % 20)
		}
		rook := movegen.NoSquare
		if y%8 != 0 {
			rook = movegen.Square(56*int(bitsOf(r)/2) + int(y%8))
		}
		if y >= 250 {
			rook = movegen.Square(y % 70)
		}
		err = b.SetCastlingRook(r, rook)
		i := bitsOf(r)
		ok = r != 0 && r < 16 && r&(r-1) == 0 && (rook == movegen.NoSquare || rook < 64 && int(rook)/8 == 7*(i/2))
		if ok {
			spec.castle |= r
			spec.rook[i] = rook
		}
	case 7:
		on := x&1 != 0
		b.SetChess960(on)
		spec.files = on
	case 8:
		switch y % 4 {
		case 0:
			sq := movegen.Square(x % 70)
			err = b.SetEnPassant(sq)
			ok = sq <= 64
			if ok {
				spec.ep = sq
			}
		case 1: // on the rank a double push passes
			sq := movegen.Square(16 + 24*int(x&1) + int(x>>1)%8)
			b.SetEnPassant(sq)
			spec.ep = sq
		case 2:
			n := int(x) % 5
			if x > 250 {
				n = nearMaxInt32(x)
			}
			b.SetHalfmoveClock(n)
			spec.half = n
		case 3:
			n := int(x) % 200
			if x > 250 {
				n = nearMaxInt32(x)
			}
			b.SetFullmoveNumber(n)
			spec.full = n
		}
	}
	if ok != (err == nil) {
		t.Fatalf("edit %d %d %d: error %v, want one: %v", op, x, y, err, !ok)
	}
	if err != nil && *b != before {
		t.Fatalf("edit %d %d %d: %v, and the Setup changed", op, x, y, err)
	}
}

// nearMaxInt32 returns a clock around the largest a position holds,
// 2,147,483,647: 2,147,483,647 - 1 + x - 251 (x is 251 to 255), beyond it
// only where an int holds more (64-bit platforms).
func nearMaxInt32(x byte) int {
	n := int64(1<<31-1) - 1 + int64(x) - 251
	if int64(int(n)) != n {
		return 1<<31 - 1
	}
	return int(n)
}

func bitsOf(r movegen.CastlingRights) int {
	for i := range 8 {
		if r&(1<<i) != 0 {
			return i
		}
	}
	return 0
}

// setupFuzzStarts are the positions the edits start from.
var setupFuzzStarts = append([]string{
	movegen.StartFEN, kiwipete,
	"4k3/8/8/8/8/8/8/4K3 w - - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
	"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1",
	"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
	"r3k1rr/8/8/8/8/8/8/R3K1RR w GQgq - 0 1",
	"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
}, trickyFENs...)

// checkEdits runs the edits of ops from a start position and checks the
// Setup's Position against ParseFEN of the FEN describing it (see
// sameResult), and a position it accepts against its FEN read back, its
// own Setup, and the generator.
func checkEdits(t *testing.T, start uint8, ops []byte) {
	p := mustParse(t, setupFuzzStarts[int(start)%len(setupFuzzStarts)])
	spec := specOf(&p)
	b := p.Setup()
	for i := 0; i+2 < len(ops); i += 3 {
		setupEdit(t, &b, &spec, ops[i], ops[i+1], ops[i+2])
	}
	q, err := sameResult(t, &spec, &b)
	if err != nil {
		return
	}
	readsBack(t, "set up", &q)
	own := q.Setup()
	if r, err := own.Position(); err != nil || r != q {
		t.Fatalf("%s: its own Setup gives %s, %v", q.FEN(), r.FEN(), err)
	}
	q.Perft(2)
}

// FuzzSetup makes random edits to a Setup (puts and removes, side,
// castling rights with and without rooks, notation, en passant, clocks,
// with arguments good and bad): nothing panics, a bad argument is an error
// and changes nothing, Position agrees with ParseFEN of the FEN describing
// the Setup, and every position accepted reads back from its FEN (==).
//
//	go test ./movegen -run x -fuzz FuzzSetup -fuzztime 60s
func FuzzSetup(f *testing.F) {
	f.Add(uint8(0), []byte{})
	f.Add(uint8(0), []byte{3, 7, 0, 6, 0, 3})                     // h1's rook off, K given to g1
	f.Add(uint8(1), []byte{0, 28, 5, 8, 1, 2, 7, 1, 0})           // a white knight on e4, the clock at 1, file letters
	f.Add(uint8(2), []byte{0, 12, 4, 8, 20, 1, 4, 1, 0, 8, 0, 2}) // a white pawn on e2, en passant e3, black to move
	f.Fuzz(checkEdits)
}

// TestSetupRandom runs FuzzSetup's check on seeded random edits: a few
// thousand setups a run, so that go test covers it without -fuzz.
func TestSetupRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 0x7365747570))
	n, accepted := 3000, 0
	if testing.Short() {
		n = 500
	}
	for range n {
		ops := make([]byte, 3*(1+rng.IntN(8)))
		for i := range ops {
			ops[i] = byte(rng.Uint32())
		}
		start := uint8(rng.Uint32())
		checkEdits(t, start, ops)
		p := mustParse(t, setupFuzzStarts[int(start)%len(setupFuzzStarts)])
		spec := specOf(&p)
		b := p.Setup()
		for i := 0; i+2 < len(ops); i += 3 {
			setupEdit(t, &b, &spec, ops[i], ops[i+1], ops[i+2])
		}
		if _, err := b.Position(); err == nil {
			accepted++
		}
	}
	t.Logf("%d random setups, %d accepted", n, accepted)
	if accepted < n/10 {
		t.Errorf("only %d of %d random setups accepted: the edits test little", accepted, n)
	}
}
