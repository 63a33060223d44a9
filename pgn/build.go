package pgn

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unsafe"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/variant"
)

// Builder is the Visitor that builds a Game: Reader.Read is Visit with
// one, and a visitor of one's own may wrap one (to build some games and
// pass over others, say). It checks every move as it reads it: Move parses
// its SAN (or long algebraic or coordinate notation, as movegen's ParseSAN
// reads them, or a null move) at the position and returns a *Error for a
// move that is not legal there, wrapping the *movegen.SANError; a FEN tag
// that is no position, and a Variant tag that names neither standard
// chess, Chess960 nor one of package variant's variants, are errors too
// (Read's game then holds every tag of the tag section). A game whose
// Variant tag names one of the variants is read by that variant's rules,
// through package variant (see Game.Variant): its SAN with drops (N@f3,
// @e4), king promotions (e8=K) and the rest as for standard chess.
//
// The game holds what the events held: each comment apart and in order,
// NAGs, variations, the termination marker as read (a game without one
// takes its Result tag's value if that is a marker, else "*"), the
// reader's warnings. A comment or NAG before a variation's first move is
// that move's (a NAG before it, as Chess Informant writes "better is":
// ($142 38... b5)); one in a variation without a move is the move's
// before the variation.
//
// Each event returns a *Error where the Builder cannot take it: the zero
// Builder's (it has no Game: NewBuilder makes one), an event before Begin,
// an empty move or tag name, a result that is no termination marker.
type Builder struct {
	// SkipVariations makes BeginVariation return SkipVariation: the game
	// holds the main line alone.
	SkipVariations bool

	g        *Game
	info     *GameInfo
	state    uint8 // stateNone, or Begin has begun a game: stateStandard, stateVariant from a variant game's Movetext
	tagsOnly bool
	stack    []level
	cur      level
	// A FEN and a Variant tag, read at their tags, applied at Movetext.
	start    movegen.Position
	chess960 bool
	variant  variant.Variant // a Variant tag's variant, NoVariant for standard chess
	fenErr   error           // a FEN tag movegen refused, the game's error unless a Variant tag names a variant
	// A variant game's positions, beside cur's and stack's levels.
	vcur   vlevel
	vstack []vlevel
	// tagText holds a game's new tag names and values, made one string
	// when its tags are read; tagNew says where each goes.
	tagText []byte
	tagNew  []tagText
}

// tagText is a tag name or value in Builder.tagText: tag i's, at off, n
// bytes.
type tagText struct {
	i, off, n int32
	value     bool
}

// level is the state of one line of play being read: the main line or a
// variation.
type level struct {
	node, prev Node // the last move's node and the one before it
	// pos[at] is the position at node, pos[at^1] the one at prev: a move
	// is made on a copy in the other slot, one copy a move.
	pos     [2]movegen.Position
	at      int
	pending list // comments and NAGs read before the level's first move
	moved   bool // a move has been read at this level
	// nags is the set of NAGs of nagsOf, the list the level's NAGs went
	// to last (None: pending; the zero level's Root: none): a move's NAGs
	// are a set, a NAG read again dropped as it comes.
	nags   nagSet
	nagsOf Node
}

// newNAG reports whether nag is new to the list the level's NAGs go to now,
// its last move's (pending's before its first move), and adds it to the
// level's set. The set changes hands here, at a NAG, not at every move.
func (l *level) newNAG(nag byte) bool {
	owner := None
	if l.moved {
		owner = l.node
	}
	if l.nagsOf != owner {
		l.nags, l.nagsOf = nagSet{}, owner
	}
	return l.nags.add(nag)
}

// nagSet is a set of NAGs, bit k of word k/64 for NAG k.
type nagSet [4]uint64

// add adds nag to s and reports whether s lacked it.
func (s *nagSet) add(nag byte) bool {
	w, bit := &s[nag>>6], uint64(1)<<(nag&63)
	if *w&bit != 0 {
		return false
	}
	*w |= bit
	return true
}

// NewBuilder returns a Builder of g. A nil g panics.
func NewBuilder(g *Game) *Builder {
	if g == nil {
		panic("pgn: NewBuilder: nil *Game")
	}
	b := &Builder{}
	b.Reset(g)
	return b
}

// Reset makes b build g, keeping b's memory; its next event must be
// Begin. A nil g panics.
func (b *Builder) Reset(g *Game) {
	if g == nil {
		panic("pgn: Builder.Reset: nil *Game")
	}
	b.g, b.state = g, stateNone
}

// refuse returns the error of an event b cannot take: it has no Game (the
// zero Builder), or no game has begun (Begin comes first). An event but
// Begin tests b.state alone, which Begin sets only with a Game.
func (b *Builder) refuse(method string) error {
	if b.g == nil {
		return &Error{Msg: "Builder." + method + ": the Builder has no Game (make it with NewBuilder)"}
	}
	return &Error{Msg: "Builder." + method + ": no game begun (Begin comes first)"}
}

// Game returns the game b builds.
func (b *Builder) Game() *Game { return b.g }

// Begin empties the game: no tags, no moves, the standard start. info
// may be nil (the game then takes no warnings from it).
func (b *Builder) Begin(info *GameInfo) error {
	if b.g == nil {
		return b.refuse("Begin")
	}
	b.state = stateStandard
	g := b.g
	g.Tags = g.Tags[:0] // the last game's strings kept in place, for Tag to reuse
	b.start, b.chess960, b.variant, b.fenErr = movegen.StartPosition(), false, variant.NoVariant, nil
	g.reset(&b.start)
	b.info = info
	b.stack = b.stack[:0]
	b.tagText, b.tagNew = b.tagText[:0], b.tagNew[:0]
	b.cur = level{node: Root, prev: None}
	b.cur.pos[0] = g.start
	return nil
}

// The Builder's states.
const (
	stateNone     = iota // no game begun
	stateStandard        // a game begun: standard chess, until a variant game's Movetext
	stateVariant         // a variant game's movetext
)

// Tag adds the tag pair; a FEN tag sets the start position, a Variant tag
// Chess960 or one of package variant's variants (by python-chess's names
// of them, case aside: "Crazyhouse", "Atomic", "Antichess", "King of the
// Hill", "Three-check", "Horde", "Racing Kings", "ZH", "3check", ...). A
// FEN tag that is no position of standard chess is the game's error at
// Movetext unless a Variant tag names a variant: a variant game's FEN is
// read in its variant at Movetext, whichever of the two tags comes first.
func (b *Builder) Tag(name, value []byte) error {
	if b.state == stateNone {
		return b.refuse("Tag")
	}
	if len(name) == 0 {
		return &Error{Msg: "Builder.Tag: an empty tag name"}
	}
	b.keepTag(name, value)
	switch string(name) {
	case "FEN":
		if b.variant != variant.NoVariant {
			return nil // read at Movetext, in the variant
		}
		p, err := movegen.ParseFEN(string(value))
		if err != nil {
			b.fenErr = err // the game's error unless a Variant tag follows
			return nil
		}
		b.start, b.fenErr = p, nil
	case "Variant":
		v, chess960, ok := tagVariant(string(value))
		if !ok {
			return &Error{Msg: fmt.Sprintf("variant %q: not one this package reads (standard chess, Chess960, Crazyhouse, Atomic, Antichess, King of the Hill, Three-check, Horde, Racing Kings)", value)}
		}
		b.chess960, b.variant = chess960, v
	}
	return nil
}

// keepTag adds the tag pair to the game, as read. The reader gives a
// Builder the tag pairs after one its Tag refused (a FEN that is no
// position, a variant it does not read) this way, so that the broken game
// holds every tag.
func (b *Builder) keepTag(name, value []byte) {
	g := b.g
	i := len(g.Tags)
	var tg Tag
	if i < cap(g.Tags) && g.Tags[:i+1][i].Name == string(name) {
		tg.Name = g.Tags[:i+1][i].Name // the last game's tag in this slot
	} else if known, ok := knownTags[string(name)]; ok {
		tg.Name = known
	} else {
		b.newTagText(i, name, false)
	}
	if i < cap(g.Tags) && g.Tags[:i+1][i].Value == string(value) {
		tg.Value = g.Tags[:i+1][i].Value // the last game's value in this slot
	} else {
		b.newTagText(i, value, true)
	}
	g.Tags = append(g.Tags, tg)
}

// newTagText keeps text as tag i's name or value, made a string with the
// game's other new tag texts at Movetext.
func (b *Builder) newTagText(i int, text []byte, value bool) {
	b.tagNew = append(b.tagNew, tagText{int32(i), int32(len(b.tagText)), int32(len(text)), value})
	b.tagText = append(b.tagText, text...)
}

// tagStrings gives the game's new tag names and values their strings: one
// string for them all.
func (b *Builder) tagStrings() {
	if len(b.tagNew) == 0 {
		return
	}
	g := b.g
	text := string(b.tagText)
	for _, n := range b.tagNew {
		if n.value {
			g.Tags[n.i].Value = text[n.off : n.off+n.n]
		} else {
			g.Tags[n.i].Name = text[n.off : n.off+n.n]
		}
	}
	b.tagText, b.tagNew = b.tagText[:0], b.tagNew[:0]
}

// knownTags are the tag names Read gives without allocating.
var knownTags = func() map[string]string {
	m := map[string]string{}
	for _, n := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result",
		"WhiteElo", "BlackElo", "WhiteTitle", "BlackTitle", "WhiteRatingDiff", "BlackRatingDiff",
		"WhiteFideId", "BlackFideId", "WhiteTeam", "BlackTeam", "ECO", "Opening", "Variation",
		"TimeControl", "Termination", "Annotator", "PlyCount", "EventDate", "EventType",
		"UTCDate", "UTCTime", "Time", "Mode", "FEN", "SetUp", "Variant", "Board", "Source", "SourceDate"} {
		m[n] = n
	}
	return m
}()

// anyFold reports whether s is one of names, case aside.
func anyFold(s string, names ...string) bool {
	for _, n := range names {
		if strings.EqualFold(s, n) {
			return true
		}
	}
	return false
}

// containsFold reports whether s contains sub, case aside.
func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

// Movetext sets the start position the tags gave.
func (b *Builder) Movetext() error {
	if b.state == stateNone {
		return b.refuse("Movetext")
	}
	b.tagStrings()
	if b.variant != variant.NoVariant {
		return b.variantMovetext()
	}
	if b.fenErr != nil {
		return b.fenError()
	}
	start := b.start
	if b.chess960 {
		start.SetChess960(true) // never an error when switching on
	}
	g := b.g
	warnings := g.Warnings
	g.reset(&start)
	g.Warnings = warnings
	b.cur = level{node: Root, prev: None}
	b.cur.pos[0] = start
	if b.tagsOnly {
		return SkipMovetext
	}
	return nil
}

// Move parses the move at the current position and adds it to the game.
func (b *Builder) Move(s []byte) error {
	if b.state != stateStandard {
		return b.otherMove(s) // a variant game's, or no game begun
	}
	if len(s) == 0 {
		return &Error{Msg: "Builder.Move: an empty move"}
	}
	g, cur := b.g, &b.cur
	var m movegen.Move
	pos := &cur.pos[cur.at]
	after := &cur.pos[cur.at^1]
	switch {
	case string(s) == "--" || string(s) == "Z0":
		if pos.InCheck() {
			return &Error{Msg: fmt.Sprintf("move %s %s: a null move, but %s is in check", moveNumber(pos), s, pos.Side())}
		}
	case string(s) == "e.p.":
		// "exd6 e.p.": the move before must have been en passant.
		if !cur.moved || !g.nodes[cur.node].move.IsEnPassant() {
			return &Error{Msg: "e.p. after a move that is not an en-passant capture"}
		}
		return nil
	default:
		var err error
		// SAN, long algebraic notation (e2-e4) and coordinate notation
		// (g1f3), as ParseSAN reads them.
		m, err = pos.ParseSAN(unsafe.String(&s[0], len(s))) // ParseSAN keeps no reference to it
		if err != nil {
			var se *movegen.SANError
			msg := err.Error()
			if errors.As(err, &se) {
				msg = se.Msg
			}
			return &Error{Msg: fmt.Sprintf("move %s %s: %s", moveNumber(pos), s, msg), Err: err}
		}
	}
	if b.SkipVariations {
		// No variation asks for the position before the move: play it
		// in place.
		play(pos, m)
	} else {
		*after = *pos
		play(after, m)
		cur.at ^= 1
	}
	n := g.add(cur.node, m)
	if cur.pending.head != 0 {
		if cur.nagsOf == None {
			cur.nagsOf = n // pending's NAGs are n's
		}
		g.nodes[n].notes = cur.pending
		cur.pending = list{}
	}
	cur.prev, cur.node = cur.node, n
	cur.moved = true
	return nil
}

// otherMove is Move outside a standard game's movetext: a variant game's
// move, or the refusal of a move before Begin. One call, so that the
// standard game's Move pays for no more than the test of b.state.
func (b *Builder) otherMove(s []byte) error {
	if b.state == stateVariant {
		return b.variantMove(s)
	}
	return b.refuse("Move")
}

// fenError is the error of a FEN tag movegen refused in a standard game.
func (b *Builder) fenError() error {
	return &Error{Msg: "FEN tag: " + strings.TrimPrefix(b.fenErr.Error(), "movegen: "), Err: b.fenErr}
}

// moveNumber writes a move's number as PGN does: "12." before White's
// move, "12..." before Black's.
func moveNumber(p *movegen.Position) string {
	n := strconv.Itoa(p.FullmoveNumber())
	if p.Side() == movegen.Black {
		return n + "..."
	}
	return n + "."
}

// note adds a comment or NAG read at the current level: after its last
// move; before the game's first move, the game's (the root's); before a
// variation's first move, that move's when it comes.
func (b *Builder) note(nt note) {
	g, cur := b.g, &b.cur
	if nt.kind == noteNAG && !cur.newNAG(nt.nag) {
		return // the move has it
	}
	if cur.moved || cur.node == Root && len(b.stack) == 0 && nt.kind != noteNAG {
		g.addNote(cur.node, nt)
		return
	}
	if nt.kind == noteAfter {
		nt.kind = noteBefore
	}
	i := int32(len(g.notes))
	g.notes = append(g.notes, nt)
	if cur.pending.head == 0 {
		cur.pending.head = i
	} else {
		g.notes[cur.pending.tail].next = i
	}
	cur.pending.tail = i
}

// Comment adds the comment.
func (b *Builder) Comment(text []byte) error {
	if b.state == stateNone {
		return b.refuse("Comment")
	}
	if len(text) == 0 {
		return nil // an empty comment says nothing
	}
	g := b.g
	off := uint32(len(g.text))
	g.text = append(g.text, text...)
	b.note(note{kind: noteAfter, text: span{off, uint32(len(text))}})
	return nil
}

// NAG adds the NAG to the last move ($0, the null annotation, is none).
func (b *Builder) NAG(nag byte) error {
	if b.state == stateNone {
		return b.refuse("NAG")
	}
	if nag != 0 {
		b.note(note{kind: noteNAG, nag: nag})
	}
	return nil
}

// BeginVariation begins a variation: an alternative to the last move.
func (b *Builder) BeginVariation() error {
	if b.state == stateNone {
		return b.refuse("BeginVariation")
	}
	if !b.cur.moved {
		return &Error{Msg: "a variation before any move it could replace"}
	}
	if b.SkipVariations {
		return SkipVariation
	}
	b.stack = append(b.stack, b.cur)
	v := level{node: b.cur.prev, prev: None}
	v.pos[0] = b.cur.pos[b.cur.at^1]
	b.cur = v
	if b.state == stateVariant {
		b.vstack = append(b.vstack, b.vcur)
		b.vcur = vlevel{pos: [2]variant.Position{b.vcur.pos[b.vcur.at^1]}}
	}
	return nil
}

// EndVariation ends the variation. What a variation without a move held
// goes to the move before it.
func (b *Builder) EndVariation() error {
	if b.state == stateNone {
		return b.refuse("EndVariation")
	}
	if len(b.stack) == 0 {
		return &Error{Msg: "a ) closes no variation"}
	}
	pending := b.cur.pending
	b.cur = b.stack[len(b.stack)-1]
	b.stack = b.stack[:len(b.stack)-1]
	if b.state == stateVariant {
		b.vcur = b.vstack[len(b.vstack)-1]
		b.vstack = b.vstack[:len(b.vstack)-1]
	}
	if pending.head != 0 {
		g := b.g
		for i := pending.head; i != 0; {
			next := g.notes[i].next
			g.notes[i].next = 0
			if nt := &g.notes[i]; nt.kind == noteNAG && !b.cur.newNAG(nt.nag) {
				g.dropNote(i) // the move before has it
				i = next
				continue
			}
			if g.notes[i].kind == noteBefore {
				g.notes[i].kind = noteAfter
			}
			l := &g.nodes[b.cur.node].notes
			if l.head == 0 {
				l.head = i
			} else {
				g.notes[l.tail].next = i
			}
			l.tail = i
			i = next
		}
	}
	return nil
}

// End sets the game's result: its marker, or, without one, its Result
// tag's value if that is a marker, else "*".
func (b *Builder) End(result string) error {
	if b.state == stateNone {
		return b.refuse("End")
	}
	if result != "" && !isResult(result) {
		return &Error{Msg: fmt.Sprintf("Builder.End: result %q: want 1-0, 0-1, 1/2-1/2, * or \"\" (none)", result)}
	}
	g := b.g
	if result == "" {
		result = "*"
		b.tagStrings() // a game of tags alone has had no Movetext
		if b.state == stateStandard && b.fenErr != nil && b.variant == variant.NoVariant {
			return b.fenError()
		}
		if res, ok := g.Tag("Result"); ok && isResult(res) {
			result = resultString(res)
		}
	}
	g.Result = result
	b.done()
	return nil
}

// done ends the game being built: the node last added and its position
// kept, the reader's warnings copied.
func (b *Builder) done() {
	g := b.g
	b.tagStrings()
	for len(b.stack) > 0 {
		b.cur = b.stack[len(b.stack)-1]
		b.stack = b.stack[:len(b.stack)-1]
	}
	g.last, g.lastPos = b.cur.node, b.cur.pos[b.cur.at]
	if b.state == stateVariant {
		if len(b.vstack) > 0 {
			b.vcur = b.vstack[0]
		}
		b.vstack = b.vstack[:0]
		g.vs.last = b.vcur.pos[b.vcur.at]
	}
	if b.info != nil {
		g.Warnings = append(g.Warnings[:0], b.info.Warnings...)
	}
}

// fail ends a game that could not be read: it keeps what was read.
func (b *Builder) fail() {
	if b.state == stateNone {
		return
	}
	if b.g.nodes == nil {
		b.g.init()
	}
	b.done()
}
