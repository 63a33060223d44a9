package variant

import (
	"fmt"
	"strings"

	"github.com/symmagic/attacks/movegen"
)

// Picture returns a text picture of the board drawn as movegen's
// Position.Picture draws one, with the same options (python-chess's
// str(board) for the zero options), and, in Crazyhouse, the pockets on a
// last line as FEN writes them, "[QNp]" ("[]" when both are empty). It
// panics for an Orientation that is neither White nor Black.
func (p *Position) Picture(o movegen.PictureOptions) string {
	if o.Orientation != movegen.White && o.Orientation != movegen.Black {
		panic(fmt.Sprintf("variant: Position.Picture: orientation %d is neither White nor Black", o.Orientation))
	}
	s := movegen.BoardPicture(&p.board, o)
	if p.variant != Crazyhouse {
		return s
	}
	var w strings.Builder
	p.writePlacement(&w)
	fen := w.String()
	return s + "\n" + fen[strings.IndexByte(fen, '['):]
}
