package movegen

import (
	"math/bits"
	"unsafe"

	"github.com/symmagic/attacks"
)

// gen has four sinks, each a type of its own size, so that inside gen's
// copy for it unsafe.Sizeof of the type parameter is a constant and the
// other sinks' branches fold away (Go compiles one copy of a generic
// function per GC shape, roughly per underlying type): lister
// writes the moves to the list, counter only counts them, which is all the
// last ply of perft needs, so there a piece's moves cost one popcount,
// tactical writes the captures and promotions alone, and quiet the other
// moves (those that take nothing and do not promote, castling included),
// so that tactical's and quiet's moves are lister's, each in one of them.
type (
	counter  uint8
	lister   uint16
	tactical uint32
	quiet    uint64
)

type sink interface {
	counter | lister | tactical | quiet
}

func counting[K sink]() bool {
	var k K
	return unsafe.Sizeof(k) == unsafe.Sizeof(counter(0))
}

func tacticalOnly[K sink]() bool {
	var k K
	return unsafe.Sizeof(k) == unsafe.Sizeof(tactical(0))
}

func quietOnly[K sink]() bool {
	var k K
	return unsafe.Sizeof(k) == unsafe.Sizeof(quiet(0))
}

// The public generation methods, LegalMoves, Captures and Quiets, write
// the moves of one of gen's copies (gen.go's sinks) straight into the
// caller's buffer when it has room for MaxMoves more; into a list of their
// own, then appended, when it has not. CountMoves counts without writing.
// The three listing methods call gen's copy themselves, one call from the
// caller's code to the generator's, and are never inlined (see generate
// below for why the generic call must stay in this package).

// LegalMoves appends the legal moves of the position to buf and returns
// the extended slice. When buf has room for MaxMoves more moves (a
// [MaxMoves]Move array's buf[:0] always has), the generator writes them
// there directly and nothing is allocated or copied; with less room they
// are made in a list of LegalMoves' own and appended, allocating only if
// buf has not room for them.
//
//go:noinline
func (p *Position) LegalMoves(buf []Move) []Move {
	if n := len(buf); cap(buf)-n >= MaxMoves {
		return buf[:n+gen[lister](p, (*moveList)(buf[n:n+MaxMoves]))]
	}
	return appendMoves(p, buf, allMoves)
}

// Captures appends the legal captures (en passant included) and the legal
// promotions, capturing or not and to every piece, to buf and returns the
// extended slice: the moves of a quiescence search. In check they are the
// captures and promotions that answer the check. Like LegalMoves, it writes
// straight into a buf with room for MaxMoves more, and allocates nothing
// when buf has room for the moves.
//
//go:noinline
func (p *Position) Captures(buf []Move) []Move {
	if n := len(buf); cap(buf)-n >= MaxMoves {
		return buf[:n+gen[tactical](p, (*moveList)(buf[n:n+MaxMoves]))]
	}
	return appendMoves(p, buf, tacticalMoves)
}

// Quiets appends the legal moves that Captures does not to buf and returns
// the extended slice: the moves that take nothing and do not promote,
// castling included (in Chess960 too, where it is written king takes own
// rook, it takes nothing). Every legal move is in Quiets or in Captures, and
// none in both: a staged search lists the captures first and the quiet
// moves only if it gets that far. In check they are the quiet moves that
// answer the check. Like LegalMoves, it writes straight into a buf with
// room for MaxMoves more, and allocates nothing when buf has room for the
// moves.
//
//go:noinline
func (p *Position) Quiets(buf []Move) []Move {
	if n := len(buf); cap(buf)-n >= MaxMoves {
		return buf[:n+gen[quiet](p, (*moveList)(buf[n:n+MaxMoves]))]
	}
	return appendMoves(p, buf, quietMoves)
}

// The kinds of moves appendMoves makes.
const (
	allMoves = iota
	tacticalMoves
	quietMoves
)

// appendMoves appends the moves of kind (allMoves, tacticalMoves or
// quietMoves) to buf through a list of its own: the path of a buf with
// less room than MaxMoves. (A function value in place of kind would hide
// the callee from escape analysis and move p and the list to the heap.)
//
//go:noinline
func appendMoves(p *Position, buf []Move, kind int) []Move {
	var list moveList
	var n int
	switch kind {
	case allMoves:
		n = generate(p, &list)
	case tacticalMoves:
		n = generateTactical(p, &list)
	default:
		n = generateQuiet(p, &list)
	}
	return append(buf, list[:n]...)
}

// CountMoves returns the number of legal moves, without listing them.
func (p *Position) CountMoves() int { return countMoves(p) }

// IsCheckmate reports whether the side to move is checkmated: in check,
// with no legal move.
func (p *Position) IsCheckmate() bool { return p.InCheck() && p.CountMoves() == 0 }

// IsStalemate reports whether the side to move is stalemated: not in check,
// with no legal move.
func (p *Position) IsStalemate() bool { return p.hasKing() && !p.InCheck() && p.CountMoves() == 0 }

// IsLegal reports whether m, any 16-bit value, is a legal move of the
// position: exactly when LegalMoves lists it. It does not list the moves:
// it asks the generator's rules of m alone (legal.go), a few table loads
// and at most a slider lookup or two, so a search can try a move from its
// transposition table, a killer slot or a book before it generates. NoMove
// is not legal (Play takes it as the null move).
func (p *Position) IsLegal(m Move) bool { return p.legal(m) }

// generate, countMoves, generateTactical and generateQuiet are gen's four
// copies, not inlined: inlined into another package (through a public
// method inlined there), each would call gen's shaped copy from there, and
// escape analysis, which has no summary of a shaped copy across packages,
// would move the caller's list to the heap. Compiled here, they keep it on
// the caller's stack (TestNoAllocations).

// generate writes the legal moves of p to list and returns their number.
//
//go:noinline
func generate(p *Position, list *moveList) int { return gen[lister](p, list) }

// countMoves returns the number of legal moves of p, writing none.
//
//go:noinline
func countMoves(p *Position) int { return gen[counter](p, nil) }

// generateTactical writes the legal captures (en passant included) and
// promotions (capturing or not, to every piece) of p to list and returns
// their number.
//
//go:noinline
func generateTactical(p *Position, list *moveList) int { return gen[tactical](p, list) }

// generateQuiet writes the legal moves of p that generateTactical does not
// (those that take nothing and do not promote, castling included) to list
// and returns their number.
//
//go:noinline
func generateQuiet(p *Position, list *moveList) int { return gen[quiet](p, list) }

const (
	fileA = 0x0101010101010101
	fileH = fileA << 7
	rank1 = 0xff
	rank3 = rank1 << 16
	rank6 = rank1 << 40
	rank8 = rank1 << 56
)

// Pawn geometry by colour. Pawns move set-wise by rotating the whole
// bitboard: a rotation never wraps a real move (no pawn stands on its last
// rank, and the file masks drop the captures that would leave the board).
var (
	pushDelta  = [2]int{8, -8}
	westDelta  = [2]int{7, -9} // capture towards the a-file
	eastDelta  = [2]int{9, -7}
	doubleFrom = [2]uint64{rank3, rank6} // single-push targets that may push again
	lastRank   = [2]uint64{rank8, rank1}
)

// threats are the enemy pieces, grouped as the attack tests want them.
type threats struct {
	pawns, knights, rq, bq, king uint64
}

// set sets t to the pieces of p on enemy's squares. (A function returning
// threats would build them in a temporary and copy it: 16-byte loads of
// 8-byte stores, which the CPU cannot forward.)
func (t *threats) set(p *Position, enemy uint64) {
	t.pawns = p.byType[Pawn-1] & enemy
	t.knights = p.byType[Knight-1] & enemy
	t.rq = (p.byType[Rook-1] | p.byType[Queen-1]) & enemy
	t.bq = (p.byType[Bishop-1] | p.byType[Queen-1]) & enemy
	t.king = p.byType[King-1] & enemy
}

// attacked reports whether the enemy attacks sq with the lookups reading o.
// us is the side being attacked. A slider lookup runs only when an enemy
// slider of its kind stands on a line through sq.
func attacked(sq int, o lookupOcc, us Color, t *threats) bool {
	return attacks.Knight(sq)&t.knights != 0 || attacks.Pawn(us == White, sq)&t.pawns != 0 || attacks.King(sq)&t.king != 0 ||
		rookEmpty[sq]&t.rq != 0 && rookAttacks(o, sq)&t.rq != 0 || bishopEmpty[sq]&t.bq != 0 && bishopAttacks(o, sq)&t.bq != 0
}

// castlePaths[colour<<6 | kingFile<<3 | rookFile] are the squares that a
// castling with the king and rook on those files of the colour's first rank
// needs: empty, the squares the king and the rook cross or land on, but
// their own; path, the squares the king crosses or lands on, which no
// enemy piece may attack.
var castlePaths = func() (t [128]struct{ empty, path uint64 }) {
	for i := range t {
		c, kf, rf := i>>6, i>>3&7, i&7
		if kf == rf {
			continue
		}
		k, r := 56*c+kf, 56*c+rf
		kTo, rTo := newMove(k, r, flagCastle).castlingSquares()
		path := attacks.Between(k, kTo) | 1<<kTo
		t[i].path = path
		t[i].empty = (path | attacks.Between(r, rTo) | 1<<rTo) &^ (1<<k | 1<<r)
	}
	return t
}()

// castleIndex returns the index in castlePaths of a castling of colour c
// with the king on ksq and the rook on rsq.
func castleIndex(c Color, ksq, rsq int) int { return int(c&1)<<6 | ksq&7<<3 | rsq&7 }

// gen generates the legal moves of p directly, without a make-and-test: it
// finds the checkers and the pinned pieces once, then limits every piece's
// targets by them. It returns the number of moves, written to list unless K
// is counter (then list may be nil).
func gen[K sink](p *Position, list *moveList) int {
	us := p.side & 1
	them := us ^ 1
	own, enemy := p.byColor[us], p.byColor[them]
	kingBB := p.byType[King-1] & own
	if kingBB == 0 {
		return 0 // the zero Position, or one a wrong move left without our king
	}
	occ := own | enemy
	o := nodeOcc(p, occ) // what the slider lookups read (slider.go)
	var t threats
	t.set(p, enemy)
	ksq := lsb(kingBB)
	checkers := attacks.Knight(ksq)&t.knights | attacks.Pawn(us == White, ksq)&t.pawns

	// Slider checks and pins in one pass over the enemy sliders on the
	// king's lines, with no lookup: one with nothing between it and the
	// king checks it; one with a single piece between, an own one, pins
	// that piece. pinHV and pinD are the union of the pins' lines (king
	// excluded, pinner included); a pinned piece may move only along its
	// own line, and no move along one pin line lands on another.
	var pinHV, pinD uint64
	for s := rookEmpty[ksq] & t.rq; s != 0; s &= s - 1 {
		sq := lsb(s)
		line := attacks.Between(ksq, sq)
		if b := line & occ; b == 0 {
			checkers |= 1 << sq
		} else if b&(b-1) == 0 && b&own != 0 {
			pinHV |= line | 1<<sq
		}
	}
	for s := bishopEmpty[ksq] & t.bq; s != 0; s &= s - 1 {
		sq := lsb(s)
		line := attacks.Between(ksq, sq)
		if b := line & occ; b == 0 {
			checkers |= 1 << sq
		} else if b&(b-1) == 0 && b&own != 0 {
			pinD |= line | 1<<sq
		}
	}

	// Where pieces may go: anywhere not their own side's, or, for the
	// tactical moves, onto an enemy piece (pawns also to their last rank),
	// or, for the quiet ones, onto an empty square.
	reach := ^own
	if tacticalOnly[K]() {
		reach = enemy
	}
	if quietOnly[K]() {
		reach = ^occ
	}

	n := 0

	// King steps: stepped, the squares enemy pawns, knights and the king
	// attack, is found set-wise first (for standard castling too, made only
	// if either may follow); a slider's attack is then tested square by
	// square, with the king off the board (a slider checking along a line
	// also attacks the square behind the king), and only where an enemy
	// slider of its kind stands on a line through the square. That slider
	// test is written out here and for each castling square: as a function
	// it is a call (over the inliner's budget), and a loop over the
	// castling wings and squares cost 7 to 10 per cent more instructions a
	// node on the start position, kiwipete and position 4.
	steps := attacks.King(ksq) & reach
	var stepped uint64
	if steps != 0 || p.castle>>(2*us)&3 != 0 && !tacticalOnly[K]() {
		stepped = bits.RotateLeft64(t.pawns&^fileA, westDelta[them]) | bits.RotateLeft64(t.pawns&^fileH, eastDelta[them])
		for b := t.knights; b != 0; b &= b - 1 {
			stepped |= attacks.Knight(lsb(b))
		}
		if t.king != 0 {
			stepped |= attacks.King(lsb(t.king))
		}
	}
	if steps &^= stepped; steps != 0 {
		o := occOf(p, o)
		occClear(&o, ksq)
		for ; steps != 0; steps &= steps - 1 {
			sq := lsb(steps)
			if rookEmpty[sq]&t.rq != 0 && rookAttacks(o, sq)&t.rq != 0 || bishopEmpty[sq]&t.bq != 0 && bishopAttacks(o, sq)&t.bq != 0 {
				continue
			}
			if counting[K]() {
				n++
			} else {
				list[n] = newMove(ksq, sq, flagNormal)
				n++
			}
		}
	}

	ownPawns := p.byType[Pawn-1] & own

	// En passant is the one move that clears two squares of a line, so its
	// legality is tested by looking from the king at the board after it: that
	// covers pins along the diagonal and along the rank (king, both pawns and
	// an enemy rook on one rank) and every check, even a double check it
	// could answer in a FEN that no game reaches. It is rare; the cost does
	// not matter.
	if p.ep != noEP && !quietOnly[K]() {
		ep := int(p.ep)
		capSq := ep ^ 8 // the pawn that double-pushed, one rank nearer us
		for c := attacks.Pawn(us == Black, ep) & ownPawns; c != 0; c &= c - 1 {
			from := lsb(c)
			if checkers&^(1<<capSq)&(t.knights|t.pawns) != 0 {
				break
			}
			after := occOf(p, o)
			occMove(&after, from, ep)
			occClear(&after, capSq)
			if rookEmpty[ksq]&t.rq != 0 && rookAttacks(after, ksq)&t.rq != 0 ||
				bishopEmpty[ksq]&t.bq != 0 && bishopAttacks(after, ksq)&t.bq != 0 {
				continue
			}
			if counting[K]() {
				n++
			} else {
				list[n] = newMove(from, ep, flagEP)
				n++
			}
		}
	}

	if checkers&(checkers-1) != 0 {
		return n // double check: only the king moves
	}

	// Non-king moves must land on checkMask: anywhere out of check, else on
	// the checker or between it and the king.
	checkMask := ^uint64(0)
	if checkers != 0 {
		checkMask = attacks.Between(ksq, lsb(checkers)) | checkers
	} else if rights := p.castle >> (2 * us) & 3; rights != 0 && !tacticalOnly[K]() {
		// Castling, out of check only.
		if !p.chess960 {
			// Standard chess: outside Chess960 mode every right's king
			// and rook stand on e1 and a1 or h1 (e8, a8, h8; ParseFEN and
			// SetChess960 see to it), so the paths are constants, and
			// nothing stands beyond a rook in the corner.
			base := 56 * int(us)
			if rights&1 != 0 && occ&(0x60<<base) == 0 && stepped&(0x60<<base) == 0 &&
				!(rookEmpty[base+5]&t.rq != 0 && rookAttacks(occOf(p, o), base+5)&t.rq != 0 || bishopEmpty[base+5]&t.bq != 0 && bishopAttacks(occOf(p, o), base+5)&t.bq != 0) &&
				!(rookEmpty[base+6]&t.rq != 0 && rookAttacks(occOf(p, o), base+6)&t.rq != 0 || bishopEmpty[base+6]&t.bq != 0 && bishopAttacks(occOf(p, o), base+6)&t.bq != 0) {
				if counting[K]() {
					n++
				} else {
					list[n] = newMove(base+4, base+7, flagCastle)
					n++
				}
			}
			if rights&2 != 0 && occ&(0x0e<<base) == 0 && stepped&(0x0c<<base) == 0 &&
				!(rookEmpty[base+3]&t.rq != 0 && rookAttacks(occOf(p, o), base+3)&t.rq != 0 || bishopEmpty[base+3]&t.bq != 0 && bishopAttacks(occOf(p, o), base+3)&t.bq != 0) &&
				!(rookEmpty[base+2]&t.rq != 0 && rookAttacks(occOf(p, o), base+2)&t.rq != 0 || bishopEmpty[base+2]&t.bq != 0 && bishopAttacks(occOf(p, o), base+2)&t.bq != 0) {
				if counting[K]() {
					n++
				} else {
					list[n] = newMove(base+4, base, flagCastle)
					n++
				}
			}
		} else {
			n = castles[K](p, list, n, rights, ksq, occ, occOf(p, o), &t)
		}
	}

	pinned := pinHV | pinD
	targets := reach & checkMask

	// Pawns, set-wise. A pawn pinned along a file may still push; one pinned
	// along a diagonal may still capture the pinner.
	{
		empty := ^occ
		push, west, east := pushDelta[us], westDelta[us], eastDelta[us]
		last := lastRank[us]
		free := ownPawns &^ pinned
		single := bits.RotateLeft64(free, push) & empty
		var capW, capE uint64
		if !quietOnly[K]() {
			capW = bits.RotateLeft64(free&^fileA, west) & enemy
			capE = bits.RotateLeft64(free&^fileH, east) & enemy
		}
		if pinned&ownPawns != 0 {
			single |= bits.RotateLeft64(ownPawns&pinHV, push) & empty & pinHV
			if !quietOnly[K]() {
				capW |= bits.RotateLeft64(ownPawns&pinD&^fileA, west) & pinD & enemy
				capE |= bits.RotateLeft64(ownPawns&pinD&^fileH, east) & pinD & enemy
			}
		}
		capW &= checkMask
		capE &= checkMask
		var double uint64
		if tacticalOnly[K]() {
			single &= last // promotions only
		} else {
			double = bits.RotateLeft64(single&doubleFrom[us], push) & empty & checkMask
		}
		if quietOnly[K]() {
			single &^= last // no promotion
		}
		single &= checkMask
		if counting[K]() {
			// Single and double pushes land on different empty squares,
			// captures towards one side on enemy pieces; two captures may
			// land on one.
			n += bits.OnesCount64((single|double|capW)&^last) + bits.OnesCount64(capE&^last)
			if (single|capW|capE)&last != 0 {
				n += 4 * (bits.OnesCount64((single|capW)&last) + bits.OnesCount64(capE&last))
			}
		} else {
			n = addPawnMoves(list, n, single&^last, push, flagNormal)
			n = addPawnMoves(list, n, double, 2*push, flagDouble)
			n = addPawnMoves(list, n, capW&^last, west, flagNormal)
			n = addPawnMoves(list, n, capE&^last, east, flagNormal)
			n = addPromotions(list, n, single&last, push)
			n = addPromotions(list, n, capW&last, west)
			n = addPromotions(list, n, capE&last, east)
		}
	}

	// A pinned knight never stays on its line.
	for b := p.byType[Knight-1] & own &^ pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		to := attacks.Knight(from) & targets
		if counting[K]() {
			n += bits.OnesCount64(to)
		} else {
			n = addMoves(list, n, from, to)
		}
	}

	// Sliders: a piece pinned along a rank or file has no diagonal move that
	// keeps to it, and the other way round.
	// The free ones first, then the pinned ones (rarely any) along their
	// pin lines.
	for b := (p.byType[Bishop-1] | p.byType[Queen-1]) & own &^ pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		to := bishopAttacks(occOf(p, o), from) & targets
		if counting[K]() {
			n += bits.OnesCount64(to)
		} else {
			n = addMoves(list, n, from, to)
		}
	}
	for b := (p.byType[Rook-1] | p.byType[Queen-1]) & own &^ pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		to := rookAttacks(occOf(p, o), from) & targets
		if counting[K]() {
			n += bits.OnesCount64(to)
		} else {
			n = addMoves(list, n, from, to)
		}
	}
	if pinned != 0 {
		for b := (p.byType[Bishop-1] | p.byType[Queen-1]) & own & pinD; b != 0; b &= b - 1 {
			from := lsb(b)
			to := bishopAttacks(occOf(p, o), from) & targets & pinD
			if counting[K]() {
				n += bits.OnesCount64(to)
			} else {
				n = addMoves(list, n, from, to)
			}
		}
		for b := (p.byType[Rook-1] | p.byType[Queen-1]) & own & pinHV; b != 0; b &= b - 1 {
			from := lsb(b)
			to := rookAttacks(occOf(p, o), from) & targets & pinHV
			if counting[K]() {
				n += bits.OnesCount64(to)
			} else {
				n = addMoves(list, n, from, to)
			}
		}
	}
	return n
}

// castles adds to list from n the castling moves of p's side to move, in
// Chess960 mode, not in check, holding the castling rights rights (bit 0
// the rook on the king's h-file side, bit 1 the other), and returns the new
// count. Chess960's rule, which standard chess's is a case of: the squares
// the king and the rook cross or land on empty but for the two of them
// (castlePaths' empty), and none that the king crosses or lands on (its
// path) attacked with the rook off the board (castleSafe).
func castles[K sink](p *Position, list *moveList, n int, rights CastlingRights, ksq int, occ uint64, o lookupOcc, t *threats) int {
	us := p.side
	for wing := 0; wing < 2; wing++ {
		if rights&(1<<wing) == 0 {
			continue
		}
		rsq := int(p.castleRook[(2*int(us)+wing)&3])
		if occ&castlePaths[castleIndex(us, ksq, rsq)].empty != 0 || !castleSafe(us, ksq, rsq, o, t) {
			continue
		}
		if counting[K]() {
			n++
		} else {
			list[n] = newMove(ksq, rsq, flagCastle) | p.castleBit
			n++
		}
	}
	return n
}

// castleSafe reports whether no enemy piece (t) attacks a square that the
// king of colour us crosses or lands on when it castles from ksq with the
// rook on rsq, on the occupancy o with the rook lifted. The king need not
// come off: an attack through its square would be a check, and castling is
// only asked of a king not in check.
func castleSafe(us Color, ksq, rsq int, o lookupOcc, t *threats) bool {
	if uint(rsq&7-1) < 6 {
		// The rook is off the a- and h-files: it may be shielding the
		// path from a rook or queen beyond it.
		occClear(&o, rsq)
	}
	for path := castlePaths[castleIndex(us, ksq, rsq)].path; path != 0; path &= path - 1 {
		if attacked(lsb(path), o, us, t) {
			return false
		}
	}
	return true
}

func addMoves(list *moveList, n, from int, to uint64) int {
	for ; to != 0; to &= to - 1 {
		list[n] = newMove(from, lsb(to), flagNormal)
		n++
	}
	return n
}

// addPawnMoves adds a move to each target from the square delta behind it.
func addPawnMoves(list *moveList, n int, to uint64, delta, flag int) int {
	for ; to != 0; to &= to - 1 {
		sq := lsb(to)
		list[n] = newMove(sq-delta, sq, flag)
		n++
	}
	return n
}

// addPromotions adds the four promotions, queen first, to each target.
func addPromotions(list *moveList, n int, to uint64, delta int) int {
	for ; to != 0; to &= to - 1 {
		sq := lsb(to)
		for f := flagPromoQ; f >= flagPromoN; f-- {
			list[n] = newMove(sq-delta, sq, f)
			n++
		}
	}
	return n
}
