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
	err := polyglot.Make(strings.NewReader(games), &bin, polyglot.Options{MinGame: 1})
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
