package main

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"time"

	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/perfload"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/bench/lookups"
)

// meta is what a reader needs to trust or reproduce the numbers.
type meta struct {
	machine machine.Record
	date    string
	command []string // the words of the command line, quoted for the shell
	cfg     config
	kernel  string // the default kernel
	kernels []string
	inputs  string
}

func newMeta(cfg config, info lookups.Info, command []string) meta {
	return meta{
		machine: machine.Here(),
		date:    time.Now().UTC().Format("2006-01-02 15:04 UTC"), command: command, cfg: cfg, kernel: info.Kernel, kernels: info.Kernels,
		inputs: fmt.Sprintf("%d inputs (random square, occupancy of a random position of %d random games, 16 to 32 pieces); move gen: %d moves, %d lookups a pass", info.Inputs, info.Games, info.Moves, info.MovegenLookups),
	}
}

type results struct {
	rows    []*row
	kernels []*row // the kernel section's, generic last; none when it did not run
	cells   map[cellKey]*cell
	meta    meta
	perft   *perfload.Report // nil when the perft section did not run
}

type cellKey struct {
	row   *row
	work  workload
	piece int
}

func newResults(rows, kernels []*row, cells []*cell, m meta) *results {
	r := &results{rows: rows, kernels: kernels, cells: map[cellKey]*cell{}, meta: m}
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
// TT form's marginal cost. Each column of each piece is a table of its own,
// with one base.
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

// what says what the column's ns/op is of.
func (c column) what() string {
	switch {
	case c.marginal:
		return "ns/op beyond the TT reads"
	case c.work.TT():
		return "ns/op of the loop"
	}
	return "ns/op"
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

// columns are a piece's tables in two groups: the loops, and beside TT
// reads.
func (r *results) columns() [2][]column {
	cs := [2][]column{{{workHot, false}, {workLatency, false}, {workMovegen, false}}, {{workTTThroughput, false}, {workTTLatency, false}}}
	if r.meta.cfg.marginal {
		cs[1] = append(cs[1], column{workTTThroughput, true}, column{workTTLatency, true})
	}
	return cs
}

// table renders piece p's results in column c as a Markdown table, padded
// so that it reads as plain text too: every row's median ns/op with its
// interval, and the comparison with the column's fastest magic, the one
// base of the table, named in its header.
func (r *results) table(p int, c column) [][]string {
	base := r.base(c, p)
	out := [][]string{{"technique", "bytes", "ns/op", "against " + base.title}}
	for _, row := range r.rows {
		vs := "base"
		if row != base {
			vs = r.compare(row, c, p).String()
		}
		out = append(out, []string{row.titleFor(p), commas(row.bytes), interval(stat.Summarize(r.samples(row, c, p))), vs})
	}
	if !c.work.TT() || c.marginal || !r.meta.cfg.marginal {
		return out
	}
	// The TT loops alone, whose time the marginal costs are over.
	var all []float64
	for _, row := range r.rows {
		all = append(all, r.cells[cellKey{row, c.work, p}].bases...)
	}
	return append(out, []string{"(TT reads alone, no lookup)", "", interval(stat.Summarize(all))})
}

// interval writes a median and its interval to three significant digits
// (the intervals are wider than that), with fewer decimals where a
// negative marginal cost would make the cell wider than 17 characters:
// with the widest title (30), bytes (9) and comparison (31), a table then
// fits md.Width.
func interval(s stat.Summary) string {
	big := max(math.Abs(s.Median), math.Abs(s.Lo), math.Abs(s.Hi))
	prec := 0
	switch {
	case big < 10:
		prec = 2
	case big < 100:
		prec = 1
	}
	for {
		c := fmt.Sprintf("%.*f [%.*f, %.*f]", prec, s.Median, prec, s.Lo, prec, s.Hi)
		if len(c) <= 17 || prec == 0 {
			return c
		}
		prec--
	}
}

func (r *results) header(w io.Writer) {
	m := r.meta
	cover := stat.Summarize(make([]float64, m.cfg.rounds)).Coverage
	line := func(format string, a ...any) { md.Wrap(w, fmt.Sprintf(format, a...), "  ") }
	mach := m.machine.Lines()
	line("%s\n%s; %s", mach[0], mach[1], m.date)
	writeCommand(w, "command:", m.command)
	line("attacks kernels here: %s (default %s)", strings.Join(m.kernels, ", "), m.kernel)
	tt := time.Duration(float64(m.cfg.target) * ttScale)
	if m.cfg.marginal {
		line("%d interleaved rounds, %v per measurement (TT forms: %v for the loop and as long for its baseline, in %d alternating chunks)", m.cfg.rounds, m.cfg.target, tt, ttChunks)
	} else {
		line("%d interleaved rounds, %v per measurement (TT forms: %v)", m.cfg.rounds, m.cfg.target, tt)
	}
	line("bytes: every table the lookup reads")
	line("ns/op: median of the rounds [the interval that holds the median with %.1f%% confidence]", 100*cover)
	line("%s", stat.RatioNote)
	line("against: the fastest of fancy, plain and black magic in the table (its row says base; in the kernel section, " +
		"the generic kernel), named in the table's heading and header: the per-round speed ratio (the base's ns/op / the row's), " +
		"median [interval]; faster or slower exactly when the ratios' interval excludes 1 (a round's two measurements are a pair), " +
		"else within noise; a quantity whose interval holds zero is within noise of zero, and no ratio of it is shown")
	line("input: %s", m.inputs)
}

// writeCommand writes a command line after prefix, broken between words
// where it would be wider than md.Width, each break a backslash-newline
// so that the lines still paste into a shell as one command.
func writeCommand(w io.Writer, prefix string, words []string) {
	line := prefix
	for _, word := range words {
		if len(line)+1+len(word)+2 > md.Width && line != prefix {
			fmt.Fprintf(w, "%s \\\n", line)
			line = " "
		}
		line += " " + word
	}
	fmt.Fprintln(w, line)
}

// pieceTables writes every piece's tables, a table per column, the groups'
// headings at level and the tables' one below.
func (r *results) pieceTables(w io.Writer, level string) {
	groups := r.columns()
	for p := range 3 {
		for g, what := range []string{"lookups in loops", "lookups beside TT reads"} {
			fmt.Fprintf(w, "\n%s %s %s\n", level, pieceNames[p], what)
			for _, c := range groups[g] {
				fmt.Fprintf(w, "\n%s# %s, %s: %s, against %s\n\n", level, pieceNames[p], c.title(), c.what(), r.base(c, p).title)
				md.Table(w, r.table(p, c), 1)
			}
		}
	}
}

// perftTitle heads the perft section.
const perftTitle = "perft, kiwipete: the lookups in move generation"

// kernelTitle heads the kernel section.
const kernelTitle = "kernels: ToW, NewOccupancy and the unions, against generic"

// kernelTable is the kernel section's table of workload w: every function
// on every kernel against the generic kernel in the same rounds.
func (r *results) kernelTable(w workload) [][]string {
	base := r.kernels[len(r.kernels)-1]
	out := [][]string{{"function", "kernel", "ns/op", "against " + base.title}}
	for i, f := range lookups.KernelFuncs {
		for _, k := range r.kernels {
			c := r.cells[cellKey{k, w, i}]
			vs := "base"
			if k != base {
				vs = stat.Compare(c.samples, r.cells[cellKey{base, w, i}].samples, stat.LowerIsFaster).String()
			}
			out = append(out, []string{f, k.title, interval(stat.Summarize(c.samples)), vs})
		}
	}
	return out
}

// kernelTables writes the kernel section, if it ran: a heading at level,
// and a table per workload one below.
func (r *results) kernelTables(w io.Writer, level string) {
	if len(r.kernels) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s %s\n\n", level, kernelTitle)
	md.Wrap(w, "What the kernels compute, the only work they differ in (attacks.Rook, the W lookups and the Occupancy "+
		"methods are the same Go code under every kernel): each kernel against the generic one in the same rounds.", "")
	for _, work := range kernelWorks {
		fmt.Fprintf(w, "\n%s# kernels, %s: ns/op, against %s\n\n", level, workloadInfo[work].title, genericKernel)
		md.Table(w, r.kernelTable(work), 2)
	}
}

// writeTables is the stdout report.
func (r *results) writeTables(w io.Writer) {
	r.header(w)
	r.pieceTables(w, "##")
	r.kernelTables(w, "##")
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
	fmt.Fprintf(w, "\n![rook lookups beside TT reads: ns/op against table bytes](tt-pressure.png)\n")
	r.kernelTables(w, "##")
	fmt.Fprintln(w)
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
  gets its own tables; on a busy machine its interval often holds zero.
- bytes is every table the lookup reads: attack and index tables and
  per-square parameters. For this package's rows it is attacks.Stats(): Std
  for attacks.Rook, Bishop and Queen, W for the W rows (whose move gen also
  reads the kernel's permute table or control, in attacks.ToW).
- Every loop is the same code, written once (bench/lookups/loops.go), each
  technique's lookups put in it by a build of their own, run in a worker
  process of its own. Lookups inline into it except: PEXT and the
  full-symmetry kernel (assembly: a call each), the ray loop (over Go's
  inliner budget) and attacks.ToW in the W rows' move gen (one call into the
  kernel). No timed loop calls through a function value.
- attacks.Rook, Bishop and Queen are the same pure-Go lookup under every
  kernel, and so are attacks.RookW, BishopW and QueenW: one row each, under
  the default kernel. What the kernels differ in, the permute (ToW,
  NewOccupancy) and the unions, has a section of its own: each kernel this
  CPU runs against the generic one, hot and latency as above; RookUnion and
  BishopUnion take the side to move's rooks and queens, or bishops and
  queens, of the inputs' positions.
- Black magic overlaps its tables, but the packing found here (see
  ref/internal/magicgen) needs 114,432 rook entries, more than fancy magic's
  102,400.
- The perft section counts the leaves of kiwipete's legal move tree in every
  slider mode of bench/perft, each a build of the library's move generator,
  package movegen, with the mode's lookups (one file each): w keeps an
  attacks.Occupancy in the position, occ makes one from the occupancy at
  every node, std calls attacks.Rook and Bishop, fancy, plain and black are
  the three magic references (the base: the fastest of them), hyperbola and
  kindergarten the small-table schemes; with no load, and with a
  transposition table and an NNUE-shaped accumulator update per move
  (bench/internal/perfload; go run -C bench ./cmd/perfload runs every load
  on two positions).
`

// writeBenchstat writes one line per cell and round, the format benchstat
// reads (-benchstat prints them on stdout; no file keeps them): compare two
// runs with `benchstat old.txt new.txt`, or techniques with
// `benchstat -col /tech new.txt`. The perft section's lines are in nodes/s
// (`benchstat -col /mode`).
func (r *results) writeBenchstat(w io.Writer) {
	m := r.meta
	b := m.machine.Build
	fmt.Fprintf(w, "goos: %s\ngoarch: %s\npkg: github.com/symmagic/attacks/bench\ncpu: %s\ngo: %s\n", b.GOOS, b.GOARCH, m.machine.CPU, b)
	procs := runtime.GOMAXPROCS(0)
	for work := range numWorkloads {
		for p := range 3 {
			for _, row := range r.rows {
				c := r.cells[cellKey{row, work, p}]
				for i, s := range c.samples {
					fmt.Fprintf(w, "Benchmark%s/piece=%s/tech=%s-%d\t%d\t%.4f ns/op\n", workloadInfo[work].ident, pieceNames[p], row.name, procs, c.n, s)
					if work.TT() && m.cfg.marginal {
						fmt.Fprintf(w, "Benchmark%sBaseline/piece=%s/tech=%s-%d\t%d\t%.4f ns/op\n", workloadInfo[work].ident, pieceNames[p], row.name, procs, c.base, c.bases[i])
					}
				}
			}
		}
	}
	for _, work := range kernelWorks {
		for i, f := range lookups.KernelFuncs {
			for _, k := range r.kernels {
				for _, s := range r.cells[cellKey{k, work, i}].samples {
					fmt.Fprintf(w, "BenchmarkKernel%s/fn=%s/kernel=%s-%d\t%d\t%.4f ns/op\n", workloadInfo[work].ident, f, k.title, procs, r.cells[cellKey{k, work, i}].n, s)
				}
			}
		}
	}
	if r.perft == nil {
		return
	}
	for gi, g := range r.perft.Groups {
		load := strings.ReplaceAll(g.Load.Name, " ", "")
		for _, mode := range r.perft.Modes {
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
