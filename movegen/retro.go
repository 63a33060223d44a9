package movegen

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/symmagic/attacks"
)

// The rules of ParseFEN that look back at the move that led to the
// position (retro-analysis): what the en-passant square says the last move
// was, which double checks a move can give, and how many pieces must be
// promoted pawns.

// lightSquares are the light squares: b1, d1, ..., a2, ... (a1 is dark).
const lightSquares = 0x55aa55aa55aa55aa

// toggle puts a piece of colour c and type t on sq, or takes it off, in
// the bitboards alone (the retro-analysis reads only them).
func (p *Position) toggle(sq int, c Color, t PieceType) {
	b := uint64(1) << sq
	p.byType[t-1] ^= b
	p.byColor[c] ^= b
}

// pushedBefore returns, for a position with an en-passant square, the
// position before the double push that set it: the pawn back on its
// second rank (in the bitboards alone).
func (p *Position) pushedBefore() Position {
	q := *p
	ep := int(p.ep)
	landed := ep ^ 8    // rank 4 (White pushed) or 5 (Black)
	from := landed ^ 16 // rank 2 or 7
	q.toggle(landed, p.side^1, Pawn)
	q.toggle(from, p.side^1, Pawn)
	return q
}

// doubleCheckable reports whether a move of the side not to move (them)
// can have given the double check the side to move (us) is in: whether
// some un-move of one of their pieces leads to a position where our king
// is not attacked. The un-moves, for each of their pieces on a square t:
//
//   - a piece other than a pawn back to an empty square s it moves to t
//     from (for a slider, over empty squares);
//   - a pawn back one square to an empty square, or two from its fourth
//     rank over an empty square to its second rank;
//   - a pawn back diagonally (a capture);
//   - a knight, bishop, rook or queen on their last rank back to a pawn on
//     the seventh, straight or diagonally (a promotion, the diagonal one a
//     capture);
//   - a pawn on the sixth rank (the third for Black) back diagonally, our
//     pawn put back on the square beside its origin and behind t, with
//     that pawn's start square empty (an en-passant capture).
//
// Every move but a pawn's push and castling may have been a capture: the
// un-move then puts one of our pieces back on t, which can only block
// their lines through t, so it is assumed whenever we have fewer than 16
// pieces (an en-passant un-capture needs fewer than 8 pawns too, and an
// un-promotion needs them to have fewer than 8 pawns).
//
// Castling is left out, as it gives no double check: it checks only with
// the rook, on its own rank or file (d or f), and the squares it empties
// are on the first rank, where a line through them reaches our king only
// along that rank, and there the castled king and rook stand between (a
// king on the first rank beyond the rook would have been crossed by the
// king or adjacent to it).
func (p *Position) doubleCheckable() bool {
	us, them := p.side, p.side^1
	occ := p.occ()
	empty := ^occ
	uncapture := bits.OnesCount64(p.byColor[us]) < 16
	themPawns := bits.OnesCount64(p.byType[Pawn-1] & p.byColor[them])
	usPawns := bits.OnesCount64(p.byType[Pawn-1] & p.byColor[us])
	push := pushDelta[them]
	pawnRanks := ^uint64(rank1 | rank8)
	// safe reports whether our king is out of check after their piece of
	// type t on from goes back to to as a piece of type back, with one of
	// our pieces put back on from if captured.
	safe := func(from, to int, t, back PieceType, captured bool) bool {
		q := *p
		q.toggle(from, them, t)
		q.toggle(to, them, back)
		if captured {
			q.toggle(from, us, Knight) // any piece of ours: it blocks
		}
		return q.checkers(us) == 0
	}
	for b := p.byColor[them]; b != 0; b &= b - 1 {
		t := lsb(b)
		typ := p.board[t].Type()
		switch typ {
		case Pawn:
			if s := t - push; empty&(1<<s)&pawnRanks != 0 {
				if safe(t, s, Pawn, Pawn, false) {
					return true
				}
				if s2 := s - push; uint64(1)<<t&(rank1<<(24+8*int(them))) != 0 && empty&(1<<s2) != 0 && safe(t, s2, Pawn, Pawn, false) {
					return true
				}
			}
			origins := attacks.Pawn(them == Black, t) & empty & pawnRanks
			if uncapture {
				for o := origins; o != 0; o &= o - 1 {
					if safe(t, lsb(o), Pawn, Pawn, true) {
						return true
					}
				}
			}
			// En passant: their pawn on our third rank (as seen from us:
			// rank 6 for White's pawn) took our pawn that had just passed t.
			if uncapture && usPawns < 8 && uint64(1)<<t&(rank6>>(24*int(them))) != 0 {
				capSq, start := t-push, t+push
				if empty&(1<<capSq) != 0 && empty&(1<<start) != 0 {
					for o := origins; o != 0; o &= o - 1 {
						q := *p
						q.toggle(t, them, Pawn)
						q.toggle(lsb(o), them, Pawn)
						q.toggle(capSq, us, Pawn)
						if q.checkers(us) == 0 {
							return true
						}
					}
				}
			}
			continue
		case King:
		default:
			if uint64(1)<<t&lastRank[them] != 0 && themPawns < 8 {
				if s := t - push; empty&(1<<s) != 0 && safe(t, s, typ, Pawn, false) {
					return true
				}
				if uncapture {
					for o := attacks.Pawn(them == Black, t) & empty; o != 0; o &= o - 1 {
						if safe(t, lsb(o), typ, Pawn, true) {
							return true
						}
					}
				}
			}
		}
		for from := pieceAttacks(typ, t, occ) & empty; from != 0; from &= from - 1 {
			if safe(t, lsb(from), typ, typ, uncapture) {
				return true
			}
		}
	}
	return false
}

// describe names the pieces on the squares of b, as the bitboards have
// them (a retro-analysis's un-move changes only those): "the black rook on
// e8 and the black bishop on a5".
func (p *Position) describe(b uint64) string {
	var names []string
	for ; b != 0; b &= b - 1 {
		sq := lsb(b)
		c := White
		if p.byColor[Black]&(1<<sq) != 0 {
			c = Black
		}
		t := Pawn
		for t < King && p.byType[t-1]&(1<<sq) == 0 {
			t++
		}
		names = append(names, fmt.Sprintf("the %s %s on %s", c, t, sqName(sq)))
	}
	return strings.Join(names, " and ")
}

// promoted checks that c's pawns and the pieces of c that must be promoted
// pawns (queens beyond one, rooks and knights beyond two, bishops beyond one
// on each colour of square) are at most 8.
func (p *Position) promoted(c Color) error {
	own := p.byColor[c]
	count := func(t PieceType) int { return bits.OnesCount64(p.byType[t-1] & own) }
	bishops := p.byType[Bishop-1] & own
	extra := []struct {
		have, unpromoted int
		what             string
	}{
		{count(Queen), 1, "queens"},
		{count(Rook), 2, "rooks"},
		{count(Knight), 2, "knights"},
		{bits.OnesCount64(bishops & lightSquares), 1, "light-squared bishops"},
		{bits.OnesCount64(bishops &^ lightSquares), 1, "dark-squared bishops"},
	}
	pawns, n := count(Pawn), 0
	var beside []string
	for _, e := range extra {
		if e.have > e.unpromoted {
			n += e.have - e.unpromoted
			beside = append(beside, fmt.Sprintf("%d %s", e.have, e.what))
		}
	}
	if pawns+n <= 8 {
		return nil
	}
	missing := "no " + c.String() + " pawn is missing"
	if pawns < 8 {
		missing = fmt.Sprintf("only %d %s pawns are missing", 8-pawns, c)
		if pawns == 7 {
			missing = fmt.Sprintf("only 1 %s pawn is missing", c)
		}
	}
	promo := "are promoted pawns"
	if n == 1 {
		promo = "is a promoted pawn"
	}
	return fenErr("placement", "%d %s pawns beside %s: at least %d of the %s pieces %s, but %s",
		pawns, c, strings.Join(beside, ", "), n, c, promo, missing)
}
