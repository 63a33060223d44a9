package main

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/symmagic/attacks/bench/internal/stat"
)

// point is one technique in the picture: its table bytes, the median ns/op
// and the 95% interval of the median.
type point struct {
	label         string
	x             float64
	y, ylo, yhi   float64
	this, derived bool // this package's row; x moved off zero
}

// labelled draws points with their interval as a vertical bar and a label
// beside each, placed where it overlaps no label already drawn (gonum's
// Labels plotter does not avoid collisions, and points of equal table size
// stack here).
type labelled struct {
	pts   []point
	style draw.TextStyle
}

func (l *labelled) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	var boxes []vg.Rectangle
	r := vg.Points(3)
	for _, pt := range l.pts {
		x, lo, hi := trX(pt.x), trY(pt.ylo), trY(pt.yhi)
		c.StrokeLine2(draw.LineStyle{Color: color.Gray{160}, Width: vg.Points(1)}, x, lo, x, hi)
		for _, y := range []vg.Length{lo, hi} {
			c.StrokeLine2(draw.LineStyle{Color: color.Gray{160}, Width: vg.Points(1)}, x-r, y, x+r, y)
		}
	}
	for _, pt := range l.pts {
		x, y := trX(pt.x), trY(pt.y)
		shape := draw.GlyphStyle{Color: color.RGBA{R: 30, G: 90, B: 200, A: 255}, Radius: r, Shape: draw.CircleGlyph{}}
		if pt.this {
			shape = draw.GlyphStyle{Color: color.RGBA{R: 210, G: 40, B: 40, A: 255}, Radius: r * 1.2, Shape: draw.SquareGlyph{}}
		}
		c.DrawGlyph(shape, vg.Point{X: x, Y: y})
		boxes = append(boxes, vg.Rectangle{Min: vg.Point{X: x - r, Y: y - r}, Max: vg.Point{X: x + r, Y: y + r}})
	}
	for _, pt := range l.pts {
		x, y := trX(pt.x), trY(pt.y)
		w, h := l.style.Width(pt.label), l.style.Height(pt.label)
		gap := vg.Points(5)
		// Candidate places: right, left, above, below, then further out.
		var cands []vg.Point
		for _, k := range []vg.Length{0, 1, -1, 2, -2, 3, -3, 4, -4} {
			dy := k * h
			cands = append(cands, vg.Point{X: x + gap, Y: y - h/2 + dy}, vg.Point{X: x - gap - w, Y: y - h/2 + dy})
		}
		best := cands[0]
		for _, at := range cands {
			box := vg.Rectangle{Min: at, Max: vg.Point{X: at.X + w, Y: at.Y + h}}
			if box.Min.X < c.Min.X || box.Max.X > c.Max.X || box.Min.Y < c.Min.Y || box.Max.Y > c.Max.Y {
				continue
			}
			free := true
			for _, b := range boxes {
				if box.Min.X < b.Max.X && b.Min.X < box.Max.X && box.Min.Y < b.Max.Y && b.Min.Y < box.Max.Y {
					free = false
					break
				}
			}
			if free {
				best = at
				break
			}
		}
		boxes = append(boxes, vg.Rectangle{Min: best, Max: vg.Point{X: best.X + w, Y: best.Y + h}})
		c.FillText(l.style, best, pt.label)
		if mid := best.Y + h/2; mid < y-h/2 || mid > y+h/2 {
			// Moved off the point's line: a leader says whose label it is.
			edge := best.X
			if best.X < x {
				edge = best.X + w
			}
			c.StrokeLine2(draw.LineStyle{Color: color.Gray{120}, Width: vg.Points(0.5)}, x, y, edge, mid)
		}
	}
}

func (l *labelled) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, ymin = math.Inf(1), math.Inf(1)
	xmax, ymax = math.Inf(-1), math.Inf(-1)
	for _, pt := range l.pts {
		xmin, xmax = math.Min(xmin, pt.x), math.Max(xmax, pt.x)
		ymin, ymax = math.Min(ymin, pt.ylo), math.Max(ymax, pt.yhi)
	}
	// Room for the labels at both ends of the log axis.
	return xmin / 2, xmax * 12, math.Min(0, ymin), ymax * 1.05
}

// floorBytes is where a technique without tables sits on the log axis.
const floorBytes = 256

// plot draws the TT-pressure picture: for rook lookups, the loop's ns/op in
// each TT form against table bytes, one labelled point per row with its 95%
// interval.
func (r *results) plot(path string) error {
	forms := []workload{workTTThroughput, workTTLatency}
	plots := make([][]*plot.Plot, 1)
	for _, work := range forms {
		p := plot.New()
		p.Title.Text = fmt.Sprintf("rook lookup beside TT reads: %s\n%s; %s", workloadInfo[work].title, r.meta.machine.CPU, r.meta.machine.Build)
		p.X.Label.Text = "table bytes (log scale)"
		p.Y.Label.Text = fmt.Sprintf("ns/op of the loop (median; bar: %.0f%% interval)", 100*stat.Summarize(make([]float64, r.meta.cfg.rounds)).Coverage)
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = bytesTicks{}
		p.Add(plotter.NewGrid())
		l := &labelled{style: draw.TextStyle{Color: color.Black, Font: font.From(plot.DefaultFont, vg.Points(8)), Handler: p.Title.TextStyle.Handler}}
		for _, row := range r.rows {
			s := stat.Summarize(r.samples(row, column{work: work}, 0))
			pt := point{label: row.titleFor(0), x: float64(row.bytes), y: s.Median, ylo: s.Lo, yhi: s.Hi, this: row.this}
			if pt.x < floorBytes {
				pt.x, pt.derived = floorBytes, true
				pt.label += " (0 B)"
			}
			l.pts = append(l.pts, pt)
		}
		p.Add(l)
		plots[0] = append(plots[0], p)
	}
	width, height := 30*vg.Centimeter, 13*vg.Centimeter
	var c vg.CanvasWriterTo
	switch filepath.Ext(path) {
	case ".svg":
		c = vgsvg.New(width, height)
	case ".png":
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(150))}
	default:
		return fmt.Errorf("picture %s: want .png or .svg", path)
	}
	dc := draw.New(c)
	tiles := draw.Tiles{Rows: 1, Cols: len(forms), PadX: vg.Centimeter, PadTop: vg.Millimeter * 3, PadBottom: vg.Millimeter * 3, PadLeft: vg.Millimeter * 3, PadRight: vg.Millimeter * 3}
	canvases := plot.Align(plots, tiles, dc)
	for i, p := range plots[0] {
		p.Draw(canvases[0][i])
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := c.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// bytesTicks labels powers of ten in bytes.
type bytesTicks struct{}

func (bytesTicks) Ticks(min, max float64) []plot.Tick {
	var ts []plot.Tick
	for e := math.Floor(math.Log10(min)); math.Pow(10, e) <= max*10; e++ {
		v := math.Pow(10, e)
		if v >= min && v <= max {
			ts = append(ts, plot.Tick{Value: v, Label: bytesLabel(v)})
		}
		for m := 2.0; m < 10; m++ {
			if x := m * v; x >= min && x <= max {
				ts = append(ts, plot.Tick{Value: x})
			}
		}
	}
	return ts
}

func bytesLabel(v float64) string {
	switch {
	case v >= 1e6:
		return fmt.Sprintf("%g MB", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%g kB", v/1e3)
	}
	return fmt.Sprintf("%g B", v)
}
