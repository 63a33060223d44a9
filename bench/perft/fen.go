package perft

import (
	"fmt"
	"github.com/symmagic/attacks/magic"
	"math/bits"
	"strconv"
	"strings"

	"github.com/symmagic/attacks"
)

// StartFEN is the initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// StartPosition returns the initial position.
func StartPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err)
	}
	return p
}

// FENError is what ParseFEN returns for a FEN it rejects: the field at fault
// and what is wrong with it.
type FENError struct {
	Field string // "fen" (the whole string), "placement", "side", "castling", "en passant", "halfmove clock", "fullmove number"
	Msg   string
}

func (e *FENError) Error() string { return "fen: " + e.Field + ": " + e.Msg }

func fenErr(field, format string, args ...any) *FENError {
	return &FENError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

const pieceLetters = "PNBRQKpnbrqk"

// ParseFEN reads a six-field FEN and checks that the position is one the
// generator can trust: standard chess (no Chess960 castling letters), one
// king a side, no pawn on rank 1 or 8, at most 16 pieces and 8 pawns a
// side, the side not to move not in check, castling rights only where the
// king and that rook stand on their original squares, and an en-passant
// square only behind an enemy pawn that can just have double-pushed. It
// accepts any run of spaces or tabs between fields, and castling letters in
// any order, but not a run of empty squares written as two digits ("44").
// Every failure is a *FENError.
func ParseFEN(fen string) (*Position, error) {
	f := strings.Fields(fen)
	if len(f) != 6 {
		return nil, fenErr("fen", "%d fields, want 6 (placement, side, castling, en passant, halfmove clock, fullmove number)", len(f))
	}
	p := &Position{ep: noSquare}
	if err := p.parsePlacement(f[0]); err != nil {
		return nil, err
	}
	switch f[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return nil, fenErr("side", "%q, want w or b", f[1])
	}
	if err := p.parseCastling(f[2]); err != nil {
		return nil, err
	}
	if err := p.parseEP(f[3]); err != nil {
		return nil, err
	}
	var err error
	if p.half, err = parseClock("halfmove clock", f[4], 0); err != nil {
		return nil, err
	}
	if p.full, err = parseClock("fullmove number", f[5], 1); err != nil {
		return nil, err
	}
	// Checked last: it needs the side to move.
	them := p.side ^ 1
	if p.inCheck(them) {
		return nil, fenErr("side", "%s to move, but %s's king is in check (the last move left it there)", p.side, them)
	}
	if n := bits.OnesCount64(p.checkers(p.side)); n > 2 {
		return nil, fenErr("placement", "%s's king is attacked by %d pieces; no move gives more than a double check", p.side, n)
	}
	return p, nil
}

func (p *Position) parsePlacement(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fenErr("placement", "%d ranks, want 8 separated by /", len(ranks))
	}
	for i, r := range ranks {
		rank := 7 - i // FEN lists rank 8 first
		file := 0
		prevDigit := false
		for _, c := range r {
			switch {
			case c >= '1' && c <= '8':
				if prevDigit {
					return fenErr("placement", "rank %d %q: two digits in a row; a run of empty squares is one digit", rank+1, r)
				}
				file += int(c - '0')
				prevDigit = true
				continue
			case strings.ContainsRune(pieceLetters, c):
				if file < 8 {
					i := strings.IndexRune(pieceLetters, c)
					pc := makePiece(Color(i/6), PieceType(i%6))
					if pc.Type() == Pawn && (rank == 0 || rank == 7) {
						return fenErr("placement", "pawn on %s: pawns never stand on rank 1 or 8", magic.SquareName(rank*8+file))
					}
					p.put(rank*8+file, pc)
				}
				file++
			default:
				return fenErr("placement", "rank %d %q: bad character %q (want one of %s or a digit 1-8)", rank+1, r, c, pieceLetters)
			}
			prevDigit = false
		}
		if file != 8 {
			return fenErr("placement", "rank %d %q has %d squares, want 8", rank+1, r, file)
		}
	}
	for c := White; c <= Black; c++ {
		own := p.byColor[c]
		if n := bits.OnesCount64(p.byType[King] & own); n != 1 {
			return fenErr("placement", "%d %s kings, want 1", n, c)
		}
		if n := bits.OnesCount64(p.byType[Pawn] & own); n > 8 {
			return fenErr("placement", "%d %s pawns, want at most 8", n, c)
		}
		if n := bits.OnesCount64(own); n > 16 {
			return fenErr("placement", "%d %s pieces, want at most 16", n, c)
		}
	}
	return nil
}

// castleNeeds lists, per castling letter, its right and the squares its
// king and rook must stand on.
var castleNeeds = []struct {
	letter     byte
	right      uint8
	king, rook int
	color      Color
}{
	{'K', castleWK, 4, 7, White},
	{'Q', castleWQ, 4, 0, White},
	{'k', castleBK, 60, 63, Black},
	{'q', castleBQ, 60, 56, Black},
}

func (p *Position) parseCastling(s string) error {
	if s == "-" {
		return nil
	}
	for i := 0; i < len(s); i++ {
		found := false
		for _, c := range castleNeeds {
			if s[i] != c.letter {
				continue
			}
			found = true
			if p.castle&c.right != 0 {
				return fenErr("castling", "%q repeats %c", s, c.letter)
			}
			if p.board[c.king] != makePiece(c.color, King) || p.board[c.rook] != makePiece(c.color, Rook) {
				return fenErr("castling", "%c needs the %s king on %s and a %s rook on %s", c.letter, c.color, magic.SquareName(c.king), c.color, magic.SquareName(c.rook))
			}
			p.castle |= c.right
		}
		if !found {
			return fenErr("castling", "%q: bad letter %q (want - or letters from KQkq)", s, s[i])
		}
	}
	return nil
}

func (p *Position) parseEP(s string) error {
	if s == "-" {
		return nil
	}
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return fenErr("en passant", "%q is not - or a square", s)
	}
	sq := int(s[0]-'a') + 8*int(s[1]-'1')
	wantRank, pusher := 6, Black // white to move: black just pushed, passing rank 6
	if p.side == Black {
		wantRank, pusher = 3, White
	}
	if sq/8+1 != wantRank {
		return fenErr("en passant", "%s is not on rank %d, where a %s double push passes with %s to move", s, wantRank, pusher, p.side)
	}
	pawnSq, fromSq := sq-8, sq+8 // black pushed from rank 7 to 5
	if p.side == Black {
		pawnSq, fromSq = sq+8, sq-8
	}
	if p.board[pawnSq] != makePiece(pusher, Pawn) || p.board[sq] != NoPiece || p.board[fromSq] != NoPiece {
		return fenErr("en passant", "%s: no %s pawn can just have double-pushed past it (want a %s pawn on %s, %s and %s empty)",
			s, pusher, pusher, magic.SquareName(pawnSq), s, magic.SquareName(fromSq))
	}
	p.ep = uint8(sq)
	return nil
}

func parseClock(field, s string, least int) (int, error) {
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, fenErr(field, "%q is not a non-negative decimal number", s)
		}
	}
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil {
		return 0, fenErr(field, "%q is out of range", s)
	}
	if int(n) < least {
		return 0, fenErr(field, "%d, want at least %d", n, least)
	}
	return int(n), nil
}

// checkers returns the enemy pieces that attack c's king.
func (p *Position) checkers(c Color) uint64 {
	enemy := p.byColor[c^1]
	occ := p.occ()
	ksq := lsb(p.byType[King] & p.byColor[c])
	return (attacks.Knight(ksq)&p.byType[Knight] |
		attacks.Pawn(c == White, ksq)&p.byType[Pawn] |
		attacks.King(ksq)&p.byType[King] |
		attacks.Rook(ksq, occ)&(p.byType[Rook]|p.byType[Queen]) |
		attacks.Bishop(ksq, occ)&(p.byType[Bishop]|p.byType[Queen])) & enemy
}

func (p *Position) inCheck(c Color) bool { return p.checkers(c) != 0 }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.inCheck(p.side) }

// FEN writes the position as a six-field FEN, castling letters in KQkq
// order.
func (p *Position) FEN() string {
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := p.board[rank*8+file]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pieceLetters[int(pc.Color())*6+int(pc.Type())])
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString([]string{" w ", " b "}[p.side])
	if p.castle == 0 {
		b.WriteByte('-')
	}
	for _, c := range castleNeeds {
		if p.castle&c.right != 0 {
			b.WriteByte(c.letter)
		}
	}
	if p.ep == noSquare {
		b.WriteString(" -")
	} else {
		b.WriteString(" " + magic.SquareName(int(p.ep)))
	}
	fmt.Fprintf(&b, " %d %d", p.half, p.full)
	return b.String()
}
