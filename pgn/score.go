package pgn

import (
	"fmt"

	"github.com/symmagic/attacks/engine"
	"github.com/symmagic/attacks/movegen"
)

// An [%eval] is from White's point of view; an engine's score is from the
// side to move's. SetScore and Score convert between them at a node, whose
// position says who is to move, so that an annotator that analyses the
// position at n writes
//
//	g.SetScore(n, info.Score, info.Depth)
//
// and reads g.Score(n) back from the same side's view, g.Score(n).Neg()
// from the view of the side that made n's move. An [%eval #0] is a mate on
// the board: the side to move at its node is mated, as python-chess's
// eval() resolves it.

// EvalOf returns the evaluation of s, an engine's score from turn's point
// of view, turn being the side to move at the evaluation's node, with the
// search's depth (0 for none): s from White's point of view, its bound
// dropped (an [%eval] has none). "mate 0", the side to move checkmated, is
// MateIn 0. A mate given (s.Given: the side to move has mated the side not
// to move, which no position has), a score that is no score (Given on other
// than mate 0, or both bounds: see engine's Score), a turn that is neither
// White nor Black and a depth below 0 panic.
func EvalOf(s engine.Score, turn movegen.Color, depth int) Eval {
	return evalOf("EvalOf", s, turn, depth)
}

func evalOf(method string, s engine.Score, turn movegen.Color, depth int) Eval {
	if turn != movegen.White && turn != movegen.Black {
		panic(fmt.Sprintf("pgn: %s: turn %d is neither White nor Black", method, turn))
	}
	switch {
	case s.Mate && s.Value == 0 && s.Given:
		panic(fmt.Sprintf("pgn: %s: score %v: a mate given, which no position has (its Neg, \"mate 0\", is the side to move mated)", method, s))
	case s.Given || s.Lower && s.Upper:
		// No score (engine's Score methods panic on it too): its fields,
		// since String would panic.
		panic(fmt.Sprintf("pgn: %s: score {Mate %t, Value %d, Lower %t, Upper %t, Given %t}: no score (Given is a mate 0's; one bound at most)",
			method, s.Mate, s.Value, s.Lower, s.Upper, s.Given))
	}
	if depth < 0 {
		panic(fmt.Sprintf("pgn: %s: depth %d: want 0 (none) or above", method, depth))
	}
	v := s.Value
	if turn == movegen.Black {
		v = -v
	}
	if s.Mate {
		return Eval{Mate: true, MateIn: v, Depth: depth}
	}
	return Eval{CP: v, Depth: depth}
}

// Score returns e as an engine's score from turn's point of view, turn
// being the side to move at e's node: MateIn 0 is "mate 0", turn
// checkmated. Bounds are never set. A turn that is neither White nor
// Black panics.
func (e Eval) Score(turn movegen.Color) engine.Score {
	if turn != movegen.White && turn != movegen.Black {
		panic(fmt.Sprintf("pgn: Eval.Score: turn %d is neither White nor Black", turn))
	}
	v := e.CP
	if e.Mate {
		v = e.MateIn
	}
	if turn == movegen.Black {
		v = -v
	}
	return engine.Score{Mate: e.Mate, Value: v}
}

// SetScore sets n's evaluation ([%eval], as SetEval writes it) from s, a
// score of the position at n from its side to move's point of view, as an
// engine gives it for that position, with the search's depth (0 for none).
// It replays no moves: the game keeps which side is to move at each node,
// so that scoring every node of a game takes a time linear in the game. A
// mate given (see EvalOf), a depth below 0 and centipawns SetEval does not
// write panic (no score or depth of an engine's Info does).
func (g *Game) SetScore(n Node, s engine.Score, depth int) {
	g.mustNode("SetScore", n)
	g.setCommand(n, "eval", validEval, formatEval("SetScore", evalOf("Game.SetScore", s, g.side(n), depth)))
}

// Score returns n's evaluation (Eval's) as a score of the position at n
// from its side to move's point of view, and whether n has one; "#0" is
// "mate 0", the side to move checkmated. The search's depth is Eval's
// Depth. Like SetScore, it replays no moves.
func (g *Game) Score(n Node) (engine.Score, bool) {
	e, ok := g.Eval(n)
	if !ok {
		return engine.Score{}, false
	}
	return e.Score(g.side(n)), true
}
