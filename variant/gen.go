package variant

import (
	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/movegen"
)

// How the generator works: it lists the pseudo-legal moves (the moves of
// the pieces, castling, en passant, drops) and keeps those the variant's
// rule accepts in the position after each, as python-chess's variants
// define them. Where the rule is the king's safety (Crazyhouse, King of
// the Hill, Three-check, Horde; Racing Kings asks it of both kings), safe
// tests the move on the occupancy after it, without playing it; Atomic's
// moves and en-passant captures are played on a copy and tested (legal:
// make and test); Antichess keeps its captures where it has one. Package
// movegen is not touched.

// pseudo appends the pseudo-legal moves of p to list: every move of the
// pieces onto no piece of their own, castling by the variant's rule of
// attacked squares, en passant, promotions (to a king too in Antichess)
// and, in Crazyhouse, the drops onto the squares a drop may take.
func (p *Position) pseudo(list []Move) []Move {
	us := p.side
	own, enemy := p.byColor[us], p.byColor[us^1]
	occ := own | enemy
	for b := own &^ p.byType[movegen.Pawn]; b != 0; b &= b - 1 {
		from := lsb(b)
		var to uint64
		switch p.board[from].Type() {
		case movegen.Knight:
			to = attacks.Knight(from)
		case movegen.Bishop:
			to = attacks.Bishop(from, occ)
		case movegen.Rook:
			to = attacks.Rook(from, occ)
		case movegen.Queen:
			to = attacks.Queen(from, occ)
		case movegen.King:
			to = attacks.King(from)
		}
		for to &^= own; to != 0; to &= to - 1 {
			list = append(list, newMove(from, lsb(to), kindNormal))
		}
	}
	list = p.castles(list)

	pawns := p.byType[movegen.Pawn] & own
	promo := kindPromoQ
	if p.variant == Antichess {
		promo = kindPromoK
	}
	last := uint64(rank8 | rank1)
	for b := pawns; b != 0; b &= b - 1 {
		from := lsb(b)
		for to := attacks.Pawn(us == movegen.White, from) & enemy; to != 0; to &= to - 1 {
			list = addPawn(list, from, lsb(to), last, promo)
		}
	}
	var single, double uint64
	if us == movegen.White {
		single = pawns << 8 &^ occ
		double = single << 8 &^ occ & (rank3 | rank4)
	} else {
		single = pawns >> 8 &^ occ
		double = single >> 8 &^ occ & (rank6 | rank5)
	}
	push := 8
	if us == movegen.Black {
		push = -8
	}
	for ; single != 0; single &= single - 1 {
		to := lsb(single)
		list = addPawn(list, to-push, to, last, promo)
	}
	for ; double != 0; double &= double - 1 {
		to := lsb(double)
		list = append(list, newMove(to-2*push, to, kindDouble))
	}
	list = p.enPassant(list)
	if p.variant == Crazyhouse {
		list = p.drops(list)
	}
	return list
}

func addPawn(list []Move, from, to int, last uint64, promo int) []Move {
	if uint64(1)<<to&last == 0 {
		return append(list, newMove(from, to, kindNormal))
	}
	for k := promo; k >= kindPromoN; k-- {
		list = append(list, newMove(from, to, k))
	}
	return list
}

// enPassant appends the pseudo-legal en-passant captures.
func (p *Position) enPassant(list []Move) []Move {
	if p.ep == noEP {
		return list
	}
	ep := int(p.ep)
	if p.occ()&(1<<ep) != 0 {
		return list
	}
	rank := uint64(rank5)
	if p.side == movegen.Black {
		rank = rank4
	}
	for c := attacks.Pawn(p.side == movegen.Black, ep) & p.byType[movegen.Pawn] & p.byColor[p.side] & rank; c != 0; c &= c - 1 {
		list = append(list, newMove(lsb(c), ep, kindEP))
	}
	return list
}

// drops appends Crazyhouse's legal drops: onto every empty square out of
// check, between the king and a single checker, nowhere in a double check;
// pawns on neither first rank.
func (p *Position) drops(list []Move) []Move {
	mask := ^p.occ()
	if k := p.king(p.side); k >= 0 {
		if c := p.attackers(p.side^1, k, p.occ()); c != 0 {
			if c&(c-1) != 0 {
				return list
			}
			mask &= attacks.Between(k, lsb(c))
		}
	}
	for t := movegen.Pawn; t <= movegen.Queen; t++ {
		if p.pocket[p.side][t-1] == 0 {
			continue
		}
		to := mask
		if t == movegen.Pawn {
			to &^= rank1 | rank8
		}
		for ; to != 0; to &= to - 1 {
			list = append(list, newMove(int(t), lsb(to), kindDrop))
		}
	}
	return list
}

// castles appends the castling moves whose squares are empty and not
// attacked, as python-chess's generate_castling_moves: the king's path and
// its own square not attacked with the king lifted, the king's landing
// square not attacked with both lifted and the rook landed. Atomic lets the
// king pass squares beside the enemy king; Antichess has no attacks.
func (p *Position) castles(list []Move) []Move {
	us := p.side
	back := backRank(us)
	rights := p.castle & back & p.byType[movegen.Rook] & p.byColor[us]
	if rights == 0 {
		return list
	}
	kings := p.byType[movegen.King] & p.byColor[us] & back &^ p.effectivePromoted()
	if kings == 0 {
		return list
	}
	ksq := lsb(kings)
	kingBB := uint64(1) << ksq
	occ := p.occ()
	for r := rights; r != 0; r &= r - 1 {
		rsq := lsb(r)
		rookBB := uint64(1) << rsq
		m := newMove(ksq, rsq, kindCastle)
		kTo, rTo := m.castlingSquares()
		kingPath := attacks.Between(ksq, kTo)
		rookPath := attacks.Between(rsq, rTo)
		if (occ^kingBB^rookBB)&(kingPath|rookPath|1<<kTo|1<<rTo) != 0 ||
			p.attackedForKing(kingPath|kingBB, occ^kingBB) ||
			p.attackedForKing(1<<kTo, occ^kingBB^rookBB^(1<<rTo)) {
			continue
		}
		list = append(list, m)
	}
	return list
}

// attackedForKing reports whether the enemy attacks a square of path on
// the occupancy occ, by the variant's rule for castling.
func (p *Position) attackedForKing(path, occ uint64) bool {
	switch p.variant {
	case Antichess:
		return false
	case Atomic:
		for k := p.byType[movegen.King] & p.byColor[p.side^1]; k != 0; k &= k - 1 {
			path &^= attacks.King(lsb(k))
		}
	}
	for ; path != 0; path &= path - 1 {
		if p.attackers(p.side^1, lsb(path), occ) != 0 {
			return true
		}
	}
	return false
}

// isCapture reports whether the pseudo-legal move m takes a piece.
func (p *Position) isCapture(m Move) bool {
	switch m.kind() {
	case kindEP:
		return true
	case kindDrop, kindCastle:
		return false
	}
	return p.byColor[p.side^1]>>m.to()&1 != 0
}

// legalMoves appends the legal moves of p to list.
func (p *Position) legalMoves(list []Move) []Move {
	if p.variant == NoVariant || p.isVariantEnd() {
		return list
	}
	n := len(list)
	list = p.pseudo(list)
	if p.variant == Antichess {
		// Captures are forced: keep them alone if there is one.
		captures := false
		for _, m := range list[n:] {
			if p.isCapture(m) {
				captures = true
				break
			}
		}
		if !captures {
			return list
		}
		out := list[:n]
		for _, m := range list[n:] {
			if p.isCapture(m) {
				out = append(out, m)
			}
		}
		return out
	}
	out := list[:n]
	if p.variant == Atomic {
		for _, m := range list[n:] {
			if p.legal(m) {
				out = append(out, m)
			}
		}
		return out
	}
	// The others ask that one's own king be safe after the move (Racing
	// Kings also that the enemy's be), which the occupancy after the move
	// tells without playing it.
	k := p.king(p.side)
	ek := -1
	if p.variant == RacingKings {
		ek = p.king(p.side ^ 1)
	}
	for _, m := range list[n:] {
		if p.safe(m, k, ek) {
			out = append(out, m)
		}
	}
	return out
}

// safe reports whether the pseudo-legal move m leaves the king on k (none
// for k < 0) unattacked and, for ek >= 0 (Racing Kings), the enemy king on
// ek unattacked too: legal's answer in the variants but Atomic and
// Antichess, from the bitboards alone. An en-passant capture, rare, is
// played on a copy.
func (p *Position) safe(m Move, k, ek int) bool {
	us, them := p.side, p.side^1
	occ := p.occ()
	to := m.to()
	toBB := uint64(1) << to
	var fromBB uint64
	var moved movegen.PieceType
	switch m.kind() {
	case kindEP:
		return p.legal(m)
	case kindCastle:
		// castles checked the king's path and landing square; Racing
		// Kings has no castling.
		if ek < 0 {
			return true
		}
		return p.legal(m)
	case kindDrop:
		moved = movegen.PieceType(m.from())
	default:
		from := m.from()
		fromBB = uint64(1) << from
		moved = p.board[from].Type()
		if pt := m.Promotion(); pt != movegen.NoPieceType {
			moved = pt
		}
	}
	after := occ&^fromBB | toBB
	if k >= 0 {
		ksq := k
		if fromBB == uint64(1)<<k {
			ksq = to // the king moves
		}
		if p.attackers(them, ksq, after)&^toBB != 0 {
			return false
		}
	}
	if ek >= 0 {
		if p.attackers(us, ek, after)&^fromBB != 0 {
			return false // a discovered check
		}
		if pieceAttacks(moved, us, to, after)&(uint64(1)<<ek) != 0 {
			return false
		}
	}
	return true
}

// pieceAttacks returns the squares a piece of type t and colour c on sq
// attacks on the occupancy occ.
func pieceAttacks(t movegen.PieceType, c movegen.Color, sq int, occ uint64) uint64 {
	switch t {
	case movegen.Pawn:
		return attacks.Pawn(c == movegen.White, sq)
	case movegen.Knight:
		return attacks.Knight(sq)
	case movegen.Bishop:
		return attacks.Bishop(sq, occ)
	case movegen.Rook:
		return attacks.Rook(sq, occ)
	case movegen.Queen:
		return attacks.Queen(sq, occ)
	case movegen.King:
		return attacks.King(sq)
	}
	return 0
}

// legal reports whether the pseudo-legal move m is legal, by the position
// it leaves (Antichess's forced captures are legalMoves').
func (p *Position) legal(m Move) bool {
	q := *p
	q.play(m)
	us, them := p.side, p.side^1
	switch p.variant {
	case Antichess:
		return true
	case Atomic:
		// Legal: our king survives, and theirs is gone or ours is not
		// attacked (kings side by side never are).
		if q.byType[movegen.King]&q.byColor[us] == 0 {
			return false
		}
		if q.byType[movegen.King]&q.byColor[them] == 0 {
			return true
		}
		return q.checkersOf(us) == 0
	}
	if k := q.king(us); k >= 0 && q.attackers(them, k, q.occ()) != 0 {
		return false
	}
	if p.variant == RacingKings {
		if k := q.king(them); k >= 0 && q.attackers(us, k, q.occ()) != 0 {
			return false // no move may give check
		}
	}
	return true
}

// play makes the pseudo-legal move m: the board, the pockets and promoted
// pieces, explosions, the castling rights, the en-passant square, the
// clocks and the checks counted, as python-chess's push does.
func (p *Position) play(m Move) {
	us, them := p.side, p.side^1
	p.ep = noEP
	p.half++
	if us == movegen.Black {
		p.full++
	}
	p.side = them
	to := m.to()
	if m.IsDrop() {
		t := movegen.PieceType(m.from())
		p.put(to, movegen.MakePiece(us, t), false)
		p.pocket[us][t-1]--
		p.countCheck(us)
		return
	}
	from := m.from()
	pc := p.board[from]
	fromBB, toBB := uint64(1)<<from, uint64(1)<<to
	effPromoted := p.effectivePromoted()
	if pc.Type() == movegen.Pawn || p.byColor[them]&toBB != 0 || m.kind() == kindEP {
		p.half = 0
	}
	captured := p.board[to]
	p.castle &^= fromBB | toBB
	if pc.Type() == movegen.King && effPromoted&fromBB == 0 {
		p.castle &^= backRank(us)
	} else if captured.Type() == movegen.King && captured.Color() == them && effPromoted&toBB == 0 && backRank(them)&toBB != 0 {
		p.castle &^= backRank(them)
	}
	if m.IsCastle() {
		kTo, rTo := m.castlingSquares()
		king, rook := p.remove(from), p.remove(to)
		p.put(kTo, king, false)
		p.put(rTo, rook, false)
		p.countCheck(us)
		return
	}
	wasPromoted := p.promoted&fromBB != 0
	p.remove(from)
	if m.kind() == kindEP {
		captured = p.remove(to ^ 8)
	}
	t := pc.Type()
	if pt := m.Promotion(); pt != movegen.NoPieceType {
		t, wasPromoted = pt, true
	}
	capturedPromoted := p.promoted&toBB != 0
	p.remove(to)
	p.put(to, movegen.MakePiece(us, t), wasPromoted)
	switch {
	case m.kind() == kindDouble && (fromBB&(rank2|rank7) != 0):
		p.ep = uint8((from + to) / 2)
	case captured != movegen.NoPiece && p.variant == Crazyhouse:
		ct := captured.Type()
		if capturedPromoted {
			ct = movegen.Pawn
		}
		if ct <= movegen.Queen {
			p.pocket[us][ct-1]++
		}
	case captured != movegen.NoPiece && p.variant == Atomic:
		p.explode(to)
	}
	p.countCheck(us)
}

// explode is Atomic's capture on sq: the capturing piece and every piece
// but pawns on the squares around go, with the castling rights of the
// rooks and kings among them.
func (p *Position) explode(sq int) {
	radius := attacks.King(sq) &^ p.byType[movegen.Pawn]
	p.castle &^= radius
	kings := radius & p.byType[movegen.King]
	if kings&p.byColor[movegen.White] != 0 {
		p.castle &^= rank1
	}
	if kings&p.byColor[movegen.Black] != 0 {
		p.castle &^= rank8
	}
	p.remove(sq)
	for b := radius & p.occ(); b != 0; b &= b - 1 {
		p.remove(lsb(b))
	}
}

// countCheck counts, in Three-check, a check that side c's move gave.
func (p *Position) countCheck(c movegen.Color) {
	if p.variant == ThreeCheck && p.checks[c] > 0 && p.checkersOf(c^1) != 0 {
		p.checks[c]--
	}
}

// LegalMoves appends the legal moves of the position to buf and returns
// the extended slice. A position whose game is over by the variant's rule
// (a king exploded or on the hill, the third check, a side without pieces,
// the race over) has none.
func (p *Position) LegalMoves(buf []Move) []Move { return p.legalMoves(buf) }

// CountMoves returns the number of legal moves.
func (p *Position) CountMoves() int {
	var buf [256]Move
	return len(p.legalMoves(buf[:0]))
}

// IsLegal reports whether m, any 16-bit value, is a legal move of the
// position: exactly when LegalMoves lists it.
func (p *Position) IsLegal(m Move) bool {
	var buf [256]Move
	for _, l := range p.legalMoves(buf[:0]) {
		if l == m {
			return true
		}
	}
	return false
}

// Play makes the move m if it is legal, as IsLegal tells, and returns nil;
// any other move changes nothing and returns a *movegen.MoveError inside a
// *MoveError.
func (p *Position) Play(m Move) error {
	if !p.IsLegal(m) {
		return p.moveError(m.String(), "it is not a legal move of the position")
	}
	p.play(m)
	return nil
}

// PlayUnchecked makes the move m, which must be one of LegalMoves': it
// checks nothing.
func (p *Position) PlayUnchecked(m Move) { p.play(m) }

// Perft counts the leaf nodes of the tree of legal moves depth plies deep
// (1 for depth 0).
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [256]Move
	moves := p.legalMoves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		q := *p
		q.play(m)
		n += q.Perft(depth - 1)
	}
	return n
}
