package polyglot_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/symmagic/attacks/pgn"
	"github.com/symmagic/attacks/polyglot"
)

// unusableGame is a game of testdata/unusable: its file's name and text.
type unusableGame struct{ name, text string }

// unusableGames returns the games of testdata/unusable/*.pgn, one a file,
// in the order of their names.
func unusableGames(t *testing.T) []unusableGame {
	t.Helper()
	dir, err := os.ReadDir("testdata/unusable")
	if err != nil {
		t.Fatal(err)
	}
	var out []unusableGame
	for _, d := range dir {
		name, ok := strings.CutSuffix(d.Name(), ".pgn")
		if !ok {
			continue
		}
		b, err := os.ReadFile("testdata/unusable/" + d.Name())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, unusableGame{name, string(b)})
	}
	if len(out) < 8 {
		t.Fatalf("testdata/unusable: %d games", len(out))
	}
	return out
}

// Why each game of testdata/unusable is passed over: a text its error
// holds, and whether the error is the reader's *pgn.Error (else AddGame's
// *polyglot.Error).
var unusableWhy = map[string]struct {
	text   string
	reader bool
}{
	"atomic":                 {"a game of atomic, not standard chess", false},
	"bad-fen":                {"FEN tag: FEN: 3 fields", true},
	"chess960":               {"not the standard start", false},
	"crazyhouse":             {"move 3. N@f3: ", true}, // read by Crazyhouse's rules: White's pocket holds a pawn, no knight
	"illegal-move":           {"move 2. Ke3: no white king moves to e3", true},
	"null-move":              {"a null move at ply 2", false},
	"setup":                  {"not the standard start", false},
	"setup-legal-from-start": {"not the standard start", false},
}

// rawGames returns the text of each game of a PGN file, as read.
func rawGames(t *testing.T, file []byte) []string {
	t.Helper()
	r := pgn.NewReader(bytes.NewReader(file))
	r.KeepRaw = true
	var g pgn.Game
	var out []string
	for {
		err := r.Read(&g)
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(r.Info().Raw))
	}
}

// Make with Skip on a file of usable games with each kind of unusable one
// among them (a set-up start, Chess960 from a set-up start, variants,
// a FEN that is no position, an illegal move, a null move) writes the book
// make-book made from the usable games alone, byte for byte, and names
// every game it passed over by its number, with its reason. Without Skip,
// it stops at the first of them and writes nothing, as make-book does.
func TestMakeSkip(t *testing.T) {
	var spec bookSpec
	for _, s := range specs(t) {
		if s.name == "twic232" {
			spec = s
		}
	}
	want, err := os.ReadFile("testdata/books/twic232.bin")
	if err != nil {
		t.Fatal(err)
	}
	usable := rawGames(t, pgnBytes(t, spec.pgn))
	bad := unusableGames(t)
	// The mixed file: an unusable game first, one last, the others spread
	// among the usable games; a game of a FEN without moves (usable: it
	// counts nothing) in the middle.
	var mixed []string
	wantSkipped := map[int]string{} // game number → unusable game's name
	add := func(u unusableGame) {
		mixed = append(mixed, u.text)
		wantSkipped[len(mixed)] = u.name
	}
	add(bad[0])
	next := 1
	for i, g := range usable {
		mixed = append(mixed, g)
		if i == len(usable)/2 {
			mixed = append(mixed, "[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n*")
		}
		if next < len(bad)-1 && i == next*len(usable)/(len(bad)-1) {
			add(bad[next])
			next++
		}
	}
	for ; next < len(bad); next++ {
		add(bad[next])
	}
	text := strings.Join(mixed, "\n\n") + "\n"
	opt := options(t, spec.args)

	// Without Skip: make-book's stop at the first game.
	var out bytes.Buffer
	s, err := polyglot.Make(strings.NewReader(text), &out, opt)
	if err == nil || out.Len() != 0 || s.Count != 0 || s.Games != nil {
		t.Fatalf("without Skip: %v, %d bytes, %+v", err, out.Len(), s)
	}

	opt.Skip = true
	mk, err := polyglot.NewMaker(opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := mk.ReadPGN(strings.NewReader(text)); err != nil {
		t.Fatal(err)
	}
	if _, err := mk.WriteTo(&out); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("with Skip: %d bytes, make-book's of the usable games %d, not equal", out.Len(), len(want))
	}
	if mk.Games() != len(usable)+1 {
		t.Errorf("%d games added, want %d", mk.Games(), len(usable)+1)
	}
	got := mk.Skipped()
	if got.Count != len(bad) || len(got.Games) != len(bad) {
		t.Fatalf("skipped %d, named %d; want %d", got.Count, len(got.Games), len(bad))
	}
	for _, sg := range got.Games {
		name, ok := wantSkipped[sg.Game]
		if !ok {
			t.Errorf("game %d skipped: %v; it is usable", sg.Game, sg.Err)
			continue
		}
		delete(wantSkipped, sg.Game)
		why := unusableWhy[name]
		var pe *pgn.Error
		var e *polyglot.Error
		switch {
		case why.text == "":
			t.Errorf("%s: no reason known to the test", name)
		case !strings.Contains(sg.Err.Error(), why.text):
			t.Errorf("game %d (%s): %v, want %q", sg.Game, name, sg.Err, why.text)
		case why.reader && (!errors.As(sg.Err, &pe) || pe.Game != sg.Game):
			t.Errorf("game %d (%s): %T %v, want the *pgn.Error of game %d", sg.Game, name, sg.Err, sg.Err, sg.Game)
		case !why.reader && (!errors.As(sg.Err, &e) || e.Game != sg.Game):
			t.Errorf("game %d (%s): %T %v, want a *polyglot.Error of game %d", sg.Game, name, sg.Err, sg.Err, sg.Game)
		}
	}
	for n, name := range wantSkipped {
		t.Errorf("game %d (%s) not skipped", n, name)
	}

	// Make does the same.
	out.Reset()
	s, err = polyglot.Make(strings.NewReader(text), &out, opt)
	if err != nil || !bytes.Equal(out.Bytes(), want) || s.Count != len(bad) || fmt.Sprint(s) != fmt.Sprint(got) {
		t.Errorf("Make with Skip: %v, %d bytes, %+v; the Maker's %+v", err, out.Len(), s, got)
	}
}

// What make-book does with each game of testdata/unusable alone, as
// testdata/unusable/make-book.txt records it: it stops with an error, or,
// reading every game from the standard start whatever its FEN and Variant
// tags say, counts the moves of those legal there. The books it writes are
// Make's of the same games without those tags.
func TestUnusableInMakeBook(t *testing.T) {
	b, err := os.ReadFile("testdata/unusable/make-book.txt")
	if err != nil {
		t.Fatal(err)
	}
	record := map[string]string{}
	for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		name, what, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("make-book.txt: %q", line)
		}
		record[strings.TrimSuffix(name, ".pgn")] = what
	}
	counted := 0
	for _, u := range unusableGames(t) {
		what, ok := record[u.name]
		if !ok {
			t.Errorf("%s: not in make-book.txt", u.name)
			continue
		}
		if _, err := polyglot.Make(strings.NewReader(u.text), io.Discard, polyglot.Options{MinGame: 1}); err == nil {
			t.Errorf("%s: Make without Skip: no error", u.name)
		}
		entries, ok := strings.CutPrefix(what, "book: ")
		if !ok {
			if !strings.HasPrefix(what, "no book: POLYGLOT: ") {
				t.Errorf("%s: %q", u.name, what)
			}
			continue
		}
		counted++
		var kept []string
		for _, line := range strings.Split(u.text, "\n") {
			if !strings.HasPrefix(line, "[FEN ") && !strings.HasPrefix(line, "[SetUp ") && !strings.HasPrefix(line, "[Variant ") {
				kept = append(kept, line)
			}
		}
		var out bytes.Buffer
		if _, err := polyglot.Make(strings.NewReader(strings.Join(kept, "\n")), &out, polyglot.Options{MinGame: 1}); err != nil {
			t.Errorf("%s without its tags: %v", u.name, err)
			continue
		}
		var sb strings.Builder
		for i := 0; i < out.Len(); i += polyglot.EntrySize {
			e := out.Bytes()[i:]
			fmt.Fprintf(&sb, " %x:%x:%x", e[:8], e[8:10], e[10:12])
		}
		if got := strings.TrimPrefix(sb.String(), " "); got != entries {
			t.Errorf("%s without its tags: %s; make-book's with them %s", u.name, got, entries)
		}
	}
	if counted == 0 {
		t.Error("make-book counted no game: the test tests nothing")
	}
}

// Skipped names the first MaxSkipped games and counts them all; ReadPGN
// adds up over its calls, each game numbered in its input.
func TestSkippedBound(t *testing.T) {
	var sb strings.Builder
	const n = polyglot.MaxSkipped + 10
	for i := range n {
		if i%7 == 3 {
			sb.WriteString("[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n")
		}
		sb.WriteString("1. e4 -- *\n\n")
	}
	mk, err := polyglot.NewMaker(polyglot.Options{MinGame: 1, Skip: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := mk.ReadPGN(strings.NewReader(sb.String())); err != nil {
		t.Fatal(err)
	}
	s := mk.Skipped()
	if s.Count != n || len(s.Games) != polyglot.MaxSkipped {
		t.Fatalf("skipped %d, named %d; want %d, %d", s.Count, len(s.Games), n, polyglot.MaxSkipped)
	}
	// The games' numbers: every game but the usable ones (i%7 == 3 puts
	// one before the i-th unusable game).
	num, k := 0, 0
	for i := range n {
		if i%7 == 3 {
			num++
		}
		num++
		if k < len(s.Games) {
			if s.Games[k].Game != num {
				t.Errorf("skipped game %d: number %d, want %d", k, s.Games[k].Game, num)
			}
			k++
		}
	}
	if want := (n + 3) / 7; mk.Games() != want {
		t.Errorf("%d games added, want %d", mk.Games(), want)
	}
	// A second input: its games numbered from 1, counted on.
	if err := mk.ReadPGN(strings.NewReader("1. d4 -- *")); err != nil {
		t.Fatal(err)
	}
	if s2 := mk.Skipped(); s2.Count != n+1 || len(s2.Games) != polyglot.MaxSkipped {
		t.Errorf("after a second input: %d skipped, %d named", s2.Count, len(s2.Games))
	}
	s.Games[0].Game = -1 // Skipped returns a copy
	if mk.Skipped().Games[0].Game == -1 {
		t.Error("Skipped returns the Maker's own slice")
	}
}

// errReader gives r's bytes, then err.
type errReader struct {
	r   io.Reader
	err error
}

func (e *errReader) Read(b []byte) (int, error) {
	n, err := e.r.Read(b)
	if err == io.EOF {
		return n, e.err
	}
	return n, err
}

// The input's own error stops ReadPGN and Make even with Skip: it is no
// game's fault.
func TestSkipInputError(t *testing.T) {
	oops := errors.New("the disk is gone")
	in := &errReader{strings.NewReader("1. e4 -- *\n\n1. e4 e5 1-0\n\n1. d4 d5 2. c4"), oops}
	var out bytes.Buffer
	s, err := polyglot.Make(in, &out, polyglot.Options{MinGame: 1, Skip: true})
	isError(t, "Make, the input's error", err, oops, "reading the games: pgn: ")
	if out.Len() != 0 || s.Count != 1 || len(s.Games) != 1 || s.Games[0].Game != 1 {
		t.Errorf("the input's error: %d bytes, %+v", out.Len(), s)
	}
	// Without the error, the same games make a book.
	s, err = polyglot.Make(strings.NewReader("1. e4 -- *\n\n1. e4 e5 1-0\n\n1. d4 d5 2. c4"), &out, polyglot.Options{MinGame: 1, Skip: true})
	if err != nil || out.Len() == 0 || s.Count != 1 {
		t.Errorf("%v, %d bytes, %+v", err, out.Len(), s)
	}
}
