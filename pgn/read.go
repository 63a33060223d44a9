// The Reader: the layers composed (input.go: lines; token.go: tokens;
// tags.go: tag pairs; movetext.go: moves, variations, skipping), its
// options and limits, Read and Visit, and a game's beginning, end,
// errors and warnings.

package pgn

import (
	"bytes"
	"fmt"
	"io"
)

// Limits bound what a Reader holds of one game, and so its memory,
// whatever the input. A game over a limit is a *Error naming the limit
// (wrapping ErrLimit); the reader passes over the rest of it, holding
// nothing more, and the next game reads as if it were not there. A field
// at 0 or less takes its DefaultLimits value.
type Limits struct {
	// Depth is the deepest nesting of variations: a variation inside the
	// main line is at depth 1, one inside it at 2.
	Depth int
	// Plies is the most moves a game holds, its variations' included.
	Plies int
	// Comment is the most bytes of one comment.
	Comment int
	// Tag is the most bytes of one tag pair, from its [ to its ].
	Tag int
	// Line is the most bytes of one line of the input, its line break
	// aside: the reader holds whole lines.
	Line int
	// Game is the most bytes of one game, from its first token to the
	// end of its last.
	Game int
	// Tags is the most tag pairs of one game.
	Tags int
}

// DefaultLimits are the limits of a Reader whose Limits are zero: fit for
// a service that reads other people's files, far above what real games
// need. The longest game the rules allow has 17,697 plies: a game holds
// at most 118 captures and pawn moves (30 captures, each unit but the
// kings taken; 96 pawn moves, six a pawn; at least 8 of them both, pawn
// captures that let the pawns of a file pass each other), and the
// seventy-five-move rule ends it 150 plies without one (118 times 150,
// less a ply for each of the three times the side that makes them must
// change). Written with a clock comment a move, it is under 1 MB, within
// Limits.Game, and its plies within Limits.Plies.
var DefaultLimits = Limits{
	Depth:   100,
	Plies:   100_000,
	Comment: 1 << 20,
	Tag:     64 << 10,
	Line:    1 << 20,
	Game:    4 << 20,
	Tags:    1000,
}

// withDefaults returns l with DefaultLimits' values where it has 0 (or
// less).
func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	if l.Depth > 0 {
		d.Depth = l.Depth
	}
	if l.Plies > 0 {
		d.Plies = l.Plies
	}
	if l.Comment > 0 {
		d.Comment = l.Comment
	}
	if l.Tag > 0 {
		d.Tag = l.Tag
	}
	if l.Line > 0 {
		d.Line = l.Line
	}
	if l.Game > 0 {
		d.Game = l.Game
	}
	if l.Tags > 0 {
		d.Tags = l.Tags
	}
	return d
}

// Reader reads games from a stream of PGN.
//
// It reads PGN as programs write it: tag pairs in any order and with any
// name; movetext of moves (a Game's Builder reads SAN, long algebraic
// and coordinate notation as movegen's ParseSAN reads them), move numbers
// with any dots or none, comments in braces and after ";", NAGs ("$14") and suffix
// annotations ("!", "?!", ...), variations, and the termination marker;
// escape lines ("%" in the first column), a byte-order mark, CRLF line
// ends. A blank line among a game's tag pairs means nothing. A game ends
// at its termination marker, where the next game's tags begin (after a
// game of tags alone: at a blank line before a tag it already has), or at
// the end of the input.
//
// It reads too what the standard does not allow but real files hold and
// other readers (python-chess, pgn-extract) read, each kept as a warning
// (GameInfo.Warnings, Game.Warnings), unless Strict: a result written
// "1/2" (a draw); a "}" outside a comment or a ")" closing no variation
// (passed over); a byte or a word that is no part of PGN (passed over); a
// tag pair that cannot be read (passed over); a variation without a move;
// a "(" before any move it could replace (passed over with its ")", the
// moves between read as the line's own, as python-chess reads them); a
// game without a termination marker; a game the input's end cuts off
// inside a comment or variations (what was read kept: the comment's text
// to the end, each variation closed there; see Visitor).
//
// A game Read or Visit cannot read is a *Error naming the game, the line,
// the column and the fault; the reader then passes over the rest of the
// game (to its marker at the main line's depth, or the next tag pair that
// begins a line), so that the next call returns the next game: one broken
// game loses nothing else.
//
// Memory is bounded by Limits, not by the input: the reader holds whole
// lines of the input (at most Limits.Line bytes each), one comment and
// the game it reads. Time is linear in the input.
//
// The zero Reader reads nothing: Reset gives it its input.
type Reader struct {
	// SkipVariations makes Read skip variations unread: their moves are
	// not checked and the game holds the main line alone. Faster where
	// the main line is all that matters.
	SkipVariations bool
	// TagsOnly makes Read read a game's tags and termination marker
	// alone, passing over the movetext without reading a move (finding
	// the game's end through comments, variations and escape lines):
	// python-chess's read_headers. The game holds no move.
	TagsOnly bool
	// Strict makes every warning an error: the standard alone is read.
	Strict bool
	// KeepRaw makes the reader keep each game's bytes as read, for
	// GameInfo.Raw.
	KeepRaw bool
	// Limits bound what the reader holds of a game; a zero field is
	// DefaultLimits'.
	Limits Limits

	lexer         // the input in lines and its tokens (input.go, token.go)
	tagSection    // the tag pairs (tags.go)
	movetextState // moves and variations (movetext.go)

	games   int // games begun
	info    GameInfo
	start   int64 // the input offset of the game's first token (its move number's)
	first   int64 // the input offset of the game's first token
	end     int64 // the input offset after the game's last token
	builder Builder
}

// setLimits sets the limits of the reader and of its layers from Limits.
func (r *Reader) setLimits() { r.lim = r.Limits.withDefaults() }

// NewReader returns a Reader of PGN from src. It reads from src at once
// (a byte-order mark is looked for), so src is the Reader's alone from
// then on: another reader of the same src would miss what it took.
func NewReader(src io.Reader) *Reader {
	r := &Reader{}
	r.Reset(src)
	return r
}

// Reset makes r read from src as a new Reader would, keeping its memory.
// The options stay.
func (r *Reader) Reset(src io.Reader) {
	r.reset(src, 0, 1)
	r.bom()
}

// bom passes over a byte-order mark at the input's start.
func (r *Reader) bom() {
	if bytes.HasPrefix(r.buf[r.r:r.w], []byte("\xef\xbb\xbf")) {
		r.r += 3
		r.lineStart = 3
	}
}

// reset makes r read src as the input from offset off on, the first byte
// of line line, keeping r's memory and options.
func (r *Reader) reset(src io.Reader, off int64, line int) { r.resetInput(src, r.buf, 0, off, line) }

// resetBytes makes r read data in place, the input from offset off on
// (the first byte of line line) to its end, keeping r's memory and
// options: data is r's buffer, never written to, until the next reset,
// and no byte of it is copied. The parallel reader's workers read their
// chunks so. After it, r must be given no reset with a src (that would
// fill data): a Reader read so is read so from then on.
func (r *Reader) resetBytes(data []byte, off int64, line int) {
	r.resetInput(nil, data[:len(data):len(data)], len(data), off, line)
}

// resetInput makes r read src as the input from offset off on, after
// buf[:w], which holds the input from off on.
func (r *Reader) resetInput(src io.Reader, buf []byte, w int, off int64, line int) {
	*r = Reader{SkipVariations: r.SkipVariations, TagsOnly: r.TagsOnly, Strict: r.Strict, KeepRaw: r.KeepRaw,
		Limits: r.Limits,
		lexer: lexer{input: input{src: src, buf: buf, w: w, base: off, line: line, lineStart: off, raw: r.raw[:0], rawLast: r.rawLast[:0], rawFrom: -1},
			scratch: r.scratch[:0]},
		tagSection:    tagSection{names: r.names},
		movetextState: movetextState{moved: r.moved[:0], loose: r.loose[:0]},
		builder:       r.builder}
	r.names.reset()
	r.setLimits()
	if src == nil {
		r.eof = true
	}
	r.loadLine()
}

// Read reads the next game into g, reusing its memory, with the Reader's
// Builder (the Game's visitor). It returns nil for a game read whole,
// io.EOF when the input holds no more games, a *Error for a game it cannot
// read (g then holds the game up to the fault: its tags up to it, or
// every tag of its tag section where its FEN or Variant tag is refused,
// its start, its moves before it; Read goes on with the next game when called
// again), or the input's error (once: Read then returns io.EOF, so that
// a loop that goes on after every error but io.EOF ends). The input's
// error comes when the reader has read all the input gave before it, as a
// *Error wrapping it (errors.Is finds io.ErrUnexpectedEOF of a truncated
// gzip stream, say): Game the game being read (g holds what was read of
// it), or the next one's number where the input broke between games (right
// after a game's termination marker too: that game is whole), Line
// and Column where it broke, Msg "reading the input: " and its text. A nil
// g is a *Error, and reads nothing. Info tells which game it read, and
// where.
func (r *Reader) Read(g *Game) error {
	if g == nil {
		return &Error{Msg: "Reader.Read: nil *Game"}
	}
	b := &r.builder
	b.Reset(g)
	b.SkipVariations = r.SkipVariations
	b.tagsOnly = r.TagsOnly
	return r.Visit(b)
}

// Info returns what the last game read or visited is and where it lies;
// its slices are valid until the next game.
func (r *Reader) Info() *GameInfo { return &r.info }

// Visit reads the next game and gives its events to v (see Visitor). It
// returns what Read returns: nil, io.EOF, a *Error (a fault of the
// game's, or v's error at an event), or a *Error wrapping the input's
// error, once. A nil v is a *Error, and reads nothing.
func (r *Reader) Visit(v Visitor) error {
	if v == nil {
		return &Error{Msg: "Reader.Visit: nil Visitor"}
	}
	if r.src == nil && r.buf == nil && !r.eof {
		r.Reset(nil)
	}
	r.setLimits()
	if r.rawWait = r.KeepRaw; r.KeepRaw {
		// The next game's bytes are kept in the array the last game's
		// Raw is not in: its Info holds until a game begins.
		r.raw, r.rawLast = r.rawLast[:0], r.raw
		r.rawFrom, r.rawOver = -1, false
	}
	if ls := int(r.lineStart - r.base); r.r == ls && r.eol-ls > r.lim.Line {
		// The line loaded before the limits were set is over them: dropped,
		// as loadLine drops one, the game's bytes not all kept.
		r.long, r.rawOver, r.r = true, true, r.eol
	}
	var t token
	r.next(&t)
	// What is no part of a game before its first token: warnings of the
	// game's (Strict: the start of a broken game).
	var junk []*Error
	dropped := 0
	for !r.Strict && isJunk(&t) {
		if len(junk) < MaxWarnings {
			junk = append(junk, &Error{Line: t.line, Column: t.col, Msg: junkMsg(&t)})
		} else {
			dropped++
		}
		if r.rawWait {
			r.rawFrom = -1
		}
		r.next(&t)
	}
	if t.kind == tEOF {
		if err := r.inputErr(&t, r.games+1); err != nil {
			return err
		}
		return io.EOF
	}
	r.begin(&t)
	r.inTags = true
	for _, e := range junk {
		e.Game = r.games
		r.info.Warnings = append(r.info.Warnings, e)
	}
	r.info.Dropped = dropped
	err := r.game(v, &t)
	if err != nil {
		r.skipGame(&t)
		r.finish()
		// A Builder, or a visitor that embeds one, keeps what was read
		// of the broken game, as Read's game does.
		if b, ok := v.(interface{ fail() }); ok {
			b.fail()
		}
	}
	if rerr := r.inputErr(&t, r.games); rerr != nil {
		return rerr
	}
	return err
}

// isJunk reports whether t, a token before a game, is no part of one: a
// junk token, a ")", or a word that is no move, result or move number.
func isJunk(t *token) bool {
	switch t.kind {
	case tJunk, tClose:
		return true
	case tSymbol:
		return !hasMove(t.text) && resultOf(t.text) == "" && !allDigits(t.text) && string(t.text) != "1/2"
	}
	return false
}

// short returns b, or its first 64 bytes and "..." when it is longer: what
// a message quotes of the input, so that a game's 64 warnings hold at most
// a few kilobytes whatever the words they quote.
func short(b []byte) []byte {
	if len(b) <= 64 {
		return b
	}
	return append(b[:64:64], "..."...)
}

// junkMsg says what a junk token is.
func junkMsg(t *token) string {
	switch t.kind {
	case tClose:
		return "a ) closes no variation: passed over"
	case tSymbol:
		return fmt.Sprintf("%q is no move: passed over", short(t.text))
	}
	return string(t.text) + ": passed over"
}

// begin starts a game at its first token t.
func (r *Reader) begin(t *token) {
	r.games++
	clear(r.info.Warnings)
	r.info = GameInfo{Number: r.games, Offset: r.off(t), Line: t.line, Warnings: r.info.Warnings[:0]}
	if t.kind != tEOF && t.fromOff < r.info.Offset {
		r.info.Offset, r.info.Line = t.fromOff, t.fromLine // its move number's
	}
	r.start, r.first = r.info.Offset, r.off(t)
	r.end = r.start
	r.plies, r.tags = 0, 0
	r.moved = append(r.moved[:0], false)
	r.loose = append(r.loose[:0], 0)
	r.names.reset()
	if r.rawWait && r.rawFrom >= 0 && r.rawFrom-int64(len(r.raw)) == r.start {
		r.rawWait = false
		return // kept from the game's start on already (rawAnchor)
	}
	r.rawWait = false
	// A line over Limits.Line since the game's first token (a game that
	// begins with one): its bytes dropped, the game has none kept.
	over := r.KeepRaw && r.rawOver
	r.raw, r.rawOver, r.rawFrom = r.raw[:0], over, -1
	if r.KeepRaw {
		r.rawFrom = r.start
	}
}

// finish sets the game's Len and Raw at its end, r.end.
func (r *Reader) finish() {
	r.info.Len = r.end - r.start
	r.info.Raw = nil
	if r.rawFrom < 0 || r.rawOver {
		return
	}
	if i := int(r.end - r.base); i > 0 {
		r.keepRaw(min(i, r.w))
	}
	if !r.rawOver && int64(len(r.raw)) >= r.info.Len {
		r.info.Raw = r.raw[:r.info.Len]
	}
}

// inputErr returns the input's error once, when t, the last token read,
// is the input's end (all the input gave before the error is read), as a
// *Error of game at the place the input broke: then nil, and Read io.EOF.
// A game that ended at its termination marker, or at the next game's tags,
// is whole: the error is the next game's.
func (r *Reader) inputErr(t *token, game int) error {
	err := r.rerr
	if err == nil || t.kind != tEOF {
		return nil
	}
	r.rerr = nil
	msg := err.Error()
	if e, ok := err.(*Error); ok && e.Game == 0 && e.Line == 0 {
		msg = e.Msg // a File's own error: its "pgn: " once, in this one's text
	}
	return &Error{Game: game, Line: r.line, Column: r.col(r.w), Msg: "reading the input: " + msg, Err: err}
}

// fail returns a *Error at t for the current game.
func (r *Reader) fail(t *token, cause error, format string, args ...any) *Error {
	return &Error{Game: r.games, Line: t.line, Column: t.col, Msg: fmt.Sprintf(format, args...), Err: cause}
}

// failed returns t's error, a bad token's.
func (r *Reader) failed(t *token) *Error {
	var cause error
	if t.limit {
		cause = ErrLimit
	}
	return r.fail(t, cause, "%s", t.text)
}

// warn keeps a warning at t for the current game, or, Strict, returns it
// as the game's error. A warning past MaxWarnings is counted, not built.
func (r *Reader) warn(t *token, format string, args ...any) error {
	if !r.Strict && len(r.info.Warnings) >= MaxWarnings {
		r.info.Dropped++
		return nil
	}
	e := r.fail(t, nil, format, args...)
	if r.Strict {
		return e
	}
	r.info.Warnings = append(r.info.Warnings, e)
	return nil
}

// visitErr returns the visitor's error err at t as a *Error.
func (r *Reader) visitErr(t *token, err error) error {
	if e, ok := err.(*Error); ok && e.Line == 0 {
		e.Game, e.Line, e.Column = r.games, t.line, t.col
		return e
	}
	return &Error{Game: r.games, Line: t.line, Column: t.col, Msg: err.Error(), Err: err}
}

// tokenEnd records the end of the token t, just read, as the game's end
// so far.
func (r *Reader) tokenEnd() { r.end = r.base + int64(r.r) }
