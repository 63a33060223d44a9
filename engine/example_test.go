package engine_test

import (
	"context"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/symmagic/attacks/engine"
	"github.com/symmagic/attacks/movegen"
)

// testEngine is the Config of the package's test engine: the test binary
// run again as a small UCI engine (a mate in one first, then castling,
// then the biggest capture, then the generator's first move), so that the
// examples run anywhere. For a real engine: engine.Config{Path: "stockfish"}.
func testEngine() engine.Config { return fakeConfig(modeNormal) }

// Analyse a position: the two best lines and the best move.
func Example() {
	ctx := context.Background()
	e, err := engine.Start(ctx, testEngine())
	if err != nil {
		log.Fatal(err)
	}
	defer e.Close()

	p, err := movegen.ParseFEN("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
	if err != nil {
		log.Fatal(err)
	}
	a, err := e.Analyse(ctx, engine.Game{Start: p}, engine.Limit{Depth: 3, MultiPV: 2})
	if err != nil {
		log.Fatal(err)
	}
	for _, l := range a.Lines {
		fmt.Println(l.MultiPV, l.Score, p.SAN(l.PV[0]), l.PV)
	}
	fmt.Println("best:", p.SAN(a.BestMove))
	// Output:
	// 1 mate 1 Ra8# [a1a8]
	// 2 cp 0 Kf1 [g1f1 g8f8]
	// best: Ra8#
}

// Stream a search: each info line as the engine writes it, and stop it.
func ExampleEngine_Search() {
	ctx := context.Background()
	e, err := engine.Start(ctx, testEngine())
	if err != nil {
		log.Fatal(err)
	}
	defer e.Close()

	s, err := e.Search(ctx, engine.Game{Start: movegen.StartPosition()}, engine.Limit{Infinite: true})
	if err != nil {
		log.Fatal(err)
	}
	for s.Next() {
		info := s.Info()
		if !info.Has(engine.FieldScore) {
			continue // currmove, string, ...
		}
		fmt.Println("depth", info.Depth, info.Score, info.PV, info.Nodes, "nodes")
		if info.Depth == 3 {
			s.Stop() // the engine answers with its best move
		}
	}
	a, err := s.Wait()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("bestmove", a.BestMove, "ponder", a.Ponder)
	// Output:
	// depth 1 cp 0 [a2a3 a7a6] 20 nodes
	// depth 2 cp 0 [a2a3 a7a6] 60 nodes
	// depth 3 cp 0 [a2a3 a7a6] 120 nodes
	// bestmove a2a3 ponder a7a6
}

// Play a game on the clock: the engine's move for each side in turn.
func ExampleEngine_Play() {
	ctx := context.Background()
	e, err := engine.Start(ctx, testEngine())
	if err != nil {
		log.Fatal(err)
	}
	defer e.Close()
	if err := e.NewGame(ctx); err != nil {
		log.Fatal(err)
	}

	p, err := movegen.ParseFEN("r3k2r/pp3ppp/8/8/8/8/PP3PPP/R3K2R w KQkq - 0 1")
	if err != nil {
		log.Fatal(err)
	}
	game := engine.Game{Start: p}
	clock := engine.Limit{WTime: 3 * time.Minute, BTime: 3 * time.Minute, WInc: 2 * time.Second, BInc: 2 * time.Second}
	var sans []string
	for ply := 0; ply < 4; ply++ {
		m, _, err := e.Play(ctx, game, clock)
		if err != nil {
			log.Fatal(err)
		}
		sans = append(sans, p.SAN(m))
		p.PlayUnchecked(m) // the driver checked it: a legal move of p
		game.Moves = append(game.Moves, m)
	}
	fmt.Println(strings.Join(sans, " "))
	fmt.Println(p.FEN())
	// Output:
	// O-O O-O Kh1 Kh8
	// r4r1k/pp3ppp/8/8/8/8/PP3PPP/R4R1K w - - 4 3
}

// Stockfish, where it is installed: options, a game's moves, and the
// score of its best line. (No output is checked: it depends on the
// engine and its version.)
func Example_stockfish() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	e, err := engine.Start(ctx, engine.Config{
		Path:    "stockfish", // or "/usr/games/stockfish", Debian's
		Options: map[string]string{"Threads": "2", "Hash": "128", "UCI_ShowWDL": "true"},
	})
	if err != nil {
		log.Fatal(err) // an *engine.Error: what the engine said, or did not
	}
	defer e.Close()

	start := movegen.StartPosition()
	p := start
	var moves []movegen.Move
	for _, san := range []string{"e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"} {
		m, err := p.ParseSAN(san)
		if err != nil {
			log.Fatal(err)
		}
		p.PlayUnchecked(m) // ParseSAN's moves are legal
		moves = append(moves, m)
	}
	a, err := e.Analyse(ctx, engine.Game{Start: start, Moves: moves}, engine.Limit{Depth: 20, MultiPV: 3})
	if err != nil {
		log.Fatal(err)
	}
	for _, l := range a.Lines {
		fmt.Printf("%d. %s %v wdl %v, %d plies\n", l.MultiPV, p.SAN(l.PV[0]), l.Score, l.WDL, len(l.PV))
	}
}

// A line's score from White's point of view (python-chess's
// info["score"].white()), as centipawns with mates counted (score(mate_score=
// 100000)), and as White's expected result (wdl(ply=...).expectation()).
func ExampleInfo_ScoreFor() {
	ctx := context.Background()
	cfg := testEngine()
	cfg.Options = map[string]string{"UCI_ShowWDL": "true"}
	e, err := engine.Start(ctx, cfg)
	if err != nil {
		log.Fatal(err)
	}
	defer e.Close()

	p, err := movegen.ParseFEN("r5k1/5ppp/8/8/8/8/1P3PPP/6K1 w - - 0 30")
	if err != nil {
		log.Fatal(err)
	}
	b3, err := p.ParseUCI("b2b3")
	if err != nil {
		log.Fatal(err)
	}
	q := p
	q.PlayUnchecked(b3)                             // Black to move: the position searched
	ply := 2*(q.FullmoveNumber()-1) + int(q.Side()) // plies from the start, python-chess's board.ply()
	a, err := e.Analyse(ctx, engine.Game{Start: p, Moves: []movegen.Move{b3}}, engine.Limit{Depth: 3, MultiPV: 2})
	if err != nil {
		log.Fatal(err)
	}
	for _, l := range a.Lines {
		w := l.ScoreFor(movegen.White)
		fmt.Printf("%s: %v to move, %v; White's view %v, %d cp, expects %.3f (White's WDL %v)\n",
			q.SAN(l.PV[0]), l.Turn, l.Score, w, w.CP(100000), w.WDL(ply).Expectation(), l.WDLFor(movegen.White))
	}

	// Scores of one's own: a pawn up, and a checkmated side to move.
	pawn, mated := engine.Score{Value: 100}, engine.Score{Mate: true}
	fmt.Println(pawn.WDL(30), pawn.WDL(30).Expectation(), pawn.Neg().WDL(30).Expectation())
	fmt.Println(mated, "->", mated.Neg(), mated.Neg().CP(100000), mated.Neg().Compare(engine.Score{Mate: true, Value: 1}))
	// Output:
	// Ra1#: black to move, mate 1; White's view mate -1, -99999 cp, expects 0.000 (White's WDL wdl 200 300 500)
	// Kf8: black to move, cp 0; White's view cp 0, 0 cp, expects 0.500 (White's WDL wdl 200 300 500)
	// wdl 515 485 0 0.7575 0.2425
	// mate 0 -> mate +0 100000 1
}
