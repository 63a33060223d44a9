package movegen

import (
	"fmt"
	"strings"
)

// PictureOptions say how Picture draws a position. The zero value draws
// it as python-chess's str(board) does; Unicode with the rest zero as its
// board.unicode() does.
type PictureOptions struct {
	// Unicode draws the pieces as the chess symbols, ♔♕♖♗♘♙ for White and
	// ♚♛♜♝♞♟ for Black (python-chess's unicode()); else as FEN's letters,
	// upper case for White.
	Unicode bool
	// Invert swaps the colours' symbols: a white piece drawn as Black's
	// symbol and the other way round (python-chess's invert_color; the
	// letters' case for FEN's letters).
	Invert bool
	// Borders frames every rank in "-" and "|", with the ranks' digits on
	// the left and the files' letters below (python-chess's borders).
	Borders bool
	// Orientation is the side the board is drawn from, at the bottom:
	// White (the zero value), or Black, rank 1 at the top and the h-file on
	// the left (python-chess's orientation, as svg.Options' Orientation).
	// Another Color panics.
	Orientation Color
	// Empty is drawn for an empty square: "" draws "." with FEN's letters
	// and "⭘" with Unicode (python-chess's empty_square and its default).
	Empty string
}

var unicodePieces = [2][7]string{
	{"", "♙", "♘", "♗", "♖", "♕", "♔"},
	{"", "♟", "♞", "♝", "♜", "♛", "♚"},
}

// Picture returns a text picture of the position's board, as python-chess
// draws one: eight lines, rank 8 at the top, a square's piece or Empty
// separated by single spaces, no newline after the last line:
//
//	r n b q k b n r
//	p p p p p p p p
//	. . . . . . . .
//
// and so on. With Borders, each rank is written between rules of 17 "-"
// as "8 |r|n|b|q|k|b|n|r|", and the files' letters close the picture, as
// python-chess's unicode(borders=True) writes them. Only the pieces are
// drawn: no side to move, rights or clocks (FEN and String write those).
func (p *Position) Picture(o PictureOptions) string {
	return picture("Position.Picture", &p.board, o)
}

// BoardPicture draws board, its squares indexed a1 = 0 to h8 = 63, as
// Position.Picture draws a position's: for boards that are no Position
// (a variant's, which may lack a king). It panics, as Picture does, for
// an Orientation that is neither White nor Black.
func BoardPicture(board *[64]Piece, o PictureOptions) string {
	return picture("BoardPicture", board, o)
}

// picture draws board; fn names the caller in its panic.
func picture(fn string, board *[64]Piece, o PictureOptions) string {
	if o.Orientation != White && o.Orientation != Black {
		panic(fmt.Sprintf("movegen: %s: orientation %d is neither White nor Black", fn, o.Orientation))
	}
	flipped := o.Orientation == Black
	empty := o.Empty
	if empty == "" {
		empty = "."
		if o.Unicode {
			empty = "⭘"
		}
	}
	var b strings.Builder
	b.Grow(64*max(len(empty), 3) + 200)
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
			pc := board[8*rank+file]
			if pc == NoPiece {
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
	return b.String()
}
