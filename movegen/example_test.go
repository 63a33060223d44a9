package movegen_test

import (
	"fmt"

	"github.com/symmagic/attacks/movegen"
)

// The example README shows; TestReadmeExample keeps the two identical.
func Example() {
	p, err := movegen.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		panic(err)
	}
	var buf [movegen.MaxMoves]movegen.Move
	moves := p.LegalMoves(buf[:0]) // appended to buf: no allocation
	fmt.Println(len(moves), "moves, captures:", p.Captures(buf[:0]))

	m, err := p.ParseSAN("Bxa6") // SAN in; ParseUCI reads UCI ("e2a6")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.SAN(m), m, p.GivesCheck(m), p.SEE(m, 0))
	q := p // copy-make: p stays as it was; Play checks (PlayUnchecked: a search's generated moves)
	if err := q.Play(m); err != nil {
		panic(err)
	}
	fmt.Println(q.FEN(), p.Perft(3))
	// Output:
	// 48 moves, captures: [g2h3 d5e6 e5g6 e5d7 e5f7 e2a6 f3h3 f3f6]
	// Bxa6 e2a6 false true
	// r3k2r/p1ppqpb1/Bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPB1PPP/R3K2R b KQkq - 0 1 97862
}

func ExamplePosition_ParseUCI() {
	p := movegen.StartPosition()
	m, err := p.ParseUCI("g1f3")
	fmt.Println(m, err, p.SAN(m))
	_, err = p.ParseUCI("e1f2")
	fmt.Println(err)
	// Output:
	// g1f3 <nil> Nf3
	// movegen: move "e1f2": a white king on e1 cannot take its own pawn on f2
}
