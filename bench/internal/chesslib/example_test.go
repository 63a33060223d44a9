package chesslib_test

import (
	"fmt"

	"github.com/symmagic/attacks/bench/internal/chesslib"
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
