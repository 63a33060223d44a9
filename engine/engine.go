package engine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// The driver's bounds: what it keeps of the engine's output.
const (
	// MaxLineBytes is the longest line the driver reads from an engine,
	// without its line end: a principal variation of about 13,000 moves.
	// A longer line is a fault (its first bytes are quoted), not a growing
	// buffer.
	MaxLineBytes = 1 << 16

	// MaxStderrBytes is how much of the engine's standard error the driver
	// keeps: the last bytes written, quoted in the error of an engine that
	// exited or was killed.
	MaxStderrBytes = 4096

	// MaxOptions is the most options an engine may declare in its
	// handshake; more is a fault.
	MaxOptions = 1024
)

// The defaults of Config's timeouts.
const (
	DefaultReplyTimeout = 10 * time.Second
	DefaultStopTimeout  = 5 * time.Second
	DefaultQuitTimeout  = 2 * time.Second
)

// Config says which engine to start and how to drive it.
type Config struct {
	// Path is the engine's program: a path, or a name looked up in PATH
	// (as exec.Command does). Args are its arguments, Dir its working
	// directory ("" for the caller's), Env its environment (nil for the
	// caller's).
	Path string
	Args []string
	Dir  string
	Env  []string

	// Options are set after the handshake, each checked against the options
	// the engine declared (see SetOption): Threads before Hash, as Stockfish
	// asks, and the rest in the order of their names.
	Options map[string]string

	// ReplyTimeout bounds the wait for uciok and for each readyok beyond the
	// context's deadline (and a write to the engine): an engine that does not
	// answer in time is killed. 0 means DefaultReplyTimeout.
	ReplyTimeout time.Duration

	// StopTimeout bounds the wait for bestmove after the driver sends stop
	// (the search's context done, or a fault in its output): an engine that
	// does not answer in time is killed. 0 means DefaultStopTimeout.
	StopTimeout time.Duration

	// QuitTimeout bounds Close's wait for the engine to exit after quit;
	// then it is killed. 0 means DefaultQuitTimeout.
	QuitTimeout time.Duration

	// Transcript, when not nil, receives the conversation one line at a
	// time: "> " and each command sent, "< " and each line read. Writes to
	// it come from more than one goroutine, one at a time; its errors are
	// ignored.
	Transcript io.Writer
}

// Engine is a running UCI engine, started by Start (the zero Engine is
// none: its calls return an error). Its methods are safe for concurrent
// use: each waits its turn for the engine (a Search holds it until the
// search ends), or for its context. Close ends the engine's process; an
// Engine that is not closed keeps its process and two goroutines.
type Engine struct {
	cfg     Config
	name    string // id name, or the program's file name until the handshake gives one
	author  string
	options []Option

	cmd    *exec.Cmd
	stdin  *os.File
	stdout *os.File
	stderr *tailBuffer
	lines  chan lineMsg   // the engine's output, line by line; closed at its end
	exited chan struct{}  // closed when the process has been waited for
	stop   chan struct{}  // closed when the engine's end begins: the reader stops, a call waiting for a line wakes
	done   chan struct{}  // closed when the engine's end is complete: dead and tail are set
	sem    chan struct{}  // held by the call that talks to the engine
	reader sync.WaitGroup // the goroutine that reads the output

	wmu sync.Mutex // writes to stdin
	tmu sync.Mutex // writes to the transcript

	// The engine's end: begun once, by the call that finds a fault or by
	// Close (ending), and complete when done is closed. Whatever a call
	// reads of it after done, it reads whole: dead is written before done
	// is closed, and never after, and the standard error's tail no longer
	// changes once the process has been waited for.
	mu        sync.Mutex
	ending    bool   // the end has begun
	closed    bool   // Close was called
	dead      *Error // why the engine ended, its Stderr set; nil when Close ended it cleanly
	closeOnce sync.Once

	// Under sem.
	multiPV      int    // the MultiPV option's value in effect
	chess960     bool   // the UCI_Chess960 option's value in effect
	user960      bool   // the caller set UCI_Chess960 to true
	uciVariant   string // the UCI_Variant option's value in effect ("" without one)
	pendingReady int    // readyoks still to come for calls that stopped waiting
}

type lineMsg struct {
	line    string // without its line end; for a line too long, its first bytes
	tooLong bool
}

// Start starts the engine's process and runs the handshake: uci, then the
// engine's id and options up to uciok, then Config.Options, then isready.
// ctx bounds Start alone, not the engine's life (as a dialer's context
// bounds the dial): cancelling it later does nothing to the engine.
// Lines the engine writes before its handshake (a banner) are ignored.
//
// On any failure Start kills the process, waits for it, and returns an
// *Error: an engine that never answers uciok is killed after
// Config.ReplyTimeout (ErrTimeout), one that exits during the handshake
// is described by its exit status and standard error (ErrExited). A
// program that cannot be started is the error of os/exec behind it
// (fs.ErrNotExist for a path that is not there, exec.ErrNotFound for a
// name not in PATH); a nil ctx, an empty Config.Path, or a ctx that has
// ended are errors before anything starts.
func Start(ctx context.Context, cfg Config) (*Engine, error) {
	e := newEngine(cfg)
	if cfg.Path == "" {
		return nil, &Error{Engine: "?", Op: "start", Msg: "Config.Path is empty"}
	}
	if ctx == nil {
		return nil, &Error{Engine: e.name, Op: "start", Msg: "nil context"}
	}
	if err := ctx.Err(); err != nil {
		return nil, &Error{Engine: e.name, Op: "start", Msg: err.Error(), Err: err}
	}
	if err := e.start(); err != nil {
		return nil, err
	}
	if err := e.handshake(ctx); err != nil {
		return nil, err
	}
	if len(cfg.Options) > 0 {
		names := make([]string, 0, len(cfg.Options))
		for name := range cfg.Options {
			names = append(names, name)
		}
		sort.Slice(names, func(i, j int) bool {
			ri, rj := optionRank(names[i]), optionRank(names[j])
			if ri != rj {
				return ri < rj
			}
			return names[i] < names[j]
		})
		e.sem <- struct{}{}
		err := e.setOptions(ctx, "start", names, func(name string) string { return cfg.Options[name] })
		<-e.sem
		if err != nil {
			return nil, e.abandon(err)
		}
	} else if err := e.IsReady(ctx); err != nil {
		return nil, e.abandon(err)
	}
	return e, nil
}

// newEngine returns the Engine of cfg, its timeouts' defaults set, before
// its process starts.
func newEngine(cfg Config) *Engine {
	if cfg.ReplyTimeout <= 0 {
		cfg.ReplyTimeout = DefaultReplyTimeout
	}
	if cfg.StopTimeout <= 0 {
		cfg.StopTimeout = DefaultStopTimeout
	}
	if cfg.QuitTimeout <= 0 {
		cfg.QuitTimeout = DefaultQuitTimeout
	}
	return &Engine{
		cfg:     cfg,
		name:    filepath.Base(cfg.Path),
		stderr:  &tailBuffer{max: MaxStderrBytes},
		lines:   make(chan lineMsg, 16),
		exited:  make(chan struct{}),
		stop:    make(chan struct{}),
		done:    make(chan struct{}),
		sem:     make(chan struct{}, 1),
		multiPV: 1,
	}
}

// abandon ends an engine that failed to start, unless its end has begun,
// and returns the error, with the engine's standard error when it ended
// it.
func (e *Engine) abandon(err error) error {
	var ee *Error
	errors.As(err, &ee)
	if e.claim() {
		e.finish(ee)
	} else {
		<-e.done
	}
	return err
}

// optionRank orders Config.Options: Threads, then Hash, then the rest.
func optionRank(name string) int {
	switch strings.ToLower(name) {
	case "threads":
		return 0
	case "hash":
		return 1
	}
	return 2
}

// start starts the process and the goroutines that read its output and
// wait for it.
func (e *Engine) start() error {
	cmd := exec.Command(e.cfg.Path, e.cfg.Args...)
	cmd.Dir = e.cfg.Dir
	cmd.Env = e.cfg.Env
	cmd.Stderr = e.stderr
	// Wait waits for the copy of standard error to end; a child of the
	// engine that keeps the pipe open holds it up this long at most.
	cmd.WaitDelay = time.Second
	// The driver's own pipes for stdin and stdout: it closes them itself,
	// so a blocked read or write ends when the engine is killed or closed.
	inR, inW, err := os.Pipe()
	if err != nil {
		return &Error{Engine: e.name, Op: "start", Msg: err.Error(), Err: err}
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return &Error{Engine: e.name, Op: "start", Msg: err.Error(), Err: err}
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return &Error{Engine: e.name, Op: "start", Msg: err.Error(), Err: err}
	}
	e.cmd, e.stdin, e.stdout = cmd, inW, outR
	go func() {
		cmd.Wait() // the exit status is read from cmd.ProcessState
		close(e.exited)
	}()
	e.reader.Add(1)
	go e.read()
	return nil
}

// read sends the engine's output to e.lines a line at a time, until the
// output ends or the engine is finished.
func (e *Engine) read() {
	defer e.reader.Done()
	defer close(e.lines)
	br := bufio.NewReaderSize(e.stdout, 4096)
	const quoted = 64 // bytes of a line too long kept for its error
	var line []byte
	long := false
	for {
		frag, err := br.ReadSlice('\n')
		if !long {
			if len(line)+len(frag) > MaxLineBytes+2 { // +2: \r\n
				long = true
				line = append(line, frag[:min(len(frag), quoted)]...)
				line = line[:min(len(line), quoted)]
			} else {
				line = append(line, frag...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && len(line) == 0 {
			return
		}
		msg := lineMsg{tooLong: long}
		if !long {
			s := strings.TrimRight(string(line), "\r\n")
			if len(s) > MaxLineBytes {
				msg.tooLong, s = true, s[:quoted]
			}
			msg.line = s
		} else {
			msg.line = string(line)
		}
		if msg.tooLong {
			e.log("< " + msg.line + "... (a line longer than the driver reads)")
		} else {
			e.log("< " + msg.line)
		}
		select {
		case e.lines <- msg:
		case <-e.stop:
			return
		}
		line, long = line[:0], false
		if err != nil {
			return
		}
	}
}

func (e *Engine) log(s string) {
	if e.cfg.Transcript == nil {
		return
	}
	e.tmu.Lock()
	io.WriteString(e.cfg.Transcript, s+"\n")
	e.tmu.Unlock()
}

// write sends one command.
func (e *Engine) write(cmd string) error {
	e.wmu.Lock()
	defer e.wmu.Unlock()
	e.log("> " + cmd)
	// An engine that reads nothing for this long fills the pipe; a
	// descriptor without deadlines (not on Unix) ignores it.
	e.stdin.SetWriteDeadline(time.Now().Add(e.cfg.ReplyTimeout))
	_, err := io.WriteString(e.stdin, cmd+"\n")
	return err
}

// Internal causes that fail turns into an *Error.
var (
	errEOF     = errors.New("end of output")
	errTimeout = errors.New("timeout")
	errEnding  = errors.New("the engine's end has begun")
)

type writeError struct{ err error }

// recv returns the engine's next line, or why there is none: ctx's error
// (as soon as ctx has ended, even with lines waiting), errTimeout when
// timeout fires, errEOF at the end of its output, errEnding when the
// engine's end has begun.
func (e *Engine) recv(ctx context.Context, timeout <-chan time.Time) (lineMsg, error) {
	if err := ctx.Err(); err != nil {
		return lineMsg{}, err
	}
	select {
	case m, ok := <-e.lines:
		if !ok {
			return lineMsg{}, errEOF
		}
		return m, nil
	case <-ctx.Done():
		return lineMsg{}, ctx.Err()
	case <-timeout:
		return lineMsg{}, errTimeout
	case <-e.stop:
		return lineMsg{}, errEnding
	}
}

// fail turns why a call of op cannot go on into its error. A context's
// error leaves the engine as it is; every other cause ends the engine,
// unless its end has begun already: then fail waits for the end to be
// complete and returns the error every call now gets. waiting says what
// the call waited for, and how long when a timer was set: "uciok within
// 10s".
func (e *Engine) fail(op, waiting string, cause error) error {
	what, _, _ := strings.Cut(waiting, " within ")
	// An end that has begun gives the call its error; errEnding comes
	// only then (stop closed, or closed set, after ending).
	if err := e.usable(op); err != nil {
		return err
	}
	if errors.Is(cause, context.Canceled) || errors.Is(cause, context.DeadlineExceeded) {
		return &Error{Engine: e.name, Op: op, Msg: cause.Error(), Err: cause}
	}
	if !e.claim() {
		<-e.done
		return e.ended(op)
	}
	var err *Error
	switch {
	case cause == errEOF:
		// The output ended: the process exits, or has.
		t := time.NewTimer(e.cfg.QuitTimeout)
		select {
		case <-e.exited:
			t.Stop()
			err = &Error{Engine: e.name, Op: op, Msg: fmt.Sprintf("the engine exited (%s) before %s", e.cmd.ProcessState, what), Err: ErrExited}
		case <-t.C:
			err = &Error{Engine: e.name, Op: op, Msg: fmt.Sprintf("the engine closed its output before %s: killed", what), Err: ErrExited}
		}
	case cause == errTimeout:
		err = &Error{Engine: e.name, Op: op, Msg: fmt.Sprintf("no %s: killed", waiting), Err: ErrTimeout}
	default:
		var we writeError
		if errors.As(cause, &we) {
			select {
			case <-e.exited:
				err = &Error{Engine: e.name, Op: op, Msg: fmt.Sprintf("the engine exited (%s) before %s", e.cmd.ProcessState, what), Err: ErrExited}
			default:
				err = &Error{Engine: e.name, Op: op, Msg: fmt.Sprintf("writing to the engine: %v: killed", we.err), Err: we.err}
			}
		} else {
			err = &Error{Engine: e.name, Op: op, Msg: cause.Error(), Err: cause}
		}
	}
	e.finish(err)
	return err
}

// kill ends the engine for the reason err gives (a call of op found it),
// unless its end has begun already, and returns the error of the call:
// err, with the tail of the engine's standard error, or the error of the
// end that came first.
func (e *Engine) kill(op string, err *Error) error {
	if !e.claim() {
		<-e.done
		return e.ended(op)
	}
	e.finish(err)
	return err
}

func (w writeError) Error() string { return w.err.Error() }

// claim begins the engine's end, and reports whether the caller began it:
// then the caller, and no one else, calls finish. A caller that did not
// waits for done.
func (e *Engine) claim() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.ending {
		return false
	}
	e.ending = true
	return true
}

// finish completes the engine's end that the caller claimed: it stops the
// reader, kills the process (harmless once it has exited) and waits for
// it and for the reader, reads the tail of its standard error (complete
// once the process has been waited for), sets it in err, and only then
// records err as why the engine ended and closes done.
func (e *Engine) finish(err *Error) {
	close(e.stop)
	e.stdin.Close()
	e.cmd.Process.Kill()
	<-e.exited
	e.stdout.Close()
	e.reader.Wait()
	if err != nil {
		err.Stderr = e.stderr.tail()
	}
	e.mu.Lock()
	e.dead = err
	e.mu.Unlock()
	close(e.done)
}

// ended returns the error of a call of op on an engine whose end is
// complete (done is closed): ErrClosed's after Close, with the tail of the
// engine's standard error; else the error of the fault that ended it.
func (e *Engine) ended(op string) error {
	e.mu.Lock()
	closed, dead := e.closed, e.dead
	e.mu.Unlock()
	if closed || dead == nil {
		return &Error{Engine: e.name, Op: op, Msg: "the engine was closed", Stderr: e.stderr.tail(), Err: ErrClosed}
	}
	return dead
}

// closing reports whether Close was called.
func (e *Engine) closing() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.closed
}

// notStarted is the error of a call of op on the zero Engine.
func notStarted(op string) error {
	return &Error{Engine: "?", Op: op, Msg: "the Engine was not started (use Start)"}
}

// acquire waits for the engine to be free for a call of op, or for ctx.
func (e *Engine) acquire(ctx context.Context, op string) error {
	if e.sem == nil {
		return notStarted(op)
	}
	if ctx == nil {
		return &Error{Engine: e.name, Op: op, Msg: "nil context"}
	}
	// A context that has ended fails the call before it starts, whatever
	// else is ready.
	if err := ctx.Err(); err != nil {
		return &Error{Engine: e.name, Op: op, Msg: err.Error(), Err: err}
	}
	select {
	case e.sem <- struct{}{}:
	case <-ctx.Done():
		return &Error{Engine: e.name, Op: op, Msg: ctx.Err().Error(), Err: ctx.Err()}
	case <-e.done:
		return e.ended(op)
	}
	if err := e.usable(op); err != nil {
		<-e.sem
		return err
	}
	return nil
}

// usable returns nil when the engine's end has not begun, else, once the
// end is complete, the error of a call of op.
func (e *Engine) usable(op string) error {
	e.mu.Lock()
	ending := e.ending
	e.mu.Unlock()
	if !ending {
		return nil
	}
	<-e.done
	return e.ended(op)
}

// handshake sends uci and reads id and option lines up to uciok.
func (e *Engine) handshake(ctx context.Context) error {
	const op = "handshake"
	if err := e.write("uci"); err != nil {
		return e.fail(op, "uciok", writeError{err: err})
	}
	timer := time.NewTimer(e.cfg.ReplyTimeout)
	defer timer.Stop()
	name := ""
	for {
		m, err := e.recv(ctx, timer.C)
		if err != nil {
			if ctx.Err() != nil {
				// The engine is half started: it goes.
				return e.kill(op, &Error{Engine: e.name, Op: op, Msg: ctx.Err().Error() + " before uciok: killed", Err: ctx.Err()})
			}
			return e.fail(op, fmt.Sprintf("uciok within %v", e.cfg.ReplyTimeout), err)
		}
		if m.tooLong {
			return e.kill(op, &Error{Engine: e.name, Op: op, Line: m.line, Msg: fmt.Sprintf("a line longer than %d bytes: %q...", MaxLineBytes, m.line)})
		}
		word, rest := nextWord(m.line)
		switch word {
		case "id":
			key, value := nextWord(rest)
			switch key {
			case "name":
				name = strings.TrimSpace(value)
			case "author":
				e.author = strings.TrimSpace(value)
			}
		case "option":
			o, err := parseOption(m.line)
			if err != nil {
				return e.kill(op, &Error{Engine: e.name, Op: op, Line: m.line, Msg: fmt.Sprintf("option line %q: %s", m.line, err), Err: errors.Unwrap(err)})
			}
			if len(e.options) == MaxOptions {
				return e.kill(op, &Error{Engine: e.name, Op: op, Line: m.line, Msg: fmt.Sprintf("more than %d options", MaxOptions)})
			}
			e.options = append(e.options, o)
			if strings.EqualFold(o.Name, "MultiPV") && o.Type == "spin" {
				fmt.Sscan(o.Default, &e.multiPV)
			}
			if strings.EqualFold(o.Name, "UCI_Chess960") && o.Type == "check" {
				e.chess960 = o.Default == "true"
			}
			if strings.EqualFold(o.Name, "UCI_Variant") && o.Type == "combo" {
				e.uciVariant = o.Default
			}
		case "uciok":
			if name != "" {
				e.name = name
			}
			return nil
		}
	}
}

// Name returns the engine's id name ("Stockfish 15.1"), or its program's
// file name if it gave none.
func (e *Engine) Name() string { return e.name }

// Author returns the engine's id author, or "".
func (e *Engine) Author() string { return e.author }

// IsReady sends isready and waits for readyok, within Config.ReplyTimeout
// and ctx. An engine that does not answer in time is killed; when ctx ends
// first, the engine stays as it is (its readyok, when it comes, is
// skipped).
func (e *Engine) IsReady(ctx context.Context) error {
	if err := e.acquire(ctx, "isready"); err != nil {
		return err
	}
	defer func() { <-e.sem }()
	return e.sync(ctx, "isready", nil)
}

// NewGame sends ucinewgame, then isready: the next search is of another
// game (engines clear their hash tables).
func (e *Engine) NewGame(ctx context.Context) error {
	const op = "ucinewgame"
	if err := e.acquire(ctx, op); err != nil {
		return err
	}
	defer func() { <-e.sem }()
	if err := e.write("ucinewgame"); err != nil {
		return e.fail(op, "readyok", writeError{err: err})
	}
	return e.sync(ctx, op, nil)
}

// sync sends isready and reads up to its readyok. When sent is not nil
// (setoption commands just sent), any line but info and readyok is the
// engine's answer to them, which UCI gives only to reject one: sync reads
// on to readyok and returns an error quoting that line.
func (e *Engine) sync(ctx context.Context, op string, sent []string) error {
	if err := e.write("isready"); err != nil {
		return e.fail(op, "readyok", writeError{err: err})
	}
	timer := time.NewTimer(e.cfg.ReplyTimeout)
	defer timer.Stop()
	var answer string
	for {
		m, err := e.recv(ctx, timer.C)
		if err != nil {
			if ctx.Err() != nil {
				e.pendingReady++
			}
			return e.fail(op, fmt.Sprintf("readyok within %v", e.cfg.ReplyTimeout), err)
		}
		line := strings.TrimSpace(m.line)
		if line == "readyok" && !m.tooLong {
			if e.pendingReady > 0 {
				e.pendingReady--
				continue
			}
			break
		}
		if word, _ := nextWord(line); sent != nil && answer == "" && word != "info" && line != "" {
			answer = line
			if m.tooLong {
				answer += "..."
			}
		}
	}
	if answer != "" {
		return &Error{Engine: e.name, Op: op, Line: answer,
			Msg: fmt.Sprintf("the engine answered %q to %s", answer, strings.Join(sent, "; "))}
	}
	return nil
}

// Close ends the engine: it sends quit, waits up to Config.QuitTimeout
// for the process to exit, kills it if it has not, and waits for it and
// for the driver's goroutines. A call under way in another goroutine, a
// search among them, ends with ErrClosed, whatever the engine answers to
// quit (Stockfish answers a search's quit with its bestmove), as does
// every later call; these errors carry the tail of the engine's standard
// error.
//
// Close returns nil when the engine exited with status 0 after quit. It
// returns an *Error when the engine exited otherwise (ErrExited), when it
// had to kill it (ErrTimeout), and, for an engine that a fault had ended
// already (or was ending when Close was called), the fault's error, the
// one the call that found the fault got; each with the tail of the
// engine's standard error. Calling Close again returns the same.
func (e *Engine) Close() error {
	if e.sem == nil {
		return notStarted("close")
	}
	e.closeOnce.Do(func() {
		e.mu.Lock()
		e.closed = true
		claimed := !e.ending
		e.ending = true
		e.mu.Unlock()
		if !claimed {
			return // the end's error is Close's
		}
		e.write("quit")
		t := time.NewTimer(e.cfg.QuitTimeout)
		var err *Error
		select {
		case <-e.exited:
			if !e.cmd.ProcessState.Success() {
				err = &Error{Engine: e.name, Op: "close", Msg: fmt.Sprintf("the engine exited (%s)", e.cmd.ProcessState), Err: ErrExited}
			}
		case <-t.C:
			err = &Error{Engine: e.name, Op: "close", Msg: fmt.Sprintf("no exit within %v of quit: killed", e.cfg.QuitTimeout), Err: ErrTimeout}
		}
		t.Stop()
		e.finish(err)
	})
	<-e.done
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.dead == nil {
		return nil // not a nil *Error in a non-nil error
	}
	return e.dead
}

// nextWord splits s into its first word and the rest, after the spaces
// and tabs that follow the word.
func nextWord(s string) (word, rest string) {
	s = strings.TrimLeft(s, " \t")
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimLeft(s[i:], " \t")
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := len(p)
	if len(p) >= b.max {
		p = p[len(p)-b.max:]
		b.buf = append(b.buf[:0], p...)
		return n, nil
	}
	if over := len(b.buf) + len(p) - b.max; over > 0 {
		b.buf = append(b.buf[:0], b.buf[over:]...)
	}
	b.buf = append(b.buf, p...)
	return n, nil
}

// tail returns what was kept, without the spaces and line ends around it.
func (b *tailBuffer) tail() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return strings.TrimSpace(string(b.buf))
}
