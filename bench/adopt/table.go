// Command adopt prints the table of bench/adopt/run.sh: it reads the
// benchmark output of each round and build (files <round>-<build>.txt in the
// directory given), divides per round the unpatched build's ns/op by each
// patched build's (speed relative to the unpatched library, above 1 is
// faster), and prints per benchmark the median of the rounds, the
// distribution-free interval of the median from order statistics (96% for 9
// rounds) and the verdict the interval allows: faster, slower or within
// noise. Benchmarks matching -control do not touch slider attacks; they show
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

// interval returns the median of xs and the order-statistic interval
// [x(k), x(n+1-k)] with the largest k whose coverage is at least 95%, and
// that coverage.
func interval(xs []float64) (med, lo, hi, cover float64) {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		med = s[n/2]
	} else {
		med = (s[n/2-1] + s[n/2]) / 2
	}
	// tail[k] = P(Binomial(n, 1/2) <= k-1)
	k, cover := 1, 1-2*math.Pow(0.5, float64(n))
	for j := 2; j <= n/2; j++ {
		var tail float64
		for i := 0; i < j; i++ {
			tail += binom(n, i) * math.Pow(0.5, float64(n))
		}
		if c := 1 - 2*tail; c >= 0.95 {
			k, cover = j, c
		}
	}
	return med, s[k-1], s[n-k], cover
}

func binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}

func verdict(lo, hi float64) string {
	switch {
	case lo > 1:
		return "faster"
	case hi < 1:
		return "slower"
	}
	return "within noise"
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
	logs := map[string]map[string]float64{} // build -> round -> sum of log speeds
	var cover float64
	nGeo := 0
	for _, name := range order {
		var baseNs []float64
		for _, r := range data {
			baseNs = append(baseNs, r[*base][name])
		}
		med, _, _, _ := interval(baseNs)
		label := name
		if ctl.MatchString(name) {
			label += " (control)"
		} else {
			nGeo++
		}
		fmt.Printf("| %s | %.0f |", label, med)
		for _, b := range builds {
			var sp []float64
			for round, r := range data {
				v, ok := r[b][name]
				if !ok || v == 0 {
					continue
				}
				s := r[*base][name] / v
				sp = append(sp, s)
				if !ctl.MatchString(name) {
					if logs[b] == nil {
						logs[b] = map[string]float64{}
					}
					logs[b][round] += math.Log(s)
				}
			}
			m, lo, hi, c := interval(sp)
			cover = c
			fmt.Printf(" %.3f [%.3f, %.3f] | %s |", m, lo, hi, verdict(lo, hi))
		}
		fmt.Println()
	}
	fmt.Printf("| geometric mean of the %d non-control rows | |", nGeo)
	for _, b := range builds {
		var g []float64
		for _, v := range logs[b] {
			g = append(g, math.Exp(v/float64(nGeo)))
		}
		m, lo, hi, _ := interval(g)
		fmt.Printf(" %.3f [%.3f, %.3f] | %s |", m, lo, hi, verdict(lo, hi))
	}
	fmt.Printf("\n\ninterval: order statistics of the %d per-round ratios, coverage %.1f%% for the median\n", n, 100*cover)
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
