package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/variant"
)

// VariantGame is Game for one of package variant's variants: the start
// position (its variant the game's) and the moves played since, each
// legal by the variant's rules in the position before it.
//
// A search of a VariantGame sets the engine's UCI_Variant option to the
// variant's UCI name (variant.Variant.UCI: "crazyhouse", "atomic",
// "antichess", "kingofthehill", "3check", "horde", "racingkings"), which
// the engine must offer among the option's values, as Fairy-Stockfish
// does; a search of a standard Game sets it back to "chess". The moves the
// engine writes (the best move, the reply it expects, each info line's pv
// and currmove) are checked by the variant's rules and given as
// variant.Moves: Analysis.VariantBestMove and VariantPonder,
// Info.VariantPV and VariantCurrMove (their movegen fields stay zero).
type VariantGame struct {
	Start variant.Position
	Moves []variant.Move
}

// end checks the game and returns the position after its moves.
func (g *VariantGame) end() (variant.Position, error) {
	if g.Start.Variant() == variant.NoVariant {
		return variant.Position{}, errors.New("the start position is of no variant (the zero Position?)")
	}
	p := g.Start
	for i, m := range g.Moves {
		if err := p.Play(m); err != nil {
			return p, fmt.Errorf("move %d (%v) is not legal in %s: %w", i+1, m, p.FEN(), err)
		}
	}
	return p, nil
}

// AnalyseVariant is Analyse of a variant game: it searches the position
// after game's moves to limit and returns the lines found (each Info's
// VariantPV) and the best move (VariantBestMove). limit.SearchMoves, which
// holds movegen's moves, must be empty. An engine without a UCI_Variant
// option offering the variant is an *Error, and nothing is sent.
func (e *Engine) AnalyseVariant(ctx context.Context, game VariantGame, limit Limit) (*Analysis, error) {
	return e.analyse(ctx, &game, limit, "AnalyseVariant with Limit.Ponder: a ponder search needs Search's PonderHit")
}

// PlayVariant is Play of a variant game: the engine's move in the position
// after game's moves, checked by the variant's rules, and the reply it
// expects (NoMove when it gave none). It is an error when the position has
// no legal move (its game is over by the variant's rules), when the engine
// answers none, for a limit with Infinite or Ponder, and where
// AnalyseVariant's is.
func (e *Engine) PlayVariant(ctx context.Context, game VariantGame, limit Limit) (move, ponder variant.Move, err error) {
	a, err := e.playSearch(ctx, &game, limit, "PlayVariant with Limit.Infinite or Limit.Ponder: use AnalyseVariant")
	if err != nil {
		return variant.NoMove, variant.NoMove, err
	}
	return a.VariantBestMove, a.VariantPonder, nil
}

// searchGame checks the game for the search path.
func (g *VariantGame) searchGame() (searchGame, error) {
	root, err := g.end()
	if err != nil {
		return searchGame{}, err
	}
	return searchGame{
		variant: g.Start.Variant().UCI(),
		vroot:   &root,
		position: func(bool) string {
			var b strings.Builder
			if g.Start == variant.StartPosition(g.Start.Variant()) {
				b.WriteString("position startpos")
			} else {
				b.WriteString("position fen " + g.Start.FEN())
			}
			if len(g.Moves) > 0 {
				b.WriteString(" moves")
				for _, m := range g.Moves {
					b.WriteString(" " + m.String())
				}
			}
			return b.String()
		},
	}, nil
}

// hasVar reports whether vars holds v, case aside.
func hasVar(vars []string, v string) bool {
	for _, x := range vars {
		if strings.EqualFold(x, v) {
			return true
		}
	}
	return false
}

// turn is the side to move in the position searched.
func (s *Search) turn() movegen.Color {
	if s.vroot != nil {
		return s.vroot.Side()
	}
	return s.root.Side()
}

// parseInfo reads an info line of the search.
func (s *Search) parseInfo(rest string) (Info, error) {
	if s.vroot != nil {
		return parseVariantInfo(rest, s.vroot)
	}
	return parseInfo(rest, &s.root, s.chess960)
}

// parseVariantInfo is parseInfo of a variant search: the pv and currmove
// moves checked by the variant's rules into VariantPV and
// VariantCurrMove, the other fields as parseInfo reads them.
func parseVariantInfo(s string, root *variant.Position) (Info, error) {
	var other []string
	var pv []variant.Move
	var curr variant.Move
	fields := Field(0)
	rest := s
	for {
		w, r := nextWord(rest)
		if w == "" {
			break
		}
		if w == "string" {
			other = append(other, rest)
			break
		}
		rest = r
		switch w {
		case "pv":
			p := *root
			for {
				m, r := nextWord(rest)
				if m == "" || infoWords[m] {
					break
				}
				mv, err := p.ParseUCI(variantUCI(m))
				if err != nil {
					return Info{Turn: root.Side()}, fmt.Errorf("pv move %d %q: %w", len(pv)+1, m, err)
				}
				pv = append(pv, mv)
				p.PlayUnchecked(mv)
				rest = r
			}
			fields |= FieldPV
		case "currmove":
			m, r := nextWord(rest)
			if m == "" {
				return Info{Turn: root.Side()}, errors.New("currmove without a move")
			}
			mv, err := root.ParseUCI(variantUCI(m))
			if err != nil {
				return Info{Turn: root.Side()}, fmt.Errorf("currmove %q: %w", m, err)
			}
			curr, rest = mv, r
			fields |= FieldCurrMove
		default:
			other = append(other, w)
		}
	}
	info, err := parseInfo(strings.Join(other, " "), &movegen.Position{}, false)
	info.Turn = root.Side()
	info.Fields |= fields
	info.VariantPV, info.VariantCurrMove = pv, curr
	return info, err
}

// variantUCI is an engine's move in the form ParseUCI reads: a
// promotion's letter in lower case.
func variantUCI(w string) string {
	if len(w) == 5 && w[1] != '@' {
		return w[:4] + strings.ToLower(w[4:])
	}
	return w
}
