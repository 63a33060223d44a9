package pgn

import (
	"fmt"
	"unsafe"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/variant"
)

// edits is what RemoveVariation freed, the nodes, kept for reuse, and how
// many notes and text bytes no node holds any more (a removed node's, or
// those a setter removed or replaced), reclaimed together once they are
// half of what the game holds.
type edits struct {
	free      Node  // the first freed node, its next the one after; Root for none
	nfree     int32 // the freed nodes
	deadNotes int   // notes no node holds, still in Game.notes
	deadText  int   // texts' bytes no note holds, still in Game.text
}

// PromoteToMain makes n the first child of its parent, the main
// continuation there (python-chess's promote_to_main); the others keep
// their order after it. The root, and a node that is its parent's first
// child already, change nothing. A node the game does not have panics.
//
// The tree edits, PromoteToMain, Promote, Demote and RemoveVariation, are
// python-chess's GameNode methods, each called on n's parent with n:
// PromoteToMain(n) is n.parent.promote_to_main(n), and so on. They act on n among its siblings, the alternatives to its move at
// its parent, and on nothing else: n is the first node of a variation (or
// the main continuation), not any node inside it. For a node deeper in a
// variation (its parent's first child), PromoteToMain, Promote and Demote
// change nothing unless it has siblings of its own, and RemoveVariation
// removes it and what follows it. To make the line to any node the main
// line, call PromoteToMain on it and on each node above it (see the
// example).
//
// Node values held across an edit stay valid and name the same moves: an
// edit relinks nodes and moves none in memory. Only the nodes
// RemoveVariation removes become invalid (a method that reads one returns
// the zero value, one that changes one panics), and a later AddMove,
// AddLine or Play may give such a value to a new move. Positions do not
// change: a node's position depends on the moves that lead to it, which no
// edit changes.
//
// Comments and NAGs stay with their moves. A node's starting comments
// stay its own wherever it goes, and are written before its move wherever
// it stands, as python-chess keeps and writes them; in a main
// continuation, where no variation begins, a reader reads them as the
// comments after the move before (the game's comments, for the game's
// first move: StartingComments of the game's first move gives the game's
// comments and then its own).
func (g *Game) PromoteToMain(n Node) {
	g.mustNode("PromoteToMain", n)
	g.reorder(n, func(s []Node, i int) {
		copy(s[1:i+1], s[:i])
		s[0] = n
	})
}

// Promote moves n one place up among its parent's children, swapping it
// with the one before it (python-chess's promote): the second child
// becomes the main continuation. The first child, and the root, change
// nothing. A node the game does not have panics. Node values, comments
// and positions stay as PromoteToMain says.
func (g *Game) Promote(n Node) {
	g.mustNode("Promote", n)
	g.reorder(n, func(s []Node, i int) {
		if i > 0 {
			s[i-1], s[i] = s[i], s[i-1]
		}
	})
}

// Demote moves n one place down among its parent's children, swapping it
// with the one after it (python-chess's demote): the main continuation
// demoted makes its first variation the main continuation. The last
// child, and the root, change nothing. A node the game does not have
// panics. Node values, comments and positions stay as PromoteToMain says.
func (g *Game) Demote(n Node) {
	g.mustNode("Demote", n)
	g.reorder(n, func(s []Node, i int) {
		if i+1 < len(s) {
			s[i], s[i+1] = s[i+1], s[i]
		}
	})
}

// reorder lets f reorder the children of n's parent, s[i] being n, and
// relinks them in f's order.
func (g *Game) reorder(n Node, f func(s []Node, i int)) {
	if n == Root {
		return
	}
	p := g.nodes[n].parent
	var buf [16]Node
	s := g.Children(buf[:0], p)
	i := 0
	for s[i] != n {
		i++
	}
	f(s, i)
	g.relink(p, s)
}

// relink makes s the children of p, in order.
func (g *Game) relink(p Node, s []Node) {
	if len(s) == 0 {
		g.nodes[p].child, g.nodes[p].last = None, None
		return
	}
	for j, c := range s {
		next := None
		if j+1 < len(s) {
			next = s[j+1]
		}
		g.nodes[c].next = next
	}
	g.nodes[p].child, g.nodes[p].last = s[0], s[len(s)-1]
}

// RemoveVariation removes n and every node after it, its variations
// included, from the game (python-chess's remove_variation on n's parent):
// removing the main continuation makes the first variation the main
// continuation. Node values of the removed nodes become invalid; the
// others stay as they were (see PromoteToMain). The removed nodes' memory is kept for the
// moves added next, and their comments' memory reclaimed once it is half
// of the game's, so that a program that adds and removes lines without
// end (an analysis tool) keeps the game no larger than the most it held
// at once. It takes a time linear in the nodes removed (and their
// parent's children), and, now and then, in the game's comments. The
// root, the whole game, cannot be removed: it, and a node the game does
// not have, panic.
func (g *Game) RemoveVariation(n Node) {
	g.mustNode("RemoveVariation", n)
	if n == Root {
		panic("pgn: Game.RemoveVariation: node 0 is the root, which starts no variation")
	}
	p := g.nodes[n].parent
	var buf [16]Node
	s := g.Children(buf[:0], p)
	for i, c := range s {
		if c == n {
			s = append(s[:i], s[i+1:]...)
			break
		}
	}
	g.relink(p, s)
	g.nodes[n].next = None
	// Free the subtree: down to a leaf, free it, then its next sibling or,
	// after the last, its parent, a leaf by then.
	for c := n; ; {
		nd := &g.nodes[c]
		if nd.child != None {
			c = nd.child
			continue
		}
		parent, next := nd.parent, nd.next
		g.freeNode(c)
		if c == n {
			break
		}
		if next != None {
			c = next
		} else {
			g.nodes[parent].child = None
			c = parent
		}
	}
	g.reclaim()
}

// reclaim compacts the notes and texts once the bytes of those no node
// holds are half of the game's (and more than a few): a change that leaves
// some behind calls it when done. A compaction copies the whole game, its
// nodes, notes and texts, so that its size, nodes included, is the
// measure: the game stays no larger than about twice what it holds, and
// each compaction is paid for by as many bytes left dead, in a time linear
// in the changes (counted by notes alone, a game of many nodes or long
// comments was copied whole every few dozen changes).
func (g *Game) reclaim() {
	const nodeSize, noteSize = int(unsafe.Sizeof(node{})), int(unsafe.Sizeof(note{}))
	dead := g.edits.deadNotes*noteSize + g.edits.deadText
	if dead > 1024 && 2*dead > len(g.nodes)*nodeSize+len(g.notes)*noteSize+len(g.text) {
		g.compactNotes()
	}
}

// dropNote counts note i, which no node holds any more, and its text as
// dead.
func (g *Game) dropNote(i int32) {
	g.edits.deadNotes++
	g.edits.deadText += int(g.notes[i].text.n)
}

// freeNode frees c, a node without children: it joins the free list, its
// notes are counted dead, and the position kept for the last node added
// goes to the root's where c was that node.
func (g *Game) freeNode(c Node) {
	for i := g.nodes[c].notes.head; i != 0; i = g.notes[i].next {
		g.dropNote(i)
	}
	g.nodes[c] = node{parent: None, child: None, last: None, next: g.edits.free}
	g.edits.free = c
	g.edits.nfree++
	if g.last == c {
		g.last, g.lastPos = Root, g.start
	}
}

// compactNotes copies the notes and texts of the game's nodes into new
// slices, leaving out those no node holds: the removed nodes', and those
// that a setter removed or replaced.
func (g *Game) compactNotes() {
	notes := make([]note, 1, len(g.notes)-g.edits.deadNotes)
	text := make([]byte, 0, len(g.text)-g.edits.deadText)
	for n := range g.nodes {
		if !g.valid(Node(n)) {
			continue
		}
		var l list
		for i := g.nodes[n].notes.head; i != 0; i = g.notes[i].next {
			nt := g.notes[i]
			nt.next = 0
			if nt.kind != noteNAG {
				off := uint32(len(text))
				text = append(text, g.text[nt.text.off:nt.text.off+nt.text.n]...)
				nt.text.off = off
			}
			j := int32(len(notes))
			notes = append(notes, nt)
			if l.head == 0 {
				l.head = j
			} else {
				notes[l.tail].next = j
			}
			l.tail = j
		}
		g.nodes[n].notes = l
	}
	g.notes, g.text = notes, text
	g.edits.deadNotes, g.edits.deadText = 0, 0
}

// AddLine adds moves as a line after n, python-chess's add_line: the first
// move as n's main continuation when n has none, else as a new variation
// after its last; each next move as the main continuation of the one
// before. It returns the line's last node (n for no moves): an engine's
// principal variation added as an alternative to the move played is
// AddLine(g.Parent(played), pv). Each move must be legal where it is
// played (NoMove, the null move, where the side to move is not in check):
// else it is a *Error wrapping the *movegen.MoveError that says why,
// naming the move's place in moves, and nothing is added. It replays the
// moves to n once, as Position does, then takes a time linear in the
// moves.
func (g *Game) AddLine(n Node, moves []movegen.Move) (Node, error) {
	g.init()
	if g.variant != variant.NoVariant {
		return None, &Error{Msg: "Game.AddLine: a " + g.variant.String() + " game (AddVariantMove plays its moves)"}
	}
	if !g.valid(n) {
		return None, &Error{Msg: fmt.Sprintf("Game.AddLine: node %d is not in the game (never one of its nodes 0 to %d, or removed)", n, len(g.nodes)-1)}
	}
	p := g.Position(n)
	if err := playLine(&p, moves, "Game.AddLine"); err != nil {
		return None, err
	}
	for _, m := range moves {
		n = g.add(n, m)
	}
	if len(moves) > 0 {
		g.last, g.lastPos = n, p
	}
	return n, nil
}

// playLine plays moves on p, checking each; a move not legal is a *Error
// of the function fn wrapping the *movegen.MoveError, p then the position
// before it.
func playLine(p *movegen.Position, moves []movegen.Move, fn string) error {
	for i, m := range moves {
		before := *p
		if err := p.Play(m); err != nil {
			*p = before
			msg := err.Error()
			if me, ok := err.(*movegen.MoveError); ok {
				msg = me.UCI + " at " + before.FEN() + ": " + me.Msg
			}
			return &Error{Msg: fmt.Sprintf("%s: move %d of %d, %s", fn, i+1, len(moves), msg), Err: err}
		}
	}
	return nil
}

// FromMoves returns a game of the moves from start, as python-chess's
// Game.from_board makes one from a board's start and move stack: the
// Seven Tag Roster (as NewGame), SetUp "1" and FEN tags where start is not
// the standard start, Variant "Chess960" where it is in Chess960 mode, the
// moves as the main line, and the result the moves give by the rules
// (Outcome(false): a checkmate, stalemate, insufficient material, the
// seventy-five-move rule or fivefold repetition; else "*"), as the Result
// tag and the termination marker. A move that is not legal where it is
// played (NoMove, the null move, may be played where the side to move is
// not in check) is a *Error wrapping the *movegen.MoveError that says why,
// naming the move's place in moves; a start without a king of each side
// (the zero Position) is a *Error too.
func FromMoves(start movegen.Position, moves []movegen.Move) (*Game, error) {
	if start.Pieces(movegen.White, movegen.King) == 0 || start.Pieces(movegen.Black, movegen.King) == 0 {
		return nil, &Error{Msg: "FromMoves: a start position without a king of each side (the zero Position?)"}
	}
	p := start
	if err := playLine(&p, moves, "FromMoves"); err != nil {
		return nil, err
	}
	g := NewGame()
	g.reset(&start)
	if fen := start.FEN(); fen != standardFEN {
		g.SetTag("SetUp", "1")
		g.SetTag("FEN", fen)
	}
	if start.Chess960() {
		g.SetTag("Variant", "Chess960")
	}
	n := Root
	for _, m := range moves {
		n = g.add(n, m)
	}
	g.last, g.lastPos = n, p
	g.SetResult(g.Outcome(false).Result.String())
	return g, nil
}

// standardFEN is the standard start's FEN.
var standardFEN = func() string { p := movegen.StartPosition(); return p.FEN() }()
