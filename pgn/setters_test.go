package pgn_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/symmagic/attacks/engine"
	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
)

var settersWrite = flag.Bool("setters.write", false, "write testdata/extra/setters.pgn, which testdata/ref/setters.py reads")

// pySetters is testdata/ref/setters.pythonchess.json (testdata/ref/setters.py).
type pySetters struct {
	Setters []struct {
		Comments []string          `json:"comments"`
		Op       []json.RawMessage `json:"op"`
		Turn     string            `json:"turn"`
		Python   []string          `json:"python"`
		PGN      []string          `json:"pgn"`
		Read     []*int64          `json:"read"`
		Depth    *int              `json:"depth"`
	} `json:"setters"`
	Written []struct {
		Errors int                 `json:"errors"`
		Nodes  [][]json.RawMessage `json:"nodes"`
	} `json:"written"`
	NAGs [][]int `json:"nags"`
}

func loadPySetters(t *testing.T) *pySetters {
	t.Helper()
	var p pySetters
	if err := json.Unmarshal(readTestFile(t, "testdata/ref/setters.pythonchess.json"), &p); err != nil {
		t.Fatal(err)
	}
	return &p
}

// arrow reads "Ge2e4" ("Gd4d4": a square).
func arrow(t *testing.T, s string) pgn.Arrow {
	from, err1 := movegen.ParseSquare(s[1:3])
	to, err2 := movegen.ParseSquare(s[3:5])
	if err1 != nil || err2 != nil {
		t.Fatalf("arrow %q", s)
	}
	return pgn.Arrow{Color: s[0], From: from, To: to}
}

// seconds is a Duration of python-chess's seconds.
func seconds(s float64) time.Duration { return time.Duration(math.Round(s * 1e9)) }

// fitsInt reports whether every number of a case's operation and reading
// fits an int: on 32-bit platforms the cases of scores beyond it are left
// out.
func fitsInt(op []json.RawMessage, read []*int64) bool {
	for _, raw := range op {
		var v int64
		if json.Unmarshal(raw, &v) == nil && int64(int(v)) != v {
			return false
		}
	}
	for _, v := range read {
		if v != nil && int64(int(*v)) != *v {
			return false
		}
	}
	return true
}

// TestSettersPython: each setter, on a node's comments, leaves the
// comments python-chess's setter leaves (testdata/ref/setters.py), but
// for what the documentation says pgn does otherwise: a later command of
// the kind removed, "#0" written; the [%eval] read back as an engine's
// score (Score) is python-chess's eval() from the side to move's view, its
// depth eval_depth().
func TestSettersPython(t *testing.T) {
	py := loadPySetters(t)
	differ := 0
	for i, c := range py.Setters {
		if !fitsInt(c.Op, c.Read) {
			continue // an int of 32 bits holds no score this large: parseEval reads none
		}
		g := readOne(t, "1. e4 *\n")
		n := pgn.Root
		if c.Turn == "b" {
			n = g.Next(pgn.Root)
		}
		for _, s := range c.Comments {
			g.AddComment(n, s)
		}
		var kind string
		json.Unmarshal(c.Op[0], &kind)
		switch kind {
		case "clock", "emt":
			var secs *float64
			json.Unmarshal(c.Op[1], &secs)
			switch {
			case secs == nil && kind == "clock":
				g.RemoveClock(n)
			case secs == nil:
				g.RemoveEMT(n)
			case kind == "clock":
				g.SetClock(n, seconds(*secs))
			default:
				g.SetEMT(n, seconds(*secs))
			}
		case "eval":
			var sk *string
			var v int
			var depth *int
			json.Unmarshal(c.Op[1], &sk)
			json.Unmarshal(c.Op[2], &v)
			json.Unmarshal(c.Op[3], &depth)
			if sk == nil {
				g.RemoveEval(n)
				break
			}
			d := 0
			if depth != nil {
				d = *depth
			}
			g.SetScore(n, engine.Score{Mate: *sk == "mate", Value: v}, d)
		case "arrows":
			var names []string
			json.Unmarshal(c.Op[1], &names)
			var a []pgn.Arrow
			for _, s := range names {
				a = append(a, arrow(t, s))
			}
			g.SetArrows(n, a)
		}
		name := fmt.Sprintf("case %d: %q %s at %s", i, c.Comments, c.Op, c.Turn)
		if got := g.Comments(n); !slices.Equal(got, c.PGN) {
			t.Errorf("%s: comments %q, want %q (python-chess: %q)", name, got, c.PGN, c.Python)
		}
		if !slices.Equal(c.PGN, c.Python) {
			differ++
		}
		s, ok := g.Score(n)
		switch {
		case ok != (c.Read != nil):
			t.Errorf("%s: Score %v %v, python-chess %v", name, s, ok, c.Read)
		case ok && c.Read[1] != nil && (!s.Mate || int64(s.Value) != *c.Read[1] || s.Given),
			ok && c.Read[1] == nil && (s.Mate || int64(s.Value) != *c.Read[0]):
			t.Errorf("%s: Score %v, python-chess [%v %v]", name, s, c.Read[0], c.Read[1])
		}
		if e, _ := g.Eval(n); (c.Depth == nil) != (e.Depth == 0) || c.Depth != nil && *c.Depth != e.Depth {
			t.Errorf("%s: depth %d, python-chess %v", name, e.Depth, c.Depth)
		}
	}
	t.Logf("%d cases, %d where pgn's comments are not python-chess's (later duplicates, #0)", len(py.Setters), differ)
	if len(py.Setters) < 150 || differ == 0 || differ > 20 {
		t.Errorf("%d cases, %d differ", len(py.Setters), differ)
	}
}

// readOne reads one game, failing the test on an error.
func readOne(t *testing.T, text string) *pgn.Game {
	t.Helper()
	games, errs := readAll(t, text, false)
	if len(games) != 1 || errs[0] != nil {
		t.Fatalf("%q: %d games, %v", text, len(games), errs)
	}
	return games[0]
}

// settersGames are games annotated by the setters: the commands game of
// testdata/extra/commands.pgn with every main-line node's commands set,
// removed and set again, and a game of comments holding "}".
func settersGames(t *testing.T) []*pgn.Game {
	data, err := os.ReadFile("testdata/extra/commands.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games, _ := readAll(t, string(data), false)
	g := games[0]
	g.SetArrows(pgn.Root, []pgn.Arrow{{Color: 'Y', From: movegen.E4, To: movegen.E4}})
	k := 0
	for n, pos := range g.MainlineNodes() {
		k++
		switch k % 4 {
		case 0:
			g.SetClock(n, time.Duration(k)*7250*time.Millisecond)
			g.SetEMT(n, time.Duration(k)*1500*time.Millisecond)
		case 1:
			g.RemoveClock(n)
			g.SetScore(n, engine.Score{Value: k*13 - 50}, k)
			g.AddNAG(n, 1)
			g.AddNAG(n, 1)
		case 2:
			g.SetScore(n, engine.Score{Mate: true, Value: k - 6}, 0)
			g.SetArrows(n, []pgn.Arrow{{Color: 'R', From: movegen.A1, To: movegen.H8}, {Color: 'G', From: movegen.D4, To: movegen.D4}})
		case 3:
			g.RemoveEval(n)
			g.RemoveArrows(n)
			g.RemoveEMT(n)
			g.AddNAG(n, 3)
			g.AddNAG(n, 2)
			g.AddNAG(n, 3)
		}
		if pos.IsCheckmate() {
			g.SetScore(n, engine.Score{Mate: true}, 0)
		}
	}
	b := readOne(t, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n")
	comments := []string{"a } b", "x}\ny", "}", "{x} y", "see {this} [%clk 0:01:00] }", "} [%eval 0.41] }",
		strings.Repeat("a long comment that runs over lines ", 4) + "[%csl Gd4,Re5][%cal Ge2e4] and on"}
	k = 0
	for n := range b.MainlineNodes() {
		if k < len(comments) {
			b.SetComment(n, comments[k])
		}
		switch k {
		case 4:
			b.SetClock(n, 90*time.Second)
		case 5:
			b.SetScore(n, engine.Score{Value: -20}, 18)
		case 6:
			b.SetEMT(n, 2*time.Second)
		}
		k++
	}
	return []*pgn.Game{g, b}
}

// TestSettersWritten: games the setters annotated, written, read back by
// pgn and by python-chess (testdata/ref/setters.py): the same comments
// (python-chess reads a line break where the writer broke a comment's
// line; pgn a space), clocks, move times, evaluations, arrows and NAGs,
// each what the setters set (comments as the writer writes them: without
// "}"). testdata/extra/setters.pgn is what the writer writes today:
// -setters.write writes it again, for setters.py to read.
func TestSettersWritten(t *testing.T) {
	var buf bytes.Buffer
	w := pgn.NewWriter(&buf)
	set := settersGames(t)
	for _, g := range set {
		if err := w.Write(g); err != nil {
			t.Fatal(err)
		}
	}
	const path = "testdata/extra/setters.pgn"
	if *settersWrite {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stored, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(stored, buf.Bytes()) {
		t.Fatalf("%s is not what the writer writes: write it again (-setters.write) and run testdata/ref/setters.py:\n%s", path, buf.Bytes())
	}
	py := loadPySetters(t)
	back, errs := readAll(t, string(stored), false)
	if len(back) != len(set) || len(py.Written) != len(set) {
		t.Fatalf("%d games read back, python-chess %d, want %d", len(back), len(py.Written), len(set))
	}
	for i, g := range back {
		if errs[i] != nil || py.Written[i].Errors != 0 {
			t.Fatalf("game %d: %v, python-chess %d errors", i+1, errs[i], py.Written[i].Errors)
		}
		nodes := []pgn.Node{pgn.Root}
		for n := range g.MainlineNodes() {
			nodes = append(nodes, n)
		}
		if len(nodes) != len(py.Written[i].Nodes) {
			t.Fatalf("game %d: %d nodes, python-chess %d", i+1, len(nodes), len(py.Written[i].Nodes))
		}
		for k, n := range nodes {
			name := fmt.Sprintf("game %d, node %d", i+1, k)
			var want []string
			for _, c := range set[i].Comments(n) {
				if c = writtenComment(c); c != "" {
					want = append(want, c)
				}
			}
			if got := g.Comments(n); !slices.Equal(got, want) {
				t.Errorf("%s: pgn reads back %q, want %q", name, got, want)
			}
			p := py.Written[i].Nodes[k]
			var pc []string
			json.Unmarshal(p[0], &pc)
			for j := range pc {
				pc[j] = strings.ReplaceAll(pc[j], "\n", " ")
			}
			if !slices.Equal(pc, want) {
				t.Errorf("%s: python-chess reads back %q, want %q", name, pc, want)
			}
			if msg := compareCommands(set[i], g, n, p); msg != "" {
				t.Errorf("%s: %s", name, msg)
			}
		}
	}
}

// compareCommands says how the commands of node n of the game set (as
// set), of back (as pgn reads it back) and python-chess's reading p
// differ, or "".
func compareCommands(set, back *pgn.Game, n pgn.Node, p []json.RawMessage) string {
	var clock, emt *float64
	var eval []*int
	var arrows []string
	var nags []byte
	json.Unmarshal(p[1], &clock)
	json.Unmarshal(p[2], &emt)
	json.Unmarshal(p[3], &eval)
	json.Unmarshal(p[4], &arrows)
	var pn []int
	json.Unmarshal(p[5], &pn)
	for _, v := range pn {
		nags = append(nags, byte(v))
	}
	for _, g := range []*pgn.Game{set, back} {
		for _, f := range []struct {
			name string
			get  func(pgn.Node) (time.Duration, bool)
			want *float64
		}{{"clock", g.Clock, clock}, {"emt", g.EMT, emt}} {
			d, ok := f.get(n)
			if ok != (f.want != nil) || ok && math.Abs(d.Seconds()-*f.want) > 1e-9 {
				return fmt.Sprintf("%s %v %v, python-chess %v", f.name, d, ok, f.want)
			}
		}
		e, ok := g.Eval(n)
		if ok != (eval != nil) {
			return fmt.Sprintf("eval %+v %v, python-chess %v", e, ok, eval)
		}
		if ok && (e.Mate && (eval[1] == nil || *eval[1] != e.MateIn) ||
			!e.Mate && (eval[0] == nil || *eval[0] != e.CP) ||
			(eval[2] == nil) != (e.Depth == 0) || eval[2] != nil && *eval[2] != e.Depth) {
			return fmt.Sprintf("eval %+v, python-chess %v", e, eval)
		}
		var ga []string
		for _, a := range g.Arrows(n) {
			ga = append(ga, string(a.Color)+a.From.String()+a.To.String())
		}
		if !slices.Equal(ga, arrows) {
			return fmt.Sprintf("arrows %v, python-chess %v", ga, arrows)
		}
		got := g.NAGs(n)
		sorted := slices.Clone(got)
		slices.Sort(sorted)
		if !bytes.Equal(sorted, nags) || len(slices.Compact(sorted)) != len(got) {
			return fmt.Sprintf("NAGs %v, python-chess %v", got, nags)
		}
	}
	if !slices.Equal(set.NAGs(n), back.NAGs(n)) {
		return fmt.Sprintf("NAGs %v, read back %v", set.NAGs(n), back.NAGs(n))
	}
	return ""
}

// TestNAGSet: a move's NAGs are a set in the order first added, as
// AddNAG adds them and as a game read keeps them ("$2 $2" once; python-chess
// keeps a set: testdata/extra/nags.pgn, python-chess's NAGs sorted); the
// writer writes each once.
func TestNAGSet(t *testing.T) {
	g := readOne(t, "1. e4 *\n")
	n := g.Next(pgn.Root)
	for _, nag := range []byte{3, 1, 3, 1, 14} {
		g.AddNAG(n, nag)
	}
	if got := g.NAGs(n); !bytes.Equal(got, []byte{3, 1, 14}) {
		t.Errorf("AddNAG 3 1 3 1 14: NAGs %v, want [3 1 14]", got)
	}
	if s := g.String(); !strings.Contains(s, "1. e4 $3 $1 $14 *") {
		t.Errorf("written:\n%s", s)
	}
	data, err := os.ReadFile("testdata/extra/nags.pgn")
	if err != nil {
		t.Fatal(err)
	}
	r := readOne(t, string(data))
	py := loadPySetters(t)
	want := [][]byte{{2}, {3, 1}, {4}, {1}}
	k := 0
	for n := range r.MainlineNodes() {
		got := r.NAGs(n)
		sorted := slices.Sorted(slices.Values(got))
		var pn []byte
		for _, v := range py.NAGs[k] {
			pn = append(pn, byte(v))
		}
		if !bytes.Equal(got, want[k]) || !bytes.Equal(sorted, pn) {
			t.Errorf("move %d: NAGs %v, want %v (python-chess %v)", k+1, got, want[k], pn)
		}
		k++
	}
	if v := r.Next(r.Next(pgn.Root)); true {
		v = r.Sibling(r.Next(v))
		if got := r.NAGs(v); !bytes.Equal(got, []byte{1}) {
			t.Errorf("variation 2. Nc3 $1 $1: NAGs %v, want [1]", got)
		}
	}
	if s := r.String(); strings.Contains(s, "$2 $2") || strings.Contains(s, "$1 $1") || !strings.Contains(s, "e4 $2 e5 $3 $1 2. Nf3 $4 (2. Nc3 $1)") {
		t.Errorf("written:\n%s", s)
	}
}

// TestNAGSetPlaces: a NAG read again is dropped wherever the Builder puts
// it: before the game's first move, before a variation's first move, and
// from a variation without a move, whose NAGs go to the move before it.
func TestNAGSetPlaces(t *testing.T) {
	g := readOne(t, "$4 $4 1. e4 $1 ( $1 $2 ) ( $2 $2 1. d4 $3 $3 ) e5 $1 $5 ( $5 ) ( $6 ) $5 $6 *\n")
	e4 := g.Next(pgn.Root)
	d4 := g.Sibling(e4)
	e5 := g.Next(e4)
	for _, c := range []struct {
		name string
		n    pgn.Node
		want []byte
	}{
		{"1. e4", e4, []byte{4, 1, 2}},
		{"1. d4", d4, []byte{2, 3}},
		{"1... e5", e5, []byte{1, 5, 6}},
	} {
		if got := g.NAGs(c.n); !bytes.Equal(got, c.want) {
			t.Errorf("%s: NAGs %v, want %v", c.name, got, c.want)
		}
	}
}

// TestScoreSideAfterEdits: the side to move that SetScore and Score take
// from a node stays the position's through tree edits and through nodes
// that RemoveVariation freed and a later move reused at another depth:
// from a start with Black to move, with null moves, every node's [%eval]
// is the score from the side to move at its position.
func TestScoreSideAfterEdits(t *testing.T) {
	start, err := movegen.ParseFEN("4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	g := pgn.NewGame()
	g.Reset(start)
	uci := func(n pgn.Node, s ...string) []movegen.Move {
		p := g.Position(n)
		var moves []movegen.Move
		for _, u := range s {
			m := movegen.NoMove
			if u != "--" {
				if m, err = p.ParseUCI(u); err != nil {
					t.Fatal(err)
				}
			}
			moves = append(moves, m)
			if u == "--" {
				p.PlayNull()
			} else {
				p.PlayUnchecked(m)
			}
		}
		return moves
	}
	line := func(n pgn.Node, s ...string) pgn.Node {
		end, err := g.AddLine(n, uci(n, s...))
		if err != nil {
			t.Fatal(err)
		}
		return end
	}
	line(pgn.Root, "e8d8", "--", "d8c8", "a1a8")
	first := g.Next(pgn.Root)
	other := line(pgn.Root, "--", "e1g1", "e8e7")
	line(first, "e1g1", "d8d7", "--", "d7d6")
	g.PromoteToMain(g.Sibling(first))
	side := g.Children(nil, first)[1]
	g.PromoteToMain(side)
	g.RemoveVariation(g.Next(side))
	line(other, "a1a7", "e7e6") // reuses nodes removed, at other depths
	s := engine.Score{Value: 37}
	g.SetScore(pgn.Root, s, 0)
	if e, _ := g.Eval(pgn.Root); e.CP != -37 {
		t.Errorf("the root, Black to move: Eval %+v after SetScore %v", e, s)
	}
	count := 0
	for n, p := range g.Nodes() {
		g.SetScore(n, s, 0)
		e, _ := g.Eval(n)
		if want := pgn.EvalOf(s, p.Side(), 0); e != want {
			t.Errorf("node %d, ply %d (%s to move): Eval %+v after SetScore %v, want %+v", n, g.Depth(n), p.Side(), e, s, want)
		}
		if got, ok := g.Score(n); !ok || got != s {
			t.Errorf("node %d, ply %d: Score %v, %v after SetScore %v", n, g.Depth(n), got, ok, s)
		}
		count++
	}
	if count != 10 {
		t.Errorf("%d moves, want 10", count)
	}
}

// checkSetters sets every command on the first nodes of a copy of g (the
// root and its moves, depth first), in turn removing some, and checks that
// the accessors read the values set, and read them back from the game
// written (checkRoundTrip: the same game, written again the same), but
// where a comment holds a "}": dropped when written, it may join text into
// a command.
func checkSetters(t *testing.T, name string, g *pgn.Game) {
	t.Helper()
	c := g.Clone()
	nodes := []pgn.Node{pgn.Root}
	for n := range c.Nodes() {
		if len(nodes) == 40 {
			break
		}
		nodes = append(nodes, n)
	}
	type want struct {
		clock, emt time.Duration
		eval       pgn.Eval
		arrows     []pgn.Arrow
		nags       []byte
	}
	wants := make([]want, len(nodes))
	for k, n := range nodes {
		w := want{clock: time.Duration(k) * 1500 * time.Millisecond, emt: time.Duration(k%7) * time.Second,
			eval:   pgn.Eval{CP: k*37 - 200, Depth: k % 3},
			arrows: []pgn.Arrow{{Color: 'G', From: movegen.Square(k % 64), To: movegen.Square(k % 64)}, {Color: 'B', From: movegen.Square(k % 64), To: movegen.Square((k + 9) % 64)}}}
		if k%5 == 2 {
			w.eval = pgn.Eval{Mate: true, MateIn: k - 20}
		}
		c.SetClock(n, w.clock)
		c.SetEval(n, w.eval)
		c.SetArrows(n, w.arrows)
		c.SetEMT(n, w.emt)
		if k%4 == 3 {
			c.RemoveClock(n)
			c.RemoveEMT(n)
			c.SetArrows(n, nil)
			w.arrows, w.clock, w.emt = nil, 0, 0
		}
		if n != pgn.Root {
			c.AddNAG(n, byte(k%3+1))
			c.AddNAG(n, 1)
		}
		w.nags = c.NAGs(n)
		wants[k] = w
	}
	checkRoundTrip(t, name+" annotated", c)
	back, errs := readAll(t, c.String(), false)
	if len(back) != 1 || errs[0] != nil {
		return // checkRoundTrip said so
	}
	bnodes := []pgn.Node{pgn.Root}
	for n := range back[0].Nodes() {
		if len(bnodes) == len(nodes) {
			break
		}
		bnodes = append(bnodes, n)
	}
	for k, w := range wants {
		if strings.Contains(strings.Join(c.Comments(nodes[k]), " "), "}") {
			continue
		}
		for _, h := range []struct {
			g *pgn.Game
			n pgn.Node
		}{{c, nodes[k]}, {back[0], bnodes[k]}} {
			clock, okc := h.g.Clock(h.n)
			emt, oke := h.g.EMT(h.n)
			e, _ := h.g.Eval(h.n)
			if clock != w.clock || okc != (k%4 != 3) || emt != w.emt || oke != (k%4 != 3) ||
				e != w.eval || !slices.Equal(h.g.Arrows(h.n), w.arrows) || !bytes.Equal(h.g.NAGs(h.n), w.nags) {
				t.Fatalf("%s: node %d: clock %v %v, emt %v %v, eval %+v, arrows %v, NAGs %v; want %+v (comments %q)",
					name, k, clock, okc, emt, oke, e, h.g.Arrows(h.n), h.g.NAGs(h.n), w, h.g.Comments(h.n))
			}
		}
	}
}

// TestSetterPanics: a value no command holds panics, naming the method
// and the value.
func TestSetterPanics(t *testing.T) {
	g := readOne(t, "1. e4 *\n")
	n := g.Next(pgn.Root)
	type panicCase struct {
		f    func()
		want string
	}
	cases := []panicCase{
		{func() { g.SetClock(n, -time.Second) }, "Game.SetClock: -1s"},
		{func() { g.SetEMT(n, 1e6*time.Hour) }, "Game.SetEMT: 1000000h0m0s"},
		{func() { g.SetArrows(n, []pgn.Arrow{{Color: 'X', From: 1, To: 2}}) }, "Game.SetArrows: arrow {Color 'X', From 1, To 2}"},
		{func() { g.SetArrows(n, []pgn.Arrow{{Color: 'G', From: 64, To: 2}}) }, "Game.SetArrows: arrow {Color 'G', From 64, To 2}"},
		{func() { g.SetEval(n, pgn.Eval{CP: 1, Depth: -1}) }, "Game.SetEval: depth -1"},
		{func() { g.SetScore(n, engine.Score{Mate: true, Given: true}, 0) }, "Game.SetScore: score mate +0"},
		{func() { g.SetScore(n, engine.Score{Value: 5}, -2) }, "Game.SetScore: depth -2"},
		{func() { g.SetScore(n, engine.Score{Value: 5, Given: true}, 3) }, "Game.SetScore: score {Mate false, Value 5, Lower false, Upper false, Given true}: no score"},
		{func() { pgn.EvalOf(engine.Score{Value: 5, Lower: true, Upper: true}, movegen.White, 3) }, "EvalOf: score {Mate false, Value 5, Lower true, Upper true, Given false}: no score"},
		{func() { g.SetClock(7, time.Second) }, "Game.SetClock: node 7"},
	}
	if strconv.IntSize == 64 { // an int of 32 bits holds no centipawns that many
		big := int64(1e12)
		cases = append(cases, panicCase{func() { g.SetEval(n, pgn.Eval{CP: int(big)}) }, "Game.SetEval: 1000000000000 centipawns"})
	}
	for _, c := range cases {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), c.want) {
					t.Errorf("panic %v, want %q", r, c.want)
				}
			}()
			c.f()
		}()
	}
	if got := g.Comments(n); got != nil {
		t.Errorf("comments %q after the panics, want none", got)
	}
}

// TestScoreDepthFree checks that SetScore and Score take the side to move
// at their node without replaying the moves to it, so that an annotator
// that scores every node of a game takes a time linear in the game: at a
// node 400 plies deep they allocate no more than at the first move (a
// replay of the moves to a node keeps them in a slice that grows with its
// depth).
func TestScoreDepthFree(t *testing.T) {
	start := movegen.StartPosition()
	var moves []movegen.Move
	p := start
	for i := range 400 {
		m, err := p.ParseSAN([]string{"Nf3", "Nf6", "Ng1", "Ng8"}[i%4])
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		p.PlayUnchecked(m)
	}
	g, err := pgn.FromMoves(start, moves)
	if err != nil {
		t.Fatal(err)
	}
	first, deep := g.Next(pgn.Root), g.Parent(g.MainlineEnd())
	if _, err := g.AddMove(pgn.Root, moves[0]); err != nil { // the last node added is neither
		t.Fatal(err)
	}
	s := engine.Score{Value: 31}
	for _, n := range []pgn.Node{first, deep} {
		g.SetScore(n, s, 20)
		if got, ok := g.Score(n); !ok || got != s {
			t.Errorf("node at ply %d: Score %v, %v after SetScore %v", g.Depth(n), got, ok, s)
		}
	}
	// From a start with Black to move, null moves and a variation: the
	// [%eval], White's view, has the sign the position at the node gives.
	bstart, err := movegen.ParseFEN("4k3/8/8/8/8/8/8/4K2R b K - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	bg := pgn.NewGame()
	bg.Reset(bstart)
	n, err := bg.AddLine(pgn.Root, []movegen.Move{movegen.NoMove, movegen.NoMove, movegen.NoMove})
	if err != nil {
		t.Fatal(err)
	}
	for ; n != pgn.Root; n = bg.Parent(n) {
		bg.SetScore(n, s, 0)
		e, _ := bg.Eval(n)
		p := bg.Position(n)
		if want := pgn.EvalOf(s, p.Side(), 0); e != want {
			t.Errorf("from a start with Black to move, ply %d: Eval %+v after SetScore %v, want %+v", bg.Depth(n), e, s, want)
		}
	}
	allocs := func(n pgn.Node) (set, get float64) {
		set = testing.AllocsPerRun(20, func() { g.SetScore(n, s, 20) })
		get = testing.AllocsPerRun(20, func() { g.Score(n) })
		return set, get
	}
	set1, get1 := allocs(first)
	setDeep, getDeep := allocs(deep)
	if setDeep > set1 || getDeep > get1 {
		t.Errorf("allocations at ply %d: SetScore %v, Score %v; at ply 1: %v, %v", g.Depth(deep), setDeep, getDeep, set1, get1)
	}
}
