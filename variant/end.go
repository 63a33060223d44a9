package variant

import (
	"math/bits"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/movegen"
)

// The end of a game: each variant's own rule (python-chess's
// is_variant_end, win, loss and draw, which are lichess's), then
// checkmate, the material, stalemate and the draws of standard chess.

// isVariantEnd reports whether the variant's own rule has ended the game:
// then the position has no legal moves.
func (p *Position) isVariantEnd() bool {
	switch p.variant {
	case Atomic:
		k := p.byType[movegen.King]
		return k&p.byColor[0] == 0 || k&p.byColor[1] == 0
	case Antichess, Horde:
		return p.byColor[0] == 0 || p.byColor[1] == 0
	case KingOfTheHill:
		return p.byType[movegen.King]&center != 0
	case ThreeCheck:
		return p.checks[0] == 0 || p.checks[1] == 0
	case RacingKings:
		return p.raceOver()
	}
	return false
}

// raceOver is Racing Kings' end: a king on the eighth rank, unless White's
// got there and Black, to move, can still get there too.
func (p *Position) raceOver() bool {
	kings := p.byType[movegen.King]
	if kings&rank8 == 0 {
		return false
	}
	black := kings & p.byColor[movegen.Black]
	if p.side == movegen.White || black&rank8 != 0 || black == 0 {
		return true
	}
	// White is there; Black to move: over unless the black king has a
	// square on the eighth rank that White does not attack.
	bk := msb(black)
	for t := attacks.King(bk) & rank8 &^ p.byColor[movegen.Black]; t != 0; t &= t - 1 {
		if p.attackers(movegen.White, lsb(t), p.occ()) == 0 {
			return false
		}
	}
	return true
}

// variantResult returns the result of the variant's own rule, or NoResult.
func (p *Position) variantResult() movegen.Result {
	us, them := p.side, p.side^1
	win := movegen.WhiteWins + movegen.Result(us)
	loss := movegen.WhiteWins + movegen.Result(them)
	switch p.variant {
	case Antichess:
		if p.byColor[us] == 0 || p.isStalemate() {
			return win // losing every piece, or being stalemated, wins
		}
	case Atomic:
		k := p.byType[movegen.King]
		if k != 0 && k&p.byColor[us] == 0 {
			return loss
		}
		if k != 0 && k&p.byColor[them] == 0 {
			return win
		}
	case KingOfTheHill:
		if p.byType[movegen.King]&p.byColor[them]&center != 0 {
			return loss
		}
		if p.byType[movegen.King]&p.byColor[us]&center != 0 {
			return win
		}
	case ThreeCheck:
		// A side whose checks remaining are none has given the third.
		return lastStanding(p.checks[them] == 0, p.checks[us] == 0, win, loss)
	case Horde:
		return lastStanding(p.byColor[us] == 0, p.byColor[them] == 0, win, loss)
	case RacingKings:
		if !p.raceOver() {
			break
		}
		goal := p.byType[movegen.King] & rank8
		switch {
		case goal&p.byColor[us] != 0 && goal&p.byColor[them] != 0:
			return movegen.Draw
		case goal&p.byColor[us] == 0:
			return loss
		default:
			return win
		}
	}
	return movegen.NoResult
}

// lastStanding is the result where a side that is out loses: a draw when
// both are (usOut and themOut), loss when the side to move is, win when the
// other is, else NoResult.
func lastStanding(usOut, themOut bool, win, loss movegen.Result) movegen.Result {
	switch {
	case usOut && themOut:
		return movegen.Draw
	case usOut:
		return loss
	case themOut:
		return win
	}
	return movegen.NoResult
}

// isStalemate is python-chess's is_stalemate: no legal move, not in check,
// the variant's rule not ended (Atomic: not lost by an exploded king).
func (p *Position) isStalemate() bool {
	return !p.InCheck() && !p.isVariantEnd() && p.CountMoves() == 0
}

// IsVariantEnd reports whether the variant's own rule has ended the game:
// Atomic's exploded king, Antichess's and Horde's side without pieces,
// King of the Hill's king on the centre, Three-check's third check, Racing
// Kings' race over, Antichess's stalemate (which wins).
func (p *Position) IsVariantEnd() bool { return p.variantResult() != movegen.NoResult }

// IsCheckmate reports whether the side to move is in check with no legal
// move.
func (p *Position) IsCheckmate() bool { return p.InCheck() && p.CountMoves() == 0 }

// IsInsufficientMaterial reports whether neither side can win by any series
// of legal moves, by the variant's rules of material (python-chess's
// has_insufficient_material, for both sides): King of the Hill and Racing
// Kings never; Three-check when only kings are left; Crazyhouse, Atomic,
// Antichess and Horde by rules of their own.
func (p *Position) IsInsufficientMaterial() bool {
	return p.insufficient(movegen.White) && p.insufficient(movegen.Black)
}

// Reason is why a game ended, or why a draw may be claimed.
type Reason uint8

// The reasons. VariantEnd is the variant's own rule (lichess's "variant
// end"): which one, the variant says.
const (
	NoReason             Reason = iota
	VariantEnd                  // the variant's own rule ended the game
	Checkmate                   // the side to move is checkmated
	InsufficientMaterial        // neither side can win: a draw
	Stalemate                   // no legal move, not in check: a draw
	SeventyFiveMoves            // 150 plies without a capture or a pawn move (not in Crazyhouse): a draw
	FivefoldRepetition          // the position has occurred five times: a draw
	FiftyMoves                  // 100 plies without a capture or a pawn move: a draw may be claimed
	ThreefoldRepetition         // the position has occurred three times: a draw may be claimed
)

var reasonNames = [...]string{"none", "variant end", "checkmate", "insufficient material", "stalemate",
	"seventy-five-move rule", "fivefold repetition", "fifty-move rule", "threefold repetition"}

// String returns the reason's name ("variant end", "checkmate", ...).
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "none"
}

// Outcome is how a game stands: its result and the reason. The zero
// Outcome is a game that goes on.
type Outcome struct {
	Result movegen.Result
	Reason Reason
}

// String returns the result and the reason, "1-0 variant end", or "*".
func (o Outcome) String() string {
	if o.Result == movegen.NoResult {
		return "*"
	}
	return o.Result.String() + " " + o.Reason.String()
}

// Outcome returns how the game stands, by python-chess's order of rules,
// which are lichess's: the variant's own rule first (VariantEnd), then
// checkmate, insufficient material, stalemate (in Antichess a win, by the
// variant's rule), the seventy-five-move rule (not in Crazyhouse, where
// material never leaves the game), and a fivefold repetition in h (see
// History; nil counts p once).
func (p *Position) Outcome(h *History) Outcome {
	if p.variant == NoVariant {
		return Outcome{}
	}
	if r := p.variantResult(); r != movegen.NoResult {
		return Outcome{Result: r, Reason: VariantEnd}
	}
	n := p.CountMoves()
	switch {
	case n == 0 && p.InCheck():
		return Outcome{Result: movegen.WhiteWins + movegen.Result(p.side^1), Reason: Checkmate}
	case p.IsInsufficientMaterial():
		return Outcome{Result: movegen.Draw, Reason: InsufficientMaterial}
	case n == 0:
		return Outcome{Result: movegen.Draw, Reason: Stalemate}
	case p.variant != Crazyhouse && p.half >= 150:
		return Outcome{Result: movegen.Draw, Reason: SeventyFiveMoves}
	case h.occurrences(p) >= 5:
		return Outcome{Result: movegen.Draw, Reason: FivefoldRepetition}
	}
	return Outcome{}
}

// ClaimableDraw returns the draw the side to move may claim, or NoReason:
// ThreefoldRepetition when the position has occurred three times in h,
// else FiftyMoves when the halfmove clock is at least 100 (not in
// Crazyhouse); NoReason too when the game is over.
func (p *Position) ClaimableDraw(h *History) Reason {
	if p.Outcome(h) != (Outcome{}) {
		return NoReason
	}
	if h.occurrences(p) >= 3 {
		return ThreefoldRepetition
	}
	if p.variant != Crazyhouse && p.half >= 100 {
		return FiftyMoves
	}
	return NoReason
}

// History is the record of a game's positions that the repetition rules
// read: the key of each (Key). Push the position after each move. The
// keys hold everything that makes positions the same (pockets, checks to
// give, castling rights, a legal en-passant capture), so that a position
// before an irreversible move never has the key of one after it, and
// Occurrences counts over the whole game. The zero History is empty and
// ready to use.
type History struct{ keys []uint64 }

// Push adds p, the position after the last move, to the history.
func (h *History) Push(p *Position) { h.keys = append(h.keys, p.Key()) }

// Len returns the number of positions pushed.
func (h *History) Len() int { return len(h.keys) }

// Occurrences returns how many times p has occurred in h: h holds the
// game's positions up to p, p last, or up to the one before it (then p
// counts once more).
func (h *History) Occurrences(p *Position) int { return h.occurrences(p) }

func (h *History) occurrences(p *Position) int {
	k := p.Key()
	if h == nil || len(h.keys) == 0 {
		return 1
	}
	n := 0
	for _, x := range h.keys {
		if x == k {
			n++
		}
	}
	if h.keys[len(h.keys)-1] != k {
		n++
	}
	return n
}

// insufficient is python-chess's has_insufficient_material of each variant.
func (p *Position) insufficient(c movegen.Color) bool {
	own, other := p.byColor[c], p.byColor[c^1]
	t := &p.byType
	occ := p.occ()
	switch p.variant {
	case KingOfTheHill, RacingKings:
		return false
	case ThreeCheck:
		return own&^t[movegen.King] == 0
	case Crazyhouse:
		n := bits.OnesCount64(occ)
		for s := 0; s < 2; s++ {
			for i := range p.pocket[s] {
				n += int(p.pocket[s][i])
			}
		}
		for _, pt := range []movegen.PieceType{movegen.Pawn, movegen.Rook, movegen.Queen} {
			if p.pocket[0][pt-1] != 0 || p.pocket[1][pt-1] != 0 {
				return false
			}
		}
		return n <= 3 && p.effectivePromoted() == 0 && t[movegen.Pawn]|t[movegen.Rook]|t[movegen.Queen] == 0
	case Atomic:
		if other&t[movegen.King] == 0 {
			return false
		}
		if own&^t[movegen.King] == 0 {
			return true
		}
		if other&^t[movegen.King] != 0 {
			if occ == t[movegen.Bishop]|t[movegen.King] {
				w, b := t[movegen.Bishop]&p.byColor[movegen.White], t[movegen.Bishop]&p.byColor[movegen.Black]
				if w&dark == 0 {
					return b&^dark == 0
				}
				if w&^dark == 0 {
					return b&dark == 0
				}
			}
			return false
		}
		if t[movegen.Queen]|t[movegen.Pawn] != 0 {
			return false
		}
		if bits.OnesCount64(t[movegen.Knight]|t[movegen.Bishop]|t[movegen.Rook]) == 1 {
			return true
		}
		if occ == t[movegen.Knight]|t[movegen.King] {
			return bits.OnesCount64(t[movegen.Knight]) <= 2
		}
		return false
	case Antichess:
		if own == 0 {
			return false
		}
		if other == 0 {
			return true
		}
		if occ == t[movegen.Bishop] {
			weLight, weDark := own&^dark != 0, own&dark != 0
			theyAllDark, theyAllLight := other&^dark == 0, other&dark == 0
			return weLight && theyAllDark || weDark && theyAllLight
		}
		if occ == t[movegen.Knight] && bits.OnesCount64(t[movegen.Knight]) == 2 {
			// python-chess: turn == (color ^ white on light ^ black on dark)
			x := (c == movegen.White) != (p.byColor[movegen.White]&^dark != 0) != (p.byColor[movegen.Black]&dark != 0)
			return (p.side == movegen.White) == x
		}
		return false
	case Horde:
		return p.hordeInsufficient(c)
	}
	return false
}
