package pgn_test

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/symmagic/attacks/engine"
	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
)

// The example README shows; TestReadmeExample keeps the two identical.
func Example() {
	r := pgn.NewReader(strings.NewReader(`[White "Anderssen"] [Black "Kieseritzky"]
1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 {for time} (4... d6) 5. Bxb5 *`))
	var g pgn.Game
	if err := r.Read(&g); err != nil { // a *pgn.Error names the game, line and column
		panic(err)
	}
	end := g.End() // the position after the main line
	fmt.Println(g.Mainline(nil), end.FEN())
	fmt.Print(g.String()) // the export format
	// Output:
	// [e2e4 e7e5 f2f4 e5f4 f1c4 d8h4 e1f1 b7b5 c4b5] rnb1kbnr/p1pp1ppp/8/1B6/4Pp1q/8/PPPP2PP/RNBQ1KNR b kq - 0 5
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "Anderssen"]
	// [Black "Kieseritzky"]
	// [Result "*"]
	//
	// 1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 {for time} (4... d6) 5. Bxb5 *
}

// Reading a file: every game in turn, a broken game reported and passed
// over, the next read as if it were not there.
func ExampleReader() {
	r := pgn.NewReader(strings.NewReader(`[Event "one"]

1. e4 e5 2. Ke3 Nc6 *

[Event "two"]

1. d4 d5 2. c4 1/2-1/2
`))
	var g pgn.Game
	for {
		err := r.Read(&g)
		if err == io.EOF {
			break
		}
		if err != nil { // a *pgn.Error (wrapping the input's error, once, where reading it fails)
			fmt.Println(err)
			continue
		}
		event, _ := g.Tag("Event")
		fmt.Println(event, g.Mainline(nil), g.Result)
	}
	// Output:
	// pgn: game 1, line 3, column 13: move 2. Ke3: no white king moves to e3
	// two [d2d4 d7d5 c2c4] 1/2-1/2
}

// whiteWins counts the games White won and the players, reading the tags
// alone: the movetext is passed over unread.
type whiteWins struct {
	pgn.NopVisitor
	white string
	wins  map[string]int
}

func (v *whiteWins) Tag(name, value []byte) error {
	if string(name) == "White" {
		v.white = string(value)
	}
	return nil
}

func (v *whiteWins) Movetext() error { return pgn.SkipMovetext }

func (v *whiteWins) End(result string) error {
	if result == "1-0" {
		v.wins[v.white]++
	}
	return nil
}

// A Visitor that reads only tags and results: python-chess's read_headers,
// at the speed of a scan.
func ExampleVisitor() {
	r := pgn.NewReader(strings.NewReader(`[White "Anand"]

1. e4 {a comment ( with [brackets] } e5 (1... c5 2. Nf3) 2. Nf3 1-0

[White "Kramnik"]

1. d4 d5 0-1

[White "Anand"]

1. c4 1-0
`))
	v := &whiteWins{wins: map[string]int{}}
	for {
		err := r.Visit(v)
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
		}
		fmt.Println("game", r.Info().Number, "at line", r.Info().Line)
	}
	fmt.Println(v.wins)
	// Output:
	// game 1 at line 1
	// game 2 at line 5
	// game 3 at line 9
	// map[Anand:2]
}

// Setting the commands of a node's comments: each in place of the one it
// replaces, the comment's other text kept, as python-chess's setters write
// them.
func ExampleGame_SetClock() {
	r := pgn.NewReader(strings.NewReader("1. e4 {[%clk 0:03:00] fast} e5 *"))
	var g pgn.Game
	if err := r.Read(&g); err != nil {
		panic(err)
	}
	e4 := g.Next(pgn.Root)
	g.SetClock(e4, 2*time.Minute+58500*time.Millisecond)
	g.SetEMT(e4, 1500*time.Millisecond)
	g.SetEval(e4, pgn.Eval{CP: 31, Depth: 20})
	g.SetArrows(e4, []pgn.Arrow{{Color: 'G', From: movegen.E2, To: movegen.E4}, {Color: 'R', From: movegen.D5, To: movegen.D5}})
	fmt.Printf("%q\n", g.Comments(e4))
	g.RemoveEval(e4)
	g.SetArrows(e4, nil)
	emt, _ := g.EMT(e4)
	fmt.Printf("%q %v\n", g.Comments(e4), emt)
	// Output:
	// ["[%csl Rd5][%cal Ge2e4]" "[%clk 0:02:58.5] fast" "[%emt 0:00:01.5]" "[%eval 0.31,20]"]
	// ["[%clk 0:02:58.5] fast" "[%emt 0:00:01.5]"] 1.5s
}

// An annotator writes each position's engine score, from its side to
// move's point of view as the engine gives it, and reads back the mover's
// view of the position before and after a move to measure what the move
// lost.
func ExampleGame_SetScore() {
	r := pgn.NewReader(strings.NewReader("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"))
	var g pgn.Game
	if err := r.Read(&g); err != nil {
		panic(err)
	}
	// An engine's scores of the position at each node (here made up), from
	// the side to move's point of view: info.Score, info.Depth.
	scores := []engine.Score{{Value: 30}, {Value: -25}, {Value: 40}, {Value: -20}, {Value: 50}, {Value: -60},
		{Mate: true, Value: 1}, {Mate: true, Value: 0}}
	n := pgn.Root
	for _, s := range scores {
		g.SetScore(n, s, 18)
		n = g.Next(n)
	}
	for n := g.Next(pgn.Root); n != pgn.None; n = g.Next(n) {
		before, _ := g.Score(g.Parent(n)) // the mover is to move there
		after, _ := g.Score(n)
		lost := before.CP(10000) - after.Neg().CP(10000)
		fmt.Println(g.SAN(n), g.Comment(n), "lost", lost)
	}
	// Output:
	// e4 [%eval 0.25,18] lost 5
	// e5 [%eval 0.40,18] lost 15
	// Qh5 [%eval 0.20,18] lost 20
	// Nc6 [%eval 0.50,18] lost 30
	// Bc4 [%eval 0.60,18] lost -10
	// Nf6 [%eval #1,18] lost 9939
	// Qxf7# [%eval #0,18] lost -1
}

// Reading on every core: the same games, errors and places as a Reader
// gives, in the same order.
func ExampleParallelReader() {
	text := strings.Repeat(`[Event "one"]

1. e4 e5 2. Ke3 Nc6 *

[Event "two"]

1. d4 d5 2. c4 {a comment [Event "not a tag"]
[Event "nor this"]} 1/2-1/2

`, 2)
	p := pgn.NewParallelReader(context.Background(), strings.NewReader(text))
	p.Workers, p.ChunkSize = 2, 64 // tiny chunks, to show the cuts hold
	defer p.Close()
	var g pgn.Game
	for {
		err := p.Read(&g)
		if err == io.EOF {
			break
		}
		info := p.Info()
		if err != nil {
			fmt.Println(err)
			continue
		}
		event, _ := g.Tag("Event")
		fmt.Println(info.Number, info.Line, info.Offset, event, g.Mainline(nil), g.Result)
	}
	// Output:
	// pgn: game 1, line 3, column 13: move 2. Ke3: no white king moves to e3
	// 2 5 38 two [d2d4 d7d5 c2c4] 1/2-1/2
	// pgn: game 3, line 12, column 13: move 2. Ke3: no white king moves to e3
	// 4 14 166 two [d2d4 d7d5 c2c4] 1/2-1/2
}

// A Crazyhouse game as lichess exports it (a pawn's drop written P@e2)
// read, played through package variant, and written as python-chess
// writes it.
func ExampleGame_Variant() {
	const text = `[Event "Rated Crazyhouse game"]
[Site "https://lichess.org/abcdefgh"]
[Result "*"]
[Variant "Crazyhouse"]

1. e4 { [%clk 0:03:00] } 1... d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 P@e4 5. Bd2 Nf6
6. Nxe4 Qd5 7. Nxf6+ exf6 8. N@c3 N@e4 *`
	var g pgn.Game
	if err := pgn.NewReader(strings.NewReader(text)).Read(&g); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Variant())
	for n, p := range g.VariantMainlineNodes() {
		if m := g.VariantMove(n); m.IsDrop() {
			fmt.Println(g.SAN(n), "drops a", m.Dropped(), "from the pocket:", p.FEN())
		}
	}
	end := g.VariantPosition(g.MainlineEnd())
	fmt.Println("White holds", end.Pocket(movegen.White, movegen.Pawn), "pawns, Black", end.Pocket(movegen.Black, movegen.Knight), "knights")
	fmt.Print(g.String())
	// Output:
	// crazyhouse
	// @e4 drops a pawn from the pocket: rnb1kbnr/ppp1pppp/8/q7/3Pp3/2N5/PPP2PPP/R1BQKBNR[P] w KQkq - 1 5
	// N@c3 drops a knight from the pocket: rnb1kb1r/ppp2ppp/5p2/3q4/3P4/2N5/PPPB1PPP/R2QKBNR[PPn] b KQkq - 1 8
	// N@e4 drops a knight from the pocket: rnb1kb1r/ppp2ppp/5p2/3q4/3Pn3/2N5/PPPB1PPP/R2QKBNR[PP] w KQkq - 2 9
	// White holds 2 pawns, Black 0 knights
	// [Event "Rated Crazyhouse game"]
	// [Site "https://lichess.org/abcdefgh"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "?"]
	// [Black "?"]
	// [Result "*"]
	// [Variant "Crazyhouse"]
	//
	// 1. e4 {[%clk 0:03:00]} 1... d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 @e4 5. Bd2 Nf6 6.
	// Nxe4 Qd5 7. Nxf6+ exf6 8. N@c3 N@e4 *
}
