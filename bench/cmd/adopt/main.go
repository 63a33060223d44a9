// Command adopt makes the table of bench/adopt/run.sh, which adopts this
// library in another Go chess library and measures that library's own
// benchmarks in three builds (docs/ADOPTING.md). It reads the benchmark
// output of each round and build, files ROUND-BUILD.txt in the directory
// given, and prints per benchmark the base build's ns/op and each other
// build's speed against it: the base's ns/op over the build's in the same
// round (above 1 faster), the median of the rounds with the
// distribution-free interval of the median from order statistics (96% for
// 9 rounds) and the verdict of the project's rule, bench/internal/stat.Compare:
// faster, slower or within noise. Benchmarks matching -control do not touch
// slider attacks; they show the noise and stay out of the geometric mean.
//
//	go run -C bench ./cmd/adopt DIR                 the report on stdout
//	go run -C bench ./cmd/adopt -write DIR          the same, and results/CPU/adopt.md written
//
// The report's header names the CPU and build of the machine it runs on
// (bench/internal/machine): run it where the rounds ran, as run.sh does.
package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/stat"
)

func main() {
	cli.Main("adopt", run)
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("adopt", "go run -C bench ./cmd/adopt [flags] DIR",
		"The table of bench/adopt/run.sh from the benchmark output in DIR (files ROUND-BUILD.txt): the\n"+
			"report on stdout. Nothing is written without -write.\n", stderr)
	control := fs.String("control", "^PositionHash$", "benchmarks that do not touch slider attacks (kept out of the geometric mean)")
	base := fs.String("base", "base", "the unpatched build, the base of every ratio")
	title := fs.String("title", "Adoption benchmarks", "the report's title")
	out := cli.AddOutput(fs, "adopt.md")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return cli.Usagef("want one directory of ROUND-BUILD.txt files, have %d arguments", fs.NArg())
	}
	if err := out.Check(); err != nil {
		return err
	}
	ctl, err := regexp.Compile(*control)
	if err != nil {
		return cli.Usagef("-control: %v", err)
	}
	rs, err := readRounds(fs.Arg(0), *base)
	if err != nil {
		return err
	}
	rep := report{title: *title, machine: machine.Here(), kernel: attacks.Kernel(), control: ctl, rounds: rs}
	return out.Report("adopt.md", rep.write, stdout, stderr)
}

var (
	benchLine  = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+\d+\s+([0-9.]+) ns/op`)
	allocsLine = regexp.MustCompile(`\s([0-9]+) allocs/op`)
)

// rounds is what a directory of benchmark output holds.
type rounds struct {
	base   string
	builds []string                                 // the other builds, sorted
	order  []string                                 // the benchmarks, in the base's order
	ns     map[string]map[string]map[string]float64 // round -> build -> benchmark -> ns/op
	allocs map[string]map[string]string             // build -> benchmark -> allocs/op (the last round read)
	names  []string                                 // the rounds, sorted
}

// readRounds reads every ROUND-BUILD.txt file of dir.
func readRounds(dir, base string) (*rounds, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*-*.txt"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no ROUND-BUILD.txt files in %s", dir)
	}
	rs := &rounds{base: base, ns: map[string]map[string]map[string]float64{}, allocs: map[string]map[string]string{}}
	seen := map[string]bool{}
	for _, f := range files {
		round, build, _ := strings.Cut(strings.TrimSuffix(filepath.Base(f), ".txt"), "-")
		m, order, err := rs.readRound(f, build)
		if err != nil {
			return nil, err
		}
		if rs.ns[round] == nil {
			rs.ns[round] = map[string]map[string]float64{}
			rs.names = append(rs.names, round)
		}
		rs.ns[round][build] = m
		if !seen[build] && build != base {
			seen[build] = true
			rs.builds = append(rs.builds, build)
		}
		if build == base && len(rs.order) == 0 {
			rs.order = order
		}
	}
	sort.Strings(rs.builds)
	sort.Strings(rs.names)
	if len(rs.order) == 0 {
		return nil, fmt.Errorf("%s: no benchmarks of the base build %q", dir, base)
	}
	if len(rs.builds) == 0 {
		return nil, fmt.Errorf("%s: no build but the base %q", dir, base)
	}
	// Every round has every build's every benchmark: a ratio needs both.
	for _, r := range rs.names {
		for _, b := range append([]string{base}, rs.builds...) {
			for _, name := range rs.order {
				if _, ok := rs.ns[r][b][name]; !ok {
					return nil, fmt.Errorf("%s: round %s of build %s has no %s", dir, r, b, name)
				}
			}
		}
	}
	return rs, nil
}

// readRound returns the ns/op of each benchmark in one output file, in
// order, and records its allocs/op, if given.
func (rs *rounds) readRound(path, build string) (map[string]float64, []string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	m := map[string]float64{}
	var order []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		s := benchLine.FindStringSubmatch(sc.Text())
		if s == nil {
			continue
		}
		v, err := strconv.ParseFloat(s[2], 64)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", path, err)
		}
		name := strings.TrimPrefix(s[1], "Benchmark")
		if _, ok := m[name]; !ok {
			order = append(order, name)
		}
		m[name] = v
		if a := allocsLine.FindStringSubmatch(sc.Text()); a != nil {
			if rs.allocs[build] == nil {
				rs.allocs[build] = map[string]string{}
			}
			rs.allocs[build][name] = a[1]
		}
	}
	return m, order, sc.Err()
}

// nsOf returns build's ns/op of benchmark name, a value a round.
func (rs *rounds) nsOf(build, name string) []float64 {
	v := make([]float64, len(rs.names))
	for i, r := range rs.names {
		v[i] = rs.ns[r][build][name]
	}
	return v
}

type report struct {
	title   string
	machine machine.Record
	kernel  string
	control *regexp.Regexp
	rounds  *rounds
}

// write writes the report in Markdown: the header, then the table (wider
// than 100 columns, as its rows are), the geometric means and allocs/op.
func (r *report) write(w io.Writer) error {
	rs := r.rounds
	n := len(rs.names)
	fmt.Fprintf(w, "# %s\n\n", r.title)
	m := r.machine.Lines()
	md.Wrap(w, m[0]+"\n"+m[1], "")
	fmt.Fprintln(w)
	md.Wrap(w, fmt.Sprintf("%s. Made by `go run -C bench ./cmd/adopt` from bench/adopt/run.sh's rounds; "+
		"slider kernel of github.com/symmagic/attacks: %s.", stat.RatioNote, r.kernel), "")
	fmt.Fprintf(w, "\n%d rounds; speed = %s ns/op / build ns/op in the same round (above 1: faster); median [interval]\n\n", n, rs.base)
	fmt.Fprintf(w, "| benchmark | %s ns/op |", rs.base)
	for _, b := range rs.builds {
		fmt.Fprintf(w, " %s speed | %s |", b, b)
	}
	fmt.Fprint(w, "\n|---|--:|")
	for range rs.builds {
		fmt.Fprint(w, "--:|---|")
	}
	fmt.Fprintln(w)
	// logRate[build][i]: the sum over non-control benchmarks of log(ops/ns)
	// in round i, for the geometric mean.
	logRate := map[string][]float64{}
	for _, b := range append([]string{rs.base}, rs.builds...) {
		logRate[b] = make([]float64, n)
	}
	nGeo := 0
	var cover float64
	for _, name := range rs.order {
		baseNs := rs.nsOf(rs.base, name)
		label := name
		control := r.control.MatchString(name)
		if control {
			label += " (control)"
		} else {
			nGeo++
		}
		fmt.Fprintf(w, "| %s | %.0f |", label, stat.Summarize(baseNs).Median)
		for _, b := range append([]string{rs.base}, rs.builds...) {
			v := rs.nsOf(b, name)
			if !control {
				for i := range v {
					logRate[b][i] -= math.Log(v[i])
				}
			}
			if b == rs.base {
				continue
			}
			c := stat.Compare(v, baseNs, stat.LowerIsFaster)
			cover = c.Ratio.Coverage
			fmt.Fprintf(w, " %s | %v |", ratio(c), c.Verdict)
		}
		fmt.Fprintln(w)
	}
	if nGeo == 0 {
		return fmt.Errorf("every benchmark matches -control %q: no geometric mean", r.control)
	}
	// geo is build b's geometric mean rate (ops/ns) of every round.
	geo := func(b string) []float64 {
		g := make([]float64, n)
		for i, l := range logRate[b] {
			g[i] = math.Exp(l / float64(nGeo))
		}
		return g
	}
	fmt.Fprintf(w, "| geometric mean of the %d non-control rows | |", nGeo)
	for _, b := range rs.builds {
		c := stat.Compare(geo(b), geo(rs.base), stat.HigherIsFaster)
		fmt.Fprintf(w, " %s | %v |", ratio(c), c.Verdict)
	}
	fmt.Fprintln(w)
	for i, a := range rs.builds {
		for _, b := range rs.builds[i+1:] {
			c := stat.Compare(geo(a), geo(b), stat.HigherIsFaster)
			fmt.Fprintf(w, "\ngeometric mean, %s against %s in the same round: %s %v\n", a, b, ratio(c), c.Verdict)
		}
	}
	fmt.Fprintf(w, "\ninterval: order statistics of the %d per-round ratios, coverage %.1f%% for the median; "+
		"the verdict is bench/internal/stat.Compare's: faster or slower exactly when the ratio's interval excludes 1\n", n, 100*cover)
	same := true
	for _, name := range rs.order {
		for _, b := range rs.builds {
			// allocs/op is an average over b.N; pools make it wander by one
			a, ok := rs.allocs[b][name]
			x, _ := strconv.Atoi(a)
			y, _ := strconv.Atoi(rs.allocs[rs.base][name])
			if ok && math.Abs(float64(x-y)) > math.Max(1, float64(y)/100) {
				same = false
				fmt.Fprintf(w, "allocs/op differ: %s: %s %s, %s %s\n", name, rs.base, rs.allocs[rs.base][name], b, a)
			}
		}
	}
	if same && len(rs.allocs) > 0 {
		fmt.Fprintln(w, "allocs/op: the same in every build for every benchmark (within 1 or 1%)")
	}
	return nil
}

// ratio is a comparison's speed ratio and interval to three decimals.
func ratio(c stat.Comparison) string {
	if !c.HasRatio() {
		return ""
	}
	return fmt.Sprintf("%.3f [%.3f, %.3f]", c.Ratio.Median, c.Ratio.Lo, c.Ratio.Hi)
}
