// Command yardstickuser runs the generator in a yardstick mode, as the
// benchmarks do: TestLinksNoYardstick's control, which must link the
// yardstick's tables. (It is only built: the tables are empty here.)
package main

import (
	"fmt"

	"github.com/symmagic/attacks/internal/board"
)

func main() {
	p := board.StartPosition()
	fmt.Println(board.Perft[board.Fancy](&p, 3))
}
