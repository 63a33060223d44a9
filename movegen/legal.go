package movegen

import "github.com/symmagic/attacks"

// legal reports whether m is a legal move of p, exactly when the generator
// lists it, without listing the moves: the move's form and its piece's
// movement (plausible, reaches), then gen's rules asked of the board the
// move leaves, with gen's own attack test and slider lookups (slider.go):
// castling out of check over squares no enemy piece attacks with the rook
// lifted, any other move leaving its king unattacked.
func (p *Position) legal(m Move) bool {
	if !p.plausible(m) {
		return false
	}
	us := p.side
	from, to := m.from(), m.to()
	occ := p.occ()
	var t threats
	t.set(p, p.byColor[us^1])
	o := nodeOcc(p, occ)
	if m.flag() == flagCastle {
		// plausible saw the right held, its rook on to and the squares
		// between empty.
		return m&chess960Bit == p.castleBit && p.checkers(us) == 0 && castleSafe(us, from, to, o, &t)
	}
	if m&chess960Bit != 0 {
		return false
	}
	toBB := uint64(1) << to
	pc := p.board[from]
	switch {
	case pc.Type() != Pawn:
		if !p.reaches(from, to) {
			return false
		}
	case m.flag() == flagNormal || m.flag() >= flagPromoN:
		// A step onto an empty square, or a capture of a piece (plausible
		// checked double pushes and en passant, and the promotions).
		if p.board[to] == NoPiece && to != from+pushDelta[us] ||
			p.board[to] != NoPiece && attacks.Pawn(us == White, from)&toBB == 0 {
			return false
		}
	}
	return p.safe(m, &t, o)
}

// safe reports whether the plausible move m, not a castling, leaves its
// side's king unattacked: gen's attack test on the board after it, t the
// enemy's pieces and o the occupancy before it.
func (p *Position) safe(m Move, t *threats, o lookupOcc) bool {
	us := p.side
	from, to := m.from(), m.to()
	pc := p.board[from]
	toBB := uint64(1) << to
	taken := toBB
	occMove(&o, from, to)
	if m.flag() == flagEP {
		taken = 1 << (to ^ 8)
		occClear(&o, to^8)
	}
	t.pawns &^= taken
	t.knights &^= taken
	t.rq &^= taken
	t.bq &^= taken
	ksq := p.kingSq(us)
	if pc.Type() == King {
		ksq = to
	}
	return !attacked(ksq, o, us, t)
}
