package pgn_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
)

// mnode is a node of the tests' model of a game tree: plain pointers and
// slices, edited as python-chess edits its GameNode's variations list.
type mnode struct {
	id      pgn.Node
	move    movegen.Move
	pos     movegen.Position // after move
	parent  *mnode
	kids    []*mnode
	after   []string // comments after the move (the root's: the game's)
	before  []string // starting comments
	nags    []byte
	removed bool
}

// model is a game as the tests keep it beside a pgn.Game.
type model struct {
	root  *mnode
	byID  map[pgn.Node]*mnode
	count int
}

func newModel(start movegen.Position) *model {
	r := &mnode{id: pgn.Root, pos: start}
	return &model{root: r, byID: map[pgn.Node]*mnode{pgn.Root: r}, count: 1}
}

func (m *model) add(parent *mnode, id pgn.Node, mv movegen.Move) *mnode {
	c := &mnode{id: id, move: mv, pos: parent.pos, parent: parent}
	if err := c.pos.Play(mv); err != nil {
		panic(err)
	}
	parent.kids = append(parent.kids, c)
	m.byID[id] = c
	m.count++
	return c
}

// nodes returns the model's nodes but the root, depth first, each before
// its children, children in order: Game.Nodes's order.
func (m *model) nodes() []*mnode {
	var out []*mnode
	var walk func(n *mnode)
	walk = func(n *mnode) {
		for _, k := range n.kids {
			out = append(out, k)
			walk(k)
		}
	}
	walk(m.root)
	return out
}

func (m *model) index(n *mnode) int { return slices.Index(n.parent.kids, n) }

func (m *model) edit(op string, n *mnode) {
	if n == m.root {
		return
	}
	p := n.parent
	i := m.index(n)
	switch op {
	case "promote_to_main":
		p.kids = slices.Insert(slices.Delete(p.kids, i, i+1), 0, n)
	case "promote":
		if i > 0 {
			p.kids[i-1], p.kids[i] = p.kids[i], p.kids[i-1]
		}
	case "demote":
		if i+1 < len(p.kids) {
			p.kids[i], p.kids[i+1] = p.kids[i+1], p.kids[i]
		}
	case "remove_variation":
		p.kids = slices.Delete(p.kids, i, i+1)
		var drop func(x *mnode)
		drop = func(x *mnode) {
			x.removed = true
			delete(m.byID, x.id)
			m.count--
			for _, k := range x.kids {
				drop(k)
			}
		}
		drop(n)
	default:
		panic(op)
	}
}

func gameEdit(g *pgn.Game, op string, n pgn.Node) {
	switch op {
	case "promote_to_main":
		g.PromoteToMain(n)
	case "promote":
		g.Promote(n)
	case "demote":
		g.Demote(n)
	case "remove_variation":
		g.RemoveVariation(n)
	default:
		panic(op)
	}
}

var editOps = []string{"promote_to_main", "promote", "demote", "remove_variation"}

// checkModel checks every node of g against the model: its move, parent,
// children in order, comments, NAGs, depth, main-line membership and
// position, and the game's Len, Nodes order, MainlineEnd and End.
func checkModel(t *testing.T, g *pgn.Game, m *model, where string) {
	t.Helper()
	if g.Len() != m.count {
		t.Fatalf("%s: Len %d, model %d", where, g.Len(), m.count)
	}
	depth := func(n *mnode) int {
		d := 0
		for ; n.parent != nil; n = n.parent {
			d++
		}
		return d
	}
	mainline := func(n *mnode) bool {
		for ; n.parent != nil; n = n.parent {
			if n.parent.kids[0] != n {
				return false
			}
		}
		return true
	}
	for id, n := range m.byID {
		if id != n.id {
			t.Fatal("model")
		}
		var kids []pgn.Node
		for _, k := range n.kids {
			kids = append(kids, k.id)
		}
		wantParent := pgn.None
		if n.parent != nil {
			wantParent = n.parent.id
		}
		starting := n.before
		if n == m.root {
			starting = m.root.after // the game's comment
		} else if n.parent == m.root && m.root.kids[0] == n {
			starting = append(slices.Clone(m.root.after), n.before...)
		}
		switch {
		case g.Move(id) != n.move:
			t.Fatalf("%s: node %d: move %v, model %v", where, id, g.Move(id), n.move)
		case g.Parent(id) != wantParent:
			t.Fatalf("%s: node %d: parent %d, model %d", where, id, g.Parent(id), wantParent)
		case !slices.Equal(g.Children(nil, id), kids):
			t.Fatalf("%s: node %d: children %v, model %v", where, id, g.Children(nil, id), kids)
		case !slices.Equal(g.Comments(id), n.after):
			t.Fatalf("%s: node %d: comments %q, model %q", where, id, g.Comments(id), n.after)
		case !slices.Equal(g.StartingComments(id), starting):
			t.Fatalf("%s: node %d: starting comments %q, model %q", where, id, g.StartingComments(id), starting)
		case !slices.Equal(g.NAGs(id), n.nags):
			t.Fatalf("%s: node %d: NAGs %v, model %v", where, id, g.NAGs(id), n.nags)
		case g.Depth(id) != depth(n):
			t.Fatalf("%s: node %d: depth %d, model %d", where, id, g.Depth(id), depth(n))
		case g.IsMainline(id) != mainline(n):
			t.Fatalf("%s: node %d: IsMainline %v", where, id, g.IsMainline(id))
		case g.Position(id) != n.pos:
			t.Fatalf("%s: node %d: position differs from the model's", where, id)
		}
	}
	want := m.nodes()
	i := 0
	for n, pos := range g.Nodes() {
		if i >= len(want) || want[i].id != n || want[i].pos != pos {
			t.Fatalf("%s: Nodes: node %d is %d, want %v", where, i, n, want[min(i, len(want)-1)].id)
		}
		i++
	}
	if i != len(want) {
		t.Fatalf("%s: Nodes: %d nodes, model %d", where, i, len(want))
	}
	end := m.root
	for len(end.kids) > 0 {
		end = end.kids[0]
	}
	if g.MainlineEnd() != end.id || g.End() != end.pos {
		t.Fatalf("%s: MainlineEnd %d, model %d", where, g.MainlineEnd(), end.id)
	}
}

// readBackModel is the tree a reader reads from what the writer wrote of
// the model: a starting comment of a node that starts no variation (its
// parent's first child) becomes a comment after its parent's move.
func readBackModel(m *model) *mnode {
	var canon func(n *mnode) *mnode
	canon = func(n *mnode) *mnode {
		c := &mnode{move: n.move, after: slices.Clone(n.after), before: slices.Clone(n.before), nags: n.nags}
		for i, k := range n.kids {
			ck := canon(k)
			if i == 0 {
				c.after = append(c.after, ck.before...)
				ck.before = nil
			}
			c.kids = append(c.kids, ck)
		}
		return c
	}
	return canon(m.root)
}

// treeOf makes a model tree of g.
func treeOf(g *pgn.Game) *mnode {
	var walk func(n pgn.Node) *mnode
	walk = func(n pgn.Node) *mnode {
		c := &mnode{move: g.Move(n), after: g.Comments(n), nags: g.NAGs(n)}
		if n != pgn.Root && g.Next(g.Parent(n)) != n {
			c.before = g.StartingComments(n)
		}
		for _, k := range g.Children(nil, n) {
			c.kids = append(c.kids, walk(k))
		}
		return c
	}
	return walk(pgn.Root)
}

// sameTree returns where a and b differ, or "".
func sameTree(a, b *mnode, path string) string {
	switch {
	case a.move != b.move:
		return fmt.Sprintf("%s: move %v, want %v", path, a.move, b.move)
	case !slices.Equal(a.after, b.after):
		return fmt.Sprintf("%s: comments %q, want %q", path, a.after, b.after)
	case !slices.Equal(a.before, b.before):
		return fmt.Sprintf("%s: starting comments %q, want %q", path, a.before, b.before)
	case !slices.Equal(a.nags, b.nags):
		return fmt.Sprintf("%s: NAGs %v, want %v", path, a.nags, b.nags)
	case len(a.kids) != len(b.kids):
		return fmt.Sprintf("%s: %d children, want %d", path, len(a.kids), len(b.kids))
	}
	for i := range a.kids {
		if d := sameTree(a.kids[i], b.kids[i], fmt.Sprintf("%s/%d", path, i)); d != "" {
			return d
		}
	}
	return ""
}

// randomStart is the standard start or a position a few random moves in.
func randomStart(r *rand.Rand) movegen.Position {
	p := movegen.StartPosition()
	if r.IntN(3) == 0 {
		var buf [movegen.MaxMoves]movegen.Move
		for range 1 + r.IntN(12) {
			moves := p.LegalMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p.PlayUnchecked(moves[r.IntN(len(moves))])
		}
	}
	return p
}

// grow adds k random moves to g and the model: each at a random node (a
// leaf more often), with a comment, a starting comment or a NAG now and
// then; some by Play, some by AddLine.
func grow(t *testing.T, r *rand.Rand, g *pgn.Game, m *model, k int, label *int) {
	t.Helper()
	var buf [movegen.MaxMoves]movegen.Move
	for added := 0; added < k; {
		all := append([]*mnode{m.root}, m.nodes()...)
		n := all[r.IntN(len(all))]
		how := r.IntN(4) // 0: Play, 1: AddLine, else AddMove
		if how == 0 || r.IntN(2) == 0 {
			for len(n.kids) > 0 {
				n = n.kids[0]
			}
		}
		if how == 0 {
			n = lastOfMain(m)
		}
		moves := n.pos.LegalMoves(buf[:0])
		if len(moves) == 0 {
			if len(all) == 1 {
				return
			}
			continue
		}
		mv := moves[r.IntN(len(moves))]
		var id pgn.Node
		var err error
		switch how {
		case 0:
			id, err = g.Play(mv)
		case 1:
			// A line of two moves, where there is a second.
			p := n.pos
			p.PlayUnchecked(mv)
			line := []movegen.Move{mv}
			if next := p.LegalMoves(nil); len(next) > 0 {
				line = append(line, next[r.IntN(len(next))])
			}
			last, err := g.AddLine(n.id, line)
			if err != nil {
				t.Fatal(err)
			}
			first := last
			if len(line) == 2 {
				first = g.Parent(last)
			}
			c := m.add(n, first, mv)
			if len(line) == 2 {
				m.add(c, last, line[1])
			}
			added += len(line)
			continue
		default:
			id, err = g.AddMove(n.id, mv)
		}
		if err != nil {
			t.Fatal(err)
		}
		c := m.add(n, id, mv)
		added++
		*label++
		switch r.IntN(10) {
		case 0:
			s := fmt.Sprintf("c%d", *label)
			g.AddComment(id, s)
			c.after = append(c.after, s)
		case 1:
			s := fmt.Sprintf("s%d long enough to be broken at the line's end, %d", *label, *label)
			g.AddStartingComment(id, s)
			if n == m.root && m.root.kids[0] == c {
				m.root.after = append(m.root.after, s)
			} else {
				c.before = append(c.before, s)
			}
		case 2:
			nag := byte(1 + r.IntN(20))
			g.AddNAG(id, nag)
			c.nags = []byte{nag}
		case 3:
			if r.IntN(3) == 0 {
				s := fmt.Sprintf("g%d", *label)
				g.AddComment(pgn.Root, s)
				m.root.after = append(m.root.after, s)
			}
		}
	}
}

func lastOfMain(m *model) *mnode {
	n := m.root
	for len(n.kids) > 0 {
		n = n.kids[0]
	}
	return n
}

// TestEditsRandom builds random games (random legal moves at random nodes,
// variations, comments, starting comments, NAGs; seeded), and beside each
// a model of its tree kept by plain slices as python-chess keeps its
// variations. It applies random edits to both, growing the game again now
// and then (the nodes removed reused), checks after each every node of the
// game against the model (move, parent, children, comments, NAGs, depth,
// position, the Node values held before the edit naming the same moves)
// and the game's Len, Nodes order and main line end; at the end it writes
// the game, reads it back, and compares the tree read with the model's as a
// reader reads it (a starting comment where no variation starts read as
// the comment after the move before); that game written, read and written
// again gives the same bytes.
func TestEditsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 1))
	games := 200
	if testing.Short() {
		games = 30
	}
	label := 0
	for gi := range games {
		start := randomStart(r)
		g := pgn.NewGame()
		g.Reset(start)
		m := newModel(start)
		grow(t, r, g, m, 5+r.IntN(50), &label)
		checkModel(t, g, m, fmt.Sprintf("game %d built", gi))
		for e := range 20 {
			all := m.nodes()
			if len(all) == 0 {
				grow(t, r, g, m, 5, &label)
				continue
			}
			var sib []*mnode
			for _, n := range all {
				if len(n.parent.kids) > 1 {
					sib = append(sib, n)
				}
			}
			n := all[r.IntN(len(all))]
			if len(sib) > 0 && r.IntN(5) > 0 {
				n = sib[r.IntN(len(sib))]
			}
			op := editOps[r.IntN(len(editOps))]
			where := fmt.Sprintf("game %d edit %d: %s of node %d", gi, e, op, n.id)
			gameEdit(g, op, n.id)
			m.edit(op, n)
			if n.removed {
				if g.Move(n.id) != movegen.NoMove || g.Parent(n.id) != pgn.None || g.Next(n.id) != pgn.None {
					t.Fatalf("%s: the removed node still reads as one", where)
				}
			}
			checkModel(t, g, m, where)
			if r.IntN(3) == 0 {
				grow(t, r, g, m, 1+r.IntN(6), &label)
				checkModel(t, g, m, where+", then moves added")
			}
		}
		text := g.String()
		var back pgn.Game
		if err := pgn.NewReader(strings.NewReader(text)).Read(&back); err != nil {
			t.Fatalf("game %d: %v\n%s", gi, err, text)
		}
		if d := sameTree(treeOf(&back), readBackModel(m), "root"); d != "" {
			t.Fatalf("game %d read back: %s\n%s", gi, d, text)
		}
		// The game read back is one as read: written and read again,
		// the same bytes.
		again := back.String()
		var back2 pgn.Game
		if err := pgn.NewReader(strings.NewReader(again)).Read(&back2); err != nil {
			t.Fatal(err)
		}
		if back2.String() != again {
			t.Fatalf("game %d written again:\n%s\nbefore:\n%s", gi, back2.String(), again)
		}
	}
}

// pyEdits are python-chess's edits of random games
// (testdata/ref/edits.py: testdata/ref/edits.pythonchess.jsonl.gz).
type pyEdits struct {
	PGN   string              `json:"pgn"`
	Edits [][]json.RawMessage `json:"edits"`
}

// pyComment is a comment as python-chess writes it: "{ text }".
var pyComment = regexp.MustCompile(`\{ ([^}]*) \}`)

// TestEditsPythonChess reads python-chess's random games (moves,
// variations, comments after moves and before variations, NAGs, the
// game's comment), applies the edits python-chess applied, each to the
// node it names by its path of child indexes, and compares the movetext
// written after each edit with python-chess's, comments and variations
// written "{text}" and "(...)" rather than "{ text }" and "( ... )".
func TestEditsPythonChess(t *testing.T) {
	s := bufio.NewScanner(bytes.NewReader(readTestFile(t, "testdata/ref/edits.pythonchess.jsonl.gz")))
	s.Buffer(nil, 1<<22)
	games, edits, changed := 0, 0, 0
	for s.Scan() {
		var rec pyEdits
		if err := json.Unmarshal(s.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		var g pgn.Game
		if err := pgn.NewReader(strings.NewReader(rec.PGN)).Read(&g); err != nil {
			t.Fatalf("game %d: %v", games, err)
		}
		prev := ""
		for i, e := range rec.Edits {
			var op, want string
			var path []int
			if err := errors.Join(json.Unmarshal(e[0], &op), json.Unmarshal(e[1], &path), json.Unmarshal(e[2], &want)); err != nil {
				t.Fatal(err)
			}
			n := pgn.Root
			for _, k := range path {
				kids := g.Children(nil, n)
				if k >= len(kids) {
					t.Fatalf("game %d edit %d: no child %d at node %d", games, i, k, n)
				}
				n = kids[k]
			}
			gameEdit(&g, op, n)
			got := strings.TrimSuffix(string(g.AppendPGNWith(nil, pgn.WriteOptions{Tags: pgn.NoTags, Width: -1})), "\n")
			want = pyComment.ReplaceAllString(want, "{$1}")
			want = strings.ReplaceAll(strings.ReplaceAll(want, "( ", "("), " )", ")")
			if got != want {
				t.Fatalf("game %d edit %d, %s %v:\n got  %s\n want %s", games, i, op, path, got, want)
			}
			if got != prev {
				changed++
			}
			prev = got
			edits++
		}
		games++
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if games < 50 || changed < edits/2 {
		t.Fatalf("%d games, %d edits, %d changed a game: too few", games, edits, changed)
	}
	t.Logf("%d games, %d edits, %d changed the game", games, edits, changed)
}

// TestEditEdges checks the edges python-chess's methods have: promoting
// the first child, demoting the last, the root (no siblings: nothing;
// removing it panics), a removed node (each method panics, reads give the
// zero value), and removing the last node added (the kept position goes:
// the next Play still plays at the main line's end).
func TestEditEdges(t *testing.T) {
	g, err := pgn.FromMoves(movegen.StartPosition(), uciMoves(t, movegen.StartPosition(), "e2e4 e7e5 g1f3"))
	if err != nil {
		t.Fatal(err)
	}
	e4 := g.Next(pgn.Root)
	d4, _ := g.AddMove(pgn.Root, uciMoves(t, movegen.StartPosition(), "d2d4")[0])
	c4, _ := g.AddMove(pgn.Root, uciMoves(t, movegen.StartPosition(), "c2c4")[0])
	order := func() string {
		var s []string
		for _, c := range g.Children(nil, pgn.Root) {
			s = append(s, g.SAN(c))
		}
		return strings.Join(s, " ")
	}
	steps := []struct {
		f    func(pgn.Node)
		n    pgn.Node
		want string
	}{
		{g.Promote, e4, "e4 d4 c4"},
		{g.Demote, c4, "e4 d4 c4"},
		{g.PromoteToMain, e4, "e4 d4 c4"},
		{g.Promote, pgn.Root, "e4 d4 c4"},
		{g.Demote, pgn.Root, "e4 d4 c4"},
		{g.PromoteToMain, pgn.Root, "e4 d4 c4"},
		{g.PromoteToMain, c4, "c4 e4 d4"},
		{g.Demote, c4, "e4 c4 d4"},
		{g.Promote, d4, "e4 d4 c4"},
		{g.RemoveVariation, e4, "d4 c4"},
	}
	for i, s := range steps {
		s.f(s.n)
		if got := order(); got != s.want {
			t.Fatalf("step %d: %s, want %s", i, got, s.want)
		}
	}
	// e4 and its line are gone; the main line is d4's.
	if g.Move(e4) != movegen.NoMove || g.MainlineEnd() != d4 || g.Len() != 3 {
		t.Fatalf("after removing e4: move %v, end %d, len %d", g.Move(e4), g.MainlineEnd(), g.Len())
	}
	if _, err := g.AddMove(e4, movegen.NoMove); err == nil {
		t.Fatal("AddMove at a removed node: no error")
	}
	for name, f := range map[string]func(pgn.Node){"PromoteToMain": g.PromoteToMain, "Promote": g.Promote,
		"Demote": g.Demote, "RemoveVariation": g.RemoveVariation} {
		for _, n := range []pgn.Node{e4, 99, pgn.None} {
			if msg := panicMsg(func() { f(n) }); !strings.Contains(msg, "pgn: Game."+name+": node") {
				t.Errorf("%s(%d): panic %q", name, n, msg)
			}
		}
	}
	if msg := panicMsg(func() { g.RemoveVariation(pgn.Root) }); !strings.Contains(msg, "root") {
		t.Errorf("RemoveVariation(Root): panic %q", msg)
	}
	// The last node added removed: Play plays at the main line's end.
	f3, err := g.Play(uciMoves(t, g.End(), "g8f6")[0])
	if err != nil {
		t.Fatal(err)
	}
	g.RemoveVariation(f3)
	if _, err := g.Play(uciMoves(t, g.End(), "d7d5")[0]); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(string(g.AppendPGNWith(nil, pgn.WriteOptions{Tags: pgn.NoTags}))); got != "1. d4 (1. c4) 1... d5 *" {
		t.Fatalf("got %s", got)
	}
}

func panicMsg(f func()) (msg string) {
	defer func() { msg = fmt.Sprint(recover()) }()
	f()
	return ""
}

func uciMoves(t *testing.T, p movegen.Position, s string) []movegen.Move {
	t.Helper()
	var out []movegen.Move
	for _, w := range strings.Fields(s) {
		m, err := p.ParseUCI(w)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
		if err := p.Play(m); err != nil { // NoMove too: the null move
			t.Fatal(err)
		}
	}
	return out
}

// pyFromBoard is a game python-chess made of a board's moves
// (testdata/ref/edits.py: testdata/ref/from_board.pythonchess.jsonl.gz).
type pyFromBoard struct {
	FEN      string      `json:"fen"`
	Chess960 bool        `json:"chess960"`
	Moves    []string    `json:"moves"`
	Headers  [][2]string `json:"headers"`
	Movetext string      `json:"movetext"`
}

// TestFromMovesPythonChess makes a game with FromMoves of each of
// python-chess's random games (the standard start, positions set up from
// a FEN, Chess960 starts; null moves; games to their end by the rules,
// drawn and won) and compares it with what python-chess's
// Game.from_board made: the same tags with the same values (the Seven Tag
// Roster, SetUp, FEN, Variant; in the roster's order, the others as a set:
// SetUp is written before FEN, as the export format lists them; a FEN as
// the position it gives), the same movetext and result.
func TestFromMovesPythonChess(t *testing.T) {
	s := bufio.NewScanner(bytes.NewReader(readTestFile(t, "testdata/ref/from_board.pythonchess.jsonl.gz")))
	s.Buffer(nil, 1<<22)
	n, results := 0, map[string]int{}
	for s.Scan() {
		var rec pyFromBoard
		if err := json.Unmarshal(s.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		start, err := movegen.ParseFEN(rec.FEN)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Chess960 {
			if err := start.SetChess960(true); err != nil {
				t.Fatal(err)
			}
		}
		moves := uciMoves(t, start, strings.Join(rec.Moves, " "))
		g, err := pgn.FromMoves(start, moves)
		if err != nil {
			t.Fatalf("game %d: %v", n, err)
		}
		// A FEN tag's value is compared as the position it gives:
		// movegen writes a Chess960 start's castling rights as Shredder-FEN
		// does (HAha), python-chess as X-FEN (KQkq where the rooks are the
		// outermost).
		fenPos := func(v string) string {
			p, err := movegen.ParseFEN(v)
			if err != nil {
				t.Fatal(err)
			}
			return fmt.Sprint(p == start || rec.Chess960 && p.SetChess960(true) == nil && p == start)
		}
		var got, want []string
		for i, tg := range g.Tags {
			if tg.Name == "FEN" {
				tg.Value = fenPos(tg.Value)
			}
			got = append(got, fmt.Sprintf("%d %s %s", min(i, 7), tg.Name, tg.Value))
		}
		for i, h := range rec.Headers {
			if h[0] == "FEN" {
				h[1] = fenPos(h[1])
			}
			want = append(want, fmt.Sprintf("%d %s %s", min(i, 7), h[0], h[1]))
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("game %d: tags\n%q\nwant\n%q", n, got, want)
		}
		text := strings.TrimSuffix(string(g.AppendPGNWith(nil, pgn.WriteOptions{Tags: pgn.NoTags, Width: -1})), "\n")
		if text != rec.Movetext {
			t.Fatalf("game %d: movetext\n%s\nwant\n%s", n, text, rec.Movetext)
		}
		if g.Start() != start || !slices.Equal(g.Mainline(nil), moves) {
			t.Fatalf("game %d: the start or the moves differ", n)
		}
		results[g.Result]++
		n++
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 50 || results["*"] == 0 || results["1/2-1/2"] == 0 || results["1-0"]+results["0-1"] == 0 {
		t.Fatalf("%d games, results %v: too few", n, results)
	}
}

// TestFromMovesErrors checks FromMoves's errors: a move not legal (a
// *pgn.Error wrapping the *movegen.MoveError, naming the move's place), a
// null move in check, and the zero Position.
func TestFromMovesErrors(t *testing.T) {
	start := movegen.StartPosition()
	moves := uciMoves(t, start, "e2e4 e7e5")
	moves = append(moves, moves[0]) // e2e4 again: no pawn on e2
	_, err := pgn.FromMoves(start, moves)
	var pe *pgn.Error
	var me *movegen.MoveError
	if !errors.As(err, &pe) || !errors.As(err, &me) || !strings.Contains(err.Error(), "move 3 of 3") {
		t.Fatalf("an illegal third move: %v", err)
	}
	check := uciMoves(t, start, "e2e4 f7f6 d1h5")
	if _, err := pgn.FromMoves(start, append(check, movegen.NoMove)); !errors.As(err, &me) {
		t.Fatalf("a null move in check: %v", err)
	}
	if _, err := pgn.FromMoves(movegen.Position{}, nil); !errors.As(err, &pe) {
		t.Fatalf("the zero Position: %v", err)
	}
	g, err := pgn.FromMoves(start, uciMoves(t, start, "f2f3 e7e5 g2g4 d8h4"))
	if err != nil || g.Result != "0-1" {
		t.Fatalf("fool's mate: %v, result %q", err, g.Result)
	}
	if r, _ := g.Tag("Result"); r != "0-1" {
		t.Fatalf("fool's mate: Result tag %q", r)
	}
}

// TestAddLine checks AddLine: a line after a node with a continuation is
// a variation, each next move its main continuation; after a leaf, the
// main continuation; no moves returns the node; an illegal move anywhere
// adds nothing and names its place; the line's end position is the
// moves played (and Play goes on from it).
func TestAddLine(t *testing.T) {
	start := movegen.StartPosition()
	g, err := pgn.FromMoves(start, uciMoves(t, start, "e2e4 e7e5"))
	if err != nil {
		t.Fatal(err)
	}
	e5 := g.MainlineEnd()
	pv := uciMoves(t, g.Position(pgn.Root), "d2d4 d7d5 c2c4")
	last, err := g.AddLine(pgn.Root, pv)
	if err != nil {
		t.Fatal(err)
	}
	if g.Depth(last) != 3 || g.IsMainline(last) || g.Parent(g.Parent(g.Parent(last))) != pgn.Root {
		t.Fatalf("the line's last node %d: depth %d", last, g.Depth(last))
	}
	p := start
	for _, m := range pv {
		p.PlayUnchecked(m)
	}
	if g.Position(last) != p {
		t.Fatal("the line's end position")
	}
	if n, err := g.AddLine(e5, nil); n != e5 || err != nil {
		t.Fatalf("no moves: %d, %v", n, err)
	}
	cont := uciMoves(t, g.Position(e5), "g1f3 b8c6")
	if n, err := g.AddLine(e5, cont); err != nil || g.MainlineEnd() != n {
		t.Fatalf("after the main line's end: %d, %v", n, err)
	}
	before, size := g.String(), g.Len()
	bad := append(uciMoves(t, g.End(), "f1b5"), pv[0])
	_, err = g.AddLine(g.MainlineEnd(), bad)
	var me *movegen.MoveError
	if !errors.As(err, &me) || !strings.Contains(err.Error(), "move 2 of 2") {
		t.Fatalf("an illegal second move: %v", err)
	}
	if g.String() != before || g.Len() != size {
		t.Fatal("a line with an illegal move changed the game")
	}
	if _, err := g.AddLine(99, pv); err == nil {
		t.Fatal("a node not in the game: no error")
	}
	want := "1. e4 (1. d4 d5 2. c4) 1... e5 2. Nf3 Nc6 *"
	if got := strings.TrimSpace(string(g.AppendPGNWith(nil, pgn.WriteOptions{Tags: pgn.NoTags}))); got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

var lanWrite = flag.Bool("lan.write", false, "TestLAN: write testdata/ref/lan.pgn, the games written in LAN that python-chess reads (testdata/ref/edits.py lan)")

// lanFiles are the test files whose games TestLAN writes in LAN, with
// python-chess's random trees of TestEditsPythonChess: castling, en
// passant, promotions, Chess960, null moves, variations and comments.
var lanFiles = []string{"disservin__variations.pgn", "disservin__castling.pgn", "pgnextract__test-promotion-in.pgn",
	"pythonchess__cutechess-fischerrandom.pgn", "pgnextract__test-allownullmoves.pgn", "pgnnet__demoGames.pgn"}

// lanGames returns the games TestLAN writes.
func lanGames(t *testing.T) []*pgn.Game {
	var games []*pgn.Game
	readAll := func(text string) {
		r := pgn.NewReader(strings.NewReader(text))
		for {
			var g pgn.Game
			err := r.Read(&g)
			if err == io.EOF {
				return
			}
			if err == nil {
				games = append(games, &g)
			}
		}
	}
	for _, f := range lanFiles {
		readAll(string(readTestFile(t, "testdata/"+f)))
	}
	s := bufio.NewScanner(bytes.NewReader(readTestFile(t, "testdata/ref/edits.pythonchess.jsonl.gz")))
	s.Buffer(nil, 1<<22)
	for s.Scan() {
		var rec pyEdits
		if err := json.Unmarshal(s.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		readAll(rec.PGN)
	}
	return games
}

// TestLAN writes games with WriteOptions.LAN (the test files' above and
// python-chess's random trees): what it writes is testdata/ref/lan.pgn,
// which python-chess read (testdata/ref/lan.pythonchess.jsonl.gz: each
// game's errors and its nodes, depth first, in UCI). Read back, each game
// is the one written (written in SAN, the same bytes); python-chess read
// each without an error, the same moves at the same places of the tree.
func TestLAN(t *testing.T) {
	games := lanGames(t)
	var buf bytes.Buffer
	w := pgn.NewWriter(&buf)
	w.Options.LAN = true
	for _, g := range games {
		if err := w.Write(g); err != nil {
			t.Fatal(err)
		}
	}
	if *lanWrite {
		if err := os.WriteFile("testdata/ref/lan.pgn", buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if kept := readTestFile(t, "testdata/ref/lan.pgn"); !bytes.Equal(kept, buf.Bytes()) {
		t.Fatal("the games written in LAN differ from testdata/ref/lan.pgn, which python-chess read: run go test -run TestLAN -lan.write, then testdata/ref/edits.py lan")
	}
	lans := strings.Count(buf.String(), "-") // every move but castling and captures has one
	r := pgn.NewReader(&buf)
	var py []struct {
		Errors int      `json:"errors"`
		Nodes  []string `json:"nodes"`
	}
	sc := bufio.NewScanner(bytes.NewReader(readTestFile(t, "testdata/ref/lan.pythonchess.jsonl.gz")))
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		py = append(py, struct {
			Errors int      `json:"errors"`
			Nodes  []string `json:"nodes"`
		}{})
		if err := json.Unmarshal(sc.Bytes(), &py[len(py)-1]); err != nil {
			t.Fatal(err)
		}
	}
	if len(py) != len(games) {
		t.Fatalf("python-chess read %d games, %d written", len(py), len(games))
	}
	for i, g := range games {
		var back pgn.Game
		if err := r.Read(&back); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if back.String() != g.String() {
			t.Fatalf("game %d read back:\n%s\nwritten:\n%s", i, back.String(), g.String())
		}
		var nodes []string
		for n := range g.Nodes() {
			nodes = append(nodes, fmt.Sprintf("%d %s", g.Depth(n), g.Move(n).String()))
		}
		if py[i].Errors != 0 || !slices.Equal(py[i].Nodes, nodes) {
			t.Fatalf("game %d: python-chess read %d errors, nodes\n%q\nwant\n%q", i, py[i].Errors, py[i].Nodes, nodes)
		}
	}
	if len(games) < 70 || lans < 1000 {
		t.Fatalf("%d games, %d LAN dashes: too few", len(games), lans)
	}
}
