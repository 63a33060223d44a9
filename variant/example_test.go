package variant_test

import (
	"fmt"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/variant"
)

// A Crazyhouse game: a capture puts the piece in the taker's pocket, and a
// drop puts it back on the board.
func Example() {
	p := variant.StartPosition(variant.Crazyhouse)
	for _, san := range []string{"e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5"} {
		if err := p.PlaySAN(san); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(p.FEN())
	m, _ := p.ParseUCI("P@b4")
	fmt.Println(p.SAN(m))
	// Output:
	// rnb1kbnr/ppp1pppp/8/q7/8/2N5/PPPP1PPP/R1BQKBNR[Pp] w KQkq - 2 4
	// @b4
}

// Atomic: a capture explodes the pieces around it, pawns spared, and a
// king caught in the blast loses the game.
func ExamplePosition_Outcome() {
	p, err := variant.ParseFEN(variant.Atomic, "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3")
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := p.PlayUCI("f3e5"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.FEN())
	fmt.Println(p.Outcome(nil))
	// Output:
	// rnbqkbnr/ppp2ppp/8/3p4/4P3/8/PPPP1PPP/RNBQKB1R b KQkq - 0 3
	// *
}

// Three-check: the FEN counts the checks each side has still to give, and
// the third check wins.
func ExampleParseFEN() {
	p, err := variant.ParseFEN(variant.ThreeCheck, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 +2+0")
	if err != nil {
		fmt.Println(err)
		return
	}
	m, _ := p.ParseSAN("Bb5")
	fmt.Println(p.SAN(m))
	p.PlayUnchecked(m)
	fmt.Println(p.FEN())
	fmt.Println(p.LichessFEN())
	fmt.Println(p.Outcome(nil))
	// Output:
	// Bb5#
	// rnbqkbnr/ppp1pppp/8/1B1p4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 0+3 1 1
	// rnbqkbnr/ppp1pppp/8/1B1p4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 1 +3+0
	// 1-0 variant end
}

// The legal moves of Racing Kings' start: no move may give check.
func ExamplePosition_LegalMoves() {
	p := variant.StartPosition(variant.RacingKings)
	fmt.Println(len(p.LegalMoves(nil)), p.Perft(2))
	// Output:
	// 21 421
}

// A Crazyhouse board with its pockets.
func ExamplePosition_Picture() {
	p, err := variant.ParseFEN(variant.Crazyhouse, "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[Pn] b KQkq - 0 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Picture(movegen.PictureOptions{}))
	// Output:
	// r . b q k . . r
	// p p p p . p p p
	// . . n . p . . .
	// . . . . P . . .
	// . b . P n . . .
	// . . N B . N . .
	// P P P . . P P P
	// R . B Q K . . R
	// [Pn]
}
