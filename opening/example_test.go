package opening_test

import (
	"fmt"
	"strings"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/opening"
	"github.com/symmagic/attacks/pgn"
)

// A game's opening: the deepest position of the game the data names, here
// reached by a move order of its own.
func ExampleOfGame() {
	r := pgn.NewReader(strings.NewReader(`1. Nf3 c5 2. e4 d6 3. d4 cxd4 4. Nxd4 Nf6
5. Nc3 a6 6. Be3 e5 7. Nb3 Be6 8. Qd2 Nbd7 *`))
	var g pgn.Game
	if err := r.Read(&g); err != nil {
		panic(err)
	}
	o, ply, ok, err := opening.OfGame(g.Start(), g.Mainline(nil))
	if err != nil {
		panic(err)
	}
	fmt.Println(o.ECO, o.Name, ok)
	fmt.Println("reached at ply", ply, "; the data's line:", o.PGN)
	// Output:
	// B90 Sicilian Defense: Najdorf Variation, English Attack true
	// reached at ply 11 ; the data's line: 1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3
}

// A position's opening, whatever moves reached it.
func ExampleOf() {
	p, err := movegen.ParseFEN("rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 2")
	if err != nil {
		panic(err)
	}
	o, ok := opening.Of(&p)
	fmt.Println(o.ECO, o.Name, ok)
	// Output:
	// D02 Queen's Pawn Game: Zukertort Variation true
}

// A game the data names nowhere: found is false, and the opening the zero
// Opening.
func ExampleOfGame_notFound() {
	start, err := movegen.ParseFEN("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	if err != nil {
		panic(err)
	}
	castle, err := start.ParseUCI("e1g1")
	if err != nil {
		panic(err)
	}
	o, ply, ok, err := opening.OfGame(start, []movegen.Move{castle})
	fmt.Printf("%q %d %v %v\n", o.Name, ply, ok, err)
	// Output:
	// "" 0 false <nil>
}
