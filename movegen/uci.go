package movegen

import (
	"fmt"
	"strconv"

	"github.com/symmagic/attacks"
)

// MoveError is the error ParseMove and PlayUCI return: the move as given
// (UCI) and why it is not a legal move of the position (Msg). Its text
// reads:
//
//	movegen: move "e1f2": a white king on e1 cannot take its own pawn on f2
type MoveError struct {
	UCI string
	Msg string
}

func (e *MoveError) Error() string { return "movegen: move " + strconv.Quote(e.UCI) + ": " + e.Msg }

// uciTo returns the square UCI names as m's destination: the rook's for a
// Chess960 castling, the king's two-square step's for a standard one.
func uciTo(m Move) int {
	if m.flag() == flagCastle && m&chess960Bit == 0 {
		to, _ := m.castlingSquares()
		return to
	}
	return m.to()
}

// ParseMove returns the legal move that the UCI string s names: e2e4, e7e8q,
// castling e1g1 (in Chess960 mode e1h1, king takes rook); and 0000, the null
// move NoMove, when the side to move is not in check (see Play). A
// malformed or illegal move is a *MoveError saying why.
func (p *Position) ParseMove(s string) (Move, error) {
	bad := func(format string, args ...any) (Move, error) {
		return NoMove, &MoveError{UCI: s, Msg: fmt.Sprintf(format, args...)}
	}
	if s == "0000" {
		switch {
		case !p.hasKing():
			return bad("the position has no kings")
		case p.InCheck():
			return bad("the null move passes the turn, and %s is in check", p.side)
		}
		return NoMove, nil
	}
	if len(s) != 4 && len(s) != 5 {
		return bad("%d characters, want 4 (e2e4) or 5 with a promotion (e7e8q)", len(s))
	}
	from, ok := parseSquare(s[:2])
	if !ok {
		return bad("%q is not a square", s[:2])
	}
	to, ok := parseSquare(s[2:4])
	if !ok {
		return bad("%q is not a square", s[2:4])
	}
	promo := -1
	if len(s) == 5 {
		switch s[4] {
		case 'n':
			promo = int(Knight)
		case 'b':
			promo = int(Bishop)
		case 'r':
			promo = int(Rook)
		case 'q':
			promo = int(Queen)
		default:
			return bad("promotion %q, want one of n, b, r, q", s[4])
		}
	}
	var list moveList
	n := generate(p, &list)
	for _, m := range list[:n] {
		if m.from() != from || uciTo(m) != to {
			continue
		}
		t := m.Promotion()
		if t == NoPieceType && promo < 0 || t != NoPieceType && int(t) == promo {
			return m, nil
		}
	}
	return bad("%s", p.whyIllegal(from, to, promo, list[:n]))
}

// PlayUCI plays the legal move that the UCI string s names (see
// ParseMove); on an error it changes nothing.
func (p *Position) PlayUCI(s string) error {
	m, err := p.ParseMove(s)
	if err != nil {
		return err
	}
	p.Play(m)
	return nil
}

// whyIllegal explains why no legal move goes from from to to (promoting to
// promo, if not -1). It only explains: legality is Generate's alone.
func (p *Position) whyIllegal(from, to, promo int, legal []Move) string {
	us := p.side
	pc := p.board[from]
	switch {
	case !p.hasKing():
		return "the position has no kings"
	case pc == NoPiece:
		return "no piece on " + sqName(from)
	case pc.Color() != us:
		return fmt.Sprintf("the piece on %s is %s's, and %s is to move", sqName(from), pc.Color(), us)
	}
	name := fmt.Sprintf("a %s %s on %s", us, pc.Type(), sqName(from))
	for _, m := range legal {
		if m.from() == from && m.to() == to && uciTo(m) != to {
			return fmt.Sprintf("castling is written %s here, king two squares; %s is the Chess960 form", m, sqName(from)+sqName(to))
		}
		if m.from() == from && m.IsCastle() && uciTo(m) != to {
			if kTo, _ := m.castlingSquares(); kTo == to {
				return fmt.Sprintf("in Chess960 castling is written king takes rook: %s", m)
			}
		}
		if m.from() == from && uciTo(m) == to {
			if promo < 0 {
				return "a pawn reaching the last rank must promote: add q, r, b or n"
			}
			return "only a pawn reaching the last rank promotes"
		}
	}
	if promo >= 0 && (pc.Type() != Pawn || lastRank[us]&(1<<to) == 0) {
		return "only a pawn reaching the last rank promotes"
	}
	if pc.Type() == King {
		if why, ok := p.whyNoCastle(from, to); ok {
			return why
		}
	}
	if own := p.board[to]; own != NoPiece && own.Color() == us {
		return fmt.Sprintf("%s cannot take its own %s on %s", name, own.Type(), sqName(to))
	}
	if !p.reaches(from, to) {
		return fmt.Sprintf("%s does not move to %s", name, sqName(to))
	}
	if p.InCheck() {
		return fmt.Sprintf("%s is in check, and %s to %s does not end it", us, name, sqName(to))
	}
	return fmt.Sprintf("%s to %s would leave the %s king in check", name, sqName(to), us)
}

// reaches reports whether the piece on from moves to to (both 0..63) by
// the rules of its movement on this board, ignoring whether its king is
// left in check (an empty square reaches nothing).
func (p *Position) reaches(from, to int) bool {
	pc := p.board[from]
	us := pc.Color()
	own, occ := p.byColor[us], p.occ()
	if own&(1<<to) != 0 {
		return false
	}
	var reach uint64
	switch pc.Type() {
	case Pawn:
		push := pushDelta[us]
		if one := from + push; occ&(1<<one) == 0 {
			reach |= 1 << one
			if two := one + push; (1<<one)&doubleFrom[us] != 0 && occ&(1<<two) == 0 {
				reach |= 1 << two
			}
		}
		capt := p.byColor[us^1]
		if p.ep != noEP {
			capt |= 1 << p.ep
		}
		reach |= attacks.Pawn(us == White, from) & capt
	case Bishop:
		return bishopEmpty[from]&(1<<to) != 0 && attacks.Between(from, to)&occ == 0
	case Rook:
		return rookEmpty[from]&(1<<to) != 0 && attacks.Between(from, to)&occ == 0
	case Queen:
		return (rookEmpty[from]|bishopEmpty[from])&(1<<to) != 0 && attacks.Between(from, to)&occ == 0
	default:
		reach = pieceAttacks(pc.Type(), from, occ)
	}
	return reach&(1<<to) != 0
}

// pieceAttacks returns the squares a knight, bishop, rook, queen or king
// (t) on sq attacks when the squares of occ are occupied; 0 for a pawn or
// no piece.
func pieceAttacks(t PieceType, sq int, occ uint64) uint64 {
	switch t {
	case Knight:
		return attacks.Knight(sq)
	case Bishop:
		return attacks.Bishop(sq, occ)
	case Rook:
		return attacks.Rook(sq, occ)
	case Queen:
		return attacks.Queen(sq, occ)
	case King:
		return attacks.King(sq)
	}
	return 0
}

// whyNoCastle explains, if the king's move from from to to names a castling
// (king two squares from e1 or e8 in standard chess, king onto its own rook
// in either), why that castling is not legal.
func (p *Position) whyNoCastle(from, to int) (string, bool) {
	us := p.side
	base := 56 * int(us)
	if from&^7 != base || to&^7 != base || from == to {
		return "", false
	}
	wing := wingOf(from&7, to&7)
	right := 2*int(us) + wing
	held := p.castle&(1<<right) != 0
	rsq := int(p.castleRook[right])
	switch {
	case p.board[to] == MakePiece(us, Rook):
		if !held || rsq != to {
			return fmt.Sprintf("%s has no right to castle with the rook on %s", us, sqName(to)), true
		}
	case !p.chess960 && from == base+4 && to == base+6-4*wing:
		if !held {
			return fmt.Sprintf("%s has no right to castle on %s of its king", us, wingNames[wing]), true
		}
	default:
		return "", false
	}
	if p.checkers(us) != 0 {
		return fmt.Sprintf("%s is in check, and castling does not end a check", us), true
	}
	if p.occ()&(castlePaths[castleIndex(us, from, rsq)].empty) != 0 {
		return "castling needs the squares the king and the rook cross or land on empty but for the two of them", true
	}
	return "castling would take the king across or onto a square the enemy attacks", true
}
