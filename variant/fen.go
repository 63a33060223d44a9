package variant

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/symmagic/attacks/movegen"
)

// The start positions of the variants, as python-chess writes them
// (Crazyhouse with its empty pockets, Three-check with its checks to give).
const (
	StandardFEN    = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	CrazyhouseFEN  = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
	AntichessFEN   = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
	ThreeCheckFEN  = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
	HordeFEN       = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
	RacingKingsFEN = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
)

// StartFEN returns the FEN of v's start position ("" for NoVariant).
func (v Variant) StartFEN() string {
	switch v {
	case Crazyhouse:
		return CrazyhouseFEN
	case Atomic, KingOfTheHill:
		return StandardFEN
	case Antichess:
		return AntichessFEN
	case ThreeCheck:
		return ThreeCheckFEN
	case Horde:
		return HordeFEN
	case RacingKings:
		return RacingKingsFEN
	}
	return ""
}

// StartPosition returns v's start position. It panics for a v that is not
// one of the seven variants, naming the function and the value.
func StartPosition(v Variant) Position {
	if !v.valid() {
		panic(fmt.Sprintf("variant: StartPosition: %d is not a variant", uint8(v)))
	}
	p, err := ParseFEN(v, v.StartFEN())
	if err != nil {
		panic(err)
	}
	return p
}

// FENError is ParseFEN's error: the variant, the field at fault
// ("placement", "pocket", "side", "castling", "en passant", "checks",
// "halfmove clock", "fullmove number", or "" for the whole string) and
// what is wrong. Its text reads
//
//	variant: crazyhouse FEN pocket: bad letter 'K' (want PNBRQ or pnbrq)
type FENError struct {
	Variant Variant
	Field   string
	Msg     string
}

func (e *FENError) Error() string {
	s := "variant: " + e.Variant.String() + " FEN"
	if e.Field != "" {
		s += " " + e.Field
	}
	return s + ": " + e.Msg
}

func fenErr(v Variant, field, format string, args ...any) *FENError {
	return &FENError{Variant: v, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// ParseFEN reads a FEN of variant v as lichess and python-chess write it:
//
//   - Crazyhouse: the pockets after the placement in brackets,
//     "RNBQKBNR[Qn]", or as a ninth rank, "RNBQKBNR/Qn"; a piece that was a
//     pawn marked with a ~ after its letter ("Q~"), in any variant;
//   - Three-check: the checks each side has still to give as a field after
//     the en-passant square, "3+3" (python-chess's and Fairy-Stockfish's
//     form), or the checks each has given as a seventh field, "+0+0"
//     (lichess's); neither means 3+3;
//   - the clocks may be left off (0 and 1).
//
// It checks what the generator needs: a king a side where the variant has
// one (Atomic: the side to move's may have exploded; Horde: White has
// none; Antichess: any number), no pawn on the first or last rank (but
// Horde's White pawns on rank 1), the side not to move not in check (in
// Racing Kings neither side), castling rights whose king and rook stand on
// their first rank (K and Q name the outermost rook on that side of the
// king, a file letter another one, as X-FEN and Shredder-FEN do). An
// en-passant square no double push can have passed is dropped. Every
// failure is a *FENError.
func ParseFEN(v Variant, fen string) (Position, error) {
	if !v.valid() {
		return Position{}, fenErr(v, "", "%d is not a variant", uint8(v))
	}
	p := Position{variant: v, full: 1}
	f := strings.Fields(fen)
	if v == ThreeCheck {
		p.checks = [2]uint8{3, 3}
		switch {
		case len(f) >= 7 && strings.HasPrefix(f[6], "+"):
			w, b, err := parseChecks(v, f[6][1:])
			if err != nil {
				return Position{}, err
			}
			p.checks = [2]uint8{3 - w, 3 - b}
			f = append(f[:6:6], f[7:]...)
		case len(f) >= 5 && strings.Contains(f[4], "+"):
			w, b, err := parseChecks(v, f[4])
			if err != nil {
				return Position{}, err
			}
			p.checks = [2]uint8{w, b}
			f = append(f[:4:4], f[5:]...)
		}
	}
	if len(f) < 4 || len(f) > 6 {
		return Position{}, fenErr(v, "", "%d fields, want 4 to 6 (placement, side, castling, en passant, halfmove clock, fullmove number)", len(f))
	}
	if err := p.parsePlacement(f[0]); err != nil {
		return Position{}, err
	}
	switch f[1] {
	case "w":
		p.side = movegen.White
	case "b":
		p.side = movegen.Black
	default:
		return Position{}, fenErr(v, "side", "%q, want w or b", f[1])
	}
	if err := p.checkPlacement(); err != nil {
		return Position{}, err
	}
	if err := p.parseCastling(f[2]); err != nil {
		return Position{}, err
	}
	if f[3] != "-" {
		sq, err := movegen.ParseSquare(f[3])
		if err != nil {
			return Position{}, fenErr(v, "en passant", "%q is not - or a square", f[3])
		}
		p.setEP(int(sq))
	}
	if len(f) > 4 {
		n, err := parseNumber(v, "halfmove clock", f[4])
		if err != nil {
			return Position{}, err
		}
		p.half = n
	}
	if len(f) > 5 {
		n, err := parseNumber(v, "fullmove number", f[5])
		if err != nil {
			return Position{}, err
		}
		p.full = max(n, 1)
	}
	return p, nil
}

func parseChecks(v Variant, s string) (w, b uint8, err error) {
	ws, bs, ok := strings.Cut(s, "+")
	if !ok || len(ws) != 1 || len(bs) != 1 || ws[0] < '0' || ws[0] > '3' || bs[0] < '0' || bs[0] > '3' {
		return 0, 0, fenErr(v, "checks", "%q, want two counts 0 to 3 as 3+3 (checks to give) or +0+0 (checks given)", s)
	}
	return ws[0] - '0', bs[0] - '0', nil
}

func parseNumber(v Variant, field, s string) (int32, error) {
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, fenErr(v, field, "%q is not a non-negative decimal number", s)
		}
	}
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil {
		return 0, fenErr(v, field, "%q is out of range (at most %d)", s, int32(1<<31-1))
	}
	return int32(n), nil
}

const pieceLetters = "PNBRQKpnbrqk"

// maxPocket bounds the pieces in both pockets of a FEN: with at most 64 on
// the board, no count then passes 255 (a pocket's byte).
const maxPocket = 64

// parsePlacement reads the placement, with Crazyhouse's pockets and the ~
// marks of promoted pieces.
func (p *Position) parsePlacement(field string) error {
	v := p.variant
	pocket := ""
	hasPocket := false
	if strings.HasSuffix(field, "]") {
		i := strings.IndexByte(field, '[')
		if i < 0 {
			return fenErr(v, "pocket", "%q: a ] with no [", field)
		}
		field, pocket, hasPocket = field[:i], field[i+1:len(field)-1], true
	}
	ranks := strings.Split(field, "/")
	if len(ranks) == 9 && !hasPocket {
		pocket, hasPocket = ranks[8], true
		ranks = ranks[:8]
	}
	if len(ranks) != 8 {
		return fenErr(v, "placement", "%d ranks, want 8 separated by /", len(ranks))
	}
	if hasPocket && v != Crazyhouse {
		return fenErr(v, "pocket", "%q: only Crazyhouse has pockets", pocket)
	}
	for i, r := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(r); j++ {
			c := r[j]
			switch {
			case c >= '1' && c <= '8':
				file += int(c - '0')
			case strings.IndexByte(pieceLetters, c) >= 0:
				k := strings.IndexByte(pieceLetters, c)
				promoted := j+1 < len(r) && r[j+1] == '~'
				if promoted {
					j++
				}
				if file < 8 {
					p.put(rank*8+file, movegen.MakePiece(movegen.Color(k/6), movegen.PieceType(k%6+1)), promoted)
				}
				file++
			default:
				return fenErr(v, "placement", "rank %d %q: bad character %q (want one of %s, a digit 1-8, or ~ after a piece)", rank+1, r, c, pieceLetters)
			}
			if file > 8 {
				break
			}
		}
		if file != 8 {
			return fenErr(v, "placement", "rank %d %q has %d squares, want 8", rank+1, r, file)
		}
	}
	n := 0
	for i := 0; i < len(pocket); i++ {
		c := pocket[i]
		k := strings.IndexByte("PNBRQpnbrq", c)
		if k < 0 {
			return fenErr(v, "pocket", "bad letter %q (want PNBRQ or pnbrq)", c)
		}
		if n++; n > maxPocket {
			return fenErr(v, "pocket", "more than %d pieces", maxPocket)
		}
		p.pocket[k/5][k%5]++
	}
	return nil
}

// checkPlacement checks the kings, the pawns and the checks (see
// ParseFEN).
func (p *Position) checkPlacement() error {
	v := p.variant
	pawns := p.byType[movegen.Pawn]
	bad := pawns & (rank1 | rank8)
	if v == Horde {
		bad = pawns&rank8 | pawns&p.byColor[movegen.Black]&rank1
	}
	if bad != 0 {
		return fenErr(v, "placement", "pawn on %s: pawns never stand there in %s", sqName(lsb(bad)), v)
	}
	for c := movegen.White; c <= movegen.Black; c++ {
		n := bits.OnesCount64(p.byType[movegen.King] & p.byColor[c])
		want := 1
		switch {
		case v == Antichess:
			continue
		case v == Horde && c == movegen.White:
			want = 0
		case v == Atomic && c == p.side && n == 0:
			continue // exploded: the game is over
		}
		if n != want {
			return fenErr(v, "placement", "%d %s kings, want %d", n, c, want)
		}
	}
	if v == RacingKings && p.byType[movegen.Pawn] != 0 {
		return fenErr(v, "placement", "pawn on %s: Racing Kings has none", sqName(lsb(p.byType[movegen.Pawn])))
	}
	them := p.side ^ 1
	exploded := v == Atomic && p.byType[movegen.King]&p.byColor[p.side] == 0 // the game is over
	if !exploded && p.checkersOf(them) != 0 {
		return fenErr(v, "side", "%s to move, but %s's king is in check (the last move left it there)", p.side, them)
	}
	if v == RacingKings && p.checkersOf(p.side) != 0 {
		return fenErr(v, "placement", "%s's king is in check: Racing Kings has no checks", p.side)
	}
	return nil
}

// parseCastling reads the castling field into p.castle, cleaned as
// python-chess cleans the rights of a Chess960 position: the king on its
// first rank, one right a side of it.
func (p *Position) parseCastling(field string) error {
	v := p.variant
	if field == "-" {
		return nil
	}
	for i := 0; i < len(field); i++ {
		ch := field[i]
		c := movegen.White
		lower := ch | 0x20
		if ch == lower {
			c = movegen.Black
		}
		back := backRank(c)
		kings := p.byType[movegen.King] & p.byColor[c] & back &^ p.promoted
		if kings == 0 {
			return fenErr(v, "castling", "%c needs a %s king on its first rank", ch, c)
		}
		ksq := lsb(kings)
		rooks := p.byType[movegen.Rook] & p.byColor[c] & back
		var rsq int
		switch {
		case lower == 'k':
			r := rooks &^ (uint64(2)<<ksq - 1)
			if r == 0 {
				return fenErr(v, "castling", "%c needs a %s rook on its first rank on the h-file side of its king", ch, c)
			}
			rsq = msb(r)
		case lower == 'q':
			r := rooks & (uint64(1)<<ksq - 1)
			if r == 0 {
				return fenErr(v, "castling", "%c needs a %s rook on its first rank on the a-file side of its king", ch, c)
			}
			rsq = lsb(r)
		case lower >= 'a' && lower <= 'h':
			rsq = int(lower-'a') + 56*int(c)
			if rooks>>rsq&1 == 0 {
				return fenErr(v, "castling", "%c needs a %s rook on %s", ch, c, sqName(rsq))
			}
		default:
			return fenErr(v, "castling", "%q: bad letter %q (want - , letters from KQkq, or files A-H and a-h)", field, ch)
		}
		if rsq == ksq {
			return fenErr(v, "castling", "%c names the king's square", ch)
		}
		side := uint64(1)<<rsq > uint64(1)<<ksq
		for r := p.castle & back; r != 0; r &= r - 1 {
			if (lsb(r) > ksq) == side {
				return fenErr(v, "castling", "%q gives %s two rights on one side of its king", field, c)
			}
		}
		p.castle |= 1 << rsq
	}
	return nil
}

// setEP keeps the en-passant square sq if a pawn of the side not to move
// can just have double-pushed past it (python-chess's _valid_ep_square).
func (p *Position) setEP(sq int) {
	rank, pawn, from := 5, sq-8, sq+8
	if p.side == movegen.Black {
		rank, pawn, from = 2, sq+8, sq-8
	}
	if sq/8 != rank || p.board[pawn] != movegen.MakePiece(p.side^1, movegen.Pawn) ||
		p.occ()&(1<<sq|1<<from) != 0 {
		return
	}
	p.ep = uint8(sq)
}

// FEN writes the position as python-chess writes a FEN of its variant:
// Crazyhouse's pockets in brackets after the placement, its promoted pieces
// marked ~; Three-check's checks still to give after the en-passant field
// ("3+3"); the castling rights as X-FEN (K or Q for the outermost rook on
// that side of the king, else the rook's file); the en-passant square only
// when an en-passant capture is legal. LichessFEN writes lichess's form.
func (p *Position) FEN() string { return p.fen(false) }

// fen writes the FEN, Three-check's counts as lichess writes them if
// lichess is set.
func (p *Position) fen(lichess bool) string {
	var b strings.Builder
	p.writePlacement(&b)
	b.WriteString([]string{" w ", " b "}[p.side&1])
	b.WriteString(p.castlingField())
	b.WriteByte(' ')
	if p.hasLegalEP() {
		b.WriteString(sqName(int(p.ep)))
	} else {
		b.WriteByte('-')
	}
	if p.variant == ThreeCheck && !lichess {
		fmt.Fprintf(&b, " %d+%d", p.checks[0], p.checks[1])
	}
	fmt.Fprintf(&b, " %d %d", p.half, p.full)
	if p.variant == ThreeCheck && lichess {
		fmt.Fprintf(&b, " +%d+%d", 3-p.checks[0], 3-p.checks[1])
	}
	return b.String()
}

// LichessFEN writes the position as lichess writes a FEN of its variant:
// as FEN does, but for Three-check the checks each side has given as a
// seventh field ("+0+0") in place of the checks to give.
func (p *Position) LichessFEN() string { return p.fen(true) }

// String returns the FEN.
func (p *Position) String() string { return p.FEN() }

func (p *Position) writePlacement(b *strings.Builder) {
	prom := p.effectivePromoted()
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			sq := rank*8 + file
			pc := p.board[sq]
			if pc == movegen.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(pc.String())
			if prom>>sq&1 != 0 {
				b.WriteByte('~')
			}
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	if p.variant == Crazyhouse {
		b.WriteByte('[')
		for c := movegen.White; c <= movegen.Black; c++ {
			for t := movegen.Queen; t >= movegen.Pawn; t-- {
				for i := 0; i < int(p.pocket[c][t-1]); i++ {
					b.WriteString(movegen.MakePiece(c, t).String())
				}
			}
		}
		b.WriteByte(']')
	}
}

// castlingField writes the rights as python-chess's castling_xfen: White's
// then Black's, each from the h-file side.
func (p *Position) castlingField() string {
	var s []byte
	for c := movegen.White; c <= movegen.Black; c++ {
		k := p.king(c)
		if k < 0 {
			continue
		}
		back := backRank(c)
		rooks := p.byType[movegen.Rook] & p.byColor[c] & back
		for r := p.castle & back; r != 0; r &^= 1 << msb(r) {
			rsq := msb(r)
			aSide := rsq&7 < k&7
			others := rooks &^ (1 << rsq)
			ch := byte('k')
			if aSide {
				ch = 'q'
			}
			for o := others; o != 0; o &= o - 1 {
				if (lsb(o)&7 < rsq&7) == aSide {
					ch = byte('a' + rsq&7)
					break
				}
			}
			if c == movegen.White {
				ch -= 'a' - 'A'
			}
			s = append(s, ch)
		}
	}
	if len(s) == 0 {
		return "-"
	}
	return string(s)
}

// hasLegalEP reports whether an en-passant capture is legal.
func (p *Position) hasLegalEP() bool {
	if p.ep == noEP {
		return false
	}
	var buf [256]Move
	for _, m := range p.legalMoves(buf[:0]) {
		if m.IsEnPassant() {
			return true
		}
	}
	return false
}
