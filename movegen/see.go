package movegen

import "github.com/symmagic/attacks"

// The piece values of SEE, in centipawns: the usual 1, 3, 3, 5 and 9 pawns,
// and for the king a value beyond all the material a side can have (SEE
// never lets a king be taken: it takes only where nothing takes it back).
const (
	PawnValue   = 100
	KnightValue = 300
	BishopValue = 300
	RookValue   = 500
	QueenValue  = 900
	KingValue   = 20000
)

// seeValue is by PieceType (0 for NoPieceType and the unused values).
var seeValue = [8]int{0, PawnValue, KnightValue, BishopValue, RookValue, QueenValue, KingValue, 0}

// SEE reports whether the static exchange evaluation of the legal move m is
// at least threshold, in centipawns (PawnValue, ..., QueenValue): whether,
// after m, the captures on its square, each side taking with its least
// valuable attacker or stopping when that would lose, leave the side to
// move threshold or more up. SEE(m, 0) asks whether m loses no material,
// SEE(m, 1) whether it wins some. The rules:
//
//   - m is made; what it takes counts (a pawn for en passant), and each
//     reply is the replying side's choice: take or stop.
//   - Sliders behind the pieces that take join in as those leave their
//     lines (x-rays), both sides' alike, and so do lines through the
//     squares m empties: its own square, and after en passant the captured
//     pawn's.
//   - A promotion gains the promoted piece less the pawn, and the promoted
//     piece is what the other side can take next; a pawn that takes on its
//     last rank later in the exchange promotes to a queen.
//   - Pins are ignored: a pinned piece takes like any other (the usual
//     SEE; a pin costs a search a few wrong guesses, not a wrong move). The
//     king takes only where no piece of the other side attacks the square
//     (by then no line through the king's own square can open: a slider on
//     it would be giving check): no exchange takes a king.
//   - Castling exchanges nothing: SEE(castling, t) is 0 >= t, as is the null
//     move's.
//
// A quiet move is worth 0 if the piece that moved is safe on its square,
// and less what the other side wins by taking it. A call ends before the
// exchange is played out when what m takes is below threshold, or when it
// stays at threshold or above even if the piece that moved is lost. It
// allocates nothing. For a move that is not legal the answer means nothing (and
// nothing panics).
func (p *Position) SEE(m Move, threshold int) bool {
	from, to := m.from(), m.to()
	if m == NoMove || m.flag() == flagCastle {
		return threshold <= 0
	}
	us := p.side & 1
	occ := p.occ() &^ (1 << from)
	toBB := uint64(1) << to
	var gain int // what m takes
	if m.flag() == flagEP {
		gain = PawnValue
		occ &^= 1 << (to ^ 8) // the captured pawn leaves its line too
	} else {
		gain = seeValue[p.board[to]&7]
	}
	onSquare := seeValue[p.board[from]&7] // what stands on to, for the next capture to take
	if t := m.Promotion(); t != NoPieceType {
		onSquare = seeValue[t]
		gain += onSquare - PawnValue
	}
	// The other side may stop: the exchange is worth at most gain. Or it
	// may take, and we stop: at least gain less what stands on to (and a
	// queen's promotion, if its pawn takes on its last rank).
	if gain < threshold {
		return false
	}
	worst := gain - onSquare
	if toBB&(rank1|rank8) != 0 {
		worst -= QueenValue - PawnValue
	}
	if worst >= threshold {
		return true
	}

	// The captures in turn: takes[k] is what the k-th capture takes,
	// takes[0] m's. Each side takes with its least valuable attacker.
	var takes [32]int
	takes[0] = gain
	n := 1
	bq := p.byType[Bishop-1] | p.byType[Queen-1]
	rq := p.byType[Rook-1] | p.byType[Queen-1]
	attackers := p.attackersTo(to, occ)
	side := us ^ 1
	for n < len(takes) {
		own := attackers & p.byColor[side]
		if own == 0 {
			break
		}
		t := Pawn
		var b uint64
		for ; t < King; t++ {
			if b = own & p.byType[t-1]; b != 0 {
				break
			}
		}
		if t == King {
			// The king takes only if nothing takes it back. (No line
			// through its own square opens as it leaves: a slider there
			// would be checking it already, which no exchange that a
			// legal move starts comes to.)
			if attackers&p.byColor[side^1] != 0 {
				break
			}
			b = own & p.byType[King-1]
		}
		b &= -b
		takes[n] = onSquare
		onSquare = seeValue[t]
		if t == Pawn && toBB&lastRank[side] != 0 {
			takes[n] += QueenValue - PawnValue
			onSquare = QueenValue
		}
		n++
		occ &^= b
		if t == Pawn || t == Bishop || t == Queen {
			attackers |= attacks.Bishop(to, occ) & bq
		}
		if t == Rook || t == Queen {
			attackers |= attacks.Rook(to, occ) & rq
		}
		attackers &= occ
		side ^= 1
	}
	// Back from the last capture: each side takes only if it gains.
	v := takes[n-1]
	for k := n - 2; k >= 0; k-- {
		v = takes[k] - max(v, 0)
	}
	return v >= threshold
}
