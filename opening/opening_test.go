package opening_test

import (
	"errors"
	"fmt"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/opening"
	"github.com/symmagic/attacks/pgn"
)

type line struct {
	eco, name, pgn string
	where          string
}

// dataLines reads data/*.tsv.
func dataLines(t *testing.T) []line {
	t.Helper()
	files, err := filepath.Glob("data/*.tsv")
	if err != nil || len(files) != 5 {
		t.Fatalf("data/*.tsv: %v, %v", files, err)
	}
	var out []line
	for _, name := range files {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		rows := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
		for i, row := range rows[1:] {
			cols := strings.Split(row, "\t")
			if len(cols) != 3 {
				t.Fatalf("%s:%d: %q", name, i+2, row)
			}
			out = append(out, line{cols[0], cols[1], cols[2], name + ":" + strconv.Itoa(i+2)})
		}
	}
	return out
}

// game reads a line's moves with package pgn.
func game(t testing.TB, movetext string) *pgn.Game {
	t.Helper()
	var g pgn.Game
	if err := pgn.NewReader(strings.NewReader(movetext + " *")).Read(&g); err != nil {
		t.Fatalf("%q: %v", movetext, err)
	}
	return &g
}

// Every line of the data: its moves, read by package pgn, reach a position
// that Of names as that line, and OfGame finds it at the line's end; At
// lists the lines in the data's order.
func TestEveryLine(t *testing.T) {
	lines := dataLines(t)
	if opening.Len() != len(lines) {
		t.Fatalf("Len %d, the data %d lines", opening.Len(), len(lines))
	}
	var buf []movegen.Move
	fewest := 32 // pieces on the board of a named position, at the fewest
	for i, l := range lines {
		want := opening.Opening{ECO: l.eco, Name: l.name, PGN: l.pgn}
		g := game(t, l.pgn)
		buf = g.Mainline(buf[:0])
		want.Ply = len(buf)
		if got := opening.At(i); got != want {
			t.Errorf("%s: At(%d) = %+v, want %+v", l.where, i, got, want)
		}
		end := g.End()
		fewest = min(fewest, bits.OnesCount64(end.Occupied()))
		if got, ok := opening.Of(&end); !ok || got != want {
			t.Errorf("%s: Of = %+v %v, want %+v", l.where, got, ok, want)
		}
		got, ply, ok, err := opening.OfGame(g.Start(), buf)
		if err != nil || !ok || got != want || ply != len(buf) {
			t.Errorf("%s: OfGame = %+v %d %v %v, want %+v %d", l.where, got, ply, ok, err, want, len(buf))
		}
	}
	// OfGame's doc: lichess's rule of 20 pieces changes no answer, for the
	// data names no position with fewer (pieces are never regained, so no
	// named position follows one of fewer).
	if fewest != 22 {
		t.Errorf("the fewest pieces of a named position: %d; OfGame's doc says 22", fewest)
	}
	t.Logf("%d lines", len(lines))
}

// Transpositions: other move orders, other numbers of moves, reach the
// data's positions.
func TestTranspositions(t *testing.T) {
	for _, c := range []struct{ moves, eco, name, ply string }{
		{"1. Nf3 d5 2. d4", "D02", "Queen's Pawn Game: Zukertort Variation", "3"},
		{"1. e3 e6 2. e4 e5", "C20", "King's Pawn Game", "4"},              // two moves a pawn: the position of 1. e4 e5
		{"1. Nf3 Nf6 2. Ng1 Ng8 3. e4 e5", "C20", "King's Pawn Game", "6"}, // the start again, then 1. e4 e5
		{"1. Nf3 c5 2. e4 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3", "B90", "Sicilian Defense: Najdorf Variation, English Attack", "11"},
		{"1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3 Be6 8. Qd2 Nbd7 9. a3", "B90", "Sicilian Defense: Najdorf Variation, English Attack", "11"},
	} {
		g := game(t, c.moves)
		o, ply, ok, err := opening.OfGame(g.Start(), g.Mainline(nil))
		if err != nil || !ok || o.ECO != c.eco || o.Name != c.name || strconv.Itoa(ply) != c.ply {
			t.Errorf("%s: %+v at ply %d, %v %v; want %s %s at ply %s", c.moves, o, ply, ok, err, c.eco, c.name, c.ply)
		}
	}
}

// The en-passant square counts only when a capture there is legal, as in
// the data's EPDs: each line that ends with a pawn's double step is found
// with the square written or not when no capture is legal, and only with
// it when one is.
func TestEnPassant(t *testing.T) {
	legal, dead := 0, 0
	for _, l := range dataLines(t) {
		g := game(t, l.pgn)
		end := g.End()
		if end.EnPassant() == movegen.NoSquare {
			continue
		}
		fields := strings.Fields(end.FEN())
		fields[3] = "-"
		without, err := movegen.ParseFEN(strings.Join(fields, " "))
		if err != nil {
			t.Fatal(err)
		}
		capture := false
		var buf [movegen.MaxMoves]movegen.Move
		for _, m := range end.LegalMoves(buf[:0]) {
			capture = capture || m.IsEnPassant()
		}
		o, ok := opening.Of(&without)
		if capture {
			legal++
			if ok && o.Name == l.name && o.PGN == l.pgn {
				t.Errorf("%s: found without its en-passant square", l.where)
			}
		} else {
			dead++
			if !ok || o.PGN != l.pgn {
				t.Errorf("%s: not found without its en-passant square, which no capture can use", l.where)
			}
		}
	}
	if legal == 0 || dead == 0 {
		t.Errorf("lines ending with a double step: %d with a legal capture, %d without: the test tests nothing", legal, dead)
	}
	t.Logf("lines ending with a double step: %d with a legal en-passant capture, %d without", legal, dead)
	// A capture the pawn's pin forbids: the square does not count.
	p, err := movegen.ParseFEN("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1")
	if err != nil {
		t.Fatal(err)
	}
	q, err := movegen.ParseFEN("8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if p.Key() == q.Key() || p.RepetitionKey() != q.RepetitionKey() {
		t.Errorf("pinned en passant: keys %#x %#x, repetition keys %#x %#x", p.Key(), q.Key(), p.RepetitionKey(), q.RepetitionKey())
	}
}

func TestOfGame(t *testing.T) {
	// Not named at all.
	p, err := movegen.ParseFEN("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if o, ply, ok, err := opening.OfGame(p, nil); o != (opening.Opening{}) || ply != 0 || ok || err != nil {
		t.Errorf("bare kings: %+v %d %v %v", o, ply, ok, err)
	}
	// Nor after moves: found false, not a name at ply 0.
	kd1, _ := p.ParseUCI("e1d1")
	if o, ply, ok, err := opening.OfGame(p, []movegen.Move{kd1}); o != (opening.Opening{}) || ply != 0 || ok || err != nil {
		t.Errorf("bare kings, a move: %+v %d %v %v", o, ply, ok, err)
	}
	if o, ok := opening.Of(&p); ok {
		t.Errorf("Of bare kings: %+v", o)
	}
	// An illegal move.
	s := movegen.StartPosition()
	e4, _ := s.ParseUCI("e2e4")
	o, ply, ok, err := opening.OfGame(s, []movegen.Move{e4, e4})
	if o != (opening.Opening{}) || ply != 0 || ok {
		t.Errorf("illegal move: %+v %d %v, want nothing", o, ply, ok)
	}
	var oe *opening.Error
	var me *movegen.MoveError
	if !errors.As(err, &oe) || oe.Ply != 2 || !errors.As(err, &me) || me.UCI != "e2e4" ||
		!strings.HasPrefix(err.Error(), `opening: move 2 in "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1": movegen: move "e2e4": `) {
		t.Errorf("illegal move: %v", err)
	}
	if _, _, _, err := opening.OfGame(s, []movegen.Move{e4, movegen.NoMove}); !errors.As(err, &oe) || oe.Ply != 2 || !errors.As(err, &me) || me.UCI != "0000" {
		t.Errorf("null move: %v", err)
	}
	if got := (&opening.Error{Ply: 3, FEN: "x"}).Error(); got != `opening: move 3 in "x": not legal` {
		t.Errorf("an Error without a cause: %q", got)
	}
	func() {
		defer func() {
			if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "opening.Of: a nil position") {
				t.Errorf("Of(nil): %v, want a panic naming it", r)
			}
		}()
		opening.Of(nil)
	}()
	// Real games: the position OfGame returns is named so, and no later
	// one has a name.
	f, err := os.Open("../pgn/testdata/pgnextract__fischer.pgn")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := pgn.NewReader(f)
	var g pgn.Game
	named := 0
	for {
		if err := r.Read(&g); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		moves := g.Mainline(nil)
		o, ply, found, err := opening.OfGame(g.Start(), moves)
		if err != nil {
			t.Fatal(err)
		}
		if found != (o != opening.Opening{}) {
			t.Errorf("OfGame: %+v, found %v", o, found)
		}
		p := g.Start()
		for i, m := range moves {
			p.PlayUnchecked(m)
			x, ok := opening.Of(&p)
			switch {
			case i+1 == ply && (!ok || x != o):
				t.Errorf("ply %d: %+v %v, OfGame %+v", ply, x, ok, o)
			case i+1 > ply && ok:
				t.Errorf("ply %d named %+v after OfGame's %d", i+1, x, ply)
			}
		}
		if found {
			named++
		}
	}
	if named == 0 {
		t.Error("no game named")
	}
}

// Where OfGame and lichess differ, as OfGame's doc says: a named position
// reached after ply 40, and a game from a set-up position the data names
// (named at ply 0 here; lichess names neither).
func TestOfGameBeyondLichess(t *testing.T) {
	var g pgn.Game
	// 40 plies of knights out and back, then 1. e4 c5: the Sicilian at ply 42.
	text := strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 10) + "e4 c5 *"
	if err := pgn.NewReader(strings.NewReader(text)).Read(&g); err != nil {
		t.Fatal(err)
	}
	o, ply, ok, err := opening.OfGame(g.Start(), g.Mainline(nil))
	if err != nil || !ok || o.ECO != "B20" || ply != 42 {
		t.Errorf("a Sicilian at ply 42: %+v %d %v %v", o, ply, ok, err)
	}
	// The Sicilian's position as a set-up start, no moves: named at ply 0.
	p, err := movegen.ParseFEN("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
	if err != nil {
		t.Fatal(err)
	}
	if o, ply, ok, err := opening.OfGame(p, nil); err != nil || !ok || o.ECO != "B20" || ply != 0 {
		t.Errorf("a set-up start: %+v %d %v %v", o, ply, ok, err)
	}
}
