package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/internal/syzygydata"
	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/syzygy"
)

type speedConfig struct {
	rounds  int
	minTime time.Duration
	quick   bool
	command string
}

// speedPositions returns the positions timed: the first tenth of each
// 4-piece table's sample, shuffled with a fixed seed.
func speedPositions(quick bool) ([]movegen.Position, error) {
	var ps []movegen.Position
	for _, name := range syzygydata.Names(4) {
		s, err := syzygydata.Sample(name, syzygydata.SampleSize, syzygydata.SampleSeed(name))
		if err != nil {
			return nil, err
		}
		n := len(s) / 10
		if quick {
			n = len(s) / 100
		}
		ps = append(ps, s[:n]...)
	}
	r := rand.New(rand.NewPCG(1, 2))
	r.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
	return ps, nil
}

// benchDriver is a Fathom driver in bench mode, the positions loaded.
type benchDriver struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Scanner
	errs bytes.Buffer
}

func startBench(b fathomBuild, tables string, ps []movegen.Position) (*benchDriver, error) {
	d := &benchDriver{cmd: exec.Command(b.path, tables, "bench")}
	d.cmd.Stderr = &d.errs
	var err error
	if d.in, err = d.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	out, err := d.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	d.out = bufio.NewScanner(out)
	if err := d.cmd.Start(); err != nil {
		return nil, err
	}
	w := bufio.NewWriterSize(d.in, 1<<16)
	for i := range ps {
		if err := record(w, &ps[i]); err != nil {
			return nil, err
		}
	}
	var end [66]byte
	end[65] = 255
	w.Write(end[:])
	return d, w.Flush()
}

// pass runs one pass over the positions: its time and the sum of the
// values (WDL+2).
func (d *benchDriver) pass() (time.Duration, int64, error) {
	if _, err := io.WriteString(d.in, "go\n"); err != nil {
		return 0, 0, fmt.Errorf("fathom driver: %v: %s", err, d.errs.String())
	}
	if !d.out.Scan() {
		return 0, 0, fmt.Errorf("fathom driver: no answer: %v %s", d.out.Err(), d.errs.String())
	}
	f := strings.Fields(d.out.Text())
	if len(f) != 2 {
		return 0, 0, fmt.Errorf("fathom driver: answer %q", d.out.Text())
	}
	ns, err1 := strconv.ParseInt(f[0], 10, 64)
	sum, err2 := strconv.ParseInt(f[1], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("fathom driver: answer %q", d.out.Text())
	}
	return time.Duration(ns), sum, nil
}

func (d *benchDriver) stop() error {
	d.in.Close()
	return d.cmd.Wait()
}

// measureSpeed times ProbeWDL against both Fathom builds and returns the
// report.
func measureSpeed(f *fathom, tables string, cfg speedConfig, stderr io.Writer) (func(io.Writer), error) {
	ps, err := speedPositions(cfg.quick)
	if err != nil {
		return nil, err
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	tb, err := syzygy.Open(tables)
	if err != nil {
		return nil, err
	}
	defer tb.Close()
	goPass := func() (time.Duration, int64, error) {
		var sum int64
		start := time.Now()
		for i := range ps {
			v, err := tb.ProbeWDL(&ps[i])
			if err != nil {
				return 0, 0, err
			}
			sum += int64(v) + 2
		}
		return time.Since(start), sum, nil
	}
	_, want, err := goPass()
	if err != nil {
		return nil, err
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	loaded, mapped := tb.Mapped()
	heap := int64(after.HeapAlloc) - int64(before.HeapAlloc)

	names := []string{"syzygy (Go)"}
	for _, b := range f.builds {
		names = append(names, "Fathom "+b.name)
	}
	// ns[program][round]: nanoseconds a probe.
	ns := make([][]float64, len(names))
	for r := 0; r < cfg.rounds; r++ {
		drivers := make([]*benchDriver, len(f.builds))
		for i, b := range f.builds {
			if drivers[i], err = startBench(b, tables, ps); err != nil {
				return nil, err
			}
			if _, sum, err := drivers[i].pass(); err != nil {
				return nil, err
			} else if sum != want {
				return nil, fmt.Errorf("fathom %s: its probes sum to %d, the package's to %d: they disagree", b.name, sum, want)
			}
		}
		for k := 0; k < len(names); k++ {
			prog := (k + r) % len(names)
			pass := goPass
			if prog > 0 {
				pass = drivers[prog-1].pass
			}
			var total time.Duration
			calls := 0
			for total < cfg.minTime || calls == 0 {
				el, sum, err := pass()
				if err != nil {
					return nil, err
				}
				if sum != want {
					return nil, fmt.Errorf("%s: the probes sum to %d, want %d", names[prog], sum, want)
				}
				total += el
				calls++
			}
			ns[prog] = append(ns[prog], float64(total.Nanoseconds())/float64(calls*len(ps)))
		}
		for _, d := range drivers {
			if err := d.stop(); err != nil {
				return nil, err
			}
		}
		fmt.Fprintf(stderr, "round %d of %d:", r+1, cfg.rounds)
		for i, n := range names {
			fmt.Fprintf(stderr, " %s %.1f ns", n, ns[i][r])
		}
		fmt.Fprintln(stderr)
	}
	best := make([]float64, cfg.rounds)
	for r := range best {
		best[r] = ns[1][r]
		for i := 2; i < len(names); i++ {
			best[r] = min(best[r], ns[i][r])
		}
	}
	here := machine.Here()
	return func(w io.Writer) {
		l := here.Lines()
		fmt.Fprintf(w, "# syzygy's WDL probes against Fathom's\n\n")
		md.Wrap(w, fmt.Sprintf("%s\n%s; GOMAXPROCS %d", l[0], l[1], runtime.GOMAXPROCS(0)), "")
		fmt.Fprintln(w)
		cover := stat.Summarize(make([]float64, cfg.rounds)).Coverage
		md.Wrap(w, fmt.Sprintf("Command: `%s`. %d positions: the first tenth of each 4-piece table's sample "+
			"(internal/syzygydata.Sample), shuffled; each probed for its WDL once a pass, passes repeated until "+
			"%v had run (once at least), in %d interleaved rounds whose order rotates; nanoseconds a probe, "+
			"medians, in brackets the interval that holds the median with %.1f%% confidence. The machine is "+
			"shared: expect noise.", cfg.command, len(ps), cfg.minTime, cfg.rounds, 100*cover), "")
		fmt.Fprintln(w)
		md.Wrap(w, fmt.Sprintf("The package's public ProbeWDL, in this process, against Fathom's public "+
			"tb_probe_wdl in a driver of this command's (bench/cmd/syzygy/drivers/fathom.c), %s %s, %s: "+
			"default build %s, native build %s, each a process started anew every round. Every pass's values "+
			"are checked against the package's.", fathomURL, f.headOr(), f.compiler,
			strings.Join(f.builds[0].flags, " "), strings.Join(f.builds[1].flags, " ")), "")
		fmt.Fprintln(w)
		t := [][]string{{"prober", "ns a probe", "million probes a second"}}
		for i, n := range names {
			s := stat.Summarize(ns[i])
			t = append(t, []string{n, s.Show("%.1f"), fmt.Sprintf("%.2f", 1000/s.Median)})
		}
		md.Table(w, t, 1)
		fmt.Fprintln(w)
		md.Wrap(w, stat.RatioNote+"; faster or slower exactly when the per-round ratios' interval excludes 1, else within noise.", "")
		fmt.Fprintln(w)
		t = [][]string{{"syzygy against", "ratio"}}
		t = append(t, []string{"Fathom's faster build in each round", stat.Compare(ns[0], best, stat.LowerIsFaster).String()})
		for i := 1; i < len(names); i++ {
			t = append(t, []string{names[i], stat.Compare(ns[0], ns[i], stat.LowerIsFaster).String()})
		}
		md.Table(w, t, 1)
		fmt.Fprintln(w)
		md.Wrap(w, fmt.Sprintf("Memory: the package mapped %d table files (%s, the 4-piece WDL files and the "+
			"3-piece ones their captures lead to; the system keeps in memory only the pages probes touch) and "+
			"its heap grew by %s for them (each stream's decoded symbols, 9 bytes a symbol, its 4 KB table of "+
			"code runs, and the tables' headers).", loaded, machine.Size(int(mapped)), machine.Size(int(heap))), "")
	}, nil
}
