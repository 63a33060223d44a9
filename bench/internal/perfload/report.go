package perfload

import (
	"fmt"
	"image/color"
	"io"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/bench/perft"
)

// Report is a measurement with what a reader needs to trust or reproduce it.
type Report struct {
	Groups         []Group
	M              Measurements
	Rounds, HashMB int
	// Command reproduces the measurement; CPU, GoVersion, Kernel (the
	// attacks kernel) and Date say where and when it ran.
	Command, CPU, GoVersion, Kernel, Date string
}

// WriteMarkdown writes a heading of the given level and title, what ran
// where, then the tables: nodes/s, each mode against the fastest magic, and
// std and occ against w.
func (r *Report) WriteMarkdown(w io.Writer, level int, title string) {
	var net perft.NNUE
	cover := stat.Summarize(make([]float64, r.Rounds)).Coverage
	fmt.Fprintf(w, "%s %s\n\n", strings.Repeat("#", level), title)
	fmt.Fprintf(w, "CPU: %s; %s; attacks kernel %s; one thread; %s\n\n", r.CPU, r.GoVersion, r.Kernel, r.Date)
	fmt.Fprintf(w, "Command: `%s`. Loads: a %d MB transposition table (4-entry 64-byte buckets); nnue: %v. "+
		"Medians of %d interleaved rounds, in brackets the interval that holds the median with %.1f%% confidence.\n\n",
		r.Command, r.HashMB, net, r.Rounds, 100*cover)
	modes := perft.Modes
	fmt.Fprintf(w, "Million nodes/s:\n\n| position | load | depth |")
	for _, mode := range modes {
		fmt.Fprintf(w, " %v |", mode)
	}
	fmt.Fprintf(w, "\n|---|---|--:|%s\n", strings.Repeat("--:|", len(modes)))
	for gi, g := range r.Groups {
		fmt.Fprintf(w, "| %s | %s | %d |", g.Pos.Name, g.Load.Name, g.Depth)
		for _, mode := range modes {
			s := stat.Summarize(r.M[gi][mode])
			fmt.Fprintf(w, " %.1f [%.1f, %.1f] |", s.Median/1e6, s.Lo/1e6, s.Hi/1e6)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\nAgainst the fastest magic of each row (fancy, plain or black): nodes/s ÷ its nodes/s in the same round, median [95%% interval], "+
		"and the verdict (faster or slower exactly when the ratios' interval excludes 1, else within noise):\n\n| position | load | fastest magic |")
	for _, mode := range modes {
		fmt.Fprintf(w, " %v |", mode)
	}
	fmt.Fprintf(w, "\n|---|---|---|%s\n", strings.Repeat("--:|", len(modes)))
	for gi, g := range r.Groups {
		base := r.M.Base(gi)
		fmt.Fprintf(w, "| %s | %s | %v |", g.Pos.Name, g.Load.Name, base)
		for _, mode := range modes {
			if mode == base {
				fmt.Fprintf(w, " base |")
				continue
			}
			fmt.Fprintf(w, " %v |", r.M.Compare(gi, mode))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\nThe two other ways in against w (an Occupancy kept in the position), by the same rule:\n\n| position | load | std against w | occ against w |\n|---|---|--:|--:|\n")
	for gi, g := range r.Groups {
		w0 := r.M[gi][perft.ModeW]
		fmt.Fprintf(w, "| %s | %s | %v | %v |\n", g.Pos.Name, g.Load.Name,
			stat.Compare(r.M[gi][perft.ModeStd], w0, stat.HigherIsFaster), stat.Compare(r.M[gi][perft.ModeOcc], w0, stat.HigherIsFaster))
	}
}

// modeColors are the dots' colours, by mode value.
var modeColors = map[perft.Mode]color.RGBA{
	perft.ModeW:     {R: 210, G: 40, B: 40, A: 255},
	perft.ModeOcc:   {R: 230, G: 140, B: 20, A: 255},
	perft.ModeStd:   {R: 120, G: 60, B: 160, A: 255},
	perft.ModeFancy: {R: 30, G: 90, B: 200, A: 255},
	perft.ModePlain: {R: 40, G: 150, B: 90, A: 255},
	perft.ModeBlack: {R: 30, G: 30, B: 30, A: 255},
}

// ratioDots is one mode's ratios, a dot per group with its interval as a
// horizontal bar.
type ratioDots struct {
	xs, lo, hi, ys []float64
}

func (d ratioDots) Len() int                    { return len(d.xs) }
func (d ratioDots) XY(i int) (float64, float64) { return d.xs[i], d.ys[i] }
func (d ratioDots) XError(i int) (float64, float64) {
	return d.xs[i] - d.lo[i], d.hi[i] - d.xs[i]
}

// groupTicks names the groups on the y axis.
type groupTicks []string

func (g groupTicks) Ticks(min, max float64) []plot.Tick {
	var ts []plot.Tick
	for i, name := range g {
		ts = append(ts, plot.Tick{Value: float64(len(g) - 1 - i), Label: name})
	}
	return ts
}

// Plot draws the ratios as a PNG: one row per group, a dot per mode with
// its 95% interval as a bar.
func (r *Report) Plot(w io.Writer) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("perft under load: nodes/s relative to the fastest magic (median, bar: %.0f%% interval)", 100*stat.Summarize(make([]float64, r.Rounds)).Coverage)
	p.X.Label.Text = "nodes/s ÷ fastest of fancy, plain and black magic, same round"
	var names groupTicks
	for _, g := range r.Groups {
		names = append(names, fmt.Sprintf("%s d%d, %s", g.Pos.Name, g.Depth, g.Load.Name))
	}
	p.Y.Tick.Marker = names
	p.Add(plotter.NewGrid())
	one, err := plotter.NewLine(plotter.XYs{{X: 1, Y: -0.5}, {X: 1, Y: float64(len(names)) - 0.5}})
	if err != nil {
		return err
	}
	one.Color = color.Gray{Y: 90}
	p.Add(one)
	n := len(perft.Modes)
	for k, mode := range perft.Modes {
		var d ratioDots
		for gi := range r.Groups {
			s := r.M.Compare(gi, mode).Ratio
			// Spread the modes of a group over its row, first on top.
			y := float64(len(r.Groups)-1-gi) + 0.3 - 0.6*float64(k)/float64(n-1)
			d.xs, d.lo, d.hi, d.ys = append(d.xs, s.Median), append(d.lo, s.Lo), append(d.hi, s.Hi), append(d.ys, y)
		}
		bars, err := plotter.NewXErrorBars(d)
		if err != nil {
			return err
		}
		bars.Color = modeColors[mode]
		dots, err := plotter.NewScatter(d)
		if err != nil {
			return err
		}
		dots.GlyphStyle = draw.GlyphStyle{Color: modeColors[mode], Radius: vg.Points(3), Shape: draw.CircleGlyph{}}
		p.Add(bars, dots)
		p.Legend.Add(mode.String(), dots)
	}
	p.Legend.Top = true
	p.Y.Min, p.Y.Max = -0.6, float64(len(names))-0.4
	c := vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(26*vg.Centimeter, 16*vg.Centimeter), vgimg.UseDPI(150))}
	p.Draw(draw.New(c))
	_, err = c.WriteTo(w)
	return err
}
