package pgn

import (
	"bytes"
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
func (g *Game) Clock(n Node) (time.Duration, bool) {
	var d time.Duration
	found := false
	g.eachCommand(n, "clk", func(arg []byte) bool {
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
	// rounded), where Mate is false.
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
	e.CP = int(math.RoundToEven(f * 100))
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
