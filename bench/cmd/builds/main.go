// Command builds compares the library's two amd64 builds side by side: the
// default build and the build with GOEXPERIMENT=simd GOAMD64=v4, in which
// the permute into W layout is written with simd/archsimd and ToW and
// NewOccupancy inline with no call (kernel amd64-simd). Rook, Bishop,
// Queen and the W lookups are the same Go code in both.
//
//	go run -C bench ./cmd/builds              9 rounds: the report on stdout, nothing written
//	go run -C bench ./cmd/builds -write       the same, and results/CPU/builds.md written
//	go run -C bench ./cmd/builds -quick       2 short rounds, perft at depth 3: a check that it runs
//
// It builds the root package's test binary and bench/perft's workers of
// six slider modes once per build, then runs interleaved rounds: in each
// round, for each build (the order alternating from round to round), the
// root package's benchmarks of what the builds do differently
// (BenchmarkToW, BenchmarkToWLatency, BenchmarkOccupancy/op=New and
// BenchmarkRookUnion, under the build's default kernel), then perft on
// kiwipete (depth 5) in each mode, the order rotating. It
// prints a Markdown report: the CPU and each build's Go settings as its
// binary records them (bench/internal/machine), medians with 95% intervals,
// perft against the fastest magic of the same build by stat.Compare, then
// the simd build against the default one; every ratio a speed ratio, above
// 1 faster. On a CPU without AVX-512 (GOAMD64=v4) it runs the default build
// only. -out DIR names the directory -write writes to (default results,
// which go run -C bench puts in bench/).
package main

import (
	"bufio"
	"context"
	"debug/buildinfo"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/perfload"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/bench/perft"
	"golang.org/x/sys/cpu"
)

func main() {
	cli.Main("builds", run)
}

var sliders = []perft.Mode{perft.ModeStd, perft.ModeOcc, perft.ModeW, perft.ModeFancy, perft.ModePlain, perft.ModeBlack}

type build struct {
	perft.Build
	test   string
	pool   *perft.Pool                     // the build's perft workers, one a slider mode
	built  machine.Build                   // as the test binary records it
	kernel string                          // the build's default kernel, as its w worker reports it
	ns     map[string]map[string][]float64 // benchmark -> kernel -> ns/op, one per round
	nps    map[perft.Mode][]float64        // slider -> millions of nodes/s, one per round
}

// benchmarks are the root package's benchmarks of what the builds do
// differently, by the names parseBench gives them.
var benchmarks = []struct{ name, title string }{
	{"BenchmarkToW", "ToW hot"},
	{"BenchmarkToWLatency", "ToW latency"},
	{"BenchmarkOccupancy/op=New", "NewOccupancy hot"},
	{"BenchmarkRookUnion", "RookUnion hot"},
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("builds", "go run -C bench ./cmd/builds [flags]",
		"The default and the simd build (GOEXPERIMENT=simd GOAMD64=v4) side by side: the report on stdout,\n"+
			"progress on stderr. Nothing is written without -write.\n", stderr)
	quick := fs.Bool("quick", false, "2 rounds, -benchtime 20ms, perft at depth 3: a check that it runs, not a measurement")
	rounds := fs.Int("rounds", 0, "interleaved rounds (default 9, -quick 2)")
	bt := fs.String("benchtime", "", "-test.benchtime of each benchmark (default 0.3s, -quick 20ms)")
	depth := fs.Int("depth", 0, "perft depth on kiwipete (default 5, -quick 3)")
	out := cli.AddOutput(fs, "builds.md")
	if err := cli.ParseNoArgs(fs, args); err != nil {
		return err
	}
	if err := out.Check(); err != nil {
		return err
	}
	if *rounds < 0 || *depth < 0 {
		return cli.Usagef("-rounds %d -depth %d: neither may be negative", *rounds, *depth)
	}
	cfg := config{rounds: 9, benchtime: "0.3s", depth: 5}
	if *quick {
		cfg = config{rounds: 2, benchtime: "20ms", depth: 3}
	}
	if *rounds > 0 {
		cfg.rounds = *rounds
	}
	if *bt != "" {
		cfg.benchtime = *bt
	}
	if *depth > 0 {
		cfg.depth = *depth
	}
	cfg.command = "go run -C bench ./cmd/builds " + strings.Join(args, " ")
	builds, err := measure(cfg, stderr)
	if err != nil {
		return err
	}
	return out.Report("builds.md", func(w io.Writer) error { writeReport(w, cfg, builds); return nil }, stdout, stderr)
}

type config struct {
	rounds    int
	benchtime string
	depth     int
	command   string
}

// v4 reports whether this CPU runs GOAMD64=v4 code: the simd build.
func v4() bool {
	return runtime.GOARCH == "amd64" && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW &&
		cpu.X86.HasAVX512CD && cpu.X86.HasAVX512DQ && cpu.X86.HasAVX512VL
}

// measure builds the builds and runs their rounds, progress on stderr.
func measure(cfg config, stderr io.Writer) ([]*build, error) {
	root, err := findRoot()
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "builds")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	builds := []*build{{Build: perft.DefaultBuild}}
	if v4() {
		builds = append(builds, &build{Build: perft.Build{Name: "simd", Env: []string{"GOEXPERIMENT=simd", "GOAMD64=v4"}}})
	}
	defer func() {
		for _, b := range builds {
			if b.pool != nil {
				b.pool.Close()
			}
		}
	}()
	for _, b := range builds {
		b.test = filepath.Join(tmp, b.Name+".test")
		b.ns, b.nps = map[string]map[string][]float64{}, map[perft.Mode][]float64{}
		fmt.Fprintf(stderr, "building %s\n", b.Name)
		if _, err := command(stderr, root, b.Env, "go", "test", "-c", "-o", b.test, "."); err != nil {
			return nil, err
		}
		bi, err := buildinfo.ReadFile(b.test)
		if err != nil {
			return nil, err
		}
		b.built = machine.BuildOf(bi)
		if b.pool, err = perft.NewPool(b.Build, sliders, true); err != nil {
			return nil, err
		}
		info, err := b.pool.Worker(perft.ModeW).Info()
		if err != nil {
			return nil, err
		}
		b.kernel = info.Kernel
	}
	start := time.Now()
	for r := 0; r < cfg.rounds; r++ {
		for i := range builds {
			b := builds[(i+r)%len(builds)] // alternate which build goes first
			fmt.Fprintf(stderr, "round %d/%d: %s (%v so far)\n", r+1, cfg.rounds, b.Name, time.Since(start).Round(time.Second))
			out, err := command(stderr, root, nil, b.test, "-test.run", "^$", "-test.bench", "^Benchmark(ToW|ToWLatency|Occupancy|RookUnion)$/^(kernel=|op=New$)",
				"-test.count", "1", "-test.benchtime", cfg.benchtime)
			if err != nil {
				return nil, err
			}
			for bench, ks := range parseBench(out) {
				if b.ns[bench] == nil {
					b.ns[bench] = map[string][]float64{}
				}
				for k, ns := range ks {
					b.ns[bench][k] = append(b.ns[bench][k], ns)
				}
			}
			for k := range sliders {
				s := sliders[(k+r)%len(sliders)]
				res, err := b.pool.Worker(s).Run(context.Background(), perfload.Kiwipete, cfg.depth, perft.Options{})
				if err != nil {
					return nil, fmt.Errorf("%s build, perft -slider %s: %v", b.Name, s, err)
				}
				b.nps[s] = append(b.nps[s], float64(res.Nodes)/res.Elapsed.Seconds()/1e6)
			}
		}
	}
	return builds, nil
}

// writeReport writes the report in Markdown, every line within md.Width.
func writeReport(w io.Writer, cfg config, builds []*build) {
	cover := stat.Summarize(make([]float64, cfg.rounds)).Coverage
	here := machine.Here()
	here.Build = builds[0].built
	m := here.Lines()
	fmt.Fprintf(w, "# The default and the simd build\n\n")
	md.Wrap(w, m[0]+"\n"+m[1]+" (the default build)", "")
	fmt.Fprintln(w)
	md.Wrap(w, fmt.Sprintf("Command: `%s`. %d interleaved rounds, -benchtime %s, perft on kiwipete at depth %d; "+
		"medians, in brackets the interval that holds the median with %.1f%% confidence. The machine is shared: expect noise.",
		strings.TrimSpace(cfg.command), cfg.rounds, cfg.benchtime, cfg.depth, 100*cover), "")
	fmt.Fprintln(w)
	md.Wrap(w, stat.RatioNote+"; faster or slower exactly when the per-round ratios' interval excludes 1, else within noise.", "")
	if len(builds) == 1 {
		fmt.Fprintf(w, "\nThis CPU cannot run GOAMD64=v4 (AVX-512 F/BW/CD/DQ/VL): the default build only.\n")
	}
	for _, b := range builds {
		fmt.Fprintf(w, "\n## Build %s: %s, kernel %s\n\n", b.Name, b.built, b.kernel)
		t := [][]string{{"benchmark, kernel " + b.kernel, "ns/op"}}
		for _, m := range benchmarks {
			cell := "missing"
			if ns := b.ns[m.name][b.kernel]; len(ns) > 0 {
				cell = stat.Summarize(ns).Show("%.3f")
			}
			t = append(t, []string{m.title, cell})
		}
		md.Table(w, t, 1)
		base := fastestOf(stat.HigherIsFaster, b.nps, perft.Magics...)
		fmt.Fprintln(w)
		t = [][]string{{"perft -slider", "million nodes/s", "against " + string(base) + " (fastest magic)"}}
		for _, s := range sliders {
			vs := "base"
			if s != base {
				vs = compare(b.nps[s], b.nps[base], stat.HigherIsFaster)
			}
			t = append(t, []string{string(s), intervalOrMissing(b.nps[s], "%.0f"), vs})
		}
		md.Table(w, t, 1)
	}
	if len(builds) == 2 {
		d, s := builds[0], builds[1]
		fmt.Fprintf(w, "\n## The simd build against the default build\n\n")
		md.Wrap(w, fmt.Sprintf("The measurements above, round by round: the simd build (kernel %s) against the default build (kernel %s).", s.kernel, d.kernel), "")
		fmt.Fprintln(w)
		t := [][]string{{"measurement", "simd against default"}}
		for _, m := range benchmarks {
			t = append(t, []string{m.title, compare(s.ns[m.name][s.kernel], d.ns[m.name][d.kernel], stat.LowerIsFaster)})
		}
		for _, sl := range []perft.Mode{perft.ModeStd, perft.ModeOcc, perft.ModeW} {
			t = append(t, []string{"perft -slider " + string(sl), compare(s.nps[sl], d.nps[sl], stat.HigherIsFaster)})
		}
		md.Table(w, t, 1)
	}
}

// compare is a against base by stat.Compare, or "missing" when either has
// no rounds.
func compare(a, base []float64, dir stat.Direction) string {
	if len(a) == 0 || len(a) != len(base) {
		return "missing"
	}
	return stat.Compare(a, base, dir).String()
}

func intervalOrMissing(xs []float64, f string) string {
	if len(xs) == 0 {
		return "missing"
	}
	return stat.Summarize(xs).Show(f)
}

// fastestOf names the one of names whose rounds are fastest by stat.Fastest.
func fastestOf(dir stat.Direction, sets map[perft.Mode][]float64, names ...perft.Mode) perft.Mode {
	var ss [][]float64
	for _, n := range names {
		ss = append(ss, sets[n])
	}
	return names[stat.Fastest(dir, ss...)]
}

// command runs name with args in dir, with env added to the environment,
// its standard error on stderr, and returns its standard output.
func command(stderr io.Writer, dir string, env []string, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env, cmd.Stderr = dir, append(os.Environ(), env...), stderr
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
