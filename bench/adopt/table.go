// Command adopt prints the table of bench/adopt/run.sh: it reads the
// benchmark output of each round and build (files <round>-<build>.txt in the
// directory given), divides per round the unpatched build's ns/op by each
// patched build's (speed relative to the unpatched library, above 1 is
// faster), and prints per benchmark the median of the rounds, the
// distribution-free interval of the median from order statistics (96% for 9
// rounds) and the verdict of the project's rule, bench/internal/stat.Compare:
// faster, slower or within noise. Benchmarks matching -control do not touch slider attacks; they show
// the noise and stay out of the geometric mean.
//
//	go run -C bench ./adopt [-control re] dir
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/internal/stat"
)

var (
	benchLine  = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+\d+\s+([0-9.]+) ns/op`)
	allocsLine = regexp.MustCompile(`\s([0-9]+) allocs/op`)
)

// allocs[build][bench] = allocs/op (the last round read)
var allocs = map[string]map[string]string{}

// readRound returns the ns/op of each benchmark in one output file and
// records its allocs/op, if given, in allocs[build].
func readRound(path, build string) (map[string]float64, []string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	m := map[string]float64{}
	var order []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if s := benchLine.FindStringSubmatch(sc.Text()); s != nil {
			v, err := strconv.ParseFloat(s[2], 64)
			if err != nil {
				return nil, nil, err
			}
			name := strings.TrimPrefix(s[1], "Benchmark")
			if _, ok := m[name]; !ok {
				order = append(order, name)
			}
			m[name] = v
			if a := allocsLine.FindStringSubmatch(sc.Text()); a != nil {
				if allocs[build] == nil {
					allocs[build] = map[string]string{}
				}
				allocs[build][name] = a[1]
			}
		}
	}
	return m, order, sc.Err()
}

// rates turns per-round ns/op into per-round rates (ops/ns), so that
// stat.Compare's ratio of a build to the base is its speed, base ns/op over
// build ns/op.
func rates(ns []float64) []float64 {
	r := make([]float64, len(ns))
	for i, v := range ns {
		r[i] = 1 / v
	}
	return r
}

func main() {
	control := flag.String("control", "^PositionHash$", "benchmarks that do not touch slider attacks (kept out of the geometric mean)")
	base := flag.String("base", "base", "the unpatched build")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: adopt [-control re] [-base name] dir")
		os.Exit(2)
	}
	ctl := regexp.MustCompile(*control)
	files, err := filepath.Glob(filepath.Join(flag.Arg(0), "*-*.txt"))
	if err != nil || len(files) == 0 {
		fmt.Fprintln(os.Stderr, "adopt: no <round>-<build>.txt files in", flag.Arg(0))
		os.Exit(1)
	}
	// data[round][build][bench] = ns/op
	data := map[string]map[string]map[string]float64{}
	var builds, order []string
	seen := map[string]bool{}
	for _, f := range files {
		round, build, _ := strings.Cut(strings.TrimSuffix(filepath.Base(f), ".txt"), "-")
		m, o, err := readRound(f, build)
		if err != nil {
			fmt.Fprintln(os.Stderr, "adopt:", err)
			os.Exit(1)
		}
		if data[round] == nil {
			data[round] = map[string]map[string]float64{}
		}
		data[round][build] = m
		if !seen["b:"+build] && build != *base {
			seen["b:"+build] = true
			builds = append(builds, build)
		}
		if build == *base && len(order) == 0 {
			order = o
		}
	}
	sort.Strings(builds)
	n := len(data)

	fmt.Printf("%d rounds; speed = %s ns/op / build ns/op in the same round (above 1: faster); median [interval]\n", n, *base)
	fmt.Printf("slider kernel of github.com/symmagic/attacks: %s\n\n", attacks.Kernel())
	fmt.Printf("| benchmark | %s ns/op |", *base)
	for _, b := range builds {
		fmt.Printf(" %s speed | %s |", b, b)
	}
	fmt.Print("\n|---|--:|")
	for range builds {
		fmt.Print("--:|---|")
	}
	fmt.Println()
	rounds := make([]string, 0, n)
	for r := range data {
		rounds = append(rounds, r)
	}
	sort.Strings(rounds)
	// logRate[build][i]: the sum over non-control benchmarks of log(ops/ns)
	// in round i, for the geometric mean.
	logRate := map[string][]float64{}
	for _, b := range append([]string{*base}, builds...) {
		logRate[b] = make([]float64, n)
	}
	nGeo := 0
	var cover float64
	for _, name := range order {
		ns := func(b string) []float64 {
			v := make([]float64, n)
			for i, r := range rounds {
				v[i] = data[r][b][name]
			}
			return v
		}
		baseNs := ns(*base)
		label := name
		control := ctl.MatchString(name)
		if control {
			label += " (control)"
		} else {
			nGeo++
		}
		fmt.Printf("| %s | %.0f |", label, stat.Summarize(baseNs).Median)
		for _, b := range append([]string{*base}, builds...) {
			v := ns(b)
			if !control {
				for i := range v {
					logRate[b][i] -= math.Log(v[i])
				}
			}
			if b == *base {
				continue
			}
			c := stat.Compare(rates(v), rates(baseNs), stat.HigherIsFaster)
			cover = c.Ratio.Coverage
			fmt.Printf(" %.3f [%.3f, %.3f] | %v |", c.Ratio.Median, c.Ratio.Lo, c.Ratio.Hi, c.Verdict)
		}
		fmt.Println()
	}
	geo := func(b string) []float64 {
		g := make([]float64, n)
		for i, l := range logRate[b] {
			g[i] = math.Exp(l / float64(nGeo))
		}
		return g
	}
	fmt.Printf("| geometric mean of the %d non-control rows | |", nGeo)
	for _, b := range builds {
		c := stat.Compare(geo(b), geo(*base), stat.HigherIsFaster)
		fmt.Printf(" %.3f [%.3f, %.3f] | %v |", c.Ratio.Median, c.Ratio.Lo, c.Ratio.Hi, c.Verdict)
	}
	fmt.Println()
	for i, a := range builds {
		for _, b := range builds[i+1:] {
			c := stat.Compare(geo(a), geo(b), stat.HigherIsFaster)
			fmt.Printf("\ngeometric mean, %s against %s in the same round: %.3f [%.3f, %.3f] %v", a, b, c.Ratio.Median, c.Ratio.Lo, c.Ratio.Hi, c.Verdict)
		}
	}
	fmt.Printf("\n\ninterval: order statistics of the %d per-round ratios, coverage %.1f%% for the median; "+
		"the verdict is bench/internal/stat.Compare's: faster or slower exactly when the ratio's interval excludes 1\n", n, 100*cover)
	same := true
	for _, name := range order {
		for _, b := range builds {
			// allocs/op is an average over b.N; pools make it wander by one
			a, ok := allocs[b][name]
			x, _ := strconv.Atoi(a)
			y, _ := strconv.Atoi(allocs[*base][name])
			if ok && math.Abs(float64(x-y)) > math.Max(1, float64(y)/100) {
				same = false
				fmt.Printf("allocs/op differ: %s: %s %s, %s %s\n", name, *base, allocs[*base][name], b, a)
			}
		}
	}
	if same && len(allocs) > 0 {
		fmt.Println("allocs/op: the same in every build for every benchmark (within 1 or 1%)")
	}
}
