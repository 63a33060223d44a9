package movegen_test

import (
	"fmt"

	"github.com/symmagic/attacks/movegen"
)

func Example() {
	p, err := movegen.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		panic(err)
	}
	var buf [movegen.MaxMoves]movegen.Move
	moves := p.LegalMoves(buf[:0]) // appended to buf: no allocation
	fmt.Println(len(moves), "moves, captures:", p.Captures(buf[:0]))

	m, err := p.ParseMove("e1g1")
	if err != nil {
		panic(err)
	}
	q := p // copy-make: p stays as it was
	q.Play(m)
	fmt.Println(q.FEN())
	fmt.Printf("%016x\n", q.Key()) // the Polyglot key
	fmt.Println(p.Perft(3))

	_, err = p.ParseMove("e1f2")
	fmt.Println(err)
	// Output:
	// 48 moves, captures: [g2h3 d5e6 e5g6 e5d7 e5f7 e2a6 f3h3 f3f6]
	// r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1
	// bdbb6b0b7d22850d
	// 97862
	// movegen: move "e1f2": a white king on e1 cannot take its own pawn on f2
}
