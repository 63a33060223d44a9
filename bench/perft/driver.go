package perft

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/symmagic/attacks/bench/internal/worker"
)

// The driver: it builds a worker for each mode and talks to it.

const (
	movegenPath = "github.com/symmagic/attacks/movegen"
	perftPath   = "github.com/symmagic/attacks/bench/perft"
	workerPath  = perftPath + "/worker"
	// SliderTag is the build tag of the files of sliders/: go builds them
	// only into a mode's build, never into this module's packages.
	SliderTag = "slider"
)

// FuncAlign is the linker flag every worker is built with (see the worker
// package's).
const FuncAlign = worker.FuncAlign

// Build is a way to build the workers: the environment it adds to the go
// command's (GOAMD64, GOEXPERIMENT), under a name for reports.
type Build struct {
	Name string
	Env  []string
}

// DefaultBuild builds as go run does, with the environment as it is.
var DefaultBuild = Build{Name: "default"}

// Overlay returns the go command's overlay for mode m: each file of
// movegen's directory that the mode replaces or adds, and the file of
// sliders/ that stands in for it. It is empty for w.
func Overlay(m Mode) (map[string]string, error) {
	t, ok := Lookup(m)
	if !ok {
		return nil, fmt.Errorf("unknown slider mode %q", m)
	}
	mg, err := worker.Dir(movegenPath)
	if err != nil {
		return nil, err
	}
	pd, err := worker.Dir(perftPath)
	if err != nil {
		return nil, err
	}
	sl := filepath.Join(pd, "sliders")
	slider := filepath.Join(mg, "slider.go")
	own := filepath.Join(sl, string(m)+".go")
	switch t.Seam {
	case SeamNone:
		return map[string]string{}, nil
	case SeamFile:
		return map[string]string{slider: own}, nil
	case SeamBitboard:
		return map[string]string{slider: filepath.Join(sl, "bitboard.go"), filepath.Join(mg, "slider_"+string(m)+".go"): own}, nil
	case SeamKept:
		return map[string]string{slider: filepath.Join(sl, "wkept.go"), filepath.Join(mg, "slider_"+string(m)+".go"): own}, nil
	}
	return nil, fmt.Errorf("mode %s: unknown seam %q", m, t.Seam)
}

// BuildFlags returns the go command's flags that build the generator of
// mode m: the overlay, written to a file in dir, and the sliders' tag.
func BuildFlags(m Mode, dir string) ([]string, error) {
	o, err := Overlay(m)
	if err != nil {
		return nil, err
	}
	f, err := worker.Flags(o, filepath.Join(dir, "overlay-"+string(m)+".json"), SliderTag)
	if err != nil {
		return nil, fmt.Errorf("mode %s: %v", m, err)
	}
	return f, nil
}

// BuildWorker compiles the worker of mode m with build b into dir and
// returns the binary's path.
func BuildWorker(b Build, m Mode, dir string) (string, error) {
	flags, err := BuildFlags(m, dir)
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "worker-"+b.Name+"-"+string(m))
	if err := worker.Build(bin, workerPath, flags, "main.mode="+string(m), b.Env); err != nil {
		return "", fmt.Errorf("building mode %s (%s build): %v", m, b.Name, err)
	}
	return bin, nil
}

// Worker is a worker process of one mode's build, or with Fresh, a binary
// that each request starts anew. Its methods are safe for concurrent use,
// one request at a time.
type Worker struct {
	Mode  Mode
	Build Build
	// Fresh starts a process for each request, and ends it after: no
	// state of one run (the heap, the caches, the branch predictors'
	// history) reaches the next.
	Fresh bool
	Path  string // the binary

	mu   sync.Mutex
	proc *worker.Proc
}

// Start returns a worker of mode m from the binary at path (BuildWorker's),
// started unless fresh.
func Start(path string, b Build, m Mode, fresh bool) (*Worker, error) {
	w := &Worker{Mode: m, Build: b, Fresh: fresh, Path: path}
	if fresh {
		return w, nil
	}
	p, err := worker.Start(path)
	if err != nil {
		return nil, &WorkerError{m, err.Error()}
	}
	w.proc = p
	return w, nil
}

// Restart ends a long-lived worker's process and starts it again from its
// binary: a new process, whose memory lies elsewhere. A Fresh worker has
// no process between runs, and nothing to restart.
func (w *Worker) Restart() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.Fresh {
		return nil
	}
	if w.proc != nil {
		err := w.proc.Close()
		w.proc = nil
		if err != nil {
			return &WorkerError{w.Mode, err.Error()}
		}
	}
	p, err := worker.Start(w.Path)
	if err != nil {
		return &WorkerError{w.Mode, err.Error()}
	}
	w.proc = p
	return nil
}

// Close ends the worker's process.
func (w *Worker) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.proc == nil {
		return nil
	}
	err := w.proc.Close()
	w.proc = nil
	return err
}

// do sends r and reads responses until the last, passing each progress
// line to progress; it sends a stop when ctx ends first.
func (w *Worker) do(ctx context.Context, r Request, progress func(Progress)) (Response, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	p := w.proc
	if w.Fresh {
		var err error
		if p, err = worker.Start(w.Path); err != nil {
			return Response{}, &WorkerError{w.Mode, err.Error()}
		}
		defer p.Close()
	} else if p == nil {
		return Response{}, &WorkerError{w.Mode, "closed"}
	}
	var resp Response
	err := p.Call(ctx, r, `{"op":"stop"}`, func(line []byte) (bool, error) {
		resp = Response{}
		if err := json.Unmarshal(line, &resp); err != nil {
			return true, err
		}
		if resp.Progress != nil {
			if progress != nil {
				progress(*resp.Progress)
			}
			return false, nil
		}
		return true, nil
	})
	switch {
	case err != nil:
		return Response{}, &WorkerError{w.Mode, err.Error()}
	case resp.Error != "":
		return resp, &WorkerError{w.Mode, resp.Error}
	}
	return resp, nil
}

// Run runs a perft of fen to depth with opt in the worker. Its Progress,
// if set, is called from this goroutine's reads about every
// ProgressInterval (default 1 s). If ctx ends first, the worker stops the
// search as search.Run does, and Run returns the partial result, Stopped
// set, with ctx's error.
func (w *Worker) Run(ctx context.Context, fen string, depth int, opt Options) (Result, error) {
	r := Request{Op: "run", FEN: fen, Depth: depth, Options: opt}
	if opt.Progress != nil {
		every := cmp.Or(opt.ProgressInterval, time.Second)
		r.ProgressMillis = int(max(every, time.Millisecond) / time.Millisecond)
	}
	resp, err := w.do(ctx, r, opt.Progress)
	if err != nil {
		return Result{}, err
	}
	if resp.Result == nil {
		return Result{}, &WorkerError{w.Mode, "a run's answer without a result"}
	}
	if resp.Result.Stopped {
		return *resp.Result, cmp.Or(ctx.Err(), errors.New("perft: stopped"))
	}
	return *resp.Result, nil
}

// Perft returns movegen's own Perft of each of fens to the depth of the
// same index, in the worker: the generator's perft, without the search's
// threads, table or load, and a few microseconds a position.
func (w *Worker) Perft(fens []string, depths []int) ([]uint64, error) {
	resp, err := w.do(context.Background(), Request{Op: "perft", FENs: fens, Depths: depths}, nil)
	if err != nil {
		return nil, err
	}
	if len(resp.Nodes) != len(fens) {
		return nil, &WorkerError{w.Mode, fmt.Sprintf("%d counts for %d positions", len(resp.Nodes), len(fens))}
	}
	return resp.Nodes, nil
}

// Lists returns what the worker's generator lists at fen.
func (w *Worker) Lists(fen string) (Lists, error) {
	resp, err := w.do(context.Background(), Request{Op: "lists", FEN: fen}, nil)
	if err != nil {
		return Lists{}, err
	}
	if resp.Lists == nil {
		return Lists{}, &WorkerError{w.Mode, "a lists answer without lists"}
	}
	return *resp.Lists, nil
}

// Walk returns the worker's WalkSum of every line to depth plies from each
// of fens.
func (w *Worker) Walk(fens []string, depth int) ([]WalkSum, error) {
	resp, err := w.do(context.Background(), Request{Op: "walk", FENs: fens, Depth: depth}, nil)
	if err != nil {
		return nil, err
	}
	if len(resp.Walk) != len(fens) {
		return nil, &WorkerError{w.Mode, fmt.Sprintf("%d walks for %d positions", len(resp.Walk), len(fens))}
	}
	return resp.Walk, nil
}

// Info returns what the worker says of its build.
func (w *Worker) Info() (Info, error) {
	resp, err := w.do(context.Background(), Request{Op: "info"}, nil)
	if err != nil {
		return Info{}, err
	}
	if resp.Info == nil {
		return Info{}, &WorkerError{w.Mode, "an info answer without info"}
	}
	return *resp.Info, nil
}

// Pool is a worker for each of a set of modes, of one build, in a
// directory of its own that Close removes.
type Pool struct {
	Build   Build
	dir     string
	workers map[Mode]*Worker
}

// NewPool builds the workers of modes with build b, in a new temporary
// directory, and starts them (fresh: see Worker.Fresh).
func NewPool(b Build, modes []Mode, fresh bool) (*Pool, error) {
	dir, err := os.MkdirTemp("", "perft-workers-")
	if err != nil {
		return nil, err
	}
	p := &Pool{Build: b, dir: dir, workers: map[Mode]*Worker{}}
	type built struct {
		m   Mode
		bin string
		err error
	}
	// The builds share the go command's cache; two at a time keep both
	// cores of a small machine busy through the links.
	results := make(chan built)
	sem := make(chan struct{}, 2)
	for _, m := range modes {
		go func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			bin, err := BuildWorker(b, m, dir)
			results <- built{m, bin, err}
		}()
	}
	bins := map[Mode]string{}
	var errs []error
	for range modes {
		r := <-results
		bins[r.m], errs = r.bin, append(errs, r.err)
	}
	if err := errors.Join(errs...); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	for _, m := range modes {
		w, err := Start(bins[m], b, m, fresh)
		if err != nil {
			p.Close()
			return nil, err
		}
		p.workers[m] = w
	}
	return p, nil
}

// Worker returns the pool's worker of mode m, or nil.
func (p *Pool) Worker(m Mode) *Worker { return p.workers[m] }

// Restart restarts every worker of the pool (Worker.Restart), two at a
// time: between the rounds of a measurement, it gives each round
// processes of its own at a start a mode and round, where Fresh pays one
// a run.
func (p *Pool) Restart() error {
	return worker.TwoAtATime(slices.Collect(maps.Values(p.workers)), (*Worker).Restart)
}

// Close ends the workers and removes their directory.
func (p *Pool) Close() error {
	var errs []error
	for _, w := range p.workers {
		errs = append(errs, w.Close())
	}
	errs = append(errs, os.RemoveAll(p.dir))
	return errors.Join(errs...)
}
