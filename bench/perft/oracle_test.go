package perft_test

// The oracle: a second move generator, written to be as unlike package perft
// as a move generator can be, so that the two are unlikely to share a bug.
// It keeps a 0x88 mailbox and nothing else (no bitboards, no package
// attacks, no pin or check logic), generates pseudo-legal moves by walking
// rays square by square, and keeps a move only if, after making it on a
// copy of the board, its own king is not attacked. It reads and writes FEN
// with its own code. Speed is no goal: it is correct by being obvious.

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

// Castling rights.
const (
	oWK = 1 << iota
	oWQ
	oBK
	oBQ
)

var (
	oKnightSteps = []int{33, 31, 18, 14, -14, -18, -31, -33}
	oKingSteps   = []int{1, -1, 16, -16, 15, 17, -15, -17}
	oRookDirs    = []int{1, -1, 16, -16}
	oBishopDirs  = []int{15, 17, -15, -17}
)

type oPos struct {
	board  [128]int8
	kings  [2]int // white's and black's king square
	white  bool   // white to move
	castle int
	ep     int // the square a pawn passed in a double push on the last move, or -1
	half   int
	full   int
}

type oMove struct {
	from, to int
	promo    int8 // kind promoted to, 0 if none
	epCap    bool // en-passant capture
	castle   bool // the king's two-square move
}

func (m oMove) String() string {
	s := oName(m.from) + oName(m.to)
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

func (p *oPos) king(sign int8) int {
	if sign > 0 {
		return p.kings[0]
	}
	return p.kings[1]
}

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
// listed only if the king is not in check and does not cross or land on an
// attacked square.
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
						ms = append(ms, oMove{from: s, to: to2})
					}
				case d != fwd && p.board[to]*us < 0:
				case d != fwd && to == p.ep && p.board[to] == 0 && p.board[to-fwd] == -us*oPawn:
					ms = append(ms, oMove{from: s, to: to, epCap: true})
					continue
				default:
					continue
				}
				if oRank(to) != promoRank {
					ms = append(ms, oMove{from: s, to: to})
					continue
				}
				for _, k := range []int8{oQueen, oRook, oBishop, oKnight} {
					ms = append(ms, oMove{from: s, to: to, promo: k})
				}
			}
		case oKnight:
			for _, d := range oKnightSteps {
				if to := s + d; !oOff(to) && p.board[to]*us <= 0 {
					ms = append(ms, oMove{from: s, to: to})
				}
			}
		case oKing:
			for _, d := range oKingSteps {
				if to := s + d; !oOff(to) && p.board[to]*us <= 0 {
					ms = append(ms, oMove{from: s, to: to})
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
					ms = append(ms, oMove{from: s, to: to})
					if p.board[to] != 0 {
						break
					}
				}
			}
		}
	}
	return ms
}

// castles appends to ms the castling moves of the king on k.
func (p *oPos) castles(k int, ms []oMove) []oMove {
	us := p.us()
	rank, kSide, qSide := 0, oWK, oWQ
	if us < 0 {
		rank, kSide, qSide = 7, oBK, oBQ
	}
	e := oSq(4, rank)
	if k != e || p.attackers(e, -us) > 0 {
		return ms
	}
	free := func(files ...int) bool {
		for _, f := range files {
			if p.board[oSq(f, rank)] != 0 {
				return false
			}
		}
		return true
	}
	safe := func(files ...int) bool {
		for _, f := range files {
			if p.attackers(oSq(f, rank), -us) > 0 {
				return false
			}
		}
		return true
	}
	if p.castle&kSide != 0 && p.board[oSq(7, rank)] == us*oRook && free(5, 6) && safe(5, 6) {
		ms = append(ms, oMove{from: e, to: oSq(6, rank), castle: true})
	}
	if p.castle&qSide != 0 && p.board[oSq(0, rank)] == us*oRook && free(1, 2, 3) && safe(3, 2) {
		ms = append(ms, oMove{from: e, to: oSq(2, rank), castle: true})
	}
	return ms
}

// make returns the position after m.
func (p *oPos) make(m oMove) oPos {
	c := *p
	us := p.us()
	pc := c.board[m.from]
	c.half++
	if c.board[m.to] != 0 || pc*us == oPawn {
		c.half = 0
	}
	c.board[m.to], c.board[m.from] = pc, 0
	if pc == us*oKing {
		c.kings[(1-us)/2] = m.to
	}
	c.ep = -1
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
	if m.castle {
		rank := oRank(m.from)
		if oFile(m.to) == 6 {
			c.board[oSq(5, rank)], c.board[oSq(7, rank)] = c.board[oSq(7, rank)], 0
		} else {
			c.board[oSq(3, rank)], c.board[oSq(0, rank)] = c.board[oSq(0, rank)], 0
		}
	}
	// A right goes when its king or rook leaves home or anything lands there.
	for _, s := range []int{m.from, m.to} {
		switch s {
		case oSq(4, 0):
			c.castle &^= oWK | oWQ
		case oSq(7, 0):
			c.castle &^= oWK
		case oSq(0, 0):
			c.castle &^= oWQ
		case oSq(4, 7):
			c.castle &^= oBK | oBQ
		case oSq(7, 7):
			c.castle &^= oBK
		case oSq(0, 7):
			c.castle &^= oBQ
		}
	}
	if !c.white {
		c.full++
	}
	c.white = !c.white
	return c
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

// oParse reads a FEN: six fields separated by any white space. It checks
// only what the oracle needs to work at all (the board is 8 by 8, one king
// a side, the fields are well formed), so it accepts every FEN a stricter
// reader accepts.
func oParse(fen string) (*oPos, error) {
	f := strings.Fields(fen)
	if len(f) != 6 {
		return nil, fmt.Errorf("oracle: %d fields", len(f))
	}
	p := &oPos{ep: -1}
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
		if !oOff(s) {
			kings[p.board[s]]++
		}
		switch {
		case oOff(s):
		case p.board[s] == oKing:
			p.kings[0] = s
		case p.board[s] == -oKing:
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
		for _, ch := range f[2] {
			i := strings.IndexRune("KQkq", ch)
			if i < 0 {
				return nil, fmt.Errorf("oracle: castling %q", f[2])
			}
			p.castle |= 1 << i
		}
	}
	if f[3] != "-" {
		if len(f[3]) != 2 || f[3][0] < 'a' || f[3][0] > 'h' || f[3][1] < '1' || f[3][1] > '8' {
			return nil, fmt.Errorf("oracle: en passant %q", f[3])
		}
		p.ep = oSq(int(f[3][0]-'a'), int(f[3][1]-'1'))
	}
	var err error
	if p.half, err = strconv.Atoi(f[4]); err != nil {
		return nil, fmt.Errorf("oracle: halfmove clock %q", f[4])
	}
	if p.full, err = strconv.Atoi(f[5]); err != nil {
		return nil, fmt.Errorf("oracle: fullmove number %q", f[5])
	}
	return p, nil
}

// fen writes p in the usual form: castling letters in KQkq order, the
// en-passant square after every double push.
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
	for i, ch := range "KQkq" {
		if p.castle&(1<<i) != 0 {
			rights += string(ch)
		}
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
