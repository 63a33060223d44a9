package main

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/internal/stat"
)

// meta is what a reader needs to trust or reproduce the numbers.
type meta struct {
	cpu, goVersion, goos, goarch string
	date                         string
	cfg                          config
	kernel                       string // the default kernel
	kernels                      []string
	inputs                       string
}

func newMeta(cfg config, d *data, kernel string) meta {
	return meta{
		cpu: stat.CPUModel(), goVersion: runtime.Version(), goos: runtime.GOOS, goarch: runtime.GOARCH,
		date: time.Now().UTC().Format("2006-01-02 15:04 UTC"), cfg: cfg, kernel: kernel, kernels: attacks.Kernels(),
		inputs: fmt.Sprintf("%d inputs (random square, occupancy of a random position of %d random games, 16 to 32 pieces); move gen: %d moves, %d lookups a pass", inputLen, len(d.games), len(d.moves), d.mgLookups),
	}
}

type results struct {
	rows  []*row
	cells map[cellKey]*cell
	stats map[cellKey]stat.Summary
	meta  meta
}

type cellKey struct {
	row   *row
	work  workload
	piece int
}

func newResults(rows []*row, cells []*cell, m meta) *results {
	r := &results{rows: rows, cells: map[cellKey]*cell{}, stats: map[cellKey]stat.Summary{}, meta: m}
	for _, c := range cells {
		k := cellKey{c.row, c.work, c.piece}
		r.cells[k], r.stats[k] = c, stat.Summarize(c.samples)
	}
	return r
}

func (r *results) fancy() *row {
	for _, row := range r.rows {
		if row.name == "fancy" {
			return row
		}
	}
	return nil
}

func (r *results) find(name string) *row {
	for _, row := range r.rows {
		if row.name == name {
			return row
		}
	}
	return nil
}

// ratio is a cell's median over fancy magic's in the same workload and piece.
func (r *results) ratio(row *row, w workload, p int) float64 {
	return r.stats[cellKey{row, w, p}].Median / r.stats[cellKey{r.fancy(), w, p}].Median
}

// table renders one piece's results as a Markdown table, padded so that it
// reads as plain text too.
func (r *results) table(p int) [][]string {
	head := []string{"technique", "table bytes"}
	for w := range numWorkloads {
		head = append(head, workloadInfo[w].title, "×fancy", "min–max")
	}
	out := [][]string{head}
	for _, row := range r.rows {
		line := []string{row.titleFor(p), commas(row.bytes)}
		for w := range numWorkloads {
			s := r.stats[cellKey{row, w, p}]
			line = append(line, fmt.Sprintf("%.2f", s.Median), fmt.Sprintf("%.2fx", r.ratio(row, w, p)), fmt.Sprintf("%.2f–%.2f", s.Min, s.Max))
		}
		out = append(out, line)
	}
	// The TT loops alone, whose time the marginal costs are over.
	line := []string{"(TT loop alone: baseline ns/op)", ""}
	for w := range numWorkloads {
		if !w.tt() {
			line = append(line, "", "", "")
			continue
		}
		var all []float64
		for _, row := range r.rows {
			all = append(all, r.cells[cellKey{row, w, p}].bases...)
		}
		s := stat.Summarize(all)
		line = append(line, fmt.Sprintf("%.1f", s.Median), "", fmt.Sprintf("%.1f–%.1f", s.Min, s.Max))
	}
	return append(out, line)
}

func writeMarkdownTable(w io.Writer, t [][]string) {
	width := make([]int, len(t[0]))
	for _, line := range t {
		for i, c := range line {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	cell := func(i int, c string) string {
		pad := strings.Repeat(" ", width[i]-len([]rune(c)))
		if i == 0 {
			return c + pad
		}
		return pad + c
	}
	for j, line := range t {
		var cs []string
		for i, c := range line {
			cs = append(cs, cell(i, c))
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cs, " | "))
		if j == 0 {
			var seps []string
			for i := range line {
				if i == 0 {
					seps = append(seps, strings.Repeat("-", width[i]))
				} else {
					seps = append(seps, strings.Repeat("-", width[i]-1)+":")
				}
			}
			fmt.Fprintf(w, "| %s |\n", strings.Join(seps, " | "))
		}
	}
}

func (r *results) header(w io.Writer) {
	m := r.meta
	fmt.Fprintf(w, "CPU: %s; %s %s/%s; %s\n", m.cpu, m.goVersion, m.goos, m.goarch, m.date)
	fmt.Fprintf(w, "attacks kernels here: %s (default %s)\n", strings.Join(m.kernels, ", "), m.kernel)
	fmt.Fprintf(w, "%d interleaved rounds, %v per measurement (TT forms: %v for the loop and as long for its baseline, in %d alternating chunks);\n", m.cfg.rounds, m.cfg.target, time.Duration(float64(m.cfg.target)*ttScale), ttChunks)
	fmt.Fprintf(w, "ns/op is the median of the rounds, min–max their range; ×fancy divides medians\n")
	fmt.Fprintf(w, "input: %s\n", m.inputs)
}

// writeTables is the stdout report.
func (r *results) writeTables(w io.Writer) {
	r.header(w)
	for p := range 3 {
		fmt.Fprintf(w, "\n%s lookups, ns/op\n\n", pieceNames[p])
		writeMarkdownTable(w, r.table(p))
	}
	fmt.Fprintln(w)
	r.writeTargets(w)
}

// writeMarkdown is results.md.
func (r *results) writeMarkdown(w io.Writer) {
	fmt.Fprintf(w, "# Sliding attacks side by side\n\n`go run -C bench .`\n\n```\n")
	r.header(w)
	fmt.Fprintf(w, "```\n")
	for p := range 3 {
		fmt.Fprintf(w, "\n## %s lookups, ns/op\n\n", pieceNames[p])
		writeMarkdownTable(w, r.table(p))
	}
	fmt.Fprintf(w, "\n## Targets\n\n```\n")
	r.writeTargets(w)
	fmt.Fprintf(w, "```\n\n![TT-pressure marginal cost against table bytes](tt-pressure.png)\n\n%s", notes)
}

// notes explain the tables; they hold for every run (the numbers are above).
const notes = `## How to read this

- ns/op is per lookup; in move gen it includes each move's occupancy update,
  shared by the position's sliders (in W layout for the W rows: attacks.ToW of
  the move's squares, as the package README shows).
- The TT columns are marginal costs: the loop with the lookup minus the same
  loop without it, measured just before it in the same round; the median of
  those differences, so a cheap lookup can come out slightly negative.
- table bytes is every table the lookup reads: attack and index tables and
  per-square parameters. For this package's standard-input rows it is
  attacks.Stats().TotalBytes of the kernel (with its permute table or
  control); the W rows read the generic kernel's rotation-shared tables
  under every kernel and no permute table, so they show those bytes.
- Every loop is the same code with the lookup written in (loops_gen.go, from
  internal/loopgen). Lookups inline into it except: PEXT (assembly: a call),
  the ray loop (over Go's inliner budget), attacks.Rook, Bishop and Queen
  (kernel dispatch, then assembly), attacks.QueenW (queenWGeneric is just over
  the budget) and attacks.ToW in the W rows' move gen. No timed loop calls
  through a function value.
- attacks.RookW, BishopW and QueenW are the same pure-Go lookup under every
  kernel; their rows differ only in move gen (ToW) and in noise.
- Black magic overlaps its tables, but the packing found here (see
  ref/internal/magicgen) needs 114,432 rook entries, more than fancy magic's
  102,400.
`

// writeTargets checks the project's goals, rook lookups, default kernel:
// in both TT forms RookW at most 0.5x fancy magic's marginal cost and Rook
// at most 0.7x; in the latency forms RookW within 1.5x of hyperbola
// quintessence. They are reported, not asserted.
func (r *results) writeTargets(w io.Writer) {
	k := r.meta.kernel
	std, wrow, hq, fancy := r.find("attacks@"+k), r.find("attacksW@"+k), r.find("hyperbola"), r.fancy()
	fmt.Fprintf(w, "targets (rook lookups, default kernel %s; medians, ns/op):\n", k)
	check := func(a, b *row, work workload, limit float64) {
		if a == nil || b == nil {
			return
		}
		x, y := r.stats[cellKey{a, work, 0}].Median, r.stats[cellKey{b, work, 0}].Median
		verdict := "met"
		switch {
		case y <= 0:
			verdict = "undefined: the reference's cost is within noise of zero"
		case x/y > limit:
			verdict = "MISSED"
		}
		fmt.Fprintf(w, "  %-24s %-6s / %-22s %6.2f / %6.2f = %5.2fx (target <= %.1fx): %s\n",
			workloadInfo[work].title, name(a), b.title, x, y, x/y, limit, verdict)
	}
	for _, work := range []workload{workTTThroughput, workTTLatency} {
		check(wrow, fancy, work, 0.5)
		check(std, fancy, work, 0.7)
	}
	check(wrow, hq, workTTLatency, 1.5)
	check(wrow, hq, workLatency, 1.5)
}

// name is the rook function a row of this package times.
func name(r *row) string {
	if strings.HasPrefix(r.name, "attacksW@") {
		return "RookW"
	}
	return "Rook"
}

// writeBenchstat writes one line per cell and round, the format benchstat
// reads: compare two runs with `benchstat old.txt new.txt`, or techniques
// with `benchstat -col /tech results/benchstat.txt`.
func (r *results) writeBenchstat(w io.Writer) {
	m := r.meta
	fmt.Fprintf(w, "goos: %s\ngoarch: %s\npkg: github.com/symmagic/attacks/bench\ncpu: %s\n", m.goos, m.goarch, m.cpu)
	procs := runtime.GOMAXPROCS(0)
	for work := range numWorkloads {
		for p := range 3 {
			for _, row := range r.rows {
				c := r.cells[cellKey{row, work, p}]
				for i, s := range c.samples {
					fmt.Fprintf(w, "Benchmark%s/piece=%s/tech=%s-%d\t%d\t%.4f ns/op\n", workloadInfo[work].ident, pieceNames[p], row.name, procs, c.n, s)
					if work.tt() {
						fmt.Fprintf(w, "Benchmark%sBaseline/piece=%s/tech=%s-%d\t%d\t%.4f ns/op\n", workloadInfo[work].ident, pieceNames[p], row.name, procs, c.base, c.bases[i])
					}
				}
			}
		}
	}
}

// commas writes n with thousands separators.
func commas(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
