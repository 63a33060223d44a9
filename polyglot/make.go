package polyglot

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"slices"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
	"github.com/symmagic/attacks/variant"
)

// Options are make-book's options. The zero Options are make-book's
// defaults.
type Options struct {
	// MaxPly counts only the first MaxPly plies of each game (-max-ply;
	// 0 means make-book's default, 1024).
	MaxPly int
	// MinGame keeps only the moves played in at least MinGame games
	// (-min-game; 0 means make-book's default, 3).
	MinGame int
	// MinScore keeps only the moves that scored at least MinScore per cent
	// for the side that played them, a draw half a point (-min-score).
	MinScore float64
	// OnlyWhite keeps only the moves of White (-only-white), OnlyBlack
	// those of Black (-only-black); not both.
	OnlyWhite, OnlyBlack bool
	// Uniform gives every move kept the weight 1 (-uniform).
	Uniform bool
	// Skip makes Make and Maker.ReadPGN pass over the games they cannot
	// use, and go on, where make-book stops at the first and writes no
	// book: a game the PGN reader cannot read (an illegal or ambiguous
	// move, a FEN tag that is no position, a variant it does not read, a
	// game over the reader's limits), a game of one of lichess's variants,
	// which the reader reads by its rules, one from a set-up position with
	// moves, one with a null move. Each is counted
	// and the first MaxSkipped are named (Maker.Skipped); the book is then
	// make-book's book of the other games. The input's own error (a
	// failed read) still stops them.
	Skip bool
}

// MaxSkipped is the most games passed over (Options.Skip) that a Maker
// names; it counts the others.
const MaxSkipped = 64

// SkippedGame is a game passed over (Options.Skip): its number in the
// input, from 1, as pgn.GameInfo.Number counts it, and why (Err): the
// *pgn.Error of a game the reader cannot read, or the *Error of a game
// AddGame refuses (a set-up start, a null move).
type SkippedGame struct {
	Game int
	Err  error
}

// Skipped is the account of the games passed over (Options.Skip): how
// many (Count), and the first MaxSkipped of them in input order (Games).
type Skipped struct {
	Count int
	Games []SkippedGame
}

// countMax is make-book's COUNT_MAX: when a move has been counted this many
// times, every count of its position is halved.
const countMax = 16384

// Maker makes a book from games by make-book's rules (see AddGame and
// WriteTo). Its memory grows with the distinct (position, move) pairs of
// the games, about 40 bytes each, as make-book's does.
type Maker struct {
	opt      Options
	minScore float64
	entries  []makeEntry
	index    map[makeKey]int32 // (key, move) → entries' index
	first    map[uint64]int32  // key → its first entry; next links the rest
	games    int
	skipped  Skipped
}

type makeKey struct {
	key  uint64
	move uint16
}

type makeEntry struct {
	key   uint64
	move  uint16
	n     uint16 // games that played the move (below countMax)
	sum   uint16 // 2 a win, 1 a draw, 0 a loss, for the side that played it
	black bool   // Black played it
	next  int32  // the next entry of the key, or -1
}

// NewMaker returns a Maker with options opt; OnlyWhite and OnlyBlack both
// set, a negative number, or a MinScore outside [0, 100] is an *Error.
// The zero Maker is NewMaker(Options{})'s: make-book's defaults.
func NewMaker(opt Options) (*Maker, error) {
	switch {
	case opt.OnlyWhite && opt.OnlyBlack:
		return nil, fault("options: OnlyWhite and OnlyBlack both set")
	case opt.MaxPly < 0 || opt.MinGame < 0:
		return nil, fault("options: MaxPly %d, MinGame %d: negative", opt.MaxPly, opt.MinGame)
	case !(opt.MinScore >= 0 && opt.MinScore <= 100):
		return nil, fault("options: MinScore %v not in [0, 100]", opt.MinScore)
	}
	mk := &Maker{opt: opt}
	mk.init()
	return mk, nil
}

// init gives the options' zero values make-book's defaults and makes the
// maps, once: the zero Maker's first call does it.
func (mk *Maker) init() {
	if mk.index != nil {
		return
	}
	if mk.opt.MaxPly == 0 {
		mk.opt.MaxPly = 1024
	}
	if mk.opt.MinGame == 0 {
		mk.opt.MinGame = 3
	}
	mk.minScore = mk.opt.MinScore / 100.0 // as make-book divides its argument
	mk.index = make(map[makeKey]int32)
	mk.first = make(map[uint64]int32)
}

// AddGame counts the main line of g as make-book does: each of its first
// MaxPly moves adds a game to the move's count in the position it was
// played from, and to its score 2 if the game's Result tag is "1-0" for a
// White move or "0-1" for a Black one, 0 for the other of the two, and 1
// for any other Result, "1/2-1/2", "*" or none at all (make-book reads the
// tag, not the termination marker, and counts an unknown result as a
// draw). When a move's count reaches 16384, the counts and scores of every
// move of its position are halved, rounding up.
//
// make-book plays every game from the standard start, whatever its FEN
// tag says, and stops with an error at the first move not legal there; so
// a game that starts elsewhere and has moves to count is an error here,
// and so is a null move. (A game with a FEN whose moves happen to be legal
// from the standard start, make-book counts from there; no real file has
// one.) On an error, an *Error, the Maker is as it was; a nil g is one.
func (mk *Maker) AddGame(g *pgn.Game) error {
	if g == nil {
		return fault("AddGame: a nil game")
	}
	if err := mk.addGame(g); err != nil {
		return err
	}
	return nil
}

func (mk *Maker) addGame(g *pgn.Game) *Error {
	mk.init()
	if v := g.Variant(); v != variant.NoVariant {
		return fault("a game of %s, not standard chess (make-book plays standard chess)", v)
	}
	var buf [256]movegen.Move
	moves := g.Mainline(buf[:0])
	if len(moves) > mk.opt.MaxPly {
		moves = moves[:mk.opt.MaxPly]
	}
	start := movegen.StartPosition()
	if len(moves) > 0 {
		if s := g.Start(); s.Key() != start.Key() {
			return fault("the game starts from %q, not the standard start (make-book plays every game from the standard start)", s.FEN())
		}
		for i, m := range moves {
			if m == movegen.NoMove {
				return fault("a null move at ply %d (make-book reads none)", i+1)
			}
		}
	}
	result := 0
	switch res, _ := g.Tag("Result"); res {
	case "1-0":
		result = 1
	case "0-1":
		result = -1
	}
	p := start
	for _, m := range moves {
		mk.count(&p, EncodeMove(m), uint16(result+1))
		p.PlayUnchecked(m) // the main line's moves are legal
		result = -result
	}
	mk.games++
	return nil
}

// count adds one game of score to the move raw of p.
func (mk *Maker) count(p *movegen.Position, raw, score uint16) {
	key := p.Key()
	i, ok := mk.index[makeKey{key, raw}]
	if !ok {
		i = int32(len(mk.entries))
		next, ok := mk.first[key]
		if !ok {
			next = -1
		}
		mk.entries = append(mk.entries, makeEntry{key: key, move: raw, black: p.Side() == movegen.Black, next: next})
		mk.index[makeKey{key, raw}] = i
		mk.first[key] = i
	}
	e := &mk.entries[i]
	e.n++
	e.sum += score
	if e.n >= countMax {
		for j := mk.first[key]; j >= 0; j = mk.entries[j].next {
			f := &mk.entries[j]
			f.n = (f.n + 1) / 2
			f.sum = (f.sum + 1) / 2
		}
	}
}

// Games returns the number of games added.
func (mk *Maker) Games() int { return mk.games }

// keep is make-book's filter.
func (mk *Maker) keep(e *makeEntry) bool {
	if int(e.n) < mk.opt.MinGame || e.sum == 0 {
		return false
	}
	if float64(e.sum)/float64(e.n)/2.0 < mk.minScore {
		return false
	}
	return !(mk.opt.OnlyWhite && e.black || mk.opt.OnlyBlack && !e.black)
}

func (mk *Maker) weight(e *makeEntry) uint16 {
	if mk.opt.Uniform {
		return 1
	}
	return e.sum
}

// WriteTo writes the book: the moves the options keep, each with its
// weight (its score, or 1 with Uniform) and learn 0, sorted by key and, for
// a key, by weight from the highest, moves of equal weight in the order
// the games first played them (make-book sorts with the C library's qsort,
// a stable merge sort in GNU libc). The Maker is unchanged: games may be
// added and the book written again.
func (mk *Maker) WriteTo(w io.Writer) (int64, error) {
	mk.init()
	kept := make([]int32, 0, len(mk.entries))
	for i := range mk.entries {
		if mk.keep(&mk.entries[i]) {
			kept = append(kept, int32(i))
		}
	}
	slices.SortStableFunc(kept, func(a, b int32) int {
		ea, eb := &mk.entries[a], &mk.entries[b]
		switch {
		case ea.key < eb.key:
			return -1
		case ea.key > eb.key:
			return 1
		}
		return int(mk.weight(eb)) - int(mk.weight(ea))
	})
	bw := bufio.NewWriter(w)
	var buf [EntrySize]byte
	var n int64
	for _, i := range kept {
		e := &mk.entries[i]
		binary.BigEndian.PutUint64(buf[:], e.key)
		binary.BigEndian.PutUint16(buf[8:], e.move)
		binary.BigEndian.PutUint16(buf[10:], mk.weight(e))
		binary.BigEndian.PutUint32(buf[12:], 0)
		k, err := bw.Write(buf[:])
		n += int64(k)
		if err != nil {
			return n, writeErr(err)
		}
	}
	if err := bw.Flush(); err != nil {
		return n, writeErr(err)
	}
	return n, nil
}

// writeErr is the *Error of a failed write of the book.
func writeErr(err error) error {
	return &Error{Off: -1, Msg: "writing the book", Err: err}
}

// ReadPGN reads the PGN games of r (main lines only) and adds each as
// AddGame does. Without Options.Skip it stops at the first game it cannot
// read or add and returns the error (the games before it stay added): an
// *Error naming a game AddGame refuses (Game, its number in r), or wrapping
// the reader's *pgn.Error, which names a game it cannot read. With Skip it
// passes over such games, counted and named in Skipped, and returns an
// error only for r's own (an *Error wrapping the reader's *pgn.Error,
// which wraps r's error).
func (mk *Maker) ReadPGN(r io.Reader) error {
	mk.init()
	src := &inputReader{r: r}
	pr := pgn.NewReader(src)
	pr.SkipVariations = true
	var g pgn.Game
	for {
		err := pr.Read(&g)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			if !mk.opt.Skip || src.err != nil && errors.Is(err, src.err) {
				return &Error{Off: -1, Msg: "reading the games", Err: err}
			}
			mk.skip(pr.Info().Number, err)
			continue
		}
		if err := mk.addGame(&g); err != nil {
			err.Game = pr.Info().Number
			if !mk.opt.Skip {
				return err
			}
			mk.skip(err.Game, err)
		}
	}
}

// skip counts the game passed over, and names it among the first
// MaxSkipped.
func (mk *Maker) skip(game int, err error) {
	mk.skipped.Count++
	if len(mk.skipped.Games) < MaxSkipped {
		mk.skipped.Games = append(mk.skipped.Games, SkippedGame{Game: game, Err: err})
	}
}

// Skipped returns the account of the games ReadPGN passed over
// (Options.Skip), over all its calls (each game numbered in its own
// input): their number, and the first MaxSkipped of them.
func (mk *Maker) Skipped() Skipped {
	return Skipped{Count: mk.skipped.Count, Games: slices.Clone(mk.skipped.Games)}
}

// inputReader keeps the error of the reader it reads, so that ReadPGN
// tells the input's error from a game's.
type inputReader struct {
	r   io.Reader
	err error
}

func (ir *inputReader) Read(b []byte) (int, error) {
	n, err := ir.r.Read(b)
	if err != nil && err != io.EOF && ir.err == nil {
		ir.err = err
	}
	return n, err
}

// Make reads the PGN games of r, makes their book with options opt and
// writes it to w, as "polyglot make-book -pgn r -bin w" does: NewMaker,
// ReadPGN and WriteTo. Like make-book, it stops at the first game it
// cannot read or count, writing nothing, and returns the error: an *Error
// naming a game it cannot count (Game), or wrapping the reader's
// *pgn.Error, which names a game it cannot read. With opt.Skip it passes
// over such games instead, writes the book of the others and returns the
// account of those it passed over (the zero Skipped without Skip).
func Make(r io.Reader, w io.Writer, opt Options) (Skipped, error) {
	mk, err := NewMaker(opt)
	if err != nil {
		return Skipped{}, err
	}
	if err := mk.ReadPGN(r); err != nil {
		return mk.Skipped(), err
	}
	_, err = mk.WriteTo(w)
	return mk.Skipped(), err
}
