package movegen

import "github.com/symmagic/attacks"

// What a search asks of a position besides its legal moves (gen.go has
// Quiets, for staged move ordering): whether a move gives check, the
// attackers of a square, static exchange evaluation (see.go), and the null
// move (Play(NoMove)). None of them is part of the generator's loop; the
// lookups on occupancies other than the position's are package attacks'
// own (Rook, Bishop), whatever the slider mode.

// playNull passes the turn (the null move of a search): the side to move
// changes, the en-passant square goes (and its part of the key with it),
// the halfmove clock advances and, after Black's turn, the fullmove number,
// as after any move that is not a capture or a pawn move. The pieces and
// the castling rights stay. The side to move must not be in check (Play
// checks: then the other side's king would be attacked, and the position
// is not one ParseFEN accepts).
func playNull(p *Position) {
	p.key ^= p.epKey() ^ zTurn
	p.ep = noEP
	p.half++
	if p.side == Black {
		p.full++
	}
	p.side ^= 1
}

// Attackers returns the squares of c's pieces that attack sq when the
// squares of occ are occupied: its pawns (as they capture), knights and
// king on squares that reach sq, and its bishops, rooks and queens whose
// lines to sq are empty in occ. Only pieces on squares of occ count: take a
// piece off occ and it attacks nothing, so an exchange evaluation that
// takes pieces off occ one by one sees the sliders behind them join in (the
// x-rays). A square of occ without a piece only blocks. Pass Occupied() for
// the position as it is. A square outside 0..63 or a colour other than
// White and Black has none.
func (p *Position) Attackers(c Color, sq Square, occ uint64) uint64 {
	if sq > 63 || c > Black {
		return 0
	}
	return p.attackersTo(int(sq), occ) & p.byColor[c]
}

// AttackersTo returns the squares of the pieces of both colours that attack
// sq when the squares of occ are occupied, as Attackers finds them:
// Attackers(White, sq, occ) | Attackers(Black, sq, occ).
func (p *Position) AttackersTo(sq Square, occ uint64) uint64 {
	if sq > 63 {
		return 0
	}
	return p.attackersTo(int(sq), occ)
}

// attackersTo is AttackersTo for a square in 0..63.
func (p *Position) attackersTo(sq int, occ uint64) uint64 {
	return (attacks.Pawn(true, sq)&p.byType[Pawn-1]&p.byColor[Black] |
		attacks.Pawn(false, sq)&p.byType[Pawn-1]&p.byColor[White] |
		attacks.Knight(sq)&p.byType[Knight-1] |
		attacks.King(sq)&p.byType[King-1] |
		attacks.Rook(sq, occ)&(p.byType[Rook-1]|p.byType[Queen-1]) |
		attacks.Bishop(sq, occ)&(p.byType[Bishop-1]|p.byType[Queen-1])) & occ
}

// GivesCheck reports whether the legal move m checks the other side's king,
// without making it: directly, by the piece that lands (after a promotion,
// the promoted piece, which may check along the line through the square
// the pawn left), or by uncovering a rook, bishop or queen on the line the
// moving piece leaves (the king's move too); after castling, by the rook;
// after en passant, by the pawn or by a line through either pawn's square.
// It costs a few table loads, and a slider lookup only where a line through
// the other king may open. The null move (NoMove) gives no check. For a
// move that is not legal the answer means nothing (and nothing panics).
func (p *Position) GivesCheck(m Move) bool {
	if m == NoMove {
		return false
	}
	us := p.side & 1
	them := us ^ 1
	kingBB := p.byType[King-1] & p.byColor[them]
	ksq := lsb(kingBB)
	from, to := m.from(), m.to()
	fromBB, toBB := uint64(1)<<from, uint64(1)<<to
	own := p.byColor[us]
	rq := (p.byType[Rook-1] | p.byType[Queen-1]) & own
	bq := (p.byType[Bishop-1] | p.byType[Queen-1]) & own
	occ := p.occ()
	switch m.flag() {
	case flagCastle:
		// Rare: the board after it, looked at from the king. The rook
		// checks along its rank or file; no line a castling opens reaches
		// the king, but the general test costs nothing here.
		kTo, rTo := m.castlingSquares()
		after := occ&^(fromBB|toBB) | 1<<kTo | 1<<rTo
		rq = rq&^toBB | 1<<rTo
		return attacks.Rook(ksq, after)&rq != 0 || attacks.Bishop(ksq, after)&bq != 0
	case flagEP:
		// Rare too: the pawn's check, or a line through either pawn's
		// square, the capturing one's or the captured one's.
		if attacks.Pawn(us == White, to)&kingBB != 0 {
			return true
		}
		after := occ ^ fromBB ^ 1<<(to^8) | toBB
		return attacks.Rook(ksq, after)&rq != 0 || attacks.Bishop(ksq, after)&bq != 0
	}
	after := occ&^fromBB | toBB
	t := p.board[from].Type()
	if promo := m.Promotion(); promo != NoPieceType {
		t = promo
	}
	// Direct: the piece on to attacks the king on the board after the
	// move (a slider's line to it empty, the square left included).
	switch t {
	case Pawn:
		if attacks.Pawn(us == White, to)&kingBB != 0 {
			return true
		}
	case Knight:
		if attacks.Knight(to)&kingBB != 0 {
			return true
		}
	case Bishop:
		if bishopEmpty[to]&kingBB != 0 && attacks.Between(to, ksq)&after == 0 {
			return true
		}
	case Rook:
		if rookEmpty[to]&kingBB != 0 && attacks.Between(to, ksq)&after == 0 {
			return true
		}
	case Queen:
		if (rookEmpty[to]|bishopEmpty[to])&kingBB != 0 && attacks.Between(to, ksq)&after == 0 {
			return true
		}
	}
	// Discovered: the piece leaves a line through the king on which a
	// slider of ours stands. A move along the line still blocks it (the
	// lookup from the king stops at to), and the slider found must be
	// another piece than the one that moved.
	line := attacks.Line(ksq, from)
	if line&toBB != 0 {
		return false
	}
	if s := line & rq &^ fromBB; s != 0 && line&rookEmpty[ksq] != 0 {
		return attacks.Rook(ksq, after)&s != 0
	}
	if s := line & bq &^ fromBB; s != 0 && line&bishopEmpty[ksq] != 0 {
		return attacks.Bishop(ksq, after)&s != 0
	}
	return false
}
