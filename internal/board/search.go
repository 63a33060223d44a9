package board

import "github.com/symmagic/attacks"

// What a search asks of a position besides its moves: the null move,
// whether a move gives check, and the attackers of a square (SEE, in
// see.go, is built on them). None of them is part of the generator's
// loop; the lookups on occupancies other than the position's are package
// attacks' own (Rook, Bishop), whatever the slider mode.

// PlayNull passes the turn (the null move of a search): the side to move
// changes, the en-passant square goes (and its part of the key with it),
// the halfmove clock advances and, after Black's turn, the fullmove number,
// as after any move that is not a capture or a pawn move. The pieces and
// the castling rights stay. The side to move must not be in check (the
// caller checks: then the other side's king is attacked, and the position
// is not one ParseFEN accepts).
func PlayNull(p *Position) {
	p.key ^= p.epKey() ^ zTurn
	p.ep = noEP
	p.half++
	if p.side == Black {
		p.full++
	}
	p.side ^= 1
}

// AttackersTo returns the pieces of both colours, among those on the
// squares of occ, that attack sq (0..63) when the squares of occ are
// occupied: pawns (as they capture), knights and kings on the squares that
// reach sq, and bishops, rooks and queens whose lines to sq are empty in
// occ. A piece off occ (taken off the board, as an exchange does) attacks
// nothing, and a square of occ without a piece of p only blocks.
func (p *Position) AttackersTo(sq int, occ uint64) uint64 {
	sq &= 63
	return (attacks.Pawn(true, sq)&p.byType[Pawn-1]&p.byColor[Black] |
		attacks.Pawn(false, sq)&p.byType[Pawn-1]&p.byColor[White] |
		attacks.Knight(sq)&p.byType[Knight-1] |
		attacks.King(sq)&p.byType[King-1] |
		attacks.Rook(sq, occ)&(p.byType[Rook-1]|p.byType[Queen-1]) |
		attacks.Bishop(sq, occ)&(p.byType[Bishop-1]|p.byType[Queen-1])) & occ
}

// Attackers returns the pieces of colour c among AttackersTo(sq, occ).
func (p *Position) Attackers(c Color, sq int, occ uint64) uint64 {
	c &= 1
	sq &= 63
	own := p.byColor[c] & occ
	return (attacks.Pawn(c == Black, sq)&p.byType[Pawn-1] |
		attacks.Knight(sq)&p.byType[Knight-1] |
		attacks.King(sq)&p.byType[King-1] |
		attacks.Rook(sq, occ)&(p.byType[Rook-1]|p.byType[Queen-1]) |
		attacks.Bishop(sq, occ)&(p.byType[Bishop-1]|p.byType[Queen-1])) & own
}

// GivesCheck reports whether the legal move m of p checks the other side's
// king, without making it: directly, by the piece that lands (the promoted
// piece after a promotion, on the board with the pawn's square empty, so a
// queen on b8 checks along the file the pawn left), or by uncovering a
// rook, bishop or queen of the side to move on the line the piece leaves;
// after castling, by the rook on its square or a line the king and rook
// open; after en passant, by the pawn or a line the two pawns' squares
// open. For a move that is not legal the answer means nothing (but p is
// read only at squares 0..63).
func (p *Position) GivesCheck(m Move) bool {
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
