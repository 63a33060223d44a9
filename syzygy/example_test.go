package syzygy_test

import (
	"fmt"
	"strings"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/syzygy"
)

// Play a won endgame to mate from the tables: each side plays the first of
// RootMoves, the winner the move that keeps the win and zeroes soonest,
// the loser the one that holds out longest.
func Example() {
	tb, err := syzygy.Open("testdata/regular") // python-chess's 3- and 4-piece tables
	if err != nil {
		panic(err)
	}
	defer tb.Close()
	p, err := movegen.ParseFEN("8/8/8/3k4/8/8/8/R3K3 w - - 0 1")
	if err != nil {
		panic(err)
	}
	w, _ := tb.ProbeWDL(&p)
	d, _ := tb.ProbeDTZ(&p)
	fmt.Println(w, d)
	h := movegen.NewHistory(64)
	h.Reset(&p)
	var line []string
	for p.Outcome(h) == (movegen.Outcome{}) {
		moves, err := tb.RootMoves(&p, h)
		if err != nil {
			panic(err)
		}
		m := moves[0].Move
		if p.Side() == movegen.White {
			line = append(line, fmt.Sprintf("%d.", p.FullmoveNumber()))
		}
		line = append(line, p.SAN(m))
		p.PlayUnchecked(m)
		h.Push(&p)
	}
	for len(line) > 0 {
		n := min(len(line), 24)
		fmt.Println(strings.Join(line[:n], " "))
		line = line[n:]
	}
	fmt.Println(p.Outcome(h))
	// Output:
	// win 27 or 28
	// 1. Ke2 Kc4 2. Ke3 Kc5 3. Ke4 Kc6 4. Kd4 Kd6 5. Ra6+ Kd7 6. Ke5 Kc7 7. Kd5 Kb7 8. Rc6 Ka7
	// 9. Kc4 Kb7 10. Kb5 Ka7 11. Rb6 Ka8 12. Kc6 Ka7 13. Kc7 Ka8 14. Ra6#
	// 1-0 checkmate
}
