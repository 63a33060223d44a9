package attacks_test

import (
	"fmt"

	"github.com/symmagic/attacks"
)

// squareList names a bitboard's squares, a1 first.
func squareList(bb uint64) []string {
	var out []string
	for sq := 0; sq < 64; sq++ {
		if bb&(1<<sq) != 0 {
			out = append(out, string(rune('a'+sq%8))+string(rune('1'+sq/8)))
		}
	}
	return out
}

// A rook on e8 checks the king on e1: the check can be blocked on the
// squares between them. Squares that share no line give 0.
func ExampleBetween() {
	const e1, e8, a5, f3 = 4, 60, 32, 21
	fmt.Println(squareList(attacks.Between(e1, e8)))
	fmt.Printf("%#x\n", attacks.Between(e1, e8))
	fmt.Println(squareList(attacks.Between(a5, e1)))
	fmt.Println(attacks.Between(e1, f3), attacks.Between(e1, e1))
	// Output:
	// [e2 e3 e4 e5 e6 e7]
	// 0x10101010101000
	// [d2 c3 b4]
	// 0 0
}

// A piece pinned to its king may move only along the line through both:
// here the bishop on d2, pinned to the king on e1 by a bishop on a5, may
// go to c3 or b4 or take on a5, never to e3.
func ExampleLine() {
	const b1, e1, d2, c3, e3, f6 = 1, 4, 11, 18, 20, 45
	pin := attacks.Line(e1, d2)
	fmt.Println(squareList(pin))
	fmt.Println(pin&(1<<c3) != 0, pin&(1<<e3) != 0)
	fmt.Println(squareList(attacks.Line(c3, f6))) // the long diagonal
	fmt.Println(attacks.Line(b1, c3))             // a knight's step: no line
	// Output:
	// [e1 d2 c3 b4 a5]
	// true false
	// [a1 b2 c3 d4 e5 f6 g7 h8]
	// 0
}
