package syzygy

import (
	"cmp"
	"slices"

	"github.com/symmagic/attacks/movegen"
)

// RootMove is a legal move of the position RootMoves was asked about, as
// the tables rank it.
type RootMove struct {
	Move movegen.Move
	// DTZ is the distance to zeroing of the position after the move,
	// counted from the position before it (the move's own ply included)
	// for the side that makes it: 1 for a move that zeroes and keeps a win
	// (or mates), -1 for one that zeroes into a loss (101 and -101 for a
	// cursed win and a blessed loss), 0 for a draw, as Fathom's and
	// Stockfish's root probes count. A move that draws at once (see
	// RootMoves) has 0, whatever the tables say of the position it leads
	// to. Rounded as DTZ's Rounded.
	DTZ     int
	Rounded bool
	// WDL is the result Rank stands for, for the side that makes the move,
	// under the fifty-move rule with the plies already played since the
	// last zeroing move (the halfmove clock): Win from rank 900 up, a
	// CursedWin (a win the rule spoils: a draw) from 1 to 899, Draw at 0,
	// a BlessedLoss (a loss the rule saves) from -899 to -1, Loss from -900
	// down. A win at exactly the rule's limit (rank 900) may be a cursed
	// one where the distance is rounded.
	WDL WDL
	// Rank orders the moves as Stockfish's root probe does (its
	// Tablebases::root_probe with Syzygy50MoveRule on, on the scale of
	// Fathom's tb_probe_root_dtz, which ranks the same but for the moves
	// that draw at once). With v the DTZ and clock the halfmove clock
	// before the move:
	//
	//	1000               a win with v + clock <= 99 and no repetition in the
	//	                   game since the last zeroing move
	//	1000 - (v + clock) another win: from 901 to 999 a win within the limit
	//	                   in a game that has repeated (ranked by distance, so
	//	                   that the engine makes progress rather than repeat),
	//	                   900 a win at exactly the limit (which a rounded
	//	                   distance may miss by a ply), below 900 a cursed win
	//	0                  a draw, a move that draws at once included
	//	-1000              a loss with 2·|v| + clock < 100
	//	-1000 + |v| + clock another loss: up to -900 one the rule does not
	//	                   save, the higher the nearer the limit; above -900
	//	                   a blessed loss
	//
	// An engine searches only the moves of the highest rank, and scores
	// them as its own mate or draw scores.
	Rank int
}

// RootMoves returns the legal moves of p ranked by the tables (see
// RootMove), best first: highest rank, then the quickest zeroing for a
// win, the slowest for a loss (so the first move of a won position keeps
// the win and makes progress), the generator's order among equals.
//
// h holds the game up to p, p last, as movegen.ParseUCIPosition gives it
// (nil for none: p is then its first position). RootMoves reads it as
// Stockfish's root probe reads the game: a move that does not zero and
// that draws at once, the position after it occurring the third time
// since the last zeroing move or the halfmove clock reaching 100 without
// mate, is a draw (DTZ 0, rank 0), whatever the tables say of the
// position it leads to; and a repetition in the game since p's last
// zeroing move (p or one of the positions before it occurring the second
// time) marks a win that the fifty-move rule might spoil (see Rank). A
// zeroing move ends every repetition and resets the clock, so the
// positions before it do not count.
//
// RootMoves neither changes h nor keeps it. It needs the WDL tables of the
// positions p's moves lead to and, for the moves that neither zero nor
// draw at once, their DTZ tables; the errors are ProbeDTZ's (a
// *MissingTableError naming a DTZ file where one is missing: see
// RootMovesWDL). A position without legal moves has none. It allocates
// the moves it returns, and nothing else.
func (tb *Tablebase) RootMoves(p *movegen.Position, h *movegen.History) ([]RootMove, error) {
	if err := tb.check(p); err != nil {
		return nil, err
	}
	repeated := hasRepeated(p, h)
	clock := p.HalfmoveClock()
	var buf [movegen.MaxMoves]movegen.Move
	moves := p.LegalMoves(buf[:0])
	out := make([]RootMove, 0, len(moves))
	for _, m := range moves {
		child := *p
		child.PlayUnchecked(m)
		var d DTZ
		switch {
		case child.HalfmoveClock() == 0:
			w, _, err := tb.probeWDL(&child)
			if err != nil {
				return nil, err
			}
			d.Plies = zeroingDTZ[-w+2]
		case drawnAtOnce(&child, h):
			// d is 0: a draw by repetition or by the fifty-move rule.
		default:
			cd, err := tb.probeDTZ(&child)
			if err != nil {
				return nil, err
			}
			d = DTZ{-cd.Plies, cd.Rounded}
			switch {
			case d.Plies > 0:
				d.Plies++
			case d.Plies < 0:
				d.Plies--
			}
		}
		if d.Plies == 2 && child.IsCheckmate() {
			d = DTZ{Plies: 1}
		}
		r := RootMove{Move: m, DTZ: d.Plies, Rounded: d.Rounded}
		v := d.Plies
		switch {
		case v > 0 && v+clock <= 99 && !repeated:
			r.Rank = 1000
		case v > 0:
			r.Rank = 1000 - (v + clock)
		case v < 0 && -v*2+clock < 100:
			r.Rank = -1000
		case v < 0:
			r.Rank = -1000 + (-v + clock)
		}
		r.WDL = rankWDL(r.Rank)
		out = append(out, r)
	}
	slices.SortStableFunc(out, func(a, b RootMove) int {
		if a.Rank != b.Rank {
			return cmp.Compare(b.Rank, a.Rank)
		}
		if a.DTZ > 0 && b.DTZ > 0 || a.DTZ < 0 && b.DTZ < 0 {
			return cmp.Compare(a.DTZ, b.DTZ) // the quicker win, the slower loss
		}
		return 0
	})
	return out, nil
}

// rankWDL is the result a rank stands for, as Stockfish scores it with the
// fifty-move rule: a win from 900 up, a loss from -900 down.
func rankWDL(r int) WDL {
	switch {
	case r >= 900:
		return Win
	case r > 0:
		return CursedWin
	case r == 0:
		return Draw
	case r > -900:
		return BlessedLoss
	}
	return Loss
}

// RootMovesWDL ranks p's legal moves by the WDL tables alone, for when the
// DTZ tables are missing (Stockfish falls back to it when its DTZ root
// probe fails: here, when RootMoves returns a *MissingTableError naming a
// .rtbz file), as Stockfish's root_probe_wdl does (and Fathom's
// tb_probe_root_wdl, but for the draws at once): each move by the value of
// the position it leads to, counted from a zeroing move, rank 1000 for a
// win, 899 for a cursed win, 0, -899 and -1000; DTZ is 0. h is the game as
// RootMoves reads it: a move that draws at once, by a third occurrence or
// by the clock reaching 100 without mate, is a draw, rank 0. Beyond that
// it does not read the halfmove clock, and cannot tell a win that the
// clock already spoils; best first, the generator's order among equals.
func (tb *Tablebase) RootMovesWDL(p *movegen.Position, h *movegen.History) ([]RootMove, error) {
	if err := tb.check(p); err != nil {
		return nil, err
	}
	ranks := [5]int{-1000, -899, 0, 899, 1000}
	var buf [movegen.MaxMoves]movegen.Move
	moves := p.LegalMoves(buf[:0])
	out := make([]RootMove, 0, len(moves))
	for _, m := range moves {
		child := *p
		child.PlayUnchecked(m)
		w := 0
		if !drawnAtOnce(&child, h) {
			var err error
			if w, _, err = tb.probeWDL(&child); err != nil {
				return nil, err
			}
		}
		out = append(out, RootMove{Move: m, WDL: WDL(-w), Rank: ranks[-w+2]})
	}
	slices.SortStableFunc(out, func(a, b RootMove) int { return cmp.Compare(b.Rank, a.Rank) })
	return out, nil
}

// drawnAtOnce reports whether child, the position after a root move of
// the game h (h up to the root, the root last, or nil), is a draw by the
// rules, as Stockfish's root probes score it before probing
// (Position::is_draw one ply from the root): a draw to claim (the
// position's third occurrence since the last zeroing move, or the
// halfmove clock at 100) or one that ends the game (the clock at 150, a
// fifth occurrence, a stalemate, too little material: the last two draws
// by the tables too), not a mate. A second occurrence is not a draw at the
// root: the game goes on. It neither changes h nor allocates.
func drawnAtOnce(child *movegen.Position, h *movegen.History) bool {
	o := child.Outcome(h)
	return o.Result == movegen.Draw || o.Result == movegen.NoResult && child.ClaimableDraw(h) != movegen.NoReason
}

// hasRepeated reports whether a position of the game in h, p last, has
// repeated since p's last zeroing move, as Stockfish's has_repeated asks
// it: of the last entries whose halfmove clock is 4 or more (p's clock
// less 3 of them), the first that can repeat.
func hasRepeated(p *movegen.Position, h *movegen.History) bool {
	return h != nil && h.RepeatedWithin(p.HalfmoveClock()-3)
}
