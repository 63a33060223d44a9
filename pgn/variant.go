package pgn

import (
	"errors"
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/variant"
)

// A game of one of lichess's variants (a Variant tag naming Crazyhouse,
// Atomic, Antichess, King of the Hill, Three-check, Horde or Racing Kings)
// is read and written through package variant: its start is a
// variant.Position, its moves variant.Moves, kept in the same tree as a
// standard game's. The Builder chooses the path once a game, at its
// movetext: a standard game's moves never ask which it is.

// variantGame is what a variant game holds beyond a standard one: its
// start, and the position at the node last added.
type variantGame struct {
	start, last variant.Position
}

// variantNames are the Variant tag values that name a variant, as
// python-chess's chess.variant aliases name them (compared case aside),
// lichess's among them.
var variantNames = map[string]variant.Variant{}

func init() {
	for v, names := range map[variant.Variant][]string{
		variant.Antichess:     {"Antichess", "Anti chess", "Anti"},
		variant.Atomic:        {"Atomic", "Atom", "Atomic chess"},
		variant.KingOfTheHill: {"King of the Hill", "KOTH", "kingOfTheHill"},
		variant.RacingKings:   {"Racing Kings", "Racing", "Race", "racingkings"},
		variant.Horde:         {"Horde", "Horde chess"},
		variant.ThreeCheck:    {"Three-check", "Three check", "Threecheck", "Three check chess", "3-check", "3 check", "3check"},
		variant.Crazyhouse:    {"Crazyhouse", "Crazy House", "House", "ZH"},
	} {
		for _, n := range names {
			variantNames[strings.ToLower(n)] = v
		}
	}
}

// tagVariant reads a Variant tag's value as python-chess's
// Headers.variant does: standard chess for none, for its Standard
// aliases and FICS's wild/0 to wild/8a (a FEN tag gives their starts);
// Chess960 for the names of Chess960; else one of the seven variants by
// its python-chess alias, case aside. ok is false for any other name
// (python-chess's Suicide and Giveaway, whose rules differ from
// Antichess's, among them).
func tagVariant(value string) (v variant.Variant, chess960, ok bool) {
	s := strings.TrimSpace(value)
	switch {
	case s == "" || anyFold(s, "standard", "chess", "classical", "normal", "illegal", "from position", "fromposition") ||
		len(s) >= 6 && strings.EqualFold(s[:5], "wild/") && anyFold(s[5:], "0", "1", "2", "3", "4", "5", "6", "7", "8", "8a"):
		return variant.NoVariant, false, true
	case strings.Contains(s, "960") || containsFold(s, "fischer"):
		return variant.NoVariant, true, true
	}
	v, ok = variantNames[strings.ToLower(s)]
	return v, false, ok
}

// vlevel is the variant positions of a level (see level): pos[at] at the
// level's node, pos[at^1] at the one before.
type vlevel struct {
	pos [2]variant.Position
	at  int
}

// variantMovetext begins the movetext of a variant game: its start, the
// FEN tag's position in the variant or the variant's start.
func (b *Builder) variantMovetext() error {
	g := b.g
	start := variant.StartPosition(b.variant)
	if fen, ok := g.Tag("FEN"); ok {
		p, err := variant.ParseFEN(b.variant, fen)
		if err != nil {
			return &Error{Msg: "FEN tag: " + strings.TrimPrefix(err.Error(), "variant: "), Err: err}
		}
		start = p
	}
	warnings := g.Warnings
	g.resetVariant(&start)
	g.Warnings = warnings
	b.state = stateVariant
	b.cur = level{node: Root, prev: None}
	b.vcur = vlevel{}
	b.vcur.pos[0] = start
	b.vstack = b.vstack[:0]
	if b.tagsOnly {
		return SkipMovetext
	}
	return nil
}

// variantMove is Move in a variant game.
func (b *Builder) variantMove(s []byte) error {
	if len(s) == 0 {
		return &Error{Msg: "Builder.Move: an empty move"}
	}
	g, cur, vc := b.g, &b.cur, &b.vcur
	pos := &vc.pos[vc.at]
	var m variant.Move
	switch string(s) {
	case "--", "Z0":
		return &Error{Msg: fmt.Sprintf("move %s %s: no null move in a variant game (%s)", variantMoveNumber(pos), s, pos.Variant())}
	case "e.p.":
		if !cur.moved || !variant.Move(g.nodes[cur.node].move).IsEnPassant() {
			return &Error{Msg: "e.p. after a move that is not an en-passant capture"}
		}
		return nil
	default:
		var err error
		m, err = pos.ParseSAN(string(s))
		if err != nil {
			msg := err.Error()
			var se *movegen.SANError
			if errors.As(err, &se) {
				msg = se.Msg
			}
			return &Error{Msg: fmt.Sprintf("move %s %s: %s", variantMoveNumber(pos), s, msg), Err: err}
		}
	}
	if b.SkipVariations {
		pos.PlayUnchecked(m)
	} else {
		after := &vc.pos[vc.at^1]
		*after = *pos
		after.PlayUnchecked(m)
		vc.at ^= 1
	}
	n := g.add(cur.node, movegen.Move(m))
	if cur.pending.head != 0 {
		if cur.nagsOf == None {
			cur.nagsOf = n
		}
		g.nodes[n].notes = cur.pending
		cur.pending = list{}
	}
	cur.prev, cur.node = cur.node, n
	cur.moved = true
	return nil
}

// variantMoveNumber is moveNumber of a variant position.
func variantMoveNumber(p *variant.Position) string {
	n := strconv.Itoa(p.FullmoveNumber())
	if p.Side() == movegen.Black {
		return n + "..."
	}
	return n + "."
}

// resetVariant is reset for a variant game from start.
func (g *Game) resetVariant(start *variant.Position) {
	std := movegen.StartPosition()
	g.reset(&std)
	if g.vs == nil {
		g.vs = &variantGame{}
	}
	g.variant = start.Variant()
	g.vs.start, g.vs.last = *start, *start
}

// Variant returns the game's variant: variant.NoVariant for standard chess
// (Chess960 too), else the variant its Variant tag named when it was read,
// or its start's (ResetVariant, FromVariantMoves).
//
// A variant game's moves and positions are variant.Moves and
// variant.Positions: VariantStart, VariantMove, VariantPosition,
// VariantMainline, VariantMainlineNodes, AddVariantMove, PlayVariant and
// VariantOutcome give them. The methods of movegen's types (Start, Move,
// Mainline, MainlineNodes, Nodes, Position, End, Outcome) give their zero
// values for it, and AddMove, Play and AddLine refuse it with a *Error;
// SAN, the tree edits, the comments, NAGs, tags and the Writer serve both.
func (g *Game) Variant() variant.Variant { return g.variant }

// ResetVariant is Reset for a game of start's variant from start: it
// empties the game's moves, comments, NAGs, warnings and result; the tags
// stay (a Variant tag naming the variant is the caller's, or the Writer
// adds one). A start of no variant (the zero Position) panics.
func (g *Game) ResetVariant(start variant.Position) {
	if start.Variant() == variant.NoVariant {
		panic("pgn: Game.ResetVariant: a start position of no variant (the zero Position?)")
	}
	g.resetVariant(&start)
}

// VariantStart returns a variant game's start position, or the zero
// Position (NoVariant) for a standard game.
func (g *Game) VariantStart() variant.Position {
	if g.variant == variant.NoVariant {
		return variant.Position{}
	}
	return g.vs.start
}

// VariantMove returns the move that leads to n in a variant game
// (NoMove for the root, a node not of g, and in a standard game).
func (g *Game) VariantMove(n Node) variant.Move {
	if g.variant == variant.NoVariant || !g.valid(n) {
		return variant.NoMove
	}
	return variant.Move(g.nodes[n].move)
}

// VariantPosition returns the position at n in a variant game: the start
// with the moves that lead to n played (the start for a node not of g;
// the zero Position in a standard game). It replays the moves from the
// start but for the node last added.
func (g *Game) VariantPosition(n Node) variant.Position {
	if g.variant == variant.NoVariant {
		return variant.Position{}
	}
	if !g.valid(n) || n == Root {
		return g.vs.start
	}
	if n == g.last {
		return g.vs.last
	}
	var path [64]variant.Move
	moves := path[:0]
	for ; n != Root; n = g.nodes[n].parent {
		moves = append(moves, variant.Move(g.nodes[n].move))
	}
	p := g.vs.start
	for i := len(moves) - 1; i >= 0; i-- {
		p.PlayUnchecked(moves[i])
	}
	return p
}

// VariantMainline appends a variant game's main line to dst and returns
// it (nothing for a standard game).
func (g *Game) VariantMainline(dst []variant.Move) []variant.Move {
	if g.variant == variant.NoVariant {
		return dst
	}
	for n := g.Next(Root); n != None; n = g.nodes[n].child {
		dst = append(dst, variant.Move(g.nodes[n].move))
	}
	return dst
}

// VariantMainlineNodes returns an iterator over a variant game's main
// line: each move's node and the position after it, as MainlineNodes
// (nothing for a standard game).
func (g *Game) VariantMainlineNodes() iter.Seq2[Node, variant.Position] {
	return func(yield func(Node, variant.Position) bool) {
		if g.variant == variant.NoVariant {
			return
		}
		p := g.vs.start
		for n := g.nodes[Root].child; n != None; n = g.nodes[n].child {
			p.PlayUnchecked(variant.Move(g.nodes[n].move))
			if !yield(n, p) {
				return
			}
		}
	}
}

// PlayVariant adds the move m at the end of a variant game's main line
// and returns its node: AddVariantMove at MainlineEnd.
func (g *Game) PlayVariant(m variant.Move) (Node, error) {
	return g.AddVariantMove(g.MainlineEnd(), m)
}

// AddVariantMove adds the move m after n in a variant game, as AddMove
// does in a standard one: m must be legal at n, else it is a *Error
// wrapping the *variant.MoveError (and in it the *movegen.MoveError) that
// says why, and nothing changes. A standard game, and a node the game
// does not have, are a *Error too.
func (g *Game) AddVariantMove(n Node, m variant.Move) (Node, error) {
	if g.variant == variant.NoVariant {
		return None, &Error{Msg: "Game.AddVariantMove: a standard game (AddMove plays its moves)"}
	}
	if !g.valid(n) {
		return None, &Error{Msg: fmt.Sprintf("Game.AddVariantMove: node %d is not in the game (never one of its nodes 0 to %d, or removed)", n, len(g.nodes)-1)}
	}
	p := g.VariantPosition(n)
	if err := p.Play(m); err != nil {
		return None, &Error{Msg: "Game.AddVariantMove: " + strings.TrimPrefix(err.Error(), "variant: "), Err: err}
	}
	c := g.add(n, movegen.Move(m))
	g.last, g.vs.last = c, p
	return c, nil
}

// VariantOutcome returns how a variant game stands after its main line by
// its variant's rules (variant.Position.Outcome, the repetitions counted
// over the main line from the start); the zero Outcome for a standard
// game. The termination marker says nothing here.
func (g *Game) VariantOutcome() variant.Outcome {
	if g.variant == variant.NoVariant {
		return variant.Outcome{}
	}
	var h variant.History
	p := g.vs.start
	h.Push(&p)
	for n := g.nodes[Root].child; n != None; n = g.nodes[n].child {
		p.PlayUnchecked(variant.Move(g.nodes[n].move))
		h.Push(&p)
	}
	return p.Outcome(&h)
}

// FromVariantMoves is FromMoves for a variant: a game from start (a
// position of one of the variants) with the moves as its main line, the
// Seven Tag Roster, a Variant tag of lichess's name of the variant, SetUp
// "1" and FEN tags where start is not the variant's start, and the result
// the moves give by the variant's rules. A move not legal where it is
// played is a *Error wrapping the *variant.MoveError, naming its place in
// moves; a start of no variant is a *Error too.
func FromVariantMoves(start variant.Position, moves []variant.Move) (*Game, error) {
	if start.Variant() == variant.NoVariant {
		return nil, &Error{Msg: "FromVariantMoves: a start position of no variant (the zero Position?)"}
	}
	p := start
	for i, m := range moves {
		if err := p.Play(m); err != nil {
			return nil, &Error{Msg: fmt.Sprintf("FromVariantMoves: move %d of %d, %s", i+1, len(moves), strings.TrimPrefix(err.Error(), "variant: ")), Err: err}
		}
	}
	g := NewGame()
	g.resetVariant(&start)
	g.SetTag("Variant", variantTagName(start.Variant()))
	if fen := start.FEN(); fen != start.Variant().StartFEN() {
		g.SetTag("SetUp", "1")
		g.SetTag("FEN", fen)
	}
	n := Root
	for _, m := range moves {
		n = g.add(n, movegen.Move(m))
	}
	g.last, g.vs.last = n, p
	g.SetResult(g.VariantOutcome().Result.String())
	return g, nil
}

// variantTagName is lichess's Variant tag value of v (python-chess's first
// alias).
func variantTagName(v variant.Variant) string {
	switch v {
	case variant.Crazyhouse:
		return "Crazyhouse"
	case variant.Atomic:
		return "Atomic"
	case variant.Antichess:
		return "Antichess"
	case variant.KingOfTheHill:
		return "King of the Hill"
	case variant.ThreeCheck:
		return "Three-check"
	case variant.Horde:
		return "Horde"
	case variant.RacingKings:
		return "Racing Kings"
	}
	return ""
}

// variantSAN is SAN of a variant game's node n.
func (g *Game) variantSAN(n Node) string {
	p := g.VariantPosition(g.nodes[n].parent)
	return p.SAN(variant.Move(g.nodes[n].move))
}

// appendVariantTags is appendTags of a variant game, as python-chess
// writes one: the tags in their order, the FEN tag as read where it is the
// start, else the start's FEN; a SetUp tag "1" with a FEN tag, "0"
// without, added (before a FEN tag added) where the start is not the
// variant's; a Variant tag naming the variant where the game has none
// that does (its value replaced, or the tag added).
func (g *Game) appendVariantTags(dst []byte, set TagSet) []byte {
	start := &g.vs.start
	fenTag, hasFEN := g.Tag("FEN")
	fen, custom := "", start.FEN() != g.variant.StartFEN()
	if hasFEN || custom {
		fen = start.FEN()
		if p, err := variant.ParseFEN(g.variant, fenTag); hasFEN && err == nil && p == *start {
			fen = fenTag
		}
	}
	vtag, hasVariant := g.Tag("Variant")
	if hasVariant {
		v, _, ok := tagVariant(vtag)
		hasVariant = ok && v == g.variant
	}
	_, hasSetUp := g.Tag("SetUp")
	for _, t := range g.Tags {
		switch t.Name {
		case "Event", "Site", "Date", "Round", "White", "Black", "Result":
			continue
		case "FEN":
			t.Value = fen
		case "SetUp":
			t.Value = "0"
			if fen != "" {
				t.Value = "1"
			}
		case "Variant":
			if !hasVariant {
				t.Value = variantTagName(g.variant)
				hasVariant = true
			}
		default:
			if set == RosterTags {
				continue
			}
		}
		if set == RosterTags && t.Name == "SetUp" && fen == "" {
			continue
		}
		dst = appendTag(dst, t.Name, t.Value)
	}
	if !hasVariant {
		dst = appendTag(dst, "Variant", variantTagName(g.variant))
	}
	if fen != "" {
		if !hasSetUp && custom {
			dst = appendTag(dst, "SetUp", "1")
		}
		if !hasFEN {
			dst = appendTag(dst, "FEN", fen)
		}
	}
	return dst
}

// variantLine is line of a variant game: the moves from n, a node whose
// parent's position is pos.
func (e *exporter) variantLine(g *Game, n Node, pos variant.Position, number bool) {
	for n != None {
		nd := &g.nodes[n]
		if e.notes(g, n, noteBefore) {
			number = true
		}
		m := variant.Move(nd.move)
		if white := pos.Side() == movegen.White; white || number {
			w := strconv.AppendInt(e.tmp[:0], int64(pos.FullmoveNumber()), 10)
			if white {
				w = append(w, '.')
			} else {
				w = append(w, "..."...)
			}
			e.word(w)
		}
		if e.o.UCI {
			e.word(append(e.tmp[:0], m.String()...))
		} else {
			e.word(append(e.tmp[:0], pos.SAN(m)...))
		}
		number = false
		if e.notes(g, n, noteAfter) {
			number = true
		}
		if g.nodes[nd.parent].child == n && !e.o.NoVariations {
			for v := nd.next; v != None; v = g.nodes[v].next {
				e.open = true
				e.variantLine(g, v, pos, true)
				e.closeVariation()
				number = true
			}
		}
		pos.PlayUnchecked(m)
		n = nd.child
	}
}
