package perft

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/symmagic/attacks/bench/internal/worker"
	"github.com/symmagic/attacks/bench/perft/pad"
)

// The padded builds: a mode's worker with its code moved by a chosen number
// of bytes and nothing else changed, which tells what code placement does to
// a mode's speed (cmd/placement).

const padPath = perftPath + "/pad"

// Padded is one padded build: mode Mode, its code moved by Pad bytes (a
// multiple of Align), every function aligned to Align bytes.
type Padded struct {
	Mode  Mode
	Pad   int
	Align int
}

// Name is the padded build's name in a pool: MODE+PAD.
func (p Padded) Name() Mode { return Mode(fmt.Sprintf("%s+%d", p.Mode, p.Pad)) }

// PaddedOverlay returns the go command's overlay of padded build p, with
// the padding's assembly written to dir: the mode's overlay, package pad
// imported by the generator (sliders/pad.go) and its Pad of pad.Base+p.Pad
// bytes.
func PaddedOverlay(p Padded, dir string) (map[string]string, error) {
	if runtime.GOARCH != "amd64" {
		return nil, fmt.Errorf("padded builds: amd64 only, not %s", runtime.GOARCH)
	}
	if p.Align <= 0 || p.Align > pad.Base || p.Align&(p.Align-1) != 0 {
		return nil, fmt.Errorf("alignment %d: want a power of two up to %d", p.Align, pad.Base)
	}
	if p.Pad%p.Align != 0 {
		return nil, fmt.Errorf("padding %d: not a multiple of the alignment %d, which would round it", p.Pad, p.Align)
	}
	o, err := Overlay(p.Mode)
	if err != nil {
		return nil, err
	}
	src, err := pad.Source(p.Pad)
	if err != nil {
		return nil, err
	}
	mg, err := worker.Dir(movegenPath)
	if err != nil {
		return nil, err
	}
	pd, err := worker.Dir(padPath)
	if err != nil {
		return nil, err
	}
	sl, err := worker.Dir(perftPath)
	if err != nil {
		return nil, err
	}
	asm := filepath.Join(dir, fmt.Sprintf("pad-%d.s", p.Pad))
	if err := os.WriteFile(asm, []byte(src), 0o644); err != nil {
		return nil, err
	}
	o[filepath.Join(mg, "pad_slider.go")] = filepath.Join(sl, "sliders", "pad.go")
	o[filepath.Join(pd, "pad_amd64.s")] = asm
	return o, nil
}

// BuildPadded compiles the worker of padded build p with build b into dir
// and returns the binary's path.
func BuildPadded(b Build, p Padded, dir string) (string, error) {
	o, err := PaddedOverlay(p, dir)
	if err != nil {
		return "", err
	}
	name := string(p.Name())
	flags, err := worker.Flags(o, filepath.Join(dir, "overlay-"+name+".json"), SliderTag)
	if err != nil {
		return "", fmt.Errorf("padded %s: %v", name, err)
	}
	bin := filepath.Join(dir, "worker-"+b.Name+"-"+name)
	if err := worker.BuildAligned(bin, workerPath, flags, "main.mode="+string(p.Mode), b.Env, p.Align); err != nil {
		return "", fmt.Errorf("building padded %s (%s build): %v", name, b.Name, err)
	}
	return bin, nil
}

// NewPaddedPool builds the workers of the padded builds ps with build b, two
// at a time, and starts them (fresh: see Worker.Fresh); each is the pool's
// worker of its Name. Paths returns their binaries.
func NewPaddedPool(b Build, ps []Padded, fresh bool) (*Pool, error) {
	dir, err := os.MkdirTemp("", "perft-padded-")
	if err != nil {
		return nil, err
	}
	pool := &Pool{Build: b, dir: dir, workers: map[Mode]*Worker{}}
	bins := make([]string, len(ps))
	jobs := make([]int, len(ps))
	for i := range jobs {
		jobs[i] = i
	}
	if err := worker.TwoAtATime(jobs, func(i int) error {
		var err error
		bins[i], err = BuildPadded(b, ps[i], dir)
		return err
	}); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	for i, p := range ps {
		if _, dup := pool.workers[p.Name()]; dup {
			pool.Close()
			return nil, fmt.Errorf("padded %s twice", p.Name())
		}
		w, err := Start(bins[i], b, p.Mode, fresh)
		if err != nil {
			pool.Close()
			return nil, err
		}
		pool.workers[p.Name()] = w
	}
	return pool, nil
}

// Func is a function of a worker's binary: its address and size.
type Func struct {
	Name       string
	Addr, Size uint64
}

// HotFuncs are the generator's functions that perft runs in (the rest of
// its hot code is inlined into them): the names, without the package path,
// that Funcs keeps.
var HotFuncs = []string{"perft", "gen[", "play", "castles", "(*Position).safe", "(*Position).Perft", "attacked", "addMoves", "addPawnMoves", "addPromotions", "(*threats).set"}

// Funcs lists the functions of movegen in the binary at path whose names
// (after "movegen.") begin with one of prefixes, and package pad's Pad, in
// address order, from go tool nm.
func Funcs(path string, prefixes []string) ([]Func, error) {
	out, err := worker.Go("tool", "nm", "-size", "-sort", "address", path).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			err = fmt.Errorf("%v: %s", err, bytes.TrimSpace(ee.Stderr))
		}
		return nil, fmt.Errorf("go tool nm %s: %v", path, err)
	}
	var fs []Func
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || (f[2] != "T" && f[2] != "t") {
			continue
		}
		name := strings.Join(f[3:], " ")
		short, ok := strings.CutPrefix(name, movegenPath+".")
		keep := name == padPath+".Pad.abi0" // the assembly, not Go's wrapper
		for _, p := range prefixes {
			keep = keep || ok && strings.HasPrefix(short, p)
		}
		if !keep {
			continue
		}
		addr, err1 := strconv.ParseUint(f[0], 16, 64)
		size, err2 := strconv.ParseUint(f[1], 10, 64)
		if err := errors.Join(err1, err2); err != nil {
			return nil, fmt.Errorf("go tool nm %s: %q: %v", path, sc.Text(), err)
		}
		if ok {
			name = "movegen." + short
		} else {
			name = "pad.Pad"
		}
		fs = append(fs, Func{name, addr, size})
	}
	return fs, nil
}

// Path returns the binary of the pool's worker of mode m, or "".
func (p *Pool) Path(m Mode) string {
	if w := p.workers[m]; w != nil {
		return w.Path
	}
	return ""
}

// Add makes w the pool's worker of name, w's own pool (which closes it)
// unchanged: a measurement's pool then holds the workers of two pools.
// Closing a worker twice does nothing.
func (p *Pool) Add(name Mode, w *Worker) { p.workers[name] = w }

// LoopHeads returns, for each function of fs in the binary at path, the
// addresses its backward branches jump to, the heads of its loops, in
// address order, from go tool objdump.
func LoopHeads(path string, fs []Func) (map[string][]uint64, error) {
	var res []string
	for _, f := range fs {
		if short, ok := strings.CutPrefix(f.Name, "movegen."); ok {
			res = append(res, regexp.QuoteMeta(short))
		}
	}
	if len(res) == 0 {
		return map[string][]uint64{}, nil
	}
	out, err := worker.Go("tool", "objdump", "-s", `movegen\.(`+strings.Join(res, "|")+`)$`, path).Output()
	if err != nil {
		return nil, fmt.Errorf("go tool objdump %s: %v", path, err)
	}
	want := map[string]Func{}
	for _, f := range fs {
		want[movegenPath+"."+strings.TrimPrefix(f.Name, "movegen.")] = f
	}
	heads := map[string][]uint64{}
	var cur Func
	in := false
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if name, ok := strings.CutPrefix(line, "TEXT "); ok {
			name, _, _ = strings.Cut(name, "(SB)")
			cur, in = want[name]
			continue
		}
		if !in {
			continue
		}
		// file:line, address, encoding, instruction: tab-separated.
		f := strings.Split(strings.TrimSpace(line), "\t")
		var fields []string
		for _, x := range f {
			if x = strings.TrimSpace(x); x != "" {
				fields = append(fields, x)
			}
		}
		if len(fields) < 4 || !strings.HasPrefix(fields[3], "J") {
			continue
		}
		addr, err := strconv.ParseUint(strings.TrimPrefix(fields[1], "0x"), 16, 64)
		if err != nil {
			continue
		}
		ins := strings.Fields(fields[3])
		if len(ins) != 2 || !strings.HasPrefix(ins[1], "0x") {
			continue // an indirect jump
		}
		to, err := strconv.ParseUint(strings.TrimPrefix(ins[1], "0x"), 16, 64)
		if err != nil || to > addr || to < cur.Addr {
			continue
		}
		if !slices.Contains(heads[cur.Name], to) {
			heads[cur.Name] = append(heads[cur.Name], to)
		}
	}
	for _, h := range heads {
		slices.Sort(h)
	}
	return heads, nil
}
