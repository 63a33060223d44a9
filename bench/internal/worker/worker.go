// Package worker builds and runs the bench's worker processes: a command
// built once for each technique, with go build -overlay putting the
// technique's one file in the place of a package's seam, and driven over
// its standard input and output, one JSON object a line each way.
// bench/perft (slider modes of movegen) and bench/lookups (the per-lookup
// loops) build theirs with it.
package worker

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
)

// FuncAlign is the linker flag every worker is built with: every function
// starts on a 64-byte boundary (Go's default is 32). The builds of two
// techniques differ in the technique's code alone, but that shifts every
// function the linker places after it by a multiple of 32 bytes, and so
// where its loops fall in the CPU's 64-byte fetch windows: under perft's
// NNUE load, whose update loops are most of a node's time, three modes of
// one run at Go's default alignment ran 25 per cent slower than the others
// in every round, from the placement of the same code alone (on the AMD
// EPYC of docs/BENCHMARKS.md). With 64 bytes that code lies alike in every
// build.
const FuncAlign = "-funcalign=64"

// noDWARF is the linker flag that leaves out the debugging information
// (DWARF), which no worker is read with (profiles and go tool nm use the
// symbol table and Go's own line tables, which stay): a third of a
// worker's link, and the code and every symbol's address are the same
// with it and without (go tool nm -n lists the same).
const noDWARF = "-w"

// Go returns the go command with args, run in this package's directory
// when its source is at hand (go run and go test build from source), so
// that it works in the bench module whatever the caller's working
// directory; else in the working directory.
func Go(args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		if _, err := os.Stat(file); err == nil {
			cmd.Dir = filepath.Dir(file)
		}
	}
	return cmd
}

// withStderr adds the go command's stderr to its error.
func withStderr(err error) error {
	var ee *exec.ExitError
	if errors.As(err, &ee) && len(ee.Stderr) > 0 {
		return fmt.Errorf("%v: %s", err, bytes.TrimSpace(ee.Stderr))
	}
	return err
}

var (
	dirsMu sync.Mutex
	dirs   = map[string]string{}
)

// Dir returns the directory of package pkg as the go command resolves it
// in the bench module (the library's through its replace directive).
func Dir(pkg string) (string, error) {
	dirsMu.Lock()
	defer dirsMu.Unlock()
	if d, ok := dirs[pkg]; ok {
		return d, nil
	}
	out, err := Go("list", "-f", "{{.Dir}}", pkg).Output()
	if err != nil {
		return "", fmt.Errorf("go list %s (run inside the bench module): %v", pkg, withStderr(err))
	}
	d := strings.TrimSpace(string(out))
	dirs[pkg] = d
	return d, nil
}

// Flags returns the go command's flags that build with overlay (each file
// of a package the build replaces or adds, and the file that stands in for
// it), written as JSON to overlayFile, and the build tag of the files that
// stand in.
func Flags(overlay map[string]string, overlayFile, tag string) ([]string, error) {
	for _, src := range overlay {
		if _, err := os.Stat(src); err != nil {
			return nil, err
		}
	}
	b, err := json.Marshal(struct{ Replace map[string]string }{overlay})
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(overlayFile, b, 0o644); err != nil {
		return nil, err
	}
	return []string{"-overlay", overlayFile, "-tags", tag}, nil
}

// Build compiles the command pkg into bin with flags (Flags'), the
// linker's -X of ldflagsX (NAME=VALUE, or ""), FuncAlign and no DWARF, and
// env added to the environment.
func Build(bin, pkg string, flags []string, ldflagsX string, env []string) error {
	ld := FuncAlign + " " + noDWARF
	if ldflagsX != "" {
		ld = "-X=" + ldflagsX + " " + ld
	}
	args := append([]string{"build", "-o", bin, "-ldflags=" + ld}, flags...)
	cmd := Go(append(args, pkg)...)
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go %s: %v\n%s", strings.Join(cmd.Args[1:], " "), err, out)
	}
	return nil
}

// Proc is a running worker.
type Proc struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Scanner
	errs bytes.Buffer
}

// Start starts the worker at path.
func Start(path string) (*Proc, error) {
	p := &Proc{cmd: exec.Command(path)}
	p.cmd.Stderr = &p.errs
	in, err := p.cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := p.cmd.Start(); err != nil {
		return nil, err
	}
	p.in = in
	p.out = bufio.NewScanner(out)
	p.out.Buffer(make([]byte, 1<<20), 1<<26)
	return p, nil
}

// Pid is the worker's process ID.
func (p *Proc) Pid() int { return p.cmd.Process.Pid }

// Close ends the worker: its input closes, and it exits.
func (p *Proc) Close() error {
	p.in.Close()
	return p.cmd.Wait()
}

// Call writes req as a line and passes each line the worker answers to
// read, until read says it was the last. If ctx ends first, it writes stop
// as a line (the worker reads it while it works). An error says what the
// worker wrote on its stderr.
func (p *Proc) Call(ctx context.Context, req any, stop string, read func(line []byte) (last bool, err error)) error {
	fail := func(what string, err error) error {
		msg := fmt.Sprintf("%s: %v", what, err)
		if s := strings.TrimSpace(p.errs.String()); s != "" {
			msg += "; its stderr: " + s
		}
		return errors.New(msg)
	}
	line, err := json.Marshal(req)
	if err != nil {
		return err
	}
	if _, err := p.in.Write(append(line, '\n')); err != nil {
		return fail("writing a request", err)
	}
	if stop != "" {
		answered := make(chan struct{})
		defer close(answered)
		go func() {
			select {
			case <-ctx.Done():
				p.in.Write([]byte(stop + "\n"))
			case <-answered:
			}
		}()
	}
	for p.out.Scan() {
		last, err := read(p.out.Bytes())
		if err != nil || last {
			return err
		}
	}
	err = p.out.Err()
	if err == nil {
		err = io.ErrUnexpectedEOF
	}
	return fail("reading an answer", err)
}

// Server reads a worker's requests from stdin and writes its answers to
// stdout, one JSON object a line each way: a worker's half of Call.
type Server struct {
	mu  sync.Mutex
	out *bufio.Writer
	enc *json.Encoder
}

// NewServer returns the server of this process's stdout.
func NewServer() *Server {
	out := bufio.NewWriter(os.Stdout)
	return &Server{out: out, enc: json.NewEncoder(out)}
}

// Send writes v as a line; a worker whose driver is gone exits.
func (s *Server) Send(v any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.enc.Encode(v) != nil || s.out.Flush() != nil {
		os.Exit(1)
	}
}

// Read sends each line of stdin on lines, and closes it at the end of the
// input: the requests, to be decoded by the caller.
func Read(lines chan<- []byte) {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		lines <- bytes.Clone(sc.Bytes())
	}
	close(lines)
}
