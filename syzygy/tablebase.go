package syzygy

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// WDL is a position's value under the fifty-move rule, from the side to
// move's point of view: a win or a loss that the rule does not spoil, a
// cursed win or a blessed loss (mate can be forced, but not before the
// rule lets the defender claim a draw), or a draw. Its values are those
// of Fathom, Stockfish and python-chess, -2 to 2, so that -w is the other
// side's value and a larger value is better.
type WDL int8

// The five values, worst first for the side to move.
const (
	Loss        WDL = -2 // the side to move loses, within the fifty-move rule
	BlessedLoss WDL = -1 // loses, but the fifty-move rule saves it
	Draw        WDL = 0
	CursedWin   WDL = 1 // wins, but the fifty-move rule spoils the win
	Win         WDL = 2 // wins, within the fifty-move rule
)

// String returns "loss", "blessed loss", "draw", "cursed win" or "win"
// (or "WDL(n)" for any other value).
func (w WDL) String() string {
	switch w {
	case Loss:
		return "loss"
	case BlessedLoss:
		return "blessed loss"
	case Draw:
		return "draw"
	case CursedWin:
		return "cursed win"
	case Win:
		return "win"
	}
	return fmt.Sprintf("WDL(%d)", int8(w))
}

// ErrCastling is the error of a probe of a position that holds a castling
// right: the tables hold none.
var ErrCastling = errors.New("syzygy: the position holds a castling right; the tables hold none")

// ErrClosed is behind the error of a probe after Close, and of a second
// Close: the value fs.ErrClosed, as os.ErrClosed and the ErrClosed of
// every package of this module are, so errors.Is(err, fs.ErrClosed)
// holds. The error's text reads "syzygy: the tablebase is closed".
var ErrClosed = fs.ErrClosed

// ErrNotOpened is the error of a probe of a Tablebase that Open did not
// make: its zero value, which holds no table.
var ErrNotOpened = errors.New("syzygy: the Tablebase was not made by Open")

// ErrNoTables is behind Open's *DirError when its directories hold no
// WDL table (NAME.rtbw), or it is given none.
var ErrNoTables = errors.New("syzygy: no Syzygy WDL table (NAME.rtbw)")

// closedError is the error of a call after Close: ErrClosed, with a text
// that names the package and the Tablebase.
type closedError struct{}

func (closedError) Error() string { return "syzygy: the tablebase is closed" }
func (closedError) Unwrap() error { return ErrClosed }

// TooManyPiecesError is the error of a probe of a position with more
// pieces (kings included) than the largest table given to Open holds.
type TooManyPiecesError struct {
	Pieces, Max int
}

func (e *TooManyPiecesError) Error() string {
	return fmt.Sprintf("syzygy: %d pieces; the tables hold at most %d", e.Pieces, e.Max)
}

// MissingTableError is the error of a probe that needs a table not given to
// Open: the table's file name, "KRPvKR.rtbz". A position's probe may need
// the tables of the positions its captures and pawn moves lead to, so the
// name need not be the position's own material.
type MissingTableError struct {
	File string
}

func (e *MissingTableError) Error() string {
	return "syzygy: missing table " + e.File
}

// TableError is the error of a table file: one that is not a Syzygy table,
// or is corrupt or truncated (Msg says what is wrong, Err is nil), or one
// that cannot be read or mapped into memory (Err is the system's error, a
// *fs.PathError where the file system gave one: errors.Is(err,
// fs.ErrNotExist) for a file removed after Open, fs.ErrPermission for
// one not readable). Path is the file's path. Open returns one for a file
// it cannot stat or whose size cannot be a table's; a probe returns one
// when it first reads the file, and so does every later probe that needs
// the file; Close one for a file it cannot unmap. Its text reads:
//
//	syzygy: table /tb/KRvK.rtbw: 100 bytes, not 16 more than a multiple of 64 as every Syzygy table's: truncated or not a table
//	syzygy: table /tb/KQvK.rtbz: open: permission denied
type TableError struct {
	Path string
	Msg  string
	Err  error
}

func (e *TableError) Error() string {
	s := "syzygy: table " + e.Path + ": " + e.Msg
	if e.Err == nil {
		return s
	}
	if e.Msg != "" {
		s += ": "
	}
	// The file system's error names the path already.
	if pe, ok := e.Err.(*fs.PathError); ok && pe.Path == e.Path {
		return s + pe.Op + ": " + pe.Err.Error()
	}
	return s + e.Err.Error()
}

func (e *TableError) Unwrap() error { return e.Err }

// DirError is the error of Open for its directories: one it cannot list
// (Dirs that directory, Err the file system's error, a *fs.PathError:
// errors.Is(err, fs.ErrNotExist) for a directory that does not exist), or
// directories that hold no WDL table (Dirs all of them, none when Open was
// given none; Err ErrNoTables). Its text reads:
//
//	syzygy: open /tb/3-4-5: no such file or directory
//	syzygy: no Syzygy WDL table (NAME.rtbw) in /tb/3-4-5, /tb/6
type DirError struct {
	Dirs []string
	Err  error
}

func (e *DirError) Error() string {
	switch {
	case e.Err != ErrNoTables:
		return "syzygy: " + e.Err.Error()
	case len(e.Dirs) == 0:
		return e.Err.Error() + ": no directory given"
	}
	return e.Err.Error() + " in " + strings.Join(e.Dirs, ", ")
}

func (e *DirError) Unwrap() error { return e.Err }

// PositionError is the error of a probe of a position no table can hold:
// a nil position, or one without a king of each side (the zero Position).
type PositionError struct {
	Msg string
}

func (e *PositionError) Error() string {
	return "syzygy: position: " + e.Msg
}

// Tablebase is a set of Syzygy tables, read from the directories given to
// Open. Its probes are safe for concurrent use by any number of
// goroutines: each table's file is mapped into memory (read into it where
// the system has no mmap) the first time a probe needs it, under a lock
// taken only then; after that ProbeWDL and ProbeDTZ take no lock and
// allocate nothing. The zero Tablebase holds no table: its probes return
// ErrNotOpened.
type Tablebase struct {
	entries   map[material]*entry // by the material of each orientation
	slots     []slot              // the same, open addressing: the probes' lookup
	names     []string            // the tables found, sorted
	maxPieces int
	closed    atomic.Bool
}

// kinds of table file
const (
	wdlKind = iota
	dtzKind
)

var suffixes = [2]string{".rtbw", ".rtbz"}

// entry is one table: its two files, mapped when first used.
type entry struct {
	name      string   // "KRPvKR"
	key       material // its material, white as the name's left side
	pieces    int
	hasPawns  bool
	symmetric bool     // the same material on both sides (KRvKR)
	kkEnc     bool     // pawnless, no piece but the kings alone of its kind
	pawns     [2]uint8 // pawns of the leading colour (the side with fewer, ties white), of the other
	path      [2]string
	size      [2]int64
	lazy      [2]lazyTable
}

// lazyTable is one file of an entry, mapped and parsed on first use.
type lazyTable struct {
	t   atomic.Pointer[table]
	mu  sync.Mutex
	err error // the load's error, kept: the file is not read again
}

// Open returns the tablebase of the Syzygy tables (files NAME.rtbw for
// WDL, NAME.rtbz for DTZ, NAME a table's material as Syzygy names it,
// "KRPvKR") in the directories dirs. A table found in several directories
// is read from the first. It reads the directories and checks each table
// file's size (16 more than a multiple of 64, as every Syzygy file's); the
// files themselves are read when a probe first needs them. A directory
// that cannot be read, a table file of the wrong size, and directories
// holding no WDL file are errors. Files with other names are ignored.
func Open(dirs ...string) (*Tablebase, error) {
	tb := &Tablebase{entries: map[material]*entry{}}
	byName := map[string]*entry{}
	for _, dir := range dirs {
		files, err := os.ReadDir(dir)
		if err != nil {
			return nil, &DirError{Dirs: []string{dir}, Err: err}
		}
		for _, f := range files {
			name, kind := f.Name(), -1
			for k, s := range suffixes {
				if strings.HasSuffix(name, s) {
					name, kind = strings.TrimSuffix(name, s), k
				}
			}
			if kind < 0 || f.IsDir() {
				continue
			}
			key, ok := parseName(name)
			if !ok {
				continue
			}
			e := byName[name]
			if e == nil {
				e = newEntry(name, key)
				byName[name] = e
			}
			if e.path[kind] != "" {
				continue // found in an earlier directory
			}
			path := filepath.Join(dir, f.Name())
			info, err := os.Stat(path)
			if err != nil {
				return nil, &TableError{Path: path, Err: err}
			}
			if info.Size()%64 != 16 {
				return nil, &TableError{Path: path, Msg: fmt.Sprintf("%d bytes, not 16 more than a multiple of 64 as every Syzygy table's: truncated or not a table", info.Size())}
			}
			e.path[kind], e.size[kind] = path, info.Size()
		}
	}
	for name, e := range byName {
		if e.path[wdlKind] == "" {
			continue // a DTZ file alone: its probes need the WDL file
		}
		tb.names = append(tb.names, name)
		tb.entries[e.key] = e
		tb.entries[e.key.mirror()] = e
		tb.maxPieces = max(tb.maxPieces, e.pieces)
	}
	if len(tb.names) == 0 {
		return nil, &DirError{Dirs: dirs, Err: ErrNoTables}
	}
	tb.buildSlots()
	sort.Strings(tb.names)
	return tb, nil
}

// slot is one place of Tablebase.slots.
type slot struct {
	key material
	e   *entry
}

// buildSlots lays tb.entries out in tb.slots, at least half empty, each
// key at its hash or after it (a Go map costs a probe about 100
// instructions a lookup; this, about 10).
func (tb *Tablebase) buildSlots() {
	n := 16
	for n < 2*len(tb.entries) {
		n *= 2
	}
	tb.slots = make([]slot, n)
	for key, e := range tb.entries {
		i := slotHash(key) & uint64(n-1)
		for tb.slots[i].e != nil {
			i = (i + 1) & uint64(n-1)
		}
		tb.slots[i] = slot{key, e}
	}
}

func slotHash(m material) uint64 { return uint64(m) * 0x9e3779b97f4a7c15 >> 32 }

// lookup returns the table of the material m, or nil.
func (tb *Tablebase) lookup(m material) *entry {
	if tb.slots == nil {
		return tb.entries[m] // a Tablebase a test put together
	}
	mask := uint64(len(tb.slots) - 1)
	for i := slotHash(m) & mask; ; i = (i + 1) & mask {
		s := &tb.slots[i]
		if s.e == nil || s.key == m {
			return s.e
		}
	}
}

// MaxPieces returns the number of pieces, kings included, of the largest
// table found: a position with more cannot be probed.
func (tb *Tablebase) MaxPieces() int { return tb.maxPieces }

// Tables returns the names of the tables found ("KQvK", "KRPvKR"), sorted,
// each with its WDL file; HasDTZ tells whether its DTZ file was found too.
func (tb *Tablebase) Tables() []string { return append([]string(nil), tb.names...) }

// HasDTZ reports whether the DTZ file of the table name ("KRPvKR") was
// found.
func (tb *Tablebase) HasDTZ(name string) bool {
	key, ok := parseName(name)
	if !ok {
		return false
	}
	e := tb.entries[key]
	return e != nil && e.name == name && e.path[dtzKind] != ""
}

// Mapped returns the number of table files mapped into memory (or read
// into it) so far, and their bytes. A table's file is mapped when a probe
// first needs it; the system keeps in memory only the pages probes have
// read. Beside them, each file's parsed headers take heap: about 6 KB a
// compressed stream (its symbols, 5 bytes each, and a 2 KB table), 35 KB a
// 3- or 4-piece table on average.
func (tb *Tablebase) Mapped() (files int, bytes int64) {
	for _, name := range tb.names {
		key, _ := parseName(name)
		e := tb.entries[key]
		for k := range e.lazy {
			if t := e.lazy[k].t.Load(); t != nil {
				files++
				bytes += int64(len(t.data))
			}
		}
	}
	return files, bytes
}

// Close unmaps (or frees) every table file read. It must not be called while
// a probe runs; probes after it, and a second Close, return an error
// wrapping ErrClosed. It returns the first error the system gave, a
// *TableError.
func (tb *Tablebase) Close() error {
	if tb.closed.Swap(true) {
		return closedError{}
	}
	var first error
	for _, name := range tb.names {
		key, _ := parseName(name)
		e := tb.entries[key]
		for k := range e.lazy {
			l := &e.lazy[k]
			l.mu.Lock()
			if t := l.t.Swap(nil); t != nil {
				if err := t.release(); err != nil && first == nil {
					first = &TableError{Path: e.path[k], Msg: "unmapping", Err: err}
				}
			}
			l.err = closedError{}
			l.mu.Unlock()
		}
	}
	return first
}

// table returns e's table of the kind, reading its file the first time.
func (tb *Tablebase) table(e *entry, kind int) (*table, error) {
	if t := e.lazy[kind].t.Load(); t != nil {
		return t, nil
	}
	return tb.load(e, kind)
}

func (tb *Tablebase) load(e *entry, kind int) (*table, error) {
	if e.path[kind] == "" {
		return nil, &MissingTableError{e.name + suffixes[kind]}
	}
	l := &e.lazy[kind]
	l.mu.Lock()
	defer l.mu.Unlock()
	if t := l.t.Load(); t != nil {
		return t, nil
	}
	if tb.closed.Load() {
		return nil, closedError{}
	}
	if l.err != nil {
		return nil, l.err
	}
	data, release, err := mapFile(e.path[kind])
	if err != nil {
		if _, ok := err.(*TableError); !ok {
			err = &TableError{Path: e.path[kind], Err: err}
		}
		l.err = err
		return nil, l.err
	}
	t, err := parseTable(data, e, kind)
	if err != nil {
		release()
		// The parser's fault is the file's, in the package's own words.
		l.err = &TableError{Path: e.path[kind], Msg: err.Error()}
		return nil, l.err
	}
	t.release = release
	l.t.Store(t)
	return t, nil
}
