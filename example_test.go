package attacks_test

import (
	"fmt"

	"github.com/symmagic/attacks"
)

// squares lists a bitboard's squares by name.
func squares(bb uint64) []string {
	var out []string
	for sq := 0; sq < 64; sq++ {
		if bb&(1<<sq) != 0 {
			out = append(out, string(rune('a'+sq%8))+string(rune('1'+sq/8)))
		}
	}
	return out
}

func ExampleRook() {
	const d4 = 27
	occ := uint64(1)<<29 | uint64(1)<<51 | uint64(1)<<11 // f4, d7, d2
	fmt.Println(squares(attacks.Rook(d4, occ)))
	// Output: [d2 d3 a4 b4 c4 e4 f4 d5 d6 d7]
}

func ExampleBishop() {
	const c1 = 2
	occ := uint64(1) << 20 // e3
	fmt.Println(squares(attacks.Bishop(c1, occ)))
	// Output: [b2 d2 a3 e3]
}

func ExampleQueen() {
	const a1 = 0
	fmt.Println(len(squares(attacks.Queen(a1, 0))))
	// Output: 21
}

// An engine keeps the occupancy in W layout beside the standard one and
// updates both incrementally, so lookups skip the permute.
func ExampleRookW() {
	const a1, a5, h1 = 0, 32, 7
	occ := uint64(1)<<a5 | uint64(1)<<h1
	occW := attacks.ToW(occ)
	fmt.Println(squares(attacks.RookW(a1, occW)))

	// The piece on a5 moves to a3: update both occupancies.
	const a3 = 16
	move := uint64(1)<<a5 | uint64(1)<<a3
	occ ^= move
	occW ^= attacks.ToW(move)
	fmt.Println(squares(attacks.RookW(a1, occW)), attacks.RookW(a1, occW) == attacks.Rook(a1, occ))
	// Output:
	// [b1 c1 d1 e1 f1 g1 h1 a2 a3 a4 a5]
	// [b1 c1 d1 e1 f1 g1 h1 a2 a3] true
}

func ExampleRookUnion() {
	const a1, h8 = 0, 63
	rooks := uint64(1)<<a1 | uint64(1)<<h8
	fmt.Println(len(squares(attacks.RookUnion(rooks, rooks)))) // a8 and h1 are attacked twice
	// Output: 26
}

func ExampleStats() {
	s := attacks.Stats()
	fmt.Println("Rook, Bishop, Queen:", s.Std.IndexBytes, "index bytes,", s.Std.AttackBytes, "attack bytes,", s.Std.RookTables, "+", s.Std.BishopTables, "index tables")
	fmt.Println("the W lookups:", s.W.IndexBytes, "index bytes,", s.W.AttackBytes, "attack bytes,", s.W.RookTables, "+", s.W.BishopTables, "index tables")
	// Output:
	// Rook, Bishop, Queen: 123529 index bytes, 50624 attack bytes, 64 + 16 index tables
	// the W lookups: 44224 index bytes, 50624 attack bytes, 16 + 10 index tables
}
