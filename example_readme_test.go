package attacks_test

import (
	"fmt"

	"github.com/symmagic/attacks"
)

// The example README shows; TestReadmeExample keeps the two identical.
func Example() {
	const d4, d6, d7, f4 = 27, 43, 51, 29 // a1 = 0, b1 = 1, ..., h8 = 63
	occ := uint64(1)<<d7 | uint64(1)<<f4

	// Standard bitboards in and out: a drop-in for an engine's own lookup.
	fmt.Printf("%#x\n", attacks.Rook(d4, occ))
	fmt.Printf("%#x\n", attacks.Queen(d4, occ))

	// An Occupancy holds the board in both layouts; its lookups skip the
	// permute and inline into the caller. Update it as pieces move.
	o := attacks.NewOccupancy(occ)
	o.Move(d7, d6) // the piece on d7 goes to d6
	fmt.Println(o.Rook(d4) == attacks.Rook(d4, o.Bitboard()))
	fmt.Printf("%#x\n", o.Rook(d4))
	// Output:
	// 0x8080837080808
	// 0x80492a1c371c2a49
	// true
	// 0x80837080808
}
