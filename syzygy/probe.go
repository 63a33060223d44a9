package syzygy

import (
	"fmt"
	"math/bits"

	"github.com/symmagic/attacks/movegen"
)

// How a probe works, as the tables' author designed them. A WDL table
// stores a value for every position of its material, but where a capture
// (or, in a DTZ table, a capture or pawn move) is at least as good as the
// position's value, the table may store anything that compresses well; so
// a probe first tries the captures, each probed in turn (captures only, in
// an alpha-beta search), and the position's value is the better of the best
// capture's and the table's. En passant is such a capture; the tables
// store each position as if no en-passant capture were possible, so one
// that is the only legal move, or better than all else, decides. A DTZ
// table stores one side to move only, the one its generator found to
// compress better; for the other, the probe tries each move that is not a
// capture or a pawn move and takes the best child's DTZ, one ply further.

// moveBuf is a buffer for a position's legal moves with room for
// movegen.MaxMoves, so that movegen lists them into it directly.
type moveBuf [movegen.MaxMoves]movegen.Move

// check refuses the positions the tables do not hold.
func (tb *Tablebase) check(p *movegen.Position) error {
	if tb.closed.Load() {
		return closedError{}
	}
	if tb.entries == nil {
		return ErrNotOpened
	}
	if p == nil {
		return &PositionError{"a nil position"}
	}
	if p.Castling() != 0 {
		return ErrCastling
	}
	if p.Pieces(movegen.White, movegen.King) == 0 || p.Pieces(movegen.Black, movegen.King) == 0 {
		return &PositionError{"no king of each side"}
	}
	if n := bits.OnesCount64(p.Occupied()); n > tb.maxPieces {
		return &TooManyPiecesError{n, tb.maxPieces}
	}
	return nil
}

// ProbeWDL returns the value of p for the side to move under the
// fifty-move rule, counted as if p were reached by a capture or a pawn
// move: its halfmove clock is not read (RootMoves reads it, and the
// game's repetitions). The tables say a position holds a cursed win or a
// blessed loss when its mate needs more than 100 plies without a capture
// or pawn move; with a halfmove clock above 0 a win may already be cursed,
// which ProbeDTZ's distance tells.
//
// It needs the WDL tables of p's material and of the positions its
// captures lead to; it refuses a position with a castling right
// (ErrCastling) and one with more pieces than the tables hold
// (*TooManyPiecesError). En passant is handled as the tables' author
// specifies: an en-passant capture that is legal in p counts as a move of
// p. It allocates nothing once the tables it needs are read.
func (tb *Tablebase) ProbeWDL(p *movegen.Position) (WDL, error) {
	if err := tb.check(p); err != nil {
		return 0, err
	}
	v, _, err := tb.probeWDL(p)
	return WDL(v), err
}

// probeWDL returns p's WDL value and whether its best move is a zeroing
// one that the DTZ probe must not look past: a winning capture, or an en
// passant capture that is the best move or the only one.
func (tb *Tablebase) probeWDL(p *movegen.Position) (int, bool, error) {
	var b board
	b.set(p)
	var buf captureBuf
	bestCap, bestEP := -3, -3
	if list := b.captures(buf[:0]); len(list) > 0 {
		l := b.legality()
		for _, c := range list {
			u := b.play(c)
			if b.exposes(c, l) {
				b.unplay(c, u)
				continue
			}
			v, err := tb.probeAB(&b, -2, -bestCap)
			b.unplay(c, u)
			if err != nil {
				return 0, false, err
			}
			v = -v
			if v > bestCap {
				if v == 2 {
					return 2, true, nil
				}
				if !c.enPassant() {
					bestCap = v
				} else if v > bestEP {
					bestEP = v
				}
			}
		}
	}
	v, err := tb.probeWDLTable(&b)
	if err != nil {
		return 0, false, err
	}
	// max(v, bestCap) is the value of p without en-passant rights.
	if bestEP > bestCap {
		if bestEP > v {
			return bestEP, true, nil // en passant is the best move
		}
		bestCap = bestEP
	}
	if bestCap >= v {
		return bestCap, bestCap > 0, nil
	}
	// The table's value, unless p without en passant is stalemate: then
	// the capture is the only move.
	if bestEP > -3 && v == 0 && !p.InCheck() {
		var moves moveBuf
		only := true
		for _, m := range p.LegalMoves(moves[:0]) {
			if !m.IsEnPassant() {
				only = false
				break
			}
		}
		if only {
			return bestEP, true, nil
		}
	}
	return v, false, nil
}

// probeAB returns b's WDL value bounded by alpha and beta, captures
// resolved; b has no en-passant capture (it follows a capture).
func (tb *Tablebase) probeAB(b *board, alpha, beta int) (int, error) {
	var buf captureBuf
	if list := b.captures(buf[:0]); len(list) > 0 {
		l := b.legality()
		for _, c := range list {
			u := b.play(c)
			if b.exposes(c, l) {
				b.unplay(c, u)
				continue
			}
			v, err := tb.probeAB(b, -beta, -alpha)
			b.unplay(c, u)
			if err != nil {
				return 0, err
			}
			v = -v
			if v > alpha {
				if v >= beta {
					return v, nil
				}
				alpha = v
			}
		}
	}
	v, err := tb.probeWDLTable(b)
	if err != nil {
		return 0, err
	}
	return max(alpha, v), nil
}

// entryOf returns the table entry of the material key, or a
// *MissingTableError.
func (tb *Tablebase) entryOf(key material, kind int) (*entry, error) {
	e := tb.lookup(key)
	if e == nil {
		return nil, &MissingTableError{tableName(key) + suffixes[kind]}
	}
	return e, nil
}

// probeWDLTable returns the value the WDL table stores for b.
func (tb *Tablebase) probeWDLTable(b *board) (int, error) {
	if b.key == 0 {
		return 0, nil // king against king
	}
	e, err := tb.entryOf(b.key, wdlKind)
	if err != nil {
		return 0, err
	}
	t, err := tb.table(e, wdlKind)
	if err != nil {
		return 0, err
	}
	ei, idx, _, _ := t.locate(b)
	if ei.pairs.constant {
		return int(ei.pairs.constSym) - 2, nil
	}
	v, ok := ei.pairs.valueAt(idx)
	if !ok {
		return 0, &TableError{Path: e.path[wdlKind], Msg: errCorrupt}
	}
	return int(v&0xff) - 2, nil
}

// DTZ is a distance to zeroing: the plies to the next capture or pawn move
// (a zeroing move, which resets the halfmove clock) in the line where the
// winning side zeroes as soon as it can keep the win and the losing side
// as late as it can, counted from the side to move as Syzygy, Fathom,
// Stockfish and python-chess count it:
//
//	Plies >= 1 and <= 100    the side to move wins (WDL Win), zeroing in
//	                         Plies plies (1: the move itself zeroes, or mates)
//	Plies > 100              a cursed win: it zeroes in Plies or Plies-100
//	                         plies, too late to win under the fifty-move rule
//	0                        a draw
//	Plies <= -1 and >= -100  the side to move loses (-1: it is mated, or its
//	                         best move zeroes)
//	Plies < -100             a blessed loss
//
// The tables store most distances halved, so a distance read from them may
// be one ply short: Rounded says so. A rounded n stands for n or n+1 plies
// (-n or -n-1 for a loss). The tables' generator rounds only where the
// extra ply cannot change the result under the fifty-move rule for a line
// that starts with the halfmove clock at 0, never for a distance exactly at
// the rule's edge (100 plies right after a zeroing move). With a clock
// above 0, a rounded distance near the limit may hide a draw; RootMoves
// ranks such moves as Stockfish does.
type DTZ struct {
	Plies   int
	Rounded bool
}

// WDL returns the result the distance gives, counted from a zeroing move
// (a halfmove clock of 0): Win for 1 to 100 plies, CursedWin beyond, and
// the same for losses.
func (d DTZ) WDL() WDL {
	switch {
	case d.Plies > 100:
		return CursedWin
	case d.Plies > 0:
		return Win
	case d.Plies < -100:
		return BlessedLoss
	case d.Plies < 0:
		return Loss
	}
	return Draw
}

// String returns the plies, "-53", and for a rounded distance the other
// value it may stand for: "12 or 13", "-12 or -13".
func (d DTZ) String() string {
	if !d.Rounded || d.Plies == 0 {
		return fmt.Sprint(d.Plies)
	}
	next := d.Plies + 1
	if d.Plies < 0 {
		next = d.Plies - 1
	}
	return fmt.Sprintf("%d or %d", d.Plies, next)
}

// zeroingDTZ is the DTZ of a position whose best move zeroes, by its WDL.
var zeroingDTZ = [5]int{-1, -101, 0, 101, 1}

// ProbeDTZ returns p's distance to zeroing (see DTZ). Like ProbeWDL it does
// not read the halfmove clock and refuses castling rights and too many
// pieces; it needs, beside the WDL tables ProbeWDL needs and those of the
// positions p's pawn moves lead to, the DTZ table of p's material (that
// of the positions its other moves lead to), unless p is a draw or its
// best move zeroes. A checkmated side to move has -1; a stalemate is a
// draw, 0.
func (tb *Tablebase) ProbeDTZ(p *movegen.Position) (DTZ, error) {
	if err := tb.check(p); err != nil {
		return DTZ{}, err
	}
	return tb.probeDTZ(p)
}

func (tb *Tablebase) probeDTZ(p *movegen.Position) (DTZ, error) {
	wdl, zeroing, err := tb.probeWDL(p)
	if err != nil {
		return DTZ{}, err
	}
	return tb.probeDTZWith(p, wdl, zeroing)
}

// probeDTZWith returns the DTZ of p, whose WDL value and zeroing best move
// probeWDL gave.
func (tb *Tablebase) probeDTZWith(p *movegen.Position, wdl int, zeroing bool) (DTZ, error) {
	if wdl == 0 {
		return DTZ{}, nil
	}
	if zeroing {
		return DTZ{Plies: zeroingDTZ[wdl+2]}, nil
	}
	var buf moveBuf
	var child movegen.Position
	if wdl > 0 {
		// A pawn's step (a promotion by a step too) that keeps the win
		// zeroes at once.
		for _, m := range p.LegalMoves(buf[:0]) {
			if p.IsCapture(m) || p.MovedPiece(m).Type() != movegen.Pawn {
				continue
			}
			child = *p
			child.PlayUnchecked(m)
			v, _, err := tb.probeWDL(&child)
			if err != nil {
				return DTZ{}, err
			}
			if -v == wdl {
				return DTZ{Plies: zeroingDTZ[wdl+2]}, nil
			}
		}
	}
	// The best move is not a capture: the table's value is p's.
	d, stored, err := tb.probeDTZTable(p, wdl)
	if err != nil {
		return DTZ{}, err
	}
	if stored {
		if wdl > 0 {
			d.Plies = zeroingDTZ[wdl+2] + d.Plies
		} else {
			d.Plies = zeroingDTZ[wdl+2] - d.Plies
		}
		return d, nil
	}
	// The other side to move: one ply of search over the moves that do
	// not zero. A losing side's zeroing move, if it has one, loses at
	// once (-1, or -101 for a blessed loss), the floor of its best.
	var best DTZ
	if wdl > 0 {
		best.Plies = 1 << 30
	} else {
		best.Plies = zeroingDTZ[wdl+2]
	}
	for _, m := range p.Quiets(buf[:0]) {
		if p.MovedPiece(m).Type() == movegen.Pawn {
			continue
		}
		child = *p
		child.PlayUnchecked(m)
		cw, cz, err := tb.probeWDL(&child)
		if err != nil {
			return DTZ{}, err
		}
		if wdl > 0 && cw >= 0 {
			continue // the move gives the win away: no DTZ of it is the best
		}
		d, err := tb.probeDTZWith(&child, cw, cz)
		if err != nil {
			return DTZ{}, err
		}
		v := -d.Plies
		switch {
		case v == 1 && child.IsCheckmate():
			best = DTZ{Plies: 1}
		case wdl > 0:
			// The shortest win; on a tie, a precise distance is exact.
			if v > 0 && (v+1 < best.Plies || v+1 == best.Plies && !d.Rounded) {
				best = DTZ{v + 1, d.Rounded}
			}
		default:
			// The longest loss; on a tie, a rounded one may be a ply longer.
			if v-1 < best.Plies || v-1 == best.Plies && d.Rounded {
				best = DTZ{v - 1, d.Rounded}
			}
		}
	}
	if best.Plies == 1<<30 {
		return DTZ{}, &TableError{Path: tb.pathOf(p, dtzKind), Msg: "a win with no move that keeps it"}
	}
	return best, nil
}

// pathOf names p's table file of the kind, for an error.
func (tb *Tablebase) pathOf(p *movegen.Position, kind int) string {
	key, _ := positionMaterial(p)
	if e := tb.entries[key]; e != nil {
		return e.path[kind]
	}
	return tableName(key) + suffixes[kind]
}

// wdlToMap picks the DTZ map of a result; rawInPlies the flag that says the
// stored value is in plies, not halved.
var (
	wdlToMap   = [5]int{1, 3, 0, 2, 0}
	rawInPlies = [5]uint8{8, 0, 0, 0, 4}
)

// probeDTZTable returns the distance the DTZ table stores for p, whose
// WDL value is wdl (not 0), counted from the zeroing move's distance, and
// whether the table stores p's side to move at all.
func (tb *Tablebase) probeDTZTable(p *movegen.Position, wdl int) (DTZ, bool, error) {
	var b board
	b.set(p)
	e, err := tb.entryOf(b.key, dtzKind)
	if err != nil {
		return DTZ{}, false, err
	}
	t, err := tb.table(e, dtzKind)
	if err != nil {
		return DTZ{}, false, err
	}
	ei, idx, f, side := t.locate(&b)
	flags := t.dtzFlags[f]
	if !e.symmetric && int(flags&1) != side {
		return DTZ{}, false, nil
	}
	v := 0
	if !ei.pairs.constant {
		s, ok := ei.pairs.valueAt(idx)
		if !ok {
			return DTZ{}, false, &TableError{Path: e.path[dtzKind], Msg: errCorrupt}
		}
		v = int(s)
	}
	if flags&2 != 0 {
		m := wdlToMap[wdl+2]
		if v >= t.mapLen[f][m] {
			return DTZ{}, false, &TableError{Path: e.path[dtzKind], Msg: fmt.Sprintf("value %d beyond its DTZ map of %d", v, t.mapLen[f][m])}
		}
		if flags&16 == 0 {
			v = int(t.data[t.mapOff[f][m]+v])
		} else {
			v = le16(t.data, t.mapOff[f][m]+2*v)
		}
	}
	if flags&rawInPlies[wdl+2] == 0 || wdl&1 != 0 {
		return DTZ{Plies: 2 * v, Rounded: true}, true, nil
	}
	return DTZ{Plies: v}, true, nil
}
