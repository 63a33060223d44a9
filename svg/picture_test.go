package svg_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"flag"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/svg"
)

// The picture test draws the boards of testdata/cases.txt, renders them in
// headless Chromium (one launch, one page) and reads the screenshot's
// pixels: each square's colour, which piece stands on it, the check, the
// crosses, the arrows and circles. It compares what it reads with what the
// position and the options say, and with testdata/pychess.txt, what the
// same reading finds in python-chess's pictures of the same boards.
//
// It looks at chosen pixels, not at whole images: fonts and antialiasing
// differ from machine to machine and from one Chromium to the next, so a
// golden PNG would fail on a machine where nothing is wrong. A square's
// corner, the middle of an arrow's shaft or the near-white and near-black
// pixels of a piece are the same everywhere.
//
// go test -run TestPictures -pychess DIR reads python-chess's pictures
// from DIR (testdata/pychess_boards.py writes them) and rewrites
// testdata/pychess.txt.

var pychessDir = flag.String("pychess", "", "read python-chess's pictures from `dir` and rewrite testdata/pychess.txt")

type testCase struct {
	name   string
	pos    movegen.Position
	last   movegen.Move
	opts   svg.Options
	fill   map[movegen.Square][4]float64 // RGBA, alpha 0..1
	scale  float64
	full   int // the viewBox's width
	offset int // the board's corner in viewBox units
}

func parseCases(t *testing.T) []*testCase {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "cases.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []*testCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 4 {
			t.Fatalf("cases.txt: %q: want 4 fields", line)
		}
		c := &testCase{name: fields[0], fill: map[movegen.Square][4]float64{}}
		fen := fields[1]
		if fen == "startpos" {
			fen = movegen.StartFEN
		}
		if c.pos, err = movegen.ParseFEN(fen); err != nil {
			t.Fatal(err)
		}
		if fields[2] != "-" {
			for _, u := range strings.Fields(fields[2]) {
				m, err := c.pos.ParseUCI(u)
				if err != nil {
					t.Fatal(err)
				}
				if err := c.pos.Play(m); err != nil {
					t.Fatal(err)
				}
				c.last = m
			}
		}
		c.opts.LastMove = c.last
		if fields[3] != "-" {
			for _, o := range strings.Fields(fields[3]) {
				key, val, _ := strings.Cut(o, "=")
				switch key {
				case "flip":
					c.opts.Orientation = movegen.Black
				case "check":
					c.opts.Check = true
				case "960":
					// ParseFEN reads the mode from the FEN.
				case "nocoord":
					c.opts.NoCoordinates = true
				case "borders":
					c.opts.Borders = true
				case "size":
					c.opts.Size, _ = strconv.Atoi(val)
				case "arrows":
					for _, a := range strings.Split(val, ",") {
						arrow := svg.Arrow{Color: a[0], From: sq(t, a[1:3])}
						arrow.To = arrow.From
						if len(a) == 5 {
							arrow.To = sq(t, a[3:5])
						}
						c.opts.Arrows = append(c.opts.Arrows, arrow)
					}
				case "fill":
					c.opts.Fill = map[movegen.Square]string{}
					for _, part := range strings.Split(val, ",") {
						s, col, _ := strings.Cut(part, ":")
						c.opts.Fill[sq(t, s)] = col
						c.fill[sq(t, s)] = parseColor(t, col)
					}
				case "cross":
					for _, s := range strings.Split(val, ",") {
						c.opts.Squares |= 1 << sq(t, s)
					}
				case "light":
					c.opts.Colors.Light = val
				case "dark":
					c.opts.Colors.Dark = val
				default:
					t.Fatalf("cases.txt: unknown option %q", o)
				}
			}
		}
		c.full = 360
		if !c.opts.NoCoordinates {
			c.full += 2 * svg.Margin
			c.offset += svg.Margin
		}
		if c.opts.Borders {
			c.full += 2
			c.offset++
			if !c.opts.NoCoordinates {
				c.full += 2
				c.offset++
			}
		}
		if c.opts.Size == 0 {
			c.opts.Size = c.full
		}
		c.scale = float64(c.opts.Size) / float64(c.full)
		cases = append(cases, c)
	}
	return cases
}

func sq(t *testing.T, s string) movegen.Square {
	t.Helper()
	q, err := movegen.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// parseColor reads "#rrggbb" and "#rrggbbaa".
func parseColor(t *testing.T, s string) [4]float64 {
	t.Helper()
	if len(s) != 7 && len(s) != 9 || s[0] != '#' {
		t.Fatalf("colour %q: want #rrggbb or #rrggbbaa", s)
	}
	var c [4]float64
	c[3] = 1
	for i := 0; i < (len(s)-1)/2; i++ {
		v, err := strconv.ParseUint(s[1+2*i:3+2*i], 16, 8)
		if err != nil {
			t.Fatal(err)
		}
		if i == 3 {
			c[3] = float64(v) / 255
		} else {
			c[i] = float64(v)
		}
	}
	return c
}

// over is colour c laid over background bg with c's alpha.
func over(c [4]float64, bg [3]float64) [3]float64 {
	var r [3]float64
	for i := range r {
		r[i] = c[3]*c[i] + (1-c[3])*bg[i]
	}
	return r
}

// chromium returns the browser's path, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	required := os.Getenv("CHROMIUM") == "required"
	if testing.Short() && !required {
		t.Skip("-short: the pictures are rendered in Chromium only without -short (or with CHROMIUM=required)")
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if required {
		t.Fatal("CHROMIUM=required, and there is no chromium in PATH (apt-get install chromium)")
	}
	t.Skip("no chromium in PATH: the pictures are not rendered (CHROMIUM=required makes this an error)")
	return ""
}

// An item is one SVG picture placed on the page at (x, y), w pixels wide.
type item struct {
	svg        string
	x, y, w, h int
}

// render lays the items out on one page and returns Chromium's
// screenshot of it.
func render(t *testing.T, browser string, items []item) *image.RGBA {
	t.Helper()
	dir := t.TempDir()
	var page bytes.Buffer
	width, height := 0, 0
	page.WriteString(`<!DOCTYPE html><html><head><style>html,body{margin:0;padding:0;background:#808080;overflow:hidden}img{position:absolute;display:block}</style></head><body>`)
	for _, it := range items {
		fmt.Fprintf(&page, `<img style="left:%dpx;top:%dpx" src="data:image/svg+xml;base64,%s">`, it.x, it.y, base64.StdEncoding.EncodeToString([]byte(it.svg)))
		width = max(width, it.x+it.w)
		height = max(height, it.y+it.h)
	}
	page.WriteString(`</body></html>`)
	html := filepath.Join(dir, "page.html")
	if err := os.WriteFile(html, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(dir, "page.png")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, browser, "--headless", "--no-sandbox", "--disable-gpu",
		"--hide-scrollbars", "--force-device-scale-factor=1", "--user-data-dir="+filepath.Join(dir, "profile"),
		"--screenshot="+shot, fmt.Sprintf("--window-size=%d,%d", width, height), "file://"+html)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", browser, err, out)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	rgba := image.NewRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			rgba.Set(x, y, img.At(x, y))
		}
	}
	if b := rgba.Bounds(); b.Dx() < width || b.Dy() < height {
		t.Fatalf("screenshot %v, want at least %dx%d", b, width, height)
	}
	return rgba
}

// layout places the boards in rows, and the twelve pieces (the masks
// that name a square's piece) in a row of their own below.
func layout(boards []string, sizes []int, pieces [12]string) ([]item, []image.Point) {
	const perRow = 5
	var items []item
	x, y, rowH := 0, 0, 0
	for i, b := range boards {
		if i > 0 && i%perRow == 0 {
			x, y, rowH = 0, y+rowH+10, 0
		}
		items = append(items, item{b, x, y, sizes[i], sizes[i]})
		x += sizes[i] + 10
		rowH = max(rowH, sizes[i])
	}
	y += rowH + 10
	var at []image.Point
	for i, p := range pieces {
		items = append(items, item{p, i * 55, y, svg.SquareSize, svg.SquareSize})
		at = append(at, image.Point{i * 55, y})
	}
	return items, at
}

var pieceLetters = "PNBRQKpnbrqk"

func ownPieces() [12]string {
	var p [12]string
	for i := range pieceLetters {
		pc := movegen.MakePiece(movegen.Color(i/6), movegen.PieceType(i%6+1))
		p[i] = svg.Piece(pc, svg.SquareSize)
	}
	return p
}

type rgb = [3]float64

func pixel(img *image.RGBA, x, y float64) rgb {
	o := img.PixOffset(int(math.Floor(x)), int(math.Floor(y)))
	return rgb{float64(img.Pix[o]), float64(img.Pix[o+1]), float64(img.Pix[o+2])}
}

func near(a, b rgb, tol float64) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) > tol {
			return false
		}
	}
	return true
}

// ink is 1 for a near-white pixel, 2 for a near-black one, else 0: the
// pieces' colours, which no square, arrow or fill has.
func ink(c rgb) uint8 {
	switch {
	case c[0] >= 235 && c[1] >= 235 && c[2] >= 235:
		return 1
	case c[0] <= 40 && c[1] <= 40 && c[2] <= 40:
		return 2
	}
	return 0
}

type mask [svg.SquareSize * svg.SquareSize]uint8

func readMask(img *image.RGBA, x, y int) *mask {
	var m mask
	for j := 0; j < svg.SquareSize; j++ {
		for i := 0; i < svg.SquareSize; i++ {
			m[j*svg.SquareSize+i] = ink(pixel(img, float64(x+i), float64(y+j)))
		}
	}
	return &m
}

// A reading is what the picture shows: each square's token and, for the
// checks the position computes, the reader's pixel lookup.
type reading struct {
	img    *image.RGBA
	c      *testCase
	origin image.Point
	colors svg.Colors
}

// at returns the pixel at (ux, uy) units from sq's top left corner.
func (r *reading) at(s movegen.Square, ux, uy float64) rgb {
	x, y := r.corner(s)
	return r.point(x+ux, y+uy)
}

// point returns the pixel at (ux, uy) units of the picture.
func (r *reading) point(ux, uy float64) rgb {
	return pixel(r.img, float64(r.origin.X)+ux*r.c.scale, float64(r.origin.Y)+uy*r.c.scale)
}

func (r *reading) corner(s movegen.Square) (float64, float64) {
	f, rank := s.File(), 7-s.Rank()
	if r.c.opts.Orientation == movegen.Black {
		f, rank = 7-f, 7-rank
	}
	return float64(r.c.offset + f*svg.SquareSize), float64(r.c.offset + rank*svg.SquareSize)
}

func (r *reading) colour(name string) rgb {
	if len(name) == 4 { // #rgb
		name = string([]byte{'#', name[1], name[1], name[2], name[2], name[3], name[3]})
	}
	var v [3]int
	fmt.Sscanf(name, "#%02x%02x%02x", &v[0], &v[1], &v[2])
	return rgb{float64(v[0]), float64(v[1]), float64(v[2])}
}

func (r *reading) arrowColour(letter byte) [4]float64 {
	s := map[byte]string{'G': r.colors.Green, 'R': r.colors.Red, 'Y': r.colors.Yellow, 'B': r.colors.Blue}[letter]
	var v [4]int
	fmt.Sscanf(s, "#%02x%02x%02x%02x", &v[0], &v[1], &v[2], &v[3])
	return [4]float64{float64(v[0]), float64(v[1]), float64(v[2]), float64(v[3]) / 255}
}

// corners are the points the square's background is read at: where no
// piece reaches.
var corners = [4][2]float64{{3, 3}, {42, 3}, {3, 42}, {42, 42}}

// background returns the square's background letter (L, D, l, d for the
// colours of the squares and of the last move's, F for another) and its
// colour.
func (r *reading) background(s movegen.Square) (byte, rgb) {
	palette := []struct {
		letter byte
		c      rgb
	}{
		{'L', r.colour(r.colors.Light)}, {'D', r.colour(r.colors.Dark)},
		{'l', r.colour(r.colors.LightLastMove)}, {'d', r.colour(r.colors.DarkLastMove)},
	}
	var seen []rgb
	for _, p := range corners {
		c := r.at(s, p[0], p[1])
		seen = append(seen, c)
	}
	// The colour most corners show (an arrow may cross one or two).
	best, votes := seen[0], 0
	for _, a := range seen {
		n := 0
		for _, b := range seen {
			if near(a, b, 6) {
				n++
			}
		}
		if n > votes {
			best, votes = a, n
		}
	}
	if votes < 2 {
		return '?', best
	}
	for _, p := range palette {
		if near(best, p.c, 6) {
			return p.letter, best
		}
	}
	return 'F', best
}

// token reads square s: its piece (a FEN letter, '.' for none, 'x' for a
// cross; 'w' or 'b' on a picture not at one pixel a unit), its
// background letter, and its mark: 'c' for a check, a lower-case arrow
// colour for an arrow over an empty square, an upper-case one for a
// circle, '-' for none.
func (r *reading) token(s movegen.Square, masks []*mask) string {
	bgLetter, bg := r.background(s)
	var whites, blacks int
	for j := 2.0; j < 43; j++ {
		for i := 2.0; i < 43; i++ {
			switch ink(r.at(s, i, j)) {
			case 1:
				whites++
			case 2:
				blacks++
			}
		}
	}
	piece := byte('.')
	black := func(x, y float64) bool { return ink(r.at(s, x, y)) == 2 }
	switch {
	case black(22.5, 22.5) && black(13, 13) && black(32, 13) && black(13, 32) && black(32, 32) &&
		!black(22.5, 39.5) && !black(22.5, 5.5) && whites < 200:
		piece = 'x'
	case whites+blacks < 40:
	case r.c.scale != 1 || masks == nil:
		piece = 'w'
		if whites*2 < blacks {
			piece = 'b'
		}
	default:
		x, y := r.corner(s)
		m := readMask(r.img, r.origin.X+int(x), r.origin.Y+int(y))
		bestD := -1
		for i, ref := range masks {
			d := 0
			for k := range m {
				if m[k] != ref[k] {
					d++
				}
			}
			if bestD < 0 || d < bestD {
				bestD, piece = d, pieceLetters[i]
			}
		}
		if bestD > len(m)/10 {
			piece = '?'
		}
	}
	mark := byte('-')
	for _, letter := range []byte("GRYB") {
		ring := 0
		want := over(r.arrowColour(letter), bg)
		for _, p := range [4][2]float64{{22.5, 2.5}, {2.5, 22.5}, {42.5, 22.5}, {22.5, 42.5}} {
			if near(r.at(s, p[0], p[1]), want, 10) {
				ring++
			}
		}
		if ring >= 3 {
			mark = letter
		}
		if piece != '.' {
			continue
		}
		// The centre and 16 points around it: an arrow's shaft or head
		// covers one of them, whatever its direction.
		for k := -1; k < 16 && mark == '-'; k++ {
			x, y := 22.5, 22.5
			if k >= 0 {
				a := float64(k) * math.Pi / 8
				x, y = x+10*math.Cos(a), y+10*math.Sin(a)
			}
			if near(r.at(s, x, y), want, 10) {
				mark = letter + 'a' - 'A'
			}
		}
	}
	if mark == '-' {
		// The check's red glow, left and right of the king, where no
		// piece reaches: redder than the square and less green.
		l, rt := r.at(s, 4, 22.5), r.at(s, 41, 22.5)
		redder := func(c rgb) bool { return c[1] < 0.85*bg[1] && c[0]-c[1] > bg[0]-bg[1]+30 }
		if redder(l) && redder(rt) {
			mark = 'c'
		}
	}
	return string([]byte{piece, bgLetter, mark})
}

// table is a board's 64 tokens, rank 8 first, as pychess.txt keeps them.
func (r *reading) table(masks []*mask) [64]string {
	var tab [64]string
	for s := movegen.Square(0); s < 64; s++ {
		tab[s] = r.token(s, masks)
	}
	return tab
}

func format(name string, tab [64]string) string {
	var b strings.Builder
	b.WriteString(name + "\n")
	for rank := 7; rank >= 0; rank-- {
		for file := 0; file < 8; file++ {
			if file > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(tab[rank*8+file])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func readMasks(img *image.RGBA, at []image.Point) []*mask {
	var masks []*mask
	for _, p := range at {
		masks = append(masks, readMask(img, p.X, p.Y))
	}
	return masks
}

func TestPictures(t *testing.T) {
	browser := chromium(t)
	cases := parseCases(t)
	if *pychessDir != "" {
		writePychessTable(t, browser, cases)
		return
	}
	var boards []string
	var sizes []int
	for _, c := range cases {
		boards = append(boards, svg.Board(&c.pos, c.opts))
		sizes = append(sizes, c.opts.Size)
	}
	items, at := layout(boards, sizes, ownPieces())
	img := render(t, browser, items)
	masks := readMasks(img, at)

	want := map[string][64]string{}
	data, err := os.ReadFile(filepath.Join("testdata", "pychess.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, block := range strings.Split(strings.TrimSpace(string(data)), "\n\n") {
		lines := strings.Split(block, "\n")
		if len(lines) != 9 {
			t.Fatalf("pychess.txt: block %q: want a name and 8 ranks", lines[0])
		}
		var tab [64]string
		for i, line := range lines[1:] {
			for f, tok := range strings.Fields(line) {
				tab[(7-i)*8+f] = tok
			}
		}
		want[lines[0]] = tab
	}

	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &reading{img: img, c: c, origin: image.Point{items[i].x, items[i].y}, colors: merged(c.opts.Colors)}
			got := r.table(masks)
			checkExpected(t, r, got)
			checkArrows(t, r)
			checkFrame(t, r)
			py, ok := want[c.name]
			if !ok {
				t.Fatalf("pychess.txt has no board %q", c.name)
			}
			if got != py {
				t.Errorf("the squares differ from python-chess's picture's:\nours:\n%s\npython-chess's:\n%s", format(c.name, got), format(c.name, py))
			}
		})
	}
}

// merged is Options.Colors with DefaultColors' fields where it has none.
func merged(c svg.Colors) svg.Colors {
	d := svg.DefaultColors
	if c.Light != "" {
		d.Light = c.Light
	}
	if c.Dark != "" {
		d.Dark = c.Dark
	}
	return d
}

// expectedBackground is the colour s shows where no piece or arrow is.
func expectedBackground(r *reading, s movegen.Square) rgb {
	light := (s.File()+s.Rank())%2 == 1
	from, to := lastSquares(r.c.last)
	var name string
	switch {
	case (s == from || s == to) && light:
		name = r.colors.LightLastMove
	case s == from || s == to:
		name = r.colors.DarkLastMove
	case light:
		name = r.colors.Light
	default:
		name = r.colors.Dark
	}
	bg := r.colour(name)
	if f, ok := r.c.fill[s]; ok {
		bg = over(f, bg)
	}
	return bg
}

func lastSquares(m movegen.Move) (movegen.Square, movegen.Square) {
	if m == movegen.NoMove {
		return movegen.NoSquare, movegen.NoSquare
	}
	if m.IsCastle() && !strings.HasSuffix(m.String(), m.To().String()) {
		// Standard chess's castling: the king's two squares.
		k, _ := m.CastlingSquares()
		return m.From(), k
	}
	return m.From(), m.To()
}

// checkExpected compares each square's token with what the position and
// the options say it shows.
func checkExpected(t *testing.T, r *reading, got [64]string) {
	t.Helper()
	c := r.c
	circles := map[movegen.Square]byte{}
	for _, a := range c.opts.Arrows {
		if a.From == a.To {
			circles[a.From] = a.Color
		}
	}
	checkSq := movegen.NoSquare
	if c.opts.Check && c.pos.InCheck() {
		checkSq = c.pos.KingSquare(c.pos.Side())
	}
	from, to := lastSquares(c.last)
	for s := movegen.Square(0); s < 64; s++ {
		tok := got[s]
		pc := c.pos.PieceAt(s)
		wantPiece := pc.String()[0]
		switch {
		case c.opts.Squares&(1<<s) != 0:
			wantPiece = 'x'
		case pc != movegen.NoPiece && c.scale != 1:
			wantPiece = "wb"[pc.Color()]
		}
		if tok[0] != wantPiece {
			t.Errorf("%v: piece %q, want %q", s, tok[0], wantPiece)
		}
		light := (s.File()+s.Rank())%2 == 1
		wantBg := byte('D')
		switch {
		case c.fill[s][3] != 0:
			wantBg = 'F'
		case (s == from || s == to) && light:
			wantBg = 'l'
		case s == from || s == to:
			wantBg = 'd'
		case light:
			wantBg = 'L'
		}
		if tok[1] != wantBg {
			t.Errorf("%v: background %q, want %q", s, tok[1], wantBg)
		}
		_, bg := r.background(s)
		if e := expectedBackground(r, s); !near(bg, e, 6) {
			t.Errorf("%v: background colour %v, want %v", s, bg, e)
		}
		switch {
		case s == checkSq:
			if tok[2] != 'c' {
				t.Errorf("%v: mark %q, want the check's", s, tok[2])
			}
		case circles[s] != 0:
			if tok[2] != circles[s] {
				t.Errorf("%v: mark %q, want a circle %q", s, tok[2], circles[s])
			}
		case tok[2] == 'c' || tok[2] >= 'A' && tok[2] <= 'Z':
			t.Errorf("%v: mark %q, want no check and no circle", s, tok[2])
		case tok[2] != '-' && !nearArrow(r, s, tok[2]):
			t.Errorf("%v: mark %q, and no arrow of that colour is near", s, tok[2])
		}
	}
}

// nearArrow tells whether an arrow of colour letter (lower case) passes
// within three quarters of a square of s's centre.
func nearArrow(r *reading, s movegen.Square, letter byte) bool {
	for _, a := range r.c.opts.Arrows {
		if a.From == a.To || a.Color != letter-'a'+'A' {
			continue
		}
		x0, y0 := r.centre(a.From)
		x1, y1 := r.centre(a.To)
		px, py := r.centre(s)
		dx, dy := x1-x0, y1-y0
		u := math.Max(0, math.Min(1, ((px-x0)*dx+(py-y0)*dy)/(dx*dx+dy*dy)))
		if math.Hypot(x0+u*dx-px, y0+u*dy-py) < 0.75*svg.SquareSize {
			return true
		}
	}
	return false
}

func (r *reading) centre(s movegen.Square) (float64, float64) {
	x, y := r.corner(s)
	return x + svg.SquareSize/2.0, y + svg.SquareSize/2.0
}

// checkArrows reads each arrow along its line: its colour over the
// background from the tail's centre to the head, and none just beyond
// its point, wherever the line crosses an empty square.
func checkArrows(t *testing.T, r *reading) {
	t.Helper()
	for _, a := range r.c.opts.Arrows {
		if a.From == a.To {
			continue
		}
		col := r.arrowColour(a.Color)
		x0, y0 := r.centre(a.From)
		x1, y1 := r.centre(a.To)
		l := math.Hypot(x1-x0, y1-y0)
		ux, uy := (x1-x0)/l, (y1-y0)/l
		checked := 0
		// The shaft starts at the tail's centre and meets the head
		// three quarters and a tenth of a square before the head's
		// centre; the point is a tenth of a square before it. A pixel
		// across the shaft's start or its seam with the head is partly
		// covered, so the reading steps around them.
		seam := l - 0.85*svg.SquareSize
		for d := 2.0; d <= l+3; d += 3 {
			x, y := x0+ux*d, y0+uy*d
			s, inside := r.squareAt(x, y)
			if !inside || r.c.pos.PieceAt(s) != movegen.NoPiece || math.Abs(d-seam) < 2 {
				continue
			}
			bg := expectedBackground(r, s)
			got := r.point(x, y)
			switch {
			case d <= l-6: // the shaft, then the head: the arrow's colour
				if !near(got, over(col, bg), 10) {
					t.Errorf("arrow %c%v%v at %.0f of %.0f units (%v): %v, want %v", a.Color, a.From, a.To, d, l, s, got, over(col, bg))
				}
				checked++
			case d >= l-3: // beyond the point: the square
				if !near(got, bg, 10) {
					t.Errorf("arrow %c%v%v at %.0f of %.0f units (%v): %v, want the square's %v", a.Color, a.From, a.To, d, l, s, got, bg)
				}
			}
		}
		if checked == 0 {
			t.Errorf("arrow %c%v%v crosses no empty square", a.Color, a.From, a.To)
		}
	}
}

// squareAt returns the square under (x, y) units, if it is on the board.
func (r *reading) squareAt(x, y float64) (movegen.Square, bool) {
	f := int(math.Floor((x - float64(r.c.offset)) / svg.SquareSize))
	rank := int(math.Floor((y - float64(r.c.offset)) / svg.SquareSize))
	if f < 0 || f > 7 || rank < 0 || rank > 7 {
		return 0, false
	}
	if r.c.opts.Orientation == movegen.White {
		rank = 7 - rank
	} else {
		f = 7 - f
	}
	return movegen.Square(rank*8 + f), true
}

// checkFrame reads the picture's frame: the border's and the margin's
// colours, and the board's corner squares where the orientation puts
// them.
func checkFrame(t *testing.T, r *reading) {
	t.Helper()
	c := r.c
	full := float64(c.full)
	if c.opts.Borders {
		for _, p := range [][2]float64{{0.5, 0.5}, {full / 2, 0.5}, {full - 0.5, full - 0.5}} {
			if got := r.point(p[0], p[1]); !near(got, r.colour(r.colors.OuterBorder), 30) {
				t.Errorf("outer border at %v: %v", p, got)
			}
		}
	}
	if !c.opts.NoCoordinates {
		o := float64(c.offset - svg.Margin)
		if got := r.point(o+2, o+2); !near(got, r.colour(r.colors.Margin), 6) {
			t.Errorf("margin's corner: %v, want %v", got, r.colour(r.colors.Margin))
		}
	}
	// The square in the top left corner is a8 from White's side, h1
	// from Black's; the bottom right one h1 or a8.
	topLeft, bottomRight := movegen.A8, movegen.H1
	if c.opts.Orientation == movegen.Black {
		topLeft, bottomRight = movegen.H1, movegen.A8
	}
	o := float64(c.offset)
	for _, p := range []struct {
		s    movegen.Square
		x, y float64
	}{{topLeft, o + 3, o + 3}, {bottomRight, o + 8*svg.SquareSize - 3, o + 8*svg.SquareSize - 3}} {
		if got, want := r.point(p.x, p.y), expectedBackground(r, p.s); !near(got, want, 6) {
			t.Errorf("corner square %v: %v, want %v", p.s, got, want)
		}
	}
}

// writePychessTable renders python-chess's pictures of the cases, read
// from -pychess's directory, and writes what each square shows to
// testdata/pychess.txt: for each board a block of its name and its eight
// ranks from the 8th, blocks parted by an empty line.
func writePychessTable(t *testing.T, browser string, cases []*testCase) {
	var boards []string
	var sizes []int
	for _, c := range cases {
		data, err := os.ReadFile(filepath.Join(*pychessDir, c.name+".svg"))
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, string(data))
		sizes = append(sizes, c.opts.Size)
	}
	var pieces [12]string
	for i, l := range pieceLetters {
		name := "w" + string(l)
		if i >= 6 {
			name = "b" + strings.ToUpper(string(l))
		}
		data, err := os.ReadFile(filepath.Join(*pychessDir, "piece-"+name+".svg"))
		if err != nil {
			t.Fatal(err)
		}
		pieces[i] = string(data)
	}
	items, at := layout(boards, sizes, pieces)
	img := render(t, browser, items)
	masks := readMasks(img, at)
	var out strings.Builder
	for i, c := range cases {
		r := &reading{img: img, c: c, origin: image.Point{items[i].x, items[i].y}, colors: merged(c.opts.Colors)}
		if i > 0 {
			out.WriteString("\n")
		}
		out.WriteString(format(c.name, r.table(masks)))
	}
	if err := os.WriteFile(filepath.Join("testdata", "pychess.txt"), []byte(out.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote testdata/pychess.txt from %d python-chess pictures", len(cases))
}
