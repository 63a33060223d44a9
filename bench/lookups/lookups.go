// Package lookups is the bench's per-lookup measurement: loops of five
// workloads over one input stream (data.go), written once for every
// technique (loops.go), and the attacks kernels' loops (kernels.go), run
// in worker processes, one a technique, each a build of this package with
// the technique's file of techniques/ in the place of technique.go (go
// build -overlay; the drop-in, "attacks", is this package as it is). The
// main job (bench's main.go) measures them in interleaved rounds through
// Pool.
package lookups

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/internal/worker"
)

const (
	pkgPath    = "github.com/symmagic/attacks/bench/lookups"
	workerPath = pkgPath + "/worker"
	// Tag is the build tag of the files of techniques/.
	Tag = "lookup"
	// Default is the technique of this package as it is: the drop-in.
	Default = "attacks"
)

// Request is a line to a worker.
type Request struct {
	Op string `json:"op"` // "info", "calibrate", "time" or "sums" (under Kernel, or the default)
	// A cell: a workload and a piece (0 rook, 1 bishop, 2 queen, Baseline
	// the TT forms' loop without the lookup), or, with Fn set, a kernel's
	// operation (KernelFuncs) under Kernel.
	Work   Workload      `json:"work"`
	Piece  int           `json:"piece"`
	Fn     string        `json:"fn,omitempty"`
	Kernel string        `json:"kernel,omitempty"`
	N      int           `json:"n,omitempty"`      // time: the loop's iterations
	Target time.Duration `json:"target,omitempty"` // calibrate: how long a measurement should take
}

// Response is a worker's answer.
type Response struct {
	N     int         `json:"n,omitempty"`   // calibrate's iterations
	Ns    float64     `json:"ns,omitempty"`  // time's ns per lookup (per operation)
	Sum   uint64      `json:"sum,omitempty"` // what the loops returned so far, folded: their work is used
	Sums  [][3]uint64 `json:"sums,omitempty"`
	Info  *Info       `json:"info,omitempty"`
	Error string      `json:"error,omitempty"`
}

// Info is what a worker says of its build and its input stream.
type Info struct {
	Technique      string   `json:"technique"`
	Kernel         string   `json:"kernel"`  // the build's default kernel
	Kernels        []string `json:"kernels"` // every kernel it runs
	Games          int      `json:"games"`
	Moves          int      `json:"moves"`
	MovegenLookups int      `json:"movegen_lookups"` // lookups in a pass of the move generation loop
	Inputs         int      `json:"inputs"`
}

// Serve is the worker's main: it answers the requests on stdin, one at a
// time, until its input ends.
func Serve() {
	s := worker.NewServer()
	d := NewData()
	lines := make(chan []byte)
	go worker.Read(lines)
	// The loops allocate nothing; with the collector off, nothing runs
	// beside them but the machine's other tenants.
	runtime.GC()
	debug.SetGCPercent(-1)
	def := attacks.Kernel()
	for l := range lines {
		var r Request
		var resp Response
		if err := json.Unmarshal(l, &r); err != nil {
			resp.Error = "not a request: " + err.Error()
		} else {
			resp = serve(d, r, def)
		}
		s.Send(resp)
	}
}

var sink uint64 // what the loops return: no loop's work can be dropped

func serve(d *Data, r Request, def string) Response {
	if r.Op == "info" {
		return Response{Info: &Info{Technique: technique, Kernel: def, Kernels: attacks.Kernels(),
			Games: len(d.games), Moves: len(d.moves), MovegenLookups: d.mgLookups, Inputs: inputLen}}
	}
	if r.Op == "sums" {
		if err := attacks.SetKernel(cmp.Or(r.Kernel, def)); err != nil {
			return Response{Error: err.Error()}
		}
		return Response{Sums: d.Sums()}
	}
	fn, err := d.loop(r, def)
	if err != nil {
		return Response{Error: err.Error()}
	}
	switch r.Op {
	case "calibrate":
		return Response{N: calibrate(d, fn, r.Work, r.Target), Sum: sink}
	case "time":
		if r.N < 1 {
			return Response{Error: fmt.Sprintf("time: %d iterations", r.N)}
		}
		ns := time1(d, fn, r.Work, r.N)
		return Response{Ns: ns, Sum: sink}
	}
	return Response{Error: fmt.Sprintf("unknown op %q", r.Op)}
}

// loop returns the loop of r's cell, its kernel set (def for a lookup's).
func (d *Data) loop(r Request, def string) (loopFunc, error) {
	k := def
	if r.Fn != "" {
		k = r.Kernel
	}
	if err := attacks.SetKernel(k); err != nil {
		return nil, err
	}
	if r.Fn != "" {
		ls, ok := kernelLoops[r.Fn]
		if !ok || r.Work != Hot && r.Work != Latency {
			return nil, fmt.Errorf("no kernel loop %s in workload %d", r.Fn, r.Work)
		}
		if r.Work == Latency {
			return ls[1], nil
		}
		return ls[0], nil
	}
	if r.Work < 0 || r.Work >= NumWorkloads || r.Piece < 0 || r.Piece > Baseline || loops[r.Work][r.Piece] == nil {
		return nil, fmt.Errorf("no loop for workload %d, piece %d", r.Work, r.Piece)
	}
	return loops[r.Work][r.Piece], nil
}

// Sums runs every loop of every workload and piece on the same iterations
// (3,000, one pass of move generation), the TT streams restarted before
// each: correct lookups in the same loops give the same sums, whatever the
// technique.
func (d *Data) Sums() [][3]uint64 {
	sums := make([][3]uint64, NumWorkloads)
	for w := range NumWorkloads {
		n := 3000
		if w == Movegen {
			n = 1
		}
		for p := range 3 {
			d.resetTT()
			sums[w][p] = loops[w][p](d, n)
		}
	}
	return sums
}

// time1 runs fn(d, n) once and returns ns per lookup.
func time1(d *Data, fn loopFunc, w Workload, n int) float64 {
	start := time.Now()
	sink ^= fn(d, n)
	el := time.Since(start)
	return float64(el.Nanoseconds()) / float64(ops(d, w, n))
}

func ops(d *Data, w Workload, n int) int {
	if w == Movegen {
		return n * d.mgLookups
	}
	return n
}

// calibrate finds the iterations that make one measurement last about
// target, running the loop a few times on the way (which also warms it up).
func calibrate(d *Data, fn loopFunc, w Workload, target time.Duration) int {
	n := 1
	if w != Movegen {
		n = 1024
	}
	for {
		start := time.Now()
		sink ^= fn(d, n)
		el := time.Since(start)
		if el >= target/8 {
			return max(1, int(float64(n)*float64(target)/float64(el)))
		}
		n *= 8
	}
}

// Overlay returns the go command's overlay for technique t: its file of
// techniques/ in the place of technique.go; none for Default.
func Overlay(t string) (map[string]string, error) {
	if t == Default {
		return map[string]string{}, nil
	}
	dir, err := worker.Dir(pkgPath)
	if err != nil {
		return nil, err
	}
	own := filepath.Join(dir, "techniques", t+".go")
	if _, err := os.Stat(own); err != nil {
		return nil, fmt.Errorf("no technique %q: %v", t, err)
	}
	return map[string]string{filepath.Join(dir, "technique.go"): own}, nil
}

// BuildFlags returns the go command's flags that build this package with
// technique t, the overlay written to a file in dir.
func BuildFlags(t, dir string) ([]string, error) {
	o, err := Overlay(t)
	if err != nil {
		return nil, err
	}
	return worker.Flags(o, filepath.Join(dir, "overlay-"+t+".json"), Tag)
}

// Worker is a worker process of one technique's build.
type Worker struct {
	Technique string
	Info      Info
	mu        sync.Mutex
	proc      *worker.Proc
}

// Call sends r to the worker and returns its answer.
func (w *Worker) Call(r Request) (Response, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	var resp Response
	err := w.proc.Call(context.Background(), r, "", func(line []byte) (bool, error) {
		return true, json.Unmarshal(line, &resp)
	})
	if err == nil && resp.Error != "" {
		err = errors.New(resp.Error)
	}
	if err != nil {
		return resp, fmt.Errorf("lookups worker %s: %v", w.Technique, err)
	}
	return resp, nil
}

// Sums returns the worker's Data.Sums under kernel k ("": the default).
func (w *Worker) Sums(k string) ([][3]uint64, error) {
	resp, err := w.Call(Request{Op: "sums", Kernel: k})
	return resp.Sums, err
}

// Calibrate returns the iterations of r's cell that take about target.
func (w *Worker) Calibrate(r Request, target time.Duration) (int, error) {
	r.Op, r.Target = "calibrate", target
	resp, err := w.Call(r)
	return resp.N, err
}

// Time runs r's cell n times and returns its ns per lookup (per operation
// for a kernel's cell), timed in the worker.
func (w *Worker) Time(r Request, n int) (float64, error) {
	r.Op, r.N = "time", n
	resp, err := w.Call(r)
	return resp.Ns, err
}

// Pool is a worker for each of a set of techniques, in a directory of its
// own that Close removes.
type Pool struct {
	dir     string
	bins    map[string]string
	workers map[string]*Worker
}

// NewPool builds and starts the workers of techniques.
func NewPool(techniques []string) (*Pool, error) {
	dir, err := os.MkdirTemp("", "lookups-workers-")
	if err != nil {
		return nil, err
	}
	p := &Pool{dir: dir, bins: map[string]string{}, workers: map[string]*Worker{}}
	errs := make([]error, len(techniques))
	bins := make([]string, len(techniques))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2) // the builds share the go command's cache
	for i, t := range techniques {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			flags, err := BuildFlags(t, dir)
			if err == nil {
				bins[i] = filepath.Join(dir, "lookups-"+t)
				err = worker.Build(bins[i], workerPath, flags, "", nil)
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	for i, t := range techniques {
		p.bins[t] = bins[i]
		p.workers[t] = &Worker{Technique: t}
	}
	if err := p.startAll(); err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

// startAll starts every worker of the pool, two at a time: a start is a
// process's set-up (its tables, the input stream, the TT), on one core.
func (p *Pool) startAll() error {
	return worker.TwoAtATime(slices.Collect(maps.Values(p.workers)), p.start)
}

// start starts w's process and reads its Info.
func (p *Pool) start(w *Worker) error {
	proc, err := worker.Start(p.bins[w.Technique])
	if err != nil {
		return err
	}
	w.proc = proc
	resp, err := w.Call(Request{Op: "info"})
	if err != nil {
		return err
	}
	if resp.Info == nil || resp.Info.Technique != w.Technique {
		return fmt.Errorf("lookups worker %s says it is %+v", w.Technique, resp.Info)
	}
	w.Info = *resp.Info
	return nil
}

// Restart ends every worker and starts it again from its binary: a new
// process, whose heap, stacks and tables lie elsewhere. A measurement that
// restarts its workers between rounds spreads what one process's memory
// layout does to a technique over the rounds, as their spread, instead of
// keeping it for every round (a technique's median moved by up to a tenth
// from one process to the next).
func (p *Pool) Restart() error {
	for _, w := range p.workers {
		err := w.proc.Close()
		w.proc = nil
		if err != nil {
			return fmt.Errorf("lookups worker %s: %v", w.Technique, err)
		}
	}
	return p.startAll()
}

// Worker returns the pool's worker of technique t, or nil.
func (p *Pool) Worker(t string) *Worker { return p.workers[t] }

// Close ends the workers and removes their directory.
func (p *Pool) Close() error {
	var errs []error
	for _, w := range p.workers {
		if w.proc != nil {
			errs = append(errs, w.proc.Close())
		}
	}
	errs = append(errs, os.RemoveAll(p.dir))
	return errors.Join(errs...)
}
