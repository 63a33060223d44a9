package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/lookups"
)

var (
	// verdictCell is what a comparison column may hold: numbers of three
	// significant digits (a bound more where it rounds to 1.00 beside
	// faster or slower).
	verdictCell = regexp.MustCompile(`^(base|` + ratio + `x \[` + bound + `, ` + bound + `\] (faster|slower|within noise)|within noise of zero|below zero|base not clear of zero)$`)
	ratio       = `(\d\.\d\d|\d\d\.\d|\d{3,})`
	bound       = `(\d\.\d{2,}|\d\d\.\d|\d{3,})`
	negRatio    = regexp.MustCompile(`-\d+(\.\d+)?x`)
	spaces      = regexp.MustCompile(` +`)
	// targetWord finds the old targets block's words (not the -target flag
	// of a command line).
	targetWord = regexp.MustCompile(`(?i)(^|[^-\w])(targets?|met|missed)\b`)
)

// tables returns the Markdown tables of a report, each a header row and
// then the rows, the cells trimmed (the separator row left out).
func tables(out string) [][][]string {
	var ts [][][]string
	var cur [][]string
	for _, line := range append(strings.Split(out, "\n"), "") {
		if !strings.HasPrefix(line, "| ") {
			if cur != nil {
				ts = append(ts, cur)
			}
			cur = nil
			continue
		}
		fields := strings.Split(strings.TrimSuffix(strings.TrimPrefix(line, "| "), " |"), " | ")
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		if cur != nil && strings.HasPrefix(fields[0], "---") {
			continue
		}
		cur = append(cur, fields)
	}
	return ts
}

// checkVerdicts checks a report's text: no targets, no negative ratio, and
// every cell of a column headed "against ..." a ratio with its interval and
// a verdict in words, or a verdict alone where there is no ratio.
func checkVerdicts(t *testing.T, out string) {
	t.Helper()
	if m := targetWord.FindString(out); m != "" {
		t.Errorf("report says %q", m)
	}
	if m := negRatio.FindString(out); m != "" {
		t.Errorf("report shows a negative ratio %q", m)
	}
	var vs []int // the comparison columns of the current table
	cells := 0
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "| ") {
			vs = nil
			continue
		}
		fields := strings.Split(strings.Trim(line, "| "), " | ")
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		if vs == nil {
			vs = []int{}
			for i, f := range fields {
				if strings.HasPrefix(f, "against ") {
					vs = append(vs, i)
				}
			}
			continue
		}
		if strings.HasPrefix(fields[0], "---") || strings.HasPrefix(fields[0], "(") {
			continue
		}
		for _, i := range vs {
			if i < len(fields) && fields[i] != "" {
				cells++
				if !verdictCell.MatchString(fields[i]) {
					t.Errorf("comparison cell %q is no ratio with a verdict", fields[i])
				}
			}
		}
	}
	if cells == 0 {
		t.Error("no comparison cells found")
	}
}

// synthetic builds results for four rows (the three magics and x) over nine
// rounds: every cell's loop time is f(row, work, piece) plus a spread of
// ±0.4 (interval ±0.3), round by round the same in every cell except
// x's bishop latency, whose spread runs the other way; and with marginal
// the TT forms' baselines are 40 ns below their loops except x's rook TT
// latency, 0.1 ns below: a marginal cost within noise of zero.
func synthetic(marginal bool, f func(r *row, w workload, p int) float64) *results {
	// x has the widest title a table can hold (30 columns, interval), and
	// plain the most bytes.
	rows := []*row{{name: "fancy", title: "fancy magic", bytes: 867328}, {name: "plain", title: "plain magic 12/9", bytes: 2361344},
		{name: "black", title: "black magic", bytes: 960024}, {name: "x", title: "attacks.%sW (widest title)", bytes: 86464}}
	var cells []*cell
	for w := range numWorkloads {
		for _, r := range rows {
			for p := range 3 {
				c := &cell{row: r, work: w, piece: p}
				for i := range 9 {
					d := 0.1 * float64(i-4)
					if r.name == "x" && w == workLatency && p == 1 {
						d = -d
					}
					v := f(r, w, p) + d
					c.samples = append(c.samples, v)
					if marginal && w.TT() {
						gap := 40.0
						if r.name == "x" && w == workTTLatency && p == 0 {
							gap = 0.1
						}
						c.bases = append(c.bases, v-gap+0.2*float64((i*5)%9-4))
					}
				}
				cells = append(cells, c)
			}
		}
	}
	m := machine.Record{
		CPU:   machine.CPU{Name: "AMD EPYC 9R14 96-Core Processor", Vendor: "AuthenticAMD", Family: 25, Model: 17, Microarch: "Zen 4 (Genoa)", L1d: 32 << 10, L2: 1 << 20},
		Build: machine.Build{GoVersion: "go1.26.8", GOOS: "linux", GOARCH: "amd64", Level: "GOAMD64=v1"},
	}
	return newResults(rows, nil, cells, meta{machine: m, cfg: config{rounds: 9, target: 1, marginal: marginal}})
}

// TestReportVerdicts checks the tables on numbers whose verdicts are known.
func TestReportVerdicts(t *testing.T) {
	speed := map[string]float64{"fancy": 10, "plain": 12, "black": 11, "x": 8}
	res := synthetic(true, func(r *row, w workload, p int) float64 {
		v := speed[r.name] + 50*float64(w)
		if r.name == "x" && w == workLatency {
			// Rook and queen: 0.4 ns slower than fancy in every round;
			// bishop: fancy's times, but in other rounds.
			v = 10.4 + 50*float64(w)
			if p == 1 {
				v = 10 + 50*float64(w)
			}
		}
		return v
	})
	var b bytes.Buffer
	res.writeTables(&b)
	out := b.String()
	checkVerdicts(t, out)
	checkWidth(t, "tables", out)
	for _, want := range []string{
		// hot: fancy is the base, x faster, plain and black slower.
		"### rook, hot: ns/op, against fancy magic\n",
		// Speed ratios: fancy's time over the row's, above 1 faster.
		"| attacks.RookW (widest title) | 86,464 | 8.00 [7.70, 8.30] | 1.25x [1.24, 1.26] faster |",
		" 12.0 [11.7, 12.3] | 0.83x [0.83, 0.84] slower |",
		" 11.0 [10.7, 11.3] | 0.91x [0.91, 0.91] slower |",
		// latency: x slower than fancy although the medians' intervals
		// overlap (every round's ratio is below 1); x's bishop within
		// noise of it (the rounds' ratios lie on both sides of 1).
		" 60.4 [60.1, 60.7] | 0.99x [0.99, 0.99] slower |",
		"| attacks.BishopW (widest title) | 86,464 | 60.0 [59.7, 60.3] | 1.00x [0.99, 1.01] within noise |",
		// The TT forms' loops, over 100 ns: three digits.
		" 208 [208, 208] |",
		// x's rook TT latency marginal cost holds zero: no ratio, and one
		// decimal fewer, to fit.
		"| attacks.RookW (widest title) | 86,464 | 0.1 [-0.5, 0.7] | within noise of zero |",
		"(TT reads alone, no lookup)",
	} {
		if !strings.Contains(spaces.ReplaceAllString(out, " "), want) {
			t.Errorf("tables lack %q:\n%s", want, out)
		}
	}
	// Without -tt there are no marginal columns.
	res = synthetic(false, func(r *row, w workload, p int) float64 { return speed[r.name] })
	b.Reset()
	res.writeTables(&b)
	checkVerdicts(t, b.String())
	if strings.Contains(b.String(), "marginal") || strings.Contains(b.String(), "TT reads alone") {
		t.Errorf("marginal columns without -tt:\n%s", b.String())
	}
	// The fastest magic is the base, whichever it is.
	speed["plain"] = 9
	res = synthetic(false, func(r *row, w workload, p int) float64 { return speed[r.name] })
	b.Reset()
	res.writeTables(&b)
	if !strings.Contains(b.String(), "against plain magic 12/9") || strings.Contains(b.String(), "against fancy magic") || strings.Contains(b.String(), "against black magic") {
		t.Errorf("plain is the fastest but not the base:\n%s", b.String())
	}
	speed["black"] = 8.5
	res = synthetic(false, func(r *row, w workload, p int) float64 { return speed[r.name] })
	b.Reset()
	res.writeTables(&b)
	if !strings.Contains(b.String(), "against black magic") || strings.Contains(b.String(), "against plain magic 12/9") || strings.Contains(b.String(), "against fancy magic") {
		t.Errorf("black is the fastest but not the base:\n%s", b.String())
	}
}

// TestCheckVerdicts checks the checker: it catches what the old report
// printed.
func TestCheckVerdicts(t *testing.T) {
	for _, bad := range []string{
		"| a | against fancy magic |\n| - | -: |\n| x | -0.38x |\n",
		"| a | against fancy magic |\n| - | -: |\n| x | 0.24x |\n",
		"targets: met\n| a | against fancy magic |\n| - | -: |\n| x | base |\n",
	} {
		ft := &testing.T{}
		checkVerdicts(ft, bad)
		if !ft.Failed() {
			t.Errorf("checkVerdicts passed:\n%s", bad)
		}
	}
}

// checkKernelTables checks the kernel section of a report whose kernel rows
// are rows: none, or a table for each of its workloads with every function
// on every kernel, the generic one the base.
func checkKernelTables(t *testing.T, out string, rows []*row) {
	t.Helper()
	if len(rows) == 0 {
		if strings.Contains(out, kernelTitle) {
			t.Errorf("a kernel section without kernels:\n%s", out)
		}
		return
	}
	if !strings.Contains(out, "## "+kernelTitle+"\n") {
		t.Errorf("no kernel section:\n%s", out)
	}
	n := 0
	for _, tab := range tables(out) {
		if tab[0][0] != "function" {
			continue
		}
		n++
		if strings.Join(tab[0], "|") != "function|kernel|ns/op|against generic" || len(tab) != 1+len(lookups.KernelFuncs)*len(rows) {
			t.Errorf("kernel table %q with %d rows, want %d", tab[0], len(tab)-1, len(lookups.KernelFuncs)*len(rows))
			continue
		}
		for i, r := range tab[1:] {
			f, k := lookups.KernelFuncs[i/len(rows)], rows[i%len(rows)]
			if r[0] != f || r[1] != k.title || (r[3] == "base") != (k.title == genericKernel) {
				t.Errorf("kernel table row %q: want %s on %s, generic the base", r, f, k.title)
			}
		}
	}
	if n != len(kernelWorks) {
		t.Errorf("%d kernel tables, want %d", n, len(kernelWorks))
	}
	for _, w := range kernelWorks {
		if h := "### kernels, " + workloadInfo[w].title + ": ns/op, against generic\n"; !strings.Contains(out, h) {
			t.Errorf("no heading %q", h)
		}
	}
}

// TestKernelReport checks the kernel section on numbers whose verdicts are
// known: amd64-avx512 twice as fast as generic in every round, amd64 the
// same as generic but in other rounds.
func TestKernelReport(t *testing.T) {
	res := synthetic(false, func(r *row, w workload, p int) float64 { return 10 })
	res.kernels = []*row{{name: "kernel@amd64-avx512", title: "amd64-avx512"}, {name: "kernel@amd64", title: "amd64"}, {name: "kernel@generic", title: "generic"}}
	for _, w := range kernelWorks {
		for _, k := range res.kernels {
			for i := range lookups.KernelFuncs {
				c := &cell{row: k, work: w, piece: i}
				for r := range 9 {
					d := 0.1 * float64(r-4)
					switch k.title {
					case "amd64-avx512":
						c.samples = append(c.samples, 2+d/5)
					case "amd64":
						c.samples = append(c.samples, 10-d)
					default:
						c.samples = append(c.samples, 10+d)
					}
				}
				res.cells[cellKey{k, w, i}] = c
			}
		}
	}
	var b bytes.Buffer
	res.writeTables(&b)
	out := b.String()
	checkKernelTables(t, out, res.kernels)
	checkVerdicts(t, out)
	checkWidth(t, "tables", out)
	for _, want := range []string{
		"| ToW | amd64-avx512 | 2.00 [1.94, 2.06] | 5.00x [5.00, 5.00] faster |",
		"| BishopUnion | amd64 | 10.0 [9.7, 10.3] | 1.00x [0.94, 1.06] within noise |",
		"| RookUnion | generic | 10.0 [9.7, 10.3] | base |",
	} {
		if !strings.Contains(spaces.ReplaceAllString(out, " "), want) {
			t.Errorf("kernel tables lack %q:\n%s", want, out)
		}
	}
}
