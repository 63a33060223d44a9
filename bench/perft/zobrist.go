package perft

// Zobrist keys for the hashed perft. They are fixed pseudo-random numbers
// (splitmix64 from a constant seed), so a key, and a table's contents after
// a single-threaded run, are the same on every run and machine.
//
// The key covers everything the move tree below a position depends on: the
// pieces, the side to move, the castling rights and the en-passant square.
// The en-passant file is hashed whenever the position has an en-passant
// square, which play sets after every double push, capture possible or not.
// Two positions that differ only in an en-passant square no pawn can use
// then get different keys: a transposition missed now and then, never a
// wrong count. The clocks are left out: perft does not read them.
var (
	zPiece  [16][64]uint64 // by Piece; the row of NoPiece is zero
	zSide   uint64         // black to move
	zCastle [16]uint64     // by the castling-rights mask
	zEP     [noSquare + 1]uint64
)

// splitmix64 is the generator of the keys and of the load's weights: small,
// fixed, and the same in every Go release.
type splitmix64 uint64

func (s *splitmix64) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func init() {
	r := splitmix64(0x5a0b_2157_9e3c_1d47)
	for c := White; c <= Black; c++ {
		for t := Pawn; t <= King; t++ {
			for sq := range 64 {
				zPiece[makePiece(c, t)][sq] = r.next()
			}
		}
	}
	zSide = r.next()
	var rights [4]uint64
	for i := range rights {
		rights[i] = r.next()
	}
	for mask := range zCastle {
		for i, k := range rights {
			if mask&(1<<i) != 0 {
				zCastle[mask] ^= k
			}
		}
	}
	var files [8]uint64
	for i := range files {
		files[i] = r.next()
	}
	for sq := range 64 {
		zEP[sq] = files[sq&7]
	}
}

// zobrist computes p's key from scratch.
func (p *Position) zobrist() uint64 {
	var k uint64
	for sq, pc := range p.board {
		k ^= zPiece[pc][sq]
	}
	if p.side == Black {
		k ^= zSide
	}
	return k ^ zCastle[p.castle] ^ zEP[p.ep]
}

// keyAfter returns the key of child, which is parent with m played, from
// parent's key k. It reads both positions instead of living in play, so the
// unhashed search pays nothing for it.
func keyAfter(parent, child *Position, m Move, k uint64) uint64 {
	from, to := m.From(), m.To()
	// The piece leaves from, whatever stood on to goes (zero row if
	// nothing), and the piece that arrives (the promoted one, after a
	// promotion) stands on to.
	k ^= zPiece[parent.board[from]][from] ^ zPiece[parent.board[to]][to] ^ zPiece[child.board[to]][to] ^ zSide
	switch m.flag() {
	case flagEP:
		capSq := to ^ 8
		k ^= zPiece[parent.board[capSq]][capSq]
	case flagCastle:
		rf, rt := int(castleRook[to][0]), int(castleRook[to][1])
		r := parent.board[rf]
		k ^= zPiece[r][rf] ^ zPiece[r][rt]
	}
	return k ^ zCastle[parent.castle] ^ zCastle[child.castle] ^ zEP[parent.ep] ^ zEP[child.ep]
}
