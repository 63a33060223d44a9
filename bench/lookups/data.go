package lookups

import (
	"math/bits"
	"math/rand/v2"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/internal/magic"
)

// The one input stream every technique reads, built from a fixed seed:
// random games from the initial position, played until fewer than 16
// pieces remain, give realistic occupancies of 16 to 32 pieces. The move
// generation workload replays the games move by move; the other workloads
// read inputs, each a random square beside the occupancy of a random
// position of those games.

const (
	inputLen  = 4096 // inputs, a power of two: i&inputMask cycles through them
	inputMask = inputLen - 1
	numGames  = 24

	// The TT table: 2^23 entries of 8 bytes, 64 MiB.
	ttBits = 23
	ttMask = 1<<ttBits - 1
	ttSeed = 0x2545f4914f6cdd1d

	// Addresses: a 64-bit LCG (Knuth's MMIX constants) for the throughput
	// form, whose bits 41..63 and 18..40 make two addresses per step; an odd
	// multiplier for the latency form's hash of the previous result.
	lcgMul  = 6364136223846793005
	lcgAdd  = 1442695040888963407
	hashMul = 0x9e3779b97f4a7c15

	// depBit is g2, the one square whose W bit is its own number, so the
	// standard and W loops can make the occupancy depend on a result with
	// the same single AND and the same logical occupancy.
	depBit = 1 << 14
)

func init() {
	if magic.WBits()[14] != 14 {
		panic("bench: depBit assumes W[g2] = g2")
	}
}

type input struct {
	occ, occW uint64
	sq        int
}

// union is the kernel section's input for RookUnion and BishopUnion: an
// occupancy and the side to move's sliders in it, rooks and queens (rq),
// bishops and queens (bq). The inputs' i-th union is of the same position
// as their i-th input; it is kept apart so the lookups' loops read what
// they always read.
type union struct {
	occ, rq, bq uint64
}

// game is the start of one game in moves: its initial occupancy (both
// layouts) and the end of its moves.
type game struct {
	occ, occW uint64
	end       int
}

// move is one ply: the occupancy change (the from square, and the to square
// unless it was occupied) and the squares of every slider after it.
type move struct {
	delta  uint64
	lo, hi int
}

// Data is the input stream, built from a fixed seed (NewData).
type Data struct {
	in      *[inputLen]input
	unions  *[inputLen]union
	games   []game
	moves   []move
	sliders []uint8
	tt      *[1 << ttBits]uint64
	// ttX and ttH are where the TT forms' address streams stand: each call
	// continues them, so no measurement rereads the addresses of an earlier
	// one (all techniques read the same stream, and a repeat would find
	// the last reader's lines in the L3 cache).
	ttX, ttH uint64
	// mgLookups is the number of lookups in one pass of the move generation
	// workload.
	mgLookups int
}

// Pieces on the board: colour in the sign, kind in the magnitude.
const (
	pawnPc = iota + 1
	knightPc
	bishopPc
	rookPc
	queenPc
	kingPc
)

var backRank = [8]int8{rookPc, knightPc, bishopPc, queenPc, kingPc, bishopPc, knightPc, rookPc}

// NewData builds the input stream and the 64 MiB table.
func NewData() *Data {
	r := rand.New(rand.NewPCG(5, 5))
	d := &Data{in: new([inputLen]input), unions: new([inputLen]union)}
	d.resetTT()
	var positions []uint64
	var sliders [][2]uint64 // each position's rq and bq, the side to move's
	for range numGames {
		var board [64]int8
		for f := range 8 {
			board[f], board[8+f] = backRank[f], pawnPc
			board[56+f], board[48+f] = -backRank[f], -pawnPc
		}
		occ := occupancy(&board)
		d.games = append(d.games, game{occ: occ, occW: attacks.ToW(occ)})
		for ply := range 300 {
			colour := int8(1 - 2*(ply&1))
			from, to, ok := randomMove(&board, colour, r)
			if !ok {
				break
			}
			delta := uint64(1)<<from | uint64(1)<<to
			if board[to] != 0 {
				if bits.OnesCount64(occ) == 16 {
					break // the game ends before the capture that would leave 15
				}
				delta = uint64(1) << from
			}
			board[to], board[from] = board[from], 0
			if board[to]*colour == pawnPc && (to < 8 || to >= 56) {
				board[to] = queenPc * colour
			}
			occ ^= delta
			lo := len(d.sliders)
			for sq, p := range board {
				if k := p * sign(p); k == bishopPc || k == rookPc || k == queenPc {
					d.sliders = append(d.sliders, uint8(sq))
				}
			}
			d.moves = append(d.moves, move{delta: delta, lo: lo, hi: len(d.sliders)})
			positions = append(positions, occ)
			var rq, bq uint64
			for sq, p := range board {
				switch -p * colour { // the side to move: the other colour
				case rookPc:
					rq |= 1 << sq
				case bishopPc:
					bq |= 1 << sq
				case queenPc:
					rq |= 1 << sq
					bq |= 1 << sq
				}
			}
			sliders = append(sliders, [2]uint64{rq, bq})
		}
		d.games[len(d.games)-1].end = len(d.moves)
	}
	d.mgLookups = len(d.sliders)
	for i := range d.in {
		j := r.IntN(len(positions))
		occ := positions[j]
		d.in[i] = input{occ: occ, occW: attacks.ToW(occ), sq: r.IntN(64)}
		d.unions[i] = union{occ: occ, rq: sliders[j][0], bq: sliders[j][1]}
	}
	// The TT's contents only feed the loops' sums and the latency form's
	// dependency bit: any random words do.
	d.tt = new([1 << ttBits]uint64)
	x := uint64(ttSeed)
	for i := range d.tt {
		x += 0x9e3779b97f4a7c15
		z := (x ^ x>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		d.tt[i] = z ^ z>>31
	}
	return d
}

// resetTT restarts the TT address streams (tests compare sums from the same
// start).
func (d *Data) resetTT() { d.ttX, d.ttH = ttSeed, ttSeed }

func occupancy(board *[64]int8) uint64 {
	var occ uint64
	for sq, p := range board {
		if p != 0 {
			occ |= 1 << sq
		}
	}
	return occ
}

func sign(p int8) int8 {
	if p < 0 {
		return -1
	}
	return 1
}

// randomMove picks a random piece of colour with somewhere to go and a
// random destination: pseudo-legal moves (checks are ignored) that never
// capture a kingPc, so every position keeps both.
func randomMove(board *[64]int8, colour int8, r *rand.Rand) (from, to int, ok bool) {
	occ, own := uint64(0), uint64(0)
	var kings uint64
	for sq, p := range board {
		if p != 0 {
			occ |= 1 << sq
			if p*colour > 0 {
				own |= 1 << sq
			}
			if p*sign(p) == kingPc {
				kings |= 1 << sq
			}
		}
	}
	var froms []int
	var targets []uint64
	for sq, p := range board {
		if p*colour <= 0 {
			continue
		}
		var t uint64
		switch p * colour {
		case pawnPc:
			t = magic.PawnAttacks(colour > 0, sq) & occ &^ own
			step := 8 * int(colour)
			if one := sq + step; one >= 0 && one < 64 && occ>>one&1 == 0 {
				t |= 1 << one
				home := sq/8 == 1 && colour > 0 || sq/8 == 6 && colour < 0
				if two := one + step; home && occ>>two&1 == 0 {
					t |= 1 << two
				}
			}
		case knightPc:
			t = magic.KnightAttacks(sq) &^ own
		case bishopPc:
			t = magic.Attacks(magic.Bishop, sq, occ) &^ own
		case rookPc:
			t = magic.Attacks(magic.Rook, sq, occ) &^ own
		case queenPc:
			t = (magic.Attacks(magic.Rook, sq, occ) | magic.Attacks(magic.Bishop, sq, occ)) &^ own
		case kingPc:
			t = magic.KingAttacks(sq) &^ own
		}
		if t &^= kings; t != 0 {
			froms, targets = append(froms, sq), append(targets, t)
		}
	}
	if len(froms) == 0 {
		return 0, 0, false
	}
	i := r.IntN(len(froms))
	t := targets[i]
	for k := r.IntN(bits.OnesCount64(t)); k > 0; k-- {
		t &= t - 1
	}
	return froms[i], bits.TrailingZeros64(t), true
}
