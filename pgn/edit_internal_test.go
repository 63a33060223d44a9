package pgn

import (
	"fmt"
	"slices"
	"testing"

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
