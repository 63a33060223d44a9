package pgn_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
	"github.com/symmagic/attacks/variant"
)

// pyVariantGame is a variant game as python-chess 1.11.2 reads it
// (testdata/variants/gen.py: expected.jsonl).
type pyVariantGame struct {
	File    string      `json:"file"`
	Game    int         `json:"game"`
	Variant string      `json:"variant"`
	Errors  []string    `json:"errors"`
	Tags    [][2]string `json:"tags"`
	UCI     []string    `json:"uci"`
	SAN     []string    `json:"san"`
	FEN     string      `json:"fen"`
	Outcome []string    `json:"outcome"`
	PGN     string      `json:"pgn"`
}

// pyTermination is python-chess's Termination name of an outcome's reason.
func pyTermination(o variant.Outcome) string {
	switch o.Reason {
	case variant.VariantEnd:
		switch o.Result {
		case movegen.Draw:
			return "VARIANT_DRAW"
		}
		return "VARIANT_" // VARIANT_WIN or VARIANT_LOSS, by the side to move
	case variant.Checkmate:
		return "CHECKMATE"
	case variant.Stalemate:
		return "STALEMATE"
	case variant.InsufficientMaterial:
		return "INSUFFICIENT_MATERIAL"
	case variant.SeventyFiveMoves:
		return "SEVENTYFIVE_MOVES"
	case variant.FivefoldRepetition:
		return "FIVEFOLD_REPETITION"
	}
	return ""
}

// TestVariantPython reads testdata/variants' games of the seven variants
// (random games python-chess played and wrote, Variant tags under its
// aliases in various cases, FEN starts, variations, comments, NAGs; and
// games in lichess's export form, drops written P@e4, clock comments) and
// compares each with python-chess's reading of it: the variant, the tags,
// the main line in UCI and SAN, the FEN after it, the outcome by the
// variant's rules, and the PGN written back (python-chess's export of the
// game it read, word for word: python-chess writes a game on one line and
// spaces inside parentheses). The PGN written is read back the same. The
// lichess games of python-chess's own tests (two Crazyhouse games with
// drops in their variations, two Antichess games) are compared too.
func TestVariantPython(t *testing.T) {
	var want []pyVariantGame
	s := bufio.NewScanner(bytes.NewReader(readTestFile(t, "testdata/variants/expected.jsonl")))
	s.Buffer(nil, 1<<24)
	for s.Scan() {
		var g pyVariantGame
		if err := json.Unmarshal(s.Bytes(), &g); err != nil {
			t.Fatal(err)
		}
		want = append(want, g)
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	byFile := map[string][]pyVariantGame{}
	for _, g := range want {
		byFile[g.File] = append(byFile[g.File], g)
	}
	counts := map[variant.Variant]int{}
	moves := 0
	for _, file := range variantFiles {
		games := byFile[file]
		if len(games) == 0 {
			t.Fatalf("%s: no games in expected.jsonl", file)
		}
		r := pgn.NewReader(bytes.NewReader(readTestFile(t, "testdata/variants/"+file)))
		var g pgn.Game
		for i, py := range games {
			if err := r.Read(&g); err != nil {
				t.Fatalf("%s game %d: %v", file, i+1, err)
			}
			name := file + " game " + py.Event()
			if len(py.Errors) > 0 {
				t.Fatalf("%s: python-chess's errors %q", name, py.Errors)
			}
			if g.Variant().UCI() != py.Variant {
				t.Fatalf("%s: variant %q (%v), python-chess %q", name, g.Variant().UCI(), g.Variant(), py.Variant)
			}
			counts[g.Variant()]++
			checkTags(t, name, g.Tags, g.Result, py.Tags)
			var ucis []string
			for _, m := range g.VariantMainline(nil) {
				ucis = append(ucis, m.String())
			}
			if strings.Join(ucis, " ") != strings.Join(py.UCI, " ") {
				t.Fatalf("%s: moves\n%s\npython-chess\n%s", name, strings.Join(ucis, " "), strings.Join(py.UCI, " "))
			}
			moves += len(ucis)
			k := 0
			end := g.VariantStart()
			for n, p := range g.VariantMainlineNodes() {
				if san := g.SAN(n); san != py.SAN[k] {
					t.Fatalf("%s: move %d: SAN %q, python-chess %q", name, k+1, san, py.SAN[k])
				}
				k++
				end = p
			}
			if fen := end.FEN(); fen != py.FEN {
				t.Fatalf("%s: FEN after the main line %q, python-chess %q", name, fen, py.FEN)
			}
			if p := g.VariantPosition(g.MainlineEnd()); p != end {
				t.Fatalf("%s: VariantPosition(MainlineEnd) %s, the main line's end %s", name, p.FEN(), end.FEN())
			}
			o := g.VariantOutcome()
			switch {
			case py.Outcome == nil && o != (variant.Outcome{}):
				t.Fatalf("%s: outcome %v, python-chess none", name, o)
			case py.Outcome != nil && (o.Result.String() != py.Outcome[1] || !strings.HasPrefix(py.Outcome[0], pyTermination(o)) || pyTermination(o) == ""):
				t.Fatalf("%s: outcome %v, python-chess %q", name, o, py.Outcome)
			}
			written := g.String()
			if words(written) != words(py.PGN) {
				t.Fatalf("%s: written\n%s\npython-chess writes\n%s", name, written, py.PGN)
			}
			var back pgn.Game
			if err := pgn.NewReader(strings.NewReader(written)).Read(&back); err != nil {
				t.Fatalf("%s: reading what was written: %v", name, err)
			}
			if back.String() != written {
				t.Fatalf("%s: written again\n%s\nfirst\n%s", name, back.String(), written)
			}
		}
		if err := r.Read(&g); err != io.EOF {
			t.Fatalf("%s: after python-chess's %d games: %v", file, len(games), err)
		}
	}
	if len(counts) != 7 {
		t.Fatalf("games by variant %v: want all seven", counts)
	}
	t.Logf("%d games, %d main-line moves, by variant %v", len(want), moves, counts)
}

// variantFiles are the files of TestVariantPython, in testdata/variants.
var variantFiles = []string{"random.pgn", "lichess.pgn", "../pythonchess__knightvuillaume-jannlee-zh-lichess.pgn",
	"../pythonchess__saturs-jannlee-zh-lichess.pgn", "../pythonchess__antichess-programfox.pgn"}

// words returns a PGN text's words, each run of white space one space,
// "( ", " )", "{ " and " }" written "(", ")", "{" and "}": python-chess's
// exporter writes a game on one line (str(game)) and a space inside a
// variation's parentheses and a comment's braces, pgn lines of 80 columns
// and none.
func words(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.NewReplacer("( ", "(", " )", ")", "{ ", "{", " }", "}").Replace(s)
}

// Event names a game by its Event tag.
func (g *pyVariantGame) Event() string {
	for _, tg := range g.Tags {
		if tg[0] == "Event" {
			return strings.TrimSpace(tg[1])
		}
	}
	return "?"
}

// checkTags compares tags with python-chess's (its roster first, then the
// others in order, as pgn keeps them in the order read): the same pairs,
// but for the roster's tags that python-chess's headers hold with their
// unknown values where the game has none ([Round "?"]), and the Result tag
// that python-chess takes from the termination marker.
func checkTags(t *testing.T, name string, tags []pgn.Tag, result string, py [][2]string) {
	t.Helper()
	got := map[string]string{}
	for _, tg := range tags {
		got[tg.Name] = tg.Value
	}
	want := map[string]string{}
	for _, tg := range py {
		if _, ok := got[tg[0]]; !ok && (tg[1] == "?" || tg[1] == "????.??.??" || tg[1] == "*" || tg[0] == "Result" && tg[1] == result) {
			continue
		}
		want[tg[0]] = tg[1]
	}
	if len(got) != len(want) || len(tags) != len(want) {
		t.Fatalf("%s: tags %v, python-chess %v", name, tags, py)
	}
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("%s: tag %s %q, python-chess %q", name, k, got[k], v)
		}
	}
}

// TestVariantTags reads each Variant tag value as python-chess's
// Headers.variant does: its aliases, in any case, name the variants;
// Standard's, FICS's wild/N and Chess960's are standard chess; the
// variants this package does not play (python-chess's Suicide, Giveaway)
// are refused, as any other name.
func TestVariantTags(t *testing.T) {
	for _, c := range []struct {
		tag  string
		want variant.Variant // NoVariant: standard chess
		err  bool
	}{
		{"Crazyhouse", variant.Crazyhouse, false}, {"crazy house", variant.Crazyhouse, false}, {"ZH", variant.Crazyhouse, false},
		{"house", variant.Crazyhouse, false},
		{"Atomic", variant.Atomic, false}, {"atom", variant.Atomic, false}, {"ATOMIC CHESS", variant.Atomic, false},
		{"Antichess", variant.Antichess, false}, {"anti chess", variant.Antichess, false}, {"Anti", variant.Antichess, false},
		{"King of the Hill", variant.KingOfTheHill, false}, {"koth", variant.KingOfTheHill, false},
		{"kingOfTheHill", variant.KingOfTheHill, false},
		{"Three-check", variant.ThreeCheck, false}, {"three check chess", variant.ThreeCheck, false},
		{"3-check", variant.ThreeCheck, false}, {"3 check", variant.ThreeCheck, false}, {"3check", variant.ThreeCheck, false},
		{"Horde", variant.Horde, false}, {"horde chess", variant.Horde, false},
		{"Racing Kings", variant.RacingKings, false}, {"race", variant.RacingKings, false}, {"racing", variant.RacingKings, false},
		{" Atomic ", variant.Atomic, false},
		{"Standard", variant.NoVariant, false}, {"From Position", variant.NoVariant, false}, {"classical", variant.NoVariant, false},
		{"wild/0", variant.NoVariant, false}, {"Chess960", variant.NoVariant, false}, {"", variant.NoVariant, false},
		{"Suicide", variant.NoVariant, true}, {"Giveaway", variant.NoVariant, true}, {"Losers", variant.NoVariant, true},
		{"Threecheckmate", variant.NoVariant, true}, {"King of the Hill 2", variant.NoVariant, true},
	} {
		text := "[Variant \"" + c.tag + "\"]\n\n*\n"
		var g pgn.Game
		err := pgn.NewReader(strings.NewReader(text)).Read(&g)
		if c.err {
			var pe *pgn.Error
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), "not one this package reads") {
				t.Errorf("Variant %q: error %v, want a *pgn.Error refusing it", c.tag, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Variant %q: %v", c.tag, err)
			continue
		}
		if g.Variant() != c.want {
			t.Errorf("Variant %q: %v, want %v", c.tag, g.Variant(), c.want)
		}
	}
}

// TestVariantRead checks what a variant game's reading gives beyond
// python-chess's comparison: a move not legal by the variant's rules is a
// *pgn.Error at its place wrapping the *movegen.SANError (a standard move
// that the variant forbids, a drop from an empty pocket); a null move is
// refused; a FEN tag before or after the Variant tag is read in the
// variant; a Crazyhouse FEN that standard chess cannot read is the
// game's error without a Variant tag; the movegen methods give nothing of
// a variant game, AddMove refuses it, and a standard game read after one
// is standard again.
func TestVariantRead(t *testing.T) {
	read := func(text string) (*pgn.Game, error) {
		g := &pgn.Game{}
		return g, pgn.NewReader(strings.NewReader(text)).Read(g)
	}
	for _, c := range []struct{ name, text, msg string }{
		{"Antichess: a capture must be played", "[Variant \"Antichess\"]\n\n1. e4 d5 2. Nc3 *", "2. Nc3"},
		{"a drop from an empty pocket", "[Variant \"Crazyhouse\"]\n\n1. N@f3 *", "1. N@f3"},
		{"Racing Kings: no check given", "[Variant \"Racing Kings\"]\n\n1. Nc3 *", "1. Nc3"},
		{"a null move", "[Variant \"Atomic\"]\n\n1. e4 -- *", "no null move in a variant game (atomic)"},
	} {
		_, err := read(c.text)
		var pe *pgn.Error
		if !errors.As(err, &pe) || pe.Line != 3 || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want a *pgn.Error at line 3 naming %q", c.name, err, c.msg)
		}
		var se *movegen.SANError
		if c.msg != "" && !strings.Contains(c.msg, "null") && !errors.As(err, &se) {
			t.Errorf("%s: %v does not wrap a *movegen.SANError", c.name, err)
		}
	}
	fen := "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[] w KQkq - 2 3"
	for _, text := range []string{
		"[Variant \"Crazyhouse\"]\n[FEN \"" + fen + "\"]\n\n3. Nxe5 Nxe5 4. d4 *",
		"[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n[Variant \"crazyhouse\"]\n\n3. Nxe5 Nxe5 4. d4 *",
	} {
		g, err := read(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if p := g.VariantStart(); p.FEN() != fen {
			t.Errorf("%q: start %s", text, p.FEN())
		}
		if p := g.VariantPosition(g.MainlineEnd()); p.Pocket(movegen.Black, movegen.Knight) != 1 || p.Pocket(movegen.White, movegen.Pawn) != 1 {
			t.Errorf("%q: end %s, want a knight in Black's pocket and a pawn in White's", text, p.FEN())
		}
		if g.Move(g.MainlineEnd()) != movegen.NoMove || len(g.Mainline(nil)) != 0 || g.Position(1) != (movegen.Position{}) {
			t.Errorf("%q: the movegen methods give a variant game's moves", text)
		}
		if _, err := g.Play(movegen.NoMove); err == nil {
			t.Errorf("%q: Play of a movegen move in a variant game: no error", text)
		}
	}
	if _, err := read("[FEN \"" + fen + "\"]\n\n3. Nxe5 *"); err == nil || !strings.Contains(err.Error(), "FEN tag") {
		t.Errorf("a Crazyhouse FEN without a Variant tag: %v, want the FEN tag's error", err)
	}
	// One Game read into: a variant game, then a standard one.
	r := pgn.NewReader(strings.NewReader("[Variant \"Horde\"]\n\n1. e5 *\n\n[Event \"x\"]\n\n1. e4 *\n"))
	var g pgn.Game
	if err := r.Read(&g); err != nil || g.Variant() != variant.Horde {
		t.Fatalf("a Horde game: %v, %v", err, g.Variant())
	}
	if err := r.Read(&g); err != nil || g.Variant() != variant.NoVariant || g.Move(1) == movegen.NoMove {
		t.Fatalf("a standard game after a Horde one: %v, %v", err, g.Variant())
	}
}

// TestVariantBuild makes a variant game by FromVariantMoves and
// PlayVariant, and writes it: its Variant tag, no FEN tag from the
// variant's start, a FEN and SetUp from another, its SAN (a drop), its
// result by the variant's rules; a Clone keeps its own start.
func TestVariantBuild(t *testing.T) {
	start := variant.StartPosition(variant.KingOfTheHill)
	var moves []variant.Move
	p := start
	for _, s := range []string{"e3", "d6", "Ke2", "Kd7", "Kf3", "Ke6", "Ke4"} {
		m, err := p.ParseSAN(s)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		p.PlayUnchecked(m)
	}
	g, err := pgn.FromVariantMoves(start, moves)
	if err != nil {
		t.Fatal(err)
	}
	want := "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n" +
		"[Variant \"King of the Hill\"]\n\n1. e3 d6 2. Ke2 Kd7 3. Kf3 Ke6 4. Ke4# 1-0\n"
	if s := g.String(); s != want {
		t.Errorf("written\n%s\nwant\n%s", s, want)
	}
	if _, err := g.PlayVariant(moves[0]); err == nil {
		t.Error("PlayVariant of a move not legal at the end: no error")
	} else {
		var me *movegen.MoveError
		if !errors.As(err, &me) {
			t.Errorf("PlayVariant's error %v wraps no *movegen.MoveError", err)
		}
	}
	zh, _ := variant.ParseFEN(variant.Crazyhouse, "rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 0 3")
	g2 := &pgn.Game{}
	g2.ResetVariant(zh)
	drop, err := zh.ParseUCI("P@e4")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g2.PlayVariant(drop); err != nil {
		t.Fatal(err)
	}
	want = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n" +
		"[Variant \"Crazyhouse\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pp] w KQkq - 0 3\"]\n\n3. @e4 *\n"
	if s := g2.String(); s != want {
		t.Errorf("written\n%s\nwant\n%s", s, want)
	}
	// A Clone shares nothing: the original reset to another variant
	// leaves the clone's start as it was.
	c := g2.Clone()
	g2.ResetVariant(variant.StartPosition(variant.Horde))
	if p := c.VariantStart(); p != zh || c.Variant() != variant.Crazyhouse || g2.Variant() != variant.Horde {
		t.Errorf("the clone's start %s (%v) after the original's reset to Horde", p.FEN(), c.Variant())
	}
	if _, err := pgn.FromVariantMoves(variant.Position{}, nil); err == nil {
		t.Error("FromVariantMoves of the zero Position: no error")
	}
}

// TestVariantParallel reads the variant games with a ParallelReader in
// small chunks, the games built in its workers: each is the game Reader
// reads, its variant, positions and text the same.
func TestVariantParallel(t *testing.T) {
	for _, file := range variantFiles {
		data := readTestFile(t, "testdata/variants/"+file)
		pr := pgn.NewParallelReader(context.Background(), bytes.NewReader(data))
		pr.Workers, pr.ChunkSize = 2, 4096
		r := pgn.NewReader(bytes.NewReader(data))
		var g, want pgn.Game
		n := 0
		for {
			err := pr.Read(&g)
			werr := r.Read(&want)
			if err == io.EOF && werr == io.EOF {
				break
			}
			n++
			if err != nil || werr != nil {
				t.Fatalf("%s game %d: %v, Reader's %v", file, n, err, werr)
			}
			if g.Variant() != want.Variant() || g.String() != want.String() ||
				g.VariantPosition(g.MainlineEnd()) != want.VariantPosition(want.MainlineEnd()) {
				t.Fatalf("%s game %d: the ParallelReader's game differs:\n%s\nReader's\n%s", file, n, g.String(), want.String())
			}
		}
		if err := pr.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
