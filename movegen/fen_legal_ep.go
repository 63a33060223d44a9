package movegen

import "strings"

// FENLegalEnPassant writes the position as FEN does, but for the
// en-passant square, written only where a legal en-passant capture exists
// ("-" otherwise), as lichess.org and python-chess (Board.fen's default)
// write it. FEN writes the square after every double push, as the FEN
// standard and pgn-extract do.
func (p *Position) FENLegalEnPassant() string {
	fen := p.FEN()
	if p.ep == noEP || p.hasLegalEnPassant() {
		return fen
	}
	// The en-passant field is the fourth: replace it by "-".
	f := strings.SplitN(fen, " ", 5)
	f[3] = "-"
	return strings.Join(f, " ")
}

// hasLegalEnPassant reports whether the side to move has a legal
// en-passant capture.
func (p *Position) hasLegalEnPassant() bool {
	var buf [MaxMoves]Move
	for _, m := range p.Captures(buf[:0]) {
		if m.IsEnPassant() {
			return true
		}
	}
	return false
}
