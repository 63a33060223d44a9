package main

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/internal/perfload"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/bench/perft"
)

// meta is what a reader needs to trust or reproduce the numbers.
type meta struct {
	cpu, goVersion, goos, goarch string
	date                         string
	command                      string
	cfg                          config
	kernel                       string // the default kernel
	kernels                      []string
	inputs                       string
}

func newMeta(cfg config, d *data, kernel, command string) meta {
	return meta{
		cpu: stat.CPUModel(), goVersion: runtime.Version(), goos: runtime.GOOS, goarch: runtime.GOARCH,
		date: time.Now().UTC().Format("2006-01-02 15:04 UTC"), command: command, cfg: cfg, kernel: kernel, kernels: attacks.Kernels(),
		inputs: fmt.Sprintf("%d inputs (random square, occupancy of a random position of %d random games, 16 to 32 pieces); move gen: %d moves, %d lookups a pass", inputLen, len(d.games), len(d.moves), d.mgLookups),
	}
}

type results struct {
	rows  []*row
	cells map[cellKey]*cell
	meta  meta
	perft *perfload.Report // nil when the perft section did not run
}

type cellKey struct {
	row   *row
	work  workload
	piece int
}

func newResults(rows []*row, cells []*cell, m meta) *results {
	r := &results{rows: rows, cells: map[cellKey]*cell{}, meta: m}
	for _, c := range cells {
		r.cells[cellKey{c.row, c.work, c.piece}] = c
	}
	return r
}

func (r *results) find(name string) *row {
	for _, row := range r.rows {
		if row.name == name {
			return row
		}
	}
	return nil
}

// column is one quantity of the tables: a workload's ns/op, or with -tt a
// TT form's marginal cost.
type column struct {
	work     workload
	marginal bool
}

func (c column) title() string {
	if c.marginal {
		return workloadInfo[c.work].title + " marginal"
	}
	return workloadInfo[c.work].title
}

// samples are a cell's rounds in column c.
func (r *results) samples(row *row, c column, p int) []float64 {
	cl := r.cells[cellKey{row, c.work, p}]
	if c.marginal {
		return cl.marginal()
	}
	return cl.samples
}

// magics are the rows of the yardsticks, the magic-bitboard references:
// they always run (whatever -run says), and the fastest of them is the
// base of every comparison.
var magics = []string{"fancy", "plain", "black"}

// base is the fastest magic in column c for piece p (by median, a tie to
// the first of magics): what every other row of the column is compared
// with.
func (r *results) base(c column, p int) *row {
	var rows []*row
	var sets [][]float64
	for _, name := range magics {
		row := r.find(name)
		rows, sets = append(rows, row), append(sets, r.samples(row, c, p))
	}
	return rows[stat.Fastest(stat.LowerIsFaster, sets...)]
}

// compare is row against the column's base.
func (r *results) compare(row *row, c column, p int) stat.Comparison {
	return stat.Compare(r.samples(row, c, p), r.samples(r.base(c, p), c, p), stat.LowerIsFaster)
}

// columns are the two tables of a piece: the loops, and beside TT reads.
func (r *results) columns() [2][]column {
	cs := [2][]column{{{workHot, false}, {workLatency, false}, {workMovegen, false}}, {{workTTThroughput, false}, {workTTLatency, false}}}
	if r.meta.cfg.marginal {
		cs[1] = append(cs[1], column{workTTThroughput, true}, column{workTTLatency, true})
	}
	return cs
}

// table renders one piece's results in the given columns as a Markdown
// table, padded so that it reads as plain text too: for each column the
// median ns/op with its interval, and the comparison with the column's
// fastest magic.
func (r *results) table(p int, cols []column) [][]string {
	head := []string{"technique", "table bytes"}
	for _, c := range cols {
		head = append(head, c.title()+" ns/op", "vs "+r.base(c, p).title)
	}
	out := [][]string{head}
	for _, row := range r.rows {
		line := []string{row.titleFor(p), commas(row.bytes)}
		for _, c := range cols {
			line = append(line, interval(stat.Summarize(r.samples(row, c, p))))
			if row == r.base(c, p) {
				line = append(line, "base")
			} else {
				line = append(line, r.compare(row, c, p).String())
			}
		}
		out = append(out, line)
	}
	if !cols[0].work.tt() || !r.meta.cfg.marginal {
		return out
	}
	// The TT loops alone, whose time the marginal costs are over.
	line := []string{"(TT reads alone, no lookup)", ""}
	for _, c := range cols {
		if c.marginal {
			line = append(line, "", "")
			continue
		}
		var all []float64
		for _, row := range r.rows {
			all = append(all, r.cells[cellKey{row, c.work, p}].bases...)
		}
		line = append(line, interval(stat.Summarize(all)), "")
	}
	return append(out, line)
}

// interval writes a median and its interval.
func interval(s stat.Summary) string {
	return fmt.Sprintf("%.2f [%.2f, %.2f]", s.Median, s.Lo, s.Hi)
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
	cover := stat.Summarize(make([]float64, m.cfg.rounds)).Coverage
	fmt.Fprintf(w, "CPU: %s; %s %s/%s; %s\n", m.cpu, m.goVersion, m.goos, m.goarch, m.date)
	fmt.Fprintf(w, "command: %s\n", m.command)
	fmt.Fprintf(w, "attacks kernels here: %s (default %s)\n", strings.Join(m.kernels, ", "), m.kernel)
	tt := time.Duration(float64(m.cfg.target) * ttScale)
	if m.cfg.marginal {
		fmt.Fprintf(w, "%d interleaved rounds, %v per measurement (TT forms: %v for the loop and as long for its baseline, in %d alternating chunks)\n", m.cfg.rounds, m.cfg.target, tt, ttChunks)
	} else {
		fmt.Fprintf(w, "%d interleaved rounds, %v per measurement (TT forms: %v)\n", m.cfg.rounds, m.cfg.target, tt)
	}
	fmt.Fprintf(w, "ns/op: median of the rounds [the interval that holds the median with %.1f%% confidence]\n", 100*cover)
	fmt.Fprintf(w, "vs the fastest of fancy, plain and black magic in each column (its row says base): the per-round ns/op ratio, median [interval];\n")
	fmt.Fprintf(w, "  faster or slower exactly when the ratios' interval excludes 1 (a round's two measurements are a pair), else within noise;\n")
	fmt.Fprintf(w, "  a quantity whose interval holds zero is within noise of zero, and no ratio of it is shown\n")
	fmt.Fprintf(w, "input: %s\n", m.inputs)
}

// pieceTables writes every piece's two tables, headings at level.
func (r *results) pieceTables(w io.Writer, level string) {
	cols := r.columns()
	for p := range 3 {
		fmt.Fprintf(w, "\n%s %s lookups in loops, ns/op\n\n", level, pieceNames[p])
		writeMarkdownTable(w, r.table(p, cols[0]))
		fmt.Fprintf(w, "\n%s %s lookups beside TT reads, ns/op of the loop\n\n", level, pieceNames[p])
		writeMarkdownTable(w, r.table(p, cols[1]))
	}
}

// perftTitle heads the perft section.
const perftTitle = "perft, kiwipete: the lookups in move generation"

// writeTables is the stdout report.
func (r *results) writeTables(w io.Writer) {
	r.header(w)
	r.pieceTables(w, "##")
	if r.perft != nil {
		fmt.Fprintln(w)
		r.perft.WriteMarkdown(w, 2, perftTitle)
	}
}

// writeMarkdown is results.md.
func (r *results) writeMarkdown(w io.Writer) {
	fmt.Fprintf(w, "# Sliding attacks side by side\n\n```\n")
	r.header(w)
	fmt.Fprintf(w, "```\n")
	r.pieceTables(w, "##")
	fmt.Fprintf(w, "\n![rook lookups beside TT reads: ns/op against table bytes](tt-pressure.png)\n\n")
	if r.perft != nil {
		r.perft.WriteMarkdown(w, 2, perftTitle)
		fmt.Fprintf(w, "\n![perft, kiwipete: nodes/s against the fastest magic](perft.png)\n\n")
	}
	fmt.Fprint(w, notes)
}

// notes explain the tables; they hold for every run (the numbers are above).
const notes = `## How to read this

- ns/op is per lookup; in move gen it includes each move's occupancy update,
  shared by the position's sliders (in W layout for the W rows: attacks.ToW of
  the move's squares, as the package README shows).
- The TT forms time a whole loop: TT throughput, each lookup beside four
  independent random reads of a 64 MiB table; TT latency, a random read whose
  address depends on the previous result, then a lookup whose occupancy
  depends on the value read. The reads dominate; this is where a large table
  loses cache lines to them. With -tt the same loops without the lookup are
  timed beside them, and the marginal cost (loop minus baseline, per round)
  gets its own columns; on a busy machine its interval often holds zero.
- table bytes is every table the lookup reads: attack and index tables and
  per-square parameters. For this package's rows it is attacks.Stats(): Std
  for attacks.Rook, Bishop and Queen, W for the W rows (whose move gen also
  reads the kernel's permute table or control, in attacks.ToW).
- Every loop is the same code with the lookup written in (loops_gen.go, from
  internal/loopgen). Lookups inline into it except: PEXT and the
  full-symmetry kernel (assembly: a call each), the ray loop (over Go's
  inliner budget) and attacks.ToW in the W rows' move gen (one call into the
  kernel). No timed loop calls through a function value.
- attacks.Rook, Bishop and Queen are the same pure-Go lookup under every
  kernel: one row. attacks.RookW, BishopW and QueenW too; their rows, one
  per kernel, differ only in move gen (ToW) and in noise.
- Black magic overlaps its tables, but the packing found here (see
  ref/internal/magicgen) needs 114,432 rook entries, more than fancy magic's
  102,400.
- The perft section counts the leaves of kiwipete's legal move tree in every
  slider mode of bench/perft: w keeps an attacks.Occupancy in the position,
  occ makes one from the occupancy at every node, std calls attacks.Rook and
  Bishop, fancy, plain and black are the three magic references; with no
  load, and with a transposition table and an NNUE-shaped accumulator update
  per move (bench/internal/perfload; go run -C bench ./cmd/perfload runs
  every load on two positions).
`

// writeBenchstat writes one line per cell and round, the format benchstat
// reads: compare two runs with `benchstat old.txt new.txt`, or techniques
// with `benchstat -col /tech results/benchstat.txt`. The perft section's
// lines are in nodes/s (`benchstat -col /mode`).
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
					if work.tt() && m.cfg.marginal {
						fmt.Fprintf(w, "Benchmark%sBaseline/piece=%s/tech=%s-%d\t%d\t%.4f ns/op\n", workloadInfo[work].ident, pieceNames[p], row.name, procs, c.base, c.bases[i])
					}
				}
			}
		}
	}
	if r.perft == nil {
		return
	}
	for gi, g := range r.perft.Groups {
		load := strings.ReplaceAll(g.Load.Name, " ", "")
		for _, mode := range perft.Modes {
			for _, nps := range r.perft.M[gi][mode] {
				fmt.Fprintf(w, "BenchmarkPerft/pos=%s/depth=%d/load=%s/mode=%v-%d\t1\t%.0f nodes/s\n", g.Pos.Name, g.Depth, load, mode, procs, nps)
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
