package movegen_test

// The oracle: a second move generator, written to be as unlike package
// movegen as a move generator can be, so that the two are unlikely to share
// a bug. It keeps a 0x88 mailbox and nothing else (no bitboards, no package
// attacks, no pin or check logic), generates pseudo-legal moves by walking
// rays square by square, and keeps a move only if, after making it on a
// copy of the board, its own king is not attacked. Castling, Chess960's
// included, is tested square by square the way the rules say it. It reads
// and writes FEN with its own code. Speed is no goal: it is correct by
// being obvious.

import (
	"fmt"
	"strconv"
	"strings"
)

// Squares are 0x88: rank<<4 | file, and s&0x88 != 0 is off the board.
func oSq(file, rank int) int { return rank<<4 | file }
func oOff(s int) bool        { return s&0x88 != 0 }
func oFile(s int) int        { return s & 7 }
func oRank(s int) int        { return s >> 4 }
func oName(s int) string     { return string(rune('a'+oFile(s))) + string(rune('1'+oRank(s))) }

// Pieces: the kind's magnitude, positive for white, negative for black.
const (
	oPawn = iota + 1
	oKnight
	oBishop
	oRook
	oQueen
	oKing
)

const oLetters = " pnbrqk"

var (
	oKnightSteps = []int{33, 31, 18, 14, -14, -18, -31, -33}
	oKingSteps   = []int{1, -1, 16, -16, 15, 17, -15, -17}
	oRookDirs    = []int{1, -1, 16, -16}
	oBishopDirs  = []int{15, 17, -15, -17}
)

type oPos struct {
	board [128]int8
	kings [2]int // white's and black's king square
	white bool   // white to move
	// rights[2*colour+wing] is the square of the rook a castling right
	// belongs to, or -1: wing 0 is the rook towards the h-file from the
	// king, 1 towards the a-file.
	rights   [4]int
	c960     bool // castling is written king takes rook
	shredder bool // the castling field is written in file letters
	ep       int  // the square a pawn passed in a double push on the last move, or -1
	half     int
	full     int
}

type oMove struct {
	from, to int
	promo    int8 // kind promoted to, 0 if none
	epCap    bool // en-passant capture
	castle   bool // castling: to is the king's destination, rook the rook's square
	rook     int
	uciTo    int // the destination UCI writes
}

func (m oMove) String() string {
	s := oName(m.from) + oName(m.uciTo)
	if m.promo != 0 {
		s += string(oLetters[m.promo])
	}
	return s
}

// us returns +1 for white to move, -1 for black.
func (p *oPos) us() int8 {
	if p.white {
		return 1
	}
	return -1
}

func oColor(sign int8) int {
	if sign > 0 {
		return 0
	}
	return 1
}

func (p *oPos) king(sign int8) int { return p.kings[oColor(sign)] }

// attackers counts the pieces of the side with sign by that attack s.
func (p *oPos) attackers(s int, by int8) int {
	n := 0
	// A pawn of by's colour attacks s from one rank behind s, as by moves.
	for _, d := range []int{15, 17} {
		from := s - int(by)*d
		if !oOff(from) && p.board[from] == by*oPawn {
			n++
		}
	}
	for _, d := range oKnightSteps {
		if f := s + d; !oOff(f) && p.board[f] == by*oKnight {
			n++
		}
	}
	for _, d := range oKingSteps {
		if f := s + d; !oOff(f) && p.board[f] == by*oKing {
			n++
		}
	}
	for _, d := range oRookDirs {
		f := s + d
		for !oOff(f) && p.board[f] == 0 {
			f += d
		}
		if !oOff(f) && (p.board[f] == by*oRook || p.board[f] == by*oQueen) {
			n++
		}
	}
	for _, d := range oBishopDirs {
		f := s + d
		for !oOff(f) && p.board[f] == 0 {
			f += d
		}
		if !oOff(f) && (p.board[f] == by*oBishop || p.board[f] == by*oQueen) {
			n++
		}
	}
	return n
}

// checkers counts the pieces giving check to the side to move.
func (p *oPos) checkers() int {
	us := p.us()
	return p.attackers(p.king(us), -us)
}

// pseudo appends to ms the moves of the side to move by the rules of piece
// movement, ignoring whether they leave the king attacked; castling is
// listed only if it is legal (see castles).
func (p *oPos) pseudo(ms []oMove) []oMove {
	us := p.us()
	for s := 0; s < 128; s++ {
		if oOff(s) || p.board[s]*us <= 0 {
			continue
		}
		switch p.board[s] * us {
		case oPawn:
			fwd := 16 * int(us)
			promoRank, startRank := 7, 1
			if us < 0 {
				promoRank, startRank = 0, 6
			}
			for _, d := range []int{fwd - 1, fwd, fwd + 1} {
				to := s + d
				switch {
				case oOff(to):
					continue
				case d == fwd && p.board[to] == 0:
					if to2 := to + fwd; oRank(s) == startRank && p.board[to2] == 0 {
						ms = append(ms, oMove{from: s, to: to2, uciTo: to2})
					}
				case d != fwd && p.board[to]*us < 0:
				case d != fwd && to == p.ep && p.board[to] == 0 && p.board[to-fwd] == -us*oPawn:
					ms = append(ms, oMove{from: s, to: to, uciTo: to, epCap: true})
					continue
				default:
					continue
				}
				if oRank(to) != promoRank {
					ms = append(ms, oMove{from: s, to: to, uciTo: to})
					continue
				}
				for _, k := range []int8{oQueen, oRook, oBishop, oKnight} {
					ms = append(ms, oMove{from: s, to: to, uciTo: to, promo: k})
				}
			}
		case oKnight:
			for _, d := range oKnightSteps {
				if to := s + d; !oOff(to) && p.board[to]*us <= 0 {
					ms = append(ms, oMove{from: s, to: to, uciTo: to})
				}
			}
		case oKing:
			for _, d := range oKingSteps {
				if to := s + d; !oOff(to) && p.board[to]*us <= 0 {
					ms = append(ms, oMove{from: s, to: to, uciTo: to})
				}
			}
			ms = p.castles(s, ms)
		case oBishop, oRook, oQueen:
			var dirs []int
			k := p.board[s] * us
			if k != oRook {
				dirs = append(dirs, oBishopDirs...)
			}
			if k != oBishop {
				dirs = append(dirs, oRookDirs...)
			}
			for _, d := range dirs {
				for to := s + d; !oOff(to) && p.board[to]*us <= 0; to += d {
					ms = append(ms, oMove{from: s, to: to, uciTo: to})
					if p.board[to] != 0 {
						break
					}
				}
			}
		}
	}
	return ms
}

// castles appends to ms the legal castling moves of the king on k, by the
// rules of Chess960, which standard chess's are a case of: the king goes to
// the g-file (with the rook on its h-file side) or the c-file, the rook to
// the f-file or the d-file; every square either crosses or lands on is
// empty but for the two of them; the king is not in check, and none of
// the squares it crosses or lands on is attacked with the king and the
// rook taken off the board.
func (p *oPos) castles(k int, ms []oMove) []oMove {
	us := p.us()
	c := oColor(us)
	rank := 7 * c
	if oRank(k) != rank || p.attackers(k, -us) > 0 {
		return ms
	}
	for wing := 0; wing < 2; wing++ {
		r := p.rights[2*c+wing]
		if r < 0 || p.board[r] != us*oRook {
			continue
		}
		kTo, rTo := oSq(6, rank), oSq(5, rank)
		if wing == 1 {
			kTo, rTo = oSq(2, rank), oSq(3, rank)
		}
		off := p.board
		off[k], off[r] = 0, 0
		ok := true
		for _, span := range [][2]int{{k, kTo}, {r, rTo}} {
			lo, hi := min(span[0], span[1]), max(span[0], span[1])
			for s := lo; s <= hi; s++ {
				if off[s] != 0 {
					ok = false
				}
			}
		}
		if !ok {
			continue
		}
		q := *p
		q.board = off
		step := 1
		if kTo < k {
			step = -1
		}
		for s := k; ; s += step {
			if q.attackers(s, -us) > 0 {
				ok = false
				break
			}
			if s == kTo {
				break
			}
		}
		if !ok {
			continue
		}
		m := oMove{from: k, to: kTo, castle: true, rook: r, uciTo: kTo}
		if p.c960 {
			m.uciTo = r
		}
		ms = append(ms, m)
	}
	return ms
}

// make returns the position after m.
func (p *oPos) make(m oMove) oPos {
	c := *p
	us := p.us()
	pc := c.board[m.from]
	c.half++
	if c.board[m.to] != 0 && !m.castle || pc*us == oPawn {
		c.half = 0
	}
	c.ep = -1
	if m.castle {
		rank := oRank(m.from)
		rTo := oSq(5, rank)
		if oFile(m.to) == 2 {
			rTo = oSq(3, rank)
		}
		c.board[m.from], c.board[m.rook] = 0, 0
		c.board[m.to], c.board[rTo] = us*oKing, us*oRook
	} else {
		c.board[m.to], c.board[m.from] = pc, 0
	}
	if pc == us*oKing {
		c.kings[oColor(us)] = m.to
		c.rights[2*oColor(us)], c.rights[2*oColor(us)+1] = -1, -1
	}
	if pc*us == oPawn {
		switch {
		case m.epCap:
			c.board[m.to-16*int(us)] = 0
		case m.promo != 0:
			c.board[m.to] = us * m.promo
		case m.to-m.from == 32 || m.from-m.to == 32:
			c.ep = (m.from + m.to) / 2
		}
	}
	// A right goes when its rook leaves home or anything lands there.
	for i, r := range c.rights {
		if r == m.from || r == m.to {
			c.rights[i] = -1
		}
	}
	c.settleNotation()
	if !c.white {
		c.full++
	}
	c.white = !c.white
	return c
}

// settleNotation keeps Chess960 mode and the castling notation what the
// FEN shows: no right left, no Chess960 mode; in Chess960 mode, a castling
// field that X-FEN would write in file letters alone (every right's rook an
// inner one, or every right's king and rook on their standard squares,
// where KQkq would read as standard chess) is Shredder-FEN.
func (p *oPos) settleNotation() {
	held, inner, standard := 0, 0, 0
	for i, r := range p.rights {
		if r < 0 {
			continue
		}
		c, wing := i/2, i%2
		held++
		if p.outermost(c, wing) != r {
			inner++
		}
		if oFile(p.kings[c]) == 4 && oFile(r) == 7*(1-wing) {
			standard++
		}
	}
	switch {
	case held == 0:
		p.c960, p.shredder = false, false
	case p.c960 && (inner == held || standard == held):
		p.shredder = true
	}
}

// legal appends to ms the legal moves: the pseudo-legal moves after which
// the mover's king is not attacked.
func (p *oPos) legal(ms []oMove) []oMove {
	us := p.us()
	all := p.pseudo(ms)
	n := len(ms)
	for _, m := range all[n:] {
		c := p.make(m)
		if c.attackers(c.king(us), -us) == 0 {
			all[n] = m
			n++
		}
	}
	return all[:n]
}

// perfts returns, in n[d-1], the leaf count of the legal tree of p at each
// depth d from 1 to len(n), in one walk.
func (p *oPos) perfts(n []uint64) {
	if len(n) == 0 {
		return
	}
	var buf [256]oMove
	ms := p.legal(buf[:0])
	n[0] += uint64(len(ms))
	if len(n) == 1 {
		return
	}
	for _, m := range ms {
		c := p.make(m)
		c.perfts(n[1:])
	}
}

func (p *oPos) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	n := make([]uint64, depth)
	p.perfts(n)
	return n[depth-1]
}

// outermost returns the square of the rook of colour c on its first rank
// furthest from its king on the wing, or -1.
func (p *oPos) outermost(c, wing int) int {
	rank, k := 7*c, p.kings[c]
	sign := int8(1 - 2*c)
	files := []int{7, 6, 5, 4, 3, 2, 1, 0}
	if wing == 1 {
		files = []int{0, 1, 2, 3, 4, 5, 6, 7}
	}
	for _, f := range files {
		s := oSq(f, rank)
		if wing == 0 && s <= k || wing == 1 && s >= k {
			break
		}
		if p.board[s] == sign*oRook {
			return s
		}
	}
	return -1
}

// oParse reads a FEN: four or six fields separated by any white space. It
// checks only what the oracle needs to work at all (the board is 8 by 8,
// one king a side, the fields are well formed), so it accepts every FEN a
// stricter reader accepts.
func oParse(fen string) (*oPos, error) {
	f := strings.Fields(fen)
	if len(f) == 4 {
		f = append(f, "0", "1")
	}
	if len(f) != 6 {
		return nil, fmt.Errorf("oracle: %d fields", len(f))
	}
	p := &oPos{ep: -1, rights: [4]int{-1, -1, -1, -1}}
	rows := strings.Split(f[0], "/")
	if len(rows) != 8 {
		return nil, fmt.Errorf("oracle: %d ranks", len(rows))
	}
	for i, row := range rows {
		rank, file := 7-i, 0
		for _, ch := range row {
			if ch >= '1' && ch <= '8' {
				file += int(ch - '0')
				continue
			}
			k := strings.IndexRune(oLetters, ch|0x20)
			if k < 1 || file > 7 {
				return nil, fmt.Errorf("oracle: rank %d: %q", rank+1, row)
			}
			sign := int8(1)
			if ch >= 'a' {
				sign = -1
			}
			p.board[oSq(file, rank)] = sign * int8(k)
			file++
		}
		if file != 8 {
			return nil, fmt.Errorf("oracle: rank %d: %q", rank+1, row)
		}
	}
	kings := map[int8]int{}
	for s := 0; s < 128; s++ {
		if oOff(s) {
			continue
		}
		kings[p.board[s]]++
		switch p.board[s] {
		case oKing:
			p.kings[0] = s
		case -oKing:
			p.kings[1] = s
		}
	}
	if kings[oKing] != 1 || kings[-oKing] != 1 {
		return nil, fmt.Errorf("oracle: %d white and %d black kings", kings[oKing], kings[-oKing])
	}
	switch f[1] {
	case "w":
		p.white = true
	case "b":
	default:
		return nil, fmt.Errorf("oracle: side %q", f[1])
	}
	if f[2] != "-" {
		p.shredder = true
		for _, ch := range f[2] {
			c := 0
			if ch >= 'a' {
				c = 1
			}
			var r int
			switch ch | 0x20 {
			case 'k', 'q':
				p.shredder = false
				wing := 0
				if ch|0x20 == 'q' {
					wing = 1
				}
				r = p.outermost(c, wing)
			case 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h':
				r = oSq(int(ch|0x20-'a'), 7*c)
			default:
				return nil, fmt.Errorf("oracle: castling %q", f[2])
			}
			if r < 0 || oRank(p.kings[c]) != 7*c || p.board[r] != int8(1-2*c)*oRook {
				return nil, fmt.Errorf("oracle: castling %q: no rook or king for %c", f[2], ch)
			}
			wing := 0
			if r < p.kings[c] {
				wing = 1
			}
			p.rights[2*c+wing] = r
		}
	}
	p.c960 = p.shredder
	for i, r := range p.rights {
		c, wing := i/2, i%2
		if r >= 0 && (oFile(p.kings[c]) != 4 || oFile(r) != 7*(1-wing)) {
			p.c960 = true
		}
	}
	if f[3] != "-" {
		if len(f[3]) != 2 || f[3][0] < 'a' || f[3][0] > 'h' || f[3][1] < '1' || f[3][1] > '8' {
			return nil, fmt.Errorf("oracle: en passant %q", f[3])
		}
		p.ep = oSq(int(f[3][0]-'a'), int(f[3][1]-'1'))
		// Kept only where the other side's pawn can just have pushed
		// past it: on the third rank from that side, the pawn one step
		// beyond, the square and the pawn's start square empty.
		dir, rank, pawn := 16, 5, int8(-oPawn) // Black pushed, going down
		if !p.white {
			dir, rank, pawn = -16, 2, oPawn
		}
		if oRank(p.ep) != rank || p.board[p.ep] != 0 || p.board[p.ep+dir] != 0 || p.board[p.ep-dir] != pawn {
			p.ep = -1
		}
	}
	var err error
	if p.half, err = strconv.Atoi(f[4]); err != nil {
		return nil, fmt.Errorf("oracle: halfmove clock %q", f[4])
	}
	if p.full, err = strconv.Atoi(f[5]); err != nil {
		return nil, fmt.Errorf("oracle: fullmove number %q", f[5])
	}
	p.full = max(p.full, 1) // 0, as programs write, is the first move
	return p, nil
}

// fen writes p: castling rights in the order KQkq, in file letters if the
// FEN read had them, else K or Q for the outermost rook and a file letter
// for another; the en-passant square after every double push.
func (p *oPos) fen() string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		gap := 0
		for file := 0; file < 8; file++ {
			pc := p.board[oSq(file, rank)]
			if pc == 0 {
				gap++
				continue
			}
			if gap > 0 {
				b.WriteString(strconv.Itoa(gap))
				gap = 0
			}
			ch := oLetters[max(pc, -pc)]
			if pc > 0 {
				ch -= 'a' - 'A'
			}
			b.WriteByte(ch)
		}
		if gap > 0 {
			b.WriteString(strconv.Itoa(gap))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	if p.white {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	rights := ""
	for i, r := range p.rights {
		if r < 0 {
			continue
		}
		c, wing := i/2, i%2
		ch := byte('A' + oFile(r))
		if !p.shredder && p.outermost(c, wing) == r {
			ch = "KQ"[wing]
		}
		if c == 1 {
			ch += 'a' - 'A'
		}
		rights += string(ch)
	}
	if rights == "" {
		rights = "-"
	}
	b.WriteString(rights)
	if p.ep < 0 {
		b.WriteString(" -")
	} else {
		b.WriteString(" " + oName(p.ep))
	}
	fmt.Fprintf(&b, " %d %d", p.half, p.full)
	return b.String()
}

// oChess960Start returns Chess960 start position id (0 to 959) in
// Scharnagl's numbering (518 is standard chess's), with its castling
// rights in Shredder-FEN.
func oChess960Start(id int) string {
	var rank [8]byte
	place := func(piece byte, nth int) { // on the nth empty square
		for f := range rank {
			if rank[f] == 0 {
				if nth == 0 {
					rank[f] = piece
					return
				}
				nth--
			}
		}
	}
	n := id
	rank[2*(n%4)+1] = 'B' // light-squared bishop: b, d, f or h
	n /= 4
	rank[2*(n%4)] = 'B' // dark-squared bishop: a, c, e or g
	n /= 4
	place('Q', n%6)
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	place('N', knights[1]) // the later one first, so the earlier's count holds
	place('N', knights[0])
	place('R', 0)
	place('K', 0)
	place('R', 0)
	var files []byte
	for f := 7; f >= 0; f-- {
		if rank[f] == 'R' {
			files = append(files, byte('A'+f))
		}
	}
	white := string(rank[:])
	castling := string(files) + strings.ToLower(string(files))
	return fmt.Sprintf("%s/pppppppp/8/8/8/8/PPPPPPPP/%s w %s - 0 1", strings.ToLower(white), white, castling)
}
