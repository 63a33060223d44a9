// Command user is a program that uses movegen as a user would, for
// TestLinksNoYardstick: it must link none of the benchmarks' tables.
package main

import (
	"fmt"
	"os"

	"github.com/symmagic/attacks/movegen"
)

func main() {
	p := movegen.StartPosition()
	if len(os.Args) > 1 {
		var err error
		if p, err = movegen.ParseFEN(os.Args[1]); err != nil {
			fmt.Println(err)
			return
		}
	}
	var buf [movegen.MaxMoves]movegen.Move
	for _, m := range p.LegalMoves(buf[:0]) {
		q := p
		q.Play(m)
		fmt.Println(m, q.Key(), len(q.Captures(nil)), q.IsCheckmate())
	}
	if m, err := p.ParseMove("e2e4"); err == nil {
		p.Play(m)
	}
	fmt.Println(p.FEN(), p.Perft(3), p.Divide(2))
}
