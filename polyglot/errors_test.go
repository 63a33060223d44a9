package polyglot_test

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
	"github.com/symmagic/attacks/polyglot"
)

// failingReader is an io.ReaderAt whose every read fails with err.
type failingReader struct{ err error }

func (r failingReader) ReadAt([]byte, int64) (int, error) { return 0, r.err }

// failingWriter is an io.Writer whose every write fails with err.
type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }

// isError checks that err is a *polyglot.Error whose text begins with
// "polyglot: " once and holds want, and that errors.Is finds cause in it
// (cause nil: no cause is asked for).
func isError(t *testing.T, what string, err error, cause error, want string) {
	t.Helper()
	var e *polyglot.Error
	switch {
	case !errors.As(err, &e):
		t.Errorf("%s: %T %v, want a *polyglot.Error", what, err, err)
	case !strings.HasPrefix(err.Error(), "polyglot: ") || strings.Count(err.Error(), "polyglot: ") != 1:
		t.Errorf("%s: %q: want the prefix polyglot: once", what, err)
	case !strings.Contains(err.Error(), want):
		t.Errorf("%s: %q, want %q in it", what, err, want)
	case cause != nil && !errors.Is(err, cause):
		t.Errorf("%s: %v: errors.Is does not find %v", what, err, cause)
	}
}

// Every error of the package is a *polyglot.Error that keeps its cause.
func TestErrorsKeepTheirCause(t *testing.T) {
	p := movegen.StartPosition()
	entry := polyglot.RawEntry{Key: p.Key(), Move: uci(t, p, "e2e4"), Weight: 1}

	_, err := polyglot.Open(filepath.Join(t.TempDir(), "none.bin"))
	isError(t, "Open of no file", err, fs.ErrNotExist, "open ")
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		t.Errorf("Open of no file: %v: no *fs.PathError behind it", err)
	}
	_, err = polyglot.Open(t.TempDir())
	isError(t, "Open of a directory", err, nil, "a directory, not a book")

	// The ReaderAt's own error, and a book shorter than its size.
	oops := errors.New("the disk is on fire")
	b, err := polyglot.NewBook(failingReader{oops}, 32)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = b.Find(&p, nil)
	isError(t, "Find, a failing reader", err, oops, "reading the entry: the disk is on fire")
	_, err = b.At(1)
	isError(t, "At, a failing reader", err, oops, "book at byte 16: reading the entry")
	isError(t, "Check, a failing reader", b.Check(), oops, "book at byte 0")
	_, err = b.Raw(p.Key(), nil)
	isError(t, "Raw, a failing reader", err, oops, "reading the entry")
	data := book(entry, entry)
	b, err = polyglot.NewBook(bytes.NewReader(data[:20]), 48)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = b.Find(&p, nil)
	isError(t, "Find, a short book", err, io.ErrUnexpectedEOF, "reading the entry")
	isError(t, "Check, a short book", b.Check(), io.ErrUnexpectedEOF, "book at byte 16: reading the entry")
	_, err = b.At(2)
	isError(t, "At past the bytes", err, io.ErrUnexpectedEOF, "book at byte 32")
	_, err = b.At(3)
	isError(t, "At past the end", err, nil, "At(3): no such entry")
	_, err = b.At(-1)
	isError(t, "At(-1)", err, nil, "At(-1): no such entry")

	// A nil position: an error of every call that takes one.
	b = newBook(t, book(entry))
	_, _, err = b.Find(nil, nil)
	isError(t, "Find(nil)", err, nil, "Find: a nil position")
	_, _, err = b.Best(nil)
	isError(t, "Best(nil)", err, nil, "Best: a nil position")
	_, _, err = b.Pick(nil, nil)
	isError(t, "Pick(nil)", err, nil, "Pick: a nil position")
	func() {
		defer func() {
			if r := recover(); r == nil || !strings.Contains(r.(string), "polyglot.DecodeMove") {
				t.Errorf("DecodeMove(nil): %v, want a panic naming it", r)
			}
		}()
		polyglot.DecodeMove(nil, 0)
	}()

	// The zero Book is an empty book.
	var zero polyglot.Book
	if entries, skipped, err := zero.Find(&p, nil); len(entries) != 0 || skipped != 0 || err != nil {
		t.Errorf("the zero Book: %v %d %v", entries, skipped, err)
	}
	if err := zero.Close(); err != nil {
		t.Errorf("the zero Book's Close: %v", err)
	}
}

// After Close, every lookup of a book Open opened, and a second Close, is
// an error wrapping fs.ErrClosed; a book of NewBook's is the caller's.
func TestClosed(t *testing.T) {
	p := movegen.StartPosition()
	name := filepath.Join(t.TempDir(), "book.bin")
	if err := os.WriteFile(name, book(polyglot.RawEntry{Key: p.Key(), Move: uci(t, p, "e2e4"), Weight: 1}), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := polyglot.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	if entries, _, err := b.Find(&p, nil); err != nil || len(entries) != 1 {
		t.Fatalf("Find: %v %v", entries, err)
	}
	if err := b.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if polyglot.ErrClosed != fs.ErrClosed || polyglot.ErrClosed != os.ErrClosed {
		t.Error("polyglot.ErrClosed is not fs.ErrClosed")
	}
	_, _, err = b.Find(&p, nil)
	isError(t, "Find after Close", err, fs.ErrClosed, "Find: the book is closed")
	_, _, err = b.Best(&p)
	isError(t, "Best after Close", err, fs.ErrClosed, "Best: the book is closed")
	_, _, err = b.Pick(&p, nil)
	isError(t, "Pick after Close", err, fs.ErrClosed, "Pick: the book is closed")
	_, err = b.Raw(p.Key(), nil)
	isError(t, "Raw after Close", err, fs.ErrClosed, "Raw: the book is closed")
	_, err = b.At(0)
	isError(t, "At after Close", err, fs.ErrClosed, "At: the book is closed")
	isError(t, "Check after Close", b.Check(), fs.ErrClosed, "Check: the book is closed")
	isError(t, "Close again", b.Close(), fs.ErrClosed, "Close: the book is closed")

	nb := newBook(t, nil)
	for range 2 {
		if err := nb.Close(); err != nil {
			t.Errorf("Close of a NewBook book: %v", err)
		}
	}
}

// Make's and Maker's errors: the options, a game it cannot read (the
// reader's *pgn.Error behind it), one it cannot count (the game named),
// the writer's error.
func TestMakeErrors(t *testing.T) {
	_, err := polyglot.NewMaker(polyglot.Options{OnlyWhite: true, OnlyBlack: true})
	isError(t, "NewMaker", err, nil, "options: OnlyWhite and OnlyBlack both set")
	_, err = polyglot.Make(strings.NewReader("1. e4 e5 1-0\n\n1. e4 e5 2. Ke3 *"), io.Discard, polyglot.Options{})
	isError(t, "Make, an illegal move", err, nil, "reading the games: pgn: game 2, line 3")
	var pe *pgn.Error
	var se *movegen.SANError
	if !errors.As(err, &pe) || pe.Game != 2 || !errors.As(err, &se) {
		t.Errorf("Make, an illegal move: %v: no *pgn.Error of game 2 and *movegen.SANError behind it", err)
	}
	_, err = polyglot.Make(strings.NewReader("1. e4 e5 1-0\n\n1. e4 -- *"), io.Discard, polyglot.Options{})
	isError(t, "Make, a null move", err, nil, "game 2: a null move at ply 2")
	if e := (*polyglot.Error)(nil); !errors.As(err, &e) || e.Game != 2 {
		t.Errorf("Make, a null move: %v: Game is not 2", err)
	}
	oops := errors.New("the disk is full")
	_, err = polyglot.Make(strings.NewReader("1. e4 e5 1-0\n1. e4 e5 1-0\n1. e4 e5 1-0"), failingWriter{oops}, polyglot.Options{})
	isError(t, "Make, a failing writer", err, oops, "writing the book: the disk is full")

	var mk polyglot.Maker
	isError(t, "AddGame(nil)", mk.AddGame(nil), nil, "AddGame: a nil game")
}

// The zero Maker is NewMaker(Options{})'s: make-book's defaults.
func TestZeroMaker(t *testing.T) {
	const games = "1. e4 e5 1-0\n1. e4 e5 1/2-1/2\n1. e4 c5 0-1\n1. e4 e5 1-0\n1. d4 d5 *\n"
	want, err := polyglot.NewMaker(polyglot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var zero polyglot.Maker
	r := pgn.NewReader(strings.NewReader(games))
	var g pgn.Game
	for {
		err := r.Read(&g)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := want.AddGame(&g); err != nil {
			t.Fatal(err)
		}
		if err := zero.AddGame(&g); err != nil {
			t.Fatal(err)
		}
	}
	var a, b bytes.Buffer
	if _, err := want.WriteTo(&a); err != nil {
		t.Fatal(err)
	}
	if _, err := zero.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	if a.Len() == 0 || !bytes.Equal(a.Bytes(), b.Bytes()) || zero.Games() != 5 {
		t.Errorf("the zero Maker wrote %d bytes after %d games, NewMaker(Options{}) %d", b.Len(), zero.Games(), a.Len())
	}
	var empty polyglot.Maker
	if n, err := empty.WriteTo(&b); n != 0 || err != nil {
		t.Errorf("an empty zero Maker: %d bytes, %v", n, err)
	}
}
