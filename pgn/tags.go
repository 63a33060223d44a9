// Tag pairs: the tokenizer's reading of a tag pair, and the tag section
// of a game (Reader.game), where a game of tags alone ends and what a
// broken tag section passes over.

package pgn

import (
	"bytes"
	"fmt"
)

// tagSection is what the reader knows of the game's tag section.
type tagSection struct {
	tags   int  // tag pairs read in the game
	inTags bool // the game's tags are being read
	names  tagNames
}

// closeAfter returns the index in buf of the first ] at or after i on
// the current line, or -1. It remembers the answer, so that the [ of a
// line, each asking from a later place, scan it once between them.
func (r *lexer) closeAfter(i int) int {
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

// tag reads a tag pair at buf[r.r] into t: [Name "Value"], the value's
// \" and \\ unescaped.
func (r *lexer) tag(t *token) {
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
	if j+1 > r.lim.Tag {
		bad("a tag pair longer than %d bytes (Limits.Tag)", r.lim.Tag)
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
