package svg_test

import (
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/svg"
)

// wellFormed parses s as XML and returns its elements' names and the
// text of its <style> element.
func wellFormed(t *testing.T, s string) (names []string, style string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	inStyle := false
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return names, style
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, s)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			names = append(names, tok.Name.Local)
			inStyle = tok.Name.Local == "style"
		case xml.CharData:
			if inStyle {
				style += string(tok)
			}
		case xml.EndElement:
			inStyle = false
		}
	}
}

// TestWellFormed parses every board of the picture test, and a board
// whose caller-given texts hold XML's special characters, which must
// come back as the same texts and add no element.
func TestWellFormed(t *testing.T) {
	for _, c := range parseCases(t) {
		wellFormed(t, svg.Board(&c.pos, c.opts))
	}
	wellFormed(t, svg.Board(nil, svg.Options{}))
	for pc := movegen.MakePiece(movegen.White, movegen.Pawn); pc <= movegen.MakePiece(movegen.Black, movegen.King); pc++ {
		if pc.Type() >= movegen.Pawn && pc.Type() <= movegen.King {
			wellFormed(t, svg.Piece(pc, 0))
		}
	}

	hostile := `</style><script>alert("&")</script>`
	p := movegen.StartPosition()
	s := svg.Board(&p, svg.Options{
		Style:  "text > tspan { fill: red } " + hostile,
		Fill:   map[movegen.Square]string{movegen.E4: `red"/><script>x</script><rect fill="`},
		Colors: svg.Colors{Light: `#fff" onload="x`, Green: "rgba(0, 0, 0, 0.5)"},
		Arrows: []svg.Arrow{{Color: 'G', From: movegen.E2, To: movegen.E4}},
	})
	names, style := wellFormed(t, s)
	if want := "text > tspan { fill: red } " + hostile; style != want {
		t.Errorf("style %q, want %q", style, want)
	}
	for _, n := range names {
		if n == "script" {
			t.Errorf("a caller's text made a <script> element:\n%s", s)
		}
	}
	if strings.Contains(s, ` onload="`) {
		t.Errorf("a caller's colour made an attribute:\n%s", s)
	}
}

// TestDeterministic draws a board with many filled squares twice: Fill
// is a map, and Go ranges over maps in a random order.
func TestDeterministic(t *testing.T) {
	p := movegen.StartPosition()
	fill := map[movegen.Square]string{}
	for sq := movegen.Square(0); sq < 64; sq += 3 {
		fill[sq] = "#cc000080"
	}
	o := svg.Options{Fill: fill, Squares: 0xff00, Arrows: []svg.Arrow{{'B', movegen.A1, movegen.H8}}}
	first := svg.Board(&p, o)
	for i := 0; i < 20; i++ {
		if s := svg.Board(&p, o); s != first {
			t.Fatalf("draw %d differs from the first", i)
		}
	}
}

// TestOptions checks what the string says for options a picture shows
// only in its markup: the classes, the colours' opacity, the sizes and
// the arrows' colour letters.
func TestOptions(t *testing.T) {
	p := movegen.StartPosition()
	m, _ := p.ParseUCI("g1f3")
	p.PlayUnchecked(m)
	s := svg.Board(&p, svg.Options{
		LastMove: m,
		Arrows: []svg.Arrow{
			{'G', movegen.A1, movegen.A3}, {'R', movegen.A1, movegen.A3}, {'Y', movegen.A1, movegen.A3},
			{'B', movegen.A1, movegen.A3}, {'x', movegen.A1, movegen.A3},
		},
	})
	for _, want := range []string{
		`viewBox="0 0 390 390">`,
		`class="square dark lastmove g1"`, `class="square light lastmove f3"`, `class="square light e4"`,
		`<g id="white-knight" class="white knight"`, `<g id="black-king" class="black king"`,
		`stroke="#15781b" opacity="0.502" stroke-width="9" stroke-linecap="butt" class="arrow green"`,
		`class="arrow red"`, `class="arrow yellow"`, `class="arrow blue"`,
		`fill="#e68f00" opacity="0.702" class="arrow yellow"`,
		`<desc>rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1</desc>`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in\n%s", want, s)
		}
	}
	if n := strings.Count(s, `class="arrow green"`); n != 4 { // two of 'G', two of 'x'
		t.Errorf("%d green arrow elements, want 4", n)
	}
	if s := svg.Board(nil, svg.Options{NoCoordinates: true, Size: 200}); !strings.HasPrefix(s, `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 360 360" width="200" height="200"><defs></defs><rect`) {
		t.Errorf("an empty board without coordinates starts %.200q", s)
	}
	if s := svg.Board(nil, svg.Options{Borders: true}); !strings.Contains(s, `viewBox="0 0 394 394"`) {
		t.Errorf("a board with borders and coordinates: %.200q", s)
	}
	// Check marks nothing when the side to move is not in check.
	q := movegen.StartPosition()
	if s := svg.Board(&q, svg.Options{Check: true}); strings.Contains(s, "check") {
		t.Errorf("a check drawn in the start position")
	}
}

func TestPanics(t *testing.T) {
	p := movegen.StartPosition()
	for _, c := range []struct {
		want string
		f    func()
	}{
		{"svg.Board: arrow square 64 out of range 0..63", func() { svg.Board(&p, svg.Options{Arrows: []svg.Arrow{{'G', movegen.A1, 64}}}) }},
		{"svg.Board: fill square 70 out of range 0..63", func() { svg.Board(&p, svg.Options{Fill: map[movegen.Square]string{70: "red"}}) }},
		{"svg.Board: size -1 is negative", func() { svg.Board(&p, svg.Options{Size: -1}) }},
		{"svg.Board: orientation 2 is neither White nor Black", func() { svg.Board(&p, svg.Options{Orientation: 2}) }},
		{"svg.Piece: 0 is no piece", func() { svg.Piece(movegen.NoPiece, 0) }},
		{"svg.Piece: 15 is no piece", func() { svg.Piece(15, 0) }},
	} {
		func() {
			defer func() {
				if r := recover(); r != c.want {
					t.Errorf("panic %v, want %q", r, c.want)
				}
			}()
			c.f()
		}()
	}
}
