package pgn_test

import (
	"fmt"
	"strings"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
)

// moves parses moves in UCI from p.
func moves(p movegen.Position, uci string) []movegen.Move {
	var out []movegen.Move
	for _, s := range strings.Fields(uci) {
		m, err := p.ParseUCI(s)
		if err != nil {
			panic(err)
		}
		out = append(out, m)
		p.PlayUnchecked(m)
	}
	return out
}

// A game of a start position and moves, as python-chess's
// Game.from_board: the Seven Tag Roster, SetUp and FEN for a start other
// than the standard one, the result by the rules.
func ExampleFromMoves() {
	start, _ := movegen.ParseFEN("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 40")
	g, err := pgn.FromMoves(start, moves(start, "a1a8"))
	if err != nil {
		panic(err) // a *pgn.Error wrapping the *movegen.MoveError of a move not legal
	}
	fmt.Print(g)
	// Output:
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "?"]
	// [Black "?"]
	// [Result "1-0"]
	// [SetUp "1"]
	// [FEN "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 40"]
	//
	// 40. Ra8# 1-0
}

// An engine's principal variation added as an alternative to the move
// played, with its score as the comment of the line's last move.
func ExampleGame_AddLine() {
	start := movegen.StartPosition()
	g, _ := pgn.FromMoves(start, moves(start, "e2e4 e7e5 f1c4"))
	played := g.MainlineEnd()
	before := g.Position(g.Parent(played))
	last, err := g.AddLine(g.Parent(played), moves(before, "g1f3 b8c6 f1b5"))
	if err != nil {
		panic(err)
	}
	g.AddComment(last, "+0.35/20")
	fmt.Print(string(g.AppendPGNWith(nil, pgn.WriteOptions{Tags: pgn.NoTags})))
	// Output:
	// 1. e4 e5 2. Bc4 (2. Nf3 Nc6 3. Bb5 {+0.35/20}) *
}

// Tree edits, as python-chess's promote_to_main, promote, demote and
// remove_variation, each on a node among its siblings. Node values held
// stay valid through the edits and name the same moves.
func ExampleGame_PromoteToMain() {
	r := pgn.NewReader(strings.NewReader("1. e4 (1. d4 d5 (1... Nf6 2. c4)) (1. c4) e5 *"))
	var g pgn.Game
	if err := r.Read(&g); err != nil {
		panic(err)
	}
	d4 := g.Children(nil, pgn.Root)[1]
	nf6 := g.Children(nil, d4)[1]
	show := func() { fmt.Print(string(g.AppendPGNWith(nil, pgn.WriteOptions{Tags: pgn.NoTags}))) }

	g.PromoteToMain(d4) // d4 the main line's first move; e4 and c4 follow it
	show()
	g.Demote(d4) // one place down
	show()
	// The line to Nf6 made the main line: each node from it up.
	for n := nf6; n != pgn.Root; n = g.Parent(n) {
		g.PromoteToMain(n)
	}
	show()
	g.RemoveVariation(g.Children(nil, pgn.Root)[1]) // e4 and what follows it
	show()
	fmt.Println(g.SAN(nf6), g.IsMainline(nf6))
	// Output:
	// 1. d4 (1. e4 e5) (1. c4) 1... d5 (1... Nf6 2. c4) *
	// 1. e4 (1. d4 d5 (1... Nf6 2. c4)) (1. c4) 1... e5 *
	// 1. d4 (1. e4 e5) (1. c4) 1... Nf6 (1... d5) 2. c4 *
	// 1. d4 (1. c4) 1... Nf6 (1... d5) 2. c4 *
	// Nf6 true
}

// Moves written in long algebraic notation, as python-chess's Board.lan
// writes them; Reader reads them back.
func ExampleWriteOptions_lan() {
	start := movegen.StartPosition()
	g, _ := pgn.FromMoves(start, moves(start, "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 g1f3 c8g4 f1e2 b8c6 e1g1 e8c8"))
	o := pgn.WriteOptions{Tags: pgn.NoTags, LAN: true}
	text := g.AppendPGNWith(nil, o)
	fmt.Print(string(text))
	var back pgn.Game
	if err := pgn.NewReader(strings.NewReader(string(text))).Read(&back); err != nil {
		panic(err)
	}
	fmt.Print(string(back.AppendPGNWith(nil, pgn.WriteOptions{Tags: pgn.NoTags})))
	// Output:
	// 1. e2-e4 d7-d5 2. e4xd5 Qd8xd5 3. Nb1-c3 Qd5-a5 4. Ng1-f3 Bc8-g4 5. Bf1-e2
	// Nb8-c6 6. O-O O-O-O *
	// 1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. Nf3 Bg4 5. Be2 Nc6 6. O-O O-O-O *
}
