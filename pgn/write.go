package pgn

import (
	"bytes"
	"io"
	"strconv"
	"unicode"

	"github.com/symmagic/attacks/movegen"
)

// Writer writes games in the PGN export format (see Game.AppendPGN), a
// blank line after each.
type Writer struct {
	w   io.Writer
	buf []byte
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes the game g and a blank line; it returns w's error.
func (w *Writer) Write(g *Game) error {
	w.buf = append(g.AppendPGN(w.buf[:0]), '\n')
	_, err := w.w.Write(w.buf)
	return err
}

// String returns the game in the PGN export format.
func (g *Game) String() string { return string(g.AppendPGN(nil)) }

// maxLine is the export format's longest movetext line.
const maxLine = 80

// AppendPGN appends the game to dst in the PGN export format and returns
// the extended buffer:
//
//   - the tag pairs, one a line: the Seven Tag Roster first (Event, Site,
//     Date, Round, White, Black, Result; "?" for a missing value, Date
//     "????.??.??", Result the game's), then the others in their order;
//     SetUp "1" and FEN the start position's when the game does not start
//     from the standard start or has a FEN tag (a SetUp tag "0" where it
//     has neither; Variant "Chess960" added for a start in Chess960 mode
//     without a Variant tag); values with \ and " escaped;
//   - a blank line, then the movetext in lines of at most 80 characters
//     (broken at spaces, in comments too; a word longer than a line stands
//     alone): a move number before each White move, and "N..." before a
//     Black move that opens the game or a variation or follows a comment
//     or a variation; moves in SAN ("--" for a null move), NAGs as $n,
//     comments in braces (a "}" in a comment is dropped), variations in
//     parentheses after the move they replace, and the result;
//   - a line break after the movetext.
//
// A game read back from what AppendPGN wrote is the same game: the same
// tags, start, moves, variations, comments (white space inside them read
// as single spaces) and NAGs.
func (g *Game) AppendPGN(dst []byte) []byte {
	g.init()
	result := g.Result
	if !isResult(result) {
		result = "*"
	}
	for _, t := range sevenTags {
		v, ok := g.Tag(t.Name)
		if !ok {
			v = t.Value
		}
		if t.Name == "Result" {
			v = result
		}
		dst = appendTag(dst, t.Name, v)
	}
	fen, custom := "", g.start != movegen.StartPosition()
	if _, ok := g.Tag("FEN"); ok || custom {
		fen = g.start.FEN()
	}
	_, hasSetUp := g.Tag("SetUp")
	_, hasVariant := g.Tag("Variant")
	for _, t := range g.Tags {
		switch t.Name {
		case "Event", "Site", "Date", "Round", "White", "Black", "Result":
			continue
		case "FEN":
			t.Value = fen
		case "SetUp":
			t.Value = "0" // the standard start, without a FEN tag
			if fen != "" {
				t.Value = "1"
			}
		}
		dst = appendTag(dst, t.Name, t.Value)
	}
	if fen != "" {
		if !hasSetUp {
			dst = appendTag(dst, "SetUp", "1")
		}
		if _, ok := g.Tag("FEN"); !ok {
			dst = appendTag(dst, "FEN", fen)
		}
	}
	if g.start.Chess960() && !hasVariant {
		dst = appendTag(dst, "Variant", "Chess960")
	}
	dst = append(dst, '\n')

	e := exporter{dst: dst, lineStart: len(dst)}
	if c := g.nodes[Root].before; c.n > 0 {
		e.comment(g.text[c.off : c.off+c.n])
	}
	if first := g.nodes[Root].child; first != None {
		e.line(g, first, g.start, true)
	}
	e.word([]byte(result))
	return append(e.dst, '\n')
}

// appendTag appends a tag pair line, the value escaped.
func appendTag(dst []byte, name, value string) []byte {
	dst = append(dst, '[')
	dst = append(dst, name...)
	dst = append(dst, ' ', '"')
	for i := 0; i < len(value); i++ {
		if value[i] == '\\' || value[i] == '"' {
			dst = append(dst, '\\')
		}
		dst = append(dst, value[i])
	}
	return append(dst, '"', ']', '\n')
}

// exporter writes movetext, words joined by spaces in lines of at most
// maxLine bytes.
type exporter struct {
	dst       []byte
	lineStart int  // the index in dst of the current line's start
	open      bool // a variation's "(" goes before the next word
	tmp       [32]byte
}

// word writes w: after a space, or on a new line when it would not fit.
func (e *exporter) word(w []byte) {
	e.space(len(w))
	e.dst = append(e.dst, w...)
}

// space readies the line for a word of size bytes: a space before it, or
// a new line when it would not fit, and a pending "(".
func (e *exporter) space(size int) {
	if e.open {
		size++
	}
	if n := len(e.dst) - e.lineStart; n > 0 {
		if n+1+size > maxLine {
			e.dst = append(e.dst, '\n')
			e.lineStart = len(e.dst)
		} else {
			e.dst = append(e.dst, ' ')
		}
	}
	if e.open {
		e.dst = append(e.dst, '(')
		e.open = false
	}
}

// closeVariation writes a variation's ")" after its last word.
func (e *exporter) closeVariation() {
	if len(e.dst)-e.lineStart+1 > maxLine {
		e.dst = append(e.dst, '\n')
		e.lineStart = len(e.dst)
	}
	e.dst = append(e.dst, ')')
}

// comment writes a comment in braces, broken at its spaces where lines
// end. A comment holding a "}" is written as comments to the line's end
// (";"), broken at single spaces between words into lines that each begin
// with ";", which the reader joins again with single spaces; where it also
// holds a line break, the "}" is dropped and braces kept.
func (e *exporter) comment(text []byte) {
	if bytes.IndexByte(text, '}') >= 0 && bytes.IndexByte(text, '\n') < 0 {
		e.lineComment(text)
		return
	}
	// The words are the spans between spaces with no other white space
	// beside them: other white space stays inside words, so that a comment
	// read back is the same (the reader reads a line break as a space).
	for start := 0; ; {
		end := start + 1
		for end < len(text) && !lineBreakAt(text, end) {
			end++
		}
		last := end >= len(text)
		if last {
			end = len(text)
		}
		w := text[start:end]
		size := len(w) - bytes.Count(w, []byte("}"))
		if start == 0 {
			size++
		}
		if last {
			size++
		}
		e.space(size)
		if start == 0 {
			e.dst = append(e.dst, '{')
		}
		for _, c := range w {
			if c != '}' {
				e.dst = append(e.dst, c)
			}
		}
		if last {
			e.dst = append(e.dst, '}')
			return
		}
		start = end + 1
	}
}

// lineBreakAt reports whether a comment may break at text[i], a space: no
// white space may stand beside it, which a reader of comments to the line's
// end trims and which a break in braces would move to a line's end or
// start.
func lineBreakAt(text []byte, i int) bool {
	return i > 0 && i+1 < len(text) && text[i] == ' ' &&
		len(bytes.TrimRightFunc(text[:i], unicode.IsSpace)) == i &&
		len(bytes.TrimLeftFunc(text[i+1:], unicode.IsSpace)) == len(text)-i-1
}

// lineComment writes text as comments to the line's end: ";" and as many
// words as fit in a line, the next words on the next line after another
// ";", and a line break after the last. Lines break only at a single
// space between two words (lineBreakAt), so that the reader, which trims
// each and joins them with a space, reads text again; a part with no such
// break runs long.
func (e *exporter) lineComment(text []byte) {
	for len(text) > 0 {
		cut := lineCut(text, maxLine-1) // a line holds ";" and the part
		e.space(1 + cut)
		e.dst = append(e.dst, ';')
		e.dst = append(e.dst, text[:cut]...)
		e.dst = append(e.dst, '\n')
		e.lineStart = len(e.dst)
		text = text[min(cut+1, len(text)):] // the space after the part
	}
}

// lineCut returns the length of the longest part of text of at most room
// bytes that ends at its end or before a break (lineBreakAt); where none
// fits, the shortest.
func lineCut(text []byte, room int) int {
	if len(text) <= room {
		return len(text)
	}
	cut := -1
	for i := 1; i+1 < len(text); i++ {
		if lineBreakAt(text, i) {
			if i > room && cut >= 0 {
				break
			}
			cut = i
			if i > room {
				break
			}
		}
	}
	if cut < 0 {
		return len(text)
	}
	return cut
}

// line writes the moves from n, a node whose parent's position is pos,
// along its main continuation, with each move's variations after it.
// number asks for a move number before a Black first move.
func (e *exporter) line(g *Game, n Node, pos movegen.Position, number bool) {
	for n != None {
		nd := &g.nodes[n]
		if c := nd.before; c.n > 0 {
			e.comment(g.text[c.off : c.off+c.n])
			number = true
		}
		e.moveWord(nd.move, &pos, number)
		number = false
		for _, nag := range g.text[nd.nags.off : nd.nags.off+nd.nags.n] {
			e.word(strconv.AppendInt(append(e.tmp[:0], '$'), int64(nag), 10))
		}
		if c := nd.comment; c.n > 0 {
			e.comment(g.text[c.off : c.off+c.n])
			number = true
		}
		if g.nodes[nd.parent].child == n {
			// n is its parent's main continuation: the alternatives to
			// its move follow it.
			for v := nd.after; v != None; v = g.nodes[v].after {
				e.open = true
				e.line(g, v, pos, true)
				e.closeVariation()
				number = true
			}
		}
		play(&pos, nd.move)
		n = nd.child
	}
}

// moveWord writes the move m of pos with its number where one is due.
func (e *exporter) moveWord(m movegen.Move, pos *movegen.Position, number bool) {
	if white := pos.Side() == movegen.White; white || number {
		w := strconv.AppendInt(e.tmp[:0], int64(pos.FullmoveNumber()), 10)
		if white {
			w = append(w, '.')
		} else {
			w = append(w, "..."...)
		}
		e.word(w)
	}
	if m == movegen.NoMove {
		e.word([]byte("--"))
		return
	}
	e.word(pos.AppendSAN(e.tmp[:0], m))
}
