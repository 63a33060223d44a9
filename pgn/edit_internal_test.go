package pgn

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/symmagic/attacks/movegen"
)

// TestRemoveBounded is an analysis tool's loop: at each move of a game, a
// line of eight moves with a comment on each added as a variation, then
// removed, three thousand times. The game's memory must stay what one line
// needs (its nodes reused, the comments' notes and texts reclaimed), and
// the main line's comments, which stay, must read as they were.
func TestRemoveBounded(t *testing.T) {
	start := movegen.StartPosition()
	var main []movegen.Move
	p := start
	for _, s := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"} {
		m, err := p.ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		main = append(main, m)
		p.PlayUnchecked(m)
	}
	g, err := FromMoves(start, main)
	if err != nil {
		t.Fatal(err)
	}
	var mainNodes []Node
	for n := range g.MainlineNodes() {
		g.AddComment(n, fmt.Sprintf("main move %d", n))
		mainNodes = append(mainNodes, n)
	}
	want := func() (s []string) {
		for _, n := range mainNodes {
			s = append(s, g.Comment(n))
		}
		return s
	}()
	var peak [3]int
	var buf [movegen.MaxMoves]movegen.Move
	for i := range 3000 {
		at := mainNodes[i%len(mainNodes)]
		q := g.Position(g.Parent(at))
		var line []movegen.Move
		for range 8 {
			moves := q.LegalMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			m := moves[(i*7+len(line))%len(moves)]
			line = append(line, m)
			q.PlayUnchecked(m)
		}
		last, err := g.AddLine(g.Parent(at), line)
		if err != nil {
			t.Fatal(err)
		}
		for n := last; n != g.Parent(at); n = g.Parent(n) {
			g.AddComment(n, fmt.Sprintf("engine line %d, move %d", i, n))
		}
		first := g.Children(nil, g.Parent(at))[1]
		if i == 0 {
			peak = [3]int{len(g.nodes), len(g.notes), len(g.text)}
		}
		g.RemoveVariation(first)
		if g.Len() != len(main)+1 {
			t.Fatalf("round %d: Len %d", i, g.Len())
		}
	}
	got := [3]int{len(g.nodes), len(g.notes), len(g.text)}
	// The nodes: those of one line at most; the notes and texts: twice and
	// a bit (reclaimed once half are dead).
	if got[0] > peak[0] || got[1] > 2*peak[1]+40 || got[2] > 2*peak[2]+2100 {
		t.Fatalf("after 3000 lines added and removed: %d nodes, %d notes, %d text bytes; one line: %v", got[0], got[1], got[2], peak)
	}
	for n, c := range mainNodes {
		if g.Comment(c) != want[n] {
			t.Fatalf("main move %d: comment %q, want %q", n, g.Comment(c), want[n])
		}
	}
	if !slices.Equal(g.Mainline(nil), main) {
		t.Fatal("the main line changed")
	}
}

// TestSettersBounded is a live annotator's loop: at each node of a game
// read with comments, its clock, evaluation, arrows, comments and NAGs set
// again and again, three thousand times, alternating between nodes and
// setters so that no text is the game's last. The game's memory must stay
// near what it needs at once (what setting replaces reclaimed), and every
// node must read back what was set last.
func TestSettersBounded(t *testing.T) {
	var g Game
	if err := NewReader(strings.NewReader(`{game} 1. e4 {a [%clk 0:03:00] b} $1 e5 {c} 2. Nf3 (2. Nc3 {d}) Nc6 *`)).Read(&g); err != nil {
		t.Fatal(err)
	}
	var nodes []Node
	for n := range g.Nodes() {
		nodes = append(nodes, n)
	}
	size := func() int { return len(g.notes)*int(unsafe.Sizeof(note{})) + len(g.text) }
	var peak int
	for i := range 3000 {
		n := nodes[i%len(nodes)]
		if i%3 == 0 { // the comment replaced, commands and all
			g.SetStartingComment(n, fmt.Sprintf("line %d", i))
			g.SetComment(n, fmt.Sprintf("comment %d", i))
		}
		g.SetClock(n, time.Duration(i)*time.Second)
		g.SetEval(n, Eval{CP: i, Depth: 20})
		g.SetArrows(n, []Arrow{{'G', movegen.Square(i % 64), movegen.Square((i + 9) % 64)}})
		g.SetEMT(n, time.Duration(i)*time.Millisecond)
		if i%2 == 0 {
			g.RemoveEMT(n)
		}
		g.RemoveNAGs(n)
		g.AddNAG(n, byte(1+i%6))
		if i < len(nodes)*3 {
			peak = max(peak, size())
		}
	}
	if got := size(); got > 3*peak {
		t.Errorf("after 3000 rounds of setters: %d bytes of notes and texts; the first rounds, every node set: %d", got, peak)
	}
	for k, n := range nodes {
		i := 3000 - len(nodes) + k
		for (i % len(nodes)) != k {
			i++
		}
		if i >= 3000 {
			i -= len(nodes)
		}
		if c, _ := g.Clock(n); c != time.Duration(i)*time.Second {
			t.Errorf("node %d: clock %v, want %v", n, c, time.Duration(i)*time.Second)
		}
		if e, _ := g.Eval(n); e.CP != i {
			t.Errorf("node %d: eval %+v, want %d centipawns", n, e, i)
		}
		if a := g.Arrows(n); len(a) != 1 || a[0].From != movegen.Square(i%64) {
			t.Errorf("node %d: arrows %v after round %d", n, a, i)
		}
		if nags := g.NAGs(n); len(nags) != 1 || nags[0] != byte(1+i%6) {
			t.Errorf("node %d: NAGs %v after round %d", n, nags, i)
		}
	}
}

// TestReclaimLinear feeds reclaim hostile sequences: a clock set and
// removed again and again on one node of a long game, and on each of its
// nodes in turn; the same beside a long comment; the main line removed and
// added again. Each compaction copies the whole game (its nodes, notes and
// texts): the bytes it copies, summed over the compactions, must stay within
// a few times the bytes that the changes left dead, so that each change
// pays for a constant share of the compactions (they ran every 33 dead
// notes, each over every node and every byte of text).
func TestReclaimLinear(t *testing.T) {
	size := func(g *Game) int {
		return len(g.nodes)*int(unsafe.Sizeof(node{})) + len(g.notes)*int(unsafe.Sizeof(note{})) + len(g.text)
	}
	dead := func(g *Game) int { return g.edits.deadNotes*int(unsafe.Sizeof(note{})) + g.edits.deadText }
	// run calls change rounds times and checks the bytes the compactions
	// copied against those the changes left dead.
	run := func(name string, g *Game, rounds int, change func(i int)) {
		t.Helper()
		copied, left := 0, 0
		for i := range rounds {
			before, d := size(g), dead(g)
			change(i)
			if now := dead(g); now < d {
				copied += before // a compaction
				left += now
			} else {
				left += now - d
			}
		}
		if copied > 4*left+4096 {
			t.Errorf("%s: compactions copied %d bytes for %d bytes left dead", name, copied, left)
		}
	}
	line := func(plies int) []movegen.Move {
		p := movegen.StartPosition()
		var moves []movegen.Move
		for i := range plies {
			m, err := p.ParseSAN([]string{"Nf3", "Nf6", "Ng1", "Ng8"}[i%4])
			if err != nil {
				t.Fatal(err)
			}
			moves = append(moves, m)
			p.PlayUnchecked(m)
		}
		return moves
	}
	long := line(20000)
	newGame := func(moves []movegen.Move) (*Game, []Node) {
		g, err := FromMoves(movegen.StartPosition(), moves)
		if err != nil {
			t.Fatal(err)
		}
		var nodes []Node
		for n := range g.MainlineNodes() {
			nodes = append(nodes, n)
		}
		return g, nodes
	}
	clock := func(g *Game, n Node, i int) {
		g.SetClock(n, time.Duration(i)*time.Second)
		g.RemoveClock(n)
	}

	g, nodes := newGame(long)
	run("a clock set and removed at one node of 20000", g, 20000, func(i int) { clock(g, nodes[1], i) })
	g, nodes = newGame(long)
	run("a clock set and removed at each node of 20000", g, 20000, func(i int) { clock(g, nodes[i], i) })
	g, nodes = newGame(long[:10])
	g.SetComment(nodes[1], strings.Repeat("x", 256<<10))
	run("a clock set and removed beside a comment of 256 KiB", g, 20000, func(i int) { clock(g, nodes[5], i) })

	short := long[:200]
	g, _ = newGame(short)
	run("the main line removed and added again", g, 200, func(i int) {
		g.RemoveVariation(g.Next(Root))
		end, err := g.AddLine(Root, short)
		if err != nil {
			t.Fatal(err)
		}
		for n := end; n != Root; n = g.Parent(n) {
			g.AddComment(n, fmt.Sprintf("round %d", i))
		}
	})
	if len(g.nodes) > len(short)+1 {
		t.Errorf("the main line removed and added again 200 times: %d nodes, want %d", len(g.nodes), len(short)+1)
	}
}
