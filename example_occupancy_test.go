package attacks_test

import (
	"fmt"

	"github.com/symmagic/attacks"
)

// An engine that keeps an Occupancy in its position updates it on every
// move and looks up attacks without a permute.
func ExampleOccupancy() {
	const a1, h1, a8, e1, a5, a3 = 0, 7, 56, 4, 32, 16
	o := attacks.NewOccupancy(1<<a1 | 1<<h1 | 1<<e1 | 1<<a5)
	fmt.Println(squares(o.Rook(a1)))
	o.Move(a5, a3) // the piece on a5 goes to a3
	fmt.Println(squares(o.Rook(a1)))
	o.Set(a8)
	fmt.Println(o.Rook(a8) == attacks.Rook(a8, o.Bitboard()))
	// Output:
	// [b1 c1 d1 e1 a2 a3 a4 a5]
	// [b1 c1 d1 e1 a2 a3]
	// true
}

// An engine that would rather not touch its position wraps its occupancy
// once per node and makes that node's lookups on it.
func ExampleNewOccupancy() {
	const d4 = 27
	occ := uint64(1)<<29 | uint64(1)<<51 | uint64(1)<<11 // f4, d7, d2
	o := attacks.NewOccupancy(occ)
	fmt.Println(squares(o.Rook(d4)))
	fmt.Println(o.Queen(d4) == attacks.Queen(d4, occ))
	// Output:
	// [d2 d3 a4 b4 c4 e4 f4 d5 d6 d7]
	// true
}

func ExampleOccupancy_Set() {
	const c1, e3 = 2, 20
	var o attacks.Occupancy // the empty board
	o.Set(e3)
	fmt.Println(squares(o.Bishop(c1)))
	// Output: [b2 d2 a3 e3]
}

func ExampleOccupancy_Clear() {
	const c1, e3 = 2, 20
	o := attacks.NewOccupancy(1 << e3)
	o.Clear(e3)
	fmt.Println(squares(o.Bishop(c1)))
	// Output: [b2 d2 a3 e3 f4 g5 h6]
}

// Move also records a capture: the captured piece's square stays occupied.
func ExampleOccupancy_Move() {
	const a1, a4, a7 = 0, 24, 48
	o := attacks.NewOccupancy(1<<a1 | 1<<a4 | 1<<a7)
	o.Move(a4, a7) // the piece on a4 takes on a7
	fmt.Println(squares(o.Bitboard()), squares(o.Rook(a1))[:7])
	// Output: [a1 a7] [b1 c1 d1 e1 f1 g1 h1]
}

// Toggle flips several squares at once: here White castles short.
func ExampleOccupancy_Toggle() {
	const e1, f1, g1, h1 = 4, 5, 6, 7
	o := attacks.NewOccupancy(1<<e1 | 1<<h1)
	o.Toggle(1<<e1 | 1<<f1 | 1<<g1 | 1<<h1)
	fmt.Println(squares(o.Bitboard()))
	// Output: [f1 g1]
}

func ExampleOccupancy_Bitboard() {
	const d4 = 27
	var o attacks.Occupancy
	o.Set(d4)
	fmt.Printf("%#x\n", o.Bitboard())
	// Output: 0x8000000
}

func ExampleOccupancy_W() {
	const d4 = 27
	var o attacks.Occupancy
	o.Set(d4)
	fmt.Println(o.W() == attacks.ToW(o.Bitboard()), o.W() == attacks.SquareW(d4))
	// Output: true true
}

func ExampleOccupancy_Rook() {
	const h8, h5, e8 = 63, 39, 60
	o := attacks.NewOccupancy(1<<h5 | 1<<e8)
	fmt.Println(squares(o.Rook(h8)))
	// Output: [h5 h6 h7 e8 f8 g8]
}

func ExampleOccupancy_Bishop() {
	const a1, d4 = 0, 27
	o := attacks.NewOccupancy(1 << d4)
	fmt.Println(squares(o.Bishop(a1)))
	// Output: [b2 c3 d4]
}

func ExampleOccupancy_Queen() {
	const a1, a2, b1, b2 = 0, 8, 1, 9
	o := attacks.NewOccupancy(1<<a2 | 1<<b1 | 1<<b2)
	fmt.Println(squares(o.Queen(a1)))
	// Output: [b1 a2 b2]
}

// An engine that keeps its own W occupancy updates it with SquareW.
func ExampleSquareW() {
	const e2, e4, e1 = 12, 28, 4
	occ := uint64(1)<<e2 | uint64(1)<<e1
	occW := attacks.ToW(occ)
	occ ^= 1<<e2 | 1<<e4
	occW ^= attacks.SquareW(e2) | attacks.SquareW(e4)
	fmt.Println(occW == attacks.ToW(occ), squares(attacks.RookW(e1, occW))[4:])
	// Output: true [f1 g1 h1 e2 e3 e4]
}
