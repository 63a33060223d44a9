package engine

import (
	"cmp"
	"fmt"
	"math"
	"strconv"

	"github.com/symmagic/attacks/movegen"
)

// Score is an engine's evaluation, from the side to move's point of view:
// centipawns, or the moves to a mate when Mate is set (Value above 0: the
// side to move mates; below 0: it is mated; 0: it is checkmated now, as
// engines report a position with no move). Lower and Upper mark a bound:
// the true score is at least (lowerbound) or at most (upperbound) Value.
// UCI writes the bound after the score's value; with UCI_ShowWDL,
// Stockfish writes it after the WDL ("score cp -95 wdl 0 512 488
// lowerbound"), and a bound anywhere after the score in the line is the
// score's. A bound with no score before it, or both bounds, is an error.
//
// Given marks, with Mate set and Value 0, the score of a side to move
// whose opponent is checkmated (python-chess's MateGiven): no engine sends
// it, as no side to move can have mated the side not to move; it is the
// other side's view (Neg) of "mate 0", and its Neg is "mate 0" again.
// Scores read from an engine never have Given set. Given on any other
// score, or Lower and Upper both set, is no score: Score's methods panic
// on it, naming the method and the fields.
//
// CP, WDL and Compare follow python-chess 1.11.2's Score.score,
// Score.wdl and its order of scores; they disregard the bounds, as
// python-chess keeps them beside the score.
type Score struct {
	Mate  bool
	Value int
	Lower bool
	Upper bool
	Given bool
}

// mateGiven reports whether s is python-chess's MateGiven.
func (s Score) mateGiven() bool { return s.Mate && s.Value == 0 && s.Given }

// check panics, naming method, when s is no score: Given on a score other
// than mate 0, or both bounds.
func (s Score) check(method string) {
	var what string
	switch {
	case s.Given && !(s.Mate && s.Value == 0):
		what = "Given is set on a score other than mate 0"
	case s.Lower && s.Upper:
		what = "both Lower and Upper are set"
	default:
		return
	}
	type fields Score // without String, which would panic again
	panic(fmt.Sprintf("engine: Score.%s of %+v: %s", method, fields(s), what))
}

// String returns the score as UCI writes it: "cp 31", "mate -2",
// "mate 0" (the side to move is checkmated), "cp 40 lowerbound"; a mate
// given, which UCI cannot say, is "mate +0" (python-chess writes "#+0",
// and "#-0" for "mate 0").
func (s Score) String() string {
	s.check("String")
	t := "cp "
	switch {
	case s.mateGiven():
		t = "mate +"
	case s.Mate:
		t = "mate "
	}
	t += strconv.Itoa(s.Value)
	switch {
	case s.Lower:
		t += " lowerbound"
	case s.Upper:
		t += " upperbound"
	}
	return t
}

// Neg returns the score from the other side's point of view: its value
// negated, a lowerbound become an upperbound and the reverse, "mate 0"
// (the side to move is checkmated) become a mate given and a mate given
// "mate 0" (python-chess's -Mate(0) and -MateGiven). s.Neg().Neg() is s
// for every score s.
func (s Score) Neg() Score {
	s.check("Neg")
	n := s
	n.Value = -s.Value
	n.Lower, n.Upper = s.Upper, s.Lower
	if s.Mate && s.Value == 0 {
		n.Given = !s.Given
	}
	return n
}

// CP returns the score in centipawns, a mate in n moves (n above 0) as
// mateScore-n and being mated in n (n 0 or below) as -mateScore-n, a mate
// given as mateScore: python-chess's score(mate_score=mateScore). With
// mateScore above every centipawn score the engine gives (python-chess's
// documentation uses 100000), CP orders scores as Compare does.
func (s Score) CP(mateScore int) int {
	s.check("CP")
	switch {
	case !s.Mate:
		return s.Value
	case s.mateGiven():
		return mateScore
	case s.Value > 0:
		return mateScore - s.Value
	default:
		return -mateScore - s.Value
	}
}

// WDL returns the expected outcome, per mille, of a game in which the
// score is reached at ply plies from the start (python-chess uses 30, the
// middle game, when none is given): python-chess 1.11.2's
// Score.wdl(model="sf", ply=ply), whose "sf" is the model of Stockfish
// 16.1 (python-chess's _sf16_1_wins). A centipawn score's wins are the
// model's value for it and its losses the value for its negation, rounded
// half up; draws are the rest of 1000. A mate the side to move gives, or
// has given, wins 1000, one it gets (mate 0 included) loses 1000.
func (s Score) WDL(ply int) WDL {
	s.check("WDL")
	switch {
	case s.mateGiven() || s.Mate && s.Value > 0:
		return WDL{Wins: 1000}
	case s.Mate:
		return WDL{Losses: 1000}
	}
	w, l := sfWins(s.Value, ply), sfWins(-s.Value, ply)
	return WDL{Wins: w, Draws: 1000 - w - l, Losses: l}
}

// sfWins is Stockfish 16.1's win rate model (its uci.cpp win_rate_model,
// which python-chess 1.11.2 follows as _sf16_1_wins): the wins per mille
// of a score of cp centipawns at ply. Each product is converted to
// float64 so that no multiply and add is fused, as python-chess's are
// not.
func sfWins(cp, ply int) int {
	const normalizeToPawnValue = 356
	m := min(120, max(8, float64(ply)/2+1)) / 32
	a := poly(m, -1.06249702, 7.42016937, 0.89425629, 348.60356174)
	b := poly(m, -5.33122190, 39.57831533, -90.84473771, 123.40620748)
	x := min(4000, max(float64(cp)*normalizeToPawnValue/100, -4000))
	return int(0.5 + 1000/(1+math.Exp((a-x)/b)))
}

// Compare returns -1, 0 or +1 as s is worse than, as good as or better
// than o for the side whose view both are, in python-chess's order of
// scores: being checkmated (mate 0), then being mated in more moves the
// worse the fewer (mate -1 below mate -20), then centipawns by value,
// then mating in fewer moves the better (mate 20 below mate 1), then a
// mate given. Bounds are not compared.
func (s Score) Compare(o Score) int {
	s.check("Compare")
	o.check("Compare")
	ks, vs := s.rank()
	ko, vo := o.rank()
	switch {
	case ks != ko:
		return cmp.Compare(ks, ko)
	default:
		return cmp.Compare(vs, vo)
	}
}

// rank returns s's class in Compare's order and its value within it.
func (s Score) rank() (class, value int) {
	switch {
	case s.mateGiven():
		return 3, 0
	case !s.Mate:
		return 1, s.Value
	case s.Value > 0:
		return 2, -s.Value
	default:
		return 0, -s.Value
	}
}

// poly returns ((c3*m + c2)*m + c1)*m + c0, each step rounded.
func poly(m, c3, c2, c1, c0 float64) float64 {
	r := float64(c3*m) + c2
	r = float64(r*m) + c1
	return float64(r*m) + c0
}

// WDL is the expected outcome of a game as wins, draws and losses, per
// mille as engines send them ("wdl 60 920 20") or counts of any total,
// from one side's point of view.
type WDL struct {
	Wins, Draws, Losses int
}

// Total returns Wins+Draws+Losses: 1000 for an engine's WDL, 0 for an
// Info whose line gave none.
func (w WDL) Total() int { return w.Wins + w.Draws + w.Losses }

// Expectation returns the expected score of the game, a win 1, a draw
// 1/2, a loss 0: (Wins + Draws/2) / Total, python-chess's
// Wdl.expectation(). It panics when Total is 0 (an Info whose line gave
// no WDL), which has no expectation; an engine's "wdl 0 0 0" is an error
// of its info line, so an Info that Has(FieldWDL) has one.
func (w WDL) Expectation() float64 {
	t := w.Total()
	if t == 0 {
		panic(fmt.Sprintf("engine: WDL.Expectation of %v, whose total is 0", w))
	}
	return (float64(w.Wins) + 0.5*float64(w.Draws)) / float64(t)
}

// String returns the WDL as UCI writes it, as Score's String does a score:
// "wdl 60 920 20".
func (w WDL) String() string {
	return "wdl " + strconv.Itoa(w.Wins) + " " + strconv.Itoa(w.Draws) + " " + strconv.Itoa(w.Losses)
}

// Neg returns the other side's view: wins and losses swapped.
func (w WDL) Neg() WDL { return WDL{Wins: w.Losses, Draws: w.Draws, Losses: w.Wins} }

// ScoreFor returns the line's score from c's point of view (python-chess's
// PovScore.pov(c)): Score when c is Turn, the side to move, else
// Score.Neg(). White's view is i.ScoreFor(movegen.White). It panics on a
// c that is neither White nor Black.
func (i *Info) ScoreFor(c movegen.Color) Score {
	if i.forTurn("ScoreFor", c) {
		return i.Score
	}
	return i.Score.Neg()
}

// WDLFor returns the line's WDL from c's point of view (python-chess's
// PovWdl.pov(c)): WDL when c is Turn, the side to move, else WDL.Neg().
// It panics on a c that is neither White nor Black.
func (i *Info) WDLFor(c movegen.Color) WDL {
	if i.forTurn("WDLFor", c) {
		return i.WDL
	}
	return i.WDL.Neg()
}

// forTurn reports whether c is i's side to move, and panics, naming the
// method, when c is no color.
func (i *Info) forTurn(method string, c movegen.Color) bool {
	if c != movegen.White && c != movegen.Black {
		panic(fmt.Sprintf("engine: Info.%s of color %d", method, c))
	}
	return c == i.Turn
}
