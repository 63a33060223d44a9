package svg

import (
	"strings"

	"github.com/symmagic/attacks/movegen"
)

// The pieces are this package's own drawings, made for it and under the
// module's licence: each is a few shapes in a 45-unit square, filled with
// the side's colour and outlined in black, with lines and an eye in the
// other colour. A white piece is white inside a black line, a black piece
// black with white lines, so that either reads on any square colour.
type drawing struct {
	body   []string // filled and outlined, in order
	detail string   // lines in the contrasting colour
	eye    [3]float64
}

var drawings = [7]drawing{
	movegen.Pawn: {
		body: []string{
			"M11.5 40.5h22v-4h-22z",
			"M15 36.5c0-6.5 3.5-11 7.5-14 4 3 7.5 7.5 7.5 14z",
			"M16.5 23.5h12",
			"M28 14.5a5.5 5.5 0 1 1-11 0a5.5 5.5 0 1 1 11 0z",
		},
	},
	movegen.Knight: {
		body: []string{
			"M12 40.5h22v-3.5h-22z",
			"M14.5 37c1.5-4.5 4-8 6.5-14-1.5 2-3.5 2.5-5 3.5l-4.5 2.5c-2 1-4-1-3.5-3.5 2-6 6-12 11-14.5l2.5-4 1.5 4.5c7 4 9.5 15 8.5 25.5z",
		},
		detail: "M24.5 12.5c5 3.5 7 11 6.5 22",
		eye:    [3]float64{16.5, 16.5, 1.6},
	},
	movegen.Bishop: {
		body: []string{
			"M11.5 40.5h22v-3.5h-22z",
			"M16.5 37l2-6h8l2 6z",
			"M22.5 10c-6.5 5.5-8.5 13-5.5 21h11c3-8 1-15.5-5.5-21z",
			"M24.7 8a2.2 2.2 0 1 1-4.4 0a2.2 2.2 0 1 1 4.4 0z",
		},
		detail: "M25.5 15.5l-5 6M17 31h11",
	},
	movegen.Rook: {
		body: []string{
			"M11 40.5h23v-3.5h-3l-1-16.5h2v-8h-4v3h-3v-3h-5v3h-3v-3h-4v8h2l-1 16.5h-3z",
		},
		detail: "M15 20.5h15M14 37h17",
	},
	movegen.Queen: {
		body: []string{
			"M10 40.5h25v-4h-25z",
			"M11 36.5l-3-21 7.5 10.5 1.5-14.5 4 13 1.5-15 1.5 15 4-13 1.5 14.5 7.5-10.5-3 21z",
			"M10.2 14a2.2 2.2 0 1 1-4.4 0a2.2 2.2 0 1 1 4.4 0zM19.2 10a2.2 2.2 0 1 1-4.4 0a2.2 2.2 0 1 1 4.4 0zM24.7 8a2.2 2.2 0 1 1-4.4 0a2.2 2.2 0 1 1 4.4 0zM30.2 10a2.2 2.2 0 1 1-4.4 0a2.2 2.2 0 1 1 4.4 0zM39.2 14a2.2 2.2 0 1 1-4.4 0a2.2 2.2 0 1 1 4.4 0z",
		},
		detail: "M11.5 32.5h22",
	},
	movegen.King: {
		body: []string{
			"M10.5 40.5h24v-4h-24z",
			"M12 36.5c-3.5-7-5-15 1.5-17.5 4-1.5 7.5 1 9 5 1.5-4 5-6.5 9-5 6.5 2.5 5 10.5 1.5 17.5z",
			"M22.5 24c-1.5-3-2.5-6-2.5-8.5 0-1.5 1-3 2.5-3s2.5 1.5 2.5 3c0 2.5-1 5.5-2.5 8.5z",
			"M22.5 12.5v-8M19 7.5h7",
		},
		detail: "M13 32h19",
	},
}

var pieceNames = [7]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}

func pieceID(pc movegen.Piece) string {
	if pc.Color() == movegen.White {
		return "white-" + pieceNames[pc.Type()]
	}
	return "black-" + pieceNames[pc.Type()]
}

// writePiece writes pc's drawing as a <g> with its id ("white-knight")
// and classes ("white knight").
func writePiece(b *strings.Builder, pc movegen.Piece) {
	d := &drawings[pc.Type()]
	fill, line := "#fff", "#000"
	side := "white"
	if pc.Color() == movegen.Black {
		fill, line = "#000", "#fff"
		side = "black"
	}
	name := pieceNames[pc.Type()]
	b.WriteString(`<g id="` + side + "-" + name + `" class="` + side + " " + name +
		`" fill="` + fill + `" stroke="#000" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round">`)
	for _, p := range d.body {
		b.WriteString(`<path d="` + p + `"/>`)
	}
	if d.detail != "" {
		b.WriteString(`<path d="` + d.detail + `" fill="none" stroke="` + line + `"/>`)
	}
	if d.eye[2] != 0 {
		b.WriteString(`<circle cx="` + num(d.eye[0]) + `" cy="` + num(d.eye[1]) + `" r="` + num(d.eye[2]) + `" fill="` + line + `" stroke="none"/>`)
	}
	b.WriteString("</g>")
}

// crossDef is the cross that marks Options.Squares: two black bars
// outlined in white, corner to corner.
const crossDef = `<g id="cross" class="cross"><path d="M11 8.5l11.5 11.5 11.5-11.5 2.5 2.5-11.5 11.5 11.5 11.5-2.5 2.5-11.5-11.5-11.5 11.5-2.5-2.5 11.5-11.5-11.5-11.5z" fill="#000" stroke="#fff" stroke-width="1.5" stroke-linejoin="round"/></g>`
