package variant

import (
	"math/bits"

	"github.com/symmagic/attacks/movegen"
)

// hordeInsufficient is python-chess's has_insufficient_material of Horde
// (derived in github.com/stevepapazis/horde-insufficient-material-tests):
// Black, with the king, can always win by taking the horde; White's
// material is weighed against Black's pieces, which may block their own
// king.
func (p *Position) hordeInsufficient(c movegen.Color) bool {
	if c == movegen.Black {
		return false
	}
	t := &p.byType
	white := p.byColor[movegen.White]
	cnt := func(b uint64) int { return bits.OnesCount64(b) }
	queens := cnt(white & t[movegen.Queen])
	pawns := cnt(white & t[movegen.Pawn])
	rooks := cnt(white & t[movegen.Rook])
	bishops := cnt(white & t[movegen.Bishop])
	knights := cnt(white & t[movegen.Knight])
	hordeDarkB := cnt(dark & white & t[movegen.Bishop])
	hordeLightB := cnt(^uint64(dark) & white & t[movegen.Bishop])
	hordeBishopLight := hordeLightB >= 1 // the horde's bishops' colour: light (python-chess's WHITE)
	hordeNum := pawns + knights + rooks + queens + min(hordeDarkB, 2) + min(hordeLightB, 2)

	pieces := p.byColor[movegen.Black]
	piecesPawns := cnt(pieces & t[movegen.Pawn])
	piecesBishops := cnt(pieces & t[movegen.Bishop])
	piecesKnights := cnt(pieces & t[movegen.Knight])
	piecesRooks := cnt(pieces & t[movegen.Rook])
	piecesQueens := cnt(pieces & t[movegen.Queen])
	piecesDarkB := cnt(dark & pieces & t[movegen.Bishop])
	piecesLightB := cnt(^uint64(dark) & pieces & t[movegen.Bishop])
	piecesNum := cnt(pieces)

	oppositeBOf := func(light bool) int {
		if light {
			return piecesDarkB
		}
		return piecesLightB
	}
	sameBAs := func(light bool) int {
		if light {
			return piecesLightB
		}
		return piecesDarkB
	}
	notOfType := func(n int) int { return piecesNum - n }
	whitePair := hordeLightB >= 1 && hordeDarkB >= 1
	blackPair := piecesLightB >= 1 && piecesDarkB >= 1

	if hordeNum == 0 {
		return true
	}
	if hordeNum >= 4 {
		return false
	}
	if (pawns >= 1 || queens >= 1) && hordeNum >= 2 {
		return false
	}
	if rooks >= 1 && hordeNum >= 2 {
		if !(hordeNum == 2 && rooks == 1 && bishops == 1 && notOfType(sameBAs(hordeBishopLight)) == 1) {
			return false
		}
	}
	switch hordeNum {
	case 1:
		switch {
		case piecesNum == 1:
			return true
		case queens == 1:
			return !(piecesPawns >= 1 || piecesRooks >= 1 || piecesLightB >= 2 || piecesDarkB >= 2)
		case pawns == 1:
			sq := lsb(t[movegen.Pawn] & white)
			q, n := *p, *p
			q.remove(sq)
			q.put(sq, movegen.MakePiece(movegen.White, movegen.Queen), false)
			n.remove(sq)
			n.put(sq, movegen.MakePiece(movegen.White, movegen.Knight), false)
			return q.hordeInsufficient(movegen.White) && n.hordeInsufficient(movegen.White)
		case rooks == 1:
			return !(piecesPawns >= 2 || piecesRooks >= 1 && piecesPawns >= 1 ||
				piecesRooks >= 1 && piecesKnights >= 1 || piecesPawns >= 1 && piecesKnights >= 1)
		case bishops == 1:
			return !(oppositeBOf(hordeBishopLight) >= 2 ||
				oppositeBOf(hordeBishopLight) >= 1 && piecesPawns >= 1 || piecesPawns >= 2)
		case knights == 1:
			return !(piecesNum >= 4 && (piecesKnights >= 2 || piecesPawns >= 2 ||
				piecesRooks >= 1 && piecesKnights >= 1 || piecesRooks >= 1 && piecesBishops >= 1 ||
				piecesKnights >= 1 && piecesBishops >= 1 || piecesRooks >= 1 && piecesPawns >= 1 ||
				piecesKnights >= 1 && piecesPawns >= 1 || piecesBishops >= 1 && piecesPawns >= 1 ||
				blackPair && piecesPawns >= 1) &&
				(piecesDarkB < 2 || notOfType(piecesDarkB) >= 3) &&
				(piecesLightB < 2 || notOfType(piecesLightB) >= 3))
		}
	case 2:
		switch {
		case piecesNum == 1:
			return true
		case knights == 2:
			return !(piecesPawns+piecesBishops+piecesKnights >= 1)
		case whitePair:
			return !(piecesPawns >= 1 || piecesBishops >= 1 || piecesKnights >= 1 && piecesRooks+piecesQueens >= 1)
		case bishops >= 1 && knights >= 1:
			return !(piecesPawns >= 1 || oppositeBOf(hordeBishopLight) >= 1 ||
				notOfType(sameBAs(hordeBishopLight)) >= 3)
		default:
			return !(piecesPawns >= 1 && oppositeBOf(hordeBishopLight) >= 1 ||
				piecesPawns >= 1 && piecesKnights >= 1 ||
				oppositeBOf(hordeBishopLight) >= 1 && piecesKnights >= 1 ||
				oppositeBOf(hordeBishopLight) >= 2 || piecesKnights >= 2 || piecesPawns >= 2)
		}
	case 3:
		if knights == 2 && bishops == 1 || knights == 3 || whitePair {
			return false
		}
		return piecesNum == 1
	}
	return true
}
