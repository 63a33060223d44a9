package pgn

import (
	"bytes"
	"fmt"
	"io"
	"strings"
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

	src  io.Reader
	buf  []byte
	r, w int   // buf[r:w] is read from src and not yet consumed
	eol  int   // the index of the line break ending buf[r]'s line, or w
	base int64 // the input offset of buf[0]
	eof  bool
	rerr error

	line      int   // the line of buf[r], from 1
	lineStart int64 // the input offset of that line's first byte
	long      bool  // the current line was over Limits.Line: its rest dropped
	blank     bool  // a blank line since the last token
	scratch   []byte
	// The first ] at or after closeFrom on the line that starts at
	// closeLine (absolute offsets; closeAt -1: none to the line's end):
	// a line of [ that begin no tag pair is read in linear time.
	closeLine, closeFrom, closeAt int64
	closeSet                      bool
	comment                       int // Limits.Comment, for the tokenizer
	tagLimit                      int // Limits.Tag, for the tokenizer

	games    int // games begun
	lim      Limits
	info     GameInfo
	start    int64  // the input offset of the game's first token
	end      int64  // the input offset after the game's last token
	plies    int    // moves read in the game
	tags     int    // tag pairs read in the game
	moved    []bool // moved[d]: a move was read at depth d of the variations open
	loose    []int  // loose[d]: the ( passed over at depth d (no move to replace) and not yet closed
	unclosed int    // variations a skipped one left open at a fault
	inTags   bool   // the game's tags are being read
	raw      []byte // the game's bytes that left buf, with KeepRaw
	rawFrom  int64  // the input offset from which buf's bytes are the game's (-1: none kept)
	rawOver  bool   // the game is over Limits.Game: no raw bytes
	names    tagNames
	builder  Builder
}

// NewReader returns a Reader of PGN from src.
func NewReader(src io.Reader) *Reader {
	r := &Reader{}
	r.Reset(src)
	return r
}

// Reset makes r read from src as a new Reader would, keeping its memory.
// The options stay.
func (r *Reader) Reset(src io.Reader) {
	*r = Reader{SkipVariations: r.SkipVariations, TagsOnly: r.TagsOnly, Strict: r.Strict, KeepRaw: r.KeepRaw,
		Limits: r.Limits, src: src, buf: r.buf, line: 1, scratch: r.scratch[:0], moved: r.moved[:0], loose: r.loose[:0],
		raw: r.raw[:0], rawFrom: -1, names: r.names, builder: r.builder}
	r.names.reset()
	r.lim = r.Limits.withDefaults()
	r.comment, r.tagLimit = r.lim.Comment, r.lim.Tag
	if src == nil {
		r.eof = true
	}
	r.loadLine()
	if bytes.HasPrefix(r.buf[r.r:r.w], []byte("\xef\xbb\xbf")) {
		r.r += 3
		r.lineStart = 3
	}
}

// Token kinds.
const (
	tEOF = iota
	tTag
	tComment
	tOpen
	tClose
	tNAG
	tSymbol
	tStar
	tBad  // an error
	tJunk // what the standard does not allow: a warning, passed over
)

// token is the last token read: its kind, its text (a symbol, a comment,
// a tag's value, what is wrong with a bad token; valid until the next
// token), and where it began.
type token struct {
	kind      int
	text      []byte
	name      []byte // a tag's name
	nag       int
	line, col int
	blank     bool // a blank line came before it
	badTag    bool // a bad token is a malformed tag pair
	limit     bool // a bad token is a limit exceeded
	quotes    bool // a tag's value read to the line's last quote
	cut       bool // a comment the input ends in, its } missing
	// fromLine and fromOff are the line and input offset of a move number
	// before the token, else its own.
	fromLine  int
	fromOff   int64
	at        int // its index in buf, to unread it
	lineStart int64
}

// off returns the input offset of t's first byte.
func (r *Reader) off(t *token) int64 { return t.lineStart + int64(t.col) - 1 }

// loadLine makes buf[r:eol] a whole line of the input, its line break at
// eol (or eol == w at the input's end), reading more of the input as
// needed. A line over Limits.Line is dropped unread to its line break,
// r.long saying so. It reports false when nothing is left.
func (r *Reader) loadLine() bool {
	for {
		if k := bytes.IndexByte(r.buf[r.r:r.w], '\n'); k >= 0 {
			r.eol = r.r + k
			if k > r.lim.Line && r.r == int(r.lineStart-r.base) {
				// A line over Limits.Line: dropped.
				r.long, r.rawOver = true, true
				r.r = r.eol
			}
			return true
		}
		if r.eof {
			r.eol = r.w
			return r.r < r.w
		}
		if r.w-r.r > r.lim.Line {
			r.dropLine()
			return true
		}
		r.fill()
	}
}

// dropLine drops the line at buf[r], over Limits.Line and its line break
// not in buf, to its line break, reading the input without holding it:
// the line's bytes count as read, and r.long says so.
func (r *Reader) dropLine() {
	r.long = true
	r.rawOver = true // the game's bytes are not all kept
	r.base += int64(r.w)
	r.r, r.w = 0, 0
	for !r.eof {
		r.read()
		if k := bytes.IndexByte(r.buf[:r.w], '\n'); k >= 0 {
			n := copy(r.buf, r.buf[k:r.w])
			r.base += int64(k)
			r.w = n
			break
		}
		r.base += int64(r.w)
		r.w = 0
	}
	r.eol = 0
}

// fill moves buf[r:w] to the front of buf, grows buf if that leaves no
// room, and reads more of the input.
func (r *Reader) fill() {
	if r.r > 0 {
		r.keepRaw(r.r)
		n := copy(r.buf, r.buf[r.r:r.w])
		r.base += int64(r.r)
		r.w, r.r = n, 0
	}
	if r.w == len(r.buf) {
		size := max(2*len(r.buf), 64<<10)
		r.buf = append(r.buf, make([]byte, size-len(r.buf))...)
	}
	r.read()
}

// read reads the input into buf[w:], which has room.
func (r *Reader) read() {
	for tries := 0; ; tries++ {
		n, err := r.src.Read(r.buf[r.w:])
		r.w += n
		if err != nil {
			r.eof = true
			if err != io.EOF {
				r.rerr = err
			}
			return
		}
		if n > 0 {
			return
		}
		if tries >= 100 {
			r.eof, r.rerr = true, io.ErrNoProgress
			return
		}
	}
}

// keepRaw keeps the game's bytes of buf before index i, which are about to
// leave buf, when KeepRaw asks for them.
func (r *Reader) keepRaw(i int) {
	if r.rawFrom < 0 || r.rawOver {
		return
	}
	from := max(int(r.rawFrom-r.base), 0)
	if from >= i {
		return
	}
	if len(r.raw)+i-from > r.lim.Game {
		r.rawOver = true
		return
	}
	r.raw = append(r.raw, r.buf[from:i]...)
	r.rawFrom = r.base + int64(i)
}

// nextLine steps over the line break at eol to the next line; it reports
// false at the end of the input.
func (r *Reader) nextLine() bool {
	if r.eol >= r.w {
		r.r = r.w
		return false
	}
	r.r = r.eol + 1
	r.line++
	r.lineStart = r.base + int64(r.r)
	r.long = false
	return r.loadLine()
}

// col returns the column of buf[i], on the current line.
func (r *Reader) col(i int) int { return int(r.base+int64(i)-r.lineStart) + 1 }

// next reads the next token into t, passing over move numbers and dots:
// the token's fromLine and fromOff are those of the first move number
// before it. A loop, not a recursion: a file of move numbers alone must not
// grow the stack.
func (r *Reader) next(t *token) {
	fromLine, fromOff, number := 0, int64(0), false
	for {
		skipped, isNumber, line, off := r.token(t)
		if !skipped {
			if number {
				t.fromLine, t.fromOff = fromLine, fromOff
			}
			return
		}
		if isNumber && !number {
			fromLine, fromOff, number = line, off, true
		}
	}
}

// token reads the next token into t, or reports that it passed over a
// move number (isNumber, at line and offset off) or dots instead.
func (r *Reader) token(t *token) (skipped, isNumber bool, line int, off int64) {
	newlines := 0
	for {
		if r.long {
			// A line over Limits.Line, dropped: an error at its start.
			r.long = false
			*t = token{kind: tBad, limit: true, line: r.line, col: 1, at: r.r, lineStart: r.lineStart, blank: r.blank,
				text: fmt.Appendf(nil, "a line longer than %d bytes (Limits.Line)", r.lim.Line)}
			r.blank = false
			return
		}
		// White space to the line's end, then the next line.
		i, eol := r.r, r.eol
		for i < eol && isSpace(r.buf[i]) {
			i++
		}
		r.r = i
		if i < eol {
			if r.buf[i] != '%' || r.base+int64(i) != r.lineStart {
				break
			}
			r.r = eol // an escape line: skipped whole
		}
		if !r.nextLine() {
			*t = token{kind: tEOF, line: r.line, col: r.col(r.r), at: r.r, lineStart: r.lineStart}
			return
		}
		if newlines++; newlines >= 2 {
			r.blank = true
		}
	}
	i, eol := r.r, r.eol
	t.line, t.col, t.at, t.lineStart, t.blank, t.badTag, t.limit, t.quotes, t.cut = r.line, r.col(i), i, r.lineStart, r.blank, false, false, false, false
	t.fromLine, t.fromOff = t.line, r.base+int64(i)
	r.blank = false
	switch c := r.buf[i]; {
	case isAlnum(c) || c == '-':
		j := i + 1
		for j < eol && isSymbolByte(r.buf[j]) {
			j++
		}
		// En passant spelt out: "exd6e.p." (and "e.p." after a space).
		if j+2 < eol && r.buf[j] == '.' && r.buf[j-1] == 'e' && r.buf[j+1] == 'p' && r.buf[j+2] == '.' {
			j += 3
		}
		if j < eol && r.buf[j] == '.' && c >= '0' && c <= '9' && allDigits(r.buf[i:j]) {
			// A move number and its dots ("12.", "12..."): nothing.
			for j < eol && r.buf[j] == '.' {
				j++
			}
			r.r = j
			return true, true, t.line, r.base + int64(i)
		}
		t.kind, t.text, r.r = tSymbol, r.buf[i:j], j
	case c == '.':
		j := i + 1
		for j < eol && r.buf[j] == '.' {
			j++
		}
		r.r = j
		return true, false, 0, 0 // dots after a move number, or alone: nothing
	case c == '{':
		r.braceComment(t)
	case c == '[':
		r.tag(t)
	case c == '(':
		t.kind, r.r = tOpen, i+1
	case c == ')':
		t.kind, r.r = tClose, i+1
	case c == '*':
		t.kind, r.r = tStar, i+1
	case c == '$':
		j, n := i+1, 0
		for j < eol && r.buf[j] >= '0' && r.buf[j] <= '9' {
			n = min(n*10+int(r.buf[j]-'0'), 256) // every digit read; over 255 is no NAG
			j++
		}
		t.kind, t.nag, r.r = tNAG, n, j
		if j == i+1 || n > 255 {
			t.kind, t.text = tJunk, []byte("a NAG is $ and a number from 0 to 255")
		}
	case c == '!' || c == '?':
		j := i + 1
		for j < eol && (r.buf[j] == '!' || r.buf[j] == '?') {
			j++
		}
		t.kind, t.nag, r.r = tNAG, suffixNAG(string(r.buf[i:j])), j
		if t.nag == 0 {
			t.kind, t.text = tJunk, fmt.Appendf(nil, "annotation %q, want !, ?, !!, ??, !? or ?!", short(r.buf[i:j]))
		}
	case c == ';':
		text := bytes.TrimSpace(r.buf[i+1 : eol])
		t.kind, t.text, r.r = tComment, text, eol
		if len(text) > r.comment {
			t.kind, t.limit, t.text = tBad, true, fmt.Appendf(nil, "a comment longer than %d bytes (Limits.Comment)", r.comment)
		}
	case c == '}':
		t.kind, r.r, t.text = tJunk, i+1, []byte("a } outside a comment")
	default:
		t.kind, r.r = tJunk, i+1
		t.text = fmt.Appendf(nil, "unexpected character %q", c)
		if c >= 0x80 {
			t.text = fmt.Appendf(nil, "unexpected byte %#02x", c)
		}
	}
	return
}

// closeAfter returns the index in buf of the first ] at or after i on
// the current line, or -1. It remembers the answer, so that the [ of a
// line, each asking from a later place, scan it once between them.
func (r *Reader) closeAfter(i int) int {
	from := r.base + int64(i)
	if !r.closeSet || r.closeLine != r.lineStart || from < r.closeFrom || r.closeAt >= 0 && from > r.closeAt {
		r.closeSet, r.closeLine, r.closeFrom, r.closeAt = true, r.lineStart, from, -1
		if k := bytes.IndexByte(r.buf[i:r.eol], ']'); k >= 0 {
			r.closeAt = from + int64(k)
		}
	}
	if r.closeAt < 0 {
		return -1
	}
	return int(r.closeAt - r.base)
}

// suffixNAG returns the NAG of a move suffix annotation, or 0.
func suffixNAG(s string) int {
	switch s {
	case "!":
		return 1
	case "?":
		return 2
	case "!!":
		return 3
	case "??":
		return 4
	case "!?":
		return 5
	case "?!":
		return 6
	}
	return 0
}

// unread puts the token t, the last read, back.
func (r *Reader) unread(t *token) {
	r.r, r.blank = t.at, t.blank
	if t.kind == tEOF {
		return
	}
	r.line, r.lineStart = t.line, t.lineStart
	r.loadLine()
}

// braceComment reads a brace comment at buf[r.r] into t: its text with
// each line break a space, and white space trimmed at both ends. A comment
// over Limits.Comment is a bad token, read to its end all the same. A
// comment the input ends in is its text to the input's end, t.cut saying
// so.
func (r *Reader) braceComment(t *token) {
	i := r.r + 1
	if k := bytes.IndexByte(r.buf[i:r.eol], '}'); k >= 0 {
		// On one line: the common case, read in place.
		t.kind, t.text, r.r = tComment, bytes.TrimSpace(r.buf[i:i+k]), i+k+1
		if k > r.comment {
			t.kind, t.limit, t.text = tBad, true, fmt.Appendf(nil, "a comment longer than %d bytes (Limits.Comment)", r.comment)
		}
		return
	}
	r.scratch = r.scratch[:0]
	over := false
	for {
		k := bytes.IndexByte(r.buf[i:r.eol], '}')
		end := r.eol
		if k >= 0 {
			end = i + k
		}
		if !over && len(r.scratch)+end-i > r.comment {
			over = true
		}
		if !over {
			if k >= 0 {
				r.scratch = append(r.scratch, r.buf[i:end]...)
			} else {
				r.scratch = append(r.scratch, bytes.TrimRight(r.buf[i:end], "\r")...)
				r.scratch = append(r.scratch, ' ')
			}
		}
		if k >= 0 {
			r.r = end + 1
			break
		}
		if !r.nextLine() {
			t.cut = true
			break
		}
		if r.long {
			r.long = false
			over = true
		}
		i = r.r
		if over {
			// Over Limits.Comment: a line that begins with a tag pair
			// ends the comment, so that the next game reads.
			j := i
			for j < r.eol && isSpace(r.buf[j]) {
				j++
			}
			if j < r.eol && r.buf[j] == '[' {
				r.r = j
				t.kind, t.limit, t.text = tBad, true, fmt.Appendf(nil, "a comment longer than %d bytes (Limits.Comment)", r.comment)
				return
			}
		}
	}
	t.kind, t.text = tComment, bytes.TrimSpace(r.scratch)
	if over {
		t.kind, t.limit, t.text = tBad, true, fmt.Appendf(nil, "a comment longer than %d bytes (Limits.Comment)", r.comment)
	}
}

// tag reads a tag pair at buf[r.r] into t: [Name "Value"], the value's
// \" and \\ unescaped.
func (r *Reader) tag(t *token) {
	line := r.buf[r.r:r.eol]
	at := r.r
	r.r = r.eol
	bad := func(format string, args ...any) {
		t.kind, t.text, t.badTag = tBad, fmt.Appendf(nil, format, args...), true
		// Read on after the first ] that follows, or the line's end.
		if k := r.closeAfter(at + 1); k >= 0 {
			r.r = k + 1
		}
	}
	j := 1
	for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
		j++
	}
	ns := j
	for j < len(line) && isSymbolByte(line[j]) {
		j++
	}
	if j == ns || !isAlnum(line[ns]) {
		bad("a tag pair is [Name \"Value\"], its name letters, digits and _+#=:-/")
		return
	}
	name := line[ns:j]
	for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
		j++
	}
	if j == len(line) || line[j] != '"' {
		bad("tag %s: its value is a string in double quotes", name)
		return
	}
	j++
	vs := j
	escaped := false
	for j < len(line) && line[j] != '"' {
		if line[j] == '\\' && j+1 < len(line) {
			j++
			escaped = true
		}
		j++
	}
	value := line[vs:min(j, len(line))]
	j++
	for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
		j++
	}
	if j >= len(line) || line[j] != ']' {
		// Quotes inside the value not escaped ([Event "A "B" C"]), or a
		// closing quote escaped ([Event "A \"]): where the line ends in
		// "], the value runs to its last quote, as python-chess reads
		// it; else the tag pair cannot be read.
		rest := bytes.TrimRight(line, " \t\r")
		if !bytes.HasSuffix(rest, []byte("\"]")) || len(rest)-2 < vs {
			if j > len(line) {
				bad("tag %s: its value's closing \" is missing", name)
			} else {
				bad("tag %s: the closing ] is missing", name)
			}
			return
		}
		j = len(rest) - 1
		value = line[vs : j-1]
		t.quotes = true
	}
	if j+1 > r.tagLimit {
		bad("a tag pair longer than %d bytes (Limits.Tag)", r.tagLimit)
		t.limit = true
		return
	}
	// Another tag pair may follow on the same line.
	r.r = r.r - len(line) + j + 1
	if escaped {
		r.scratch = r.scratch[:0]
		for k := 0; k < len(value); k++ {
			if value[k] == '\\' && k+1 < len(value) && (value[k+1] == '"' || value[k+1] == '\\') {
				k++
			}
			r.scratch = append(r.scratch, value[k])
		}
		value = r.scratch
	}
	t.kind, t.name, t.text = tTag, name, value
	if t.quotes {
		r.r = r.eol
	}
}

// firstOnLine reports whether t, a token of the current line, is its
// line's first.
func (r *Reader) firstOnLine(t *token) bool {
	for _, c := range r.buf[t.lineStart-r.base : t.at] {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

// tagNames are the names of the tags of the game being read, for the rule
// that ends a game of tags alone: a list, and a set once it is long.
type tagNames struct {
	text []byte
	ends []int32
	set  map[string]struct{}
}

func (n *tagNames) reset() {
	n.text, n.ends = n.text[:0], n.ends[:0]
	clear(n.set)
}

func (n *tagNames) add(name []byte) {
	if len(n.ends) >= 32 {
		if n.set == nil {
			n.set = map[string]struct{}{}
		}
		n.set[string(name)] = struct{}{}
		return
	}
	n.text = append(n.text, name...)
	n.ends = append(n.ends, int32(len(n.text)))
}

func (n *tagNames) has(name []byte) bool {
	start := int32(0)
	for _, end := range n.ends {
		if string(n.text[start:end]) == string(name) {
			return true
		}
		start = end
	}
	_, ok := n.set[string(name)]
	return ok
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
	r.lim = r.Limits.withDefaults()
	r.comment, r.tagLimit = r.lim.Comment, r.lim.Tag
	if ls := int(r.lineStart - r.base); r.r == ls && r.eol-ls > r.lim.Line {
		// The line loaded before the limits were set is over them.
		r.long, r.r = true, r.eol
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
	r.start = r.info.Offset
	r.end = r.start
	r.plies, r.tags = 0, 0
	r.moved = append(r.moved[:0], false)
	r.loose = append(r.loose[:0], 0)
	r.names.reset()
	r.raw, r.rawOver, r.rawFrom = r.raw[:0], false, -1
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
	return &Error{Game: game, Line: r.line, Column: r.col(r.w), Msg: "reading the input: " + err.Error(), Err: err}
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

// game reads a game, from its first token t, into v.
func (r *Reader) game(v Visitor, t *token) error {
	if err := v.Begin(&r.info); err != nil {
		return r.visitErr(t, err)
	}
	// The tags, and what is no part of PGN among them.
	for ; t.kind == tTag || t.badTag || t.kind == tJunk || t.kind == tSymbol && isJunk(t); r.next(t) {
		if t.kind == tJunk || t.kind == tSymbol {
			if err := r.warn(t, "%s", junkMsg(t)); err != nil {
				return err
			}
			continue
		}
		if t.badTag {
			if t.limit {
				return r.failed(t)
			}
			if err := r.warn(t, "%s: the tag pair is passed over", t.text); err != nil {
				return err
			}
			r.tokenEnd()
			continue
		}
		if len(r.names.ends) > 0 && t.blank && r.names.has(t.name) {
			// A blank line, then a tag the game has: a game of tags
			// alone ended there. (A blank line among a game's tags
			// means nothing.)
			r.unread(t)
			return r.end0(v, t)
		}
		r.tokenEnd()
		if r.end-r.start > int64(r.lim.Game) {
			e := r.fail(t, ErrLimit, "a game longer than %d bytes (Limits.Game)", r.lim.Game)
			r.next(t) // the tag is the game's: skipGame goes on after it
			return e
		}
		if t.quotes {
			if err := r.warn(t, "tag %s: quotes in its value not escaped, or its closing quote: the value read to the line's last quote", t.name); err != nil {
				return err
			}
		}
		if r.tags++; r.tags > r.lim.Tags {
			e := r.fail(t, ErrLimit, "more than %d tag pairs (Limits.Tags)", r.lim.Tags)
			r.next(t)
			return e
		}
		r.names.add(t.name)
		if err := v.Tag(t.name, t.text); err != nil {
			e := r.visitErr(t, err)
			r.next(t)
			if k, ok := v.(interface{ keepTag(name, value []byte) }); ok {
				r.tagsEnd(t, k)
			}
			return e
		}
	}
	r.inTags = false
	if err := v.Movetext(); err != nil {
		if err == SkipMovetext {
			return r.skipMovetext(v, t)
		}
		return r.visitErr(t, err)
	}
	return r.movetext(v, t)
}

// tagsEnd passes over the rest of a broken game's tag section, from t: to
// the first token that is no tag pair, or one after a blank line. k, if
// not nil, is a Builder whose Tag refused a tag pair: it keeps the tag
// pairs that follow, within Limits.Tags and Limits.Game, so that the
// broken game holds every tag.
func (r *Reader) tagsEnd(t *token, k interface{ keepTag(name, value []byte) }) {
	for ; (t.kind == tTag || t.badTag || t.kind == tJunk) && !t.blank; r.next(t) {
		r.tokenEnd()
		if k != nil && t.kind == tTag && r.end-r.start <= int64(r.lim.Game) && r.tags < r.lim.Tags {
			r.tags++
			k.keepTag(t.name, t.text)
		}
	}
}

// inVariation reports whether a ( is open: a variation's, or one passed
// over in the main line.
func (r *Reader) inVariation() bool { return len(r.moved) > 1 || r.loose[0] > 0 }

// end0 ends a game without a termination marker, at t.
func (r *Reader) end0(v Visitor, t *token) error {
	if len(r.moved) > 1 {
		return r.fail(t, nil, "the game ends inside a variation (a ) is missing)")
	}
	if err := r.warn(t, "the game has no termination marker"); err != nil {
		return err
	}
	r.finish()
	if err := v.End(""); err != nil {
		return r.visitErr(t, err)
	}
	return nil
}

// result ends the game at its termination marker t, result.
func (r *Reader) result(v Visitor, t *token, result string) error {
	if r.inVariation() {
		return r.fail(t, nil, "the result %s inside a variation", result)
	}
	r.tokenEnd()
	r.finish()
	if err := v.End(result); err != nil {
		return r.visitErr(t, err)
	}
	return nil
}

// movetext reads the movetext of a game, from its first token t, into v.
func (r *Reader) movetext(v Visitor, t *token) error {
	for ; ; r.next(t) {
		if t.kind != tEOF && t.kind != tTag {
			if r.off(t)-r.start > int64(r.lim.Game) {
				return r.fail(t, ErrLimit, "a game longer than %d bytes (Limits.Game)", r.lim.Game)
			}
		}
		switch t.kind {
		case tSymbol:
			s := t.text
			if s[0] == '1' || s[0] == '0' {
				if res := resultOf(s); res != "" {
					return r.result(v, t, res)
				}
				if string(s) == "1/2" && !r.inVariation() {
					if err := r.warn(t, "the result 1/2, read as 1/2-1/2"); err != nil {
						return err
					}
					return r.result(v, t, "1/2-1/2")
				}
				if allDigits(s) {
					continue // a move number
				}
			}
			if !wholeMove(s) {
				if err := r.word(v, t); err != nil {
					return err
				}
				r.tokenEnd()
				continue
			}
			if err := r.move(v, t, s); err != nil {
				return err
			}
		case tComment:
			if t.cut {
				// The input ends in the comment: its text to the end
				// is kept, as python-chess keeps it.
				if err := r.warn(t, "%s", cutComment); err != nil {
					return err
				}
			}
			if len(t.text) > 0 {
				if err := v.Comment(t.text); err != nil {
					return r.visitErr(t, err)
				}
			}
		case tNAG:
			if err := v.NAG(byte(t.nag)); err != nil {
				return r.visitErr(t, err)
			}
		case tOpen:
			if !r.moved[len(r.moved)-1] {
				// Nothing to replace: the ( and its ) are passed over
				// and the moves between read as the line's own, as
				// python-chess and pgn-extract read them.
				if err := r.warn(t, "a variation before any move it could replace: its ( and ) passed over"); err != nil {
					return err
				}
				r.loose[len(r.loose)-1]++
				break
			}
			if len(r.moved) > r.lim.Depth {
				return r.fail(t, ErrLimit, "variations nested deeper than %d (Limits.Depth)", r.lim.Depth)
			}
			if err := v.BeginVariation(); err != nil {
				if err == SkipVariation {
					if err := r.skipVariation(t); err != nil {
						return err
					}
					if t.kind == tEOF {
						continue // the input ends in it: the case of tEOF ends the game
					}
					break
				}
				return r.visitErr(t, err)
			}
			r.moved = append(r.moved, false)
			r.loose = append(r.loose, 0)
		case tClose:
			if d := len(r.loose) - 1; r.loose[d] > 0 {
				r.loose[d]-- // a ( passed over: its warning said so
				break
			}
			if len(r.moved) == 1 {
				if err := r.warn(t, "a ) closes no variation: passed over"); err != nil {
					return err
				}
				break
			}
			if !r.moved[len(r.moved)-1] {
				if err := r.warn(t, "a variation without a move"); err != nil {
					return err
				}
			}
			r.moved = r.moved[:len(r.moved)-1]
			r.loose = r.loose[:len(r.loose)-1]
			if err := v.EndVariation(); err != nil {
				return r.visitErr(t, err)
			}
		case tStar:
			return r.result(v, t, "*")
		case tTag:
			// The next game's tags: this one ended without a result.
			if r.inVariation() {
				return r.fail(t, nil, "a tag pair inside a variation (a ) is missing)")
			}
			r.unread(t)
			return r.end0(v, t)
		case tEOF:
			if len(r.moved) > 1 {
				// The input ends inside variations: each is closed
				// there, so that the game keeps what was read.
				if err := r.warn(t, "the input ends inside a variation (a ) is missing)"); err != nil {
					return err
				}
				for len(r.moved) > 1 {
					r.moved = r.moved[:len(r.moved)-1]
					r.loose = r.loose[:len(r.loose)-1]
					if err := v.EndVariation(); err != nil {
						return r.visitErr(t, err)
					}
				}
			}
			return r.end0(v, t)
		case tBad:
			if t.badTag && !t.limit && len(r.moved) > 0 {
				// A [ in the movetext that begins no tag pair: passed
				// over alone.
				if err := r.warn(t, "%s: the [ passed over", t.text); err != nil {
					return err
				}
				r.r = t.at + 1
				continue
			}
			return r.failed(t)
		case tJunk:
			if err := r.warn(t, "%s: passed over", t.text); err != nil {
				return err
			}
		}
		r.tokenEnd()
	}
}

// resultOf returns the termination marker s is, or "".
func resultOf(s []byte) string {
	switch string(s) {
	case "1-0":
		return "1-0"
	case "0-1":
		return "0-1"
	case "1/2-1/2":
		return "1/2-1/2"
	}
	return ""
}

func isResult(s string) bool { return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*" }

// resultString returns the marker s as a constant string.
func resultString(s string) string {
	if s == "*" {
		return "*"
	}
	return resultOf([]byte(s))
}

// moveAt returns the length of the move that python-chess's
// MOVETEXT_REGEX finds at s[i:] (0 for none): SAN's letters and squares,
// [NBKRQ]?[a-h]?[1-8]?[-x]?[a-h][1-8](=?[nbrqkNBRQK])?, each optional part
// taken where the rest still matches, as a regular expression does;
// castling (O-O, O-O-O, 0-0, 0-0-0); a null move (--, Z0, 0000).
func moveAt(s []byte, i int) int {
	isFile := func(j int) bool { return j < len(s) && s[j] >= 'a' && s[j] <= 'h' }
	isRank := func(j int) bool { return j < len(s) && s[j] >= '1' && s[j] <= '8' }
	isPromo := func(j int) bool { return j < len(s) && bytes.IndexByte([]byte("nbrqkNBRQK"), s[j]) >= 0 }
	piece := i < len(s) && bytes.IndexByte([]byte("NBKRQ"), s[i]) >= 0
	for p := 1; p >= 0; p-- {
		if p == 1 && !piece {
			continue
		}
		j := i + p
		for f := 1; f >= 0; f-- {
			if f == 1 && !isFile(j) {
				continue
			}
			k := j + f
			for rk := 1; rk >= 0; rk-- {
				if rk == 1 && !isRank(k) {
					continue
				}
				l := k + rk
				for sp := 1; sp >= 0; sp-- {
					if sp == 1 && !(l < len(s) && (s[l] == '-' || s[l] == 'x')) {
						continue
					}
					m := l + sp
					if !isFile(m) || !isRank(m+1) {
						continue
					}
					m += 2
					switch {
					case m < len(s) && s[m] == '=' && isPromo(m+1):
						m += 2
					case isPromo(m):
						m++
					}
					return m - i
				}
			}
		}
	}
	rest := s[i:]
	for _, w := range [...]string{"--", "Z0", "0000", "O-O-O", "O-O", "0-0-0", "0-0"} {
		if bytes.HasPrefix(rest, []byte(w)) {
			return len(w)
		}
	}
	return 0
}

// wholeMove reports whether the symbol s is one move as a SAN reader
// reads it: a move (moveAt; a pawn's P before it allowed) and nothing after
// it but check and mate signs and "e.p.", or "e.p." alone.
func wholeMove(s []byte) bool {
	i := 0
	if len(s) > 1 && s[0] == 'P' {
		i = 1
	}
	n := moveAt(s, i)
	if n == 0 {
		return string(s) == "e.p."
	}
	rest := bytes.TrimSuffix(s[i+n:], []byte("e.p."))
	for _, c := range rest {
		if c != '+' && c != '#' {
			return false
		}
	}
	return true
}

// hasMove reports whether moveAt finds a move anywhere in s.
func hasMove(s []byte) bool { return firstMove(s) >= 0 }

// word reads a symbol t that is not one move, as python-chess does: each
// move moveAt finds in it, from the left, is a move (a warning says so), and
// a symbol with none is passed over (a warning too).
func (r *Reader) word(v Visitor, t *token) error {
	s := t.text
	if first := firstMove(s); first > 0 && s[first-1] >= 'A' && s[first-1] <= 'Z' {
		// A capital before the move (Sf3, as German writes Nf3): a
		// piece of another language, not a move to guess at. The move
		// reader says what is wrong with it.
		return r.move(v, t, s)
	}
	var moves []string
	for i := 0; i < len(s); {
		if n := moveAt(s, i); n > 0 {
			moves = append(moves, string(s[i:i+n]))
			i += n
		} else {
			i++
		}
	}
	if len(moves) == 0 {
		return r.warn(t, "%q is no move: passed over", short(s))
	}
	if err := r.warn(t, "%q read as %s", short(s), short([]byte(strings.Join(moves, " ")))); err != nil {
		return err
	}
	for _, m := range moves {
		if err := r.move(v, t, []byte(m)); err != nil {
			return err
		}
	}
	return nil
}

// firstMove returns the index of the first move moveAt finds in s, or -1.
func firstMove(s []byte) int {
	for i := range s {
		if moveAt(s, i) > 0 {
			return i
		}
	}
	return -1
}

// move gives v the move s, read at t.
func (r *Reader) move(v Visitor, t *token, s []byte) error {
	if r.plies++; r.plies > r.lim.Plies {
		return r.fail(t, ErrLimit, "more than %d moves (Limits.Plies)", r.lim.Plies)
	}
	if err := v.Move(s); err != nil {
		return r.visitErr(t, err)
	}
	r.moved[len(r.moved)-1] = true
	return nil
}

// skipVariation skips a variation, its ( read as t, to its ). Where the
// input ends in it, t is the end (tEOF), a warning said so.
func (r *Reader) skipVariation(t *token) error {
	open := *t
	for depth := 1; depth > 0; {
		r.tokenEnd()
		r.next(t)
		switch t.kind {
		case tOpen:
			depth++
		case tClose:
			depth--
		case tBad:
			if t.limit {
				return r.failed(t)
			}
		case tComment:
			if t.cut {
				if err := r.warn(t, "%s", cutComment); err != nil {
					return err
				}
			}
		case tEOF:
			if err := r.warn(&open, "this variation is not closed by a ): the input ends in it"); err != nil {
				r.unclosed = depth // open, for skipGame
				return err
			}
			return nil
		case tTag:
			r.unclosed = depth // open, for skipGame
			return r.fail(&open, nil, "this variation is not closed by a )")
		}
	}
	r.tokenEnd()
	return nil
}

// cutComment is the warning of a comment the input ends in.
const cutComment = "a comment opened by { is not closed by }: the input ends in it"

// skipMovetext passes over the movetext from its first token t, read,
// without reading its moves, to the game's end, and calls v.End.
func (r *Reader) skipMovetext(v Visitor, t *token) error {
	switch {
	case t.kind == tComment || t.kind == tBad && t.limit && !t.badTag:
		// A comment, or a comment or line over its limit, read whole
		// (a brace comment perhaps over lines that have left the
		// buffer: not to be read again).
		if t.cut {
			if err := r.warn(t, "%s", cutComment); err != nil {
				return err
			}
		}
		r.tokenEnd()
	default:
		r.unread(t)
	}
	depth := 0
	for {
		i, eol := r.r, r.eol
		if r.long {
			r.long = false
		}
		if i == int(r.lineStart-r.base) && i < eol && r.buf[i] == '%' {
			i = eol // an escape line
		}
	scan:
		for ; i < eol; i++ {
			c := r.buf[i]
			if class[c]&cSkip == 0 {
				continue
			}
			switch c {
			case '{':
				r.r = i
				ct := token{line: r.line, col: r.col(i), lineStart: r.lineStart}
				r.braceComment(&ct)
				if ct.cut {
					// The input ends in the comment, as Read warns.
					if err := r.warn(&ct, "%s", cutComment); err != nil {
						return err
					}
				}
				r.tokenEnd()
				i, eol = r.r-1, r.eol
			case ';':
				break scan
			case '(':
				depth++
			case ')':
				if depth > 0 {
					depth--
				}
			case '*':
				if depth == 0 {
					r.r = i + 1
					r.tokenEnd()
					return r.skipEnd(v, "*")
				}
			case '[':
				if depth == 0 || r.firstAt(i) {
					// A tag pair ends the game; a [ that begins none
					// is passed over, as Read passes over it.
					r.r = i
					tt := token{at: i}
					r.tag(&tt)
					if tt.kind == tTag || tt.limit {
						r.r = i
						return r.skipEnd(v, "")
					}
					r.r = i + 1
					eol = r.eol
				}
			case '1', '0':
				if depth > 0 || i > r.r && isSymbolByte(r.buf[i-1]) {
					continue
				}
				j := i + 1
				for j < eol && isSymbolByte(r.buf[j]) {
					j++
				}
				s := r.buf[i:j]
				res := resultOf(s)
				if res == "" && !r.Strict && string(s) == "1/2" {
					res = "1/2-1/2"
				}
				if res != "" {
					r.r = j
					r.tokenEnd()
					return r.skipEnd(v, res)
				}
				i = j - 1
			}
		}
		// The line's last token ends where its white space begins.
		j := min(i, eol)
		for j > r.r && isSpace(r.buf[j-1]) {
			j--
		}
		if j > r.r {
			r.end = r.base + int64(j)
		}
		r.r = eol
		if !r.nextLine() {
			t.kind = tEOF // the input's end: inputErr's
			return r.skipEnd(v, "")
		}
	}
}

// firstAt reports whether buf[i] is the first byte of its line but white
// space.
func (r *Reader) firstAt(i int) bool {
	for _, c := range r.buf[r.lineStart-r.base : i] {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

// skipEnd ends a game whose movetext was skipped.
func (r *Reader) skipEnd(v Visitor, result string) error {
	r.finish()
	if err := v.End(result); err != nil {
		return &Error{Game: r.games, Line: r.line, Column: 1, Msg: err.Error(), Err: err}
	}
	return nil
}

// skipGame skips the rest of a game after a fault at t: to its
// termination marker outside variations, the next game's tags, or the end
// of the input.
//
// A tag pair begins the next game where it begins its line (after white
// space), or after a blank line: tag pairs later in a line of the broken
// game are its own.
func (r *Reader) skipGame(t *token) {
	depth := len(r.moved) - 1 + r.unclosed // the parentheses open at the fault
	for _, n := range r.loose {
		depth += n
	}
	r.unclosed = 0
	if r.inTags {
		// A fault among the tags: the rest of them are the game's.
		r.inTags = false
		r.tagsEnd(t, nil)
	}
	for {
		switch t.kind {
		case tEOF:
			return
		case tTag:
			if t.blank || depth == 0 && r.firstOnLine(t) {
				r.unread(t)
				return
			}
		case tOpen:
			depth++
		case tClose:
			if depth > 0 {
				depth--
			}
		case tStar:
			if depth == 0 {
				r.tokenEnd()
				return
			}
		case tSymbol:
			if depth == 0 && (resultOf(t.text) != "" || !r.Strict && string(t.text) == "1/2") {
				r.tokenEnd()
				return
			}
		}
		r.tokenEnd()
		r.next(t)
	}
}

func allDigits(s []byte) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
