package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/symmagic/attacks/internal/syzygydata"
	"github.com/symmagic/attacks/movegen"
)

// refTable is one table's reference values from Fathom.
type refTable struct {
	name, set string // set: "all" (Enumerate) or "sample" (Sample)
	d         *syzygydata.Digest
	rows      []valueRow
}

// valueRow is a position and its values, as the reference files list them.
type valueRow struct {
	fen      string
	wdl, dtz int
	why      string // python-chess's rows: why the position was chosen
}

// fathomRefs runs Fathom on every position of each 3-piece table and on
// the sample of each 4-piece table, and returns the digests and the rows
// kept (every RowStep-th position of each set).
func fathomRefs(f *fathom, tables string, quick bool, stderr io.Writer) ([]refTable, [][]movegen.Position, [][][2]int, error) {
	var refs []refTable
	var samples [][]movegen.Position
	var vals [][][2]int
	for _, name := range syzygydata.Names(3) {
		if quick && name != "KNvK" {
			continue
		}
		r := refTable{name: name, set: "all", d: syzygydata.NewDigest()}
		fens := make(chan string, 1<<16)
		err := f.builds[0].run(tables, "values", func(w io.Writer) error {
			defer close(fens)
			i := 0
			var werr error
			syzygydata.Enumerate(name, func(p *movegen.Position) {
				if werr != nil {
					return
				}
				if i%syzygydata.EnumerateRowStep == 0 {
					fens <- p.FEN()
				}
				i++
				werr = record(w, p)
			})
			return werr
		}, func(rd *bufio.Reader) error {
			var b [3]byte
			for i := 0; ; i++ {
				if _, err := io.ReadFull(rd, b[:]); err == io.EOF {
					return nil
				} else if err != nil {
					return fmt.Errorf("fathom driver: %s, position %d: %v", name, i, err)
				}
				if b[0] == 0x80 {
					return fmt.Errorf("fathom: %s: probe %d failed", name, i)
				}
				wdl, dtz := int(int8(b[0])), int(int16(binary.LittleEndian.Uint16(b[1:])))
				r.d.Add(wdl, dtz)
				if i%syzygydata.EnumerateRowStep == 0 {
					r.rows = append(r.rows, valueRow{fen: <-fens, wdl: wdl, dtz: dtz})
				}
			}
		})
		if err != nil {
			return nil, nil, nil, err
		}
		fmt.Fprintf(stderr, "fathom: %s: %d positions\n", name, r.d.N)
		refs = append(refs, r)
	}
	for _, name := range syzygydata.Names(4) {
		if quick && name != "KPvKP" {
			continue
		}
		ps, err := syzygydata.Sample(name, syzygydata.SampleSize, syzygydata.SampleSeed(name))
		if err != nil {
			return nil, nil, nil, err
		}
		wdl, dtz, err := f.values(tables, ps)
		if err != nil {
			return nil, nil, nil, err
		}
		r := refTable{name: name, set: "sample", d: syzygydata.NewDigest()}
		v := make([][2]int, len(ps))
		for i := range ps {
			v[i] = [2]int{int(wdl[i]), int(dtz[i])}
			r.d.Add(int(wdl[i]), int(dtz[i]))
			if i%syzygydata.SampleRowStep == 0 {
				r.rows = append(r.rows, valueRow{fen: ps[i].FEN(), wdl: int(wdl[i]), dtz: int(dtz[i])})
			}
		}
		fmt.Fprintf(stderr, "fathom: %s: %d positions sampled\n", name, r.d.N)
		refs = append(refs, r)
		samples = append(samples, ps)
		vals = append(vals, v)
	}
	return refs, samples, vals, nil
}

// writeDigests writes digests.tsv: per table its set, the positions by
// WDL and the SHA-256 of the values.
func writeDigests(w io.Writer, refs []refTable) error {
	fmt.Fprintln(w, "table\tset\tpositions\tloss\tblessed\tdraw\tcursed\twin\tsha256")
	for _, r := range refs {
		fmt.Fprintf(w, "%s\t%s\t%d", r.name, r.set, r.d.N)
		for _, n := range r.d.ByWDL {
			fmt.Fprintf(w, "\t%d", n)
		}
		fmt.Fprintf(w, "\t%s\n", r.d.Sum())
	}
	return nil
}

// writeRows writes rows in the reference files' format: fen, wdl, dtz and,
// where the rows say why they were chosen, why.
func writeRows(w io.Writer, rows []valueRow) error {
	why := len(rows) > 0 && rows[0].why != ""
	if why {
		fmt.Fprintln(w, "fen\twdl\tdtz\twhy")
	} else {
		fmt.Fprintln(w, "fen\twdl\tdtz")
	}
	for _, r := range rows {
		fmt.Fprintf(w, "%s\t%d\t%d", r.fen, r.wdl, r.dtz)
		if why {
			fmt.Fprintf(w, "\t%s", r.why)
		}
		fmt.Fprintln(w)
	}
	return nil
}

// rootRows returns the root probes' positions: every RootStep-th sample
// position of each 4-piece table, and the next with an en-passant square,
// each with a halfmove clock drawn in turn from a few values that matter
// (0, a clock that leaves room, one near the limit, one at it) and, every
// fifth where a game can repeat it (syzygydata.Repetition), marked as
// having repeated.
func rootRows(samples [][]movegen.Position) ([]rootRequest, error) {
	clocks := []int{0, 0, 20, 60, 85, 95, 99}
	var out []rootRequest
	add := func(q *movegen.Position) error {
		n := len(out)
		f := strings.Fields(q.FEN())
		f[4] = strconv.Itoa(clocks[n%len(clocks)])
		p, err := movegen.ParseFEN(strings.Join(f, " "))
		if err != nil {
			return err
		}
		repeated := false
		if n%5 == 4 {
			_, _, err := syzygydata.Repetition(p)
			repeated = err == nil
		}
		out = append(out, rootRequest{p: p, repeated: repeated})
		return nil
	}
	for _, ps := range samples {
		for i := 0; i < len(ps); i += syzygydata.RootStep {
			if err := add(&ps[i]); err != nil {
				return nil, err
			}
			for j := i + 1; j < min(i+syzygydata.RootStep, len(ps)); j++ {
				if hasEPCapture(&ps[j]) {
					if err := add(&ps[j]); err != nil {
						return nil, err
					}
					break
				}
			}
		}
	}
	return out, nil
}

// writeRoots writes root.tsv: fen, repeated (0 or 1), and Fathom's moves
// with their ranks by the DTZ and by the WDL tables, "e7e8q:1000:1000", in
// its order.
func writeRoots(w io.Writer, rs []rootRequest, moves [][]rootMove) error {
	fmt.Fprintln(w, "fen\trepeated\tmoves")
	for i, r := range rs {
		rep := 0
		if r.repeated {
			rep = 1
		}
		var ms []string
		for _, m := range moves[i] {
			s := movegen.Square(m.from).String() + movegen.Square(m.to).String()
			if m.promo != 0 {
				s += string(" qrbn"[m.promo])
			}
			ms = append(ms, fmt.Sprintf("%s:%d:%d", s, m.rank, m.wdlRank))
		}
		fmt.Fprintf(w, "%s\t%d\t%s\n", r.p.FEN(), rep, strings.Join(ms, " "))
	}
	return nil
}

// compareFile reports whether path holds exactly what write writes.
func compareFile(path string, write func(io.Writer) error) (bool, error) {
	var b bytes.Buffer
	if err := write(&b); err != nil {
		return false, err
	}
	old, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return false, nil
	}
	return bytes.Equal(old, b.Bytes()), err
}

// saveOrCompare writes the file (with -write) or says whether the stored
// one is the same.
func saveOrCompare(write bool, dir, name string, f func(io.Writer) error, stderr io.Writer) (bool, error) {
	path := filepath.Join(dir, name)
	if write {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return false, err
		}
		var b bytes.Buffer
		if err := f(&b); err != nil {
			return false, err
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			return false, err
		}
		fmt.Fprintf(stderr, "wrote %s\n", path)
		return true, nil
	}
	same, err := compareFile(path, f)
	if err != nil {
		return false, err
	}
	if same {
		fmt.Fprintf(stderr, "%s: the same as stored\n", path)
	} else {
		fmt.Fprintf(stderr, "%s: DIFFERS from what this run gives (rerun with -write to store it)\n", path)
	}
	return same, nil
}
