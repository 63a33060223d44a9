package movegen

import (
	"math/bits"
	"slices"
	"testing"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/internal/perftdata"
)

// TestWalk plays every line to a few plies from varied positions and checks
// each position reached (see check), and that ParseFENStrict accepts it.
func TestWalk(t *testing.T) {
	for _, fen := range perftdata.WalkFENs {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		n, depth := 0, 3
		if testing.Short() {
			depth = 2
		}
		walk(t, &p, depth, &n)
		t.Logf("%s: %d positions", fen, n)
	}
}

func walk(t *testing.T, p *Position, depth int, n *int) {
	*n++
	check(t, p)
	if _, err := ParseFENStrict(p.FEN()); err != nil {
		t.Fatalf("a move led to a position ParseFENStrict rejects: %v", err)
	}
	if depth == 0 || t.Failed() {
		return
	}
	var list moveList
	for _, m := range list[:generate(p, &list)] {
		c := *p
		play(&c, m)
		walk(t, &c, depth-1, n)
	}
}

// check checks a position: the kept Occupancy in step with the occupancy,
// the mailbox agreeing with the bitboards, the kept key equal to one
// computed from scratch, the counting, listing, tactical and quiet
// generators agreeing, GivesCheck agreeing with the move made, every legal
// move plausible, and the position passing ParseFEN's checks and coming back equal, field for field, from
// its FEN, the Chess960 mode and the castling notation included (so no move
// left its own king in check, broke a castling right's placement or set a
// false en-passant square, and the mode is what the FEN shows).
func check(t *testing.T, p *Position) {
	t.Helper()
	fen := p.FEN()
	occ := p.occ()
	if p.o.w != attacks.ToW(occ) {
		t.Fatalf("%s: kept occupancy %#x, want ToW(occ) = %#x", fen, p.o.w, attacks.ToW(occ))
	}
	if p.byColor[White]&p.byColor[Black] != 0 {
		t.Fatalf("%s: a square is both colours", fen)
	}
	var all uint64
	for pt := Pawn; pt <= King; pt++ {
		if all&p.byType[pt-1] != 0 {
			t.Fatalf("%s: a square holds two piece types", fen)
		}
		all |= p.byType[pt-1]
	}
	if all != occ {
		t.Fatalf("%s: piece types cover %#x, colours %#x", fen, all, occ)
	}
	for sq := 0; sq < 64; sq++ {
		pc, b := p.board[sq], uint64(1)<<sq
		switch {
		case pc == NoPiece && occ&b != 0,
			pc != NoPiece && (p.byType[pc.Type()-1]&p.byColor[pc.Color()]&b == 0):
			t.Fatalf("%s: mailbox %s disagrees with the bitboards", fen, sqName(sq))
		}
	}
	if k := p.computeKey(); k != p.key {
		t.Fatalf("%s: key %#x kept, %#x from scratch", fen, p.key, k)
	}
	q, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("a move led to a position ParseFEN rejects: %v", err)
	}
	if q != *p {
		t.Fatalf("%s: FEN round trip changes the position:\n%+v\n%+v", fen, q, *p)
	}
	var list moveList
	moves := generate(p, &list)
	for _, m := range list[:moves] {
		if !p.plausible(m) {
			t.Fatalf("%s: the legal move %s is not plausible", fen, m)
		}
	}
	var tactical []Move
	for _, m := range list[:moves] {
		if m.Promotion() != NoPieceType || m.IsEnPassant() || !m.IsCastle() && p.board[m.To()] != NoPiece {
			tactical = append(tactical, m)
		}
	}
	if c := countMoves(p); c != moves {
		t.Fatalf("%s: counted %d moves, listed %d", fen, c, moves)
	}
	var other moveList
	if n := generateTactical(p, &other); n != len(tactical) {
		t.Fatalf("%s: %d tactical moves, want %d", fen, n, len(tactical))
	}
	for i, m := range tactical {
		if other[i] != m {
			t.Fatalf("%s: tactical move %d is %s, want %s", fen, i, other[i], m)
		}
	}
	// The quiet sink: the listed moves that are not tactical, in order.
	var quiets moveList
	nq, i := generateQuiet(p, &quiets), 0
	for _, m := range list[:moves] {
		if slices.Contains(tactical, m) {
			continue
		}
		if i >= nq || quiets[i] != m {
			t.Fatalf("%s: quiet move %d is not %s (%d quiet moves)", fen, i, m, nq)
		}
		i++
	}
	if nq != i {
		t.Fatalf("%s: %d quiet moves, want %d", fen, nq, i)
	}
	// GivesCheck: the position after the move in check.
	for _, m := range list[:moves] {
		c := *p
		play(&c, m)
		if c.InCheck() != p.GivesCheck(m) {
			t.Fatalf("%s: GivesCheck(%s) = %v", fen, m, p.GivesCheck(m))
		}
	}
	if bits.OnesCount64(p.checkers(p.side)) > 2 {
		t.Fatalf("%s: more than two checkers", fen)
	}
}
