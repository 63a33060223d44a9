package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/bench/internal/worker"
	"github.com/symmagic/attacks/internal/syzygydata"
	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/syzygy"
)

type speedConfig struct {
	rounds  int
	minTime time.Duration
	quick   bool
	command string
	five    string // the 5-piece tables' directory; "" for none
}

// The probes timed: WDL (ProbeWDL, tb_probe_wdl) and DTZ (ProbeDTZ,
// probe_dtz).
const (
	probeWDL = iota
	probeDTZ
)

var probeNames = [2]string{"WDL", "DTZ"}

// positionSet is the positions of one table size, each probed for its WDL
// and its DTZ: Fathom's values of them, checked against the package's,
// and the sums a pass of each probe must give.
type positionSet struct {
	pieces int
	ps     []movegen.Position
	dtz    int // the DTZ probes take ps[:dtz]
	sum    [2]int64
}

// dtzShare is the share of a set's positions whose DTZ is timed: a DTZ
// probe of a side the table does not store searches every move one ply
// deep, about ten times a WDL probe's work.
const dtzShare = 4

// speedPositions returns the positions timed: those of the 4-piece tables
// (the first tenth of each table's sample, -quick a hundredth) and, with
// five, those of the 5-piece tables fiveTables (a sample of each as
// large), each set shuffled with a fixed seed.
func speedPositions(quick, five bool) ([]*positionSet, error) {
	n := syzygydata.SampleSize / 10
	if quick {
		n = syzygydata.SampleSize / 100
	}
	var sets []*positionSet
	for _, size := range []int{4, 5} {
		names := syzygydata.Names(4)
		if size == 5 {
			if !five {
				break
			}
			names = fiveTables
		}
		set := &positionSet{pieces: size}
		for _, name := range names {
			var s []movegen.Position
			var err error
			if size == 4 {
				s, err = syzygydata.Sample(name, syzygydata.SampleSize, syzygydata.SampleSeed(name))
			} else {
				s, err = syzygydata.Sample(name, n, syzygydata.SampleSeed(name))
			}
			if err != nil {
				return nil, err
			}
			set.ps = append(set.ps, s[:n]...)
		}
		r := rand.New(rand.NewPCG(1, uint64(size)))
		r.Shuffle(len(set.ps), func(i, j int) { set.ps[i], set.ps[j] = set.ps[j], set.ps[i] })
		set.dtz = len(set.ps) / dtzShare
		sets = append(sets, set)
	}
	return sets, nil
}

// checkValues compares Fathom's WDL and DTZ of each position of the set
// (its probe_wdl and probe_dtz) with the package's, and keeps the sums a
// pass of each probe gives.
func checkValues(f *fathom, tables string, tb *syzygy.Tablebase, set *positionSet) error {
	wdl, dtz, err := f.values(tables, set.ps)
	if err != nil {
		return err
	}
	for i := range set.ps {
		p := &set.ps[i]
		w, err := tb.ProbeWDL(p)
		if err != nil {
			return err
		}
		d, err := tb.ProbeDTZ(p)
		if err != nil {
			return err
		}
		if int(w) != int(wdl[i]) || d.Plies != int(dtz[i]) {
			return fmt.Errorf("%s: the package's WDL %d, DTZ %d; Fathom's %d, %d: they disagree", p.FEN(), w, d.Plies, wdl[i], dtz[i])
		}
		set.sum[probeWDL] += int64(w) + 2
		if i < set.dtz {
			set.sum[probeDTZ] += int64(d.Plies)
		}
	}
	return nil
}

// benchDriver is a Fathom driver in bench mode, a set's positions loaded.
type benchDriver struct {
	proc *worker.Proc
	dtz  int // the DTZ probes take the first dtz positions
}

func startBench(b fathomBuild, tables string, set *positionSet) (*benchDriver, error) {
	proc, err := worker.Start(b.path, tables, "bench")
	if err != nil {
		return nil, err
	}
	w := bufio.NewWriterSize(proc, 1<<16)
	for i := range set.ps {
		if err := record(w, &set.ps[i]); err != nil {
			proc.Kill()
			return nil, err
		}
	}
	var end [66]byte
	end[65] = 255
	w.Write(end[:])
	if err := w.Flush(); err != nil {
		proc.Kill()
		return nil, fmt.Errorf("fathom driver: %v: %s", err, proc.Stderr())
	}
	return &benchDriver{proc, set.dtz}, nil
}

// pass runs one pass of the probe over the positions: its time and the
// sum of the values (WDL+2, or DTZ).
func (d *benchDriver) pass(probe int) (time.Duration, int64, error) {
	cmd := "wdl\n"
	if probe == probeDTZ {
		cmd = fmt.Sprintf("dtz %d\n", d.dtz)
	}
	if _, err := io.WriteString(d.proc, cmd); err != nil {
		return 0, 0, fmt.Errorf("fathom driver: %v: %s", err, d.proc.Stderr())
	}
	line, err := d.proc.ReadLine()
	if err != nil {
		return 0, 0, fmt.Errorf("fathom driver: no answer: %v %s", err, d.proc.Stderr())
	}
	f := strings.Fields(string(line))
	if len(f) != 2 {
		return 0, 0, fmt.Errorf("fathom driver: answer %q", line)
	}
	ns, err1 := strconv.ParseInt(f[0], 10, 64)
	sum, err2 := strconv.ParseInt(f[1], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("fathom driver: answer %q", line)
	}
	return time.Duration(ns), sum, nil
}

func (d *benchDriver) stop() error { return d.proc.Close() }

// goPass runs one pass of the package's probe over the set's positions.
func goPass(tb *syzygy.Tablebase, set *positionSet, probe int) (time.Duration, int64, error) {
	var sum int64
	start := time.Now()
	if probe == probeWDL {
		for i := range set.ps {
			v, err := tb.ProbeWDL(&set.ps[i])
			if err != nil {
				return 0, 0, err
			}
			sum += int64(v) + 2
		}
	} else {
		for i := range set.ps[:set.dtz] {
			d, err := tb.ProbeDTZ(&set.ps[i])
			if err != nil {
				return 0, 0, err
			}
			sum += int64(d.Plies)
		}
	}
	return time.Since(start), sum, nil
}

// cell is one timed measurement: a probe of a set.
type cell struct {
	set   *positionSet
	probe int
}

func (c cell) count() int {
	if c.probe == probeDTZ {
		return c.set.dtz
	}
	return len(c.set.ps)
}

func (c cell) String() string { return fmt.Sprintf("%s, %d pieces", probeNames[c.probe], c.set.pieces) }

// measureSpeed times ProbeWDL and ProbeDTZ against both Fathom builds
// and returns the report.
func measureSpeed(f *fathom, tables string, cfg speedConfig, stderr io.Writer) (func(io.Writer), error) {
	sets, err := speedPositions(cfg.quick, cfg.five != "")
	if err != nil {
		return nil, err
	}
	dirs := []string{tables}
	if cfg.five != "" {
		dirs = append(dirs, cfg.five)
	}
	fathomPath := strings.Join(dirs, string(filepath.ListSeparator))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	tb, err := syzygy.Open(dirs...)
	if err != nil {
		return nil, err
	}
	defer tb.Close()
	var cells []cell
	for _, set := range sets {
		fmt.Fprintf(stderr, "checking the values of %d positions of %d pieces against Fathom's\n", len(set.ps), set.pieces)
		if err := checkValues(f, fathomPath, tb, set); err != nil {
			return nil, err
		}
		cells = append(cells, cell{set, probeWDL}, cell{set, probeDTZ})
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	loaded, mapped := tb.Mapped()
	heap := int64(after.HeapAlloc) - int64(before.HeapAlloc)

	names := []string{"syzygy (Go)"}
	for _, b := range f.builds {
		names = append(names, "Fathom "+b.name)
	}
	// ns[cell][program][round]: nanoseconds a probe.
	ns := make([][][]float64, len(cells))
	for c := range ns {
		ns[c] = make([][]float64, len(names))
	}
	for r := 0; r < cfg.rounds; r++ {
		// drivers[set][build]
		drivers := make([][]*benchDriver, len(sets))
		for s, set := range sets {
			drivers[s] = make([]*benchDriver, len(f.builds))
			for i, b := range f.builds {
				if drivers[s][i], err = startBench(b, fathomPath, set); err != nil {
					return nil, err
				}
				for probe := range probeNames {
					if _, sum, err := drivers[s][i].pass(probe); err != nil {
						return nil, err
					} else if sum != set.sum[probe] {
						return nil, fmt.Errorf("fathom %s: its %s probes of %d pieces sum to %d, the package's to %d: they disagree",
							b.name, probeNames[probe], set.pieces, sum, set.sum[probe])
					}
				}
			}
		}
		fmt.Fprintf(stderr, "round %d of %d:", r+1, cfg.rounds)
		for k := range cells {
			c := (k + r) % len(cells)
			cl := cells[c]
			s := c / 2
			for j := range names {
				prog := (j + r) % len(names)
				pass := func() (time.Duration, int64, error) { return goPass(tb, cl.set, cl.probe) }
				if prog > 0 {
					d := drivers[s][prog-1]
					pass = func() (time.Duration, int64, error) { return d.pass(cl.probe) }
				}
				var total time.Duration
				calls := 0
				for total < cfg.minTime || calls == 0 {
					el, sum, err := pass()
					if err != nil {
						return nil, err
					}
					if sum != cl.set.sum[cl.probe] {
						return nil, fmt.Errorf("%s: the %s probes sum to %d, want %d", names[prog], cl, sum, cl.set.sum[cl.probe])
					}
					total += el
					calls++
				}
				ns[c][prog] = append(ns[c][prog], float64(total.Nanoseconds())/float64(calls*cl.count()))
			}
		}
		for _, ds := range drivers {
			for _, d := range ds {
				if err := d.stop(); err != nil {
					return nil, err
				}
			}
		}
		for c, cl := range cells {
			fmt.Fprintf(stderr, " %s:", cl)
			for i := range names {
				fmt.Fprintf(stderr, " %.0f", ns[c][i][r])
			}
			fmt.Fprint(stderr, " ns;")
		}
		fmt.Fprintln(stderr)
	}
	// best[cell][round]: Fathom's faster build's time.
	best := make([][]float64, len(cells))
	for c := range cells {
		best[c] = make([]float64, cfg.rounds)
		for r := range best[c] {
			best[c][r] = ns[c][1][r]
			for i := 2; i < len(names); i++ {
				best[c][r] = min(best[c][r], ns[c][i][r])
			}
		}
	}
	here := machine.Here()
	return func(w io.Writer) {
		l := here.Lines()
		fmt.Fprintf(w, "# syzygy's WDL and DTZ probes against Fathom's\n\n")
		md.Wrap(w, fmt.Sprintf("%s\n%s; GOMAXPROCS %d", l[0], l[1], runtime.GOMAXPROCS(0)), "")
		fmt.Fprintln(w)
		cover := stat.Summarize(make([]float64, cfg.rounds)).Coverage
		var sizes []string
		for _, set := range sets {
			what := "the first tenth of each 4-piece table's sample (internal/syzygydata.Sample)"
			if set.pieces == 5 {
				what = fmt.Sprintf("as many random legal positions (internal/syzygydata.Sample, fixed seeds) of each of %s", strings.Join(fiveTables, ", "))
			}
			sizes = append(sizes, fmt.Sprintf("%d positions of %d pieces, %s, shuffled, the first %d of them for the DTZ probes",
				len(set.ps), set.pieces, what, set.dtz))
		}
		md.Wrap(w, fmt.Sprintf("Command: `%s`. %s. Each probe of a set of positions is one cell: every position "+
			"probed once a pass, passes repeated until %v had run (once at least); every cell, every prober, in "+
			"each of %d interleaved rounds, the cells' order and the probers' rotating from round to round; "+
			"nanoseconds a probe, medians, in brackets the interval that holds the median with %.1f%% confidence. "+
			"The machine is shared: expect noise.",
			cfg.command, strings.Join(sizes, "; "), cfg.minTime, cfg.rounds, 100*cover), "")
		fmt.Fprintln(w)
		md.Wrap(w, fmt.Sprintf("The package's public ProbeWDL and ProbeDTZ, in this process, against Fathom in a "+
			"driver of this command's (bench/cmd/syzygy/drivers/fathom.c), %s %s, %s: default build %s, native "+
			"build %s, each a process started anew every round. WDL: Fathom's public tb_probe_wdl (its "+
			"probe_wdl behind a check of the castling rights and the halfmove clock, as ProbeWDL checks its "+
			"position). DTZ: Fathom's probe_dtz, the one-position DTZ probe its root probes are built on; its "+
			"public API has none (tb_probe_root ranks every move besides). Before timing, each position's WDL "+
			"and DTZ by Fathom (probe_wdl, probe_dtz) are checked equal to the package's, and every pass's "+
			"sum of values against the package's.", fathomURL, f.headOr(), f.compiler,
			strings.Join(f.builds[0].flags, " "), strings.Join(f.builds[1].flags, " ")), "")
		fmt.Fprintln(w)
		t := [][]string{{"probes", "prober", "ns a probe", "million probes a second"}}
		for c, cl := range cells {
			for i, n := range names {
				s := stat.Summarize(ns[c][i])
				t = append(t, []string{cl.String(), n, s.Show("%.1f"), fmt.Sprintf("%.3f", 1000/s.Median)})
			}
		}
		md.Table(w, t, 2)
		fmt.Fprintln(w)
		md.Wrap(w, stat.RatioNote+"; faster or slower exactly when the per-round ratios' interval excludes 1, else within noise.", "")
		fmt.Fprintln(w)
		t = [][]string{{"probes", "syzygy against Fathom's faster build in each round"}}
		for i := 1; i < len(names); i++ {
			t[0] = append(t[0], "against "+names[i])
		}
		for c, cl := range cells {
			row := []string{cl.String(), stat.Compare(ns[c][0], best[c], stat.LowerIsFaster).String()}
			for i := 1; i < len(names); i++ {
				row = append(row, stat.Compare(ns[c][0], ns[c][i], stat.LowerIsFaster).String())
			}
			t = append(t, row)
		}
		md.Table(w, t, 1)
		fmt.Fprintln(w)
		md.Wrap(w, fmt.Sprintf("Memory: the package mapped %d table files (%s: the WDL and DTZ files of the "+
			"tables probed and those their captures and pawn moves lead to; the system keeps in memory only "+
			"the pages probes touch) and its heap grew by %s for them (each stream's decoded symbols, 5 bytes "+
			"a symbol, its 2 KB table of code runs, and the tables' headers).",
			loaded, machine.Size(int(mapped)), machine.Size(int(heap))), "")
	}, nil
}
