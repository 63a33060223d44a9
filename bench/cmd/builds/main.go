// Command builds compares the library's two amd64 builds side by side: the
// default build and the build with GOEXPERIMENT=simd GOAMD64=v4, in which
// the permute into W layout is written with simd/archsimd and ToW and
// NewOccupancy inline with no call (kernel amd64-simd). Rook, Bishop,
// Queen and the W lookups are the same Go code in both.
//
//	go run -C bench ./cmd/builds [-rounds N] [-quick] [-benchtime D]
//
// It builds the root package's test binary and cmd/perft once per build,
// then runs interleaved rounds: in each round, for each build (the order
// alternating from round to round), the root package's benchmarks of what
// the builds do differently (BenchmarkToW, BenchmarkToWLatency,
// BenchmarkOccupancy/op=New and BenchmarkRookUnion, under the build's
// default kernel), then perft on kiwipete at depth 5 with every -slider. It
// prints a markdown report: medians with 95% intervals, perft against the
// fastest magic of the same build by stat.Compare, then the simd build
// against the default one. On a CPU without AVX-512 (GOAMD64=v4) it runs the default
// build only.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/symmagic/attacks/bench/internal/perfload"
	"github.com/symmagic/attacks/bench/internal/stat"
	"golang.org/x/sys/cpu"
)

var sliders = []string{"std", "occ", "w", "fancy", "plain", "black"}

type build struct {
	name        string
	env         []string
	test, perft string
	kernel      string                          // the build's default kernel, as perft reports it
	ns          map[string]map[string][]float64 // benchmark -> kernel -> ns/op, one per round
	nps         map[string][]float64            // slider -> millions of nodes/s, one per round
}

// benchmarks are the root package's benchmarks of what the builds do
// differently, by the names parseBench gives them.
var benchmarks = []struct{ name, title string }{
	{"BenchmarkToW", "ToW hot, ns/op"},
	{"BenchmarkToWLatency", "ToW latency, ns/op"},
	{"BenchmarkOccupancy/op=New", "NewOccupancy hot, ns/op"},
	{"BenchmarkRookUnion", "RookUnion hot, ns/op"},
}

func main() {
	rounds := flag.Int("rounds", 9, "interleaved rounds")
	quick := flag.Bool("quick", false, "3 rounds")
	bt := flag.String("benchtime", "0.3s", "-test.benchtime of each benchmark")
	flag.Parse()
	if *quick {
		*rounds = 3
	}
	if *rounds < 1 {
		fmt.Fprintln(os.Stderr, "builds: -rounds must be at least 1")
		os.Exit(2)
	}
	if err := run(*rounds, *bt); err != nil {
		fmt.Fprintln(os.Stderr, "builds:", err)
		os.Exit(1)
	}
}

func run(rounds int, bt string) error {
	root, err := findRoot()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "builds")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	builds := []*build{{name: "default"}}
	v4 := runtime.GOARCH == "amd64" && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW &&
		cpu.X86.HasAVX512CD && cpu.X86.HasAVX512DQ && cpu.X86.HasAVX512VL
	if v4 {
		builds = append(builds, &build{name: "simd", env: []string{"GOEXPERIMENT=simd", "GOAMD64=v4"}})
	}
	for _, b := range builds {
		b.test, b.perft = filepath.Join(tmp, b.name+".test"), filepath.Join(tmp, b.name+".perft")
		b.ns, b.nps = map[string]map[string][]float64{}, map[string][]float64{}
		fmt.Fprintf(os.Stderr, "building %s\n", b.name)
		if _, err := command(root, b.env, "go", "test", "-c", "-o", b.test, "."); err != nil {
			return err
		}
		if _, err := command(filepath.Join(root, "bench"), b.env, "go", "build", "-o", b.perft, "./cmd/perft"); err != nil {
			return err
		}
	}
	for r := 0; r < rounds; r++ {
		for i := range builds {
			b := builds[(i+r)%len(builds)] // alternate which build goes first
			fmt.Fprintf(os.Stderr, "round %d/%d: %s\n", r+1, rounds, b.name)
			out, err := command(root, nil, b.test, "-test.run", "^$", "-test.bench", "^Benchmark(ToW|ToWLatency|Occupancy|RookUnion)$/^(kernel=|op=New$)",
				"-test.count", "1", "-test.benchtime", bt)
			if err != nil {
				return err
			}
			for bench, ks := range parseBench(out) {
				if b.ns[bench] == nil {
					b.ns[bench] = map[string][]float64{}
				}
				for k, ns := range ks {
					b.ns[bench][k] = append(b.ns[bench][k], ns)
				}
			}
			for _, s := range sliders {
				out, err := command(root, nil, b.perft, "-fen", perfload.Kiwipete, "-depth", "5", "-slider", s)
				if err != nil {
					return err
				}
				nps, kernel, err := parsePerft(out)
				if err != nil {
					return fmt.Errorf("%s perft -slider %s: %v", b.name, s, err)
				}
				b.nps[s] = append(b.nps[s], nps/1e6)
				if s == "w" {
					b.kernel = kernel
				}
			}
		}
	}
	goVersion, _ := command(root, nil, "go", "version")
	fmt.Printf("# The default and the simd build\n\nCPU: %s  \n%s  \nCommand: `go run -C bench ./cmd/builds %s`, %d interleaved rounds, -benchtime %s; the machine is shared, expect noise.\n",
		stat.CPUModel(), strings.TrimSpace(goVersion), strings.Join(os.Args[1:], " "), rounds, bt)
	if !v4 {
		fmt.Printf("\nThis CPU cannot run GOAMD64=v4 (AVX-512 F/BW/CD/DQ/VL): the default build only.\n")
	}
	for _, b := range builds {
		fmt.Printf("\n## Build %s (env: %s), kernel %s\n\n", b.name, orNone(b.env), b.kernel)
		fmt.Printf("| measurement | median [95%% interval] | against the fastest magic (perft: of fancy, plain and black) |\n|---|---|---|\n")
		for _, m := range benchmarks {
			if ns := b.ns[m.name][b.kernel]; len(ns) > 0 {
				fmt.Printf("| %s kernel=%s | %s | (the main job compares lookups with the magics) |\n", m.title, b.kernel, interval(stat.Summarize(ns), "%.3f"))
			} else {
				fmt.Printf("| %s kernel=%s | missing | |\n", m.title, b.kernel)
			}
		}
		base := fastestOf(stat.HigherIsFaster, b.nps, "fancy", "plain", "black")
		for _, s := range sliders {
			row("perft kiwipete 5 Mnodes/s -slider "+s, s, b.nps[s], b.nps[base], base, stat.HigherIsFaster, "%.0f")
		}
	}
	if len(builds) == 2 {
		d, s := builds[0], builds[1]
		fmt.Printf("\n## The simd build against the default build\n\n| measurement | simd | default | simd against default |\n|---|---|---|---|\n")
		cross := func(name string, a, base []float64, dir stat.Direction, f string) {
			c := stat.Compare(a, base, dir)
			fmt.Printf("| %s | %s | %s | %v |\n", name, interval(c.A, f), interval(c.Base, f), c)
		}
		for _, m := range benchmarks {
			cross(fmt.Sprintf("%s (%s against %s)", m.title, s.kernel, d.kernel), s.ns[m.name][s.kernel], d.ns[m.name][d.kernel], stat.LowerIsFaster, "%.3f")
		}
		for _, sl := range []string{"std", "occ", "w"} {
			cross("perft kiwipete 5 Mnodes/s -slider "+sl, s.nps[sl], d.nps[sl], stat.HigherIsFaster, "%.0f")
		}
	}
	return nil
}

// row prints one measurement and, unless it is the base, its comparison.
func row(name, key string, a, base []float64, baseName string, dir stat.Direction, f string) {
	if len(a) == 0 || len(a) != len(base) {
		fmt.Printf("| %s | missing | |\n", name)
		return
	}
	c := stat.Compare(a, base, dir)
	vs := fmt.Sprintf("%v (against %s)", c, baseName)
	if key == baseName {
		vs = "base"
	}
	fmt.Printf("| %s | %s | %s |\n", name, interval(c.A, f), vs)
}

func interval(s stat.Summary, f string) string {
	return fmt.Sprintf(f+" ["+f+", "+f+"]", s.Median, s.Lo, s.Hi)
}

// fastestOf names the one of names whose rounds are fastest by stat.Fastest.
func fastestOf(dir stat.Direction, sets map[string][]float64, names ...string) string {
	var ss [][]float64
	for _, n := range names {
		ss = append(ss, sets[n])
	}
	return names[stat.Fastest(dir, ss...)]
}

func orNone(env []string) string {
	if len(env) == 0 {
		return "none"
	}
	return strings.Join(env, " ")
}

// command runs name with args in dir, with env added to the environment,
// and returns its standard output.
func command(dir string, env []string, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env, cmd.Stderr = dir, append(os.Environ(), env...), os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return string(out), fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

// findRoot walks up from the working directory to the directory whose
// go.mod declares module github.com/symmagic/attacks.
func findRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil {
			for _, line := range strings.Split(string(b), "\n") {
				if f := strings.Fields(line); len(f) == 2 && f[0] == "module" && f[1] == "github.com/symmagic/attacks" {
					return dir, nil
				}
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod of github.com/symmagic/attacks above the working directory")
		}
		dir = parent
	}
}

// parseBench returns the ns/op of each sub-benchmark kernel=NAME of the
// output of go test -bench, by benchmark: lines such as
// "BenchmarkRook/kernel=fancy-2   84692230   1.896 ns/op".
func parseBench(out string) map[string]map[string]float64 {
	res := map[string]map[string]float64{}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		bench, sub, ok := strings.Cut(f[0], "/kernel=")
		if !ok {
			continue
		}
		if i := strings.LastIndex(sub, "-"); i >= 0 {
			if _, err := strconv.Atoi(sub[i+1:]); err == nil {
				sub = sub[:i] // the -GOMAXPROCS suffix
			}
		}
		for i := 2; i < len(f); i++ {
			if f[i] == "ns/op" {
				if ns, err := strconv.ParseFloat(f[i-1], 64); err == nil {
					if res[bench] == nil {
						res[bench] = map[string]float64{}
					}
					res[bench][sub] = ns
				}
			}
		}
	}
	return res
}

// parsePerft returns the nodes per second ("nps N") and the kernel
// ("... kernel NAME ...") of cmd/perft's output.
func parsePerft(out string) (nps float64, kernel string, err error) {
	found := false
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && f[0] == "nps" {
			if nps, err = strconv.ParseFloat(f[1], 64); err != nil {
				return 0, "", fmt.Errorf("bad nps line %q", line)
			}
			found = true
		}
		for i := 0; i+1 < len(f); i++ {
			if f[0] == "depth" && f[i] == "kernel" {
				kernel = f[i+1]
			}
		}
	}
	if !found {
		return 0, "", fmt.Errorf("no nps line in %q", out)
	}
	return nps, kernel, nil
}
