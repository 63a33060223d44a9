// Command worker runs bench/perft's search on one build of the move
// generator: the build of a slider mode, which bench/perft's driver makes
// with go build -overlay (the mode's file of bench/perft/sliders in the
// place of movegen's slider.go) and names with -ldflags "-X main.mode=MODE".
// It reads requests on stdin and writes responses on stdout, one JSON
// object a line (bench/perft's Request and Response), until its input
// ends. It is not meant to be run by hand: go run -C bench ./cmd/perft
// builds and drives it.
package main

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"sync"
	"time"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/internal/worker"
	"github.com/symmagic/attacks/bench/perft"
	"github.com/symmagic/attacks/bench/perft/search"
	"github.com/symmagic/attacks/movegen"
)

// mode is the build's slider mode, set by the linker: w, movegen as it is,
// unless the driver says otherwise.
var mode = "w"

func main() {
	s := &server{worker.NewServer()}
	lines := make(chan []byte)
	go worker.Read(lines)
	reqs := make(chan perft.Request)
	go func() {
		for l := range lines {
			var r perft.Request
			if err := json.Unmarshal(l, &r); err != nil {
				r = perft.Request{Op: "bad", FEN: err.Error()}
			}
			reqs <- r
		}
		close(reqs)
	}()
	for r := range reqs {
		s.serve(r, reqs)
	}
}

// server answers the requests, one at a time (a run's progress comes from a
// goroutine of the search; worker.Server's Send takes them in turn).
type server struct{ *worker.Server }

func (s *server) send(r perft.Response) { s.Send(r) }

func (s *server) serve(r perft.Request, reqs <-chan perft.Request) {
	switch r.Op {
	case "info":
		s.send(perft.Response{Info: info()})
	case "run":
		res, later, err := s.run(r, reqs)
		if err != nil && (res == nil || !res.Stopped) {
			s.send(perft.Response{Error: err.Error()})
		} else {
			s.send(perft.Response{Result: res})
		}
		for _, q := range later {
			s.send(perft.Response{Error: fmt.Sprintf("request %q during a run: only stop is read then", q.Op)})
		}
	case "perft":
		nodes, err := perftEach(r.FENs, r.Depths)
		if err != nil {
			s.send(perft.Response{Error: err.Error()})
			return
		}
		s.send(perft.Response{Nodes: nodes, Done: true})
	case "lists":
		p, err := movegen.ParseFEN(r.FEN)
		if err != nil {
			s.send(perft.Response{Error: err.Error()})
			return
		}
		l := search.Lists(&p)
		s.send(perft.Response{Lists: &l})
	case "walk":
		sums, err := walk(r.FENs, r.Depth)
		if err != nil {
			s.send(perft.Response{Error: err.Error()})
			return
		}
		s.send(perft.Response{Walk: sums, Done: true})
	case "stop":
		// No run goes on: nothing to stop, nothing to say.
	case "bad":
		s.send(perft.Response{Error: "not a request: " + r.FEN})
	default:
		s.send(perft.Response{Error: fmt.Sprintf("unknown op %q", r.Op)})
	}
}

func info() *perft.Info {
	i := &perft.Info{Mode: perft.Mode(mode), PositionSize: search.PositionSize, Kernel: attacks.Kernel(), Kernels: attacks.Kernels(), Settings: map[string]string{}}
	if bi, ok := debug.ReadBuildInfo(); ok {
		i.GoVersion = bi.GoVersion
		for _, s := range bi.Settings {
			i.Settings[s.Key] = s.Value
		}
	}
	return i
}

// run runs one perft. A stop request that comes meanwhile ends it; any
// other request is returned, to be answered with an error after the run's
// result.
func (s *server) run(r perft.Request, reqs <-chan perft.Request) (res *perft.Result, later []perft.Request, err error) {
	opt := r.Options
	p, err := movegen.ParseFEN(r.FEN)
	if err != nil {
		return nil, nil, err
	}
	defer attacks.SetKernel(attacks.Kernel())
	if opt.Kernel != "" {
		if err := attacks.SetKernel(opt.Kernel); err != nil {
			return nil, nil, err
		}
	}
	if opt.CPUProfile != "" {
		f, err := os.Create(opt.CPUProfile)
		if err != nil {
			return nil, nil, err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return nil, nil, err
		}
		defer pprof.StopCPUProfile()
	}
	if r.ProgressMillis > 0 {
		opt.ProgressInterval = time.Duration(r.ProgressMillis) * time.Millisecond
		opt.Progress = func(pr perft.Progress) { s.send(perft.Response{Progress: &pr}) }
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	var watcher sync.WaitGroup
	watcher.Add(1)
	go func() {
		defer watcher.Done()
		for {
			select {
			case <-done:
				return
			case q, ok := <-reqs:
				switch {
				case !ok:
					cancel()
					return
				case q.Op == "stop":
					cancel()
				default:
					later = append(later, q)
				}
			}
		}
	}()
	// The search allocates its table and stacks before it starts its
	// clock; no collection runs while it is timed.
	runtime.GC()
	gc := debug.SetGCPercent(-1)
	result, err := search.Run(ctx, &p, r.Depth, opt) // it validates opt and the depth
	debug.SetGCPercent(gc)
	close(done)
	watcher.Wait()
	return &result, later, err
}

// perftEach returns movegen's Perft of each of fens to depths' depth.
func perftEach(fens []string, depths []int) ([]uint64, error) {
	if len(depths) != len(fens) {
		return nil, fmt.Errorf("%d depths for %d positions", len(depths), len(fens))
	}
	nodes := make([]uint64, len(fens))
	for i, fen := range fens {
		p, err := movegen.ParseFEN(fen)
		if err != nil {
			return nil, err
		}
		if depths[i] < 0 || depths[i] > movegen.MaxPerftDepth {
			return nil, fmt.Errorf("depth %d: want 0 to %d", depths[i], movegen.MaxPerftDepth)
		}
		nodes[i] = p.Perft(depths[i])
	}
	return nodes, nil
}

// walk plays every line to depth plies from each of fens and returns, for
// each, the number of positions reached and a SHA-256 of their Lists.
func walk(fens []string, depth int) ([]perft.WalkSum, error) {
	var sums []perft.WalkSum
	for _, fen := range fens {
		p, err := movegen.ParseFEN(fen)
		if err != nil {
			return nil, err
		}
		h := sha256.New()
		n := 0
		var visit func(p *movegen.Position, depth int)
		visit = func(p *movegen.Position, depth int) {
			n++
			l := search.Lists(p)
			var b []byte
			b = binary.LittleEndian.AppendUint32(b, uint32(l.Count))
			for i, m := range l.Moves {
				b = binary.LittleEndian.AppendUint16(b, uint16(m))
				b = binary.LittleEndian.AppendUint64(b, l.After[i])
			}
			b = append(b, 0xff)
			for _, m := range l.Tactical {
				b = binary.LittleEndian.AppendUint16(b, uint16(m))
			}
			h.Write(b)
			if depth == 0 {
				return
			}
			for _, m := range l.Moves {
				c := *p
				c.PlayUnchecked(m)
				visit(&c, depth-1)
			}
		}
		visit(&p, depth)
		sums = append(sums, perft.WalkSum{FEN: fen, Positions: n, Sum: hex.EncodeToString(h.Sum(nil))})
	}
	return sums, nil
}
