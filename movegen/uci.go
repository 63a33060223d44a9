package movegen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/symmagic/attacks"
)

// MoveError is the error ParseUCI, PlayUCI, MoveFrom, Play and PlayNull
// return: the move as given, in UCI, and why it is not a legal move of the
// position (Msg). Its text reads:
//
//	movegen: move "e1f2": a white king on e1 cannot take its own pawn on f2
type MoveError struct {
	UCI string
	Msg string
}

func (e *MoveError) Error() string { return "movegen: move " + strconv.Quote(e.UCI) + ": " + e.Msg }

// uciTo returns the square UCI names as m's destination: the rook's for a
// Chess960 castling, the king's two-square step's for a standard one.
func uciTo(m Move) int {
	if m.flag() == flagCastle && m&chess960Bit == 0 {
		to, _ := m.castlingSquares()
		return to
	}
	return m.to()
}

// ParseUCI returns the legal move that the UCI string s names: e2e4, e7e8q,
// castling e1g1 (in Chess960 mode e1h1, king takes rook); and 0000, the null
// move NoMove, when the side to move is not in check (see PlayNull). A
// malformed or illegal move is a *MoveError saying why.
func (p *Position) ParseUCI(s string) (Move, error) {
	bad := func(format string, args ...any) (Move, error) {
		return NoMove, &MoveError{UCI: s, Msg: fmt.Sprintf(format, args...)}
	}
	if s == "0000" {
		switch {
		case !p.hasKing():
			return bad("the position has no kings")
		case p.InCheck():
			return bad("the null move passes the turn, and %s is in check", p.side)
		}
		return NoMove, nil
	}
	if len(s) != 4 && len(s) != 5 {
		return bad("%d characters, want 4 (e2e4) or 5 with a promotion (e7e8q)", len(s))
	}
	from, ok := parseSquare(s[:2])
	if !ok {
		return bad("%q is not a square", s[:2])
	}
	to, ok := parseSquare(s[2:4])
	if !ok {
		return bad("%q is not a square", s[2:4])
	}
	promo := -1
	if len(s) == 5 {
		switch s[4] {
		case 'n':
			promo = int(Knight)
		case 'b':
			promo = int(Bishop)
		case 'r':
			promo = int(Rook)
		case 'q':
			promo = int(Queen)
		default:
			return bad("promotion %q, want one of n, b, r, q", s[4])
		}
	}
	var list moveList
	n := generate(p, &list)
	for _, m := range list[:n] {
		if m.from() == from && uciTo(m) == to && promotes(m, promo) {
			return m, nil
		}
	}
	return bad("%s", p.whyIllegal(from, to, promo, list[:n]))
}

// promotes reports whether m promotes to promo (a PieceType), or promo is
// -1 and m does not promote.
func promotes(m Move, promo int) bool {
	t := m.Promotion()
	return t == NoPieceType && promo < 0 || t != NoPieceType && int(t) == promo
}

// MoveFrom returns the legal move of the position that takes the piece on
// from to to, promoting to promotion (NoPieceType for a move that does not
// promote), whatever its kind: what a program that holds two squares (a
// board a user drags a piece on) needs. A castling is the king onto its own
// rook's square, or, in standard chess, also the king's two-square step.
// When no legal move goes so, it returns a *MoveError saying why, the move
// named in UCI. It panics if a square is not 0..63.
func (p *Position) MoveFrom(from, to Square, promotion PieceType) (Move, error) {
	checkSquares("MoveFrom", from, to)
	promo := -1
	if promotion != NoPieceType {
		promo = int(promotion)
	}
	var list moveList
	n := generate(p, &list)
	for _, m := range list[:n] {
		if m.from() == int(from) && (uciTo(m) == int(to) || m.to() == int(to)) && promotes(m, promo) {
			return m, nil
		}
	}
	name := from.String() + to.String()
	if promotion >= Knight && promotion <= Queen {
		name += string("nbrq"[promotion-Knight])
	} else if promotion != NoPieceType {
		return NoMove, &MoveError{UCI: name, Msg: fmt.Sprintf("piece type %d is no promotion (Knight, Bishop, Rook or Queen)", uint8(promotion))}
	}
	return NoMove, &MoveError{UCI: name, Msg: p.whyIllegal(int(from), int(to), promo, list[:n])}
}

// PlayUCI plays the legal move that the UCI string s names (see
// ParseUCI); on an error it changes nothing.
func (p *Position) PlayUCI(s string) error {
	m, err := p.ParseUCI(s)
	if err != nil {
		return err
	}
	if m == NoMove {
		playNull(p)
		return nil
	}
	play(p, m)
	return nil
}

// whyIllegal explains why no legal move goes from from to to (promoting to
// promo, if not -1). It only explains: legality is Generate's alone.
func (p *Position) whyIllegal(from, to, promo int, legal []Move) string {
	us := p.side
	pc := p.board[from]
	switch {
	case !p.hasKing():
		return "the position has no kings"
	case pc == NoPiece:
		return "no piece on " + sqName(from)
	case pc.Color() != us:
		return fmt.Sprintf("the piece on %s is %s's, and %s is to move", sqName(from), pc.Color(), us)
	}
	name := fmt.Sprintf("a %s %s on %s", us, pc.Type(), sqName(from))
	for _, m := range legal {
		if m.from() == from && m.to() == to && uciTo(m) != to {
			return fmt.Sprintf("castling is written %s here, king two squares; %s is the Chess960 form", m, sqName(from)+sqName(to))
		}
		if m.from() == from && m.IsCastle() && uciTo(m) != to {
			if kTo, _ := m.castlingSquares(); kTo == to {
				return fmt.Sprintf("in Chess960 castling is written king takes rook: %s", m)
			}
		}
		if m.from() == from && uciTo(m) == to {
			if promo < 0 {
				return "a pawn reaching the last rank must promote: add q, r, b or n"
			}
			return "only a pawn reaching the last rank promotes"
		}
	}
	if promo >= 0 && (pc.Type() != Pawn || lastRank[us]&(1<<to) == 0) {
		return "only a pawn reaching the last rank promotes"
	}
	if pc.Type() == King {
		if why, ok := p.whyNoCastle(from, to); ok {
			return why
		}
	}
	if own := p.board[to]; own != NoPiece && own.Color() == us {
		return fmt.Sprintf("%s cannot take its own %s on %s", name, own.Type(), sqName(to))
	}
	if !p.reaches(from, to) {
		return fmt.Sprintf("%s does not move to %s", name, sqName(to))
	}
	if p.InCheck() {
		return fmt.Sprintf("%s is in check, and %s to %s does not end it", us, name, sqName(to))
	}
	return fmt.Sprintf("%s to %s would leave the %s king in check", name, sqName(to), us)
}

// reaches reports whether the piece on from moves to to (both 0..63) by
// the rules of its movement on this board, ignoring whether its king is
// left in check (an empty square reaches nothing).
func (p *Position) reaches(from, to int) bool {
	pc := p.board[from]
	us := pc.Color()
	own, occ := p.byColor[us], p.occ()
	if own&(1<<to) != 0 {
		return false
	}
	var reach uint64
	switch pc.Type() {
	case Pawn:
		push := pushDelta[us]
		if one := from + push; occ&(1<<one) == 0 {
			reach |= 1 << one
			if two := one + push; (1<<one)&doubleFrom[us] != 0 && occ&(1<<two) == 0 {
				reach |= 1 << two
			}
		}
		capt := p.byColor[us^1]
		if p.ep != noEP {
			capt |= 1 << p.ep
		}
		reach |= attacks.Pawn(us == White, from) & capt
	case Bishop:
		return bishopEmpty[from]&(1<<to) != 0 && attacks.Between(from, to)&occ == 0
	case Rook:
		return rookEmpty[from]&(1<<to) != 0 && attacks.Between(from, to)&occ == 0
	case Queen:
		return (rookEmpty[from]|bishopEmpty[from])&(1<<to) != 0 && attacks.Between(from, to)&occ == 0
	default:
		reach = pieceAttacks(pc.Type(), from, occ)
	}
	return reach&(1<<to) != 0
}

// pieceAttacks returns the squares a knight, bishop, rook, queen or king
// (t) on sq attacks when the squares of occ are occupied; 0 for a pawn or
// no piece.
func pieceAttacks(t PieceType, sq int, occ uint64) uint64 {
	switch t {
	case Knight:
		return attacks.Knight(sq)
	case Bishop:
		return attacks.Bishop(sq, occ)
	case Rook:
		return attacks.Rook(sq, occ)
	case Queen:
		return attacks.Queen(sq, occ)
	case King:
		return attacks.King(sq)
	}
	return 0
}

// whyNoCastle explains, if the king's move from from to to names a castling
// (king two squares from e1 or e8 in standard chess, king onto its own rook
// in either), why that castling is not legal.
func (p *Position) whyNoCastle(from, to int) (string, bool) {
	us := p.side
	base := 56 * int(us)
	if from&^7 != base || to&^7 != base || from == to {
		return "", false
	}
	wing := wingOf(from&7, to&7)
	right := 2*int(us) + wing
	held := p.castle&(1<<right) != 0
	rsq := int(p.castleRook[right])
	switch {
	case p.board[to] == MakePiece(us, Rook):
		if !held || rsq != to {
			return fmt.Sprintf("%s has no right to castle with the rook on %s", us, sqName(to)), true
		}
	case !p.chess960 && from == base+4 && to == base+6-4*wing:
		if !held {
			return fmt.Sprintf("%s has no right to castle on %s of its king", us, wingNames[wing]), true
		}
	default:
		return "", false
	}
	if p.checkers(us) != 0 {
		return fmt.Sprintf("%s is in check, and castling does not end a check", us), true
	}
	if p.occ()&(castlePaths[castleIndex(us, from, rsq)].empty) != 0 {
		return "castling needs the squares the king and the rook cross or land on empty but for the two of them", true
	}
	return "castling would take the king across or onto a square the enemy attacks", true
}

// UCIError is the error ParseUCIPosition returns: the word of the command
// at fault (Word, "" when one is missing at its end), the move's number
// among the command's moves when the fault is a move (Move, from 1; 0
// otherwise), why (Msg), and the *FENError or *MoveError behind it (Err,
// which errors.As finds; nil for a fault in the command's own words). Its
// text reads:
//
//	movegen: UCI position: move 3 "e1g1": a white king on e1 does not move to g1
//	movegen: UCI position: FEN castling: K needs a white rook on rank 1 ...
//	movegen: UCI position: "e2e4" after startpos, want moves
type UCIError struct {
	Word string
	Move int
	Msg  string
	Err  error
}

func (e *UCIError) Error() string {
	if e.Move > 0 {
		return "movegen: UCI position: move " + strconv.Itoa(e.Move) + " " + strconv.Quote(e.Word) + ": " + e.Msg
	}
	return "movegen: UCI position: " + e.Msg
}

func (e *UCIError) Unwrap() error { return e.Err }

// ParseUCIPosition reads the UCI command that sets up the position to
// search, "position startpos moves e2e4 e7e5" or "position fen <FEN> moves
// ...", and returns the position after its moves; when h is not nil, it
// also resets h to the game the command gives (the position set up, then
// one entry a move), so that the search's repetitions count the game's
// positions too. The leading word "position" may be left out, "moves" may
// be followed by no move or left out, and any run of spaces, tabs and a
// line's end separate words. The FEN is read by ParseFEN, its four fields
// or six; the moves by ParseUCI, the null move 0000 included. chess960 is
// the value of the UCI_Chess960 option: true puts the position in Chess960
// mode (castling written king takes rook, as the GUI then writes it, the
// standard start included); false leaves the mode the FEN gives.
//
// Every fault is a *UCIError naming the word at fault and why. On a fault
// before the moves it returns the zero Position and leaves h as it was;
// on a move that is not legal, the position before that move, h holding
// the game up to it, as Stockfish plays a position command's moves up to
// the first one it cannot. It allocates only for an error, the FEN's
// fields and when h must grow.
func ParseUCIPosition(cmd string, chess960 bool, h *History) (Position, error) {
	w := uciWords{s: cmd}
	word := w.next()
	if word == "position" {
		word = w.next()
	}
	var p Position
	switch word {
	case "startpos":
		p = startPosition
	case "fen":
		start := w.i
		end := start
		for word = w.next(); word != "" && word != "moves"; word = w.next() {
			end = w.i
		}
		var err error
		if p, err = ParseFEN(cmd[start:end]); err != nil {
			return Position{}, &UCIError{Word: "fen", Msg: strings.TrimPrefix(err.Error(), "movegen: "), Err: err}
		}
		w.back(word)
	case "":
		return Position{}, &UCIError{Msg: "no position, want startpos or fen"}
	default:
		return Position{}, &UCIError{Word: word, Msg: fmt.Sprintf("%q, want startpos or fen", word)}
	}
	if chess960 {
		p.SetChess960(true) // never an error when switching on
	}
	switch word = w.next(); word {
	case "", "moves":
	default:
		// Only after startpos: a FEN runs up to "moves".
		return Position{}, &UCIError{Word: word, Msg: fmt.Sprintf("%q after startpos, want moves", word)}
	}
	if h != nil {
		h.Reset(&p)
	}
	for n := 1; ; n++ {
		word = w.next()
		if word == "" {
			return p, nil
		}
		m, err := p.ParseUCI(word)
		if err != nil {
			return p, &UCIError{Word: word, Move: n, Msg: err.(*MoveError).Msg, Err: err}
		}
		if m == NoMove {
			playNull(&p)
		} else {
			play(&p, m)
		}
		if h != nil {
			h.Push(&p)
		}
	}
}

// uciWords splits a command into words separated by spaces, tabs, carriage
// returns and newlines, without allocating.
type uciWords struct {
	s string
	i int // where the next word's search starts
}

func isUCISpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// next returns the next word, or "" at the end; w.i is then just past it.
func (w *uciWords) next() string {
	for w.i < len(w.s) && isUCISpace(w.s[w.i]) {
		w.i++
	}
	start := w.i
	for w.i < len(w.s) && !isUCISpace(w.s[w.i]) {
		w.i++
	}
	return w.s[start:w.i]
}

// back steps back over word, the one next just returned, so that next
// returns it again.
func (w *uciWords) back(word string) { w.i -= len(word) }
