package polyglot_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/polyglot"
)

// A book made from four games by make-book's rules, then read: the
// start position's entries, the best move and a weighted random one.
// polyglot.Open(name) reads a book file the same way.
func Example() {
	games := `[Result "1-0"] 1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0
[Result "1/2-1/2"] 1. e4 c5 2. Nf3 d6 1/2-1/2
[Result "0-1"] 1. d4 d5 2. c4 e6 0-1
[Result "1/2-1/2"] 1. d4 Nf6 1/2-1/2`
	var bin bytes.Buffer
	_, err := polyglot.Make(strings.NewReader(games), &bin, polyglot.Options{MinGame: 1})
	if err != nil {
		panic(err)
	}

	book, err := polyglot.NewBook(bytes.NewReader(bin.Bytes()), int64(bin.Len()))
	if err != nil {
		panic(err)
	}
	p := movegen.StartPosition()
	entries, skipped, err := book.Find(&p, nil)
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		fmt.Println(p.SAN(e.Move), e.Weight) // weight: 2 a win, 1 a draw, summed
	}
	best, _, _ := book.Best(&p)
	pick, _, _ := book.Pick(&p, rand.New(rand.NewPCG(1, 2)))
	fmt.Println(skipped, best.Move, pick.Move, book.Len())
	// Output:
	// e4 3
	// d4 1
	// 0 e2e4 e2e4 10
}

// With Options.Skip, Make passes over the games it cannot use, where
// make-book stops at the first and writes no book: the book is make-book's
// of the other games, and Skipped names each game passed over.
func ExampleMake_skip() {
	games := `[Result "1-0"] 1. e4 e5 2. Nf3 1-0
[Result "1-0"] 1. e4 e5 2. Ke3 1-0
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"] 1. Kd2 Kd7 *
[Variant "Atomic"] 1. e4 d5 *
[Result "0-1"] 1. d4 -- 0-1
[Result "1/2-1/2"] 1. d4 d5 1/2-1/2`
	var bin bytes.Buffer
	skipped, err := polyglot.Make(strings.NewReader(games), &bin, polyglot.Options{MinGame: 1, Skip: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(skipped.Count, "games skipped;", bin.Len()/polyglot.EntrySize, "entries")
	for _, s := range skipped.Games {
		fmt.Println(s.Game, s.Err)
	}
	// Output:
	// 4 games skipped; 4 entries
	// 2 pgn: game 2, line 2, column 28: move 2. Ke3: no white king moves to e3
	// 3 polyglot: game 3: the game starts from "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", not the standard start (make-book plays every game from the standard start)
	// 4 polyglot: game 4: a game of atomic, not standard chess (make-book plays standard chess)
	// 5 polyglot: game 5: a null move at ply 2 (make-book reads none)
}

// Lookups as python-chess's find_all, find and choice take them: a
// minimum weight and moves to leave out. The zero Filter keeps every
// entry; python-chess's default is a minimum weight of 1.
func ExampleBook_FindWith() {
	games := `[Result "1-0"] 1. e4 e5 1-0
[Result "1-0"] 1. e4 c5 1-0
[Result "1/2-1/2"] 1. d4 d5 1/2-1/2
[Result "0-1"] 1. c4 e5 0-1
[Result "1/2-1/2"] 1. Nf3 d5 1/2-1/2`
	var bin bytes.Buffer
	if _, err := polyglot.Make(strings.NewReader(games), &bin, polyglot.Options{MinGame: 1}); err != nil {
		panic(err)
	}
	book, err := polyglot.NewBook(bytes.NewReader(bin.Bytes()), int64(bin.Len()))
	if err != nil {
		panic(err)
	}
	p := movegen.StartPosition()
	e4, err := p.ParseUCI("e2e4")
	if err != nil {
		panic(err)
	}
	show := func(entries []polyglot.Entry) {
		for _, e := range entries {
			fmt.Print(" ", p.SAN(e.Move), ":", e.Weight)
		}
		fmt.Println()
	}
	all, _, _ := book.FindWith(&p, polyglot.Filter{}, nil)
	show(all)
	heavy, _, _ := book.FindWith(&p, polyglot.Filter{MinWeight: 2}, nil)
	show(heavy)
	others := polyglot.Filter{MinWeight: 1, Exclude: []movegen.Move{e4}}
	rest, _, _ := book.FindWith(&p, others, nil)
	show(rest)
	best, ok, _ := book.BestWith(&p, others)
	fmt.Println(p.SAN(best.Move), ok)
	pick, ok, _ := book.PickUniform(&p, others, rand.New(rand.NewPCG(1, 2)))
	fmt.Println(pick.Move != e4, ok)
	// Output:
	//  e4:4 d4:1 Nf3:1
	//  e4:4
	//  d4:1 Nf3:1
	// d4 true
	// true true
}
