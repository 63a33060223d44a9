package syzygy_test

import (
	"fmt"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/syzygy"
)

// RootMoves at the root of a search: the same position with the halfmove
// clock at 0 and at 44. With 44 plies gone, only a move that zeroes within
// 55 more plies keeps the win under the fifty-move rule (the others are
// cursed: draws); the ranks say so, and an engine searches only the moves
// of the highest rank.
func ExampleTablebase_RootMoves() {
	tb, err := syzygy.Open("testdata/regular")
	if err != nil {
		panic(err)
	}
	defer tb.Close()
	for _, fen := range []string{"8/8/8/8/3r4/1k6/8/K6Q w - - 0 1", "8/8/8/8/3r4/1k6/8/K6Q w - - 44 1"} {
		p, err := movegen.ParseFEN(fen)
		if err != nil {
			panic(err)
		}
		moves, err := tb.RootMoves(&p, nil)
		if err != nil {
			panic(err)
		}
		fmt.Printf("clock %d, %d moves:", p.HalfmoveClock(), len(moves))
		for _, m := range moves[:4] {
			fmt.Printf(" %s %v (DTZ %d, rank %d);", p.SAN(m.Move), m.WDL, m.DTZ, m.Rank)
		}
		fmt.Println()
	}
	// Output:
	// clock 0, 21 moves: Kb1 win (DTZ 55, rank 1000); Qc1 win (DTZ 57, rank 1000); Qf3+ win (DTZ 59, rank 1000); Qe1 win (DTZ 59, rank 1000);
	// clock 44, 21 moves: Kb1 win (DTZ 55, rank 1000); Qc1 cursed win (DTZ 57, rank 899); Qf3+ cursed win (DTZ 59, rank 897); Qe1 cursed win (DTZ 59, rank 897);
}
