package variant

import (
	"fmt"
	"strings"

	"github.com/symmagic/attacks/movegen"
)

var unicodePieces = [2][7]string{
	{"", "♙", "♘", "♗", "♖", "♕", "♔"},
	{"", "♟", "♞", "♝", "♜", "♛", "♚"},
}

// Picture returns a text picture of the board drawn as movegen's
// Position.Picture draws one, with the same options (python-chess's
// str(board) for the zero options), and, in Crazyhouse, the pockets on a
// last line as FEN writes them, "[QNp]" ("[]" when both are empty). It
// panics for an Orientation that is neither White nor Black. (movegen's
// Picture is a method of its Position, which needs a king a side; Horde
// has none for White, so the drawing is done here again.)
func (p *Position) Picture(o movegen.PictureOptions) string {
	if o.Orientation != movegen.White && o.Orientation != movegen.Black {
		panic(fmt.Sprintf("variant: Position.Picture: orientation %d is neither White nor Black", o.Orientation))
	}
	flipped := o.Orientation == movegen.Black
	empty := o.Empty
	if empty == "" {
		empty = "."
		if o.Unicode {
			empty = "⭘"
		}
	}
	var b strings.Builder
	const rule = "  -----------------\n"
	for i := range 8 {
		rank := 7 - i
		if flipped {
			rank = i
		}
		if o.Borders {
			b.WriteString(rule)
			b.WriteByte('1' + byte(rank))
			b.WriteByte(' ')
		}
		for j := range 8 {
			file := j
			if flipped {
				file = 7 - j
			}
			if o.Borders {
				b.WriteByte('|')
			} else if j > 0 {
				b.WriteByte(' ')
			}
			pc := p.board[8*rank+file]
			if pc == movegen.NoPiece {
				b.WriteString(empty)
				continue
			}
			c := int(pc.Color() & 1)
			if o.Invert {
				c ^= 1
			}
			if o.Unicode {
				b.WriteString(unicodePieces[c][pc.Type()])
			} else {
				b.WriteByte(pieceLetters[6*c+int(pc.Type())-1])
			}
		}
		if o.Borders {
			b.WriteByte('|')
		}
		if o.Borders || i < 7 {
			b.WriteByte('\n')
		}
	}
	if o.Borders {
		b.WriteString(rule)
		if flipped {
			b.WriteString("   h g f e d c b a")
		} else {
			b.WriteString("   a b c d e f g h")
		}
	}
	if p.variant == Crazyhouse {
		var w strings.Builder
		p.writePlacement(&w)
		s := w.String()
		b.WriteByte('\n')
		b.WriteString(s[strings.IndexByte(s, '['):])
	}
	return b.String()
}
