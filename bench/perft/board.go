// Package perft is a legal chess move generator on package attacks, for
// perft: counting the leaf nodes of the game tree to a fixed depth, the
// standard correctness test for move generators and a benchmark of the
// sliding-attack lookups under a real workload.
//
// A Position comes from ParseFEN or StartPosition. Perft and Divide take a
// Mode, the sliding-attack implementation to use; each mode is a separate
// compiled copy of the generator (see Slider), so comparing them measures
// the lookups, not a dispatch.
//
// Run is the full version: threads, a transposition table shared by them
// (Options.HashMB), the memory load of an engine's network updates
// (Options.Load, see NNUE), progress reports and a stop by context. Without
// a table or load it runs the same search as Perft below its top plies.
//
// The tests check every count of testdata/perft.tsv (published counts)
// up to 5,000,000 nodes in every mode, and all of them with -deep:
//
//	go test ./perft            # a few seconds, 1,000 random positions against the oracle included
//	go test ./perft -deep      # also the rows up to 8 billion nodes, on every CPU
//	go test ./perft -oracle    # 20,000 random-game positions against an independent generator (about a minute)
//	go test ./perft -run x -bench Perft   # nodes per second, single-threaded
//
// The oracle (oracle_test.go) is a second generator in the tests, sharing
// nothing with this one: a 0x88 mailbox, moves by walking rays, legality
// by making the move and asking whether the king is attacked. By default
// TestOracle compares 1,000 positions from seeded random games, biased
// towards checks, double checks, en passant, castling and promotions, to
// perft 3 in every mode; FuzzOracle does the same to perft 2 for any FEN
// that ParseFEN accepts.
package perft

import (
	"math/bits"

	"github.com/symmagic/attacks"
)

// Color is the side: White or Black.
type Color uint8

const (
	White Color = iota
	Black
)

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece, without colour.
type PieceType uint8

const (
	Pawn PieceType = iota
	Knight
	Bishop
	Rook
	Queen
	King
)

// Piece is a coloured piece on the mailbox board; 0 is an empty square, so
// the zero board is empty.
type Piece uint8

const NoPiece Piece = 0

func makePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t+1) }

func (p Piece) Type() PieceType { return PieceType(p&7) - 1 }
func (p Piece) Color() Color    { return Color(p >> 3) }

// Castling rights, one bit each.
const (
	castleWK uint8 = 1 << iota
	castleWQ
	castleBK
	castleBQ
)

// noSquare marks "no en-passant square"; 0 (a1) would do as well, since an
// en-passant square is always on rank 3 or 6, but a distinct value keeps a
// bug from ever reading as a1.
const noSquare = 64

// Position is a chess position. The generator reads only the bitboards, the
// mailbox, side, castle and ep; the clocks are kept for FEN output.
type Position struct {
	byType  [6]uint64 // both colours, indexed by PieceType
	byColor [2]uint64
	// o is the occupancy as an attacks.Occupancy, kept up to date by every
	// move so the W mode's lookups need no permute. Inside Perft, Divide and
	// Run in the other modes it is not maintained (nothing reads it there);
	// positions handed out by this package always have it right.
	o      attacks.Occupancy
	board  [64]Piece
	side   Color
	castle uint8
	ep     uint8 // en-passant target square, or noSquare
	half   int   // halfmove clock
	full   int   // fullmove number
}

// Side returns the side to move.
func (p *Position) Side() Color { return p.side }

// PieceAt returns the piece on sq (0..63), or NoPiece.
func (p *Position) PieceAt(sq int) Piece { return p.board[sq&63] }

func (p *Position) occ() uint64 { return p.byColor[White] | p.byColor[Black] }

func (p *Position) put(sq int, pc Piece) {
	b := uint64(1) << sq
	p.byType[pc.Type()] |= b
	p.byColor[pc.Color()] |= b
	p.o.Set(sq)
	p.board[sq] = pc
}

// Tables built once from package attacks.
var (
	// rookEmpty and bishopEmpty are the attacks on an empty board: the lines
	// a pinning slider must stand on.
	rookEmpty, bishopEmpty [64]uint64
	// between[a][b] is the squares strictly between a and b when they share
	// a rank, file or diagonal, else 0. A check by a slider is blocked, and a
	// pin is broken, exactly on these squares.
	between [64][64]uint64
	// castleKeep[sq] is the castling rights that survive a move from or to
	// sq: moving a king or rook, or capturing a rook, loses its rights.
	castleKeep [64]uint8
)

func init() {
	for sq := 0; sq < 64; sq++ {
		rookEmpty[sq] = attacks.Rook(sq, 0)
		bishopEmpty[sq] = attacks.Bishop(sq, 0)
		castleKeep[sq] = 0xf
	}
	for a := 0; a < 64; a++ {
		for b := 0; b < 64; b++ {
			ba, bb := uint64(1)<<a, uint64(1)<<b
			// With a and b each blocking the other, the two attack sets meet
			// only on the segment between them (their other rays are parallel
			// or cross the line at a or b, which neither set contains).
			switch {
			case rookEmpty[a]&bb != 0:
				between[a][b] = attacks.Rook(a, bb) & attacks.Rook(b, ba)
			case bishopEmpty[a]&bb != 0:
				between[a][b] = attacks.Bishop(a, bb) & attacks.Bishop(b, ba)
			}
		}
	}
	castleKeep[4] &^= castleWK | castleWQ  // e1
	castleKeep[7] &^= castleWK             // h1
	castleKeep[0] &^= castleWQ             // a1
	castleKeep[60] &^= castleBK | castleBQ // e8
	castleKeep[63] &^= castleBK            // h8
	castleKeep[56] &^= castleBQ            // a8
}

func lsb(b uint64) int { return bits.TrailingZeros64(b) & 63 }
