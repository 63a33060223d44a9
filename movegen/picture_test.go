package movegen_test

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// TestPicturePythonChess: Picture draws six positions (the empty board
// among them, as the zero Position) with every combination of the options,
// 48 a position, as python-chess 1.11.2's str(board) and board.unicode(...)
// do (testdata/picture/pictures.jsonl, made by make_pictures.py there).
func TestPicturePythonChess(t *testing.T) {
	f, err := os.Open("testdata/picture/pictures.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	combos := map[movegen.PictureOptions]bool{}
	n := 0
	for line := 1; sc.Scan(); line++ {
		var row struct {
			FEN                               string
			Unicode, Invert, Borders, Flipped bool
			Empty, Picture                    string
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatalf("pictures.jsonl line %d: %v", line, err)
		}
		var p movegen.Position // the empty board
		if row.FEN != "8/8/8/8/8/8/8/8" {
			p = mustParse(t, row.FEN)
		}
		o := movegen.PictureOptions{Unicode: row.Unicode, Invert: row.Invert, Borders: row.Borders, Empty: row.Empty}
		if row.Flipped { // python-chess's orientation=BLACK
			o.Orientation = movegen.Black
		}
		if got := p.Picture(o); got != row.Picture {
			t.Errorf("line %d: %s %+v:\n%s\npython-chess:\n%s", line, row.FEN, o, got, row.Picture)
		}
		combos[o] = true
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 6*48 || len(combos) != 48 {
		t.Errorf("%d pictures, %d combinations of the options; want 6 positions' 48", n, len(combos))
	}
}

// TestPictureOrientation: an Orientation that is neither White nor Black
// panics, naming it, as svg.Board's does.
func TestPictureOrientation(t *testing.T) {
	defer func() {
		const want = "movegen: Position.Picture: orientation 2 is neither White nor Black"
		if r := recover(); r != want {
			t.Errorf("panic %v, want %q", r, want)
		}
	}()
	p := movegen.StartPosition()
	p.Picture(movegen.PictureOptions{Orientation: 2})
}
