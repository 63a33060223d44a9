package main

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/symmagic/attacks/movegen"
)

//go:embed drivers/pychess.py
var pychessDriver []byte

// pychessURL and pychessCommit: the python-chess the command clones (master,
// 12 July 2026, version 1.11.2) when -python-chess does not give a
// checkout.
const (
	pychessURL    = "https://github.com/niklasf/python-chess"
	pychessCommit = "9c24454dcea4f8a30259d811a2f10b26e911deb4"
)

// pychess is a python-chess checkout and the python that runs it.
type pychess struct {
	src, head, python, version string
	driver                     string
}

func preparePychess(dir string, stderr io.Writer) (*pychess, error) {
	python, err := exec.LookPath("python3")
	if err != nil {
		return nil, &unavailable{"python-chess: no python3 on PATH (python-chess needs it and its standard library alone)"}
	}
	src := dir
	if src == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			return nil, err
		}
		if src, err = clone(filepath.Join(cache, cacheName), "python-chess", pychessURL, pychessCommit, stderr); err != nil {
			return nil, err
		}
	}
	if src, err = filepath.Abs(src); err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(src, "chess", "syzygy.py")); err != nil {
		return nil, fmt.Errorf("-python-chess %s: no chess/syzygy.py there: not a checkout of %s", src, pychessURL)
	}
	tmp, err := os.MkdirTemp("", "syzygy-pychess-*")
	if err != nil {
		return nil, err
	}
	driver := filepath.Join(tmp, "driver.py")
	if err := os.WriteFile(driver, pychessDriver, 0o644); err != nil {
		return nil, err
	}
	return &pychess{src: src, head: gitHead(src), python: python, driver: driver}, nil
}

func (py *pychess) close() { os.RemoveAll(filepath.Dir(py.driver)) }

// values returns python-chess's WDL and DTZ of each FEN.
func (py *pychess) values(tables string, fens []string) ([][2]int, error) {
	cmd := exec.Command(py.python, py.driver, py.src, tables)
	var errs bytes.Buffer
	cmd.Stderr = &errs
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go func() {
		w := bufio.NewWriter(in)
		for _, f := range fens {
			fmt.Fprintln(w, f)
		}
		w.Flush()
		in.Close()
	}()
	sc := bufio.NewScanner(out)
	vals := make([][2]int, len(fens))
	fail := func(err error) ([][2]int, error) {
		cmd.Process.Kill()
		cmd.Wait()
		return nil, fmt.Errorf("python-chess: %v: %s", err, strings.TrimSpace(errs.String()))
	}
	if !sc.Scan() {
		return fail(fmt.Errorf("no version line"))
	}
	py.version = strings.TrimSpace(sc.Text())
	for i := range fens {
		if !sc.Scan() {
			return fail(fmt.Errorf("no answer for %s", fens[i]))
		}
		f := strings.Fields(sc.Text())
		if len(f) != 2 || f[0] == "error" {
			return fail(fmt.Errorf("%s: %s", fens[i], sc.Text()))
		}
		w, err1 := strconv.Atoi(f[0])
		d, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil {
			return fail(fmt.Errorf("%s: answer %q", fens[i], sc.Text()))
		}
		vals[i] = [2]int{w, d}
	}
	if err := cmd.Wait(); err != nil {
		return nil, fmt.Errorf("python-chess: %v: %s", err, strings.TrimSpace(errs.String()))
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

// clone returns the clone of url at commit in cache's src folder, cloning
// it with git if it is not there yet.
func clone(cache, name, url, commit string, stderr io.Writer) (string, error) {
	final := filepath.Join(cache, "src", name+"-"+commit[:12])
	if gitHead(final) == commit {
		return final, nil
	}
	git, err := exec.LookPath("git")
	if err != nil {
		return "", &unavailable{fmt.Sprintf("%s: no git on PATH to clone %s; install git, or give a checkout with -%s DIR", name, url, name)}
	}
	if err := os.MkdirAll(filepath.Dir(final), 0o755); err != nil {
		return "", err
	}
	if err := os.RemoveAll(final); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(final), "."+name+"-*")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	fmt.Fprintf(stderr, "%s: git clone %s, commit %s, into %s\n", name, url, commit, final)
	for _, args := range [][]string{{"clone", "--quiet", url, tmp}, {"-C", tmp, "checkout", "--quiet", commit}} {
		if out, err := exec.Command(git, args...).CombinedOutput(); err != nil {
			return "", &unavailable{fmt.Sprintf("%s: git %s: %v\n%s(no network? give a checkout with -%s DIR)", name, strings.Join(args, " "), err, out, name)}
		}
	}
	if err := os.Rename(tmp, final); err != nil {
		return "", err
	}
	return final, nil
}
