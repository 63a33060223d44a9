package pgn

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"time"
)

// The setters below write the commands that the accessors of annotate.go
// read, as python-chess's GameNode setters (set_clock, set_emt, set_eval,
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
//   - RemoveClock, RemoveEMT, RemoveEval and SetArrows(n, nil) remove every
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
func (g *Game) EMT(n Node) (time.Duration, bool) {
	var d time.Duration
	found := false
	g.eachCommand(n, "emt", func(arg []byte) bool {
		d, found = parseClock(arg)
		return found
	})
	return d, found
}

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
// back so (squares first). SetArrows(n, nil) removes them. A Color other
// than 'R', 'G', 'Y' and 'B', or a square off the board, panics.
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
const maxEvalCP = 1e12

// formatEval writes e as the command [%eval ...], as python-chess's
// set_eval writes it.
func formatEval(method string, e Eval) string {
	switch {
	case e.Depth < 0 || e.Depth > math.MaxInt32:
		panic(fmt.Sprintf("pgn: Game.%s: depth %d: want 0 (none) to 2^31-1", method, e.Depth))
	case e.Mate && (e.MateIn > math.MaxInt32 || e.MateIn < -math.MaxInt32):
		panic(fmt.Sprintf("pgn: Game.%s: mate in %d: want -(2^31-1) to 2^31-1", method, e.MateIn))
	case !e.Mate && (e.CP >= maxEvalCP || e.CP <= -maxEvalCP):
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
// written over, so that a node's command set again and again does not
// grow the game; another stays in g.text until the game is reset.
func (g *Game) setNoteText(i int32, text []byte) {
	nt := &g.notes[i]
	if int(nt.text.off+nt.text.n) == len(g.text) {
		g.text = g.text[:nt.text.off]
	}
	off := uint32(len(g.text))
	g.text = append(g.text, text...)
	nt.text = span{off, uint32(len(text))}
}

// unlinkNote takes note i, whose predecessor in n's list is prev (0 for
// none), off the list.
func (g *Game) unlinkNote(n Node, prev, i int32) {
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
