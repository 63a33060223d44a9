package movegen

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/symmagic/attacks"
)

// Standard Algebraic Notation (SAN), the notation of PGN files and of
// every game record: written by AppendSAN and SAN, read by ParseSAN and
// PlaySAN.

// SANError is the error ParseSAN and PlaySAN return: the SAN as given and
// why it names no legal move of the position, or more than one. Its text
// reads
//
//	movegen: SAN "Nd2": ambiguous: Nbd2, Nfd2
//	movegen: SAN "Nc3": a white knight on b1 to c3 would leave the white king in check
type SANError struct {
	SAN string // the string given
	Msg string // what is wrong
	// Candidates are the legal moves an ambiguous SAN may name, in the
	// order of their SAN; nil for any other error.
	Candidates []Move
}

func (e *SANError) Error() string { return "movegen: SAN " + strconv.Quote(e.SAN) + ": " + e.Msg }

const sanLetters = "?PNBRQK" // by PieceType

// SAN returns the move m in Standard Algebraic Notation, as AppendSAN
// writes it, or "" if m is not a legal move of the position.
func (p *Position) SAN(m Move) string {
	var buf [16]byte
	return string(p.AppendSAN(buf[:0], m))
}

// AppendSAN appends the legal move m in Standard Algebraic Notation to dst
// and returns the extended slice; it allocates nothing when dst has room
// (7 bytes always do: "Qh4xe1#", "exd8=Q+", "O-O-O#"). A move that is not
// legal in the position (NoMove included) appends nothing.
//
// It writes, as the PGN standard has it: the piece's letter (none for a
// pawn); for a piece, the square it leaves, as little of it as tells it
// apart from the other pieces of its type with a legal move to the same
// square (the file if the file does, else the rank if the rank does, else
// both: Nbd2, N5f6, Qh4e1; pinned pieces have no such move and do not
// count); "x" for a capture, en passant included, and for a pawn's capture
// the file it leaves (exd5); the square reached; "=" and the piece of a
// promotion (e8=Q); O-O for castling with the rook on the king's h-file
// side and O-O-O for the rook on its a-file side, in Chess960 too; then
// "+" if the move gives check, "#" if it gives checkmate. No "e.p." and no
// annotations.
//
// Legality is the generator's rules asked of the one move, and check is
// GivesCheck's, both from the board the move leaves; only a move that gives
// check is played, on a copy, to tell mate from check.
func (p *Position) AppendSAN(dst []byte, m Move) []byte {
	if !p.legal(m) {
		return dst
	}
	check := p.GivesCheck(m)
	from, to := m.From(), m.To()
	if m.IsCastle() {
		dst = appendCastle(dst, m)
	} else {
		t := p.PieceAt(from).Type()
		capture := m.IsEnPassant() || p.PieceAt(to) != NoPiece
		if t == Pawn {
			if capture {
				dst = append(dst, 'a'+byte(from.File()), 'x')
			}
		} else {
			dst = append(dst, sanLetters[t])
			if t != King {
				dst = p.appendFrom(dst, t, from, to)
			}
			if capture {
				dst = append(dst, 'x')
			}
		}
		dst = append(dst, 'a'+byte(to.File()), '1'+byte(to.Rank()))
		if pr := m.Promotion(); pr != NoPieceType {
			dst = append(dst, '=', sanLetters[pr])
		}
	}
	if check {
		dst = p.appendMate(dst, m)
	}
	return dst
}

// appendCastle appends the castling move m as SAN and LAN write it: O-O
// for the rook on the king's h-file side, O-O-O for the one on its a-file
// side (a castling move goes from the king to its rook's square).
func appendCastle(dst []byte, m Move) []byte {
	if m.To() > m.From() {
		return append(dst, "O-O"...)
	}
	return append(dst, "O-O-O"...)
}

// appendMate appends "#" if the legal move m, which gives check, mates,
// else "+": m is played on a copy and the replies counted.
func (p *Position) appendMate(dst []byte, m Move) []byte {
	q := *p
	play(&q, m)
	if countMoves(&q) == 0 {
		return append(dst, '#')
	}
	return append(dst, '+')
}

// appendFrom appends what SAN writes of from for the legal move of a piece
// of type t (a knight, bishop, rook or queen) from from to to: nothing, the
// file, the rank or both, as the other pieces of the type with a legal move
// to to require.
func (p *Position) appendFrom(dst []byte, t PieceType, from, to Square) []byte {
	var lines uint64 // the squares from which a piece of type t may reach to
	switch t {
	case Knight:
		lines = attacks.Knight(int(to))
	case Bishop:
		lines = bishopEmpty[to]
	case Rook:
		lines = rookEmpty[to]
	default:
		lines = rookEmpty[to] | bishopEmpty[to]
	}
	others := p.Pieces(p.side, t) & lines &^ (1 << from)
	if others == 0 {
		return dst
	}
	sameFile, sameRank, other := false, false, false
	for ; others != 0; others &= others - 1 {
		s := Square(bits.TrailingZeros64(others))
		if !p.legal(newMove(int(s), int(to), flagNormal)) {
			continue // blocked, or pinned
		}
		other = true
		sameFile = sameFile || s.File() == from.File()
		sameRank = sameRank || s.Rank() == from.Rank()
	}
	switch {
	case !other:
	case !sameFile:
		dst = append(dst, 'a'+byte(from.File()))
	case !sameRank:
		dst = append(dst, '1'+byte(from.Rank()))
	default:
		dst = append(dst, 'a'+byte(from.File()), '1'+byte(from.Rank()))
	}
	return dst
}

// ParseSAN returns the legal move that the SAN string s names. It reads
// what real PGN files hold, leniently where the move is still unambiguous:
//
//   - a check or mate suffix, "+" or "#", or none, not checked against the
//     move; then an annotation of one or two of "!" and "?" (!, ?, !!, ??,
//     !?, ?!), or none;
//   - castling as O-O and O-O-O, or with zeros, 0-0 and 0-0-0 (O-O is the
//     rook on the king's h-file side, in Chess960 too);
//   - a piece's letter in capitals, NBRQK (a lower-case b is the b-file);
//     the square it leaves as its file, rank, both, or neither, even when
//     more is written than the move needs (Ngf3 where Nf3 would do);
//   - "x" for a capture, or none: Nd5 may take on d5 (but an "x" where
//     nothing is taken is an error);
//   - a pawn's capture as exd5, or without the x as ed5;
//   - a promotion as e8=Q, e8Q, e8=q or e8q;
//   - an en-passant capture with or without "e.p." after it (exd6e.p.,
//     exd6 e.p.), which must then be one;
//   - a pawn's letter, P, or none (Pe4, Pexd5);
//   - long algebraic notation, the square the piece leaves written whole
//     and "-" or "x" before the square it reaches (e2-e4, Ng1-f3, e4xd5,
//     e7-e8=Q), and coordinate notation (e2e4, g1f3, e7e8q): the legal
//     move from that square to the other, as MoveFrom finds it (a castling
//     written as the king's move, e1g1, Ke1-g1, too), the piece standing
//     there the one the letter names, if one is written (none names any).
//     A "-" says nothing of a capture: it is not checked.
//
// So it reads every move python-chess's Board.parse_san reads but its null
// moves (and more: a pawn's P, as python-chess's PGN reader reads it; but an
// "x" where nothing is taken stays an error, which python-chess lets pass).
//
// Anything else is a *SANError saying why: a malformed string (spaces, a
// move number, a lower-case piece letter, the null move "--"),
// a move no legal move matches (naming why where one piece could have
// made it: pinned, or not answering a check), a pawn reaching the last
// rank without a promotion, and an ambiguous SAN, whose error names the
// candidates in SAN (movegen: SAN "Nd2": ambiguous: Nbd2, Nfd2) and lists
// them in Candidates. It allocates nothing for a SAN it accepts, and lists
// the legal moves only to explain an error or to read a castling written as
// the king's move (e1g1): it asks IsLegal's rules of the few moves the SAN
// can name (in long algebraic and coordinate notation, the piece on the
// square it names).
func (p *Position) ParseSAN(s string) (Move, error) {
	var sp sanSpec
	if !sp.quick(s) {
		var msg string
		if sp, msg = parseSAN(s); msg != "" {
			return NoMove, &SANError{SAN: strings.Clone(s), Msg: msg}
		}
		if sp.fromSquare() && !sp.letter && sp.promo == NoPieceType {
			// Long algebraic or coordinate notation without a letter
			// (g1f3): the piece is the one on the square, for sanOne.
			if pc := p.board[sp.fromFile+8*sp.fromRank]; pc != NoPiece {
				sp.piece = pc.Type()
			}
		}
	}
	if !p.hasKing() {
		return NoMove, &SANError{SAN: strings.Clone(s), Msg: "the position has no kings"}
	}
	if m, ok := p.sanOne(&sp); ok {
		return p.sanAgrees(s, &sp, m)
	}
	return p.parseSANList(s, &sp)
}

// sanOne finds the move sp names without listing the legal moves: the
// squares its piece can come from (the pieces of its type that reach sp.to,
// a pawn's one or two squares behind it, castling's king and rook), those
// sp's file and rank allow, each asked of legal. ok is true when exactly
// one is legal; else parseSANList decides, and explains.
func (p *Position) sanOne(sp *sanSpec) (m Move, ok bool) {
	us := p.side
	if sp.castle != 0 {
		right := 2*int(us) + sp.castle - 1 // kingside, then queenside
		if p.castle&(1<<right) == 0 {
			return NoMove, false
		}
		m = newMove(p.kingSq(us), int(p.castleRook[right]), flagCastle) | p.castleBit
		return m, p.legal(m)
	}
	to := int(sp.to)
	var from uint64 // the candidate squares
	flag := flagNormal
	if sp.piece == Pawn {
		push := pushDelta[us]
		behind := to - push
		if behind < 0 || behind > 63 {
			return NoMove, false
		}
		switch df := sp.fromFile - to&7; {
		case sp.fromFile >= 0 && (df == 1 || df == -1):
			// A capture, en passant or onto a piece.
			from = 1 << (behind + df)
			if p.ep != noEP && to == int(p.ep) {
				flag = flagEP
			}
		case sp.fromFile >= 0 && df != 0 || sp.capture:
			return NoMove, false
		case p.board[behind] != NoPiece:
			from = 1 << behind
		case uint64(1)<<behind&doubleFrom[us] != 0:
			from, flag = 1<<(behind-push), flagDouble
		}
		from &= p.byType[Pawn-1] & p.byColor[us]
		if (uint64(1)<<to&lastRank[us] != 0) != (sp.promo != NoPieceType) {
			return NoMove, false // "must promote" or "only ... promotes": parseSANList says why
		}
		if sp.promo != NoPieceType {
			flag = flagPromoN + int(sp.promo-Knight)
		}
	} else {
		from = pieceAttacks(sp.piece, to, p.occ()) & p.byType[sp.piece-1] & p.byColor[us]
	}
	if sp.fromFile >= 0 {
		from &= 0x0101010101010101 << sp.fromFile
	}
	if sp.fromRank >= 0 {
		from &= rank1 << (8 * sp.fromRank)
	}
	if from == 0 {
		return NoMove, false
	}
	// The target: empty for a pawn's push, an enemy piece (not the king)
	// for a capture; the path of a pawn's push was seen empty above, a
	// piece's by its attacks. Then the king's safety, as legal tests it.
	target := p.board[to]
	switch {
	case target != NoPiece && (target.Color() == us || target.Type() == King):
		return NoMove, false
	case sp.piece == Pawn && flag != flagEP && (target == NoPiece) != (sp.fromFile < 0 || sp.fromFile == to&7):
		return NoMove, false
	}
	var t threats
	t.set(p, p.byColor[us^1])
	o := nodeOcc(p, p.occ())
	n := 0
	for ; from != 0; from &= from - 1 {
		c := newMove(lsb(from), to, flag)
		// safe takes the captured piece out of t: the same piece for every
		// candidate (they share to and flag), so t needs no copy.
		if p.safe(c, &t, o) {
			m = c
			n++
		}
	}
	return m, n == 1
}

// parseSANList is ParseSAN by the list of legal moves: the moves that sp
// matches, and why none or several do.
func (p *Position) parseSANList(s string, sp *sanSpec) (Move, error) {
	if sp.fromSquare() {
		return p.sanFrom(s, sp)
	}
	var list moveList
	n := generate(p, &list)
	if sp.castle != 0 {
		for _, m := range list[:n] {
			if m.IsCastle() && (m.To() > m.From()) == (sp.castle == 1) {
				return m, nil
			}
		}
		return NoMove, &SANError{SAN: strings.Clone(s), Msg: p.whyCannotCastle(sp.castle == 1)}
	}
	found, matches := NoMove, 0
	needsPromo := false
	for _, m := range list[:n] {
		if m.IsCastle() || m.To() != sp.to {
			continue
		}
		from := m.From()
		if p.PieceAt(from).Type() != sp.piece || !sp.fromMatches(from) {
			continue
		}
		if m.Promotion() != sp.promo {
			needsPromo = needsPromo || sp.promo == NoPieceType
			continue
		}
		if matches == 0 {
			found = m
		}
		matches++
	}
	switch {
	case matches > 1:
		return NoMove, p.ambiguous(s, *sp, list[:n])
	case matches == 0 && needsPromo:
		return NoMove, &SANError{SAN: strings.Clone(s), Msg: "a pawn reaching the last rank must promote: add =Q, =R, =B or =N"}
	case matches == 0:
		return NoMove, &SANError{SAN: strings.Clone(s), Msg: p.whyNoMove(*sp)}
	}
	return p.sanAgrees(s, sp, found)
}

// sanAgrees returns m, the one legal move sp matches, unless sp's "x" or
// "e.p." says what m is not.
func (p *Position) sanAgrees(s string, sp *sanSpec, m Move) (Move, error) {
	switch {
	case sp.capture && !p.IsCapture(m):
		return NoMove, &SANError{SAN: strings.Clone(s), Msg: "x, but there is nothing to take on " + sp.to.String()}
	case sp.ep && !m.IsEnPassant():
		return NoMove, &SANError{SAN: strings.Clone(s), Msg: "e.p., but the move is not an en-passant capture"}
	}
	return m, nil
}

// sanFrom is ParseSAN of a move whose from-square sp names whole (e2-e4,
// Ng1f3, Qh4e1) where sanOne found none (a piece's move without its
// letter, g1f3; a castling as the king's move, e1g1; an illegal move): the
// legal move from that square to sp.to, as MoveFrom finds it, its piece
// the one sp's letter names, if it names one.
func (p *Position) sanFrom(s string, sp *sanSpec) (Move, error) {
	from := Square(sp.fromFile + 8*sp.fromRank)
	us, pc := p.side, p.PieceAt(from)
	what := "piece"
	if sp.letter {
		what = sp.piece.String()
	}
	switch {
	case pc == NoPiece || pc.Color() != us:
		return NoMove, &SANError{SAN: strings.Clone(s), Msg: "no " + us.String() + " " + what + " on " + from.String()}
	case sp.letter && pc.Type() != sp.piece:
		return NoMove, &SANError{SAN: strings.Clone(s), Msg: "a " + us.String() + " " + pc.Type().String() + " stands on " +
			from.String() + ", not a " + what}
	}
	m, err := p.MoveFrom(from, sp.to, sp.promo)
	if err != nil {
		msg := err.Error()
		if me, ok := err.(*MoveError); ok {
			msg = me.Msg
		}
		return NoMove, &SANError{SAN: strings.Clone(s), Msg: msg}
	}
	return p.sanAgrees(s, sp, m)
}

// PlaySAN plays the legal move that the SAN string s names (see ParseSAN);
// on an error it changes nothing.
func (p *Position) PlaySAN(s string) error {
	m, err := p.ParseSAN(s)
	if err != nil {
		return err
	}
	play(p, m)
	return nil
}

// sanSpec is what a SAN string says of its move.
type sanSpec struct {
	castle             int // 1 kingside (O-O), 2 queenside (O-O-O), 0 not castling
	piece              PieceType
	letter             bool // the piece's letter is written (a pawn's: P)
	fromFile, fromRank int  // -1 where not given
	capture, ep        bool
	to                 Square
	promo              PieceType
}

// fromSquare reports whether sp names the square its piece leaves whole:
// long algebraic or coordinate notation (e2-e4, g1f3), or SAN's most
// disambiguated move (Qh4e1).
func (sp *sanSpec) fromSquare() bool { return sp.castle == 0 && sp.fromFile >= 0 && sp.fromRank >= 0 }

func (sp *sanSpec) fromMatches(from Square) bool {
	if sp.fromFile >= 0 && from.File() != sp.fromFile || sp.fromRank >= 0 && from.Rank() != sp.fromRank {
		return false
	}
	// A pawn without a file given pushes along its file.
	return sp.piece != Pawn || sp.fromFile >= 0 || from.File() == sp.to.File()
}

// quick reads the common forms of SAN into sp, as parseSAN would: O-O,
// O-O-O, e4, e8=Q, exd5, exd8=Q and a piece's moves (Nf3, Nbd7, R1e2,
// Qh4xe1), each with a check suffix or none and an annotation or none. It
// reports false for anything else, which parseSAN then reads or rejects.
func (sp *sanSpec) quick(s string) bool {
	n := len(s)
	for k := 0; k < 2 && n > 0 && (s[n-1] == '!' || s[n-1] == '?'); k++ {
		n--
	}
	if n > 0 && (s[n-1] == '+' || s[n-1] == '#') {
		n--
	}
	b := s[:n]
	*sp = sanSpec{fromFile: -1, fromRank: -1}
	switch {
	case b == "O-O":
		sp.castle = 1
		return true
	case b == "O-O-O":
		sp.castle = 2
		return true
	case n < 2:
		return false
	}
	if c := b[n-1]; c == 'N' || c == 'B' || c == 'R' || c == 'Q' {
		// A promotion: e8=Q, exd8=Q.
		if n < 4 || b[n-2] != '=' {
			return false
		}
		sp.promo = sanPiece[c]
		b, n = b[:n-2], n-2
	}
	if n < 2 || !isFile(b[n-2]) || !isRank(b[n-1]) {
		return false
	}
	sp.to = Square(int(b[n-2]-'a') + 8*int(b[n-1]-'1'))
	b = b[:n-2]
	if pt := sanPiece[firstByte(b)]; pt != NoPieceType {
		if sp.promo != NoPieceType {
			return false
		}
		sp.piece, sp.letter = pt, true
		b = b[1:]
		if len(b) > 0 && b[len(b)-1] == 'x' {
			sp.capture = true
			b = b[:len(b)-1]
		}
		if len(b) > 0 && isFile(b[0]) {
			sp.fromFile = int(b[0] - 'a')
			b = b[1:]
		}
		if len(b) > 0 && isRank(b[0]) {
			sp.fromRank = int(b[0] - '1')
			b = b[1:]
		}
		return b == ""
	}
	sp.piece = Pawn
	switch {
	case b == "":
		return true
	case len(b) == 2 && isFile(b[0]) && b[1] == 'x' && b[0] != byte('a'+sp.to.File()):
		sp.fromFile, sp.capture = int(b[0]-'a'), true
		return true
	}
	return false
}

// sanPiece is the piece type of a SAN piece letter, else NoPieceType.
var sanPiece = [256]PieceType{'N': Knight, 'B': Bishop, 'R': Rook, 'Q': Queen, 'K': King}

func firstByte(s string) byte {
	if s == "" {
		return 0
	}
	return s[0]
}

const sanMalformed = "not SAN (a move such as e4, Nf3, exd5, Qh4xe1, e8=Q, O-O)"

// parseSAN reads s into a sanSpec, or returns what is wrong with it.
func parseSAN(s string) (sp sanSpec, msg string) {
	sp.fromFile, sp.fromRank = -1, -1
	body := s
	switch body {
	case "":
		return sp, "empty"
	case "--", "Z0", "0000", "@@@@":
		return sp, "the null move is not a move of the position"
	}
	for k := 0; k < 2 && len(body) > 0 && (body[len(body)-1] == '!' || body[len(body)-1] == '?'); k++ {
		body = body[:len(body)-1]
	}
	suffix := false
	if len(body) > 0 && (body[len(body)-1] == '+' || body[len(body)-1] == '#') {
		body, suffix = body[:len(body)-1], true
	}
	if rest, ok := strings.CutSuffix(body, "e.p."); ok {
		body, sp.ep = strings.TrimSuffix(rest, " "), true
		if !suffix && len(body) > 0 && (body[len(body)-1] == '+' || body[len(body)-1] == '#') {
			body = body[:len(body)-1]
		}
	}
	switch body {
	case "O-O", "0-0":
		sp.castle = 1
	case "O-O-O", "0-0-0":
		sp.castle = 2
	}
	if sp.castle != 0 {
		if sp.ep {
			return sp, "e.p. after a castling"
		}
		return sp, ""
	}
	sp.piece = Pawn
	if len(body) > 0 {
		if i := strings.IndexByte(sanLetters[1:], body[0]); i >= 0 {
			sp.piece, sp.letter = Pawn+PieceType(i), true
			body = body[1:]
		}
	}
	if n := len(body); n > 0 && !isRank(body[n-1]) {
		// A promotion: a piece's letter after the square, with or without =.
		i := strings.IndexByte("NBRQnbrq", body[n-1])
		if i < 0 {
			if n >= 2 && body[n-2] == '=' {
				return sp, "a pawn promotes to a queen, rook, bishop or knight (=Q, =R, =B, =N)"
			}
			return sp, sanMalformed
		}
		sp.promo = Knight + PieceType(i%4)
		body = strings.TrimSuffix(body[:n-1], "=")
	}
	n := len(body)
	if n < 2 || !isFile(body[n-2]) || !isRank(body[n-1]) {
		return sp, sanMalformed
	}
	sp.to = Square(int(body[n-2]-'a') + 8*int(body[n-1]-'1'))
	body = body[:n-2]
	if len(body) > 0 && body[len(body)-1] == 'x' {
		sp.capture = true
		body = body[:len(body)-1]
	} else if len(body) > 1 && body[len(body)-1] == '-' {
		body = body[:len(body)-1] // long algebraic notation's "moves to"
	}
	if len(body) > 0 && isFile(body[0]) {
		sp.fromFile = int(body[0] - 'a')
		body = body[1:]
	}
	if len(body) > 0 && isRank(body[0]) {
		sp.fromRank = int(body[0] - '1')
		body = body[1:]
	}
	if body != "" {
		return sp, sanMalformed
	}
	if sp.promo != NoPieceType && sp.piece != Pawn {
		return sp, "only a pawn promotes"
	}
	if sp.fromSquare() {
		// The piece on the square, whatever it is when no letter
		// names it, and the move, are the position's to say.
		return sp, ""
	}
	if sp.piece == Pawn {
		switch {
		case sp.fromRank >= 0:
			return sp, "a pawn's move names no rank before the square it reaches (e4, exd5)"
		case sp.capture && sp.fromFile < 0:
			return sp, "a pawn's capture names the file it leaves (exd5)"
		case sp.capture && sp.fromFile == sp.to.File():
			return sp, "a pawn captures onto the next file"
		}
	}
	if sp.ep && (sp.piece != Pawn || sp.fromFile < 0) {
		return sp, "e.p. after a move that is not a pawn's capture"
	}
	return sp, ""
}

func isFile(c byte) bool { return c >= 'a' && c <= 'h' }
func isRank(c byte) bool { return c >= '1' && c <= '8' }

// ambiguous returns the error for a SAN that several legal moves match.
func (p *Position) ambiguous(s string, sp sanSpec, legal []Move) *SANError {
	e := &SANError{SAN: strings.Clone(s)}
	var names []string
	for _, m := range legal {
		if !m.IsCastle() && m.To() == sp.to && p.PieceAt(m.From()).Type() == sp.piece &&
			sp.fromMatches(m.From()) && m.Promotion() == sp.promo {
			e.Candidates = append(e.Candidates, m)
		}
	}
	slices.SortFunc(e.Candidates, func(a, b Move) int { return strings.Compare(p.SAN(a), p.SAN(b)) })
	for _, m := range e.Candidates {
		names = append(names, p.SAN(m))
	}
	e.Msg = "ambiguous: " + strings.Join(names, ", ")
	return e
}

// whyCannotCastle explains why the side to move cannot castle on the wing.
func (p *Position) whyCannotCastle(kingside bool) string {
	us := p.Side()
	right, wing := WhiteQueenside<<(2*us), "queenside (O-O-O)"
	if kingside {
		right, wing = WhiteKingside<<(2*us), "kingside (O-O)"
	}
	rsq, ok := p.CastlingRook(right)
	if !ok {
		return us.String() + " has no right to castle " + wing
	}
	ksq := p.KingSquare(us)
	uci := ksq.String() + rsq.String()
	if !p.Chess960() {
		kTo := ksq - 2
		if kingside {
			kTo = ksq + 2
		}
		uci = ksq.String() + kTo.String()
	}
	if _, err := p.ParseUCI(uci); err != nil {
		if me, ok := err.(*MoveError); ok {
			return me.Msg
		}
	}
	return us.String() + " cannot castle " + wing
}

// whyNoMove explains why no legal move matches sp, a move that is not
// castling.
func (p *Position) whyNoMove(sp sanSpec) string {
	us := p.Side()
	if own := p.PieceAt(sp.to); own != NoPiece && own.Color() == us {
		return "a " + us.String() + " " + own.Type().String() + " stands on " + sp.to.String()
	}
	// The pieces that move to sp.to by the rules of their movement.
	var from []Square
	for s := p.Pieces(us, sp.piece); s != 0; s &= s - 1 {
		sq := Square(bits.TrailingZeros64(s))
		if sp.fromMatches(sq) && p.reaches(int(sq), int(sp.to)) {
			from = append(from, sq)
		}
	}
	what := "no " + us.String() + " " + sp.piece.String()
	switch {
	case sp.fromFile >= 0 && sp.fromRank >= 0:
		what += " on " + Square(sp.fromFile+8*sp.fromRank).String()
	case sp.fromFile >= 0:
		what += " on the " + string(rune('a'+sp.fromFile)) + "-file"
	case sp.fromRank >= 0:
		what += " on rank " + string(rune('1'+sp.fromRank))
	}
	switch {
	case len(from) == 0 && sp.piece == Pawn && sp.fromFile >= 0:
		return what + " takes on " + sp.to.String()
	case len(from) == 0:
		return what + " moves to " + sp.to.String()
	case len(from) == 1:
		uci := from[0].String() + sp.to.String()
		if sp.promo != NoPieceType {
			uci += string(rune("??nbrq"[sp.promo]))
		}
		if _, err := p.ParseUCI(uci); err != nil {
			if me, ok := err.(*MoveError); ok {
				return me.Msg
			}
		}
	}
	if p.InCheck() {
		return us.String() + " is in check, and no " + sp.piece.String() + " move to " + sp.to.String() + " ends it"
	}
	return "each " + us.String() + " " + sp.piece.String() + " that moves to " + sp.to.String() + " would leave the " + us.String() + " king in check"
}
