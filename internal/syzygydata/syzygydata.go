// Package syzygydata is the positions the syzygy package is checked on
// against other probers, and the format of the reference values it keeps:
// every legal position of a table's material in one fixed order
// (Enumerate), a fixed random sample of them (Sample), and the digest of a
// run of values (Digest). The syzygy package's tests and
// bench/cmd/syzygy, which runs Fathom and python-chess on the same
// positions, both read them here, so that a digest the command computed
// from Fathom's values is the one the tests compute from the package's.
// Only tests and the bench module import it.
package syzygydata

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"strconv"
	"strings"

	"github.com/symmagic/attacks/movegen"
)

// pieceOrder is the order of the tables' names' letters.
const pieceOrder = "QRBNP"

// Names returns the names of the tables of n pieces (3 to 5), kings
// included, as the tables' generator names them (the side with more
// pieces first, or with as many the one whose letters come first in
// QRBNP's order), in that order: KQvK, KRvK, ..., then two-piece sides.
func Names(n int) []string {
	var out []string
	var sides func(k int, from int, prefix string, f func(string))
	sides = func(k, from int, prefix string, f func(string)) {
		if k == 0 {
			f(prefix)
			return
		}
		for i := from; i < len(pieceOrder); i++ {
			sides(k-1, i, prefix+pieceOrder[i:i+1], f)
		}
	}
	rank := func(s string) []int {
		r := make([]int, len(s))
		for i := range s {
			r[i] = strings.IndexByte(pieceOrder, s[i])
		}
		return r
	}
	less := func(a, b string) bool { // a before b in QRBNP order, or equal
		ra, rb := rank(a), rank(b)
		for i := range ra {
			if ra[i] != rb[i] {
				return ra[i] < rb[i]
			}
		}
		return true
	}
	for w := n - 2; w >= (n-2+1)/2; w-- {
		b := n - 2 - w
		sides(w, 0, "", func(ws string) {
			sides(b, 0, "", func(bs string) {
				if w > b || less(ws, bs) {
					out = append(out, "K"+ws+"vK"+bs)
				}
			})
		})
	}
	return out
}

// piece is one piece of a table's material: its colour in the name's
// orientation (White the left side) and type.
type piece struct {
	c movegen.Color
	t movegen.PieceType
}

// pieces returns the pieces of a table's name, kings first, then white's
// and black's in the name's order.
func pieces(name string) ([]piece, error) {
	w, b, ok := strings.Cut(name, "v")
	if !ok || !strings.HasPrefix(w, "K") || !strings.HasPrefix(b, "K") {
		return nil, fmt.Errorf("syzygydata: %q is not a table name", name)
	}
	ps := []piece{{movegen.White, movegen.King}, {movegen.Black, movegen.King}}
	for c, s := range [2]string{w[1:], b[1:]} {
		for i := 0; i < len(s); i++ {
			t := movegen.PieceType(0)
			switch s[i] {
			case 'Q':
				t = movegen.Queen
			case 'R':
				t = movegen.Rook
			case 'B':
				t = movegen.Bishop
			case 'N':
				t = movegen.Knight
			case 'P':
				t = movegen.Pawn
			default:
				return nil, fmt.Errorf("syzygydata: %q is not a table name", name)
			}
			ps = append(ps, piece{movegen.Color(c), t})
		}
	}
	return ps, nil
}

// Enumerate calls fn with every legal position of the material of the
// table name: in the name's orientation and then with the colours
// exchanged; in each, White to move and then Black; in each, every
// placement of the pieces (kings first, then white's pieces, then
// black's, in the name's order, each piece's square running fastest for
// the last piece, from a1 to h8; like pieces on rising squares only,
// pawns on ranks 2 to 7), in that order. Legal is what movegen.Setup's
// Position accepts: the side not to move not in check. No position has
// castling rights or an en-passant square, and both clocks are 0 (the
// fullmove number 1). fn may keep nothing of p beyond the call.
func Enumerate(name string, fn func(p *movegen.Position)) error {
	ps, err := pieces(name)
	if err != nil {
		return err
	}
	for _, flip := range []bool{false, true} {
		for _, side := range []movegen.Color{movegen.White, movegen.Black} {
			var sq [8]int
			var rec func(i int, occ uint64)
			rec = func(i int, occ uint64) {
				if i == len(ps) {
					var s movegen.Setup
					for j, pc := range ps {
						c := pc.c
						if flip {
							c ^= 1
						}
						s.Put(movegen.Square(sq[j]), movegen.MakePiece(c, pc.t))
					}
					s.SetSide(side)
					p, err := s.Position()
					if err == nil {
						fn(&p)
					}
					return
				}
				lo, hi := 0, 63
				if ps[i].t == movegen.Pawn {
					lo, hi = 8, 55
				}
				if i > 0 && ps[i] == ps[i-1] {
					lo = max(lo, sq[i-1]+1)
				}
				for s := lo; s <= hi; s++ {
					if occ&(1<<s) != 0 {
						continue
					}
					sq[i] = s
					rec(i+1, occ|1<<s)
				}
			}
			rec(0, 0)
		}
	}
	return nil
}

// rng is splitmix64: a fixed stream of numbers from a seed, the same on
// every platform.
type rng uint64

func (r *rng) next() uint64 {
	*r += 0x9e3779b97f4a7c15
	z := uint64(*r)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// Sample returns n legal positions of the material of the table name,
// drawn from the seed: each in the name's orientation or with the colours
// exchanged, either side to move, each piece on a random square (pawns on
// ranks 2 to 7), redrawn until legal; where both sides have pawns, every
// fourth position is drawn with an en-passant square: a pawn of the side
// not to move just pushed two squares, beside a pawn of the side to move.
// The halfmove clock is 0.
func Sample(name string, n int, seed uint64) ([]movegen.Position, error) {
	ps, err := pieces(name)
	if err != nil {
		return nil, err
	}
	var pawns [2]bool
	for _, pc := range ps {
		if pc.t == movegen.Pawn {
			pawns[pc.c] = true
		}
	}
	r := rng(seed)
	out := make([]movegen.Position, 0, n)
	for len(out) < n {
		flip := r.intn(2) == 1
		side := movegen.Color(r.intn(2))
		var s movegen.Setup
		var occ uint64
		ep := movegen.NoSquare
		placed := make([]bool, len(ps))
		colour := func(pc piece) movegen.Color {
			if flip {
				return pc.c ^ 1
			}
			return pc.c
		}
		put := func(i, sq int) {
			s.Put(movegen.Square(sq), movegen.MakePiece(colour(ps[i]), ps[i].t))
			occ |= 1 << sq
			placed[i] = true
		}
		if pawns[0] && pawns[1] && len(out)%4 == 3 {
			// The pawn that pushed belongs to the side not to move.
			pusher, taker := -1, -1
			for i, pc := range ps {
				if pc.t != movegen.Pawn {
					continue
				}
				if colour(pc) != side && pusher < 0 {
					pusher = i
				}
				if colour(pc) == side && taker < 0 {
					taker = i
				}
			}
			file := r.intn(8)
			rank, behind := 3, 2 // a white pawn on rank 4, e.p. on rank 3
			if side == movegen.White {
				rank, behind = 4, 5 // a black pawn on rank 5, e.p. on rank 6
			}
			tf := file - 1
			if file == 0 || (file < 7 && r.intn(2) == 1) {
				tf = file + 1
			}
			put(pusher, rank*8+file)
			put(taker, rank*8+tf)
			ep = movegen.Square(behind*8 + file)
			// The squares the pawn crossed stay empty.
			occ |= 1<<(behind*8+file) | 1<<((2*behind-rank)*8+file)
		}
		for i, pc := range ps {
			if placed[i] {
				continue
			}
			lo, span := 0, 64
			if pc.t == movegen.Pawn {
				lo, span = 8, 48
			}
			sq := lo + r.intn(span)
			for occ&(1<<sq) != 0 {
				sq = lo + r.intn(span)
			}
			put(i, sq)
		}
		s.SetSide(side)
		if ep != movegen.NoSquare {
			s.SetEnPassant(ep)
		}
		p, err := s.Position()
		if err != nil || ep != movegen.NoSquare && p.EnPassant() != ep {
			continue
		}
		out = append(out, p)
	}
	return out, nil
}

// Bitboards returns p as Fathom takes a position: white's and black's
// pieces, then the kings, queens, rooks, bishops, knights and pawns of both.
func Bitboards(p *movegen.Position) [8]uint64 {
	return [8]uint64{
		p.ByColor(movegen.White), p.ByColor(movegen.Black),
		p.ByType(movegen.King), p.ByType(movegen.Queen), p.ByType(movegen.Rook),
		p.ByType(movegen.Bishop), p.ByType(movegen.Knight), p.ByType(movegen.Pawn),
	}
}

// Digest accumulates a run of (WDL, DTZ) values, each as its two
// signed numbers, into a SHA-256 digest, and counts them by WDL.
type Digest struct {
	h      hash.Hash
	N      int
	ByWDL  [5]int // positions by WDL, -2 to 2
	buf    [3]byte
	Failed int // values that are not a WDL in -2..2
}

// NewDigest returns an empty digest.
func NewDigest() *Digest { return &Digest{h: sha256.New()} }

// Add adds one position's values.
func (d *Digest) Add(wdl, dtz int) {
	d.buf = [3]byte{byte(int8(wdl)), byte(uint16(int16(dtz))), byte(uint16(int16(dtz)) >> 8)}
	d.h.Write(d.buf[:])
	d.N++
	if wdl >= -2 && wdl <= 2 {
		d.ByWDL[wdl+2]++
	} else {
		d.Failed++
	}
}

// Sum returns the digest's hex SHA-256.
func (d *Digest) Sum() string { return hex.EncodeToString(d.h.Sum(nil)) }

// The sizes of the reference data.
const (
	// SampleSize is the number of positions Sample draws of each 4-piece
	// table: 30 tables, a million positions.
	SampleSize = 33334
	// EnumerateRowStep and SampleRowStep: every such position of a table's
	// set is kept as a row of explicit values beside its digest.
	EnumerateRowStep = 10007
	SampleRowStep    = 337
	// RootStep: every such sample position is a root probe's position.
	RootStep = 1000
)

// SampleSeed is the seed of a table's sample: the FNV-1a hash of its name.
func SampleSeed(name string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= 1099511628211
	}
	return h
}

// Repetition returns a game that reaches p (with p's halfmove clock, which
// must be 4 or more) by four plies of moves that are not pawn moves, out
// and back, from p itself: p has then repeated. It returns the game and its
// last position, p with the fullmove number two higher, or an error when p
// has no such moves (a king in check with one legal move, a capture) or an
// en-passant square (which no repetition keeps).
func Repetition(p movegen.Position) (*movegen.History, movegen.Position, error) {
	if p.EnPassant() != movegen.NoSquare {
		return nil, p, fmt.Errorf("an en-passant square: no repetition keeps it")
	}
	f := strings.Fields(p.FEN())
	clock := p.HalfmoveClock()
	if clock < 4 {
		return nil, p, fmt.Errorf("clock %d: no room for a repetition", clock)
	}
	f[4] = strconv.Itoa(clock - 4)
	start, err := movegen.ParseFEN(strings.Join(f, " "))
	if err != nil {
		return nil, p, err
	}
	var b1, b2 [movegen.MaxMoves]movegen.Move
	// Two reversible moves a side, out and back.
	for _, a := range start.Quiets(b1[:0]) {
		if start.MovedPiece(a).Type() == movegen.Pawn {
			continue
		}
		q1 := start
		q1.PlayUnchecked(a)
		for _, b := range q1.Quiets(b2[:0]) {
			if q1.MovedPiece(b).Type() == movegen.Pawn {
				continue
			}
			q2 := q1
			q2.PlayUnchecked(b)
			back1 := movegen.NewMove(a.To(), a.From())
			if !q2.IsLegal(back1) {
				continue
			}
			q3 := q2
			q3.PlayUnchecked(back1)
			back2 := movegen.NewMove(b.To(), b.From())
			if !q3.IsLegal(back2) {
				continue
			}
			q4 := q3
			q4.PlayUnchecked(back2)
			h := movegen.NewHistory(8)
			h.Reset(&start)
			h.Push(&q1)
			h.Push(&q2)
			h.Push(&q3)
			h.Push(&q4)
			if !h.IsRepetition() || q4.HalfmoveClock() != clock {
				return nil, p, fmt.Errorf("the game from %s does not repeat", start.FEN())
			}
			return h, q4, nil
		}
	}
	return nil, p, fmt.Errorf("no four reversible moves from %s", start.FEN())
}
