package main

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/symmagic/attacks/bench/internal/foreign"
	"github.com/symmagic/attacks/bench/internal/pythonchess"
	"github.com/symmagic/attacks/bench/internal/worker"
	"github.com/symmagic/attacks/movegen"
)

//go:embed drivers/pychess.py
var pychessDriver []byte

// pychessMarker is the module of python-chess the driver runs: a
// -python-chess checkout must hold it.
const pychessMarker = "chess/syzygy.py"

// pychess is python-chess ready to run, and its version, which the driver
// says.
type pychess struct {
	*pythonchess.Checkout
	version string
}

// preparePychess finds python3 and python-chess's source (dir, or a clone
// at pythonchess.Commit in the cache) and writes the driver beside its
// other builds. What is missing is a *foreign.Skip.
func preparePychess(dir string, stderr io.Writer) (*pychess, error) {
	cache, err := foreign.CacheDir(cacheName)
	if err != nil {
		return nil, err
	}
	c, err := pythonchess.Prepare(dir, cache, pychessMarker, "driver.py", pychessDriver, stderr)
	if err != nil {
		return nil, err
	}
	return &pychess{Checkout: c}, nil
}

// values returns python-chess's WDL and DTZ of each FEN.
func (py *pychess) values(tables string, fens []string) ([][2]int, error) {
	proc, err := worker.Start(py.Python, py.Driver, py.Src, tables)
	if err != nil {
		return nil, err
	}
	go func() {
		w := bufio.NewWriter(proc)
		for _, f := range fens {
			fmt.Fprintln(w, f)
		}
		w.Flush()
		proc.CloseWrite()
	}()
	vals := make([][2]int, len(fens))
	fail := func(err error) ([][2]int, error) {
		proc.Kill()
		return nil, fmt.Errorf("python-chess: %v: %s", err, proc.Stderr())
	}
	line, err := proc.ReadLine()
	if err != nil {
		return fail(fmt.Errorf("no version line"))
	}
	py.version = strings.TrimSpace(string(line))
	for i := range fens {
		if line, err = proc.ReadLine(); err != nil {
			return fail(fmt.Errorf("no answer for %s", fens[i]))
		}
		f := strings.Fields(string(line))
		if len(f) != 2 || f[0] == "error" {
			return fail(fmt.Errorf("%s: %s", fens[i], line))
		}
		w, err1 := strconv.Atoi(f[0])
		d, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil {
			return fail(fmt.Errorf("%s: answer %q", fens[i], line))
		}
		vals[i] = [2]int{w, d}
	}
	if err := proc.Close(); err != nil {
		return nil, fmt.Errorf("python-chess: %v", err)
	}
	return vals, nil
}

// pychessRows chooses python-chess's positions from Fathom's: a share of
// every table's rows, and from the 4-piece samples the positions of the
// kinds where probers go wrong: en-passant captures, cursed wins and
// blessed losses, one ply from zeroing (a mate or a zeroing move),
// stalemates, the longest distances.
func pychessRows(refs []refTable, samples [][]movegen.Position, vals [][][2]int) []valueRow {
	var rows []valueRow
	for _, r := range refs {
		for i, row := range r.rows {
			if i%5 == 0 {
				row.why = "sample"
				rows = append(rows, row)
			}
		}
	}
	type kind struct {
		why   string
		quota int
		is    func(p *movegen.Position, wdl, dtz int) bool
	}
	kinds := []kind{
		{"en passant", 400, func(p *movegen.Position, _, _ int) bool { return hasEPCapture(p) }},
		{"cursed win", 50, func(_ *movegen.Position, wdl, _ int) bool { return wdl == 1 }},
		{"blessed loss", 50, func(_ *movegen.Position, wdl, _ int) bool { return wdl == -1 }},
		{"mated", 10, func(p *movegen.Position, _, _ int) bool { return p.IsCheckmate() }},
		{"stalemate", 10, func(p *movegen.Position, _, _ int) bool { return p.IsStalemate() }},
		{"one ply from zeroing", 10, func(p *movegen.Position, _, dtz int) bool { return dtz == 1 || dtz == -1 }},
	}
	for t, ps := range samples {
		name := refs[len(refs)-len(samples)+t].name
		for _, k := range kinds {
			n := 0
			for i := range ps {
				if n == k.quota {
					break
				}
				if k.is(&ps[i], vals[t][i][0], vals[t][i][1]) {
					rows = append(rows, valueRow{fen: ps[i].FEN(), wdl: vals[t][i][0], dtz: vals[t][i][1], why: k.why + " (" + name + ")"})
					n++
				}
			}
		}
		// The longest distances of the sample: the tables' largest values.
		idx := make([]int, len(ps))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return abs(vals[t][idx[a]][1]) > abs(vals[t][idx[b]][1]) })
		for _, i := range idx[:5] {
			if abs(vals[t][i][1]) >= 20 {
				rows = append(rows, valueRow{fen: ps[i].FEN(), wdl: vals[t][i][0], dtz: vals[t][i][1], why: "longest distance (" + name + ")"})
			}
		}
	}
	return rows
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// hasEPCapture reports whether p has a legal en-passant capture.
func hasEPCapture(p *movegen.Position) bool {
	if p.EnPassant() == movegen.NoSquare {
		return false
	}
	var buf [movegen.MaxMoves]movegen.Move
	for _, m := range p.Captures(buf[:0]) {
		if m.IsEnPassant() {
			return true
		}
	}
	return false
}
