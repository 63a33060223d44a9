package variant

import "github.com/symmagic/attacks/movegen"

// Zobrist keys: the XOR of a number for each piece on its square, for each
// promoted piece that a rule treats as promoted (Crazyhouse, Antichess),
// for each count of each piece in each pocket, for each side's checks still
// to give, for each castling rook, for the en-passant file when an
// en-passant capture is legal, for the side to move and for the variant.
// The numbers come from a fixed SplitMix64 sequence, the same in every
// build. Two positions that the repetition rules take for the same (python-
// chess's _transposition_key, lichess's) have the same key.
var (
	zPiece    [16][64]uint64
	zPromoted [64]uint64
	zPocket   [2][5][256]uint64
	zChecks   [2][4]uint64
	zCastle   [64]uint64
	zEP       [8]uint64
	zBlack    uint64
	zVariant  [8]uint64
)

func init() {
	s := uint64(0x9e3779b97f4a7c15) // SplitMix64's state
	next := func() uint64 {
		s += 0x9e3779b97f4a7c15
		z := s
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for pc := range zPiece {
		if movegen.Piece(pc).Type() == movegen.NoPieceType || movegen.Piece(pc).Type() > movegen.King {
			continue
		}
		for sq := range zPiece[pc] {
			zPiece[pc][sq] = next()
		}
	}
	for sq := range zPromoted {
		zPromoted[sq] = next()
	}
	for c := range zPocket {
		for t := range zPocket[c] {
			for n := 1; n < 256; n++ { // an empty pocket adds nothing
				zPocket[c][t][n] = next()
			}
		}
	}
	for c := range zChecks {
		for n := range zChecks[c] {
			zChecks[c][n] = next()
		}
	}
	for sq := range zCastle {
		zCastle[sq] = next()
	}
	for f := range zEP {
		zEP[f] = next()
	}
	zBlack = next()
	for v := range zVariant {
		zVariant[v] = next()
	}
}

// Key returns the position's Zobrist key (see the package documentation):
// positions the repetition rules count as the same have the same key, and
// positions of different variants have different keys. It is computed from
// the position, so it costs a pass over the pieces (and, with an
// en-passant square, a look at the legal moves).
func (p *Position) Key() uint64 {
	k := zVariant[p.variant&7]
	for b := p.occ(); b != 0; b &= b - 1 {
		sq := lsb(b)
		k ^= zPiece[p.board[sq]&15][sq]
	}
	for b := p.effectivePromoted(); b != 0; b &= b - 1 {
		k ^= zPromoted[lsb(b)]
	}
	for c := range p.pocket {
		for t, n := range p.pocket[c] {
			k ^= zPocket[c][t][n]
		}
	}
	if p.variant == ThreeCheck {
		k ^= zChecks[0][p.checks[0]&3] ^ zChecks[1][p.checks[1]&3]
	}
	for b := p.castle; b != 0; b &= b - 1 {
		k ^= zCastle[lsb(b)]
	}
	if p.hasLegalEP() {
		k ^= zEP[p.ep&7]
	}
	if p.side == movegen.Black {
		k ^= zBlack
	}
	return k
}
