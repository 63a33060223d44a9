package movegen

// Long algebraic notation (LAN), python-chess's Board.lan: the square the
// piece leaves written whole, then "-" or "x", the square it reaches.
// ParseSAN reads it back.

// LAN returns the move m in long algebraic notation, as AppendLAN writes
// it: "e2-e4", "Ng1-f3", "Nb1xc3", "e7-e8=Q+", "O-O", "--" for the null
// move; "" if m is not a legal move of the position.
func (p *Position) LAN(m Move) string {
	var buf [16]byte
	return string(p.AppendLAN(buf[:0], m))
}

// AppendLAN appends the legal move m in long algebraic notation to dst, as
// python-chess's Board.lan writes it, and returns the extended slice; it
// allocates nothing when dst has room (8 bytes always do: "e7xd8=Q#",
// "Qh4xe1#", "O-O-O#"). A move that is not legal in the position appends
// nothing, as AppendSAN does; NoMove, the null move, appends "--" where
// Play would make it (the side to move not in check), else nothing.
//
// It writes the piece's letter (none for a pawn); the square it leaves;
// "x" for a capture, en passant included, else "-"; the square it reaches;
// "=" and the piece of a promotion (e7-e8=Q); castling as SAN writes it,
// O-O for the rook on the king's h-file side and O-O-O for the rook on its
// a-file side, in Chess960 too; then "+" if the move gives check, "#" if it
// gives checkmate (none after "--"). No "e.p." and no annotations.
func (p *Position) AppendLAN(dst []byte, m Move) []byte {
	if m == NoMove {
		if !p.hasKing() || p.InCheck() {
			return dst
		}
		return append(dst, "--"...)
	}
	if !p.legal(m) {
		return dst
	}
	from, to := m.From(), m.To()
	if m.IsCastle() {
		dst = appendCastle(dst, m)
	} else {
		if t := p.PieceAt(from).Type(); t != Pawn {
			dst = append(dst, sanLetters[t])
		}
		dst = append(dst, 'a'+byte(from.File()), '1'+byte(from.Rank()))
		if m.IsEnPassant() || p.PieceAt(to) != NoPiece {
			dst = append(dst, 'x')
		} else {
			dst = append(dst, '-')
		}
		dst = append(dst, 'a'+byte(to.File()), '1'+byte(to.Rank()))
		if pr := m.Promotion(); pr != NoPieceType {
			dst = append(dst, '=', sanLetters[pr])
		}
	}
	if p.GivesCheck(m) {
		dst = p.appendMate(dst, m)
	}
	return dst
}
