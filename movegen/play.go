package movegen

import (
	"fmt"

	"github.com/symmagic/attacks"
)

// Play makes the move m if it is a legal move of the position, as IsLegal
// tells, and returns nil; the key, the rights, the en-passant square and
// the clocks follow. Any other move changes nothing and returns a
// *MoveError saying why it is not legal ("movegen: move \"e2e5\": a white
// pawn on e2 does not move to e5"). Play(NoMove) makes the null move, as
// PlayNull does. To undo a move, keep a copy of the position from before
// it (copy-make).
//
// Play costs a legality test of the move; a search that plays the moves
// the generator gave it calls PlayUnchecked.
func (p *Position) Play(m Move) error {
	if m == NoMove {
		return p.PlayNull()
	}
	if !p.legal(m) {
		return p.moveError(m)
	}
	play(p, m)
	return nil
}

// PlayUnchecked makes the move m, which must be a legal move of the
// position: one of LegalMoves, Captures, Quiets, ParseUCI or ParseSAN's,
// or a move IsLegal accepts. It checks nothing: it is the fast path of a
// search, and costs what Perft's own moves cost with the key kept. Given
// any other value (NoMove included), it may leave a position that is not
// one of the game, or panic; Play checks.
func (p *Position) PlayUnchecked(m Move) { play(p, m) }

// PlayNull passes the turn, the null move of a search (UCI's 0000): the
// side changes, the en-passant square and its part of the key go, the
// halfmove clock advances (a null move takes nothing and moves no pawn)
// and, after Black's, the fullmove number. The side to move must not be in
// check: then, or in a position without kings (the zero Position), it
// changes nothing and returns a *MoveError.
func (p *Position) PlayNull() error {
	switch {
	case !p.hasKing():
		return &MoveError{UCI: "0000", Msg: "the position has no kings"}
	case p.InCheck():
		return &MoveError{UCI: "0000", Msg: fmt.Sprintf("the null move passes the turn, and %s is in check", p.side)}
	}
	playNull(p)
	return nil
}

// moveError explains why m is not a legal move of p: a *MoveError naming
// the move in UCI.
func (p *Position) moveError(m Move) error {
	var list moveList
	n := generate(p, &list)
	for _, l := range list[:n] {
		if l.from() == m.from() && l.to() == m.to() && l.Promotion() == m.Promotion() {
			return &MoveError{UCI: m.String(), Msg: fmt.Sprintf("the legal move from %s to %s is %s, not %s",
				sqName(m.from()), sqName(m.to()), l.kind(), m.kind())}
		}
	}
	promo := -1
	if t := m.Promotion(); t != NoPieceType {
		promo = int(t)
	}
	return &MoveError{UCI: m.String(), Msg: p.whyIllegal(m.from(), m.to(), promo, list[:n])}
}

// IsCapture reports whether the legal move m takes a piece (en passant
// included; castling never does).
func (p *Position) IsCapture(m Move) bool {
	if m.IsEnPassant() {
		return true
	}
	return !m.IsCastle() && p.PieceAt(m.To()) != NoPiece
}

// MovedPiece returns the piece the move m moves, as it stands before the
// move: the pawn for a promotion, the king for castling. For a legal move
// it is never NoPiece; for any other value it is the piece on m.From()
// (NoPiece for NoMove, the null move).
func (p *Position) MovedPiece(m Move) Piece {
	if m == NoMove {
		return NoPiece
	}
	return p.board[m.from()]
}

// CapturedPiece returns the piece the move m takes, or NoPiece: for en
// passant, the pawn beside the capturing pawn (on To's file and From's
// rank), not on To; for castling, NoPiece, although To names the king's
// own rook (see Move). For any other value it is the piece on m.To(), so
// a legal move takes a piece exactly when CapturedPiece is not NoPiece, as
// IsCapture reports.
func (p *Position) CapturedPiece(m Move) Piece {
	switch {
	case m.IsCastle():
		return NoPiece
	case m.IsEnPassant():
		return p.board[m.from()&^7|m.to()&7]
	}
	return p.board[m.to()]
}

// play makes the legal move m on p: the board, the occupancy it keeps for
// the slider lookups (slider.go's keptOcc), the castling rights, the
// en-passant square, the clocks and the Polyglot key. The key is made
// with the move, from the pieces and squares the move reads anyway: the
// moving piece leaves from, whatever stood on to goes, and the piece that
// arrives (the promoted one, after a promotion) stands on to; en passant
// takes the pawn behind to, castling moves the king and the rook (the king
// may land on the rook's square, or stay: XOR cancels what stays). zCastle
// is XOR-linear in the rights, so one load of the rights lost
// (zCastle[old^new]) does for both.
func play(p *Position, m Move) {
	from, to, flag := m.from(), m.to(), m.flag()
	us := p.side & 1
	them := us ^ 1
	fromTo := uint64(1)<<from | uint64(1)<<to
	k := p.key ^ zTurn
	if p.ep != noEP {
		k ^= p.epKey()
		p.ep = noEP
	}
	rights := p.castle
	if p.chess960 {
		p.loseRights960(from, to)
	} else {
		p.castle &= castleKeep[from] & castleKeep[to]
	}
	k ^= zCastle[(rights^p.castle)&15]
	pc := p.board[from]
	p.half++
	if flag == flagCastle {
		k ^= p.castle960(from, to)
	} else {
		captured := p.board[to]
		k ^= zPiece[pc&15][from] ^ zPiece[pc&15][to] ^ zPiece[captured&15][to]
		if captured != NoPiece {
			p.byType[captured.Type()-1] ^= 1 << to
			p.byColor[them] ^= 1 << to
			p.half = 0
		}
		p.o.Move(from, to) // a capture too: to stays occupied
		p.byType[pc.Type()-1] ^= fromTo
		p.byColor[us] ^= fromTo
		p.board[to], p.board[from] = pc, NoPiece
		if pc.Type() == Pawn {
			p.half = 0
			switch {
			case flag == flagDouble:
				ep := (from + to) / 2
				p.ep = uint8(ep)
				// The file counts when a pawn of the side to move
				// next stands beside the pawn that pushed (epKey).
				if attacks.Pawn(us == White, ep)&p.byType[Pawn-1]&p.byColor[them] != 0 {
					k ^= zEP[ep&7]
				}
			case flag == flagEP:
				capSq := to ^ 8
				k ^= zPiece[p.board[capSq]&15][capSq]
				p.byType[Pawn-1] ^= 1 << capSq
				p.byColor[them] ^= 1 << capSq
				p.board[capSq] = NoPiece
				p.o.Clear(capSq)
			case flag >= flagPromoN:
				t := Knight + PieceType(flag-flagPromoN)
				promoted := makePiece(us, t)
				k ^= zPiece[pc&15][to] ^ zPiece[promoted&15][to]
				p.byType[Pawn-1] ^= 1 << to
				p.byType[t-1] ^= 1 << to
				p.board[to] = promoted
			}
		}
	}
	p.full += int32(us) // after Black's move
	p.side = them
	p.key = k
}

// castle960 moves the king from from and its rook from rsq to their
// castling squares, and returns the key of the pieces moved. Either may
// stay put, and the king may land on the rook's square, so both leave the
// board before either is put back.
func (p *Position) castle960(from, rsq int) uint64 {
	us := p.side
	kTo, rTo := newMove(from, rsq, flagCastle).castlingSquares()
	king, rook := p.board[from], p.board[rsq]
	before := uint64(1)<<from | uint64(1)<<rsq
	after := uint64(1)<<kTo | uint64(1)<<rTo
	p.byType[King-1] ^= 1<<from ^ 1<<kTo
	p.byType[Rook-1] ^= 1<<rsq ^ 1<<rTo
	p.byColor[us] ^= before ^ after
	p.o.Toggle(before ^ after)
	p.board[from], p.board[rsq] = NoPiece, NoPiece
	p.board[kTo], p.board[rTo] = king, rook
	return zPiece[king&15][from] ^ zPiece[king&15][kTo] ^ zPiece[rook&15][rsq] ^ zPiece[rook&15][rTo]
}

// castleKeep[sq] is the castling rights that survive a move from or to sq
// in standard chess: moving a king or rook, or capturing a rook, loses its
// rights.
var castleKeep = func() (k [64]CastlingRights) {
	for i := range k {
		k[i] = WhiteKingside | WhiteQueenside | BlackKingside | BlackQueenside
	}
	k[4] &^= WhiteKingside | WhiteQueenside  // e1
	k[7] &^= WhiteKingside                   // h1
	k[0] &^= WhiteQueenside                  // a1
	k[60] &^= BlackKingside | BlackQueenside // e8
	k[63] &^= BlackKingside                  // h8
	k[56] &^= BlackQueenside                 // a8
	return k
}()

// rookKeep[rights] keeps the bytes of castleRook whose right is held.
var rookKeep = func() (k [16][4]uint8) {
	for r := range k {
		for i := range k[r] {
			if r&(1<<i) != 0 {
				k[r][i] = 0xff
			}
		}
	}
	return k
}()

// loseRights960 clears, in Chess960 mode, the castling rights that a move
// from from to to costs: both of a king that moves, and that of a rook
// that moves or is taken. It does without branches, which mispredict in
// perft as much as they cost, but for the two that keep the mode what the
// FEN shows, rarely taken: losing the last right leaves the mode (as
// ParseFEN reads a FEN without rights), and a position in X-FEN notation
// turns to Shredder-FEN's when its field comes to be file letters alone (see
// lettersOnly).
func (p *Position) loseRights960(from, to int) {
	fromTo := uint64(1)<<from | uint64(1)<<to
	r := &p.castleRook
	lost := CastlingRights(fromTo>>(r[0]&63)&1) | CastlingRights(fromTo>>(r[1]&63)&1)<<1 |
		CastlingRights(fromTo>>(r[2]&63)&1)<<2 | CastlingRights(fromTo>>(r[3]&63)&1)<<3 |
		CastlingRights(p.byType[King-1]>>from&1)*(3<<(2*(p.side&1)))
	p.castle &^= lost
	k := &rookKeep[p.castle&15]
	r[0], r[1], r[2], r[3] = r[0]&k[0], r[1]&k[1], r[2]&k[2], r[3]&k[3]
	// The mode is what the FEN shows (see ParseFEN): without rights, none;
	// a field of file letters alone, Shredder-FEN.
	if p.castle == 0 {
		p.chess960, p.shredder, p.castleBit, p.castleRook = false, false, 0, standardRooks
	} else if !p.shredder {
		// X-FEN notation until the field it writes is file letters alone.
		// The rooks after the move: one of ours may move (onto our first
		// rank, beyond a castling rook), one of theirs may be taken.
		us := p.side
		var rooks [2]uint64
		rooks[us] = p.byType[Rook-1] & p.byColor[us]
		rooks[us^1] = p.byType[Rook-1] & p.byColor[us^1] &^ (1 << to)
		if rooks[us]>>from&1 != 0 {
			rooks[us] ^= 1<<from | 1<<to
		}
		p.shredder = p.lettersOnly(rooks[White], rooks[Black])
	}
}

// plausible reports whether m keeps p well formed if played: a piece of
// the side to move moves, onto no piece of its own and no king, a pawn
// promotes exactly when it reaches the last rank and steps two squares only
// from its second rank over an empty square, en passant takes on the
// en-passant square, and a castling moves the king and the rook of a right
// held over empty squares. A legal move is plausible; a plausible move need
// not be legal (it may leave its king in check, or move a piece as it
// cannot), but it leaves a position the generator can run on.
func (p *Position) plausible(m Move) bool {
	from, to := m.from(), m.to()
	us := p.side
	pc, target := p.board[from], p.board[to]
	if pc == NoPiece || pc.Color() != us || !p.hasKing() || from == to {
		return false
	}
	isPawn := pc.Type() == Pawn
	switch m.flag() {
	case flagCastle:
		right := 2*int(us) + wingOf(from&7, to&7)
		return pc.Type() == King && p.castle&(1<<right) != 0 && int(p.castleRook[right]) == to &&
			p.occ()&castlePaths[castleIndex(us, from, to)].empty == 0
	case flagEP:
		return isPawn && p.ep != noEP && int(p.ep) == to && attacks.Pawn(us == White, from)&(uint64(1)<<to) != 0
	case flagDouble:
		push := pushDelta[us]
		return isPawn && uint64(1)<<from&(rank1<<(8+40*int(us))) != 0 && to == from+2*push &&
			p.occ()&(1<<(from+push)|1<<to) == 0
	}
	if target != NoPiece && (target.Color() == us || target.Type() == King) {
		return false
	}
	promo := m.Promotion() != NoPieceType
	return !isPawn && !promo || isPawn && promo == (uint64(1)<<to&(rank1|rank8) != 0)
}
