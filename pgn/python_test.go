package pgn_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
	"github.com/symmagic/attacks/variant"
)

// pyGame is a game as python-chess 1.11.2 reads it
// (testdata/ref/pythonchess.py games: testdata/ref/pythonchess.jsonl.gz).
type pyGame struct {
	File    string `json:"file"`
	Game    int    `json:"game"`
	Errors  int    `json:"errors"`
	Result  string `json:"result"`
	FEN     string `json:"fen"`
	Outcome string `json:"outcome"`
	// Nodes: [i, comments, clock, [cp, mate, depth], arrows].
	Nodes [][]json.RawMessage `json:"nodes"`
}

// pyFiles are python-chess's games by file.
func pyFiles(t *testing.T) map[string][]pyGame {
	t.Helper()
	files := map[string][]pyGame{}
	s := bufio.NewScanner(bytes.NewReader(readTestFile(t, "testdata/ref/pythonchess.jsonl.gz")))
	s.Buffer(nil, 1<<24)
	for s.Scan() {
		var g pyGame
		if err := json.Unmarshal(s.Bytes(), &g); err != nil {
			t.Fatal(err)
		}
		files[g.File] = append(files[g.File], g)
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return files
}

// pyReasons are python-chess's Termination names of movegen's reasons.
var pyReasons = map[movegen.Reason]string{
	movegen.Checkmate: "CHECKMATE", movegen.Stalemate: "STALEMATE", movegen.InsufficientMaterial: "INSUFFICIENT_MATERIAL",
	movegen.SeventyFiveMoves: "SEVENTYFIVE_MOVES", movegen.FivefoldRepetition: "FIVEFOLD_REPETITION",
	movegen.FiftyMoves: "FIFTY_MOVES", movegen.ThreefoldRepetition: "THREEFOLD_REPETITION",
}

// pyDiffers are the games both read without an error that python-chess
// reads otherwise, and why.
var pyDiffers = map[string]string{
	"chessjs__0.pgn 1": "one line of tag pairs and moves between HTML <br /> tags: python-chess reads its first line as " +
		"tags, fails to match one, and reads no move; pgn passes over the <br /> as warnings and reads the game",
	"pgnextract__nested-comment.pgn 1": "the words after a nested comment's first }: python-chess reads the -- of " +
		"--nestedcomment as a null move; pgn passes over the word, which names no square, as a warning",
}

// TestPythonChess compares, game by game, what python-chess reads from
// the test files (and testdata/extra/commands.pgn, the commands lichess
// writes into comments, written here) with what pgn gives: for each game
// both read without an error, the final position's FEN with the
// en-passant square only where a capture is legal (FENLegalEnPassant), the
// outcome with a claim (Outcome(true)), and for each node of the main line
// its comments (each apart, white space runs as one space), clock,
// evaluation and arrows. Files whose games python-chess counts otherwise
// (it ends a game at a blank line in the movetext) are compared no
// further, and listed.
func TestPythonChess(t *testing.T) {
	py := pyFiles(t)
	paths, _ := filepath.Glob("testdata/*.pgn")
	paths = append(paths, "testdata/extra/commands.pgn")
	compared, nodes, outcomes := 0, 0, 0
	var otherCounts []string
	for _, path := range paths {
		name := filepath.Base(path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		games, errs := readAll(t, string(data), false)
		pg := py[name]
		if len(pg) != len(games) {
			otherCounts = append(otherCounts, fmt.Sprintf("%s (python-chess %d, pgn %d)", name, len(pg), len(games)))
			continue
		}
		for i, g := range games {
			p := pg[i]
			if errs[i] != nil || p.Errors > 0 || pyDiffers[fmt.Sprintf("%s %d", name, i+1)] != "" {
				continue
			}
			compared++
			if g.Variant() != variant.NoVariant {
				// A lichess variant game: its end by the variant's rules
				// (TestVariantPython compares its outcome).
				if end := g.VariantPosition(g.MainlineEnd()); end.FEN() != p.FEN {
					t.Errorf("%s game %d: FEN %s, python-chess %s", name, i+1, end.FEN(), p.FEN)
				}
			} else {
				end := g.End()
				if got := end.FENLegalEnPassant(); got != p.FEN {
					t.Errorf("%s game %d: FEN %s, python-chess %s", name, i+1, got, p.FEN)
				}
				o := g.Outcome(true)
				got := ""
				if o.Result != movegen.NoResult {
					got = o.Result.String() + " " + pyReasons[o.Reason]
					outcomes++
				}
				if got != p.Outcome {
					t.Errorf("%s game %d: outcome %q, python-chess %q", name, i+1, got, p.Outcome)
				}
			}
			byIndex := map[int][]json.RawMessage{}
			for _, n := range p.Nodes {
				var k int
				json.Unmarshal(n[0], &k)
				byIndex[k] = n
			}
			k := 0
			for n := range g.MainlineNodes() {
				k++
				nodes++
				if msg := compareNode(g, n, byIndex[k]); msg != "" {
					t.Errorf("%s game %d, move %d: %s", name, i+1, k, msg)
				}
			}
			for n := range g.VariantMainlineNodes() {
				k++
				nodes++
				if msg := compareNode(g, n, byIndex[k]); msg != "" {
					t.Errorf("%s game %d, move %d: %s", name, i+1, k, msg)
				}
			}
		}
	}
	t.Logf("%d games compared with python-chess (%d main-line nodes, %d outcomes); other game counts: %s",
		compared, nodes, outcomes, strings.Join(otherCounts, ", "))
	if compared < 2900 {
		t.Errorf("only %d games compared", compared)
	}
}

// compareNode says how node n differs from python-chess's reading p (nil:
// no comments, clock, evaluation or arrows), or "".
func compareNode(g *pgn.Game, n pgn.Node, p []json.RawMessage) string {
	var comments []string
	var clock *float64
	var eval []*int
	var arrows []string
	if p != nil {
		json.Unmarshal(p[1], &comments)
		json.Unmarshal(p[2], &clock)
		json.Unmarshal(p[3], &eval)
		json.Unmarshal(p[4], &arrows)
	}
	var want []string
	for _, c := range comments {
		if c = strings.Join(strings.Fields(c), " "); c != "" {
			want = append(want, c)
		}
	}
	var got []string
	for _, c := range g.Comments(n) {
		got = append(got, strings.Join(strings.Fields(c), " "))
	}
	if !slices.Equal(got, want) {
		return fmt.Sprintf("comments %q, python-chess %q", got, want)
	}
	d, ok := g.Clock(n)
	if ok != (clock != nil) || ok && math.Abs(d.Seconds()-*clock) > 1e-9 {
		return fmt.Sprintf("clock %v %v, python-chess %v", d, ok, clock)
	}
	e, ok := g.Eval(n)
	if ok != (eval != nil) {
		return fmt.Sprintf("eval %+v %v, python-chess %v", e, ok, eval)
	}
	if ok {
		switch {
		case e.Mate && (eval[1] == nil || *eval[1] != e.MateIn),
			!e.Mate && (eval[0] == nil || *eval[0] != e.CP),
			(eval[2] == nil) != (e.Depth == 0) || eval[2] != nil && *eval[2] != e.Depth:
			return fmt.Sprintf("eval %+v, python-chess %v", e, eval)
		}
	}
	var ga []string
	for _, a := range g.Arrows(n) {
		ga = append(ga, string(a.Color)+a.From.String()+a.To.String())
	}
	if !slices.Equal(ga, arrows) {
		return fmt.Sprintf("arrows %v, python-chess %v", ga, arrows)
	}
	return ""
}
