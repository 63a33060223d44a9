// Package svg draws chess positions as SVG pictures, as python-chess's
// chess.svg does: one SVG string, with CSS classes on its squares, pieces,
// coordinates and arrows, the last move's squares, a king in check,
// arrows and marked squares in the colours lichess draws PGN's [%cal] and
// [%csl] in, squares filled by the caller, crosses, a flipped board, a size
// and colour themes.
//
// The pieces are the package's own drawings (see Piece). The output is
// deterministic: the same position and Options give the same bytes.
package svg

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/symmagic/attacks/movegen"
)

// SquareSize is the width of a square in the picture's own units (its
// viewBox), and Margin the width of the coordinates' margin. A board with
// coordinates is 8*SquareSize + 2*Margin = 390 units wide, one without 360.
const (
	SquareSize = 45
	Margin     = 15
)

// An Arrow is an arrow from From to To or, From equal to To, a circle
// around a square: PGN's [%cal Ge2e4] and [%csl Rd4] as lichess draws them.
// Color is 'G' (green), 'R' (red), 'Y' (yellow) or 'B' (blue), the letters
// of PGN's commands; any other byte draws green. Its fields are those of
// package pgn's Arrow, so svg.Arrow(a) converts one.
type Arrow struct {
	Color    byte
	From, To movegen.Square
}

// Colors are the colours of a picture: CSS colours, "#rrggbb", "#rgb",
// "#rrggbbaa" or "#rgba" (written as a colour and an opacity, which every
// SVG renderer reads) or any other CSS colour, written as it is. An empty
// field takes the field of DefaultColors.
type Colors struct {
	Light, Dark                 string // the squares
	LightLastMove, DarkLastMove string // the last move's squares
	Margin, Coord               string // the coordinates' margin and letters
	InnerBorder, OuterBorder    string // the borders (Options.Borders)
	Green, Red, Yellow, Blue    string // arrows and circles
	Check                       string // the glow under a king in check
}

// The themes. DefaultColors is python-chess's brown board with lichess's
// arrow colours; Blue and Green are boards of those colours with the same
// arrows. Options.Colors takes any of them, or a Colors of one's own.
var (
	DefaultColors = Colors{
		Light:         "#ffce9e",
		Dark:          "#d18b47",
		LightLastMove: "#cdd16a",
		DarkLastMove:  "#aaa23b",
		Margin:        "#212121",
		Coord:         "#e5e5e5",
		InnerBorder:   "#111",
		OuterBorder:   "#111",
		Green:         "#15781b80",
		Red:           "#88202080",
		Yellow:        "#e68f00b3",
		Blue:          "#00308880",
		Check:         "#ff0000",
	}
	Blue = Colors{
		Light:         "#dee3e6",
		Dark:          "#8ca2ad",
		LightLastMove: "#c3d887",
		DarkLastMove:  "#92b166",
	}
	Green = Colors{
		Light:         "#ffffdd",
		Dark:          "#86a666",
		LightLastMove: "#e9eb8c",
		DarkLastMove:  "#b9c25a",
	}
)

// Options say what Board draws beside the pieces. The zero Options draw
// the board from White's side with coordinates, at no fixed size.
type Options struct {
	// Orientation is the side at the bottom: movegen.White (the zero
	// value) or movegen.Black, a flipped board (as movegen's
	// PictureOptions); another Color panics.
	Orientation movegen.Color
	// LastMove's two squares are coloured (Colors.LightLastMove and
	// DarkLastMove): the squares of its UCI name, so a castling of
	// standard chess marks the king's two squares (e1 and g1), one of
	// Chess960 mode the king's and the rook's (e1 and h1), as python-chess
	// marks its moves. movegen.NoMove (the null move too) marks none.
	LastMove movegen.Move
	// Check marks the king of the side to move with a red glow when it is
	// in check (python-chess's check=board.king(board.turn) if
	// board.is_check()).
	Check bool
	// Arrows are drawn over the pieces, in their order.
	Arrows []Arrow
	// Fill colours squares over their own colour (a colour as in Colors;
	// "#cc000080" lets the square show through).
	Fill map[movegen.Square]string
	// Squares are the squares marked with a cross (bit i is square i, as
	// in package attacks).
	Squares uint64
	// Size is the picture's width and height in pixels; 0 writes none,
	// and the picture takes the size its container gives it.
	Size int
	// NoCoordinates leaves out the margin with the files' and ranks'
	// names.
	NoCoordinates bool
	// Borders draws a line around the board and, with coordinates, around
	// the margin.
	Borders bool
	// Colors override DefaultColors field by field.
	Colors Colors
	// Style is a CSS stylesheet written into the picture's <style>
	// element. Squares have the classes "square", "light" or "dark",
	// "lastmove" and their name ("e4"); pieces "white" or "black" and
	// their kind ("knight"); and "check", "arrow", "circle", "cross",
	// "coord" and "margin" the rest.
	Style string
}

// Board returns an SVG picture of p (nil: an empty board) with what o
// asks for. It panics, naming the value, if an arrow or Fill names a
// square outside 0..63, on a negative Size and on an Orientation that is
// neither White nor Black.
func Board(p *movegen.Position, o Options) string {
	if o.Size < 0 {
		panic(fmt.Sprintf("svg.Board: size %d is negative", o.Size))
	}
	if o.Orientation != movegen.White && o.Orientation != movegen.Black {
		panic(fmt.Sprintf("svg.Board: orientation %d is neither White nor Black", o.Orientation))
	}
	for _, a := range o.Arrows {
		checkSquare("arrow", a.From)
		checkSquare("arrow", a.To)
	}
	for sq := range o.Fill {
		checkSquare("fill", sq)
	}
	c := o.Colors.merged()
	margin := Margin
	if o.NoCoordinates {
		margin = 0
	}
	outer, inner := 0, 0
	if o.Borders {
		outer = 1
		if !o.NoCoordinates {
			inner = 1
		}
	}
	offset := outer + margin + inner
	full := 2*offset + 8*SquareSize

	var b strings.Builder
	b.Grow(8 << 10)
	header(&b, full, o.Size)
	if o.Style != "" {
		b.WriteString("<style>")
		b.WriteString(escape(o.Style))
		b.WriteString("</style>")
	}
	if p != nil {
		b.WriteString("<desc>")
		b.WriteString(escape(p.FEN()))
		b.WriteString("</desc>")
	}

	checkSq := movegen.NoSquare
	if o.Check && p != nil && p.InCheck() {
		checkSq = p.KingSquare(p.Side())
	}

	// Definitions: the pieces the board holds, in a fixed order.
	b.WriteString("<defs>")
	if p != nil {
		for _, col := range [2]movegen.Color{movegen.White, movegen.Black} {
			for t := movegen.Pawn; t <= movegen.King; t++ {
				if p.Pieces(col, t) != 0 {
					writePiece(&b, movegen.MakePiece(col, t))
				}
			}
		}
	}
	if o.Squares != 0 {
		b.WriteString(crossDef)
	}
	if checkSq != movegen.NoSquare {
		col, op := splitColor(c.Check)
		fmt.Fprintf(&b, `<radialGradient id="check-gradient" r="0.5"><stop offset="0" stop-color="%s" stop-opacity="%s"/><stop offset="0.5" stop-color="%s" stop-opacity="%s"/><stop offset="1" stop-color="%s" stop-opacity="0"/></radialGradient>`,
			col, num(op), col, num(op*0.9), col)
	}
	b.WriteString("</defs>")

	if outer != 0 {
		rectStroke(&b, "outer-border", float64(outer)/2, float64(full-outer), float64(outer), c.OuterBorder)
	}
	if margin != 0 {
		rectStroke(&b, "margin", float64(outer)+float64(margin)/2, float64(full-2*outer-margin), float64(margin), c.Margin)
	}
	if inner != 0 {
		rectStroke(&b, "inner-border", float64(outer+margin)+float64(inner)/2, float64(full-2*outer-2*margin-inner), float64(inner), c.InnerBorder)
	}
	if margin != 0 {
		col, op := splitColor(c.Coord)
		fmt.Fprintf(&b, `<g class="coord" fill="%s"%s font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="11" font-weight="bold" text-anchor="middle">`, col, opacityAttr(op))
		for i := 0; i < 8; i++ {
			file := string(rune('a' + i))
			rank := string(rune('1' + i))
			x := float64(offset + display(i, o.Orientation == movegen.White)*SquareSize + SquareSize/2)
			y := float64(offset + display(7-i, o.Orientation == movegen.White)*SquareSize + SquareSize/2)
			// The baseline sits 4 units below the centre, so that the
			// letters' middle is on it.
			for _, top := range [2]float64{float64(outer) + float64(margin)/2, float64(full-outer) - float64(margin)/2} {
				fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text>`, num(x), num(top+4), file)
			}
			for _, left := range [2]float64{float64(outer) + float64(margin)/2, float64(full-outer) - float64(margin)/2} {
				fmt.Fprintf(&b, `<text x="%s" y="%s">%s</text>`, num(left), num(y+4), rank)
			}
		}
		b.WriteString("</g>")
	}

	from, to := lastMoveSquares(o.LastMove)
	for sq := movegen.Square(0); sq < 64; sq++ {
		x, y := corner(sq, offset, o.Orientation)
		light := (sq.File()+sq.Rank())%2 == 1
		cls := "dark"
		col := c.Dark
		if light {
			cls = "light"
			col = c.Light
		}
		if sq == from || sq == to {
			cls += " lastmove"
			col = c.DarkLastMove
			if light {
				col = c.LightLastMove
			}
		}
		fc, op := splitColor(col)
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" class="square %s %s" stroke="none" fill="%s"%s/>`,
			x, y, SquareSize, SquareSize, cls, sq, fc, opacityAttr(op))
		if f, ok := o.Fill[sq]; ok {
			fc, op := splitColor(f)
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" class="fill %s" stroke="none" fill="%s"%s/>`,
				x, y, SquareSize, SquareSize, sq, fc, opacityAttr(op))
		}
	}
	if checkSq != movegen.NoSquare {
		x, y := corner(checkSq, offset, o.Orientation)
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" class="check %s" fill="url(#check-gradient)"/>`,
			x, y, SquareSize, SquareSize, checkSq)
	}
	for sq := movegen.Square(0); sq < 64; sq++ {
		x, y := corner(sq, offset, o.Orientation)
		if p != nil {
			if pc := p.PieceAt(sq); pc != movegen.NoPiece {
				id := pieceID(pc)
				fmt.Fprintf(&b, `<use href="#%s" xlink:href="#%s" transform="translate(%d, %d)"/>`, id, id, x, y)
			}
		}
		if o.Squares&(1<<sq) != 0 {
			fmt.Fprintf(&b, `<use href="#cross" xlink:href="#cross" x="%d" y="%d"/>`, x, y)
		}
	}
	for _, a := range o.Arrows {
		writeArrow(&b, a, offset, o.Orientation, &c)
	}
	b.WriteString("</svg>")
	return b.String()
}

// Piece returns an SVG picture of one piece, SquareSize units wide, size
// pixels wide and high (0: no size written). It panics on a value that is
// no piece.
func Piece(pc movegen.Piece, size int) string {
	if pc.Type() < movegen.Pawn || pc.Type() > movegen.King || pc.Color() > movegen.Black {
		panic(fmt.Sprintf("svg.Piece: %d is no piece", uint8(pc)))
	}
	if size < 0 {
		panic(fmt.Sprintf("svg.Piece: size %d is negative", size))
	}
	var b strings.Builder
	header(&b, SquareSize, size)
	b.WriteString("<defs>")
	writePiece(&b, pc)
	b.WriteString("</defs>")
	id := pieceID(pc)
	fmt.Fprintf(&b, `<use href="#%s" xlink:href="#%s"/>`, id, id)
	b.WriteString("</svg>")
	return b.String()
}

func header(b *strings.Builder, viewBox, size int) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 %d %d"`, viewBox, viewBox)
	if size > 0 {
		fmt.Fprintf(b, ` width="%d" height="%d"`, size, size)
	}
	b.WriteString(">")
}

func checkSquare(what string, sq movegen.Square) {
	if sq > 63 {
		panic(fmt.Sprintf("svg.Board: %s square %d out of range 0..63", what, sq))
	}
}

// display is the column (or row) index i is drawn at: i itself from
// White's side, 7-i from Black's.
func display(i int, white bool) int {
	if white {
		return i
	}
	return 7 - i
}

// corner returns the top left corner of sq in the picture.
func corner(sq movegen.Square, offset int, orientation movegen.Color) (x, y int) {
	white := orientation == movegen.White
	return offset + display(sq.File(), white)*SquareSize, offset + display(7-sq.Rank(), white)*SquareSize
}

// lastMoveSquares returns the squares of m's UCI name, or NoSquare twice.
func lastMoveSquares(m movegen.Move) (from, to movegen.Square) {
	if m == movegen.NoMove {
		return movegen.NoSquare, movegen.NoSquare
	}
	name := m.String()
	if len(name) < 4 {
		return movegen.NoSquare, movegen.NoSquare
	}
	f, err1 := movegen.ParseSquare(name[:2])
	t, err2 := movegen.ParseSquare(name[2:4])
	if err1 != nil || err2 != nil {
		return movegen.NoSquare, movegen.NoSquare
	}
	return f, t
}

func (c Colors) merged() Colors {
	d := DefaultColors
	for _, f := range []struct {
		dst *string
		src string
	}{
		{&d.Light, c.Light}, {&d.Dark, c.Dark},
		{&d.LightLastMove, c.LightLastMove}, {&d.DarkLastMove, c.DarkLastMove},
		{&d.Margin, c.Margin}, {&d.Coord, c.Coord},
		{&d.InnerBorder, c.InnerBorder}, {&d.OuterBorder, c.OuterBorder},
		{&d.Green, c.Green}, {&d.Red, c.Red}, {&d.Yellow, c.Yellow}, {&d.Blue, c.Blue},
		{&d.Check, c.Check},
	} {
		if f.src != "" {
			*f.dst = f.src
		}
	}
	return d
}

func (c *Colors) arrow(letter byte) string {
	switch letter {
	case 'R':
		return c.Red
	case 'Y':
		return c.Yellow
	case 'B':
		return c.Blue
	}
	return c.Green
}

func arrowClass(letter byte) string {
	switch letter {
	case 'R':
		return "red"
	case 'Y':
		return "yellow"
	case 'B':
		return "blue"
	}
	return "green"
}

// splitColor splits "#rrggbbaa" and "#rgba" into the colour and its
// opacity; any other colour has opacity 1. The colour comes back escaped
// for an attribute.
func splitColor(s string) (string, float64) {
	if len(s) == 9 || len(s) == 5 {
		if s[0] == '#' && isHex(s[1:]) {
			if len(s) == 9 {
				a, _ := strconv.ParseUint(s[7:], 16, 8)
				return s[:7], float64(a) / 255
			}
			a, _ := strconv.ParseUint(s[4:], 16, 8)
			return s[:4], float64(a) / 15
		}
	}
	return escape(s), 1
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

func opacityAttr(op float64) string {
	if op >= 1 {
		return ""
	}
	return ` opacity="` + num(op) + `"`
}

// num writes x with at most three decimals, the same on every machine.
func num(x float64) string {
	r := math.Round(x*1000) / 1000
	if r == 0 {
		r = 0 // no "-0"
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;").Replace(s)
}

func rectStroke(b *strings.Builder, class string, at, width, stroke float64, color string) {
	col, op := splitColor(color)
	fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s" class="%s" fill="none" stroke="%s" stroke-width="%s"%s/>`,
		num(at), num(at), num(width), num(width), class, col, num(stroke), opacityAttr(op))
}

// writeArrow draws an arrow as lichess does: a shaft a fifth of a square
// wide from the centre of From, a head three quarters of a square long
// ending a tenth of a square before the centre of To; a circle when From
// is To.
func writeArrow(b *strings.Builder, a Arrow, offset int, orientation movegen.Color, c *Colors) {
	col, op := splitColor(c.arrow(a.Color))
	cls := arrowClass(a.Color)
	centre := func(sq movegen.Square) (float64, float64) {
		x, y := corner(sq, offset, orientation)
		return float64(x) + SquareSize/2.0, float64(y) + SquareSize/2.0
	}
	hx, hy := centre(a.To)
	if a.From == a.To {
		fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="%s" stroke-width="%s" stroke="%s"%s fill="none" class="circle %s"/>`,
			num(hx), num(hy), num(SquareSize*0.9/2), num(SquareSize*0.1), col, opacityAttr(op), cls)
		return
	}
	tx, ty := centre(a.From)
	const head, gap = 0.75 * SquareSize, 0.1 * SquareSize
	dx, dy := hx-tx, hy-ty
	l := math.Hypot(dx, dy)
	ux, uy := dx/l, dy/l
	sx, sy := hx-ux*(head+gap), hy-uy*(head+gap) // where the shaft meets the head
	px, py := hx-ux*gap, hy-uy*gap               // the head's point
	fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"%s stroke-width="%s" stroke-linecap="butt" class="arrow %s"/>`,
		num(tx), num(ty), num(sx), num(sy), col, opacityAttr(op), num(SquareSize*0.2), cls)
	fmt.Fprintf(b, `<polygon points="%s,%s %s,%s %s,%s" fill="%s"%s class="arrow %s"/>`,
		num(px), num(py), num(sx+uy*head/2), num(sy-ux*head/2), num(sx-uy*head/2), num(sy+ux*head/2),
		col, opacityAttr(op), cls)
}
