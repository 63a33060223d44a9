package perfload

import (
	"fmt"
	"image/color"
	"io"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/bench/perft"
)

// Report is a measurement with what a reader needs to trust or reproduce it.
type Report struct {
	Groups         []Group
	Modes          []perft.Mode // the modes measured, in the tables' order
	M              Measurements
	Rounds, HashMB int
	// Fresh: every run had a process of its own (perft.Worker.Fresh), not
	// a worker that runs them all; Restarted: every mode a process of its
	// own in every round (MeasureRestarting).
	Fresh, Restarted bool
	// Command reproduces the measurement; Machine, Kernel (the attacks
	// kernel) and Date say where and when it ran.
	Command      string
	Machine      machine.Record
	Kernel, Date string
	// Section marks a report that is a section of a larger one whose
	// header names the machine and states how the ratios read (the main
	// job's): it says neither again.
	Section bool
}

// WriteMarkdown writes a heading of the given level and title, what ran
// where, then the tables, each within md.Width columns: for every group its
// modes' nodes/s and each mode against the group's fastest magic (one base
// a table), then std, occ and the smaller techniques against w.
func (r *Report) WriteMarkdown(w io.Writer, level int, title string) {
	var net perft.NNUE
	cover := stat.Summarize(make([]float64, r.Rounds)).Coverage
	h := strings.Repeat("#", level)
	fmt.Fprintf(w, "%s %s\n\n", h, title)
	if !r.Section {
		m := r.Machine.Lines()
		md.Wrap(w, fmt.Sprintf("%s\n%s; attacks kernel %s; one thread; %s", m[0], m[1], r.Kernel, r.Date), "")
		fmt.Fprintln(w)
	}
	procs := "a worker process for each mode that runs all its rounds (whose memory layout then stays with its mode in every round, a bias the intervals do not show; docs/BENCHMARKS.md)"
	switch {
	case r.Fresh:
		procs = "a process of its own for every run"
	case r.Restarted:
		procs = "a process of its own in every round, which runs the round's loads one after the other"
	}
	md.Wrap(w, fmt.Sprintf("Command: `%s`. Each mode is a build of the generator of its own (bench/perft), with %s. "+
		"Loads: a %d MB transposition table (4-entry 64-byte buckets); nnue: %v. "+
		"Medians of %d interleaved rounds, in brackets the interval that holds the median with %.1f%% confidence.",
		r.Command, procs, r.HashMB, net, r.Rounds, 100*cover), "")
	fmt.Fprintln(w)
	if !r.Section {
		md.Wrap(w, stat.RatioNote+".", "")
		fmt.Fprintln(w)
	}
	md.Wrap(w, "A table for each position and load: every mode's million nodes/s, and the mode against the fastest magic "+
		"of the table (fancy, plain or black; its row says base): nodes/s ÷ its nodes/s in the same round, "+
		fmt.Sprintf("median [%.1f%% interval], and the verdict (faster or slower exactly when the ratios' interval excludes 1, else within noise).", 100*cover), "")
	for gi, g := range r.Groups {
		base := r.M.Base(gi)
		fmt.Fprintf(w, "\n%s# %s, load %s, depth %d\n\n", h, g.Pos.Name, g.Load.Name, g.Depth)
		t := [][]string{{"mode", "million nodes/s", fmt.Sprintf("against %v (fastest magic)", base)}}
		for _, mode := range r.Modes {
			s := stat.Summarize(r.M[gi][mode])
			vs := "base"
			if mode != base {
				vs = r.M.Compare(gi, mode).String()
			}
			t = append(t, []string{string(mode), fmt.Sprintf("%.1f [%.1f, %.1f]", s.Median/1e6, s.Lo/1e6, s.Hi/1e6), vs})
		}
		md.Table(w, t, 1)
	}
	fmt.Fprintf(w, "\n%s# against w\n\n", h)
	md.Wrap(w, "The two other ways in (std, occ) and every technique of fewer table bytes than w's against w (an Occupancy kept "+
		"in the position), by the same rule: the W lookups are on the frontier of speed and bytes where no smaller technique is faster:", "")
	fmt.Fprintln(w)
	t := [][]string{{"position", "load", "depth", "mode", "against w"}}
	for gi, g := range r.Groups {
		w0 := r.M[gi][perft.ModeW]
		for _, mode := range againstW(r.Modes) {
			t = append(t, []string{g.Pos.Name, g.Load.Name, fmt.Sprint(g.Depth), string(mode), stat.Compare(r.M[gi][mode], w0, stat.HigherIsFaster).String()})
		}
	}
	md.Table(w, t, 2)
}

// againstW returns the modes compared with w: std and occ, then every
// mode neither w's way in nor a magic yardstick (hyperbola, kindergarten,
// the lanes: each of fewer table bytes than w's), in modes' order.
func againstW(modes []perft.Mode) []perft.Mode {
	ms := []perft.Mode{perft.ModeStd, perft.ModeOcc}
	for _, m := range modes {
		if m != perft.ModeW && m != perft.ModeStd && m != perft.ModeOcc && !slices.Contains(perft.Magics, m) {
			ms = append(ms, m)
		}
	}
	return ms
}

// modeColors are the dots' colours, by mode value.
var modeColors = map[perft.Mode]color.RGBA{
	perft.ModeW:     {R: 210, G: 40, B: 40, A: 255},
	perft.ModeOcc:   {R: 230, G: 140, B: 20, A: 255},
	perft.ModeStd:   {R: 120, G: 60, B: 160, A: 255},
	perft.ModeFancy: {R: 30, G: 90, B: 200, A: 255},
	perft.ModePlain: {R: 40, G: 150, B: 90, A: 255},
	perft.ModeBlack: {R: 30, G: 30, B: 30, A: 255},
	"hyperbola":     {R: 150, G: 150, B: 150, A: 255},
	"kindergarten":  {R: 190, G: 170, B: 110, A: 255},
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
// its interval (the coverage Summarize gives the rounds) as a bar.
func (r *Report) Plot(w io.Writer) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("perft under load: nodes/s relative to the fastest magic (median, bar: %.0f%% interval)\n%s; %s", 100*stat.Summarize(make([]float64, r.Rounds)).Coverage, r.Machine.CPU, r.Machine.Build)
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
	n := len(r.Modes)
	for k, mode := range r.Modes {
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
		c, ok := modeColors[mode]
		if !ok {
			c = color.RGBA{R: 120, G: 120, B: 200, A: 255}
		}
		bars.Color = c
		dots, err := plotter.NewScatter(d)
		if err != nil {
			return err
		}
		dots.GlyphStyle = draw.GlyphStyle{Color: c, Radius: vg.Points(3), Shape: draw.CircleGlyph{}}
		p.Add(bars, dots)
		p.Legend.Add(string(mode), dots)
	}
	p.Legend.Top = true
	p.Y.Min, p.Y.Max = -0.6, float64(len(names))-0.4
	c := vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(26*vg.Centimeter, 16*vg.Centimeter), vgimg.UseDPI(150))}
	p.Draw(draw.New(c))
	_, err = c.WriteTo(w)
	return err
}
