package svg_test

import (
	"fmt"
	"strings"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
	"github.com/symmagic/attacks/svg"
)

// Board draws a position after 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#,
// with the last move's squares, the mated king's glow, an arrow and a
// circle as PGN's [%cal Gh5f7] and [%csl Rf7] give them, at 400 pixels.
func ExampleBoard() {
	p := movegen.StartPosition()
	var last movegen.Move
	for _, san := range strings.Fields("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#") {
		m, err := p.ParseSAN(san)
		if err != nil {
			panic(err)
		}
		p.PlayUnchecked(m)
		last = m
	}
	picture := svg.Board(&p, svg.Options{
		LastMove: last,
		Check:    true,
		Arrows:   []svg.Arrow{{Color: 'G', From: movegen.C4, To: movegen.F7}, {Color: 'R', From: movegen.E8, To: movegen.E8}},
		Size:     400,
	})
	fmt.Println(picture[:strings.Index(picture, "<defs>")])
	fmt.Println(strings.Count(picture, `class="square `), "squares,", strings.Count(picture, "<use "), "pieces")
	for _, class := range []string{"square light lastmove f7", "check e8", "arrow green", "circle red"} {
		fmt.Println(class, strings.Contains(picture, class))
	}
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 390 390" width="400" height="400"><desc>r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4</desc>
	// 64 squares, 31 pieces
	// square light lastmove f7 true
	// check e8 true
	// arrow green true
	// circle red true
}

// A Colors theme, a flipped board without coordinates, and a stylesheet
// that the picture's classes let restyle it.
func ExampleOptions() {
	p := movegen.StartPosition()
	picture := svg.Board(&p, svg.Options{
		Orientation:   movegen.Black,
		NoCoordinates: true,
		Colors:        svg.Blue,
		Style:         ".square.lastmove { fill: #fe0 }",
	})
	fmt.Println(picture[:strings.Index(picture, "<desc>")])
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 360 360"><style>.square.lastmove { fill: #fe0 }</style>
}

// Piece draws one piece, as python-chess's chess.svg.piece.
func ExamplePiece() {
	picture := svg.Piece(movegen.MakePiece(movegen.White, movegen.Knight), 90)
	fmt.Println(picture[:strings.Index(picture, "<path")])
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 45 45" width="90" height="90"><defs><g id="white-knight" class="white knight" fill="#fff" stroke="#000" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">
}

// A node of a PGN game drawn as lichess shows it: the position after its
// move, the move's squares, and the arrows and circles of its comment's
// [%cal] and [%csl], each pgn.Arrow converted to an svg.Arrow.
func ExampleBoard_pgn() {
	r := pgn.NewReader(strings.NewReader(`1. e4 e5 2. Nf3 {[%cal Gf3e5,Rd8h4] [%csl Ye5]} *`))
	var g pgn.Game
	if err := r.Read(&g); err != nil {
		panic(err)
	}
	n := g.MainlineEnd()
	p := g.Position(n)
	o := svg.Options{LastMove: g.Move(n), Check: true}
	for _, a := range g.Arrows(n) {
		o.Arrows = append(o.Arrows, svg.Arrow(a))
	}
	picture := svg.Board(&p, o)
	for _, class := range []string{"lastmove g1", "lastmove f3", "arrow green", "arrow red", "circle yellow"} {
		fmt.Println(class, strings.Contains(picture, class))
	}
	// Output:
	// lastmove g1 true
	// lastmove f3 true
	// arrow green true
	// arrow red true
	// circle yellow true
}
