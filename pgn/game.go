// Package pgn reads and writes chess games in Portable Game Notation on
// package movegen: a Reader that streams games from any io.Reader into a
// Visitor (a Game built by one, or any other consumer of the events: tags,
// moves as SAN text, comments, NAGs, variations, the result), every move
// checked as the Game is built; limits that bound its memory whatever the
// input; a Writer of the PGN export format with options; and Game, a game
// record: its tags in order, its start position, its moves as a tree of
// variations with their comments and NAGs, and its result.
//
// Reading:
//
//	r := pgn.NewReader(f)
//	var g pgn.Game
//	for {
//		err := r.Read(&g)
//		if err == io.EOF {
//			break
//		}
//		if err != nil {
//			log.Print(err) // a *pgn.Error: game, line, column, what; the next Read goes on
//			continue
//		}
//		for n, pos := range g.MainlineNodes() { // each move's node and the position after it
//			...
//		}
//	}
//
// Reading into the same Game reuses its memory: once the Game has grown to
// the file's games, reading a move allocates nothing. Reader.Visit streams a
// game into any Visitor: a program that needs only the tags returns
// SkipMovetext and pays for no move.
//
// Writing:
//
//	g := pgn.NewGame()             // the standard start, the Seven Tag Roster
//	g.SetTag("White", "Kasparov")
//	g.Play(m)                      // a legal move at the end of the main line
//	w := pgn.NewWriter(os.Stdout)
//	err := w.Write(g)
//
// A Node is a position of the game tree: the root (the start position) or
// the position after a move. The main line runs from the root through each
// node's first child; a node's other children begin variations, alternatives
// to its first child's move. Node values are indexes into their Game, valid
// until the Game is read into or reset. A method that reads a node the
// Game does not have returns the zero value; one that changes it panics,
// naming the method and the node.
//
// A Game holds slices: a copy of a Game value (kept := g) shares them with
// g, and the next Read into g changes what kept holds. Clone makes a copy
// that shares nothing.
package pgn

import (
	"fmt"
	"iter"
	"strings"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/variant"
)

// Tag is a tag pair of a game's tag section: [Name "Value"].
type Tag struct {
	Name, Value string
}

// Node is a position in a game's tree: Root, or the position after a move.
type Node int32

// Root is the node of the start position, before any move.
const Root Node = 0

// None is no node: the answer of Next and its kin where there is none.
const None Node = -1

// node is a Node's record.
type node struct {
	move                      movegen.Move
	odd                       bool // an odd number of moves from the root: the start's other side is to move
	parent, child, last, next Node // last: the last child; next: the parent's next child
	notes                     list // the node's comments and NAGs, in the order read
}

// list is a linked list of a node's notes: indexes into Game.notes, 0 for
// none (notes[0] is never used).
type list struct{ head, tail int32 }

// A note is a comment or a NAG of a node.
type note struct {
	next int32
	kind uint8 // noteBefore, noteAfter or noteNAG
	nag  uint8
	text span
}

const (
	noteAfter  = iota // a comment after the node's move (the root's: the game's)
	noteBefore        // a comment before the node's move
	noteNAG
)

// span is a part of Game.text: text[off : off+n].
type span struct{ off, n uint32 }

// Game is a game record. The zero Game is an empty game from the standard
// start with no tags and result "*"; NewGame gives one with the Seven Tag
// Roster. A Game holds no pointers into what it was read from. A game of
// one of lichess's variants (a Variant tag naming it, ResetVariant,
// FromVariantMoves) holds package variant's positions and moves: see
// Variant.
type Game struct {
	// Tags are the game's tag pairs in their order, as read.
	Tags []Tag
	// Result is the game termination marker, as read: "1-0", "0-1",
	// "1/2-1/2" or "*" (the game goes on, or its result is unknown). It
	// and the Result tag are kept apart, each as read: SetResult sets
	// both.
	Result string
	// Warnings are what Read read but the PGN standard does not allow
	// (a result written "1/2", a stray "}" or ")", ...), each a *Error
	// naming its place; Read fills them, a Reader in Strict mode makes
	// each an error instead. At most MaxWarnings are kept.
	Warnings []*Error

	start   movegen.Position
	started bool // start is set (the zero Game's is the standard start)
	nodes   []node
	notes   []note
	text    []byte // the notes' texts

	// The last node added and its position: a game grows at its end, so
	// Play and AddMove need not replay from the root.
	last    Node
	lastPos movegen.Position

	edits edits // the nodes, notes and text RemoveVariation freed

	// A variant game's variant (NoVariant: standard chess), and its start
	// and last positions (see Variant), kept from game to game.
	variant variant.Variant
	vs      *variantGame
}

// NewGame returns a game from the standard start position with the Seven
// Tag Roster ("?" for every value unknown, Date "????.??.??", Result "*").
func NewGame() *Game {
	g := &Game{}
	g.Reset(movegen.StartPosition())
	for _, t := range sevenTags {
		g.SetTag(t.Name, t.Value)
	}
	return g
}

// sevenTags is the Seven Tag Roster with the values of an unknown game.
var sevenTags = [7]Tag{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"},
}

// Reset empties the game's moves, comments, NAGs, warnings and result and
// sets its start position; the tags stay. It keeps the game's memory for
// reuse. A start without a king of each side (the zero Position) panics:
// no game starts there.
func (g *Game) Reset(start movegen.Position) {
	if start.Pieces(movegen.White, movegen.King) == 0 || start.Pieces(movegen.Black, movegen.King) == 0 {
		panic("pgn: Game.Reset: a start position without a king of each side (the zero Position?)")
	}
	g.reset(&start)
}

// reset is Reset of a start known to have its kings (the standard start,
// a FEN's position): the Builder's, once or twice a game.
func (g *Game) reset(start *movegen.Position) {
	g.start, g.started = *start, true
	g.nodes = append(g.nodes[:0], node{parent: None, child: None, last: None, next: None})
	g.notes = append(g.notes[:0], note{})
	g.text = g.text[:0]
	g.Result = "*"
	clear(g.Warnings)
	g.Warnings = g.Warnings[:0]
	g.last, g.lastPos = Root, *start
	g.edits = edits{}
	g.variant = variant.NoVariant
}

// init gives the zero Game its root.
func (g *Game) init() {
	if !g.started {
		start := movegen.StartPosition()
		g.reset(&start)
	}
}

// Clone returns a copy of g that shares no memory with it.
func (g *Game) Clone() *Game {
	c := *g
	c.Tags = append([]Tag(nil), g.Tags...)
	c.Warnings = append([]*Error(nil), g.Warnings...)
	c.nodes = append([]node(nil), g.nodes...)
	c.notes = append([]note(nil), g.notes...)
	c.text = append([]byte(nil), g.text...)
	if g.vs != nil {
		vs := *g.vs
		c.vs = &vs
	}
	return &c
}

// Start returns the position the game starts from.
func (g *Game) Start() movegen.Position {
	g.init()
	if g.variant != variant.NoVariant {
		return movegen.Position{}
	}
	return g.start
}

// Tag returns the value of the first tag named name, and whether there is
// one.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// SetTag sets the value of the first tag named name, or adds the tag at
// the end. A name must be a PGN symbol (letters, digits and _+#=:-/,
// starting with a letter or digit) and a value one line (no line break):
// anything else is a *Error, and changes nothing. The Result tag is the
// tag alone: the termination marker is Result (SetResult sets both).
func (g *Game) SetTag(name, value string) error {
	if !isTagName(name) {
		return &Error{Msg: fmt.Sprintf("Game.SetTag: tag name %q: want letters, digits and _+#=:-/, starting with a letter or digit", name)}
	}
	if strings.ContainsAny(value, "\n\r") {
		return &Error{Msg: fmt.Sprintf("Game.SetTag: tag %s: the value %q holds a line break", name, value)}
	}
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return nil
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
	return nil
}

// SetResult sets the game's result: the termination marker (Result) and
// the Result tag both, the tag added if the game has none. r must be
// "1-0", "0-1", "1/2-1/2" or "*": anything else is a *Error, and changes
// nothing.
func (g *Game) SetResult(r string) error {
	if !isResult(r) {
		return &Error{Msg: fmt.Sprintf("Game.SetResult: result %q: want 1-0, 0-1, 1/2-1/2 or *", r)}
	}
	g.Result = resultString(r)
	return g.SetTag("Result", g.Result)
}

// RemoveTag removes every tag named name.
func (g *Game) RemoveTag(name string) {
	tags := g.Tags[:0]
	for _, t := range g.Tags {
		if t.Name != name {
			tags = append(tags, t)
		}
	}
	clear(g.Tags[len(tags):])
	g.Tags = tags
}

func isTagName(s string) bool {
	if s == "" || !isAlnum(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isSymbolByte(s[i]) {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool { return class[c]&cAlnum != 0 }

// isSymbolByte reports whether c continues a PGN symbol.
func isSymbolByte(c byte) bool { return class[c]&cSymbol != 0 }

// isMoveByte reports whether c continues a symbol of the movetext: a PGN
// symbol's bytes and @, which a drop holds (N@f3, @e4).
func isMoveByte(c byte) bool { return class[c]&(cSymbol|cAt) != 0 }

// isSpace reports whether c is white space within a line.
func isSpace(c byte) bool { return class[c]&cSpace != 0 }

// The classes of bytes that the reader tells apart.
const (
	cAlnum = 1 << iota
	cSymbol
	cSpace
	cSkip // a byte the skipping of movetext must look at
	cAt   // @, of a drop
)

var class = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			t[c] |= cAlnum | cSymbol
		}
	}
	for _, c := range "_+#=:-/" {
		t[c] |= cSymbol
	}
	t['@'] |= cAt
	for _, c := range " \t\r\f\v" {
		t[c] |= cSpace
	}
	for _, c := range "{};()*[%\n10" {
		t[c] |= cSkip
	}
	return t
}()

// Len returns the number of nodes: the root and one a move, variations
// included (RemoveVariation's nodes no longer counted).
func (g *Game) Len() int {
	g.init()
	return len(g.nodes) - int(g.edits.nfree)
}

// valid reports whether n is a node of g (the zero Game has its root): one
// of its slice that RemoveVariation has not freed (a freed node has no
// parent).
func (g *Game) valid(n Node) bool {
	g.init()
	return n >= 0 && int(n) < len(g.nodes) && (n == Root || g.nodes[n].parent != None)
}

// mustNode panics, naming the method fn, when n is no node of g: a change
// asked of a node the game does not have.
func (g *Game) mustNode(fn string, n Node) {
	if !g.valid(n) {
		panic(fmt.Sprintf("pgn: Game.%s: node %d is not in the game (never one of its nodes 0 to %d, or removed)", fn, n, len(g.nodes)-1))
	}
}

// Move returns the move that leads to n (NoMove for the root, and for a
// null move).
func (g *Game) Move(n Node) movegen.Move {
	if !g.valid(n) || g.variant != variant.NoVariant {
		return movegen.NoMove
	}
	return g.nodes[n].move
}

// Parent returns the node before n's move (None for the root).
func (g *Game) Parent(n Node) Node {
	if !g.valid(n) {
		return None
	}
	return g.nodes[n].parent
}

// Next returns n's main continuation, its first child, or None.
func (g *Game) Next(n Node) Node {
	g.init()
	if !g.valid(n) {
		return None
	}
	return g.nodes[n].child
}

// Sibling returns the next alternative to n's move at its parent (the
// next child of its parent), or None.
func (g *Game) Sibling(n Node) Node {
	if !g.valid(n) {
		return None
	}
	return g.nodes[n].next
}

// Children appends n's children to dst, the main continuation first, then
// the variations in order, and returns it.
func (g *Game) Children(dst []Node, n Node) []Node {
	for c := g.Next(n); c != None; c = g.nodes[c].next {
		dst = append(dst, c)
	}
	return dst
}

// IsMainline reports whether n is on the main line: the root, or a node
// reached from it through first children alone.
func (g *Game) IsMainline(n Node) bool {
	if !g.valid(n) {
		return false
	}
	for n != Root {
		p := g.nodes[n].parent
		if g.nodes[p].child != n {
			return false
		}
		n = p
	}
	return true
}

// Depth returns the number of moves from the root to n (0 for the root).
func (g *Game) Depth(n Node) int {
	d := 0
	for g.valid(n) && n != Root {
		n = g.nodes[n].parent
		d++
	}
	return d
}

// beforeNode is the node that holds n's starting comments: the root for the
// root and its main continuation (the game's first move), n itself for any
// other.
func (g *Game) beforeNode(n Node) Node {
	if n == Root || g.nodes[n].parent == Root && g.nodes[Root].child == n {
		return Root
	}
	return n
}

// kindBefore is the kind of the notes that are n's starting comments.
func (g *Game) kindBefore(n Node) uint8 {
	if g.beforeNode(n) == Root {
		return noteAfter // the root's own comments: the game's
	}
	return noteBefore
}

// Comments returns the comments after n's move, each as read, in their
// order (for the root: the comments before the first move, the game's,
// which are the first move's starting comments too). A comment read is its
// text between the braces, or after the ";" to the line's end, white space
// trimmed at both ends and each line break inside read as a space.
func (g *Game) Comments(n Node) []string {
	if !g.valid(n) {
		return nil
	}
	return g.texts(n, noteAfter)
}

// Comment returns n's comments (Comments) joined by single spaces, "" for
// none.
func (g *Game) Comment(n Node) string { return strings.Join(g.Comments(n), " ") }

// StartingComments returns the comments before n's move: those that open a
// variation or, for the root and its main continuation (the game's first
// move), the game's (the root's Comments: the text cannot tell the two
// apart, so they are one), followed, for a game's first move that a tree
// edit made the first, by those it had.
func (g *Game) StartingComments(n Node) []string {
	if !g.valid(n) {
		return nil
	}
	s := g.texts(g.beforeNode(n), g.kindBefore(n))
	if n != Root && g.beforeNode(n) == Root {
		s = append(s, g.texts(n, noteBefore)...)
	}
	return s
}

// StartingComment returns n's starting comments joined by single spaces.
func (g *Game) StartingComment(n Node) string { return strings.Join(g.StartingComments(n), " ") }

// texts returns the texts of n's notes of kind k.
func (g *Game) texts(n Node, k uint8) []string {
	var s []string
	for i := g.nodes[n].notes.head; i != 0; i = g.notes[i].next {
		if nt := &g.notes[i]; nt.kind == k {
			s = append(s, string(g.text[nt.text.off:nt.text.off+nt.text.n]))
		}
	}
	return s
}

// NAGs returns the Numeric Annotation Glyphs of n's move ($1 is "!", $2
// "?", ...), each once, in the order first read or added, in a new slice
// (nil for none).
func (g *Game) NAGs(n Node) []byte {
	if !g.valid(n) {
		return nil
	}
	var s []byte
	for i := g.nodes[n].notes.head; i != 0; i = g.notes[i].next {
		if g.notes[i].kind == noteNAG {
			s = append(s, g.notes[i].nag)
		}
	}
	return s
}

// SetComment makes text n's one comment after its move (for the root: the
// game's comment, before the first move), replacing those it had; ""
// removes them.
func (g *Game) SetComment(n Node, text string) {
	g.mustNode("SetComment", n)
	g.removeNotes(n, noteAfter)
	g.AddComment(n, text)
	g.reclaim()
}

// AddComment adds text as a comment after n's move, after those it has
// (for the root: a comment of the game's, before the first move). "" adds
// nothing.
func (g *Game) AddComment(n Node, text string) {
	g.mustNode("AddComment", n)
	if text != "" {
		g.addNote(n, note{kind: noteAfter, text: g.store(text)})
	}
}

// SetStartingComment makes text the one comment before n's move,
// replacing those it had (for the root and the game's first move alike,
// the game's comment); "" removes them.
func (g *Game) SetStartingComment(n Node, text string) {
	g.mustNode("SetStartingComment", n)
	b := g.beforeNode(n)
	g.removeNotes(b, g.kindBefore(n))
	if b != n {
		g.removeNotes(n, noteBefore) // a first move's own, which a tree edit made the first
	}
	g.AddStartingComment(n, text)
	g.reclaim()
}

// AddStartingComment adds text as a comment before n's move, after those
// it has. "" adds nothing.
func (g *Game) AddStartingComment(n Node, text string) {
	g.mustNode("AddStartingComment", n)
	if text != "" {
		g.addNote(g.beforeNode(n), note{kind: g.kindBefore(n), text: g.store(text)})
	}
}

// AddNAG adds a Numeric Annotation Glyph to n's move (1 to 255; the root
// has no move, and 0 is no NAG: either panics), unless the move has it:
// a move's NAGs are a set, as python-chess keeps them, in the order first
// added.
func (g *Game) AddNAG(n Node, nag byte) {
	g.mustNode("AddNAG", n)
	if n == Root || nag == 0 {
		panic(fmt.Sprintf("pgn: Game.AddNAG: NAG %d on node %d: a NAG is 1 to 255, on a move (the root has none)", nag, n))
	}
	for i := g.nodes[n].notes.head; i != 0; i = g.notes[i].next {
		if g.notes[i].kind == noteNAG && g.notes[i].nag == nag {
			return
		}
	}
	g.addNote(n, note{kind: noteNAG, nag: nag})
}

// RemoveNAGs removes n's NAGs.
func (g *Game) RemoveNAGs(n Node) {
	g.mustNode("RemoveNAGs", n)
	g.removeNotes(n, noteNAG)
	g.reclaim()
}

// addNote appends nt to n's notes and returns its index.
func (g *Game) addNote(n Node, nt note) int32 {
	i := int32(len(g.notes))
	g.notes = append(g.notes, nt)
	l := &g.nodes[n].notes
	if l.head == 0 {
		l.head = i
	} else {
		g.notes[l.tail].next = i
	}
	l.tail = i
	return i
}

// removeNotes takes n's notes of kind k off its list, counting them dead
// (Game.reclaim reclaims them and their texts).
func (g *Game) removeNotes(n Node, k uint8) {
	var l list
	for i := g.nodes[n].notes.head; i != 0; {
		next := g.notes[i].next
		if g.notes[i].kind == k {
			g.dropNote(i)
		} else {
			g.notes[i].next = 0
			if l.head == 0 {
				l.head = i
			} else {
				g.notes[l.tail].next = i
			}
			l.tail = i
		}
		i = next
	}
	g.nodes[n].notes = l
}

// store appends text to g.text and returns its span.
func (g *Game) store(text string) span {
	off := uint32(len(g.text))
	g.text = append(g.text, text...)
	return span{off, uint32(len(text))}
}

// Mainline appends the main line's moves to dst and returns it.
func (g *Game) Mainline(dst []movegen.Move) []movegen.Move {
	if g.variant != variant.NoVariant {
		return dst
	}
	for n := g.Next(Root); n != None; n = g.nodes[n].child {
		dst = append(dst, g.nodes[n].move)
	}
	return dst
}

// MainlineNodes returns an iterator over the main line: each move's node, in
// order from the game's first, and the position after it (the position
// before the first is Start). It replays each move once, allocating
// nothing.
func (g *Game) MainlineNodes() iter.Seq2[Node, movegen.Position] {
	return func(yield func(Node, movegen.Position) bool) {
		g.init()
		if g.variant != variant.NoVariant {
			return
		}
		p := g.start
		for n := g.nodes[Root].child; n != None; n = g.nodes[n].child {
			play(&p, g.nodes[n].move)
			if !yield(n, p) {
				return
			}
		}
	}
}

// Nodes returns an iterator over every node of the tree but the root, with
// the position at it (after its move), depth first in the order the export
// format writes the moves' alternatives aside: each node before its
// children, a node's children in order (its main continuation first). It
// replays each move once and keeps one position a move of the path from
// the root.
func (g *Game) Nodes() iter.Seq2[Node, movegen.Position] {
	return func(yield func(Node, movegen.Position) bool) {
		g.init()
		if g.variant != variant.NoVariant {
			return
		}
		path := []movegen.Position{g.start} // path[d]: the position at the current node's ancestor at depth d
		n := g.nodes[Root].child
		for n != None {
			p := path[len(path)-1]
			play(&p, g.nodes[n].move)
			if !yield(n, p) {
				return
			}
			if c := g.nodes[n].child; c != None {
				path = append(path, p)
				n = c
				continue
			}
			// Up to the nearest node with a next sibling.
			for n != None && g.nodes[n].next == None {
				n = g.nodes[n].parent
				if n == Root || n == None {
					return
				}
				path = path[:len(path)-1]
			}
			if n != None {
				n = g.nodes[n].next
			}
		}
	}
}

// MainlineEnd returns the last node of the main line (Root for a game
// without moves).
func (g *Game) MainlineEnd() Node {
	n := Root
	for c := g.Next(Root); c != None; c = g.nodes[c].child {
		n = c
	}
	return n
}

// End returns the position after the main line.
func (g *Game) End() movegen.Position { return g.Position(g.MainlineEnd()) }

// Position returns the position at n: the start position with the moves
// that lead to n played (the start position for a node not of g). It
// replays the moves from the start (but for the node last added, whose
// position is kept): to visit positions in turn, use MainlineNodes or Nodes.
func (g *Game) Position(n Node) movegen.Position {
	g.init()
	if g.variant != variant.NoVariant {
		return movegen.Position{}
	}
	if !g.valid(n) {
		return g.start
	}
	if n == g.last {
		return g.lastPos
	}
	var path [64]movegen.Move
	moves := path[:0]
	for ; n != Root; n = g.nodes[n].parent {
		moves = append(moves, g.nodes[n].move)
	}
	p := g.start
	for i := len(moves) - 1; i >= 0; i-- {
		play(&p, moves[i])
	}
	return p
}

// side returns the side to move at n, a node of g: the start's, or the
// other where an odd number of moves (null moves too) lead to n.
func (g *Game) side(n Node) movegen.Color {
	c := g.start.Side()
	if g.variant != variant.NoVariant {
		c = g.vs.start.Side()
	}
	if g.nodes[n].odd {
		c = c.Other()
	}
	return c
}

// SAN returns the move that leads to n in Standard Algebraic Notation
// ("--" for a null move, "" for the root). It replays the moves to n's
// parent, as Position does; in a loop over MainlineNodes or Nodes, the position
// before the move is at hand: p.SAN(g.Move(n)).
func (g *Game) SAN(n Node) string {
	if !g.valid(n) || n == Root {
		return ""
	}
	m := g.nodes[n].move
	if g.variant != variant.NoVariant {
		return g.variantSAN(n)
	}
	if m == movegen.NoMove {
		return "--"
	}
	p := g.Position(g.nodes[n].parent)
	return p.SAN(m)
}

// Play adds the move m at the end of the main line and returns its node;
// m must be legal there (NoMove, the null move, when the side to move is
// not in check): else it is a *Error (AddMove's), and nothing changes.
func (g *Game) Play(m movegen.Move) (Node, error) { return g.AddMove(g.MainlineEnd(), m) }

// AddMove adds the move m after n: as n's main continuation when n has
// none, else as a new variation after n's last. m must be legal at n
// (NoMove, the null move, when the side to move is not in check): else it
// is a *Error wrapping the *movegen.MoveError that says why, and nothing
// changes; a node the game does not have is a *Error too. It returns the
// new node. It takes a constant time but for the position at n (see
// Position).
func (g *Game) AddMove(n Node, m movegen.Move) (Node, error) {
	g.init()
	if g.variant != variant.NoVariant {
		return None, &Error{Msg: "Game.AddMove: a " + g.variant.String() + " game (AddVariantMove plays its moves)"}
	}
	if !g.valid(n) {
		return None, &Error{Msg: fmt.Sprintf("Game.AddMove: node %d is not in the game (never one of its nodes 0 to %d, or removed)", n, len(g.nodes)-1)}
	}
	p := g.Position(n)
	before := p
	if err := p.Play(m); err != nil {
		msg := err.Error()
		if me, ok := err.(*movegen.MoveError); ok {
			msg = "move " + me.UCI + " at " + before.FEN() + ": " + me.Msg
		}
		return None, &Error{Msg: "Game.AddMove: " + msg, Err: err}
	}
	c := g.add(n, m)
	g.last, g.lastPos = c, p
	return c, nil
}

// play makes m, a legal move of p or NoMove, the null move, when p is not
// in check.
func play(p *movegen.Position, m movegen.Move) {
	if m == movegen.NoMove {
		_ = p.PlayNull()
		return
	}
	p.PlayUnchecked(m)
}

// add appends a node for the move m after n, its last child, in constant
// time, and returns it: a node RemoveVariation freed, if any, else a new
// one at the slice's end.
func (g *Game) add(n Node, m movegen.Move) Node {
	nd := node{move: m, odd: !g.nodes[n].odd, parent: n, child: None, last: None, next: None}
	var c Node
	if c = g.edits.free; c != Root {
		g.edits.free, g.edits.nfree = g.nodes[c].next, g.edits.nfree-1
		g.nodes[c] = nd
	} else {
		c = Node(len(g.nodes))
		g.nodes = append(g.nodes, nd)
	}
	p := &g.nodes[n]
	if p.child == None {
		p.child = c
	} else {
		g.nodes[p.last].next = c
	}
	p.last = c
	return c
}

// Outcome returns how the game stands after its main line by the rules
// (movegen's Outcome: checkmate, stalemate, insufficient material, the
// seventy-five-move rule, fivefold repetition, the repetitions counted
// over the main line from the start). With claim, a draw the side to move
// may claim also ends it, as python-chess's outcome(claim_draw=True)
// counts one: by the fifty-move rule, the halfmove clock at 100 or the
// next move bringing it there without a capture or a pawn move, then by
// threefold repetition, the position's third occurrence now or after the
// next move. The termination marker (Result) says nothing here: a game
// may end by resignation, time or agreement, which the moves do not show.
func (g *Game) Outcome(claim bool) movegen.Outcome {
	g.init()
	if g.variant != variant.NoVariant {
		return movegen.Outcome{}
	}
	h := movegen.NewHistory(64)
	p := g.start
	h.Push(&p)
	for n := g.nodes[Root].child; n != None; n = g.nodes[n].child {
		play(&p, g.nodes[n].move)
		h.Push(&p)
	}
	if o := p.Outcome(h); o != (movegen.Outcome{}) || !claim {
		return o
	}
	var buf [movegen.MaxMoves]movegen.Move
	moves := p.LegalMoves(buf[:0])
	draw := movegen.Outcome{Result: movegen.Draw, Reason: movegen.FiftyMoves}
	if p.HalfmoveClock() >= movegen.FiftyMovePlies {
		return draw
	}
	if p.HalfmoveClock() >= movegen.FiftyMovePlies-1 {
		for _, m := range moves {
			if !p.IsCapture(m) && p.MovedPiece(m).Type() != movegen.Pawn {
				q := p
				q.PlayUnchecked(m)
				if q.CountMoves() > 0 {
					return draw
				}
			}
		}
	}
	draw.Reason = movegen.ThreefoldRepetition
	if p.ClaimableDraw(h) == movegen.ThreefoldRepetition {
		return draw
	}
	for _, m := range moves {
		if p.ClaimableDrawWith(h, m) == movegen.ThreefoldRepetition {
			return draw
		}
	}
	return movegen.Outcome{}
}
