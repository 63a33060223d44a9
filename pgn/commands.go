package pgn

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/symmagic/attacks/movegen"
)

// The commands that programs write into comments, as lichess.org,
// ChessBase and python-chess write and read them: [%clk 1:02:03.4] (the
// clock after the move), [%eval 0.41] or [%eval #-3,20] (an evaluation,
// with the search's depth), [%csl Gd4,Re5] (coloured squares) and [%cal
// Ge2e4] (coloured arrows), and [%emt 0:00:05] (the move's time: EMT, in
// commands.go with the setters that write them all). Each accessor reads
// them from all the node's comments (Comments), as python-chess reads them
// from its comments joined by spaces.

// Clock returns the first [%clk h:mm:ss] of n's comments: the time left on
// the clock of the side that made n's move (seconds may have a fraction).
func (g *Game) Clock(n Node) (time.Duration, bool) { return g.duration(n, "clk") }

// duration reads the first command name of n's comments that holds a time,
// h:mm:ss.
func (g *Game) duration(n Node, name string) (time.Duration, bool) {
	var d time.Duration
	found := false
	g.eachCommand(n, name, func(arg []byte) bool {
		d, found = parseClock(arg)
		return found
	})
	return d, found
}

// parseClock reads h:mm:ss(.s*) as python-chess's CLOCK_REGEX does: digits
// of any number, a fraction of any length.
func parseClock(s []byte) (time.Duration, bool) {
	parts := bytes.Split(s, []byte(":"))
	if len(parts) != 3 {
		return 0, false
	}
	h, ok1 := digits(parts[0])
	m, ok2 := digits(parts[1])
	sec := parts[2]
	whole, frac, _ := bytes.Cut(sec, []byte("."))
	sv, ok3 := digits(whole)
	if !ok1 || !ok2 || !ok3 || h > 1e6 || m > 1e6 || sv > 1e9 {
		return 0, false
	}
	d := time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(sv)*time.Second
	if bytes.IndexByte(sec, '.') >= 0 {
		if len(frac) > 0 && !allDigits(frac) {
			return 0, false
		}
		f, _ := strconv.ParseFloat("0."+string(frac)+"0", 64)
		d += time.Duration(math.Round(f * 1e9))
	}
	return d, true
}

// digits reads a non-empty run of decimal digits.
func digits(s []byte) (int64, bool) {
	if len(s) == 0 || len(s) > 12 || !allDigits(s) {
		return 0, false
	}
	v, err := strconv.ParseInt(string(s), 10, 64)
	return v, err == nil
}

// Eval is an evaluation of a position from a [%eval] command, from White's
// point of view.
type Eval struct {
	// CP is the evaluation in centipawns (the command's pawns times 100,
	// rounded), where Mate is false. (Where an int has 32 bits, a command
	// of more than 21,474,836 pawns either way reads as none.)
	CP int
	// Mate says the evaluation is a mate in MateIn moves: above 0 White
	// mates, below 0 Black; 0 (written #0) is a mate on the board, the
	// side to move at the node mated.
	Mate   bool
	MateIn int
	// Depth is the search's depth, 0 where the command gives none.
	Depth int
}

// Eval returns the first [%eval ...] of n's comments.
func (g *Game) Eval(n Node) (Eval, bool) {
	var e Eval
	found := false
	g.eachCommand(n, "eval", func(arg []byte) bool {
		e, found = parseEval(arg)
		return found
	})
	return e, found
}

// parseEval reads "#-3", "0.41", "-1.", ".5" and a ",depth" after any, as
// python-chess's EVAL_REGEX does.
func parseEval(s []byte) (Eval, bool) {
	var e Eval
	v, depth, hasDepth := bytes.Cut(s, []byte(","))
	if hasDepth {
		d, ok := digits(depth)
		if !ok || d > math.MaxInt32 {
			return e, false
		}
		e.Depth = int(d)
	}
	if len(v) > 0 && v[0] == '#' {
		m := v[1:]
		sign := 1
		if len(m) > 0 && (m[0] == '+' || m[0] == '-') {
			if m[0] == '-' {
				sign = -1
			}
			m = m[1:]
		}
		n, ok := digits(m)
		if !ok || n > math.MaxInt32 {
			return e, false
		}
		e.Mate, e.MateIn = true, sign*int(n)
		return e, true
	}
	num := v
	if len(num) > 0 && (num[0] == '+' || num[0] == '-') {
		num = num[1:]
	}
	whole, frac, dot := bytes.Cut(num, []byte("."))
	switch {
	case len(whole) > 10 || !allDigits(whole) || !allDigits(frac):
		return e, false
	case !dot && len(whole) == 0:
		return e, false
	case dot && (len(frac) > 2 || len(whole) == 0 && len(frac) == 0):
		return e, false
	}
	f, err := strconv.ParseFloat(string(v), 64)
	if err != nil {
		return e, false
	}
	cp := math.RoundToEven(f * 100)
	if cp > math.MaxInt || cp < math.MinInt {
		return e, false // beyond an int of 32 bits: no Eval holds it
	}
	e.CP = int(cp)
	return e, true
}

// An Arrow is a coloured arrow ([%cal]) or, From equal to To, a coloured
// square ([%csl]) of a comment. Color is 'R', 'G', 'Y' or 'B'.
type Arrow struct {
	Color    byte
	From, To movegen.Square
}

// Arrows returns the squares and arrows of every [%csl ...] and [%cal
// ...] of n's comments, in their order (a command with any part that is no
// square or arrow gives none).
func (g *Game) Arrows(n Node) []Arrow {
	var arrows []Arrow
	commands(g.joinedComments(n), func(name, arg []byte) bool {
		if string(name) == "csl" || string(name) == "cal" {
			if parsed, ok := parseArrows(arg); ok {
				arrows = append(arrows, parsed...)
			}
		}
		return false
	})
	return arrows
}

// parseArrows reads "Gd4,Re5" and "Ge2e4,Bd7d5".
func parseArrows(s []byte) ([]Arrow, bool) {
	var arrows []Arrow
	for _, part := range bytes.Split(s, []byte(",")) {
		sq := func(b []byte) (movegen.Square, bool) {
			if b[0] < 'a' || b[0] > 'h' || b[1] < '1' || b[1] > '8' {
				return 0, false
			}
			return movegen.Square(int(b[1]-'1')*8 + int(b[0]-'a')), true
		}
		if (len(part) != 3 && len(part) != 5) || bytes.IndexByte([]byte("RGYB"), part[0]) < 0 {
			return nil, false
		}
		from, ok := sq(part[1:3])
		to := from
		if ok && len(part) == 5 {
			to, ok = sq(part[3:5])
		}
		if !ok {
			return nil, false
		}
		arrows = append(arrows, Arrow{part[0], from, to})
	}
	return arrows, true
}

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// joinedComments returns n's comments joined by spaces, as python-chess
// reads its commands from them.
func (g *Game) joinedComments(n Node) []byte {
	if !g.valid(n) {
		return nil
	}
	var b []byte
	for i := g.nodes[n].notes.head; i != 0; i = g.notes[i].next {
		if nt := &g.notes[i]; nt.kind == noteAfter {
			if b != nil {
				b = append(b, ' ')
			}
			b = append(b, g.text[nt.text.off:nt.text.off+nt.text.n]...)
		}
	}
	return b
}

// eachCommand calls f with the argument of each [%name arg] of n's
// comments, in order, until f returns true.
func (g *Game) eachCommand(n Node, name string, f func(arg []byte) bool) {
	commands(g.joinedComments(n), func(nm, arg []byte) bool {
		return string(nm) == name && f(arg)
	})
}

// commands calls f with the name and argument of each command of text,
// "[%" name, one white space, arg, "]" (the first "]" after it), in order,
// until f returns true: at every "[%", as a regular expression searching
// from each place would find them, in time linear in the text.
func commands(text []byte, f func(name, arg []byte) bool) {
	commandsAt(text, func(_, _ int, name, arg []byte) bool { return f(name, arg) })
}

// commandsAt is commands with each command's place: text[start:end] is
// the command, "[%" to "]".
func commandsAt(text []byte, f func(start, end int, name, arg []byte) bool) {
	closeAt := -1 // the index of the first ] at or after the last place looked at
	for i := 0; ; i++ {
		k := bytes.Index(text[i:], []byte("[%"))
		if k < 0 {
			return
		}
		i += k
		j := i + 2
		for j < len(text) && isAlnum(text[j]) {
			j++
		}
		if j == i+2 || j >= len(text) || !isSpaceByte(text[j]) {
			continue
		}
		if closeAt < j {
			c := bytes.IndexByte(text[j:], ']')
			if c < 0 {
				return
			}
			closeAt = j + c
		}
		if f(i, closeAt+1, text[i+2:j], text[j+1:closeAt]) {
			return
		}
	}
}

// The setters below write the commands that the accessors above read, as
// python-chess's GameNode setters (set_clock, set_emt, set_eval,
// set_arrows) write them:
//
//   - SetClock, SetEMT and SetEval put their command in place of the first
//     such command of n's comments (the first that the accessor reads, in
//     the first comment holding one), the rest of that comment kept as it
//     is; where n's comments hold none, the command is a comment of its
//     own after them. A later command of the same kind is removed, so that
//     the node holds one (python-chess leaves it: its clock() reads the
//     first, as Clock does, but after set_clock(None) it reads the later
//     one).
//   - SetArrows removes every [%csl] and [%cal] of n's comments and puts
//     the new ones, [%csl ...] then [%cal ...], in a comment of its own
//     before n's other comments, as python-chess's set_arrows does.
//   - RemoveClock, RemoveEMT, RemoveEval and RemoveArrows remove every
//     such command.
//
// A command removed takes one white space beside it along, as
// python-chess's setters do ("a [%clk 0:01:00] b" becomes "a b"), and a
// comment left empty, or white space alone, is removed. A command is
// written with the smallest text that reads back the same value:
// [%clk 1:02:03.5], [%eval 0.41,20], [%eval #-3], [%csl Gd4][%cal Ge2e4].
// A value that no command can hold, or that the accessors would not read
// back, is a programming error: it panics, naming the method and the value.

// SetClock sets the clock of n ([%clk h:mm:ss]): the time left on the
// clock of the side that made n's move, written to the millisecond as
// python-chess writes it ("0:03:05", "1:00:00.25"). A d below 0, or of a
// million hours or more, panics.
func (g *Game) SetClock(n Node, d time.Duration) {
	g.mustNode("SetClock", n)
	g.setCommand(n, "clk", validClock, formatDuration("SetClock", "clk", d))
}

// RemoveClock removes n's [%clk] commands.
func (g *Game) RemoveClock(n Node) {
	g.mustNode("RemoveClock", n)
	g.setCommand(n, "clk", validClock, "")
}

// EMT returns the first [%emt h:mm:ss] of n's comments: the time the
// move took (its elapsed move time), as lichess and ChessBase write it and
// python-chess's emt() reads it.
func (g *Game) EMT(n Node) (time.Duration, bool) { return g.duration(n, "emt") }

// SetEMT sets the time n's move took ([%emt h:mm:ss]), written as SetClock
// writes a clock. A d below 0, or of a million hours or more, panics.
func (g *Game) SetEMT(n Node, d time.Duration) {
	g.mustNode("SetEMT", n)
	g.setCommand(n, "emt", validClock, formatDuration("SetEMT", "emt", d))
}

// RemoveEMT removes n's [%emt] commands.
func (g *Game) RemoveEMT(n Node) {
	g.mustNode("RemoveEMT", n)
	g.setCommand(n, "emt", validClock, "")
}

// SetEval sets the evaluation of n ([%eval]), from White's point of view
// as Eval reads it: centipawns as pawns with two decimals ("0.41",
// "-1.00"), a mate as "#3" or "#-3" (MateIn 0, "#0": the side to move at n
// is mated), then ",depth" where Depth is above 0 (an Eval cannot tell a
// depth of 0 from none: neither is written). A Depth below 0, a CP of
// 1e12 or more either way, and a MateIn or Depth beyond 2^31-1 (which
// Eval does not read back) panic. SetScore sets it from an engine's score.
func (g *Game) SetEval(n Node, e Eval) {
	g.mustNode("SetEval", n)
	g.setCommand(n, "eval", validEval, formatEval("SetEval", e))
}

// RemoveEval removes n's [%eval] commands.
func (g *Game) RemoveEval(n Node) {
	g.mustNode("RemoveEval", n)
	g.setCommand(n, "eval", validEval, "")
}

// SetArrows sets n's coloured squares and arrows: every [%csl] and [%cal]
// of its comments is removed, and, for a non-empty a, one comment before
// its others holds [%csl ...] with the squares (an Arrow whose From is its
// To) and [%cal ...] with the arrows, each in a's order; Arrows reads them
// back so (squares first). SetArrows(n, nil) removes them, as RemoveArrows
// does. A Color other
// than 'R', 'G', 'Y' and 'B', or a square off the board, panics.
// RemoveArrows removes n's [%csl] and [%cal] commands: SetArrows(n, nil).
func (g *Game) RemoveArrows(n Node) {
	g.mustNode("RemoveArrows", n)
	g.SetArrows(n, nil)
}

func (g *Game) SetArrows(n Node, a []Arrow) {
	g.mustNode("SetArrows", n)
	var csl, cal []byte
	for _, ar := range a {
		if ar.Color != 'R' && ar.Color != 'G' && ar.Color != 'Y' && ar.Color != 'B' || ar.From > 63 || ar.To > 63 {
			panic(fmt.Sprintf("pgn: Game.SetArrows: arrow {Color %q, From %d, To %d}: want a colour R, G, Y or B and squares 0 to 63", ar.Color, ar.From, ar.To))
		}
		p := &cal
		if ar.From == ar.To {
			p = &csl
		}
		if len(*p) > 0 {
			*p = append(*p, ',')
		}
		*p = append(*p, ar.Color)
		*p = append(*p, ar.From.String()...)
		if ar.From != ar.To {
			*p = append(*p, ar.To.String()...)
		}
	}
	g.rewriteComments(n, func(name, arg []byte) bool {
		if string(name) != "csl" && string(name) != "cal" {
			return false
		}
		_, ok := parseArrows(arg)
		return ok
	}, func(int) string { return "" })
	var text []byte
	if len(csl) > 0 {
		text = append(append(append(text, "[%csl "...), csl...), ']')
	}
	if len(cal) > 0 {
		text = append(append(append(text, "[%cal "...), cal...), ']')
	}
	if len(text) > 0 {
		g.insertNote(n, note{kind: noteAfter, text: g.store(string(text))})
	}
	g.reclaim()
}

func validClock(arg []byte) bool { _, ok := parseClock(arg); return ok }
func validEval(arg []byte) bool  { _, ok := parseEval(arg); return ok }

// maxClock is the longest clock written: the accessors read at most a
// million hours.
const maxClock = 1e6 * time.Hour

// formatDuration writes d as the command [%name h:mm:ss(.fff)], d rounded
// to the millisecond, the fraction's trailing zeros dropped, as
// python-chess's set_clock writes it.
func formatDuration(method, name string, d time.Duration) string {
	if d < 0 || d >= maxClock {
		panic(fmt.Sprintf("pgn: Game.%s: %v: want 0 to a million hours", method, d))
	}
	ms := int64(d.Round(time.Millisecond) / time.Millisecond)
	b := []byte("[%" + name + " ")
	b = strconv.AppendInt(b, ms/3600000, 10)
	b = append(b, ':')
	b = appendTwo(b, ms/60000%60)
	b = append(b, ':')
	b = appendTwo(b, ms/1000%60)
	if f := ms % 1000; f != 0 {
		b = append(b, '.', byte('0'+f/100), byte('0'+f/10%10), byte('0'+f%10))
		for b[len(b)-1] == '0' {
			b = b[:len(b)-1]
		}
	}
	return string(append(b, ']'))
}

// appendTwo appends v, 0 to 99, in two digits.
func appendTwo(b []byte, v int64) []byte { return append(b, byte('0'+v/10), byte('0'+v%10)) }

// maxEvalCP bounds the centipawns an [%eval] holds: ten digits of pawns,
// as python-chess's EVAL_REGEX and Eval read them.
const maxEvalCP int64 = 1e12

// formatEval writes e as the command [%eval ...], as python-chess's
// set_eval writes it.
func formatEval(method string, e Eval) string {
	switch {
	case e.Depth < 0 || e.Depth > math.MaxInt32:
		panic(fmt.Sprintf("pgn: Game.%s: depth %d: want 0 (none) to 2^31-1", method, e.Depth))
	case e.Mate && (e.MateIn > math.MaxInt32 || e.MateIn < -math.MaxInt32):
		panic(fmt.Sprintf("pgn: Game.%s: mate in %d: want -(2^31-1) to 2^31-1", method, e.MateIn))
	case !e.Mate && (int64(e.CP) >= maxEvalCP || int64(e.CP) <= -maxEvalCP):
		panic(fmt.Sprintf("pgn: Game.%s: %d centipawns: want fewer than 1e12 either way", method, e.CP))
	}
	b := []byte("[%eval ")
	if e.Mate {
		b = append(b, '#')
		b = strconv.AppendInt(b, int64(e.MateIn), 10)
	} else {
		cp := int64(e.CP)
		if cp < 0 {
			b = append(b, '-')
			cp = -cp
		}
		b = strconv.AppendInt(b, cp/100, 10)
		b = append(b, '.')
		b = appendTwo(b, cp%100)
	}
	if e.Depth > 0 {
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(e.Depth), 10)
	}
	return string(append(b, ']'))
}

// setCommand puts text, a command [%name ...], in place of the first
// command [%name arg] of n's comments with a valid arg, removes the others,
// and adds text as a comment of its own where there is none; "" removes
// them all.
func (g *Game) setCommand(n Node, name string, valid func(arg []byte) bool, text string) {
	found := g.rewriteComments(n, func(nm, arg []byte) bool {
		return string(nm) == name && valid(arg)
	}, func(k int) string {
		if k == 0 {
			return text
		}
		return ""
	})
	if found == 0 && text != "" {
		g.addNote(n, note{kind: noteAfter, text: g.store(text)})
	}
	g.reclaim()
}

// rewriteComments rewrites n's comments, in order: the k-th command that
// match picks (from 0, counted over the comments) becomes infix(k), a
// command itself or "" to remove it, the white space beside it as
// python-chess's _condense_affix keeps it: the one white space before it
// (where no earlier command took it) and the one after it stay around a
// command put in its place; where it is removed, one of them stays where
// both were there, none where either was missing. A comment changed is
// trimmed of white space at its ends, as a comment read is, and removed
// where nothing is left. It returns the number of commands found.
func (g *Game) rewriteComments(n Node, match func(name, arg []byte) bool, infix func(k int) string) int {
	k := 0
	prev := int32(0)
	for i := g.nodes[n].notes.head; i != 0; {
		nt := &g.notes[i]
		next := nt.next
		if nt.kind != noteAfter {
			prev, i = i, next
			continue
		}
		text := g.text[nt.text.off : nt.text.off+nt.text.n]
		var out []byte
		found := false
		pos := 0 // text[:pos] is written to out
		commandsAt(text, func(start, end int, name, arg []byte) bool {
			if !match(name, arg) {
				return false
			}
			s, e := start, end
			if s > pos && isSpaceByte(text[s-1]) {
				s--
			}
			if e < len(text) && isSpaceByte(text[e]) {
				e++
			}
			out = append(out, text[pos:s]...)
			prefix, suffix := text[s:start], text[end:e]
			if in := infix(k); in != "" {
				out = append(append(append(out, prefix...), in...), suffix...)
			} else if len(prefix) > 0 {
				out = append(out, suffix...)
			}
			pos = e
			k++
			found = true
			return false
		})
		if !found {
			prev, i = i, next
			continue
		}
		out = bytes.TrimSpace(append(out, text[pos:]...))
		if len(out) == 0 {
			g.unlinkNote(n, prev, i)
			i = next
			continue
		}
		g.setNoteText(i, out)
		prev, i = i, next
	}
	return k
}

// setNoteText makes text note i's text. A text at the end of g.text is
// written over; another is counted dead, for reclaim.
func (g *Game) setNoteText(i int32, text []byte) {
	nt := &g.notes[i]
	if int(nt.text.off+nt.text.n) == len(g.text) {
		g.text = g.text[:nt.text.off]
	} else {
		g.edits.deadText += int(nt.text.n)
	}
	off := uint32(len(g.text))
	g.text = append(g.text, text...)
	nt.text = span{off, uint32(len(text))}
}

// unlinkNote takes note i, whose predecessor in n's list is prev (0 for
// none), off the list, counting it dead.
func (g *Game) unlinkNote(n Node, prev, i int32) {
	g.dropNote(i)
	l := &g.nodes[n].notes
	next := g.notes[i].next
	if prev == 0 {
		l.head = next
	} else {
		g.notes[prev].next = next
	}
	if l.tail == i {
		l.tail = prev
	}
	g.notes[i].next = 0
}

// insertNote puts nt first in n's notes.
func (g *Game) insertNote(n Node, nt note) {
	i := int32(len(g.notes))
	nt.next = g.nodes[n].notes.head
	g.notes = append(g.notes, nt)
	l := &g.nodes[n].notes
	if l.head == 0 {
		l.tail = i
	}
	l.head = i
}
