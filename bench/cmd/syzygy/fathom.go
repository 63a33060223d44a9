package main

import (
	"bufio"
	"crypto/sha256"
	_ "embed"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/symmagic/attacks/bench/internal/foreign"
	"github.com/symmagic/attacks/bench/internal/worker"
	"github.com/symmagic/attacks/internal/syzygydata"
	"github.com/symmagic/attacks/movegen"
)

// The Fathom driver, written next to the checkout's sources and built
// there: the repository holds its source alone.
//
//go:embed drivers/fathom.c
var fathomDriver []byte

// fathomCommit is the Fathom commit the command clones: the newest on
// its default branch (master, 23 December 2025) when the command was
// written. A checkout given with -fathom is used at whatever commit it
// holds, and the reports say which.
const (
	fathomURL    = "https://github.com/jdart1/Fathom"
	fathomCommit = "c9c6fef0dddc05d2e242c183acf5833149ab676d"
)

// cacheName is the folder of os.UserCacheDir that holds the clone and
// the builds.
const cacheName = "symmagic-attacks-syzygy"

// fathomBuild is one build of the driver.
type fathomBuild struct {
	name  string // "default", "native"
	flags []string
	path  string
}

// fathom is a Fathom checkout with its driver built.
type fathom struct {
	src      string
	head     string // the checkout's commit, "" where not known
	compiler string
	builds   []fathomBuild
}

// fathomSource is Fathom's source: -fathom DIR, or a clone at
// fathomCommit.
var fathomSource = foreign.Source{Name: "Fathom", URL: fathomURL, Commit: fathomCommit, Flag: "fathom", Marker: "src/tbprobe.c"}

// prepareFathom finds a C compiler and Fathom's source (dir, or a clone
// at fathomCommit in the cache) and builds the driver twice: with
// Fathom's own Makefile flags (-std=gnu99 -O2) and for this CPU (-O3
// -march=native, which lets Fathom use the POPCNT instruction). What is
// missing is a *foreign.Skip.
func prepareFathom(dir string, stderr io.Writer) (*fathom, error) {
	cc, err := foreign.CC.Find(fathomSource.Name)
	if err != nil {
		return nil, err
	}
	cache, err := foreign.CacheDir(cacheName)
	if err != nil {
		return nil, err
	}
	// The driver's file and builds are named by its digest: another
	// version of this command, run at the same time from another
	// checkout of the repository, builds its own beside them.
	sum := sha256.Sum256(fathomDriver)
	version := hex.EncodeToString(sum[:6])
	driver := "driver-" + version + ".c"
	src, work, err := fathomSource.Prepare(dir, cache, "fathom", map[string][]byte{driver: fathomDriver}, stderr)
	if err != nil {
		return nil, err
	}
	f := &fathom{src: src, head: foreign.GitHead(src), compiler: cc.Version}
	for _, b := range []fathomBuild{
		{name: "default", flags: []string{"-std=gnu99", "-O2"}},
		{name: "native", flags: []string{"-std=gnu99", "-O3", "-march=native"}},
	} {
		b.path = filepath.Join(work, "fathom-driver-"+version+"-"+b.name)
		args := append(append([]string{}, b.flags...), "-I", filepath.Join(src, "src"), "-o", b.path, driver)
		fmt.Fprintf(stderr, "fathom: %s %s\n", cc.Path, strings.Join(args, " "))
		if err := foreign.Run(nil, work, cc.Path, args...); err != nil {
			return nil, fmt.Errorf("fathom: building the driver: %v", err)
		}
		f.builds = append(f.builds, b)
	}
	return f, nil
}

// record writes p as the driver reads it.
func record(w io.Writer, p *movegen.Position) error {
	var b [66]byte
	for i, bb := range syzygydata.Bitboards(p) {
		binary.LittleEndian.PutUint64(b[8*i:], bb)
	}
	if ep := p.EnPassant(); ep != movegen.NoSquare {
		b[64] = byte(ep)
	}
	if p.Side() == movegen.White {
		b[65] = 1
	}
	_, err := w.Write(b[:])
	return err
}

// run starts the driver build in mode with the tables in tables; feed
// writes its input, read reads its output, concurrently.
func (b fathomBuild) run(tables, mode string, feed func(w io.Writer) error, read func(r *bufio.Reader) error) error {
	proc, err := worker.Start(b.path, tables, mode)
	if err != nil {
		return err
	}
	fed := make(chan error, 1)
	go func() {
		w := bufio.NewWriterSize(proc, 1<<16)
		err := feed(w)
		if err == nil {
			err = w.Flush()
		}
		proc.CloseWrite()
		fed <- err
	}()
	rerr := read(bufio.NewReaderSize(proc, 1<<16))
	if rerr != nil {
		proc.Kill()
	}
	werr := proc.Close()
	ferr := <-fed
	switch {
	case rerr != nil:
		return rerr
	case werr != nil:
		return fmt.Errorf("fathom driver: %v", werr)
	}
	return ferr
}

// values returns Fathom's WDL and DTZ of each position.
func (f *fathom) values(tables string, ps []movegen.Position) ([]int8, []int16, error) {
	wdl, dtz := make([]int8, len(ps)), make([]int16, len(ps))
	err := f.builds[0].run(tables, "values", func(w io.Writer) error {
		for i := range ps {
			if err := record(w, &ps[i]); err != nil {
				return err
			}
		}
		return nil
	}, func(r *bufio.Reader) error {
		var b [3]byte
		for i := range ps {
			if _, err := io.ReadFull(r, b[:]); err != nil {
				return fmt.Errorf("fathom driver: reading the value of position %d of %d: %v", i, len(ps), err)
			}
			if b[0] == 0x80 {
				return fmt.Errorf("fathom: the probe of %s failed", ps[i].FEN())
			}
			wdl[i], dtz[i] = int8(b[0]), int16(binary.LittleEndian.Uint16(b[1:]))
		}
		return nil
	})
	return wdl, dtz, err
}

// rootMove is one move of Fathom's root probes and its ranks: by the DTZ
// tables and by the WDL tables alone.
type rootMove struct {
	from, to, promo byte
	rank, wdlRank   int32
}

// rootRequest is a root probe's position and what it is told of the game.
type rootRequest struct {
	p        movegen.Position
	repeated bool
}

// roots returns Fathom's ranks of each position's moves
// (tb_probe_root_dtz and tb_probe_root_wdl, with the fifty-move rule).
func (f *fathom) roots(tables string, rs []rootRequest) ([][]rootMove, error) {
	out := make([][]rootMove, len(rs))
	err := f.builds[0].run(tables, "root", func(w io.Writer) error {
		for i := range rs {
			if err := record(w, &rs[i].p); err != nil {
				return err
			}
			rep := byte(0)
			if rs[i].repeated {
				rep = 1
			}
			if _, err := w.Write([]byte{byte(rs[i].p.HalfmoveClock()), rep}); err != nil {
				return err
			}
		}
		return nil
	}, func(r *bufio.Reader) error {
		for i := range rs {
			n, err := r.ReadByte()
			if err != nil {
				return fmt.Errorf("fathom driver: reading root %d: %v", i, err)
			}
			if n == 255 {
				return fmt.Errorf("fathom: the root probe of %s failed", rs[i].p.FEN())
			}
			for j := 0; j < int(n); j++ {
				var b [11]byte
				if _, err := io.ReadFull(r, b[:]); err != nil {
					return fmt.Errorf("fathom driver: reading root %d: %v", i, err)
				}
				out[i] = append(out[i], rootMove{b[0], b[1], b[2], int32(binary.LittleEndian.Uint32(b[3:])),
					int32(binary.LittleEndian.Uint32(b[7:]))})
			}
		}
		return nil
	})
	return out, err
}
