package movegen

import "github.com/symmagic/attacks/internal/board"

// What a search asks of a position besides its legal moves: quiet moves for
// staged move ordering, whether a move gives check, the attackers of a
// square, static exchange evaluation, and the null move (Play(NoMove)).

// The piece values of SEE, in centipawns: the usual 1, 3, 3, 5 and 9 pawns,
// and for the king a value beyond all the material a side can have (SEE
// never lets a king be taken: it takes only where nothing takes it back).
const (
	PawnValue   = board.PawnValue   // 100
	KnightValue = board.KnightValue // 300
	BishopValue = board.BishopValue // 300
	RookValue   = board.RookValue   // 500
	QueenValue  = board.QueenValue  // 900
	KingValue   = board.KingValue   // 20000
)

// Quiets appends the legal moves that Captures does not to buf and returns
// the extended slice: the moves that take nothing and do not promote,
// castling included (in Chess960 too, where it is written king takes own
// rook, it takes nothing). Every legal move is in Quiets or in Captures, and
// none in both: a staged search lists the captures first and the quiet
// moves only if it gets that far. In check they are the quiet moves that
// answer the check. It allocates nothing when buf has room for them.
func (p *Position) Quiets(buf []Move) []Move {
	if !p.p.HasKing() {
		return buf
	}
	var list board.MoveList
	n := board.GenerateQuiet(&p.p, &list)
	return append(buf, list[:n]...)
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
	return p.p.GivesCheck(m)
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
	return p.p.Attackers(c, int(sq), occ)
}

// AttackersTo returns the squares of the pieces of both colours that attack
// sq when the squares of occ are occupied, as Attackers finds them:
// Attackers(White, sq, occ) | Attackers(Black, sq, occ).
func (p *Position) AttackersTo(sq Square, occ uint64) uint64 {
	if sq > 63 {
		return 0
	}
	return p.p.AttackersTo(int(sq), occ)
}

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
	if m == NoMove {
		return threshold <= 0
	}
	return p.p.SEE(m, threshold)
}
