package chesslib_test

import (
	"fmt"
	"strings"

	"github.com/symmagic/attacks/bench/internal/chesslib"
	"github.com/symmagic/attacks/pgn"
)

// The driver answers one line: games, moves, errors, passes and
// nanoseconds.
func ExampleParse() {
	v, err := chesslib.Parse([]byte("2245 182591 0 1 1250000000\n"))
	fmt.Println(v, err)
	_, err = chesslib.Parse([]byte("usage: pgn FILE\n"))
	fmt.Println(err)
	// Output:
	// [2245 182591 0 1 1250000000] <nil>
	// answer "usage: pgn FILE\n"
}

// MovesVisitor plays the main line's moves, from the FEN tag where there
// is one, and skips the variations.
func ExampleMovesVisitor() {
	games := `[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]

1. e4 (1. e3 Kd7) 1... Kd7 2. Kd2 *

1. e4 e5 *
`
	r := pgn.NewReader(strings.NewReader(games))
	v := &chesslib.MovesVisitor{}
	for r.Visit(v) == nil {
		fmt.Println(v.Moves)
	}
	// Output:
	// 3
	// 5
}
