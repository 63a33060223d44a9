package movegen

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/symmagic/attacks"
)

// StartFEN is the initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// StartPosition returns the initial position.
func StartPosition() Position { return startPosition }

var startPosition = func() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err)
	}
	return p
}()

// FENError is the error ParseFEN returns for a FEN it rejects: the field at
// fault and what is wrong with it. Its text is "movegen: FEN: " and Msg for
// the whole string, else "movegen: FEN ", the field and ": " and Msg:
//
//	movegen: FEN: 3 fields, want 6 (...)
//	movegen: FEN castling: K needs a white rook on rank 1 ...
type FENError struct {
	// Field is the FEN field at fault: "placement", "side", "castling",
	// "en passant", "halfmove clock" or "fullmove number", or "" for the
	// whole string (the number of fields). A rule that ties two fields
	// together names the one that the other makes wrong: an en-passant
	// square with a halfmove clock above 0 is the clock's fault, a check
	// that the last move cannot have given (an en-passant square says
	// what it was) the en-passant field's, and a placement no game reaches
	// the placement's.
	Field string
	Msg   string
}

func (e *FENError) Error() string {
	if e.Field == "" {
		return "movegen: FEN: " + e.Msg
	}
	return "movegen: FEN " + e.Field + ": " + e.Msg
}

func fenErr(field, format string, args ...any) *FENError {
	return &FENError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// ParseFEN reads a FEN of six fields, or four (the clocks then 0 and 1),
// as programs write it, and checks that the position can be played, that
// the generator can trust it:
//
//   - one king a side, no pawn on rank 1 or 8, at most 16 pieces and 8 pawns
//     a side;
//   - the side not to move not in check;
//   - every castling right's king and rook on its side's first rank.
//
// Beyond these it reads what a position can be played from, as Stockfish
// and python-chess do: a fullmove number of 0 is read as 1; an en-passant
// square is kept when a pawn of the side not to move stands just beyond
// it, the square and the one behind it empty (the trace of a double push),
// whether or not a pawn can take it and whatever the halfmove clock says,
// and dropped otherwise (on the wrong rank, or with no such pawn: no move
// can take on it). Either way the Polyglot key, and so the repetition
// rules, count it only when a pawn of the side to move stands beside the
// pawn that pushed (see the package's section on keys), so keeping or
// dropping it changes no move and no key. A king in check from three
// pieces, or in a double check no move gives, or more promoted pieces
// than missing pawns are read as they stand: the generator answers them
// by the rules (only the king moves out of a double check).
//
// ParseFENStrict also checks that a game can reach the position.
//
// It accepts any run of white space between fields and castling letters in
// any order, but not a run of empty squares written as two digits ("44").
//
// The castling field is standard (KQkq), X-FEN (KQkq for the outermost rook
// on that wing, a file letter for another one) or Shredder-FEN (file
// letters alone: HAha). The position is in Chess960 mode (see Chess960)
// exactly when it holds a castling right and either the field is file
// letters alone or some right's king or rook stands off its square of
// standard chess (e1, a1, h1 and e8, a8, h8): "-" is never Chess960, KQkq
// with the pieces on those squares is standard chess, and FEN writes a
// position in Chess960 mode whose rights' pieces all stand there as HAha,
// so that it reads back in the mode.
//
// Every failure is a *FENError naming the field at fault. The text is read
// first, every field (a malformed field is the error, whatever else is
// wrong), then the rules are checked on what it says, by the validation a
// Setup's Position runs (see Setup): the two cannot differ.
func ParseFEN(fen string) (Position, error) { return parseFEN(fen, false) }

// ParseFENStrict reads a FEN as ParseFEN does and checks, beyond ParseFEN's
// rules, that no rule shows the position unreachable, as a FEN that a
// program wrote after a game's moves always is:
//
//   - at most 8 pawns and promoted pieces a side, counting as promoted the
//     queens beyond one, the rooks and the knights beyond two, and the
//     bishops beyond one on each colour of square ("8 white pawns beside 2
//     queens" is rejected);
//   - at most two pieces checking the side to move, and two only if some
//     move of the other side can give that double check: some un-move of
//     one of its pieces (a move back, a capture undone, a promotion undone,
//     an en-passant capture undone) leaves the side to move's king
//     unattacked (castling never gives a double check);
//   - a fullmove number of at least 1;
//   - an en-passant square only behind an enemy pawn that can just have
//     double-pushed; then the last move is known, so the halfmove clock is
//     0, and the pawn back on its start square leaves the side to move's
//     king unattacked: the push gave or discovered any check it is in, and
//     blocked none.
//
// What it accepts, ParseFEN reads as the same position, and FEN writes
// back. Setup's StrictPosition runs the same checks.
func ParseFENStrict(fen string) (Position, error) { return parseFEN(fen, true) }

// parseFEN is ParseFEN, or ParseFENStrict when strict is set.
func parseFEN(fen string, strict bool) (Position, error) {
	f := strings.Fields(fen)
	if len(f) == 4 {
		f = append(f, "0", "1")
	}
	if len(f) != 6 {
		return Position{}, fenErr("", "%d fields, want 6 (placement, side, castling, en passant, halfmove clock, fullmove number) or the first 4", len(f))
	}
	var s Setup
	if err := s.parsePlacement(f[0]); err != nil {
		return Position{}, err
	}
	switch f[1] {
	case "w":
		s.side = White
	case "b":
		s.side = Black
	default:
		return Position{}, fenErr("side", "%q, want w or b", f[1])
	}
	if err := checkCastlingLetters(f[2]); err != nil {
		return Position{}, err
	}
	if f[3] != "-" {
		sq, ok := parseSquare(f[3])
		if !ok {
			return Position{}, fenErr("en passant", "%q is not - or a square", f[3])
		}
		s.ep, s.hasEP = Square(sq), true
	}
	var err error
	if s.half, err = parseClock("halfmove clock", f[4]); err != nil {
		return Position{}, err
	}
	full, err := parseClock("fullmove number", f[5])
	if err != nil {
		return Position{}, err
	}
	s.full = full - 1
	return s.validate(f[2], nil, strict)
}

// validate checks the rules of ParseFEN (with strict, then those of
// ParseFENStrict) on s, its castling rights given as a castling field's
// letters (castling, "-" for none), and returns the position. want, if not
// nil, is the right each letter must give (0: whichever it names), for a
// Setup's rights named by their rooks. ParseFEN's rules are checked field
// by field, in FEN's order, then the one that ties fields together (the
// side not to move not in check); ParseFENStrict's after them, so that a
// FEN that breaks rules of both gets ParseFEN's error from either.
func (s *Setup) validate(castling string, want []CastlingRights, strict bool) (Position, error) {
	p := Position{}
	for sq, pc := range s.board {
		if pc != NoPiece {
			p.put(sq, pc)
		}
	}
	p.side = s.side & 1
	if err := p.checkPlacement(); err != nil {
		return Position{}, err
	}
	if err := p.setCastling(castling, want); err != nil {
		return Position{}, err
	}
	var epErr error
	if s.hasEP {
		epErr = p.setEP(int(s.ep)) // an impossible square is dropped
	}
	half, err := clockRule("halfmove clock", s.half, 0)
	if err != nil {
		return Position{}, err
	}
	full, err := clockRule("fullmove number", s.full+1, 0)
	if err != nil {
		return Position{}, err
	}
	p.half, p.full = half, max(full, 1) // 0 is the first move
	us, them := p.side, p.side^1
	if p.checkers(them) != 0 {
		return Position{}, fenErr("side", "%s to move, but %s's king is in check (the last move left it there)", us, them)
	}
	if strict {
		if err := p.reachable(epErr, full); err != nil {
			return Position{}, err
		}
	}
	p.key = p.computeKey()
	return p, nil
}

// reachable checks ParseFENStrict's rules on p, which passed ParseFEN's:
// epErr is the error of the en-passant square that ParseFEN dropped, full
// the fullmove number as the FEN gives it.
func (p *Position) reachable(epErr error, full int32) error {
	us, them := p.side, p.side^1
	for c := White; c <= Black; c++ {
		if err := p.promoted(c); err != nil {
			return err
		}
	}
	if epErr != nil {
		return epErr
	}
	if full < 1 {
		return fenErr("fullmove number", "%d, want at least 1", full)
	}
	if p.ep != noEP && p.half != 0 {
		return fenErr("halfmove clock", "%d, but the en-passant square %s says the last move was a pawn's double push, which resets the clock to 0", p.half, sqName(int(p.ep)))
	}
	checkers := p.checkers(us)
	n := bits.OnesCount64(checkers)
	if n > 2 {
		return fenErr("placement", "%s's king is attacked by %d pieces; no move gives more than a double check", us, n)
	}
	if p.ep != noEP {
		// The last move is known: the double push. Before it, with
		// them to move, our king was not in check: the push gave any
		// check we are in (or discovered it), and blocked none.
		if before := p.pushedBefore(); before.checkers(us) != 0 {
			landed := int(p.ep) ^ 8
			return fenErr("en passant", "%s says the last move was %s's double push %s%s, but before it %s's king was in check from %s, with %s to move",
				sqName(int(p.ep)), them, sqName(landed^16), sqName(landed), us, before.describe(before.checkers(us)), them)
		}
	} else if n == 2 && !p.doubleCheckable() {
		return fenErr("placement", "%s's king on %s is in check from %s, a double check no %s move can give",
			us, sqName(p.kingSq(us)), p.describe(checkers), them)
	}
	return nil
}

// parsePlacement reads FEN's first field into s's board: its syntax alone
// (the rules are checkPlacement's).
func (s *Setup) parsePlacement(field string) error {
	ranks := strings.Split(field, "/")
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
					s.board[rank*8+file] = makePiece(Color(i/6), PieceType(i%6+1))
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
	return nil
}

// checkPlacement checks the placement's rules, the squares in FEN's order
// (rank 8 first, each from the a-file): no pawn on rank 1 or 8, one king a
// side, at most 8 pawns and 16 pieces a side.
func (p *Position) checkPlacement() error {
	for rank := 7; rank >= 0; rank -= 7 {
		if b := p.byType[Pawn-1] & (rank1 << (8 * rank)); b != 0 {
			return fenErr("placement", "pawn on %s: pawns never stand on rank 1 or 8", sqName(lsb(b)))
		}
	}
	for c := White; c <= Black; c++ {
		own := p.byColor[c]
		if n := bits.OnesCount64(p.byType[King-1] & own); n != 1 {
			return fenErr("placement", "%d %s kings, want 1", n, c)
		}
		if n := bits.OnesCount64(p.byType[Pawn-1] & own); n > 8 {
			return fenErr("placement", "%d %s pawns, want at most 8", n, c)
		}
		if n := bits.OnesCount64(own); n > 16 {
			return fenErr("placement", "%d %s pieces, want at most 16", n, c)
		}
	}
	return nil
}

// backRank returns the first rank of c, as a bitboard.
func backRank(c Color) uint64 { return rank1 << (56 * uint(c)) }

// wingOf returns the wing (0 kingside, 1 queenside) of a rook on file rf
// beside a king on file kf.
func wingOf(kf, rf int) int {
	if rf > kf {
		return 0
	}
	return 1
}

var wingNames = [2]string{"the h-file side", "the a-file side"}

// outermostRook returns the square of c's outermost rook on its first rank
// on the given wing of its king, or -1.
func (p *Position) outermostRook(c Color, wing int) int {
	ksq := p.KingSquare(c)
	rooks := p.Pieces(c, Rook) & backRank(c)
	if wing == 0 {
		rooks &^= (uint64(2) << ksq) - 1 // above the king
		if rooks == 0 {
			return -1
		}
		return 63 - bits.LeadingZeros64(rooks)
	}
	rooks &= (uint64(1) << ksq) - 1 // below the king
	if rooks == 0 {
		return -1
	}
	return lsb(rooks)
}

// checkCastlingLetters checks the castling field's syntax: "-", or letters
// from KQkq and the files A-H and a-h (what they name is setCastling's).
func checkCastlingLetters(field string) error {
	if field == "-" {
		return nil
	}
	for i := 0; i < len(field); i++ {
		ch := field[i]
		if lower := ch | 0x20; lower != 'k' && lower != 'q' && (lower < 'a' || lower > 'h') {
			return fenErr("castling", "%q: bad letter %q (want - , letters from KQkq, or files A-H and a-h)", field, ch)
		}
	}
	return nil
}

// setCastling gives p the castling rights of a castling field's letters
// (field, whose syntax checkCastlingLetters has checked; "-" for none) and
// sets the Chess960 mode and notation they imply. want, if not nil, is the
// right each letter must give (0: whichever it names).
func (p *Position) setCastling(field string, want []CastlingRights) error {
	if field == "-" {
		p.castleRook = standardRooks
		return nil
	}
	letters := true // Shredder-FEN: file letters alone
	for i := 0; i < len(field); i++ {
		ch := field[i]
		c := White
		lower := ch | 0x20
		if ch == lower {
			c = Black
		}
		side := p.byColor[c]
		ksq := lsb(p.byType[King-1] & side)
		var rsq int
		switch {
		case lower == 'k' || lower == 'q':
			letters = false
			wing := 0
			if lower == 'q' {
				wing = 1
			}
			if backRank(c)&(1<<ksq) == 0 {
				return fenErr("castling", "%c needs the %s king on rank %d, not on %s", ch, c, 1+7*int(c), sqName(ksq))
			}
			if rsq = p.outermostRook(c, wing); rsq < 0 {
				return fenErr("castling", "%c needs a %s rook on rank %d on %s of the %s king (on %s)", ch, c, 1+7*int(c), wingNames[wing], c, sqName(ksq))
			}
		default: // a file letter
			rsq = int(lower-'a')&7 + 56*int(c)
			if backRank(c)&(1<<ksq) == 0 {
				return fenErr("castling", "%c needs the %s king on rank %d, not on %s", ch, c, 1+7*int(c), sqName(ksq))
			}
			if p.board[rsq] != MakePiece(c, Rook) {
				return fenErr("castling", "%c needs a %s rook on %s", ch, c, sqName(rsq))
			}
		}
		right := 2*int(c) + wingOf(ksq&7, rsq&7)
		if i < len(want) && want[i] != 0 && want[i] != 1<<right {
			return fenErr("castling", "the %s right names the rook on %s, which stands on %s of the %s king (on %s)",
				rightNames[bits.TrailingZeros8(uint8(want[i]))&3], sqName(rsq), wingNames[right&1], c, sqName(ksq))
		}
		if p.castle&(1<<right) != 0 {
			return fenErr("castling", "%q gives %s two rights on %s of its king", field, c, wingNames[right&1])
		}
		p.castle |= 1 << right
		p.castleRook[right] = uint8(rsq)
	}
	// Every letter gave a right: p.castle is not 0.
	if letters || !p.standardCastling() {
		p.chess960 = true
		p.castleBit = chess960Bit
		p.shredder = letters
	} else {
		p.castleRook = standardRooks
	}
	return nil
}

// rightNames name the castling rights, by bit number.
var rightNames = [4]string{"white kingside", "white queenside", "black kingside", "black queenside"}

// ErrStandardCastling is SetChess960(false)'s error, which errors.Is
// finds, while a castling right's king or rook stands off its square of
// standard chess.
var ErrStandardCastling = errors.New("movegen: Chess960 mode cannot be switched off: a castling right's king or rook stands off its square of standard chess")

// standardCastling reports whether every castling right's king and rook
// stand on their squares of standard chess.
func (p *Position) standardCastling() bool {
	for i := 0; i < 4; i++ {
		if p.castle&(1<<i) == 0 {
			continue
		}
		c := Color(i / 2)
		base := 56 * int(c)
		rook := base + 7
		if i&1 != 0 {
			rook = base
		}
		if p.kingSq(c) != base+4 || int(p.castleRook[i]) != rook {
			return false
		}
	}
	return true
}

// lettersOnly reports whether, in Chess960 mode with White's rooks on white
// and Black's on black, FEN's castling field would be file letters alone in
// X-FEN notation too: whether every right held is an inner rook's (not the
// outermost on its wing, which X-FEN writes K or Q), or every right's king
// and rook stand on their standard squares (KQkq would read back as
// standard chess, so FEN writes file letters). A position in Chess960 mode
// whose field is file letters alone is in Shredder-FEN notation, the way
// ParseFEN reads such a field, so that the position and the one read from
// its FEN are equal (==).
func (p *Position) lettersOnly(white, black uint64) bool {
	if p.castle == 0 {
		return false
	}
	if p.standardCastling() {
		return true
	}
	rooks := [2]uint64{white & rank1, black & rank8}
	for i := 0; i < 4; i++ {
		if p.castle&(1<<i) == 0 {
			continue
		}
		rsq := int(p.castleRook[i])
		beyond := rooks[i/2] &^ (uint64(2)<<rsq - 1) // towards the h-file
		if i&1 != 0 {
			beyond = rooks[i/2] & (uint64(1)<<rsq - 1) // towards the a-file
		}
		if beyond == 0 {
			return false // the outermost rook: X-FEN writes K or Q
		}
	}
	return true
}

// setEP sets p's en-passant square to sq (0..63) if a pawn of the side
// not to move can just have double-pushed past it.
func (p *Position) setEP(sq int) error {
	s := sqName(sq)
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
	if p.board[pawnSq] != MakePiece(pusher, Pawn) || p.board[sq] != NoPiece || p.board[fromSq] != NoPiece {
		return fenErr("en passant", "%s: no %s pawn can just have double-pushed past it (want a %s pawn on %s, %s and %s empty)",
			s, pusher, pusher, sqName(pawnSq), s, sqName(fromSq))
	}
	p.ep = uint8(sq)
	return nil
}

// parseClock reads a clock's field: decimal digits alone. Its range is
// clockRule's.
func parseClock(field, s string) (int64, error) {
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, fenErr(field, "%q is not a non-negative decimal number", s)
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, fenErr(field, "%q is out of range (at most %d)", s, int32(1<<31-1))
	}
	return n, nil
}

// clockRule checks that a clock's value n is at least least and fits the
// position's 32 bits.
func clockRule(field string, n, least int64) (int32, error) {
	if n > 1<<31-1 {
		return 0, fenErr(field, "%q is out of range (at most %d)", strconv.FormatInt(n, 10), int32(1<<31-1))
	}
	if n < least {
		return 0, fenErr(field, "%d, want at least %d", n, least)
	}
	return int32(n), nil
}

// checkers returns the enemy pieces that attack c's king.
func (p *Position) checkers(c Color) uint64 {
	enemy := p.byColor[c^1]
	occ := p.occ()
	ksq := lsb(p.byType[King-1] & p.byColor[c])
	return (attacks.Knight(ksq)&p.byType[Knight-1] |
		attacks.Pawn(c == White, ksq)&p.byType[Pawn-1] |
		attacks.King(ksq)&p.byType[King-1] |
		attacks.Rook(ksq, occ)&(p.byType[Rook-1]|p.byType[Queen-1]) |
		attacks.Bishop(ksq, occ)&(p.byType[Bishop-1]|p.byType[Queen-1])) & enemy
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.hasKing() && p.checkers(p.side) != 0 }

// FEN writes the position as a six-field FEN. It writes back byte for byte
// every FEN in canonical form: ParseFEN's, with single spaces, six fields,
// the castling rights in the order white kingside, white queenside, black
// kingside, black queenside (KQkq), in the notation read (Shredder-FEN's
// file letters, or X-FEN's letters, which are standard FEN's when the
// rooks stand in the corners), and the clocks without leading zeros.
func (p *Position) FEN() string {
	var b strings.Builder
	b.Grow(90)
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
			b.WriteByte(pieceLetters[int(pc.Color()&1)*6+int(pc.Type()-1)%6])
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString([]string{" w ", " b "}[p.side&1])
	b.WriteString(p.castlingField())
	if p.ep == noEP {
		b.WriteString(" -")
	} else {
		b.WriteString(" " + sqName(int(p.ep)))
	}
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(p.half)))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(p.full)))
	return b.String()
}

// String returns the FEN.
func (p *Position) String() string { return p.FEN() }

// castlingField writes the castling rights (see FEN).
func (p *Position) castlingField() string {
	if p.castle == 0 {
		return "-"
	}
	var b []byte
	for i := 0; i < 4; i++ {
		if p.castle&(1<<i) == 0 {
			continue
		}
		c, wing := Color(i/2), i&1
		rsq := int(p.castleRook[i])
		ch := byte('A' + rsq&7)
		if !p.shredder && p.outermostRook(c, wing) == rsq {
			ch = "KQ"[wing]
		}
		if c == Black {
			ch |= 0x20
		}
		b = append(b, ch)
	}
	return string(b)
}
