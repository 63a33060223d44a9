package pgn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unsafe"

	"github.com/symmagic/attacks/movegen"
)

// Error is the error Read returns for a game it cannot read: the game's
// number in the input (from 1), the line and column (from 1, in bytes) of
// the fault, what is wrong, and the error behind it (a *movegen.SANError
// for a move, a *movegen.FENError for a FEN tag; nil otherwise). Its text
// reads:
//
//	pgn: game 3, line 41, column 18: move 12... Nd2: ambiguous: Nbd2, Nfd2
type Error struct {
	Game, Line, Column int
	Msg                string
	Err                error
}

func (e *Error) Error() string {
	return fmt.Sprintf("pgn: game %d, line %d, column %d: %s", e.Game, e.Line, e.Column, e.Msg)
}

func (e *Error) Unwrap() error { return e.Err }

// Reader reads games from a stream of PGN.
//
// It reads PGN as programs write it: tag pairs in any order and with any
// name, a FEN tag (with SetUp or without) for a game from another position
// and a Variant tag of "Chess960" (or "Fischerandom", "Chess 960", ...)
// for Chess960, the FEN's castling in X-FEN or Shredder-FEN; movetext of
// SAN as movegen's ParseSAN reads it (O-O and 0-0, e8=Q and e8Q, checks
// and annotations written or not) and moves in coordinate notation (g1f3,
// d7d8q) where they are legal, move numbers with any dots or none (not
// checked), the null move as "--" or "Z0", comments in braces and after
// ";", NAGs ("$14") and the suffixes "!", "?", "!!", "??", "!?", "?!"
// (read as the NAGs 1 to 6; one before a variation's first move is that
// move's), variations nested to any depth, and the termination marker;
// escape lines ("%" in the first column), a byte-order mark, CRLF line
// ends. A blank line among a game's tag pairs means nothing. Each move is
// checked as it is read; a game ends at its termination marker, or where
// the next game's tags begin (after a game of tags alone: at a blank line
// before a tag it already has), or at the end of the input.
//
// A game Read cannot read is a *Error naming the game, the line, the
// column and the fault; Read then skips to the game's end (its marker at
// the main line's depth, or the next tag pair that begins a line), so
// that the next Read returns the next game: one broken game loses nothing
// else.
//
// Memory is bounded by the largest game, not the input: Read keeps a
// buffer of whole lines of the input and the game it fills.
type Reader struct {
	// SkipVariations makes Read skip variations unread: their moves are
	// not checked and the game holds the main line alone. Faster where
	// the main line is all that matters.
	SkipVariations bool

	src  io.Reader
	buf  []byte
	r, w int   // buf[r:w] is read from src and not yet consumed
	eol  int   // the index of the line break ending buf[r]'s line, or w
	base int64 // the input offset of buf[0]
	eof  bool
	rerr error

	line      int   // the line of buf[r], from 1
	lineStart int64 // the input offset of that line's first byte
	games     int   // games begun
	blank     bool  // a blank line since the last token
	scratch   []byte
	stack     []level
	// tagText holds a game's new tag names and values, made one string
	// when its tags are read; tagNew says where each goes.
	tagText []byte
	tagNew  []tagText
	// unclosed is the variations a skipped variation left open at a fault.
	unclosed int
}

// tagText is a tag name or value in Reader.tagText: tag i's, at off, n
// bytes.
type tagText struct {
	i, off, n int32
	value     bool
}

// NewReader returns a Reader of PGN from src.
func NewReader(src io.Reader) *Reader {
	r := &Reader{buf: make([]byte, 64<<10)}
	r.Reset(src)
	return r
}

// Reset makes r read from src as a new Reader would, keeping its memory.
// The options stay.
func (r *Reader) Reset(src io.Reader) {
	*r = Reader{SkipVariations: r.SkipVariations, src: src, buf: r.buf, line: 1, scratch: r.scratch[:0], stack: r.stack[:0],
		tagText: r.tagText[:0], tagNew: r.tagNew[:0]}
	r.loadLine()
	if bytes.HasPrefix(r.buf[r.r:r.w], []byte("\xef\xbb\xbf")) {
		r.r += 3
		r.lineStart = 3
	}
}

// level is the state of one line of play being read: the main line or a
// variation.
type level struct {
	node, prev Node // the last move's node and the one before it
	// pos[at] is the position at node, pos[at^1] the one at prev: a move
	// is made on a copy in the other slot, one copy a move.
	pos       [2]movegen.Position
	at        int
	before    []byte // a comment read before the level's next move
	hasBefore bool
	nags      []byte // NAGs read before the level's first move
	moved     bool   // a move has been read at this level
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
	tBad
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
	at        int  // its index in buf, to unread it
	lineStart int64
}

// loadLine makes buf[r:eol] a whole line of the input, its line break at
// eol (or eol == w at the input's end), reading more of the input as
// needed. It reports false when nothing is left.
func (r *Reader) loadLine() bool {
	for {
		if k := bytes.IndexByte(r.buf[r.r:r.w], '\n'); k >= 0 {
			r.eol = r.r + k
			return true
		}
		if r.eof {
			r.eol = r.w
			return r.r < r.w
		}
		r.fill()
	}
}

// fill moves buf[r:w] to the front of buf, grows buf if that leaves no
// room, and reads more of the input.
func (r *Reader) fill() {
	if r.r > 0 {
		n := copy(r.buf, r.buf[r.r:r.w])
		r.base += int64(r.r)
		r.w, r.r = n, 0
	}
	if r.w == len(r.buf) {
		r.buf = append(r.buf, make([]byte, len(r.buf))...)
	}
	for {
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
	}
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
	return r.loadLine()
}

// col returns the column of buf[i], on the current line.
func (r *Reader) col(i int) int { return int(r.base+int64(i)-r.lineStart) + 1 }

// next reads the next token into t.
func (r *Reader) next(t *token) {
	newlines := 0
	for {
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
	t.line, t.col, t.at, t.lineStart, t.blank, t.badTag = r.line, r.col(i), i, r.lineStart, r.blank, false
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
			r.next(t)
			return
		}
		t.kind, t.text, r.r = tSymbol, r.buf[i:j], j
	case c == '.':
		j := i + 1
		for j < eol && r.buf[j] == '.' {
			j++
		}
		r.r = j
		r.next(t) // dots after a move number, or alone: nothing
	case c == '{':
		r.comment(t)
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
		for j < eol && r.buf[j] >= '0' && r.buf[j] <= '9' && n <= 255 {
			n = n*10 + int(r.buf[j]-'0')
			j++
		}
		t.kind, t.nag, r.r = tNAG, n, j
		if j == i+1 || n > 255 {
			t.kind, t.text = tBad, []byte("a NAG is $ and a number from 0 to 255")
		}
	case c == '!' || c == '?':
		j := i + 1
		for j < eol && (r.buf[j] == '!' || r.buf[j] == '?') {
			j++
		}
		t.kind, t.nag, r.r = tNAG, suffixNAG(string(r.buf[i:j])), j
		if t.nag == 0 {
			t.kind, t.text = tBad, fmt.Appendf(nil, "annotation %q, want !, ?, !!, ??, !? or ?!", r.buf[i:j])
		}
	case c == ';':
		t.kind, t.text, r.r = tComment, bytes.TrimSpace(r.buf[i+1:eol]), eol
	default:
		t.kind, r.r = tBad, i+1
		t.text = fmt.Appendf(nil, "unexpected character %q", c)
		if c >= 0x80 {
			t.text = fmt.Appendf(nil, "unexpected byte %#02x", c)
		}
	}
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

// unread puts the token t back.
func (r *Reader) unread(t *token) {
	r.r, r.blank = t.at, t.blank
	if t.kind == tEOF {
		return
	}
	r.line, r.lineStart = t.line, t.lineStart
	r.loadLine()
}

// comment reads a brace comment at buf[r.r] into t: its text with each
// line break a space, and white space trimmed at both ends.
func (r *Reader) comment(t *token) {
	i := r.r + 1
	if k := bytes.IndexByte(r.buf[i:r.eol], '}'); k >= 0 {
		// On one line: the common case, read in place.
		t.kind, t.text, r.r = tComment, bytes.TrimSpace(r.buf[i:i+k]), i+k+1
		return
	}
	r.scratch = r.scratch[:0]
	for {
		if k := bytes.IndexByte(r.buf[i:r.eol], '}'); k >= 0 {
			r.scratch = append(r.scratch, r.buf[i:i+k]...)
			t.kind, t.text, r.r = tComment, bytes.TrimSpace(r.scratch), i+k+1
			return
		}
		r.scratch = append(r.scratch, bytes.TrimRight(r.buf[i:r.eol], "\r")...)
		r.scratch = append(r.scratch, ' ')
		if !r.nextLine() {
			t.kind, t.text = tBad, []byte("a comment opened by { is not closed by }")
			return
		}
		i = r.r
	}
}

// tag reads a tag pair at buf[r.r] into t: [Name "Value"], the value's
// \" and \\ unescaped.
func (r *Reader) tag(t *token) {
	line := r.buf[r.r:r.eol]
	r.r = r.eol // a tag pair is read to its line's end, or is bad
	bad := func(format string, args ...any) {
		t.kind, t.text, t.badTag = tBad, fmt.Appendf(nil, format, args...), true
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
	if j == len(line) {
		bad("tag %s: its value's closing \" is missing", name)
		return
	}
	value := line[vs:j]
	j++
	for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
		j++
	}
	if j == len(line) || line[j] != ']' {
		bad("tag %s: the closing ] is missing", name)
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
}

// newTagText keeps b as tag i's name or value, made a string with the
// game's other new tag texts when its tags are read.
func (r *Reader) newTagText(i int, b []byte, value bool) {
	r.tagNew = append(r.tagNew, tagText{int32(i), int32(len(r.tagText)), int32(len(b)), value})
	r.tagText = append(r.tagText, b...)
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

// hasTag reports whether the game being read has a tag named name.
func (r *Reader) hasTag(g *Game, name []byte) bool {
	for i := range g.Tags {
		if g.Tags[i].Name == string(name) {
			return true
		}
	}
	for _, n := range r.tagNew {
		if !n.value && string(r.tagText[n.off:n.off+n.n]) == string(name) {
			return true
		}
	}
	return false
}

// tagStrings gives g's new tag names and values their strings: one string
// for them all.
func (r *Reader) tagStrings(g *Game) {
	if len(r.tagNew) == 0 {
		return
	}
	text := string(r.tagText)
	for _, n := range r.tagNew {
		if n.value {
			g.Tags[n.i].Value = text[n.off : n.off+n.n]
		} else {
			g.Tags[n.i].Name = text[n.off : n.off+n.n]
		}
	}
	r.tagText, r.tagNew = r.tagText[:0], r.tagNew[:0]
}

// knownTags are the tag names Read gives without allocating.
var knownTags = func() map[string]string {
	m := map[string]string{}
	for _, n := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result",
		"WhiteElo", "BlackElo", "WhiteTitle", "BlackTitle", "WhiteRatingDiff", "BlackRatingDiff",
		"WhiteFideId", "BlackFideId", "WhiteTeam", "BlackTeam", "ECO", "Opening", "Variation",
		"TimeControl", "Termination", "Annotator", "PlyCount", "EventDate", "EventType",
		"UTCDate", "UTCTime", "Time", "Mode", "FEN", "SetUp", "Variant", "Board", "Source", "SourceDate"} {
		m[n] = n
	}
	return m
}()

// Read reads the next game into g, reusing its memory. It returns nil for
// a game read whole, io.EOF when the input holds no more games, a *Error
// for a game it cannot read (g then holds the game up to the fault: its
// tags, its start, its moves before the fault; Read goes on with the next
// game when called again), or an error of the input's (once: Read then
// returns io.EOF, so that a loop that goes on after every error but io.EOF
// ends).
func (r *Reader) Read(g *Game) error {
	g.Tags = g.Tags[:0]
	g.Reset(movegen.StartPosition())
	r.stack = r.stack[:0]
	var t token
	r.next(&t)
	if t.kind == tEOF {
		if err := r.inputErr(); err != nil {
			return err
		}
		return io.EOF
	}
	r.games++
	err := r.game(g, &t)
	if err != nil {
		r.skipGame(&t)
	}
	if rerr := r.inputErr(); rerr != nil {
		return rerr
	}
	return err
}

// inputErr returns the input's error once: then nil, and Read io.EOF.
func (r *Reader) inputErr() error {
	err := r.rerr
	r.rerr = nil
	return err
}

// fail returns a *Error at t for the current game.
func (r *Reader) fail(t *token, cause error, format string, args ...any) *Error {
	return &Error{Game: r.games, Line: t.line, Column: t.col, Msg: fmt.Sprintf(format, args...), Err: cause}
}

// game reads a game, from its first token t, into g.
func (r *Reader) game(g *Game, t *token) error {
	// The tags.
	var fenAt, variantAt token // the FEN and Variant tags, for their errors
	haveFEN := false
	var tagErr error
	for ; t.kind == tTag || t.badTag; r.next(t) {
		if t.badTag {
			if tagErr == nil {
				tagErr = r.fail(t, nil, "%s", t.text)
			}
			continue
		}
		if len(g.Tags) > 0 && t.blank && r.hasTag(g, t.name) {
			// A blank line, then a tag the game has: a game of tags
			// alone ended there. (A blank line among a game's tags
			// means nothing.)
			r.unread(t)
			r.tagStrings(g)
			return r.finish(g)
		}
		i := len(g.Tags)
		var tg Tag
		if i < cap(g.Tags) && g.Tags[:i+1][i].Name == string(t.name) {
			tg.Name = g.Tags[:i+1][i].Name // the last game's tag in this slot
		} else if known, ok := knownTags[string(t.name)]; ok {
			tg.Name = known
		} else {
			r.newTagText(i, t.name, false)
		}
		if i < cap(g.Tags) && g.Tags[:i+1][i].Value == string(t.text) {
			tg.Value = g.Tags[:i+1][i].Value // the last game's value in this slot
		} else {
			r.newTagText(i, t.text, true)
		}
		g.Tags = append(g.Tags, tg)
		switch string(t.name) {
		case "FEN":
			fenAt, haveFEN = *t, true
		case "Variant":
			variantAt = *t
		}
	}
	r.tagStrings(g)
	if tagErr != nil {
		return tagErr
	}
	// The start position.
	start := movegen.StartPosition()
	variant, _ := g.Tag("Variant")
	chess960 := false
	switch v := strings.TrimSpace(variant); {
	case v == "" || anyFold(v, "standard", "chess", "normal", "from position", "fromposition"):
	case strings.Contains(v, "960") || containsFold(v, "fischer"):
		chess960 = true
	default:
		return r.fail(&variantAt, nil, "variant %q: only standard chess and Chess960 are read", variant)
	}
	if haveFEN {
		fen, _ := g.Tag("FEN")
		p, err := movegen.ParseFEN(fen)
		if err != nil {
			return r.fail(&fenAt, err, "FEN tag: %s", strings.TrimPrefix(err.Error(), "movegen: "))
		}
		start = p
	}
	if chess960 {
		start.SetChess960(true) // never an error when switching on
	}
	g.Reset(start)
	return r.movetext(g, t)
}

// anyFold reports whether s is one of names, case aside.
func anyFold(s string, names ...string) bool {
	for _, n := range names {
		if strings.EqualFold(s, n) {
			return true
		}
	}
	return false
}

// containsFold reports whether s contains sub, case aside.
func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

// finish ends a game without a termination marker: its result is its
// Result tag's, if that is a marker, else "*".
func (r *Reader) finish(g *Game) error {
	if res, ok := g.Tag("Result"); ok && isResult(res) {
		g.Result = resultString(res)
	}
	return nil
}

func isResult(s string) bool { return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*" }

// movetext reads the moves of a game, from its first token t.
func (r *Reader) movetext(g *Game, t *token) error {
	r.stack = r.stack[:0]
	cur := level{node: Root, prev: None}
	cur.pos[0] = g.start
	end := func() {
		g.last, g.lastPos = cur.node, cur.pos[cur.at]
	}
	for ; ; r.next(t) {
		switch t.kind {
		case tSymbol:
			s := t.text
			if len(s) >= 3 && (s[0] == '1' || s[0] == '0' && s[2] == '1') && isResult(string(s)) {
				if len(r.stack) > 0 {
					return r.fail(t, nil, "the result %s inside a variation", s)
				}
				g.Result = resultString(string(s))
				end()
				return nil
			}
			if s[0] >= '0' && s[0] <= '9' && allDigits(s) {
				continue // a move number
			}
			if err := r.move(g, &cur, t); err != nil {
				return err
			}
		case tComment:
			r.commentAt(g, &cur, t.text)
		case tNAG:
			if t.nag == 0 {
				break // $0, the null annotation
			}
			if cur.moved {
				g.AddNAG(cur.node, byte(t.nag))
			} else {
				// Before the level's first move ("($142 38... b5"): the
				// move's, when it comes.
				cur.nags = append(cur.nags, byte(t.nag))
			}
		case tOpen:
			if !cur.moved {
				return r.fail(t, nil, "a variation before any move it could replace")
			}
			if r.SkipVariations {
				if err := r.skipVariation(t); err != nil {
					return err
				}
				continue
			}
			r.stack = append(r.stack, cur)
			v := level{node: cur.prev, prev: None, before: cur.before[:0]}
			v.pos[0] = cur.pos[cur.at^1]
			cur = v
		case tClose:
			if len(r.stack) == 0 {
				return r.fail(t, nil, "a ) closes no variation")
			}
			if (cur.hasBefore || len(cur.nags) > 0) && !cur.moved {
				return r.fail(t, nil, "a variation without a move")
			}
			cur = r.stack[len(r.stack)-1]
			r.stack = r.stack[:len(r.stack)-1]
		case tStar:
			if len(r.stack) > 0 {
				return r.fail(t, nil, "the result * inside a variation")
			}
			g.Result = "*"
			end()
			return nil
		case tTag:
			// The next game's tags: this one ended without a result.
			if len(r.stack) > 0 {
				return r.fail(t, nil, "a tag pair inside a variation (a ) is missing)")
			}
			r.unread(t)
			end()
			return r.finish(g)
		case tEOF:
			if len(r.stack) > 0 {
				return r.fail(t, nil, "the input ends inside a variation (a ) is missing)")
			}
			end()
			return r.finish(g)
		case tBad:
			return r.fail(t, nil, "%s", t.text)
		}
	}
}

// skipVariation skips a variation, its ( read as t, to its ).
func (r *Reader) skipVariation(t *token) error {
	open := *t
	for depth := 1; depth > 0; {
		r.next(t)
		switch t.kind {
		case tOpen:
			depth++
		case tClose:
			depth--
		case tEOF, tTag:
			r.unclosed = depth // for skipGame, as r.stack when variations are read
			return r.fail(&open, nil, "this variation is not closed by a )")
		}
	}
	return nil
}

// resultString returns the marker s as a constant string.
func resultString(s string) string {
	switch s {
	case "1-0":
		return "1-0"
	case "0-1":
		return "0-1"
	}
	return "1/2-1/2"
}

func allDigits(s []byte) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// commentAt stores a comment read at cur: after its last move, or, before
// the level's first move, for the next move.
func (r *Reader) commentAt(g *Game, cur *level, text []byte) {
	if len(text) == 0 {
		return // an empty comment says nothing
	}
	if cur.moved {
		n := &g.nodes[cur.node]
		n.comment = g.joinText(n.comment, text)
		return
	}
	if cur.node == Root && len(r.stack) == 0 {
		g.nodes[Root].before = g.joinText(g.nodes[Root].before, text)
		return
	}
	cur.before = append(cur.before, text...)
	if cur.hasBefore {
		cur.before = append(append(cur.before[:len(cur.before)-len(text)], ' '), text...)
	}
	cur.hasBefore = true
}

// joinText returns the span of s and text joined by a space (text alone
// when s is empty).
func (g *Game) joinText(s span, text []byte) span {
	if s.n == 0 {
		return g.storeBytes(text)
	}
	off := uint32(len(g.text))
	g.text = append(g.text, g.text[s.off:s.off+s.n]...)
	g.text = append(g.text, ' ')
	g.text = append(g.text, text...)
	return span{off, uint32(len(g.text)) - off}
}

// move reads the move t at cur and adds it to g.
func (r *Reader) move(g *Game, cur *level, t *token) error {
	s := t.text
	var m movegen.Move
	pos := &cur.pos[cur.at]
	after := &cur.pos[cur.at^1]
	switch {
	case string(s) == "--" || string(s) == "Z0":
		if pos.InCheck() {
			return r.fail(t, nil, "move %s %s: a null move, but %s is in check", moveNumber(pos), s, pos.Side())
		}
	case string(s) == "e.p.":
		// "exd6 e.p.": the move before must have been en passant.
		if !cur.moved || !g.nodes[cur.node].move.IsEnPassant() {
			return r.fail(t, nil, "e.p. after a move that is not an en-passant capture")
		}
		return nil
	default:
		var err error
		m, err = pos.ParseSAN(unsafe.String(&s[0], len(s))) // ParseSAN keeps no reference to it
		if err != nil && isCoordinate(s) {
			// Coordinate notation (g1f3, d7d8q), as some programs
			// write it: read when it names a legal move.
			var lower [5]byte
			for i, c := range s {
				lower[i] = c | 0x20 // the promotion's letter in either case
			}
			if u, uerr := pos.ParseUCI(string(lower[:len(s)])); uerr == nil && u != movegen.NoMove {
				m, err = u, nil
			}
		}
		if err != nil {
			var se *movegen.SANError
			msg := err.Error()
			if errors.As(err, &se) {
				msg = se.Msg
			}
			return r.fail(t, err, "move %s %s: %s", moveNumber(pos), s, msg)
		}
	}
	if r.SkipVariations {
		// No variation asks for the position before the move: play it
		// in place.
		play(pos, m)
	} else {
		*after = *pos
		play(after, m)
		cur.at ^= 1
	}
	n := g.addRead(cur.node, m)
	if cur.hasBefore {
		g.nodes[n].before = g.storeBytes(cur.before)
		cur.before, cur.hasBefore = cur.before[:0], false
	}
	for _, nag := range cur.nags {
		g.AddNAG(n, nag)
	}
	cur.nags = cur.nags[:0]
	cur.prev, cur.node = cur.node, n
	cur.moved = true
	return nil
}

// addRead adds a node for the move m after n, as add does, without
// keeping its position (the reader keeps its own).
func (g *Game) addRead(n Node, m movegen.Move) Node {
	c := Node(len(g.nodes))
	g.nodes = append(g.nodes, node{move: m, parent: n, child: None, after: None})
	if first := g.nodes[n].child; first == None {
		g.nodes[n].child = c
	} else {
		for g.nodes[first].after != None {
			first = g.nodes[first].after
		}
		g.nodes[first].after = c
	}
	return c
}

// isCoordinate reports whether s is a move in coordinate notation: two
// squares and, for a promotion, a piece letter of either case.
func isCoordinate(s []byte) bool {
	sq := func(f, r byte) bool { return f >= 'a' && f <= 'h' && r >= '1' && r <= '8' }
	switch {
	case len(s) == 4:
	case len(s) == 5 && strings.IndexByte("qrbnQRBN", s[4]) >= 0:
	default:
		return false
	}
	return sq(s[0], s[1]) && sq(s[2], s[3])
}

// moveNumber writes a move's number as PGN does: "12." before White's
// move, "12..." before Black's.
func moveNumber(p *movegen.Position) string {
	n := strconv.Itoa(p.FullmoveNumber())
	if p.Side() == movegen.Black {
		return n + "..."
	}
	return n + "."
}

// skipGame skips the rest of a game after a fault at t: to its
// termination marker outside variations, the next game's tags, or the end
// of the input.
//
// A tag pair begins the next game where it begins its line (after white
// space), or after a blank line: tag pairs later in a line of the broken
// game are its own.
func (r *Reader) skipGame(t *token) {
	depth := len(r.stack) + r.unclosed // the variations open at the fault
	r.unclosed = 0
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
				return
			}
		case tSymbol:
			if depth == 0 && len(t.text) >= 3 && isResult(string(t.text)) {
				return
			}
		}
		r.next(t)
	}
}
