package polyglot

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"sync/atomic"

	"github.com/symmagic/attacks/movegen"
)

// EntrySize is the size of a book entry in bytes: the key (8), the move (2),
// the weight (2) and the learn value (4), each big-endian.
const EntrySize = 16

// MaxEntries is the most entries one key may have: a book that gives a key
// more is refused (an *Error) when that key is looked up. A position has at
// most 218 legal moves; the bound keeps a broken or hostile book from
// making one lookup read or keep without limit.
const MaxEntries = 4096

// RawEntry is a book entry as the book stores it.
type RawEntry struct {
	Key    uint64 // the position's Polyglot key (movegen's Position.Key)
	Move   uint16 // the move in the book's encoding (see DecodeMove)
	Weight uint16 // how good or how often played: what the book's maker chose
	Learn  uint32 // learning data; books made by make-book hold 0
}

// Entry is a book entry of a position whose move is legal there.
type Entry struct {
	Move   movegen.Move // the legal move, as the position's LegalMoves lists it
	Raw    uint16       // the move in the book's encoding
	Weight uint16
	Learn  uint32
}

// Error is the error of a polyglot call: the game at fault (Game, from
// 1, for Make's games; 0 otherwise), the byte offset of the book entry at
// fault (Off; -1 when the fault is no entry's), what is wrong (Msg) and
// the error behind it (Err: the file system's or the io.ReaderAt's error,
// io.ErrUnexpectedEOF for a book shorter than its size, ErrClosed, the
// *pgn.Error of a game Make cannot read, the writer's error; nil when the
// fault is the book's, a game's or the caller's own). Its text reads:
//
//	polyglot: book at byte 48: entries not sorted by key: 0x0000000000000001 after 0x0000000000000002
//	polyglot: book at byte 160: reading the entry: unexpected EOF
//	polyglot: open book.bin: no such file or directory
//	polyglot: game 12: a null move at ply 31 (make-book reads none)
type Error struct {
	Game int
	Off  int64
	Msg  string
	Err  error
}

func (e *Error) Error() string {
	s := "polyglot: "
	if e.Game > 0 {
		s += "game " + strconv.Itoa(e.Game) + ": "
	}
	if e.Off >= 0 {
		s += "book at byte " + strconv.FormatInt(e.Off, 10) + ": "
	}
	s += e.Msg
	if e.Err != nil {
		if e.Msg != "" {
			s += ": "
		}
		s += e.Err.Error()
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// ErrClosed is behind the error of a lookup of a book after its Close, and
// of a second Close: the value fs.ErrClosed, as os.ErrClosed and every
// ErrClosed of this module are, so errors.Is(err, fs.ErrClosed) holds.
var ErrClosed = fs.ErrClosed

// fault returns an *Error of no entry's.
func fault(format string, args ...any) *Error {
	return &Error{Off: -1, Msg: fmt.Sprintf(format, args...)}
}

// Book is a Polyglot opening book read through an io.ReaderAt: nothing is
// read until a lookup, and a lookup reads only the entries it needs,
// found by binary search on the sorted keys (about log2(Len) reads of 8
// bytes, then the key's entries). A Book keeps no state between calls,
// so its methods may run at once from many goroutines when its ReaderAt
// allows it (*os.File and *bytes.Reader do). The zero Book is an empty
// book.
type Book struct {
	r      io.ReaderAt
	n      int64 // entries
	c      io.Closer
	closed atomic.Bool // Close has closed c
}

// NewBook returns the book of size bytes that r reads from offset 0, as in
// NewBook(bytes.NewReader(b), int64(len(b))) or a file and its size. A size
// that is not a multiple of EntrySize is an *Error.
func NewBook(r io.ReaderAt, size int64) (*Book, error) {
	if size < 0 || size%EntrySize != 0 {
		return nil, fault("book size %d bytes is not a multiple of %d", size, EntrySize)
	}
	return &Book{r: r, n: size / EntrySize}, nil
}

// Open opens the book file name; Close closes it. A file that cannot be
// opened is an *Error wrapping the file system's *fs.PathError
// (errors.Is(err, fs.ErrNotExist) for a missing one).
func Open(name string) (*Book, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, &Error{Off: -1, Err: err}
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, &Error{Off: -1, Err: err}
	}
	if st.IsDir() {
		f.Close()
		return nil, fault("%s: a directory, not a book", name)
	}
	b, err := NewBook(f, st.Size())
	if err != nil {
		f.Close()
		var e *Error
		if errors.As(err, &e) {
			e.Msg = name + ": " + e.Msg
		}
		return nil, err
	}
	b.c = f
	return b, nil
}

// Close closes the file Open opened: every later lookup, and a second
// Close, is an *Error wrapping ErrClosed. For a book from NewBook it does
// nothing (the caller owns the ReaderAt). Close must not be called while
// a lookup of the book runs.
func (b *Book) Close() error {
	if b.c == nil {
		return nil
	}
	if b.closed.Swap(true) {
		return b.closedErr("Close")
	}
	if err := b.c.Close(); err != nil {
		return &Error{Off: -1, Err: err}
	}
	return nil
}

// closedErr returns the error of a call of op on a closed book.
func (b *Book) closedErr(op string) error {
	return &Error{Off: -1, Msg: op + ": the book is closed", Err: ErrClosed}
}

// usable returns the error of a call of op, for a closed book or a nil
// position; nil when the call may go on.
func (b *Book) usable(op string, p *movegen.Position) error {
	if b.closed.Load() {
		return b.closedErr(op)
	}
	if p == nil {
		return fault("%s: a nil position", op)
	}
	return nil
}

// Len returns the number of entries.
func (b *Book) Len() int64 { return b.n }

// At returns entry i, 0 <= i < Len.
func (b *Book) At(i int64) (RawEntry, error) {
	if b.closed.Load() {
		return RawEntry{}, b.closedErr("At")
	}
	if i < 0 || i >= b.n {
		return RawEntry{}, fault("At(%d): no such entry: the book has %d", i, b.n)
	}
	var buf [EntrySize]byte
	if err := b.read(buf[:], i); err != nil {
		return RawEntry{}, err
	}
	return decodeEntry(buf[:]), nil
}

func decodeEntry(b []byte) RawEntry {
	return RawEntry{
		Key:    binary.BigEndian.Uint64(b),
		Move:   binary.BigEndian.Uint16(b[8:]),
		Weight: binary.BigEndian.Uint16(b[10:]),
		Learn:  binary.BigEndian.Uint32(b[12:]),
	}
}

// read fills buf from entry i on: whole entries within the book, or the
// first bytes of entry i (the key, for the binary search). A short read is
// an *Error at the entry it stopped in.
func (b *Book) read(buf []byte, i int64) error {
	n, err := b.r.ReadAt(buf, i*EntrySize)
	if n == len(buf) {
		return nil
	}
	if err == nil || err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return &Error{Off: i*EntrySize + int64(n)/EntrySize*EntrySize, Msg: "reading the entry", Err: err}
}

// lowerBound returns the index of the first entry whose key is not below
// key (Len when there is none). On sorted entries, every entry before it
// has a smaller key; the caller checks the entries from it on.
func (b *Book) lowerBound(key uint64, buf []byte) (int64, error) {
	lo, hi := int64(0), b.n
	buf = buf[:8]
	for lo < hi {
		mid := lo + (hi-lo)/2
		if err := b.read(buf, mid); err != nil {
			return 0, err
		}
		if binary.BigEndian.Uint64(buf[:]) < key {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, nil
}

// scan calls f with each entry of key in book order. The entries are found
// by binary search; the entry after them must have a greater key, or the
// book is not sorted where this key lies (an *Error). More than MaxEntries
// entries of the key are an *Error too.
func (b *Book) scan(key uint64, f func(RawEntry)) error {
	const chunk = 16                // entries read at once
	var buf [chunk * EntrySize]byte // one buffer: it escapes to the ReaderAt
	i, err := b.lowerBound(key, buf[:])
	if err != nil {
		return err
	}
	for start := i; i < b.n; {
		k := min(b.n-i, chunk)
		if err := b.read(buf[:k*EntrySize], i); err != nil {
			return err
		}
		for j := int64(0); j < k; j++ {
			e := decodeEntry(buf[j*EntrySize:])
			if e.Key != key {
				if e.Key < key {
					return &Error{Off: (i + j) * EntrySize, Msg: fmt.Sprintf("entries not sorted by key: %#016x after %#016x", e.Key, key)}
				}
				return nil
			}
			if i+j-start >= MaxEntries {
				return &Error{Off: (i + j) * EntrySize, Msg: fmt.Sprintf("key %#016x has more than %d entries", key, MaxEntries)}
			}
			f(e)
		}
		i += k
	}
	return nil
}

// Raw appends the entries of key to dst in book order, whatever their
// moves, and returns the extended slice.
func (b *Book) Raw(key uint64, dst []RawEntry) ([]RawEntry, error) {
	if b.closed.Load() {
		return dst, b.closedErr("Raw")
	}
	err := b.scan(key, func(e RawEntry) { dst = append(dst, e) })
	return dst, err
}

// Filter narrows the entries a lookup considers, as python-chess's
// minimum_weight and exclude_moves do: an entry is kept when its weight is
// at least MinWeight and its move is not one of Exclude (moves of the
// position, as LegalMoves or ParseUCI give them: castling as movegen
// writes it). The zero Filter keeps every entry. python-chess's lookups
// default to a minimum weight of 1, weight 0 being how a book deletes a
// move: Filter{MinWeight: 1} is its default, which Best and Pick use.
type Filter struct {
	MinWeight uint16
	Exclude   []movegen.Move
}

// keeps reports whether f keeps e.
func (f *Filter) keeps(e *Entry) bool {
	return e.Weight >= f.MinWeight && !slices.Contains(f.Exclude, e.Move)
}

// Find appends to dst the entries of the position p whose moves are legal
// there, in book order (make-book writes a position's entries highest
// weight first), each move decoded as DecodeMove does, and returns the
// extended slice and the number of p's entries it passed over because
// their moves are not legal in p (a key shared with another position,
// or a broken book). Entries of weight 0 are listed like any other:
// Find is FindWith and the zero Filter, python-chess's
// find_all(board, minimum_weight=0). A nil p is an *Error.
func (b *Book) Find(p *movegen.Position, dst []Entry) (entries []Entry, skipped int, err error) {
	if err := b.usable("Find", p); err != nil {
		return dst, 0, err
	}
	return b.find(p, nil, dst)
}

// FindWith is Find with the entries f keeps alone, python-chess's
// find_all(board, minimum_weight=f.MinWeight, exclude_moves=f.Exclude);
// skipped still counts every entry of p whose move is not legal.
func (b *Book) FindWith(p *movegen.Position, f Filter, dst []Entry) (entries []Entry, skipped int, err error) {
	if err := b.usable("FindWith", p); err != nil {
		return dst, 0, err
	}
	return b.find(p, &f, dst)
}

// find is Find (f nil) and FindWith, on a book and position usable has
// checked.
func (b *Book) find(p *movegen.Position, f *Filter, dst []Entry) (entries []Entry, skipped int, err error) {
	var buf [movegen.MaxMoves]movegen.Move
	legal := p.LegalMoves(buf[:0])
	chess960 := p.Chess960()
	err = b.scan(p.Key(), func(e RawEntry) {
		if m, ok := decode(legal, chess960, e.Move); ok {
			x := Entry{Move: m, Raw: e.Move, Weight: e.Weight, Learn: e.Learn}
			if f == nil || f.keeps(&x) {
				dst = append(dst, x)
			}
		} else {
			skipped++
		}
	})
	return dst, skipped, err
}

// Best returns the entry of p with the highest weight, the first in book
// order among equals; ok is false when p has no legal entry of weight 1 or
// more. (As Polyglot and python-chess do, a weight of 0 means "never play":
// it is how a book's moves are deleted without compacting it.) It is
// BestWith and Filter{MinWeight: 1}, python-chess's find and get.
func (b *Book) Best(p *movegen.Position) (e Entry, ok bool, err error) {
	if err := b.usable("Best", p); err != nil {
		return Entry{}, false, err
	}
	return b.best(p, &Filter{MinWeight: 1})
}

// BestWith is Best among the entries f keeps, python-chess's find(board,
// minimum_weight=f.MinWeight, exclude_moves=f.Exclude) (and get, ok false
// where find raises IndexError). With a MinWeight of 0, an entry of
// weight 0 is returned when no other is kept.
func (b *Book) BestWith(p *movegen.Position, f Filter) (e Entry, ok bool, err error) {
	if err := b.usable("BestWith", p); err != nil {
		return Entry{}, false, err
	}
	return b.best(p, &f)
}

func (b *Book) best(p *movegen.Position, f *Filter) (e Entry, ok bool, err error) {
	var buf [32]Entry
	entries, _, err := b.find(p, f, buf[:0])
	if err != nil {
		return Entry{}, false, err
	}
	for _, x := range entries {
		if !ok || x.Weight > e.Weight {
			e, ok = x, true
		}
	}
	return e, ok, nil
}

// Pick returns an entry of p chosen at random in proportion to the weights:
// an entry of weight w out of a total W is returned with probability w/W
// (entries of weight 0 never). The numbers come from r, or from
// math/rand/v2's global source when r is nil; a seeded r
// (rand.New(rand.NewPCG(1, 2))) picks the same moves run after run.
// It draws one number, r.Uint64N(W), and walks the entries in book order
// until their weights' running sum exceeds it, as python-chess's
// weighted_choice does with its randint(0, W-1). ok is false when p has
// no legal entry of weight 1 or more. It is PickWith and the zero Filter.
func (b *Book) Pick(p *movegen.Position, r *rand.Rand) (e Entry, ok bool, err error) {
	if err := b.usable("Pick", p); err != nil {
		return Entry{}, false, err
	}
	return b.pick(p, nil, r)
}

// PickWith is Pick among the entries f keeps, python-chess's
// weighted_choice(board, exclude_moves=f.Exclude) (which knows no minimum
// weight: a MinWeight of 0 or 1 picks alike, weight 0 never).
func (b *Book) PickWith(p *movegen.Position, f Filter, r *rand.Rand) (e Entry, ok bool, err error) {
	if err := b.usable("PickWith", p); err != nil {
		return Entry{}, false, err
	}
	return b.pick(p, &f, r)
}

func (b *Book) pick(p *movegen.Position, f *Filter, r *rand.Rand) (e Entry, ok bool, err error) {
	var buf [32]Entry
	entries, _, err := b.find(p, f, buf[:0])
	if err != nil {
		return Entry{}, false, err
	}
	var total uint64
	for _, x := range entries {
		total += uint64(x.Weight)
	}
	if total == 0 {
		return Entry{}, false, nil
	}
	choice := uint64n(r, total)
	var sum uint64
	for _, x := range entries {
		sum += uint64(x.Weight)
		if sum > choice {
			e = x
			break // the sum reaches total > choice: some entry breaks
		}
	}
	return e, true, nil
}

// PickUniform returns one of the entries of p that f keeps, each as likely
// as any other whatever its weight, python-chess's choice(board,
// minimum_weight=f.MinWeight, exclude_moves=f.Exclude): pass MinWeight 1
// for python-chess's default, which leaves out entries of weight 0. It
// draws one number, r.Uint64N(n) for the n entries kept, from r or, r nil,
// from math/rand/v2's global source. ok is false when f keeps no legal
// entry of p.
func (b *Book) PickUniform(p *movegen.Position, f Filter, r *rand.Rand) (e Entry, ok bool, err error) {
	if err := b.usable("PickUniform", p); err != nil {
		return Entry{}, false, err
	}
	var buf [32]Entry
	entries, _, err := b.find(p, &f, buf[:0])
	if err != nil || len(entries) == 0 {
		return Entry{}, false, err
	}
	return entries[uint64n(r, uint64(len(entries)))], true, nil
}

// uint64n draws a number in [0, n) from r, or from math/rand/v2's global
// source when r is nil.
func uint64n(r *rand.Rand, n uint64) uint64 {
	if r == nil {
		return rand.Uint64N(n)
	}
	return r.Uint64N(n)
}

// Check reads the whole book in order, a few kilobytes at a time, and
// returns an *Error at the first entry whose key is below the one before
// it. Lookups find a misplaced entry only where they look; Check is for a
// book from an unknown source, once.
func (b *Book) Check() error {
	if b.closed.Load() {
		return b.closedErr("Check")
	}
	const chunk = 256
	var buf [chunk * EntrySize]byte
	var prev uint64
	for i := int64(0); i < b.n; {
		k := min(b.n-i, chunk)
		if err := b.read(buf[:k*EntrySize], i); err != nil {
			return err
		}
		for j := int64(0); j < k; j++ {
			key := binary.BigEndian.Uint64(buf[j*EntrySize:])
			if key < prev {
				return &Error{Off: (i + j) * EntrySize, Msg: fmt.Sprintf("entries not sorted by key: %#016x after %#016x", key, prev)}
			}
			prev = key
		}
		i += k
	}
	return nil
}
