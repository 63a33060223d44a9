// The movetext: moves, comments, NAGs, variations and the termination
// marker given to the visitor, the movetext and variations passed over
// unread (SkipMovetext, SkipVariation), and a broken game passed over to
// its end (skipGame).

package pgn

import (
	"bytes"
	"strings"
)

// movetextState is what the reader knows of the game's movetext.
type movetextState struct {
	plies    int    // moves read in the game
	moved    []bool // moved[d]: a move was read at depth d of the variations open
	loose    []int  // loose[d]: the ( passed over at depth d (no move to replace) and not yet closed
	unclosed int    // variations a skipped one left open at a fault
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
// castling (O-O, O-O-O, 0-0, 0-0-0); a null move (--, Z0, 0000); a drop,
// [PNBRQK]?@[a-h][1-8].
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
	// A drop (Crazyhouse): N@f3, P@e4, @e4.
	j := i
	if j < len(s) && bytes.IndexByte([]byte("PNBRQK"), s[j]) >= 0 {
		j++
	}
	if j < len(s) && s[j] == '@' && isFile(j+1) && isRank(j+2) {
		return j + 3 - i
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
func (r *lexer) firstAt(i int) bool {
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
			// The game's first token is its own, whatever the fault:
			// else the next game would begin where this one did.
			if (t.blank || depth == 0 && r.firstOnLine(t)) && r.off(t) != r.first {
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
