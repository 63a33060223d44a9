package pgn

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"unicode"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/variant"
)

// Writer writes games in the PGN export format (see Game.AppendPGNWith),
// a blank line after each.
type Writer struct {
	// Options say what to write; the zero value writes all a game holds.
	Options WriteOptions

	w   io.Writer
	buf []byte
}

// WriteOptions say what a game is written with. The zero value writes all
// a game holds, as read: every tag, comment, NAG and variation, in lines
// of at most 80 bytes, moves in SAN.
type WriteOptions struct {
	// Tags says which tag pairs to write: all (the zero value), the Seven
	// Tag Roster, or none.
	Tags TagSet
	// NoComments, NoNAGs and NoVariations leave those out.
	NoComments, NoNAGs, NoVariations bool
	// Width is the longest movetext line, in bytes: 0 for 80, the
	// export format's; below 0 for no limit (the movetext on one line).
	Width int
	// UCI writes the moves in UCI's coordinate notation (e2e4, e7e8q; a
	// Chess960 castling as the king taking its rook), which Reader reads
	// back, rather than SAN.
	UCI bool
	// LAN writes the moves in long algebraic notation as python-chess's
	// Board.lan writes them (e2-e4, Ng1-f3, Nb1xc3, e7-e8=Q+, O-O: movegen's
	// Position.LAN), which Reader (and python-chess) reads back, rather than
	// SAN. With UCI too, UCI is written.
	LAN bool
}

// TagSet is which tag pairs WriteOptions write.
type TagSet uint8

const (
	// AllTags writes every tag: the Seven Tag Roster first (Event, Site,
	// Date, Round, White, Black, Result; "?" for one missing, Date
	// "????.??.??", Result the termination marker), then the others in
	// their order, and the SetUp and FEN tags a start other than the
	// standard one needs.
	AllTags TagSet = iota
	// RosterTags writes the Seven Tag Roster alone, and the tags a start
	// other than the standard one needs (SetUp, FEN, Variant).
	RosterTags
	// NoTags writes no tag section: the movetext alone (which a reader
	// reads from the standard start).
	NoTags
)

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes the game g and a blank line. It returns a *Error for a
// nil g or a Writer without an io.Writer (the zero Writer), and one
// wrapping the io.Writer's error where the write fails.
func (w *Writer) Write(g *Game) error {
	switch {
	case w.w == nil:
		return &Error{Msg: "Writer.Write: the Writer has no io.Writer (make it with NewWriter)"}
	case g == nil:
		return &Error{Msg: "Writer.Write: nil *Game"}
	}
	w.buf = append(g.AppendPGNWith(w.buf[:0], w.Options), '\n')
	if _, err := w.w.Write(w.buf); err != nil {
		return &Error{Msg: "Writer.Write: " + err.Error(), Err: err}
	}
	return nil
}

// maxLine is the export format's longest movetext line.
const maxLine = 80

// String returns the game in the PGN export format.
func (g *Game) String() string { return string(g.AppendPGN(nil)) }

// AppendPGN appends the game to dst in the PGN export format, all it
// holds, and returns the extended buffer: AppendPGNWith with the zero
// WriteOptions.
func (g *Game) AppendPGN(dst []byte) []byte { return g.AppendPGNWith(dst, WriteOptions{}) }

// AppendPGNWith appends the game to dst in the PGN export format as o
// says, and returns the extended buffer:
//
//   - the tag pairs, one a line (see TagSet), each value as the game
//     holds it, with \ and " escaped. The Result tag is the game's, and
//     the termination marker Result: where the two differ, each is
//     written as it is (SetResult sets both). A FEN tag is written as
//     read where it is the start position, else as the start's FEN; a
//     SetUp tag is "1" with a FEN tag and "0" without; SetUp "1" and FEN
//     are added for a start other than the standard one, and Variant
//     "Chess960" for a start in Chess960 mode without a Variant tag;
//   - a blank line, then the movetext in lines of at most o.Width bytes
//     (80 by default; broken at spaces, in comments too; a word longer
//     than a line stands alone): a move number before each White move,
//     and "N..." before a Black move that opens the game or a variation
//     or follows a comment or a variation; moves in SAN ("--" for a null
//     move), or as o.UCI or o.LAN say; a move's starting comments
//     before it, and after it its NAGs as $n, then its comments, each in
//     its braces as read but for its "}"s, which no brace comment can
//     hold: they are dropped, as python-chess's exporter drops them
//     (python-chess skips the comments to the line's end, ";", that could
//     hold them), and a comment of "}"s and white space alone is not
//     written;
//     variations in parentheses after the move they replace; the
//     termination marker;
//   - a line break after the movetext.
//
// A game read back from what AppendPGN wrote is the same game: the same
// tags, start, moves, variations, comments (each, with white space inside
// read as single spaces, and without its "}"s), NAGs and result; and
// writing it again writes the same bytes. One thing the text cannot hold:
// starting comments of a move that begins no variation (a game read has
// none; SetStartingComment or a tree edit can give a main continuation
// some) are written before the move, after the variations of the move
// before, and read back as that move's comments, as python-chess reads
// them: the game read back has them there, and writes them before those
// variations. A TagSet other than AllTags, RosterTags and NoTags panics.
func (g *Game) AppendPGNWith(dst []byte, o WriteOptions) []byte {
	if o.Tags > NoTags {
		panic(fmt.Sprintf("pgn: Game.AppendPGNWith: WriteOptions.Tags %d is none of AllTags, RosterTags and NoTags", o.Tags))
	}
	g.init()
	result := g.Result
	if !isResult(result) {
		result = "*"
	}
	if o.Tags != NoTags {
		if g.variant != variant.NoVariant {
			dst = g.appendVariantTags(g.appendRoster(dst, result), o.Tags)
		} else {
			dst = g.appendTags(dst, o.Tags, result)
		}
		dst = append(dst, '\n')
	}
	width := o.Width
	if width == 0 {
		width = maxLine
	}
	e := exporter{dst: dst, lineStart: len(dst), width: width, o: o}
	e.notes(g, Root, noteAfter)
	if first := g.nodes[Root].child; first != None {
		if g.variant != variant.NoVariant {
			e.variantLine(g, first, g.vs.start, true)
		} else {
			e.line(g, first, g.start, true)
		}
	}
	e.word([]byte(result))
	return append(e.dst, '\n')
}

// appendTags appends the tag section's tag pairs.
func (g *Game) appendTags(dst []byte, set TagSet, result string) []byte {
	dst = g.appendRoster(dst, result)
	fenTag, hasFEN := g.Tag("FEN")
	fen, custom := "", g.start != movegen.StartPosition()
	if hasFEN || custom {
		fen = g.start.FEN()
		if p, err := movegen.ParseFEN(fenTag); hasFEN && err == nil && p == g.start {
			fen = fenTag // as read: it is the start
		}
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
		default:
			if set == RosterTags && t.Name != "Variant" {
				continue
			}
		}
		if set == RosterTags && t.Name == "Variant" && !g.start.Chess960() {
			continue
		}
		if set == RosterTags && t.Name == "SetUp" && fen == "" {
			continue
		}
		dst = appendTag(dst, t.Name, t.Value)
	}
	if fen != "" {
		if !hasSetUp {
			dst = appendTag(dst, "SetUp", "1")
		}
		if !hasFEN {
			dst = appendTag(dst, "FEN", fen)
		}
	}
	if g.start.Chess960() && !hasVariant {
		dst = appendTag(dst, "Variant", "Chess960")
	}
	return dst
}

// appendRoster appends the Seven Tag Roster's tag pairs: the game's
// values, "?" for one missing (Date "????.??.??"), Result result where the
// game has no Result tag.
func (g *Game) appendRoster(dst []byte, result string) []byte {
	for _, t := range sevenTags {
		v, ok := g.Tag(t.Name)
		if !ok {
			v = t.Value
			if t.Name == "Result" {
				v = result
			}
		}
		dst = appendTag(dst, t.Name, v)
	}
	return dst
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
	width     int  // the longest line; below 0, no limit
	open      bool // a variation's "(" goes before the next word
	o         WriteOptions
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
		if e.width >= 0 && n+1+size > e.width {
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
	if e.width >= 0 && len(e.dst)-e.lineStart+1 > e.width {
		e.dst = append(e.dst, '\n')
		e.lineStart = len(e.dst)
	}
	e.dst = append(e.dst, ')')
}

// comment writes a comment in braces, broken at its spaces where lines
// end: text as commentText gives it, which holds no "}".
func (e *exporter) comment(text []byte) {
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
		size := len(w)
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
		e.dst = append(e.dst, w...)
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

// commentText returns the text a comment is written with: its own, white
// space trimmed at the ends as a reader trims it, and without its "}"s,
// as python-chess's exporter writes it, since braces cannot hold one and
// python-chess skips the comments to the line's end (";") that could. An
// empty text is not written (a reader reads nothing of it).
func commentText(text []byte) []byte {
	text = bytes.TrimSpace(text)
	if bytes.IndexByte(text, '}') >= 0 {
		text = bytes.TrimSpace(bytes.ReplaceAll(text, []byte("}"), nil))
	}
	return text
}

// notes writes n's comments of kind k, and, for noteAfter, its NAGs
// before them; it reports whether it wrote any.
func (e *exporter) notes(g *Game, n Node, k uint8) bool {
	wrote := false
	if k == noteAfter && !e.o.NoNAGs {
		for i := g.nodes[n].notes.head; i != 0; i = g.notes[i].next {
			if nt := &g.notes[i]; nt.kind == noteNAG {
				e.word(strconv.AppendInt(append(e.tmp[:0], '$'), int64(nt.nag), 10))
			}
		}
	}
	if e.o.NoComments {
		return false
	}
	for i := g.nodes[n].notes.head; i != 0; i = g.notes[i].next {
		if nt := &g.notes[i]; nt.kind == k {
			if text := commentText(g.text[nt.text.off : nt.text.off+nt.text.n]); len(text) > 0 {
				e.comment(text)
				wrote = true
			}
		}
	}
	return wrote
}

// line writes the moves from n, a node whose parent's position is pos,
// along its main continuation, with each move's variations after it.
// number asks for a move number before a Black first move.
func (e *exporter) line(g *Game, n Node, pos movegen.Position, number bool) {
	for n != None {
		nd := &g.nodes[n]
		// (The game's first move has starting comments of its own only
		// where an edit made it the first: they follow the game's.)
		if e.notes(g, n, noteBefore) {
			number = true
		}
		e.moveWord(nd.move, &pos, number)
		number = false
		if e.notes(g, n, noteAfter) {
			number = true
		}
		if g.nodes[nd.parent].child == n && !e.o.NoVariations {
			// n is its parent's main continuation: the alternatives to
			// its move follow it.
			for v := nd.next; v != None; v = g.nodes[v].next {
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
	switch {
	case m == movegen.NoMove:
		e.word([]byte("--"))
	case e.o.UCI:
		e.word(m.AppendUCI(e.tmp[:0]))
	case e.o.LAN:
		e.word(pos.AppendLAN(e.tmp[:0], m))
	default:
		e.word(pos.AppendSAN(e.tmp[:0], m))
	}
}
