// Package cli is the one shape of the bench's commands. Each is
// cmd/NAME/main.go (the main job: the module's root), whose main is
//
//	func main() { cli.Main("NAME", run) }
//
// and whose run(args, stdout, stderr) error does the work, so that a test
// runs the command as a user would, in the test's process. The commands
// share their flags where they apply: -quick (a short run that checks that
// everything works, not a measurement), -rounds (interleaved rounds),
// -write and -out (Output: nothing is written without -write), and -h,
// which prints the usage and exits 0.
package cli

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/symmagic/attacks/bench/internal/machine"
)

// Main runs run with the command line's arguments, stdout and stderr, and
// exits with the status Status gives its error.
func Main(name string, run func(args []string, stdout, stderr io.Writer) error) {
	os.Exit(Status(name, run(os.Args[1:], os.Stdout, os.Stderr), os.Stderr))
}

// Status reports a command's error on stderr, as Main does, and returns the
// exit status: 0 for none, and for flag.ErrHelp (-h: the usage is printed,
// and asking for it is no error); 2 for a usage error, with "run 'NAME -h'
// for usage" unless package flag has printed the usage already; a status
// error's own status, printing nothing; 1 for any other error, printed as
// "NAME: error".
func Status(name string, err error, stderr io.Writer) int {
	var u *usageError
	var s *statusError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &s):
		return s.code
	case errors.As(err, &u):
		if !u.printed {
			fmt.Fprintf(stderr, "%s: %v\nrun '%s -h' for usage\n", name, err, name)
		}
		return 2
	}
	fmt.Fprintf(stderr, "%s: %v\n", name, err)
	return 1
}

// usageError is a bad command line: exit status 2.
type usageError struct {
	err     error
	printed bool // package flag has printed it, with the usage
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// Usagef returns a usage error: the command line asks for something the
// command cannot do (exit status 2).
func Usagef(format string, a ...any) error {
	return &usageError{err: fmt.Errorf(format, a...)}
}

// NewFlagSet returns command name's flag set: errors returned, not exited
// on, and its output and usage on stderr. The usage is "Usage: " and
// synopsis (the command line, "go run -C bench ./cmd/NAME [flags]"), a
// blank line, about (what the command does, ending in a newline), and the
// flags.
func NewFlagSet(name, synopsis, about string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: %s\n\n%s\nFlags:\n", synopsis, about)
		fs.PrintDefaults()
	}
	return fs
}

// ParseNoArgs is Parse, then NoArgs: for a command that takes flags alone.
func ParseNoArgs(fs *flag.FlagSet, args []string) error {
	if err := Parse(fs, args); err != nil {
		return err
	}
	return NoArgs(fs)
}

// Parse parses args with fs, which must be flag.ContinueOnError with its
// output on the command's stderr: -h returns flag.ErrHelp, a bad flag a
// usage error (package flag has printed it and the usage).
func Parse(fs *flag.FlagSet, args []string) error {
	err := fs.Parse(args)
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return err
	}
	return &usageError{err: err, printed: true}
}

// NoArgs is a usage error if fs has arguments left after its flags.
func NoArgs(fs *flag.FlagSet) error {
	if fs.NArg() > 0 {
		return Usagef("unexpected argument %q", fs.Arg(0))
	}
	return nil
}

// statusError ends a command with an exit status of its own.
type statusError struct {
	code int
	err  error
}

func (e *statusError) Error() string { return e.err.Error() }
func (e *statusError) Unwrap() error { return e.err }

// WithStatus returns err marked to end the command with exit status code
// and no message: for a command that has said why on its own (perft
// stopped by Ctrl-C, 130, the shell's status for SIGINT).
func WithStatus(code int, err error) error { return &statusError{code: code, err: err} }

// Output is the -write and -out flags of a command that writes files.
type Output struct {
	// Write is -write: without it nothing is written.
	Write bool
	// Dir is -out, the directory -write writes to, relative to the working
	// directory: "results" by default, bench/results under go run -C bench.
	// The files go to a folder of it named for the CPU (CPUDir).
	Dir   string
	fs    *flag.FlagSet
	paths []string
}

// AddOutput defines -write and -out on fs; files says what -write writes
// ("results.md and the pictures").
func AddOutput(fs *flag.FlagSet, files string) *Output {
	o := &Output{fs: fs}
	fs.BoolVar(&o.Write, "write", false, "write "+files+" to -out; without it nothing is written")
	fs.StringVar(&o.Dir, "out", "results", "the directory -write writes to, in a folder named for this CPU, relative to the working directory (bench/ under go run -C bench)")
	o.paths = []string{"out"}
	return o
}

// CPUDir returns the directory this machine's results go to, -out's
// folder for its CPU (machine.CPU.Folder), and creates it: results from
// other CPUs sit beside it, never overwritten.
func (o *Output) CPUDir() (string, error) {
	dir := filepath.Join(o.Dir, machine.Here().CPU.Folder())
	return dir, os.MkdirAll(dir, 0o755)
}

// Save writes -out's file name in this CPU's folder (CPUDir) through
// WriteFile, and says so on stderr.
func (o *Output) Save(name string, write func(io.Writer) error, stderr io.Writer) error {
	dir, err := o.CPUDir()
	if err != nil {
		return err
	}
	path := filepath.Join(dir, name)
	if err := WriteFile(path, write); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s\n", path)
	return nil
}

// Report writes a command's report to stdout and, with -write, saves it
// as name too (Save): the file is what stdout showed.
func (o *Output) Report(name string, report func(io.Writer) error, stdout, stderr io.Writer) error {
	if err := report(stdout); err != nil {
		return err
	}
	if !o.Write {
		return nil
	}
	return o.Save(name, report, stderr)
}

// Paths names more flags that say where -write writes (the main job's
// -png): Check requires -write for them too.
func (o *Output) Paths(names ...string) { o.paths = append(o.paths, names...) }

// Check, after Parse, is a usage error if a flag that says where -write
// writes is set without -write: it would be silently ignored.
func (o *Output) Check() error {
	if o.Write {
		return nil
	}
	var set []string
	o.fs.Visit(func(f *flag.Flag) {
		for _, p := range o.paths {
			if f.Name == p {
				set = append(set, "-"+f.Name)
			}
		}
	})
	if len(set) > 0 {
		return Usagef("%s: say where -write writes; add -write", strings.Join(set, " and "))
	}
	return nil
}

// WriteFile writes path through a temporary file in the same directory,
// renamed when write has finished: a failure leaves the old file whole and
// no temporary file behind.
func WriteFile(path string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	err = f.Chmod(0o644) // as os.Create would, not CreateTemp's 0600
	if err == nil {
		err = write(w)
	}
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		return errors.Join(err, os.Remove(f.Name()))
	}
	return nil
}

// QuoteArgs returns a command's arguments as its report quotes them: the
// value of -out and of each flag named in dirs (a checkout's or a data
// directory, which names the machine and nothing of the measurement) as
// DIR, given as "-flag value", "--flag value" or "-flag=value". Only an
// argument that begins with - is a flag's name.
func QuoteArgs(args []string, dirs ...string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case !strings.HasPrefix(a, "-") || name != "out" && !slices.Contains(dirs, name):
			out = append(out, a)
		case hasValue:
			out = append(out, a[:strings.Index(a, "=")+1]+"DIR")
		default:
			if i+1 < len(args) {
				i++
			}
			out = append(out, a, "DIR")
		}
	}
	return out
}
