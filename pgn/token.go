// The tokenizer: the input's lines cut into PGN's tokens (symbols, move
// numbers passed over, comments, tag pairs, NAGs, parentheses, junk),
// each with its place. It knows nothing of games: the movetext and tag
// layers give the tokens their meaning.

package pgn

import (
	"bytes"
	"fmt"
)

// lexer reads tokens from its input.
type lexer struct {
	input
	blank   bool // a blank line since the last token
	scratch []byte
	// The first ] at or after closeFrom on the line that starts at
	// closeLine (absolute offsets; closeAt -1: none to the line's end):
	// a line of [ that begin no tag pair is read in linear time.
	closeLine, closeFrom, closeAt int64
	closeSet                      bool
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
func (r *lexer) off(t *token) int64 { return t.lineStart + int64(t.col) - 1 }

// next reads the next token into t, passing over move numbers and dots:
// the token's fromLine and fromOff are those of the first move number
// before it. A loop, not a recursion: a file of move numbers alone must not
// grow the stack.
func (r *lexer) next(t *token) {
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
			if r.rawWait {
				r.rawAnchor(off)
			}
		}
	}
}

// token reads the next token into t, or reports that it passed over a
// move number (isNumber, at line and offset off) or dots instead.
func (r *lexer) token(t *token) (skipped, isNumber bool, line int, off int64) {
	newlines := 0
	for {
		if r.long {
			// A line over Limits.Line, dropped: an error at its start.
			r.long = false
			*t = token{kind: tBad, limit: true, line: r.line, col: 1, at: r.r, lineStart: r.lineStart, blank: r.blank,
				fromLine: r.line, fromOff: r.lineStart, text: fmt.Appendf(nil, "a line longer than %d bytes (Limits.Line)", r.lim.Line)}
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
		for j < eol && isMoveByte(r.buf[j]) {
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
		if len(text) > r.lim.Comment {
			t.kind, t.limit, t.text = tBad, true, fmt.Appendf(nil, "a comment longer than %d bytes (Limits.Comment)", r.lim.Comment)
		}
	case c == '}':
		t.kind, r.r, t.text = tJunk, i+1, []byte("a } outside a comment")
	case c == '@':
		// A pawn's drop as python-chess writes it: @e4.
		j := i + 1
		for j < eol && isMoveByte(r.buf[j]) {
			j++
		}
		t.kind, t.text, r.r = tSymbol, r.buf[i:j], j
	default:
		t.kind, r.r = tJunk, i+1
		t.text = fmt.Appendf(nil, "unexpected character %q", c)
		if c >= 0x80 {
			t.text = fmt.Appendf(nil, "unexpected byte %#02x", c)
		}
	}
	return
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
func (r *lexer) unread(t *token) {
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
func (r *lexer) braceComment(t *token) {
	i := r.r + 1
	if k := bytes.IndexByte(r.buf[i:r.eol], '}'); k >= 0 {
		// On one line: the common case, read in place.
		t.kind, t.text, r.r = tComment, bytes.TrimSpace(r.buf[i:i+k]), i+k+1
		if k > r.lim.Comment {
			t.kind, t.limit, t.text = tBad, true, fmt.Appendf(nil, "a comment longer than %d bytes (Limits.Comment)", r.lim.Comment)
		}
		return
	}
	if r.rawWait && r.rawFrom < 0 {
		r.rawAnchor(r.base + int64(r.r)) // the first token over lines
	}
	r.scratch = r.scratch[:0]
	over := false
	for {
		k := bytes.IndexByte(r.buf[i:r.eol], '}')
		end := r.eol
		if k >= 0 {
			end = i + k
		}
		if !over && len(r.scratch)+end-i > r.lim.Comment {
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
				t.kind, t.limit, t.text = tBad, true, fmt.Appendf(nil, "a comment longer than %d bytes (Limits.Comment)", r.lim.Comment)
				return
			}
		}
	}
	t.kind, t.text = tComment, bytes.TrimSpace(r.scratch)
	if over {
		t.kind, t.limit, t.text = tBad, true, fmt.Appendf(nil, "a comment longer than %d bytes (Limits.Comment)", r.lim.Comment)
	}
}

// firstOnLine reports whether t, a token of the current line, is its
// line's first.
func (r *lexer) firstOnLine(t *token) bool {
	for _, c := range r.buf[t.lineStart-r.base : t.at] {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

func allDigits(s []byte) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
