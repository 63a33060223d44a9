// Package pgn reads and writes chess games in Portable Game Notation on
// package movegen: a Reader that streams games from any io.Reader, memory
// bounded by the largest game, every move checked as it is read; a Writer
// that writes the PGN export format; and Game, a game record: its tags in
// order, its start position, its moves as a tree of variations with their
// comments and NAGs, and its result.
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
//		moves := g.Mainline(buf[:0]) // []movegen.Move
//		end := g.End()               // the position after them
//		...
//	}
//
// Reading into the same Game reuses its memory: once the Game has grown to
// the file's games, reading a move allocates nothing.
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
// until the Game is read into or reset.
package pgn

import (
	"fmt"
	"strings"

	"github.com/symmagic/attacks/movegen"
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

// node is a Node's record. Texts are spans of Game.text.
type node struct {
	move                 movegen.Move
	parent, child, after Node // after: the parent's next child
	comment, before      span // the comment after the move, and before it
	nags                 span // NAG values, a byte each
}

// span is a part of Game.text: text[off : off+n].
type span struct{ off, n uint32 }

// Game is a game record. The zero Game is an empty game from the standard
// start with no tags and result "*"; NewGame gives one with the Seven Tag
// Roster. A Game holds no pointers into what it was read from.
type Game struct {
	// Tags are the game's tag pairs in their order.
	Tags []Tag
	// Result is the game termination marker: "1-0", "0-1", "1/2-1/2" or
	// "*" (the game goes on, or its result is unknown).
	Result string

	start   movegen.Position
	started bool // start is set (the zero Game's is the standard start)
	nodes   []node
	text    []byte // comments and NAGs of the nodes

	// The last node added and its position: a game grows at its end, so
	// Play and AddMove need not replay from the root.
	last    Node
	lastPos movegen.Position
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

// Reset empties the game's moves, comments and result and sets its start
// position; the tags stay. It keeps the game's memory for reuse.
func (g *Game) Reset(start movegen.Position) {
	g.start, g.started = start, true
	g.nodes = append(g.nodes[:0], node{parent: None, child: None, after: None})
	g.text = g.text[:0]
	g.Result = "*"
	g.last, g.lastPos = Root, start
}

// init gives the zero Game its root.
func (g *Game) init() {
	if !g.started {
		g.Reset(movegen.StartPosition())
	}
}

// Start returns the position the game starts from.
func (g *Game) Start() movegen.Position {
	g.init()
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
// starting with a letter or digit) and a value a line of printable text:
// anything else is an error, and changes nothing.
func (g *Game) SetTag(name, value string) error {
	if !isTagName(name) {
		return fmt.Errorf("pgn: tag name %q: want letters, digits and _+#=:-/, starting with a letter or digit", name)
	}
	if strings.ContainsAny(value, "\n\r") {
		return fmt.Errorf("pgn: tag %s: the value %q holds a line break", name, value)
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

// RemoveTag removes every tag named name.
func (g *Game) RemoveTag(name string) {
	tags := g.Tags[:0]
	for _, t := range g.Tags {
		if t.Name != name {
			tags = append(tags, t)
		}
	}
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

// isSpace reports whether c is white space within a line.
func isSpace(c byte) bool { return class[c]&cSpace != 0 }

// The classes of bytes that the reader tells apart.
const (
	cAlnum = 1 << iota
	cSymbol
	cSpace
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
	for _, c := range " \t\r\f\v" {
		t[c] |= cSpace
	}
	return t
}()

// Len returns the number of nodes: the root and one a move, variations
// included.
func (g *Game) Len() int {
	g.init()
	return len(g.nodes)
}

// valid reports whether n is a node of g.
func (g *Game) valid(n Node) bool { return n >= 0 && int(n) < len(g.nodes) }

// Move returns the move that leads to n (NoMove for the root, and for a
// null move).
func (g *Game) Move(n Node) movegen.Move {
	if !g.valid(n) {
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
	return g.nodes[n].after
}

// Children appends n's children to dst, the main continuation first, then
// the variations in order, and returns it.
func (g *Game) Children(dst []Node, n Node) []Node {
	for c := g.Next(n); c != None; c = g.nodes[c].after {
		dst = append(dst, c)
	}
	return dst
}

// Comment returns the comment after n's move (for the root, the comment
// before the first move is StartingComment's).
func (g *Game) Comment(n Node) string {
	if !g.valid(n) {
		return ""
	}
	return g.spanText(g.nodes[n].comment)
}

// StartingComment returns the comment written before n's move: the one
// that opens a variation or, for the root and its main continuation (the
// game's first move), the game; those two share it, as the text does.
func (g *Game) StartingComment(n Node) string {
	if !g.valid(n) {
		return ""
	}
	return g.spanText(g.nodes[g.beforeNode(n)].before)
}

// beforeNode is the node that holds n's starting comment: the root for the
// root's main continuation, n itself for any other.
func (g *Game) beforeNode(n Node) Node {
	if n != Root && g.nodes[n].parent == Root && g.nodes[Root].child == n {
		return Root
	}
	return n
}

// NAGs returns the Numeric Annotation Glyphs of n's move ($1 is "!", $2
// "?", ...), in their order; the slice is g's, valid until g changes.
func (g *Game) NAGs(n Node) []byte {
	if !g.valid(n) {
		return nil
	}
	s := g.nodes[n].nags
	return g.text[s.off : s.off+s.n : s.off+s.n]
}

func (g *Game) spanText(s span) string { return string(g.text[s.off : s.off+s.n]) }

// Mainline appends the main line's moves to dst and returns it.
func (g *Game) Mainline(dst []movegen.Move) []movegen.Move {
	for n := g.Next(Root); n != None; n = g.nodes[n].child {
		dst = append(dst, g.nodes[n].move)
	}
	return dst
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
// that lead to n played (the start position for a node not of g).
func (g *Game) Position(n Node) movegen.Position {
	g.init()
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

// Play adds the move m at the end of the main line and returns its node;
// m must be legal there (NoMove, the null move, when the side to move is
// not in check): else it is an error, and nothing changes.
func (g *Game) Play(m movegen.Move) (Node, error) { return g.AddMove(g.MainlineEnd(), m) }

// AddMove adds the move m after n: as n's main continuation when n has
// none, else as a new variation after n's last. m must be legal at n
// (NoMove, the null move, when the side to move is not in check): else it
// is an error, and nothing changes. It returns the new node.
func (g *Game) AddMove(n Node, m movegen.Move) (Node, error) {
	g.init()
	if !g.valid(n) {
		return None, fmt.Errorf("pgn: AddMove: node %d is not a node of the game", n)
	}
	p := g.Position(n)
	if m == movegen.NoMove {
		if p.InCheck() {
			return None, fmt.Errorf("pgn: AddMove: a null move at %s, where %s is in check", p.FEN(), p.Side())
		}
	} else if !p.IsLegal(m) {
		return None, fmt.Errorf("pgn: AddMove: %v is not a legal move of %s", m, p.FEN())
	}
	play(&p, m)
	return g.add(n, m, &p), nil
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

// add appends a node for the legal move m after n, p the position after
// it, and returns it.
func (g *Game) add(n Node, m movegen.Move, p *movegen.Position) Node {
	c := Node(len(g.nodes))
	g.nodes = append(g.nodes, node{move: m, parent: n, child: None, after: None})
	if first := g.nodes[n].child; first == None {
		g.nodes[n].child = c
	} else {
		for first != None && g.nodes[first].after != None {
			first = g.nodes[first].after
		}
		g.nodes[first].after = c
	}
	g.last, g.lastPos = c, *p
	return c
}

// SetComment sets the comment after n's move (for the root: before the
// first move, as StartingComment).
func (g *Game) SetComment(n Node, text string) {
	if g.valid(n) {
		if n == Root {
			g.nodes[n].before = g.store(text)
		} else {
			g.nodes[n].comment = g.store(text)
		}
	}
}

// SetStartingComment sets the comment before n's move (for the root and
// the game's first move alike, the comment before the game's first move).
func (g *Game) SetStartingComment(n Node, text string) {
	if g.valid(n) {
		g.nodes[g.beforeNode(n)].before = g.store(text)
	}
}

// AddNAG adds a Numeric Annotation Glyph to n's move (1 to 255).
func (g *Game) AddNAG(n Node, nag byte) {
	if !g.valid(n) || n == Root || nag == 0 {
		return
	}
	s := g.nodes[n].nags
	if s.n > 0 && int(s.off+s.n) == len(g.text) {
		g.text = append(g.text, nag) // the last NAGs stored: grow in place
		g.nodes[n].nags.n++
		return
	}
	off := uint32(len(g.text))
	g.text = append(g.text, g.text[s.off:s.off+s.n]...)
	g.text = append(g.text, nag)
	g.nodes[n].nags = span{off, s.n + 1}
}

// store appends text to g.text and returns its span.
func (g *Game) store(text string) span {
	off := uint32(len(g.text))
	g.text = append(g.text, text...)
	return span{off, uint32(len(text))}
}

// storeBytes is store for a []byte.
func (g *Game) storeBytes(text []byte) span {
	off := uint32(len(g.text))
	g.text = append(g.text, text...)
	return span{off, uint32(len(text))}
}
