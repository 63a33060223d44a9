package movegen_test

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/symmagic/attacks/internal/perftdata"
	"github.com/symmagic/attacks/movegen"
)

// searchCases are hand-built positions for the search helpers, beside the
// random games' and the walks': checks that the games rarely give
// (castling, a promoted piece through the square its pawn left, en passant
// by either pawn's square, a king's move uncovering a rook) and exchanges
// with x-rays and promotions.
var searchCases = []string{
	"5k2/8/8/8/8/8/8/4K2R w K - 0 1",                          // O-O checks with the rook on f1
	"3k4/8/8/8/8/8/8/1R2K3 w B - 0 1",                         // Chess960 O-O-O: rook b1 to d1 checks
	"5k2/8/8/8/8/8/8/6KR w H - 0 1",                           // the king stays on g1, the rook checks from f1
	"5k2/8/8/8/8/8/8/5KR1 w G - 0 1",                          // the king lands on its rook's square
	"8/1P6/8/8/8/1k6/8/4K3 w - - 0 1",                         // b8=Q and b8=R check through b7
	"3r4/4P3/8/8/7k/8/8/4K3 w - - 0 1",                        // exd8=Q and =B check through e7
	"8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 2",                       // exd6: the rook checks along the emptied rank
	"6k1/8/8/3pP3/8/8/B7/4K3 w - d6 0 2",                      // exd6: the bishop checks through d5
	"7k/8/8/3pP3/8/8/1B6/4K3 w - d6 0 2",                      // exd6: the bishop checks through e5
	"4k3/8/8/8/4K3/8/8/4R3 w - - 0 1",                         // a king's move uncovers the rook
	"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",                        // castling either way, no check
	"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1",         // Rxe5 wins a pawn
	"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K4Q w - - 0 1", // Nxe5: batteries behind both sides
	"2r3k1/1P3ppp/8/8/8/8/5PPP/2R3K1 w - - 0 1",               // b7xc8: promotion with capture, recaptured by the rook
	"4k3/8/8/3q4/2P1P3/8/8/3RK3 w - - 0 1",                    // pawns and a rook against a queen
	"3rk3/3r4/3q4/8/8/3R4/3R4/3QK3 w - - 0 1",                 // a file of heavy pieces
	"4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",                       // en passant with nothing behind
	"4k3/4r3/8/3pP3/8/8/8/4K2R w K d6 0 2",                    // exd6 under the rook's x-ray
	"6k1/5ppp/8/8/8/8/1b3PPP/R5K1 w - - 0 1",                  // a rook and a bishop: quiet moves at risk
	"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",                        // b7xa8=Q and the other promotions
	"4k3/8/8/8/8/8/4p3/3RKR2 b - - 0 1",                       // a pawn promoting on White's first rank
	"4k3/8/8/8/8/2q5/1P6/K7 w - - 0 1",                        // the king takes only where nothing takes back
	"8/8/8/8/8/2k5/1r6/KR6 w - - 0 1",                         // Rxb2, and the king cannot take back
}

var (
	searchOnce sync.Once
	searchSet  []string
)

// searchFENs returns the positions the search helpers are tested on: 1,000
// positions of seeded random games (the oracle's openings, standard and
// Chess960, 200 with -short), the tricky positions and the hand-built
// ones, and the walk's positions with every position one ply after them.
func searchFENs(t testing.TB) []string {
	searchOnce.Do(func() {
		n := 1000
		if testing.Short() {
			n = 200
		}
		fens, _ := randomPositions(t, 3, n, map[string]int{})
		fens = append(fens, trickyFENs...)
		fens = append(fens, searchCases...)
		for _, f := range append(slices.Clone(perftdata.WalkFENs), searchCases...) {
			p := mustParse(t, f)
			fens = append(fens, f)
			for _, m := range p.LegalMoves(nil) {
				q := p
				q.PlayUnchecked(m)
				fens = append(fens, q.FEN())
			}
		}
		searchSet = fens
	})
	return searchSet
}

// TestQuietsAndCaptures: Quiets and Captures split LegalMoves, each move in
// one of them; a quiet move takes nothing and does not promote.
func TestQuietsAndCaptures(t *testing.T) {
	quiets := 0
	for _, fen := range searchFENs(t) {
		p := mustParse(t, fen)
		legal := p.LegalMoves(nil)
		q, c := p.Quiets(nil), p.Captures(nil)
		for _, m := range q {
			if m.Promotion() != movegen.NoPieceType || p.IsCapture(m) || slices.Contains(c, m) {
				t.Fatalf("%s: the quiet move %v takes, promotes or is a capture too", fen, m)
			}
		}
		both := append(slices.Clone(q), c...)
		slices.Sort(both)
		slices.Sort(legal)
		if !slices.Equal(both, legal) {
			t.Fatalf("%s: Quiets %v and Captures %v are not the legal moves %v", fen, q, c, legal)
		}
		quiets += len(q)
	}
	t.Logf("%d positions, %d quiet moves", len(searchFENs(t)), quiets)
}

// TestGivesCheck compares GivesCheck with playing the move and asking
// InCheck, for every legal move of every test position, and counts the
// kinds of check (told apart by the squares of the checkers after the
// move): a kind no position gives fails the test.
func TestGivesCheck(t *testing.T) {
	kinds := map[string]int{}
	for _, fen := range searchFENs(t) {
		p := mustParse(t, fen)
		for _, m := range p.LegalMoves(nil) {
			q := p
			q.PlayUnchecked(m)
			want := q.InCheck()
			if got := p.GivesCheck(m); got != want {
				t.Fatalf("%s: GivesCheck(%v) = %v, the position after it in check: %v", fen, m, got, want)
			}
			if want {
				for _, k := range checkKinds(&p, &q, m) {
					kinds[k]++
				}
			}
		}
		if p.GivesCheck(movegen.NoMove) {
			t.Fatalf("%s: the null move gives check", fen)
		}
	}
	for _, k := range []string{"direct", "discovered", "double", "castling", "Chess960 castling", "promotion",
		"promotion through the square left", "en passant", "en passant, discovered by the capturing pawn's square",
		"en passant, discovered by the captured pawn's square", "discovered by the king"} {
		t.Logf("%7d  %s", kinds[k], k)
		if kinds[k] == 0 {
			t.Errorf("no move gives a check of the kind %q", k)
		}
	}
}

// checkKinds names the kinds of check m gives, p being the position before
// it and q the one after.
func checkKinds(p, q *movegen.Position, m movegen.Move) []string {
	us := p.Side()
	ksq := q.KingSquare(us.Other())
	checkers := q.Attackers(us, ksq, q.Occupied())
	landed := m.To()
	if m.IsCastle() {
		_, landed = m.CastlingSquares()
	}
	var kinds []string
	if checkers&(1<<landed) != 0 {
		kinds = append(kinds, "direct")
	}
	if checkers&^(1<<landed) != 0 {
		kinds = append(kinds, "discovered")
		if p.PieceAt(m.From()).Type() == movegen.King && !m.IsCastle() {
			kinds = append(kinds, "discovered by the king")
		}
	}
	if bits.OnesCount64(checkers) == 2 {
		kinds = append(kinds, "double")
	}
	switch {
	case m.IsCastle():
		kinds = append(kinds, "castling")
		if p.Chess960() {
			kinds = append(kinds, "Chess960 castling")
		}
	case m.Promotion() != movegen.NoPieceType:
		kinds = append(kinds, "promotion")
		if checkers&(1<<m.To()) != 0 && between(int(m.To()), int(ksq))&(1<<m.From()) != 0 {
			kinds = append(kinds, "promotion through the square left")
		}
	case m.IsEnPassant():
		kinds = append(kinds, "en passant")
		for c := checkers &^ (1 << m.To()); c != 0; c &= c - 1 {
			if b := between(bits.TrailingZeros64(c), int(ksq)); b&(1<<m.From()) != 0 {
				kinds = append(kinds, "en passant, discovered by the capturing pawn's square")
			} else if b&(1<<(m.To()^8)) != 0 {
				kinds = append(kinds, "en passant, discovered by the captured pawn's square")
			}
		}
	}
	return kinds
}

// between returns the squares strictly between a and b if they share a
// line, walked square by square.
func between(a, b int) uint64 {
	df, dr := b%8-a%8, b/8-a/8
	if a == b || df != 0 && dr != 0 && df != dr && df != -dr {
		return 0
	}
	sf, sr := sign(df), sign(dr)
	var bb uint64
	for f, r := a%8+sf, a/8+sr; f != b%8 || r != b/8; f, r = f+sf, r+sr {
		bb |= 1 << (8*r + f)
	}
	return bb
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// mailbox returns p's pieces by square.
func mailbox(p *movegen.Position) (b [64]movegen.Piece) {
	for sq := range b {
		b[sq] = p.PieceAt(movegen.Square(sq))
	}
	return b
}

var (
	knightSteps = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingSteps   = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	rookDirs    = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs  = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// walkAttackers returns the squares of c's pieces of b standing on occ
// that attack sq, the lines blocked by occ, found by walking from sq: the
// reference for Attackers.
func walkAttackers(b *[64]movegen.Piece, occ uint64, c movegen.Color, sq int) uint64 {
	f0, r0 := sq%8, sq/8
	var found uint64
	// piece reports whether a piece of c of one of the types stands on
	// (f, r), on the board and in occ.
	piece := func(f, r int, types ...movegen.PieceType) bool {
		s := 8*r + f
		return f >= 0 && f < 8 && r >= 0 && r < 8 && occ&(1<<s) != 0 &&
			b[s] != movegen.NoPiece && b[s].Color() == c && slices.Contains(types, b[s].Type())
	}
	behind := -1 // a white pawn attacks sq from the rank below
	if c == movegen.Black {
		behind = 1
	}
	for _, df := range []int{-1, 1} {
		if piece(f0+df, r0+behind, movegen.Pawn) {
			found |= 1 << (8*(r0+behind) + f0 + df)
		}
	}
	for _, s := range knightSteps {
		if piece(f0+s[0], r0+s[1], movegen.Knight) {
			found |= 1 << (8*(r0+s[1]) + f0 + s[0])
		}
	}
	for _, s := range kingSteps {
		if piece(f0+s[0], r0+s[1], movegen.King) {
			found |= 1 << (8*(r0+s[1]) + f0 + s[0])
		}
	}
	for i, dirs := range [2][4][2]int{rookDirs, bishopDirs} {
		slider := []movegen.PieceType{movegen.Rook, movegen.Queen}
		if i == 1 {
			slider = []movegen.PieceType{movegen.Bishop, movegen.Queen}
		}
		for _, d := range dirs {
			for f, r := f0+d[0], r0+d[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+d[0], r+d[1] {
				if occ&(1<<(8*r+f)) == 0 {
					continue
				}
				if piece(f, r, slider...) {
					found |= 1 << (8*r + f)
				}
				break
			}
		}
	}
	return found
}

// TestAttackers compares Attackers and AttackersTo with a ray walk, on every
// square of the test positions, with the position's occupancy, with pieces
// taken off it and with empty squares added to it as blockers.
func TestAttackers(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 0x61747461636b))
	fens := searchFENs(t)
	for _, fen := range fens[:min(len(fens), 1500)] {
		p := mustParse(t, fen)
		b := mailbox(&p)
		occ := p.Occupied()
		for _, o := range []uint64{occ, occ & rng.Uint64(), occ | rng.Uint64()&rng.Uint64(), rng.Uint64()} {
			for sq := movegen.Square(0); sq < 64; sq++ {
				w, bl := walkAttackers(&b, o, movegen.White, int(sq)), walkAttackers(&b, o, movegen.Black, int(sq))
				if got := p.Attackers(movegen.White, sq, o); got != w {
					t.Fatalf("%s: Attackers(White, %v, %#x) = %#x, want %#x", fen, sq, o, got, w)
				}
				if got := p.Attackers(movegen.Black, sq, o); got != bl {
					t.Fatalf("%s: Attackers(Black, %v, %#x) = %#x, want %#x", fen, sq, o, got, bl)
				}
				if got := p.AttackersTo(sq, o); got != w|bl {
					t.Fatalf("%s: AttackersTo(%v, %#x) = %#x, want %#x", fen, sq, o, got, w|bl)
				}
			}
		}
		if p.Attackers(movegen.White, movegen.NoSquare, occ) != 0 || p.AttackersTo(64, occ) != 0 || p.Attackers(2, 0, occ) != 0 {
			t.Fatalf("%s: attackers of no square, or of no colour", fen)
		}
	}
}

// seeValues are the values SEE documents, by piece type.
var seeValues = [...]int{0, movegen.PawnValue, movegen.KnightValue, movegen.BishopValue, movegen.RookValue, movegen.QueenValue, movegen.KingValue}

// bruteSEE plays out the exchange m starts on its square by minimax over
// every sequence of captures on it, each side free to take with any of its
// attackers (found by a ray walk on the board as it stands) or to stop:
// the reference for SEE, with SEE's values and rules (m made whatever it
// costs; a pawn taking on its last rank promotes to a queen; pins ignored;
// a king takes only where no enemy piece then attacks it; castling 0).
func bruteSEE(p *movegen.Position, m movegen.Move) int {
	if m.IsCastle() {
		return 0
	}
	b := mailbox(p)
	us, from, to := p.Side(), m.From(), m.To()
	taken := seeValues[b[to].Type()]
	if m.IsEnPassant() {
		taken = movegen.PawnValue
		b[to^8] = movegen.NoPiece
	}
	b[to], b[from] = b[from], movegen.NoPiece
	if t := m.Promotion(); t != movegen.NoPieceType {
		b[to] = movegen.MakePiece(us, t)
		taken += seeValues[t] - movegen.PawnValue
	}
	memo := map[[65]movegen.Piece]int{}
	return taken - exchange(&b, us.Other(), int(to), memo)
}

// exchange returns what side wins at best by taking on sq and going on
// from there (0 if it is better not to take).
func exchange(b *[64]movegen.Piece, side movegen.Color, sq int, memo map[[65]movegen.Piece]int) int {
	var key [65]movegen.Piece
	copy(key[:], b[:])
	key[64] = movegen.Piece(side)
	if v, ok := memo[key]; ok {
		return v
	}
	occ := uint64(0)
	for s, pc := range b {
		if pc != movegen.NoPiece {
			occ |= 1 << s
		}
	}
	best := 0
	for a := walkAttackers(b, occ, side, sq); a != 0; a &= a - 1 {
		from := bits.TrailingZeros64(a)
		pc, target := b[from], b[sq]
		gain := seeValues[target.Type()]
		after := *b
		after[sq], after[from] = pc, movegen.NoPiece
		if pc.Type() == movegen.Pawn && (sq < 8 || sq >= 56) {
			after[sq] = movegen.MakePiece(side, movegen.Queen)
			gain += movegen.QueenValue - movegen.PawnValue
		}
		if pc.Type() == movegen.King && walkAttackers(&after, occ&^(1<<from), side.Other(), sq) != 0 {
			continue // the king may not take a defended piece
		}
		best = max(best, gain-exchange(&after, side.Other(), sq, memo))
	}
	memo[key] = best
	return best
}

// TestSEE compares SEE with the brute-force exchange, at thresholds around
// its value, for every capture, promotion and en passant of the test
// positions and every third quiet move (a quiet move's piece may be lost
// on its square).
func TestSEE(t *testing.T) {
	moves, nonzero := 0, 0
	for _, fen := range searchFENs(t) {
		p := mustParse(t, fen)
		for i, m := range p.LegalMoves(nil) {
			if !p.IsCapture(m) && m.Promotion() == movegen.NoPieceType && i%3 != 0 {
				continue
			}
			v := bruteSEE(&p, m)
			moves++
			if v != 0 {
				nonzero++
			}
			for _, d := range []int{-2000, -900, -500, -300, -200, -100, -1, 0, 1, 100, 200, 300, 500, 900, 2000} {
				if got := p.SEE(m, v+d); got != (d <= 0) {
					t.Fatalf("%s: SEE(%v, %d) = %v; the exchange is worth %d", fen, m, v+d, got, v)
				}
			}
		}
		if !p.SEE(movegen.NoMove, 0) || p.SEE(movegen.NoMove, 1) {
			t.Fatalf("%s: SEE of the null move is not 0", fen)
		}
	}
	t.Logf("%d moves, %d of them worth other than 0", moves, nonzero)
}

// TestSEEValues checks hand-picked exchanges against their values.
func TestSEEValues(t *testing.T) {
	for _, c := range []struct {
		fen, move string
		want      int
	}{
		{"4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", movegen.PawnValue},                                           // an undefended pawn
		{"4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", movegen.PawnValue - movegen.RookValue},                     // a defended one
		{"3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", movegen.PawnValue},                                        // x-ray: the rook behind wins it
		{"3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", movegen.PawnValue - movegen.RookValue},                  // two against two: a pawn and a rook for two rooks
		{"8/kP6/8/8/8/8/8/K7 w - - 0 1", "b7b8q", -movegen.PawnValue},                                             // a promotion the king takes
		{"2r3k1/1P6/8/8/8/8/8/K7 w - - 0 1", "b7c8q", movegen.RookValue + movegen.QueenValue - movegen.PawnValue}, // takes and promotes, undefended
		{"8/8/8/8/8/2k5/1r6/1R4K1 w - - 0 1", "b1b2", 0},                                                          // the king takes back: a rook for a rook
		{"8/8/8/8/8/2k5/1r6/KR6 w - - 0 1", "b1b2", movegen.RookValue},                                            // b2 guarded by a1: the king cannot
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", movegen.PawnValue},                                          // en passant
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", 0},                                                             // castling
	} {
		p := mustParse(t, c.fen)
		m, err := p.ParseUCI(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if v := bruteSEE(&p, m); v != c.want {
			t.Errorf("%s %s: the brute force says %d, want %d", c.fen, c.move, v, c.want)
		}
		if !p.SEE(m, c.want) || p.SEE(m, c.want+1) {
			t.Errorf("%s %s: SEE is not %d", c.fen, c.move, c.want)
		}
	}
}

// TestNullMove: the null move passes the turn out of check, its key is the
// key of the position read from its FEN, and in check it changes nothing
// (ParseUCI then refuses 0000).
func TestNullMove(t *testing.T) {
	played := 0
	for _, fen := range searchFENs(t) {
		p := mustParse(t, fen)
		q := p
		q.PlayNull()
		m, err := p.ParseUCI("0000")
		if p.InCheck() {
			if q != p || err == nil || !strings.Contains(err.Error(), "is in check") {
				t.Fatalf("%s: the null move in check: %s, %v", fen, q.FEN(), err)
			}
			continue
		}
		played++
		full := p.FullmoveNumber()
		if p.Side() == movegen.Black {
			full++
		}
		if err != nil || m != movegen.NoMove || q.Side() != p.Side().Other() || q.EnPassant() != movegen.NoSquare ||
			q.HalfmoveClock() != p.HalfmoveClock()+1 || q.FullmoveNumber() != full || q.Castling() != p.Castling() ||
			q.Occupied() != p.Occupied() || q.InCheck() {
			t.Fatalf("%s: the null move makes %s (%v, %v)", fen, q.FEN(), m, err)
		}
		readsBack(t, "after the null move", &q)
		r := p
		if err := r.PlayUCI("0000"); err != nil || r != q {
			t.Fatalf("%s: PlayUCI(0000): %v, %s", fen, err, r.FEN())
		}
	}
	t.Logf("%d null moves", played)
}
