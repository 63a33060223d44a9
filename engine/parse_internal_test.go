package engine

import (
	"errors"
	"math"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/symmagic/attacks/movegen"
)

// mustFEN parses a FEN the test holds.
func mustFEN(t testing.TB, fen string) movegen.Position {
	t.Helper()
	p, err := movegen.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// uciMoves reads UCI moves played in turn from p.
func uciMoves(t testing.TB, p movegen.Position, uci ...string) []movegen.Move {
	t.Helper()
	var ms []movegen.Move
	for _, s := range uci {
		m, err := p.ParseUCI(s)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
		p.PlayUnchecked(m)
	}
	return ms
}

func TestParseInfo(t *testing.T) {
	start := movegen.StartPosition()
	promo := mustFEN(t, "8/P6k/8/8/8/8/8/K7 w - - 0 1")
	c960 := mustFEN(t, "1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w KQkq - 0 1")
	std := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for _, c := range []struct {
		root     movegen.Position
		chess960 bool
		line     string
		want     Info
	}{
		{start, false, "depth 20 seldepth 27 multipv 1 score cp 31 wdl 60 920 20 nodes 1219137 nps 1006713 hashfull 402 tbhits 0 time 1211 pv e2e4 e7e5 g1f3",
			Info{Fields: FieldDepth | FieldSelDepth | FieldMultiPV | FieldScore | FieldWDL | FieldNodes | FieldNPS | FieldHashFull | FieldTBHits | FieldTime | FieldPV,
				Depth: 20, SelDepth: 27, MultiPV: 1, Score: Score{Value: 31}, WDL: WDL{Wins: 60, Draws: 920, Losses: 20}, Nodes: 1219137, NPS: 1006713, HashFull: 402,
				Time: 1211 * time.Millisecond, PV: uciMoves(t, start, "e2e4", "e7e5", "g1f3")}},
		{start, false, "depth 12 multipv 3 score cp -45 upperbound nodes 100 pv d2d4",
			Info{Fields: FieldDepth | FieldMultiPV | FieldScore | FieldNodes | FieldPV, Depth: 12, MultiPV: 3,
				Score: Score{Value: -45, Upper: true}, Nodes: 100, PV: uciMoves(t, start, "d2d4")}},
		{start, false, "score mate -3 lowerbound", Info{Fields: FieldScore, MultiPV: 1, Score: Score{Mate: true, Value: -3, Lower: true}}},
		// A bound after the WDL, as Stockfish writes it with UCI_ShowWDL,
		// before it, or further on: it is the score's.
		{start, false, "depth 21 seldepth 33 multipv 1 score cp -95 wdl 0 512 488 lowerbound nodes 2527339 nps 455130 hashfull 767 tbhits 0 time 5553 pv e2e4",
			Info{Fields: FieldDepth | FieldSelDepth | FieldMultiPV | FieldScore | FieldWDL | FieldNodes | FieldNPS | FieldHashFull | FieldTBHits | FieldTime | FieldPV,
				Depth: 21, SelDepth: 33, MultiPV: 1, Score: Score{Value: -95, Lower: true}, WDL: WDL{Wins: 0, Draws: 512, Losses: 488}, Nodes: 2527339, NPS: 455130, HashFull: 767,
				Time: 5553 * time.Millisecond, PV: uciMoves(t, start, "e2e4")}},
		{start, false, "score cp -95 wdl 0 512 488 lowerbound", Info{Fields: FieldScore | FieldWDL, MultiPV: 1, Score: Score{Value: -95, Lower: true}, WDL: WDL{Wins: 0, Draws: 512, Losses: 488}}},
		{start, false, "score cp -95 wdl 0 512 488 upperbound", Info{Fields: FieldScore | FieldWDL, MultiPV: 1, Score: Score{Value: -95, Upper: true}, WDL: WDL{Wins: 0, Draws: 512, Losses: 488}}},
		{start, false, "score cp -95 lowerbound wdl 0 512 488", Info{Fields: FieldScore | FieldWDL, MultiPV: 1, Score: Score{Value: -95, Lower: true}, WDL: WDL{Wins: 0, Draws: 512, Losses: 488}}},
		{start, false, "wdl 0 512 488 score cp -95 upperbound", Info{Fields: FieldScore | FieldWDL, MultiPV: 1, Score: Score{Value: -95, Upper: true}, WDL: WDL{Wins: 0, Draws: 512, Losses: 488}}},
		{start, false, "score mate 3 wdl 1000 0 0 upperbound pv e2e4", Info{Fields: FieldScore | FieldWDL | FieldPV, MultiPV: 1, Score: Score{Mate: true, Value: 3, Upper: true}, WDL: WDL{Wins: 1000, Draws: 0, Losses: 0}, PV: uciMoves(t, start, "e2e4")}},
		{start, false, "score cp 7 nodes 10 lowerbound", Info{Fields: FieldScore | FieldNodes, MultiPV: 1, Score: Score{Value: 7, Lower: true}, Nodes: 10}},
		{start, false, "score cp 7 lowerbound wdl 1 2 997 lowerbound", Info{Fields: FieldScore | FieldWDL, MultiPV: 1, Score: Score{Value: 7, Lower: true}, WDL: WDL{Wins: 1, Draws: 2, Losses: 997}}},
		// A pv, currline or refutation ends at a bound.
		{start, false, "score cp 7 pv e2e4 lowerbound", Info{Fields: FieldScore | FieldPV, MultiPV: 1, Score: Score{Value: 7, Lower: true}, PV: uciMoves(t, start, "e2e4")}},
		{start, false, "score cp 7 refutation e2e4 e7e5 upperbound", Info{Fields: FieldScore, MultiPV: 1, Score: Score{Value: 7, Upper: true}}},
		{start, false, "depth 0 score mate 0", Info{Fields: FieldDepth | FieldScore, MultiPV: 1, Score: Score{Mate: true}}},
		{start, false, "depth 5 currmove g1f3 currmovenumber 2 cpuload 900",
			Info{Fields: FieldDepth | FieldCurrMove | FieldCurrMoveNumber | FieldCPULoad, Depth: 5, MultiPV: 1,
				CurrMove: uciMoves(t, start, "g1f3")[0], CurrMoveNumber: 2, CPULoad: 900}},
		// string takes the rest of the line, field names and all.
		{start, false, "string NNUE evaluation using nn-ad9b42354671.nnue enabled depth 3 pv e2e4",
			Info{Fields: FieldString, MultiPV: 1, String: "NNUE evaluation using nn-ad9b42354671.nnue enabled depth 3 pv e2e4"}},
		{start, false, "depth 3 string", Info{Fields: FieldDepth | FieldString, Depth: 3, MultiPV: 1}},
		// refutation, currline, sbhits and unknown fields are skipped.
		{start, false, "depth 4 refutation d1h5 g6h5 currline 1 e2e4 e7e5 ebf 1.72 movesleft 40 sbhits 3 nodes 9",
			Info{Fields: FieldDepth | FieldNodes, Depth: 4, MultiPV: 1, Nodes: 9}},
		// A pv ends at a word that is no move; a promotion in capitals reads.
		{promo, false, "pv a7a8Q h7g6 a8b8 foo 7 nodes 5",
			Info{Fields: FieldPV | FieldNodes, MultiPV: 1, PV: uciMoves(t, promo, "a7a8q", "h7g6", "a8b8"), Nodes: 5}},
		{start, false, "pv", Info{Fields: FieldPV, MultiPV: 1}},
		// Castling in the engine's notation.
		{c960, true, "pv c1h1 c8h8", Info{Fields: FieldPV, MultiPV: 1, PV: uciMoves(t, c960, "c1h1", "c8h8")}},
		{std, true, "pv e1h1 e8a8", Info{Fields: FieldPV, MultiPV: 1, PV: uciMoves(t, std, "e1g1", "e8c8")}},
		{std, false, "pv e1g1 e8c8", Info{Fields: FieldPV, MultiPV: 1, PV: uciMoves(t, std, "e1g1", "e8c8")}},
		{start, false, "", Info{MultiPV: 1}},
		{start, false, "  depth\t7  ", Info{Fields: FieldDepth, Depth: 7, MultiPV: 1}},
	} {
		got, err := parseInfo(c.line, &c.root, c.chess960)
		if err != nil {
			t.Errorf("%q: %v", c.line, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", c.line, got, c.want)
		}
	}
	for _, c := range []struct {
		root     movegen.Position
		chess960 bool
		line     string
		want     string
	}{
		{start, false, "depth", "depth without a value"},
		{start, false, "depth x", `depth "x" is not an integer`},
		{start, false, "depth -1", "depth -1 is below 0"},
		{start, false, "multipv 0", "multipv 0 is below 1"},
		{start, false, "nodes 99999999999999999999", `nodes "99999999999999999999" is not an integer`},
		{start, false, "time 9223372036854775", "time 9223372036854775 ms is out of range"},
		{start, false, "score", "score without a value"},
		{start, false, "score pawns 3", `score "pawns", want cp or mate`},
		{start, false, "score cp", `score cp "" is not an integer`},
		{start, false, "score mate 1.5", `score mate "1.5" is not an integer`},
		// Beyond 32 bits: more than any engine counts, and more than a
		// score's conversions (Neg, CP, pgn's Game.SetScore) take.
		{start, false, "score cp 100000000000000", "score cp 100000000000000 is out of range"},
		{start, false, "score mate -2147483649", "score mate -2147483649 is out of range"},
		{start, false, "depth 3000000000", "depth 3000000000 is out of range"},
		{start, false, "wdl 1 2 9223372036854775807", "wdl 9223372036854775807 is out of range"},
		// -2^31 is beyond 2^31-1 the other way: its Neg is not an int32.
		{start, false, "score cp -2147483648", "score cp -2147483648 is out of range"},
		{start, false, "score mate -2147483648", "score mate -2147483648 is out of range"},
		{start, false, "depth -2147483648", "depth -2147483648 is out of range"},
		// A total beyond 2^31-1 is not an int on 32 bits: Total and
		// Expectation would wrap there.
		{start, false, "wdl 2147483647 2147483647 2", "wdl 2147483647 2147483647 2: the total is out of range"},
		{start, false, "wdl 2147483647 1 0", "wdl 2147483647 1 0: the total is out of range"},
		{start, false, "depth 3 lowerbound", "lowerbound without a score before it"},
		{start, false, "upperbound score cp 3", "upperbound without a score before it"},
		{start, false, "score cp 3 lowerbound wdl 1 2 997 upperbound", "both lowerbound and upperbound"},
		{start, false, "wdl 100 900", "wdl without a value"},
		// A WDL of total 0 has no expectation: Info.Has(FieldWDL) says
		// that WDL.Expectation can be asked.
		{start, false, "wdl 0 0 0", "wdl 0 0 0: the total is 0"},
		{start, false, "currmove", "currmove without a move"},
		{start, false, "currmove e2e5", `currmove "e2e5": movegen: move "e2e5": `},
		{start, false, "pv e2e4 e2e4", `pv move 2 "e2e4": movegen: move "e2e4": `},
		{start, false, "pv e2e4 e7e5 e1e3", `pv move 3 "e1e3": movegen: move "e1e3": `},
		{std, false, "pv e1h1", `pv move 1 "e1h1": movegen: move "e1h1": `},
		{std, true, "pv e1g1", `pv move 1 "e1g1": movegen: move "e1g1": no legal move in the engine's notation of castling (UCI_Chess960 true)`},
		{c960, true, "pv c1g1", `pv move 1 "c1g1": movegen: move "c1g1": `},
	} {
		_, err := parseInfo(c.line, &c.root, c.chess960)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.line, err, c.want)
		}
		// A value beyond 32 bits keeps strconv's error, and a WDL's total
		// beyond it wraps strconv.ErrRange (the time's bound is the
		// driver's own).
		if strings.HasSuffix(c.want, " is out of range") && !strings.HasPrefix(c.line, "time") && !errors.Is(err, strconv.ErrRange) {
			t.Errorf("%q: %v: not strconv.ErrRange", c.line, err)
		}
	}
}

func TestParseOption(t *testing.T) {
	unbounded := Option{Min: math.MinInt, Max: math.MaxInt}
	with := func(o Option) Option {
		if o.Type != "spin" {
			o.Min, o.Max = unbounded.Min, unbounded.Max
		}
		return o
	}
	for line, want := range map[string]Option{
		"option name Hash type spin default 16 min 1 max 33554432":                        {Name: "Hash", Type: "spin", Default: "16", Min: 1, Max: 33554432},
		"option name Skill Level type spin default 20 min 0 max 20":                       {Name: "Skill Level", Type: "spin", Default: "20", Min: 0, Max: 20},
		"option name Contempt type spin default -10 min -100 max 100":                     {Name: "Contempt", Type: "spin", Default: "-10", Min: -100, Max: 100},
		"option name Nullmove type check default true":                                    with(Option{Name: "Nullmove", Type: "check", Default: "true"}),
		"option name Style type combo default Normal var Solid var Normal var Very Risky": with(Option{Name: "Style", Type: "combo", Default: "Normal", Vars: []string{"Solid", "Normal", "Very Risky"}}),
		"option name Clear Hash type button":                                              with(Option{Name: "Clear Hash", Type: "button"}),
		"option name SyzygyPath type string default <empty>":                              with(Option{Name: "SyzygyPath", Type: "string", Default: "<empty>"}),
		"option name Log File type string default C:\\my logs\\log max var.txt":           with(Option{Name: "Log File", Type: "string", Default: "C:\\my logs\\log max var.txt"}),
		"option name Book type string default":                                            with(Option{Name: "Book", Type: "string"}),
		"option   name  UCI_Chess960\ttype check default false":                           with(Option{Name: "UCI_Chess960", Type: "check", Default: "false"}),
		"option name Odd type spin default 3":                                             {Name: "Odd", Type: "spin", Default: "3", Min: math.MinInt, Max: math.MaxInt},
	} {
		got, err := parseOption(line)
		if err != nil {
			t.Errorf("%q: %v", line, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\n got %+v\nwant %+v", line, got, want)
		}
	}
	for line, want := range map[string]string{
		"option":                "no name",
		"option type spin":      "no name",
		"option name Hash":      "no type",
		"option name Hash type": `type "", want check, spin, combo, button or string`,
		"option name Hash type integer default 1":        `type "integer", want check, spin, combo, button or string`,
		"option name Hash type spin min one max 2":       `min "one" is not an integer`,
		"option name Hash type spin min 5 max 2":         "min 5 above max 2",
		"option name Hash type spin default 1 default 2": "two default fields",
		"option name Hash blah type spin":                "", // a name of two words: fine
		"option foo name Hash type spin":                 `"foo" where a field's name (name, type, default, min, max, var) belongs`,
	} {
		_, err := parseOption(line)
		if want == "" {
			if err != nil {
				t.Errorf("%q: %v", line, err)
			}
			continue
		}
		if err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", line, err, want)
		}
	}
}

func TestGoCommand(t *testing.T) {
	std := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	castles := uciMoves(t, std, "e1g1")
	for _, c := range []struct {
		l        Limit
		chess960 bool
		want     string
	}{
		{Limit{Depth: 7}, false, "go depth 7"},
		{Limit{MoveTime: 300 * time.Microsecond}, false, "go movetime 1"},
		{Limit{WTime: 2999 * time.Microsecond, BTime: time.Nanosecond}, false, "go wtime 2 btime 1"},
		{Limit{Infinite: true, MultiPV: 3}, false, "go infinite"},
		{Limit{Ponder: true, WTime: 61500 * time.Millisecond, BTime: 59 * time.Second, WInc: 500 * time.Millisecond, MovesToGo: 12}, false,
			"go ponder wtime 61500 btime 59000 winc 500 movestogo 12"},
		{Limit{BTime: time.Second, BInc: 1500 * time.Microsecond}, false, "go wtime 0 btime 1000 binc 1"},
		{Limit{MovesToGo: 5, Depth: 3}, false, "go depth 3"}, // movestogo only with a clock
		{Limit{Depth: 1, Nodes: 2, Mate: 3, MoveTime: 4 * time.Millisecond, Infinite: true, SearchMoves: castles}, false,
			"go depth 1 nodes 2 mate 3 movetime 4 infinite searchmoves e1g1"},
		{Limit{Depth: 1, SearchMoves: castles}, true, "go depth 1 searchmoves e1h1"},
	} {
		if got := c.l.goCommand(c.chess960); got != c.want {
			t.Errorf("%+v: %q, want %q", c.l, got, c.want)
		}
	}
}

func TestTailBuffer(t *testing.T) {
	b := &tailBuffer{max: 8}
	for _, c := range []struct{ write, want string }{
		{"abc", "abc"},
		{"defgh", "abcdefgh"},
		{"ij", "cdefghij"},
		{"0123456789", "23456789"},
		{"\n", "3456789"},
	} {
		b.Write([]byte(c.write))
		if got := b.tail(); got != c.want {
			t.Errorf("after %q: %q, want %q", c.write, got, c.want)
		}
	}
}

// readLines runs the driver's reader on the output out.
func readLines(t testing.TB, out []byte) []lineMsg {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	e := newEngine(Config{})
	e.stdout = r
	e.reader.Add(1)
	go e.read()
	go func() {
		w.Write(out)
		w.Close()
	}()
	var got []lineMsg
	for m := range e.lines {
		got = append(got, m)
	}
	r.Close()
	return got
}

func TestRead(t *testing.T) {
	long := strings.Repeat("y", MaxLineBytes)
	got := readLines(t, []byte("uciok\r\n\nid name X \n"+long+"\n"+long+"z\r\n"+long+"\r\n"+strings.Repeat("x", 3*MaxLineBytes)+"\nlast"))
	want := []lineMsg{
		{line: "uciok"}, {line: ""}, {line: "id name X "}, {line: long},
		{line: long[:64], tooLong: true}, {line: long},
		{line: strings.Repeat("x", 64), tooLong: true}, {line: "last"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %d lines, want %d", len(got), len(want))
		for i := range got {
			if i < len(want) && !reflect.DeepEqual(got[i], want[i]) {
				t.Errorf("line %d: %.80q (%v), want %.80q (%v)", i, got[i].line, got[i].tooLong, want[i].line, want[i].tooLong)
			}
		}
	}
}

// FuzzParseInfo reads any line as an info line of a few positions: no
// panic, and a line read without an error has a pv of legal moves.
func FuzzParseInfo(f *testing.F) {
	for _, s := range []string{
		"depth 20 seldepth 27 multipv 1 score cp 31 wdl 60 920 20 nodes 1219137 nps 1006713 hashfull 402 tbhits 0 time 1211 pv e2e4 e7e5 g1f3",
		"score mate -3 lowerbound currmove e1g1 currmovenumber 2 string x",
		"refutation d1h5 g6h5 currline 1 e2e4 pv e1h1 e8a8",
		"pv a7a8Q h7g6 0000 a8b8",
	} {
		f.Add(s, uint8(0))
	}
	roots := []string{
		movegen.StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"1rk4r/pppppppp/8/8/8/8/PPPPPPPP/1RK4R w KQkq - 0 1",
		"8/P6k/8/8/8/8/8/K7 w - - 0 1",
	}
	var positions []movegen.Position
	for _, fen := range roots {
		positions = append(positions, mustFEN(f, fen))
	}
	f.Fuzz(func(t *testing.T, line string, which uint8) {
		root := positions[int(which)%len(positions)]
		chess960 := which&4 != 0
		info, err := parseInfo(line, &root, chess960)
		if err != nil {
			return
		}
		p := root
		for i, m := range info.PV {
			if m != movegen.NoMove && !p.IsLegal(m) {
				t.Fatalf("%q: pv move %d (%v) is not legal in %s", line, i+1, m, p.FEN())
			}
			play(&p, m)
		}
		if info.MultiPV < 1 || info.Depth < 0 || info.Nodes < 0 || info.Time < 0 {
			t.Fatalf("%q: %+v", line, info)
		}
	})
}

// FuzzParseOption reads any line as an option line: no panic, and an
// option read has a name, a type and bounds in order.
func FuzzParseOption(f *testing.F) {
	for _, s := range []string{
		"option name Hash type spin default 16 min 1 max 33554432",
		"option name Style type combo default Normal var Solid var Normal var Very Risky",
		"option name SyzygyPath type string default <empty>",
		"option name Clear Hash type button",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		o, err := parseOption(line)
		if err != nil {
			return
		}
		if o.Name == "" || o.Type == "" || o.Min > o.Max {
			t.Fatalf("%q: %+v", line, o)
		}
	})
}

// FuzzRead reads any output: no panic, and no line beyond the bound.
func FuzzRead(f *testing.F) {
	f.Add([]byte("uciok\r\nreadyok\n\nbestmove e2e4"), 0)
	f.Add([]byte("x\n"), MaxLineBytes+3)
	f.Fuzz(func(t *testing.T, out []byte, pad int) {
		if pad > 0 && pad < 4*MaxLineBytes {
			out = append(out, strings.Repeat("z", pad)...)
		}
		for _, m := range readLines(t, out) {
			if len(m.line) > MaxLineBytes || strings.ContainsAny(m.line, "\n") {
				t.Fatalf("a line of %d bytes", len(m.line))
			}
		}
	})
}

// BenchmarkParseInfo reads an info line as Stockfish writes it at depth 20,
// its pv of 20 moves checked move by move.
func BenchmarkParseInfo(b *testing.B) {
	root := movegen.StartPosition()
	line := "depth 20 seldepth 27 multipv 1 score cp 31 wdl 60 920 20 nodes 1219137 nps 1006713 hashfull 402 tbhits 0 time 1211 pv " +
		"e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f6e4 f1e1 e4d6 f3e5 f8e7 b5f1 c6e5 e1e5 e8g8 d2d4 e7f6 e5e1 f8e8"
	if info, err := parseInfo(line, &root, false); err != nil || len(info.PV) != 20 {
		b.Fatal(info, err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		parseInfo(line, &root, false)
	}
}

// BenchmarkGameEnd checks a game of 200 moves before a search: each move's
// legality, once.
func BenchmarkGameEnd(b *testing.B) {
	g := Game{Start: movegen.StartPosition()}
	p := g.Start
	for i := 0; i < 200; i++ {
		ms := p.LegalMoves(nil)
		m := ms[i%len(ms)]
		p.PlayUnchecked(m)
		g.Moves = append(g.Moves, m)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := g.end(); err != nil {
			b.Fatal(err)
		}
	}
}
