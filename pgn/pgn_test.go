package pgn_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
)

// readAll reads every game of text: each game (a copy) and its error.
func readAll(t testing.TB, text string, skip bool) ([]*pgn.Game, []error) {
	t.Helper()
	r := pgn.NewReader(strings.NewReader(text))
	r.SkipVariations = skip
	var games []*pgn.Game
	var errs []error
	for i := 0; ; i++ {
		g := new(pgn.Game)
		err := r.Read(g)
		if err == io.EOF {
			return games, errs
		}
		var pe *pgn.Error
		if err != nil && !errors.As(err, &pe) {
			t.Fatalf("game %d: %v is a %T, want *pgn.Error", i+1, err, err)
		}
		if i > 100000 {
			t.Fatal("Read does not end")
		}
		games = append(games, g)
		errs = append(errs, err)
	}
}

// uci writes moves in UCI, space-separated.
func uci(moves []movegen.Move) string {
	var b []byte
	for i, m := range moves {
		if i > 0 {
			b = append(b, ' ')
		}
		b = m.AppendUCI(b)
	}
	return string(b)
}

// describe writes a game's whole content: tags, start, result, and its
// tree with comments and NAGs, for comparing two games.
func describe(g *pgn.Game) string { return describeWith(g, nil) }

// describeWith is describe with each comment as written gives it: a
// comment f makes "" is none.
func describeWith(g *pgn.Game, f func(string) string) string {
	join := func(comments []string) string {
		if f == nil {
			return strings.Join(comments, " ")
		}
		var s []string
		for _, c := range comments {
			if c = f(c); c != "" {
				s = append(s, c)
			}
		}
		return strings.Join(s, " ")
	}
	var b strings.Builder
	for _, t := range g.Tags {
		fmt.Fprintf(&b, "[%s %q]", t.Name, t.Value)
	}
	start := g.Start()
	fmt.Fprintf(&b, "\nstart %s 960:%v result %s\n", start.FEN(), start.Chess960(), g.Result)
	fmt.Fprintf(&b, "{%s}", join(g.StartingComments(pgn.Root)))
	var walk func(n pgn.Node, depth int)
	walk = func(n pgn.Node, depth int) {
		for c := g.Next(n); c != pgn.None; c = g.Sibling(c) {
			fmt.Fprintf(&b, "\n%*s%v {%s} {%s} %v", depth, "", g.Move(c), join(g.StartingComments(c)), join(g.Comments(c)), g.NAGs(c))
			walk(c, depth+1)
		}
	}
	walk(pgn.Root, 0)
	return b.String()
}

// TestRead reads games that use each part of PGN's import format and
// checks the main line, the result and what the game holds.
func TestRead(t *testing.T) {
	for _, c := range []struct {
		name, text, mainline, result string
		check                        func(*pgn.Game) string
	}{
		{"seven tags, moves, result", "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
			"e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7", "1-0", func(g *pgn.Game) string {
				end := g.End()
				if v, _ := g.Tag("White"); v != "W" || len(g.Tags) != 7 || !end.IsCheckmate() {
					return "tags or end wrong"
				}
				return ""
			}},
		{"no tags, numbers without spaces and with Black's dots", "1.e4 e5 2.Nf3 2...Nc6 3. Bb5 3... a6 *", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6", "*", nil},
		{"castling with zeros and O, checks, suffixes, NAGs", "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. 0-0 O-O 5. d3!? d6?! 6. Bg5 $14 h6 $2 1/2-1/2",
			"e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1g1 e8g8 d2d3 d7d6 c1g5 h7h6", "1/2-1/2", func(g *pgn.Game) string {
				n := g.Next(g.Next(g.Next(g.Next(g.Next(g.Next(g.Next(g.Next(g.Next(pgn.Root)))))))))
				if fmt.Sprint(g.NAGs(n)) != "[5]" || fmt.Sprint(g.NAGs(g.Next(n))) != "[6]" {
					return fmt.Sprintf("NAGs %v %v", g.NAGs(n), g.NAGs(g.Next(n)))
				}
				return ""
			}},
		{"comments: before the game, after moves, ; to the line's end, multi-line",
			"{Start} 1. e4 {King's pawn} ; a line comment\ne5 {two\nlines} 2. Nf3 *", "e2e4 e7e5 g1f3", "*", func(g *pgn.Game) string {
				e4 := g.Next(pgn.Root)
				if g.StartingComment(pgn.Root) != "Start" || g.Comment(e4) != "King's pawn a line comment" || g.Comment(g.Next(e4)) != "two lines" {
					return fmt.Sprintf("comments %q %q %q", g.StartingComment(pgn.Root), g.Comment(e4), g.Comment(g.Next(e4)))
				}
				return ""
			}},
		{"nested variations and a comment opening one", "1. e4 e5 (1... c5 2. Nf3 (2. c3 {Alapin} d5) d6) ({French} 1... e6) 2. Nf3 *",
			"e2e4 e7e5 g1f3", "*", func(g *pgn.Game) string {
				e4 := g.Next(pgn.Root)
				kids := g.Children(nil, e4)
				if len(kids) != 3 || g.Move(kids[1]).String() != "c7c5" || g.StartingComment(kids[2]) != "French" {
					return fmt.Sprintf("variations at e4: %v", kids)
				}
				// 2. c3 is an alternative to 2. Nf3, inside the c5 variation.
				c5kids := g.Children(nil, kids[1])
				if len(c5kids) != 2 || g.Move(c5kids[1]).String() != "c2c3" || g.StartingComment(c5kids[1]) != "" || g.Comment(c5kids[1]) != "Alapin" {
					return fmt.Sprintf("after 1... c5: %v", c5kids)
				}
				if g.Move(g.Next(c5kids[0])).String() != "d7d6" || g.Move(g.Next(c5kids[1])).String() != "d7d5" {
					return "the replies to 2. Nf3 and 2. c3"
				}
				return ""
			}},
		{"a game from a FEN, Black to move", "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 10\"]\n\n10... Kd7 11. e4 *", "e8d7 e2e4", "*", nil},
		{"a FEN tag without SetUp, fullmove 0 as some programs write", "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 0\"]\n\n1. e4 *", "e2e4", "*", nil},
		{"Chess960, Shredder-FEN castling", "[Variant \"Chess960\"]\n[FEN \"rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1\"]\n\n1. O-O-O O-O-O 2. d4 *",
			"b1a1 b8a8 d2d4", "*", func(g *pgn.Game) string {
				if start := g.Start(); !start.Chess960() {
					return "not in Chess960 mode"
				}
				return ""
			}},
		{"null moves", "1. e4 -- 2. d4 Z0 3. c4 *", "e2e4 0000 d2d4 0000 c2c4", "*", nil},
		{"escape lines, a BOM, CRLF", "\xef\xbb\xbf% an escape line\r\n[Event \"x\"]\r\n\r\n1. e4\r\n% another\r\ne5 1-0\r\n", "e2e4 e7e5", "1-0", nil},
		{"en passant spelt out", "1. e4 a6 2. e5 d5 3. exd6 e.p. *", "e2e4 a7a6 e4e5 d7d5 e5d6", "*", nil},
		{"no termination marker: the Result tag's", "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4#\n", "f2f3 e7e5 g2g4 d8h4", "0-1", nil},
		{"promotion spellings", "[FEN \"8/P6k/8/8/8/8/p6K/8 w - - 0 1\"]\n\n1. a8=Q a1Q 2. Qb7 *", "a7a8q a2a1q a8b7", "*", nil},
	} {
		games, errs := readAll(t, c.text, false)
		if len(games) != 1 || errs[0] != nil {
			t.Errorf("%s: %d games, errors %v", c.name, len(games), errs)
			continue
		}
		g := games[0]
		if got := uci(g.Mainline(nil)); got != c.mainline || g.Result != c.result {
			t.Errorf("%s: %s %s, want %s %s", c.name, got, g.Result, c.mainline, c.result)
		}
		if c.check != nil {
			if msg := c.check(g); msg != "" {
				t.Errorf("%s: %s", c.name, msg)
			}
		}
		checkRoundTrip(t, c.name, g)
	}
}

// checkRoundTrip writes g, reads it back, and fails unless the game read
// is g and writing it again gives the same text.
// breakable reports whether s has a space with no other white space
// beside it: a place a comment to the line's end can break.
func breakable(s string) bool {
	for i := 1; i+1 < len(s); i++ {
		if s[i] == ' ' && strings.TrimRightFunc(s[:i], unicode.IsSpace) == s[:i] &&
			strings.TrimLeftFunc(s[i+1:], unicode.IsSpace) == s[i+1:] {
			return true
		}
	}
	return false
}

func checkRoundTrip(t *testing.T, name string, g *pgn.Game) {
	t.Helper()
	text := g.String()
	games, errs := readAll(t, text, false)
	if len(games) != 1 || errs[0] != nil {
		t.Errorf("%s: the game written reads back as %d games, %v:\n%s", name, len(games), errs, text)
		return
	}
	want := describeWith(g, writtenComment)
	if got := describe(games[0]); got != want && !sameButExportTags(g, games[0]) {
		t.Errorf("%s: read back as another game:\n%s\nwant\n%s\nfrom\n%s", name, got, want, text)
	}
	if again := games[0].String(); again != text {
		t.Errorf("%s: written again differs:\n%s\nfirst\n%s", name, again, text)
	}
	for i, line := range strings.Split(text, "\n") {
		if len(line) > 80 && !breakable(line) {
			continue // one word longer than a line: a comment's text with no break a reader joins back
		}
		if len(line) > 80 && !strings.HasPrefix(line, "[") && !strings.HasPrefix(line, ";") {
			t.Errorf("%s: line %d has %d characters: %q", name, i+1, len(line), line)
		}
	}
}

// writtenComment is the comment c as written and read back: without its
// "}"s (no brace comment holds one), white space trimmed at the ends, a
// line break read as a space.
func writtenComment(c string) string {
	c = strings.NewReplacer("}", "", "\r\n", " ", "\n", " ").Replace(c)
	return strings.TrimSpace(c)
}

// sameButExportTags reports whether a (read) and b (read back from a's
// export) differ only in the tags export adds: the Seven Tag Roster's
// defaults, SetUp, FEN's canonical form, Variant.
func sameButExportTags(a, b *pgn.Game) bool {
	da, db := describeWith(a, writtenComment), describe(b)
	return da[strings.Index(da, "\nstart"):] == db[strings.Index(db, "\nstart"):]
}

// TestReadErrors: each broken game is a *pgn.Error naming its game, line,
// column and fault; the good game after it is read whole.
func TestReadErrors(t *testing.T) {
	const good = "[Event \"good\"]\n\n1. d4 d5 *\n"
	for _, c := range []struct {
		name, text string
		line, col  int
		msg        string
		sanErr     bool
	}{
		{"an illegal move", "[Event \"bad\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n", 3, 13, "move 2. Ke3: no white king moves to e3", true},
		{"an ambiguous move", "[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n\n1. Nd2 *\n", 3, 4, "move 1. Nd2: ambiguous: Nbd2, Nfd2", true},
		{"a move of the wrong side", "1. e4 e5 2... Nc6 d5 *\n", 1, 15, "move 2. Nc6", true},
		{"a move after the end", "1. f3 e5 2. g4 Qh4# 3. Kf2 0-1\n", 1, 24, "move 3. Kf2", true},
		{"a result inside a ( passed over", "g (1-0) 1. e4 *\n", 1, 4, "the result 1-0 inside a variation", false},
		{"a tag pair inside a ( passed over", "{x} ([Event \"y\"]) 1. e4 *\n", 1, 6, "a tag pair inside a variation", false},
		{"an unknown variant", "[Variant \"Suicide\"]\n\n1. e4 *\n", 1, 1, "variant \"Suicide\": not one this package reads", false},
		// A FEN tag movegen refuses is the game's error at the movetext: a
		// Variant tag after it could make it a variant's.
		{"a FEN tag that is no position", "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n", 4, 4, "FEN tag: FEN placement: 0 white kings, want 1", false},
		{"a result inside a variation", "1. e4 (1. d4 1-0) e5 *\n", 1, 14, "the result 1-0 inside a variation", false},
		{"a null move in check", "[FEN \"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1\"]\n\n1. -- *\n", 3, 4, "move 1. --: a null move, but white is in check", false},
		{"a long algebraic move from the wrong square", "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-c4 Bf8-c5 4. Nb1-d4 *\n", 1, 53,
			"move 4. Nb1-d4: a white knight on b1 does not move to d4", true},
		{"a long algebraic move from an empty square", "1. e3-e4 *\n", 1, 4, "move 1. e3-e4: no white piece on e3", true},
	} {
		text := good + "\n" + c.text + "\n" + good
		games, errs := readAll(t, text, false)
		if len(games) != 3 {
			t.Errorf("%s: %d games, want 3: %v", c.name, len(games), errs)
			continue
		}
		var pe *pgn.Error
		if errs[0] != nil || errs[2] != nil || !errors.As(errs[1], &pe) {
			t.Errorf("%s: errors %v", c.name, errs)
			continue
		}
		line := c.line + 4 // the good game before it
		if pe.Game != 2 || pe.Line != line || pe.Column != c.col || !strings.HasPrefix(pe.Msg, c.msg) {
			t.Errorf("%s: %v\nwant game 2, line %d, column %d: %s...", c.name, pe, line, c.col, c.msg)
		}
		var se *movegen.SANError
		if c.sanErr && !errors.As(errs[1], &se) {
			t.Errorf("%s: %v wraps no *movegen.SANError", c.name, errs[1])
		}
		for _, i := range []int{0, 2} {
			if got := uci(games[i].Mainline(nil)); got != "d2d4 d7d5" {
				t.Errorf("%s: game %d reads %s", c.name, i+1, got)
			}
		}
	}
}

// events records a visitor's events, one string each.
type events struct{ log []string }

func (e *events) add(format string, args ...any) error {
	e.log = append(e.log, fmt.Sprintf(format, args...))
	return nil
}
func (e *events) Begin(*pgn.GameInfo) error    { return e.add("Begin") }
func (e *events) Tag(name, value []byte) error { return e.add("Tag %s %s", name, value) }
func (e *events) Movetext() error              { return e.add("Movetext") }
func (e *events) Move(san []byte) error        { return e.add("Move %s", san) }
func (e *events) Comment(text []byte) error    { return e.add("Comment %s", text) }
func (e *events) NAG(nag byte) error           { return e.add("NAG %d", nag) }
func (e *events) BeginVariation() error        { return e.add("(") }
func (e *events) EndVariation() error          { return e.add(")") }
func (e *events) End(result string) error      { return e.add("End %q", result) }
func (e *events) String() string               { return strings.Join(e.log, ", ") }

// TestReadCutOff: a game the input's end cuts off inside a comment or
// variations keeps what was read, as python-chess keeps it: the comment's
// text to the end, each open variation closed (EndVariation for each,
// innermost first, before End), a warning each; Strict makes it an error.
// A comment never closed runs to the input's end, the games after it its
// text.
func TestReadCutOff(t *testing.T) {
	for _, c := range []struct {
		name, text, events, game string
		warnings                 []string
	}{
		{"comment", "[Event \"x\"]\n\n1. e4 {cut\noff",
			"Begin, Tag Event x, Movetext, Move e4, Comment cut off, End \"\"",
			"1. e4 {cut off} *",
			[]string{"line 3, column 7: a comment opened by { is not closed by }: the input ends in it",
				"line 4, column 4: the game has no termination marker"}},
		{"variations", "1. e4 (1. d4 d5 (1... Nf6 2. c4 {a",
			"Begin, Movetext, Move e4, (, Move d4, Move d5, (, Move Nf6, Move c4, Comment a, ), ), End \"\"",
			"1. e4 (1. d4 d5 (1... Nf6 2. c4 {a})) *",
			[]string{"line 1, column 33: a comment opened by { is not closed by }",
				"line 1, column 35: the input ends inside a variation (a ) is missing)",
				"line 1, column 35: the game has no termination marker"}},
		{"empty variation", "1. e4 e5 ( {x} ",
			"Begin, Movetext, Move e4, Move e5, (, Comment x, ), End \"\"",
			"1. e4 e5 {x} *",
			[]string{"line 1, column 16: the input ends inside a variation"}},
		{"a game before", "1. d4 d5 *\n\n1. e4 {never closed\n e5 *\n",
			"Begin, Movetext, Move e4, Comment never closed  e5 *, End \"\"",
			"1. e4 {never closed  e5 *} *",
			[]string{"line 3, column 7: a comment opened by { is not closed by }"}},
	} {
		// The last game of the input, read with o's options.
		last := func(o string, v pgn.Visitor) (*pgn.Game, error) {
			r := pgn.NewReader(strings.NewReader(c.text))
			r.SkipVariations, r.TagsOnly, r.Strict = o == "SkipVariations", o == "TagsOnly", o == "Strict"
			var g, lastG pgn.Game
			var lastErr error
			for {
				var err error
				if v != nil {
					err = r.Visit(v)
				} else {
					err = r.Read(&g)
				}
				if err == io.EOF {
					return &lastG, lastErr
				}
				lastG, lastErr = *g.Clone(), err
			}
		}
		g, err := last("", nil)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		text := g.String()
		if got := text[strings.Index(text, "\n\n")+2 : len(text)-1]; got != c.game {
			t.Errorf("%s: the game reads\n%s\nwant\n%s", c.name, got, c.game)
		}
		var ws []string
		for _, w := range g.Warnings {
			ws = append(ws, w.Error())
		}
		for _, w := range c.warnings {
			if !strings.Contains(strings.Join(ws, "\n"), w) {
				t.Errorf("%s: warnings\n%s\nwant one with %s", c.name, strings.Join(ws, "\n"), w)
			}
		}
		ev := &events{}
		if _, err := last("", ev); err != nil {
			t.Errorf("%s: Visit: %v", c.name, err)
		}
		if got := ev.String(); !strings.HasSuffix(got, c.events) {
			t.Errorf("%s: events\n%s\nwant them to end\n%s", c.name, got, c.events)
		}
		// Skipping variations the game reads too, with a warning; reading
		// the tags alone, it reads.
		if g, err := last("SkipVariations", nil); err != nil || len(g.Warnings) == 0 {
			t.Errorf("%s: SkipVariations: %v, warnings %v", c.name, err, g.Warnings)
		}
		if _, err := last("TagsOnly", nil); err != nil {
			t.Errorf("%s: TagsOnly: %v", c.name, err)
		}
		var pe *pgn.Error
		if _, err := last("Strict", nil); !errors.As(err, &pe) || !strings.Contains(pe.Error(), c.warnings[0]) {
			t.Errorf("%s: Strict: %v, want %s", c.name, err, c.warnings[0])
		}
	}
}

// FuzzRead: no input panics or loops; each game is read whole or is a
// *pgn.Error with its game's number and a place in the input; a game read
// whole writes out and reads back as itself, and so does it with every
// command set by the setters on its first nodes (checkSetters); skipping
// variations reads the same games with the same main lines.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"[Event \"x\"]\n\n1. e4 e5 (1... c5 {x} 2. Nf3) 2. Nf3 $1 *\n",
		"1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2\n\n1. e4 {a\ncomment} ; line\n e5 0-1",
		"[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 10\"]\n\n10... Kd7 11. e4 -- 12. e5 *",
		"[Variant \"Chess960\"]\n[FEN \"rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1\"]\n\n1. O-O-O *",
		"% escape\n\xef\xbb\xbf[Event \"\\\"q\\\"\"]\r\n\r\n1. e4!? e5?! 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0",
		"1. e4 (1. d4 (1. c4) 1... d5) e5 ( 1... c5 ) *",
		"{c} (1. d4 d5) 2. Ng1-f3 (2. c2xd3 g(1-0) e5 ( {x",
		"[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@b4 Qxb4 5. N@d5 (5. @e4) *",
		"[Variant \"Atomic\"]\n\n1. Nf3 d5 2. Ng5 e6 3. Nxf7 1-0",
		"[Variant \"horde\"]\n[FEN \"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1\"]\n\n1. e5 d6 *",
		"[Variant \"Three-check\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1\"]\n\n1. e4 e5 2. Bc4 Nf6 3. Bxf7+ *",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		games, errs := readAll(t, string(data), false)
		lines := strings.Count(string(data), "\n") + 1
		for i, err := range errs {
			if err == nil {
				checkRoundTrip(t, fmt.Sprintf("game %d", i+1), games[i])
				checkSetters(t, fmt.Sprintf("game %d", i+1), games[i])
				continue
			}
			var pe *pgn.Error
			errors.As(err, &pe)
			if pe.Game != i+1 || pe.Line < 1 || pe.Line > lines || pe.Column < 1 {
				t.Fatalf("game %d: %v", i+1, err)
			}
		}
		skipped, serrs := readAll(t, string(data), true)
		if len(skipped) != len(games) {
			t.Fatalf("%d games, %d with variations skipped", len(games), len(skipped))
		}
		for i := range games {
			if errs[i] == nil && serrs[i] == nil && uci(games[i].Mainline(nil)) != uci(skipped[i].Mainline(nil)) {
				t.Fatalf("game %d: the main line read with variations skipped differs", i+1)
			}
		}
	})
}

// TestReadAllocs: reading games into one Game allocates nothing a move
// once the Game and the Reader have grown to them; a game whose tags
// repeat the last one's allocates nothing at all.
func TestReadAllocs(t *testing.T) {
	game := "[Event \"E\"]\n[Site \"S\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n" +
		"1. e4 e5 2. Nf3 Nc6 {a comment} 3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 $1 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1-0\n\n"
	text := strings.Repeat(game, 50)
	src := strings.NewReader(text)
	r := pgn.NewReader(src)
	var g pgn.Game
	var buf []movegen.Move
	readAllInto := func() int {
		src.Reset(text)
		r.Reset(src)
		n := 0
		for r.Read(&g) == nil {
			buf = g.Mainline(buf[:0])
			n += len(buf)
		}
		return n
	}
	readAllInto()
	if n := testing.AllocsPerRun(5, func() { readAllInto() }); n != 0 {
		t.Errorf("%v allocations to read 50 games of %d moves", n, readAllInto()/50)
	}
}

// failing is an input that gives text, then err.
type failing struct {
	text     string
	err      error
	together bool // the last bytes come with the error
}

func (f *failing) Read(b []byte) (int, error) {
	if f.text == "" {
		return 0, f.err
	}
	n := copy(b, f.text)
	f.text = f.text[n:]
	if f.together && f.text == "" {
		return n, f.err
	}
	return n, nil
}

// TestReadInputError checks that an error of the input's comes once, after
// the games read before it (those the input gave with it too), as a
// *pgn.Error of the game being read and the place the input broke,
// wrapping the input's error, and that Read then returns io.EOF: a loop
// that goes on after every error but io.EOF ends. A truncated gzip stream's
// io.ErrUnexpectedEOF is found by errors.Is.
func TestReadInputError(t *testing.T) {
	boom := errors.New("disk on fire")
	for _, together := range []bool{false, true} {
		r := pgn.NewReader(&failing{"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4", boom, together})
		var g pgn.Game
		var got []string
		for i := 0; i < 10; i++ {
			err := r.Read(&g)
			if err == io.EOF {
				break
			}
			if err != nil {
				var pe *pgn.Error
				if !errors.As(err, &pe) || !errors.Is(err, boom) {
					t.Errorf("%v (%T): want a *pgn.Error wrapping the input's", err, err)
				}
				got = append(got, "error: "+err.Error()+"; the game holds "+uci(g.Mainline(nil)))
				continue
			}
			got = append(got, uci(g.Mainline(nil)))
		}
		want := []string{"e2e4 e7e5", "error: pgn: game 2, line 7, column 6: reading the input: disk on fire; the game holds d2d4"}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("together %v: got %q, want %q", together, got, want)
		}
	}
	// Between games: the error is the next game's.
	r := pgn.NewReader(&failing{"1. e4 e5 *\n\n", boom, false})
	var g pgn.Game
	if err := r.Read(&g); err != nil {
		t.Errorf("the game before the break: %v", err)
	}
	if err := r.Read(&g); err == nil || err.Error() != "pgn: game 2, line 3, column 1: reading the input: disk on fire" {
		t.Errorf("a break between games: %v", err)
	}
	// Right after a termination marker, the game is whole: the error is
	// the next game's, however the input gives its last bytes. A game
	// whose tags alone are read (TagsOnly) and that the break cuts off is
	// the error's.
	for _, together := range []bool{false, true} {
		r := pgn.NewReader(&failing{"1. e4 e5 *", boom, together})
		if err := r.Read(&g); err != nil || g.Len() != 3 {
			t.Errorf("together %v: the game ended at its marker at the break: %v, %d nodes", together, err, g.Len())
		}
		if err := r.Read(&g); err == nil || err.Error() != "pgn: game 2, line 1, column 11: reading the input: disk on fire" {
			t.Errorf("together %v: a break right after a marker: %v", together, err)
		}
		r = pgn.NewReader(&failing{"[Event \"a\"]\n\n1. e4 e5", boom, together})
		r.TagsOnly = true
		if err := r.Read(&g); err == nil || !strings.HasPrefix(err.Error(), "pgn: game 1, line 3, ") {
			t.Errorf("together %v: TagsOnly, a game the break cuts off: %v", together, err)
		}
	}
	// A truncated gzip stream.
	var zbuf bytes.Buffer
	zw := gzip.NewWriter(&zbuf)
	zw.Write([]byte(strings.Repeat("1. e4 e5 2. Nf3 Nc6 *\n\n", 100)))
	zw.Close()
	zr, err := gzip.NewReader(bytes.NewReader(zbuf.Bytes()[:zbuf.Len()-10]))
	if err != nil {
		t.Fatal(err)
	}
	r = pgn.NewReader(zr)
	games, errs := 0, 0
	for {
		err := r.Read(&g)
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *pgn.Error
			if !errors.Is(err, io.ErrUnexpectedEOF) || !errors.As(err, &pe) || pe.Line == 0 {
				t.Errorf("a truncated gzip stream: %v", err)
			}
			errs++
			continue
		}
		games++
	}
	if errs != 1 || games == 0 {
		t.Errorf("a truncated gzip stream: %d games, %d errors; want some games, then one error", games, errs)
	}
}

// TestWriteBraceInComment checks comments holding a "}", which braces
// cannot hold and python-chess does not read as a comment to the line's
// end (";", which it skips): they are written in braces without their
// "}"s, as python-chess's exporter writes them, broken into lines of at
// most 80 characters at single spaces, and read back so (TestSettersWritten
// reads them with python-chess).
func TestWriteBraceInComment(t *testing.T) {
	long := strings.Repeat("a set {of} words that run on and on, ", 6) + "end}"
	for _, c := range []string{"}", "a } b", "x}y  z", long, strings.Repeat("}", 100) + " w", "} [%clk 0:01:00] }"} {
		g := pgn.NewGame()
		p := movegen.StartPosition()
		m, _ := p.ParseSAN("e4")
		n, err := g.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		g.SetComment(n, c)
		g.SetStartingComment(n, c)
		checkRoundTrip(t, fmt.Sprintf("comment %q", c), g)
		s := g.String()
		back, errs := readAll(t, s, false)
		want := writtenComment(c)
		if errs[0] != nil || back[0].Comment(1) != want || back[0].StartingComment(1) != want || strings.Contains(s, ";") {
			t.Errorf("comment %q read back as %q and %q, want %q (%v):\n%s", c, back[0].Comment(1), back[0].StartingComment(1), want, errs[0], s)
		}
	}
}

// TestReadLongAlgebraic: moves in long algebraic notation, with the
// piece's letter or without, "-" or "x", a castling as the king's move,
// and a pawn's P, read as python-chess reads them.
func TestReadLongAlgebraic(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-b5 a7-a6 4. Bb5xc6 d7xc6 5. e1-g1 Bf8-d6 *",
			"e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1 f8d6"},
		{"1. e2-e4 d7-d5 2. e4xd5 Ng8-f6 3. d5-d6 e7xd6 4. Qd1-e2+ Bf8-e7 5. Ke1-d1 O-O *",
			"e2e4 d7d5 e4d5 g8f6 d5d6 e7d6 d1e2 f8e7 e1d1 e8g8"},
		{"1. g2-g4 h7-h5 2. g4xh5 Rh8-h6 3. Bf1-g2 Rh6-b6 4. h5-h6 Ng8-f6 5. h6-h7 a7-a6 6. h7-h8=Q *",
			"g2g4 h7h5 g4h5 h8h6 f1g2 h6b6 h5h6 g8f6 h6h7 a7a6 h7h8q"},
		{"1. Pe4 Pe5 2. Pd4 Pexd4 3. Pc2-c3 Pd4xc3 *", "e2e4 e7e5 d2d4 e5d4 c2c3 d4c3"},
		{"1. g1-f3 g8f6 2. e2e4 f6xe4 *", "g1f3 g8f6 e2e4 f6e4"},
	} {
		games, errs := readAll(t, c.text+"\n", false)
		if len(games) != 1 || errs[0] != nil {
			t.Errorf("%s: %v", c.text, errs)
			continue
		}
		if got := uci(games[0].Mainline(nil)); got != c.want {
			t.Errorf("%s: reads %s, want %s", c.text, got, c.want)
		}
		if len(games[0].Warnings) > 0 {
			t.Errorf("%s: warnings %v", c.text, games[0].Warnings)
		}
	}
}

// TestReadAsProgramsWrite checks readings chosen where real files differ
// from the standard: coordinate moves, a NAG before a variation's first
// move, a blank line among a game's tags, and a broken game whose line
// holds more tag pairs.
func TestReadAsProgramsWrite(t *testing.T) {
	games, errs := readAll(t, "1. g1f3 d7d5 2. b1c3 * 1. e4 ($142 1. d4) e5 *\n\n"+
		"[Event \"ChessBase\"]\n\n[Site \"?\"]\n[Result \"1-0\"]\n\n1. d4 1-0\n\n"+
		"[Event \"x\"]<br />[Site \"y\"]<br />1. e4<br />*\n[Event \"after\"]\n\n1. c4 *\n", false)
	var got []string
	for i, g := range games {
		if errs[i] != nil {
			got = append(got, "error")
			continue
		}
		s := uci(g.Mainline(nil))
		if ev, ok := g.Tag("Event"); ok {
			s = ev + ": " + s
		}
		if len(g.Tags) == 3 {
			s += " (3 tags)"
		}
		got = append(got, s)
	}
	want := []string{"g1f3 d7d5 b1c3", "e2e4 e7e5", "ChessBase: d2d4 (3 tags)", "x: e2e4", "after: c2c4"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("games %q, want %q", got, want)
	}
	if len(games) > 1 {
		g := games[1]
		d4 := g.Sibling(g.Next(pgn.Root))
		if nags := g.NAGs(d4); g.Move(d4).String() != "d2d4" || len(nags) != 1 || nags[0] != 142 {
			t.Errorf("the variation's move %v has NAGs %v, want 142", g.Move(d4), nags)
		}
		if s := g.String(); !strings.Contains(s, "(1. d4 $142)") {
			t.Errorf("written:\n%s", s)
		}
	}
}

// TestReadRawAfterLastGame: the Read after the last game, which finds no
// game (io.EOF, or the input's error), leaves Info as it was, its Raw
// included, though the next game's first bytes were kept as they left the
// buffer (a move number on a line before the input's end).
func TestReadRawAfterLastGame(t *testing.T) {
	const game = "1. e4 e5 2. Nf3 1-0"
	text := game + "\n12.\n"
	for _, src := range []io.Reader{strings.NewReader(text), iotest.OneByteReader(strings.NewReader(text)),
		&failing{text: text, err: io.ErrUnexpectedEOF}} {
		r := pgn.NewReader(src)
		r.KeepRaw = true
		var g pgn.Game
		if err := r.Read(&g); err != nil {
			t.Fatal(err)
		}
		for {
			err := r.Read(&g)
			if info := r.Info(); info.Number != 1 || string(info.Raw) != game {
				t.Errorf("%T, after Read's %v: game %d, raw %q, want game 1, raw %q", src, err, info.Number, info.Raw, game)
			}
			if err == io.EOF {
				break
			}
		}
	}
}

// TestReadRawAfterBlankLines: with KeepRaw, a game after more than
// Limits.Game bytes of blank lines or escape lines, which leave the buffer
// before it begins, keeps its raw bytes: what is between games is not
// kept.
func TestReadRawAfterBlankLines(t *testing.T) {
	for _, gap := range []string{strings.Repeat("\n", 200_000), strings.Repeat("% escape\n", 30_000)} {
		r := pgn.NewReader(strings.NewReader(game1 + gap + "1. d4 *\n"))
		r.KeepRaw, r.Limits.Game = true, 4000
		var g pgn.Game
		for range 2 {
			if err := r.Read(&g); err != nil {
				t.Fatal(err)
			}
		}
		if raw := string(r.Info().Raw); raw != "1. d4 *" {
			t.Errorf("game %d: raw %q, want %q", r.Info().Number, raw, "1. d4 *")
		}
	}
}
