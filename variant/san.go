package variant

import (
	"strings"

	"github.com/symmagic/attacks/movegen"
)

const sanLetters = "?PNBRQK" // by PieceType

// SAN returns the legal move m in Standard Algebraic Notation as
// python-chess writes it in the variant, or "" if m is not legal: a drop
// N@f3, a pawn's drop @e4 (python-chess's form; ParseSAN reads P@e4 too),
// a promotion to a king e8=K (Antichess), castling O-O and O-O-O, and the
// suffix # for a move that mates or ends the game by the variant's rule
// with a win (a king exploded, on the hill, the third check, the race won,
// Antichess's last piece lost or a stalemate), + for a check (none in
// Antichess, nor in Atomic with the kings side by side).
func (p *Position) SAN(m Move) string {
	var buf [256]Move
	legal := p.legalMoves(buf[:0])
	found := false
	for _, l := range legal {
		if l == m {
			found = true
			break
		}
	}
	if !found {
		return ""
	}
	s := p.sanBody(m, legal)
	q := *p
	q.play(m)
	if r := q.variantResult(); r == movegen.WhiteWins || r == movegen.BlackWins {
		return s + "#"
	}
	if q.InCheck() {
		if q.CountMoves() == 0 {
			return s + "#"
		}
		return s + "+"
	}
	return s
}

// sanBody is m's SAN without its suffix; legal are the position's legal
// moves.
func (p *Position) sanBody(m Move, legal []Move) string {
	if m.IsDrop() {
		if m.Dropped() == movegen.Pawn {
			return "@" + sqName(m.to())
		}
		return sanLetters[m.Dropped():][:1] + "@" + sqName(m.to())
	}
	if m.IsCastle() {
		if m.to() < m.from() {
			return "O-O-O"
		}
		return "O-O"
	}
	from, to := m.from(), m.to()
	t := p.board[from].Type()
	capture := p.isCapture(m)
	var b strings.Builder
	if t != movegen.Pawn {
		b.WriteByte(sanLetters[t])
		var others uint64
		for _, l := range legal {
			if l != m && !l.IsDrop() && !l.IsCastle() && l.to() == to && l.from() != from && p.board[l.from()].Type() == t {
				others |= 1 << l.from()
			}
		}
		if others != 0 {
			column, row := false, false
			if others&(rank1<<(from&^7)) != 0 {
				column = true
			}
			if others&(fileA<<(from&7)) != 0 {
				row = true
			} else {
				column = true
			}
			if column {
				b.WriteByte(byte('a' + from&7))
			}
			if row {
				b.WriteByte(byte('1' + from>>3))
			}
		}
	} else if capture {
		b.WriteByte(byte('a' + from&7))
	}
	if capture {
		b.WriteByte('x')
	}
	b.WriteString(sqName(to))
	if pt := m.Promotion(); pt != movegen.NoPieceType {
		b.WriteByte('=')
		b.WriteByte(sanLetters[pt])
	}
	return b.String()
}

// ParseSAN returns the legal move that s names in SAN: SAN as SAN writes
// it, with or without its suffix (+, #, !, ?), castling as O-O or 0-0, a
// pawn's drop as @e4 or P@e4, a promotion with or without =, the origin
// given more fully than needed. A string that names no legal move, or more
// than one, is a *MoveError wrapping a *movegen.SANError.
func (p *Position) ParseSAN(s string) (Move, error) {
	var buf [256]Move
	legal := p.legalMoves(buf[:0])
	t := strings.TrimRight(s, "+#!?")
	fail := func(msg string) (Move, error) {
		return NoMove, &MoveError{Variant: p.variant, FEN: p.FEN(), Err: &movegen.SANError{SAN: s, Msg: msg}}
	}
	switch t {
	case "O-O", "0-0", "O-O-O", "0-0-0":
		long := len(t) == 5
		for _, m := range legal {
			if m.IsCastle() && (m.to() < m.from()) == long {
				return m, nil
			}
		}
		return fail("no legal castling on that side")
	}
	if i := strings.IndexByte(t, '@'); i >= 0 {
		pt := movegen.Pawn
		if i == 1 {
			pt = movegen.PieceType(strings.IndexByte(sanLetters, t[0]))
		}
		sq, err := movegen.ParseSquare(t[i+1:])
		if i > 1 || pt < movegen.Pawn || pt > movegen.Queen || err != nil {
			return fail("not a drop (want N@f3, @e4 or P@e4)")
		}
		for _, m := range legal {
			if m.IsDrop() && m.Dropped() == pt && m.To() == sq {
				return m, nil
			}
		}
		return fail("no legal drop of that piece there")
	}
	promo := movegen.NoPieceType
	if n := len(t); n >= 3 && strings.IndexByte("NBRQK", t[n-1]) >= 0 && (t[n-2] == '=' || t[n-2] >= '1' && t[n-2] <= '8') {
		promo = movegen.PieceType(strings.IndexByte(sanLetters, t[n-1]))
		t = strings.TrimSuffix(t[:n-1], "=")
	}
	if len(t) < 2 {
		return fail("not a move")
	}
	to, err := movegen.ParseSquare(t[len(t)-2:])
	if err != nil {
		return fail("no square at its end")
	}
	head := t[:len(t)-2]
	pt := movegen.Pawn
	if head != "" && strings.IndexByte("NBRQK", head[0]) >= 0 {
		pt = movegen.PieceType(strings.IndexByte(sanLetters, head[0]))
		head = head[1:]
	}
	head = strings.TrimRight(head, "x:-")
	file, rank := -1, -1
	for i := 0; i < len(head); i++ {
		switch c := head[i]; {
		case c >= 'a' && c <= 'h' && file < 0 && rank < 0:
			file = int(c - 'a')
		case c >= '1' && c <= '8' && rank < 0:
			rank = int(c - '1')
		default:
			return fail("not a move")
		}
	}
	var found []Move
	for _, m := range legal {
		if m.IsDrop() || m.IsCastle() || m.To() != to || m.Promotion() != promo || p.board[m.from()].Type() != pt ||
			file >= 0 && m.from()&7 != file || rank >= 0 && m.from()>>3 != rank {
			continue
		}
		found = append(found, m)
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return fail("no legal move of that piece there")
	}
	names := make([]string, len(found))
	for i, m := range found {
		names[i] = p.sanBody(m, legal)
	}
	return fail("ambiguous: " + strings.Join(names, ", "))
}

// PlaySAN plays the move s names in SAN (see ParseSAN).
func (p *Position) PlaySAN(s string) error {
	m, err := p.ParseSAN(s)
	if err != nil {
		return err
	}
	p.play(m)
	return nil
}
