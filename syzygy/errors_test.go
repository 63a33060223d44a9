package syzygy

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// probeAll returns the errors of every probe of p.
func probeAll(tb *Tablebase, p *movegen.Position) []error {
	_, err1 := tb.ProbeWDL(p)
	_, err2 := tb.ProbeDTZ(p)
	_, err3 := tb.RootMoves(p, nil)
	_, err4 := tb.RootMovesWDL(p, nil)
	return []error{err1, err2, err3, err4}
}

// TestOpenErrorsWrap checks that Open keeps the file system's error: a
// directory that does not exist is fs.ErrNotExist inside a *DirError, and
// so is a table file that cannot be read (a link to nothing).
func TestOpenErrorsWrap(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none")
	_, err := Open(missing)
	var de *DirError
	var pe *fs.PathError
	if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &de) || !errors.As(err, &pe) || len(de.Dirs) != 1 || de.Dirs[0] != missing ||
		err.Error() != "syzygy: open "+missing+": no such file or directory" {
		t.Errorf("a directory that does not exist: %v", err)
	}

	empty := t.TempDir()
	for _, dirs := range [][]string{{empty}, nil} {
		_, err := Open(dirs...)
		want := "syzygy: no Syzygy WDL table (NAME.rtbw) in " + empty
		if dirs == nil {
			want = "syzygy: no Syzygy WDL table (NAME.rtbw): no directory given"
		}
		if !errors.Is(err, ErrNoTables) || !errors.As(err, &de) || len(de.Dirs) != len(dirs) || err.Error() != want {
			t.Errorf("%q: %v, want %q", dirs, err, want)
		}
	}

	dir := copyTables(t, "KQvK.rtbw")
	link := filepath.Join(dir, "KRvK.rtbw")
	if err := os.Symlink(filepath.Join(dir, "nothing"), link); err != nil {
		t.Skip(err)
	}
	_, err = Open(dir)
	var te *TableError
	if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &te) || te.Path != link ||
		err.Error() != "syzygy: table "+link+": stat: no such file or directory" {
		t.Errorf("a link to nothing: %v", err)
	}
}

// TestProbeErrorsWrap checks that a table file that cannot be read when a
// probe first needs it is a *TableError wrapping the file system's error,
// mapped or read into memory, and that a probe after Close, or a second
// Close, is fs.ErrClosed.
func TestProbeErrorsWrap(t *testing.T) {
	p := mustFEN(t, "8/8/8/8/8/1k6/8/K3Q3 w - - 0 1")
	for _, mmap := range []bool{true, false} {
		if mmap && !useMmap {
			continue
		}
		saved := useMmap
		useMmap = mmap
		dir := copyTables(t, "KQvK.rtbw", "KQvK.rtbz")
		tb, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		wdl := filepath.Join(dir, "KQvK.rtbw")
		os.Remove(wdl)
		for i, err := range probeAll(tb, &p) {
			var te *TableError
			if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &te) || te.Path != wdl ||
				err.Error() != "syzygy: table "+wdl+": open: no such file or directory" {
				t.Errorf("mmap %v, probe %d of a removed file: %v", mmap, i, err)
			}
		}
		if os.Geteuid() != 0 { // root reads any file
			dtz := filepath.Join(dir, "KQvK.rtbz")
			os.Chmod(dtz, 0)
			var te *TableError
			if _, err := tb.ProbeDTZ(&p); !errors.Is(err, fs.ErrPermission) || !errors.As(err, &te) || te.Path != dtz {
				t.Errorf("mmap %v, a file not readable: %v", mmap, err)
			}
		}
		if err := tb.Close(); err != nil {
			t.Error(err)
		}
		useMmap = saved
	}

	tb, err := Open(testdata)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.ProbeDTZ(&p); err != nil {
		t.Fatal(err)
	}
	if err := tb.Close(); err != nil {
		t.Fatal(err)
	}
	q := mustFEN(t, "8/8/8/8/8/1k6/8/K2R4 w - - 0 1") // KRvK: not read before Close
	for _, pos := range []*movegen.Position{&p, &q} {
		for i, err := range probeAll(tb, pos) {
			if !errors.Is(err, fs.ErrClosed) || !errors.Is(err, ErrClosed) || err.Error() != "syzygy: the tablebase is closed" {
				t.Errorf("%s: probe %d after Close: %v", pos.FEN(), i, err)
			}
		}
	}
	if err := tb.Close(); !errors.Is(err, fs.ErrClosed) {
		t.Errorf("a second Close: %v", err)
	}
	if ErrClosed != fs.ErrClosed || ErrClosed != os.ErrClosed {
		t.Error("ErrClosed is not fs.ErrClosed")
	}
}

// TestErrorTypes checks that each exported error type is found by
// errors.As, and the zero Tablebase's error by errors.Is, from every probe.
func TestErrorTypes(t *testing.T) {
	tb := openTB(t)
	var zeroTB Tablebase
	var zeroPos movegen.Position
	kq := mustFEN(t, "8/8/8/8/8/1k6/8/K3Q3 w - - 0 1")
	missing, err := Open(copyTables(t, "KQvKR.rtbw"))
	if err != nil {
		t.Fatal(err)
	}
	defer missing.Close()
	kqkr := mustFEN(t, "8/8/8/8/8/1k6/8/1K1Q3r b - - 0 1")
	for _, c := range []struct {
		name string
		tb   *Tablebase
		p    *movegen.Position
		ok   func(error) bool
	}{
		{"the zero Tablebase", &zeroTB, &kq, func(err error) bool { return errors.Is(err, ErrNotOpened) }},
		{"a castling right", tb, ptr(mustFEN(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1")), func(err error) bool { return errors.Is(err, ErrCastling) }},
		{"too many pieces", tb, ptr(mustFEN(t, "4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1")), func(err error) bool {
			var e *TooManyPiecesError
			return errors.As(err, &e) && e.Pieces == 5 && e.Max == 4
		}},
		{"a missing table", missing, &kqkr, func(err error) bool {
			var e *MissingTableError
			return errors.As(err, &e) && (e.File == "KRvK.rtbw" || e.File == "KQvK.rtbw") // a capture's table
		}},
		{"no kings", tb, &zeroPos, func(err error) bool { var e *PositionError; return errors.As(err, &e) }},
		{"a nil position", tb, nil, func(err error) bool { var e *PositionError; return errors.As(err, &e) }},
	} {
		for i, err := range probeAll(c.tb, c.p) {
			if !c.ok(err) || !strings.HasPrefix(err.Error(), "syzygy: ") || strings.Count(err.Error(), "syzygy: ") != 1 {
				t.Errorf("%s, probe %d: %v", c.name, i, err)
			}
		}
	}
}

// TestSentinelText checks that each of the package's error values names
// the package once, as every error it returns does.
func TestSentinelText(t *testing.T) {
	for _, err := range []error{ErrCastling, ErrNotOpened, ErrNoTables} {
		if s := err.Error(); !strings.HasPrefix(s, "syzygy: ") || strings.Count(s, "syzygy: ") != 1 {
			t.Errorf("%q", s)
		}
	}
}

func ptr[T any](v T) *T { return &v }
