// Package worker builds and runs the bench's worker processes: a command
// built once for each technique, with go build -overlay putting the
// technique's one file in the place of a package's seam, and driven over
// its standard input and output, one JSON object a line each way.
// bench/perft (slider modes of movegen) and bench/lookups (the per-lookup
// loops) build theirs with it. Its Proc runs the drivers of the programs
// in other languages too (bench/internal/foreign), whatever they speak
// over their standard input and output: lines or records.
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
	return BuildAligned(bin, pkg, flags, ldflagsX, env, 64)
}

// BuildAligned is Build with every function aligned to align bytes, a
// power of two, in place of FuncAlign's 64: for a build whose code is
// moved by less than 64 bytes (bench/perft's padded builds).
func BuildAligned(bin, pkg string, flags []string, ldflagsX string, env []string, align int) error {
	if align <= 0 || align&(align-1) != 0 {
		return fmt.Errorf("function alignment %d: want a power of two", align)
	}
	ld := fmt.Sprintf("-funcalign=%d %s", align, noDWARF)
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

// Proc is a running worker, or any program spoken to over its standard
// input and output (the drivers bench/cmd/rivals and bench/cmd/syzygy
// build): an io.Writer to the program's standard input and an io.Reader
// of its standard output, read a line at a time with ReadLine or as bytes
// with Read (both from one buffer, so they mix); it keeps the end of the
// program's standard error for its errors.
type Proc struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Reader
	line   []byte
	errs   *Tail
	closed bool
}

// MaxLine is the longest line ReadLine reads: a worker's answer is one
// JSON object a line.
const MaxLine = 1 << 26

// stderrKept is how much of a program's standard error a Proc keeps: the
// last bytes, which say why it failed.
const stderrKept = 64 << 10

// Start starts the program at path with args.
func Start(path string, args ...string) (*Proc, error) {
	p := &Proc{cmd: exec.Command(path, args...), errs: NewTail(stderrKept)}
	p.cmd.Stderr = p.errs
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
	p.out = bufio.NewReaderSize(out, 1<<16)
	return p, nil
}

// Pid is the program's process ID.
func (p *Proc) Pid() int { return p.cmd.Process.Pid }

// Write writes b to the program's standard input.
func (p *Proc) Write(b []byte) (int, error) { return p.in.Write(b) }

// CloseWrite closes the program's standard input, for a caller that has
// written all it had and reads on: the program sees the end of its input.
func (p *Proc) CloseWrite() error { return p.in.Close() }

// Read reads the program's standard output.
func (p *Proc) Read(b []byte) (int, error) { return p.out.Read(b) }

// ReadLine returns the next line of the program's standard output, without
// its line ending (\n or \r\n), valid until the next read: io.EOF at the
// end of the output, an error for a line of more than MaxLine bytes.
func (p *Proc) ReadLine() ([]byte, error) {
	p.line = p.line[:0]
	for {
		frag, err := p.out.ReadSlice('\n')
		if len(p.line)+len(frag) > MaxLine+2 {
			return nil, fmt.Errorf("a line of more than %d bytes", MaxLine)
		}
		p.line = append(p.line, frag...)
		switch {
		case err == nil:
			return bytes.TrimSuffix(bytes.TrimSuffix(p.line, []byte("\n")), []byte("\r")), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(p.line) > 0:
			return bytes.TrimSuffix(p.line, []byte("\r")), nil // the last line, unended
		}
		return nil, err
	}
}

// Stderr returns the end of what the program wrote on its standard error,
// trimmed: the last 64 KB at most.
func (p *Proc) Stderr() string { return strings.TrimSpace(p.errs.String()) }

// Close ends the program: its standard input closes, and it exits. The
// error is its exit status and the end of its standard error. Once
// closed, Close does nothing.
func (p *Proc) Close() error {
	if p.closed {
		return nil
	}
	p.closed = true
	p.in.Close()
	io.Copy(io.Discard, p.out) // what it writes as it ends, so that it never blocks on a full pipe
	if err := p.cmd.Wait(); err != nil {
		return p.fail("", err)
	}
	return nil
}

// Kill ends the program at once, for a caller that has stopped reading
// it: killed, its output drained, waited for.
func (p *Proc) Kill() {
	if p.closed {
		return
	}
	p.closed = true
	p.cmd.Process.Kill()
	p.in.Close()
	io.Copy(io.Discard, p.out)
	p.cmd.Wait()
}

// fail is err, after what (if not ""), with the end of the program's
// standard error.
func (p *Proc) fail(what string, err error) error {
	msg := err.Error()
	if what != "" {
		msg = what + ": " + msg
	}
	if s := p.Stderr(); s != "" {
		msg += "; its stderr: " + s
	}
	return errors.New(msg)
}

// Call writes req as a line and passes each line the worker answers to
// read, until read says it was the last. If ctx ends first, it writes stop
// as a line (the worker reads it while it works). An error says what the
// worker wrote on its stderr.
func (p *Proc) Call(ctx context.Context, req any, stop string, read func(line []byte) (last bool, err error)) error {
	line, err := json.Marshal(req)
	if err != nil {
		return err
	}
	if _, err := p.in.Write(append(line, '\n')); err != nil {
		return p.fail("writing a request", err)
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
	for {
		line, err := p.ReadLine()
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF
			}
			return p.fail("reading an answer", err)
		}
		if last, err := read(line); err != nil || last {
			return err
		}
	}
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

// Tail is an io.Writer that keeps the last bytes written to it, up to its
// size: a program's standard error or a build's output, kept for an error
// without growing with what the program writes.
type Tail struct {
	mu      sync.Mutex
	size    int
	b       []byte // its last size bytes are kept; it grows to twice that
	written int64
}

// NewTail returns a Tail that keeps the last size bytes.
func NewTail(size int) *Tail { return &Tail{size: size} }

// Write keeps the end of b.
func (t *Tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(b)
	t.written += int64(n)
	if len(b) > t.size {
		b = b[len(b)-t.size:]
	}
	t.b = append(t.b, b...)
	if len(t.b) > 2*t.size {
		t.b = append(t.b[:0], t.b[len(t.b)-t.size:]...)
	}
	return n, nil
}

// String is what the Tail keeps, after "..." if it has dropped the
// beginning.
func (t *Tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.b[max(0, len(t.b)-t.size):]
	if t.written > int64(len(b)) {
		return "..." + string(b)
	}
	return string(b)
}

// TwoAtATime runs f on each of items, two at a time (a worker's start is a
// process's set-up on one core), and returns every error, joined.
func TwoAtATime[T any](items []T, f func(T) error) error {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errs []error
	sem := make(chan struct{}, 2)
	for _, it := range items {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			if err := f(it); err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}
