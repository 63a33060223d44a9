package movegen

import "github.com/symmagic/attacks"

// The key is Polyglot's (the opening-book format's Zobrist key), so that a
// position's key finds it in a Polyglot book: the XOR of one number for
// each piece on its square, one for each castling right held, one for the
// en-passant file, only when a pawn of the side to move stands beside the
// pawn that just double-pushed (whether or not its capture would be legal),
// and one when White is to move. Polyglot defines no keys for Chess960; here
// a Chess960 right is hashed as the standard right of its side and wing
// (the rook on the king's h-file side is kingside).
//
// The tables are package-level variables with initializers, not filled by
// init, so that Go initializes them before the variables that use them
// (StartPosition's).
var (
	// zPiece is by Piece; the rows of NoPiece and the unused values are zero.
	zPiece = func() (z [16][64]uint64) {
		for c := White; c <= Black; c++ {
			for t := Pawn; t <= King; t++ {
				kind := 2 * int(t-1)
				if c == White {
					kind++
				}
				copy(z[MakePiece(c, t)][:], polyglotRandom[64*kind:64*kind+64])
			}
		}
		return z
	}()
	// zCastle is by the castling-rights mask.
	zCastle = func() (z [16]uint64) {
		for mask := range z {
			for i := 0; i < 4; i++ {
				if mask&(1<<i) != 0 {
					z[mask] ^= polyglotRandom[768+i]
				}
			}
		}
		return z
	}()
	zEP   = [8]uint64(polyglotRandom[772:780]) // by file
	zTurn = polyglotRandom[780]                // White to move
)

// epKey returns the en-passant part of p's key.
func (p *Position) epKey() uint64 {
	if p.ep == noEP || attacks.Pawn(p.side == Black, int(p.ep))&p.byType[Pawn-1]&p.byColor[p.side] == 0 {
		return 0
	}
	return zEP[p.ep&7]
}

// repetitionKey returns Key without its en-passant file when no
// en-passant capture is legal (the capturing pawn pinned, or its king in a
// check the capture does not answer): Polyglot counts the file whenever a
// pawn of the side to move stands beside the pawn that double-pushed, and
// the repetition rule only when the capture is legal. The generator runs
// only in that rare case.
func (p *Position) repetitionKey() uint64 {
	e := p.epKey()
	if e == 0 {
		return p.key
	}
	var list moveList
	n := generateTactical(p, &list)
	for _, m := range list[:n] {
		if m.IsEnPassant() {
			return p.key
		}
	}
	return p.key ^ e
}

// computeKey returns p's Polyglot key computed from scratch (Key returns
// the one kept move by move; the two are equal).
func (p *Position) computeKey() uint64 {
	var k uint64
	for sq, pc := range p.board {
		k ^= zPiece[pc&15][sq]
	}
	if p.side == White {
		k ^= zTurn
	}
	return k ^ zCastle[p.castle&15] ^ p.epKey()
}
