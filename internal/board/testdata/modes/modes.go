// Package modes instantiates the generator in every slider mode, as movegen
// and the benchmarks do from outside package board, for TestSliderModes to
// read the copies another package compiles. It is only built.
package modes

import "github.com/symmagic/attacks/internal/board"

// Copies holds every mode's Perft, Generate, GenerateTactical and Play.
var Copies = []any{
	all[board.W](), all[board.Std](), all[board.Occ](),
	all[board.Fancy](), all[board.Hyperbola](), all[board.Kindergarten](),
	all[board.Plain](), all[board.BlackMagic](),
}

func all[S board.Slider]() []any {
	return []any{board.Perft[S], board.Generate[S], board.GenerateTactical[S], board.Play[S], board.ParseMove[S]}
}
