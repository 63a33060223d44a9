package movegen_test

import (
	"fmt"

	"github.com/symmagic/attacks/movegen"
)

func ExamplePosition_Picture() {
	p := movegen.StartPosition()
	if err := p.PlaySAN("e4"); err != nil {
		panic(err)
	}
	fmt.Println(p.Picture(movegen.PictureOptions{}))
	// Output:
	// r n b q k b n r
	// p p p p p p p p
	// . . . . . . . .
	// . . . . . . . .
	// . . . . P . . .
	// . . . . . . . .
	// P P P P . P P P
	// R N B Q K B N R
}

func ExamplePictureOptions() {
	// From Black's side, framed, with the chess symbols.
	p, err := movegen.ParseFEN("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Picture(movegen.PictureOptions{Unicode: true, Borders: true, Orientation: movegen.Black, Empty: "·"}))
	// Output:
	//   -----------------
	// 1 |·|♔|·|·|·|·|·|♖|
	//   -----------------
	// 2 |♙|♙|♙|·|·|·|·|·|
	//   -----------------
	// 3 |·|·|·|·|·|·|·|·|
	//   -----------------
	// 4 |·|·|·|·|·|·|·|·|
	//   -----------------
	// 5 |·|·|·|·|·|·|·|·|
	//   -----------------
	// 6 |·|·|·|·|·|·|·|·|
	//   -----------------
	// 7 |♟|♟|♟|·|·|·|·|·|
	//   -----------------
	// 8 |·|♚|·|·|·|·|·|·|
	//   -----------------
	//    h g f e d c b a
}
