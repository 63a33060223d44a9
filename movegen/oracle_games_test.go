package movegen_test

import (
	"flag"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var (
	oracleFull = flag.Bool("oracle", false, "TestOracle: compare 20,000 random-game positions with the oracle, perft 1 to 3 each (default 1,000), and TestOracleKnown: check the oracle against more published counts")
	oracleN    = flag.Int("oracle.n", 0, "TestOracle: positions to compare (0: 1,000, or 20,000 with -oracle)")
	oracleSeed = flag.Uint64("oracle.seed", 1, "TestOracle: seed of the random games")
)

// The random games start from these: the start position, a few common
// openings (so the middlegames have real structure) and positions that put
// castling, en passant and promotion within a few plies.
var openings = []struct{ fen, moves string }{
	{startFEN, ""},
	{startFEN, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6"},                        // Ruy Lopez
	{startFEN, "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6"},              // Sicilian, Najdorf
	{startFEN, "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7"},                        // Queen's Gambit Declined
	{startFEN, "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6"},                        // King's Indian
	{startFEN, "e2e4 e7e6 d2d4 d7d5 e4e5 c7c5 c2c3 b8c6"},                        // French, advance
	{startFEN, "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 d2d4 g8f6"},                        // Scandinavian
	{startFEN, "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5"},                        // Caro-Kann
	{startFEN, "c2c4 e7e5 b1c3 g8f6 g2g3 d7d5 c4d5 f6d5"},                        // English
	{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", ""}, // kiwipete
	{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", ""},
	{"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", ""},
	{"r2qk2r/pppb1ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPPB1PPP/R2QK2R w KQkq - 0 1", ""}, // castling either way soon
	{"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", ""},
	{"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", ""}, // a pawn race
	{"r3k2r/pp3ppp/8/8/8/8/PP3PPP/R3K2R w KQkq - 0 1", ""},
	{"r2qk2r/ppp2ppp/2n5/3n1b2/2B1N3/5N2/PPPP1PPP/R1BQR1K1 w kq - 0 1", ""}, // Nd6 and Nf6 are double checks
	{"7k/3p4/8/4P3/8/8/1B6/4K3 b - - 0 1", ""},                              // d7d5 e5d6 is a discovered check
	{"8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", ""},                               // e4d3 would expose the king
	{"3k4/8/8/K1Pp3r/8/8/8/8 w - d6 0 2", ""},
	{"r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1", ""}, // promotions that take a rook at home
	{"2n1k3/1P4P1/8/8/8/8/1p4p1/2N1K3 w - - 0 1", ""},
}

// openings960 are Chess960's, played in turn with the openings above:
// start positions with the king on every file it can stand on, rooks
// beside it or in the corners (castling where the king does not move, or
// lands on its rook's square), and positions in X-FEN and Shredder-FEN with
// inner rooks.
var openings960 = []struct{ fen, moves string }{
	{oChess960Start(0), ""},   // BBQNNRKR: king on g1, rook on h1
	{oChess960Start(959), ""}, // RKRNNQBB: king on b1, rook on a1
	{oChess960Start(314), ""},
	{oChess960Start(95), ""},
	{oChess960Start(700), ""},
	{oChess960Start(861), ""},
	{oChess960Start(442), ""},
	{oChess960Start(518), "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5"}, // standard chess, written as Chess960
	{"1r2k1r1/pppq1ppp/8/8/8/8/PPPQ1PPP/1R2K1R1 w KQkq - 0 1", ""},
	{"r1k1r3/8/8/8/8/8/8/R1K1R3 w KQkq - 0 1", ""},
	{"2r1kr2/8/8/8/8/8/8/2R1KR2 w CFcf - 0 1", ""},
	{"rk2r3/8/8/8/8/8/5q2/RK2R3 w Qq - 0 1", ""}, // O-O-O takes the king from b1 towards the h-file
	{"4k3/8/8/8/8/8/8/rR1K3R w BH - 0 1", ""},    // b1's rook shields c1 from a1's: O-O-O is illegal
}

const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// A feature is something a position or a played move has that a move
// generator can get wrong. The test counts them; a required one that never
// occurs fails the test, since then the comparison proved nothing about it.
var features = []struct {
	name     string
	required bool
}{
	{"in check", true},
	{"in double check", true},
	{"en passant legal", true},
	{"en passant pseudo-legal, not legal", false},
	{"both castlings legal", true},
	{"castling legal", true},
	{"castling blocked by attack", false},
	{"promotion legal", true},
	{"checkmate", false},
	{"stalemate", false},
	{"played: capture", true},
	{"played: check", true},
	{"played: double check", true},
	{"played: en passant", true},
	{"played: en passant with check", false},
	{"played: O-O", true},
	{"played: O-O-O", true},
	{"played: Chess960 castling", true},
	{"played: castling, the king not moving or landing on its rook's square", true},
	{"played: =N", true},
	{"played: =B", true},
	{"played: =R", true},
	{"played: =Q", true},
	{"played: promotion with check", true},
	{"played: rook taken at home, right lost", true},
}

// tallyPosition counts the features of p.
func tallyPosition(p *oPos, count map[string]int) {
	legal := p.legal(nil)
	checks := p.checkers()
	switch {
	case checks >= 2:
		count["in double check"]++
		fallthrough
	case checks == 1:
		count["in check"]++
	}
	if len(legal) == 0 {
		if checks > 0 {
			count["checkmate"]++
		} else {
			count["stalemate"]++
		}
	}
	var ep, oo, ooo, promo bool
	for _, m := range legal {
		switch {
		case m.epCap:
			ep = true
		case m.castle && m.rook > m.from:
			oo = true
		case m.castle:
			ooo = true
		case m.promo != 0:
			promo = true
		}
	}
	if ep {
		count["en passant legal"]++
	}
	for _, m := range p.pseudo(nil) {
		if m.epCap && !ep {
			count["en passant pseudo-legal, not legal"]++
			break
		}
	}
	if oo || ooo {
		count["castling legal"]++
	}
	if oo && ooo {
		count["both castlings legal"]++
	}
	if promo {
		count["promotion legal"]++
	}

	// A right whose squares are empty, and yet no castling that way: check
	// or an attacked square stops it.
	for wing := 0; wing < 2; wing++ {
		r := p.rights[2*oColor(p.us())+wing]
		if r < 0 {
			continue
		}
		done := wing == 0 && oo || wing == 1 && ooo
		if !done && p.castlingSquaresEmpty(wing) {
			count["castling blocked by attack"]++
		}
	}
}

// castlingSquaresEmpty reports whether the squares the king and the rook of
// the side to move's castling on the wing cross or land on are empty but
// for the two of them.
func (p *oPos) castlingSquaresEmpty(wing int) bool {
	c := oColor(p.us())
	k, r, rank := p.kings[c], p.rights[2*c+wing], 7*c
	kTo, rTo := oSq(6-4*wing, rank), oSq(5-2*wing, rank)
	for _, span := range [][2]int{{k, kTo}, {r, rTo}} {
		for s := min(span[0], span[1]); s <= max(span[0], span[1]); s++ {
			if s != k && s != r && p.board[s] != 0 {
				return false
			}
		}
	}
	return true
}

// tallyMove counts the features of m, played in p and leading to c.
func tallyMove(p *oPos, m oMove, c *oPos, count map[string]int) {
	if p.board[m.to] != 0 || m.epCap {
		count["played: capture"]++
	}
	checks := c.checkers()
	if checks > 0 {
		count["played: check"]++
	}
	if checks > 1 {
		count["played: double check"]++
	}
	switch {
	case m.epCap:
		count["played: en passant"]++
		if checks > 0 {
			count["played: en passant with check"]++
		}
	case m.castle:
		if m.rook > m.from {
			count["played: O-O"]++
		} else {
			count["played: O-O-O"]++
		}
		if p.c960 {
			count["played: Chess960 castling"]++
		}
		if m.to == m.from || m.to == m.rook {
			count["played: castling, the king not moving or landing on its rook's square"]++
		}
	case m.promo != 0:
		count["played: ="+strings.ToUpper(string(oLetters[m.promo]))]++
		if checks > 0 {
			count["played: promotion with check"]++
		}
	}
	if k := p.board[m.to]; (k == oRook || k == -oRook) && !m.castle && c.rights != p.rights && p.board[m.from]*p.us() != oKing {
		count["played: rook taken at home, right lost"]++
	}
}

// discoveries counts the pieces of the side with sign by that stand alone
// between one of its own sliders and the enemy king: each can give a
// discovered check by moving off the line.
func (p *oPos) discoveries(by int8) int {
	n := 0
	for _, line := range []struct {
		dirs []int
		kind int8
	}{{oRookDirs, oRook}, {oBishopDirs, oBishop}} {
		for _, d := range line.dirs {
			s := p.king(-by) + d
			for !oOff(s) && p.board[s] == 0 {
				s += d
			}
			if oOff(s) || p.board[s]*by <= 0 {
				continue // the first piece from the king is not one of by's
			}
			for s += d; !oOff(s) && p.board[s] == 0; s += d {
			}
			if !oOff(s) && (p.board[s] == by*line.kind || p.board[s] == by*oQueen) {
				n++
			}
		}
	}
	return n
}

// doubleCheckThreat reports whether the side that just moved could give a
// double check if it were to move again.
func (p *oPos) doubleCheckThreat() bool {
	if p.checkers() > 0 {
		return false
	}
	n := *p
	n.white = !n.white
	n.ep = -1
	for _, m := range n.legal(nil) {
		if c := n.make(m); c.checkers() > 1 {
			return true
		}
	}
	return false
}

// pick chooses a move at random, biased towards what a generator can get
// wrong and towards the positions that lead to it: captures, promotions,
// en passant, castling, checks, double checks above all, double pushes
// beside an enemy pawn (en passant next), moves that clear the back rank
// while a castling right remains (castling both ways next), captures of a
// rook that still has its right, and moves that set up a discovered or
// double check. One move in eight is chosen uniformly instead, so quiet
// play happens too.
func pick(rng *rand.Rand, p *oPos, legal []oMove) oMove {
	if rng.IntN(8) == 0 {
		return legal[rng.IntN(len(legal))]
	}
	weights := make([]int, len(legal))
	sum := 0
	us := p.us()
	for i, m := range legal {
		c := p.make(m)
		w := 2
		if p.board[m.to] != 0 {
			w += 6
		}
		if c.rights != p.rights && p.board[m.to]*us == -oRook {
			w += 40
		}
		if p.board[m.from]*us == oPawn {
			// Pawns forward, the more the nearer they are to promoting.
			w += 2
			if r := oRank(m.to); us > 0 && r >= 4 || us < 0 && r <= 3 {
				w += 6
			}
			if d := m.to - m.from; d == 32 || d == -32 {
				for _, side := range []int{-1, 1} {
					if s := m.to + side; !oOff(s) && p.board[s] == -us*oPawn {
						w += 30
					}
				}
			}
		}
		if m.promo != 0 {
			w += 40
		}
		if m.epCap {
			w += 80
		}
		if m.castle {
			w += 20
		}
		// Clearing the back rank while a right remains: castling both ways.
		if r := oRank(m.from); r == 7*oColor(us) && p.rights[2*oColor(us)]+p.rights[2*oColor(us)+1] > -2 &&
			p.board[m.from]*us != oKing && p.board[m.from]*us != oRook {
			w += 10
		}
		switch c.checkers() {
		case 0:
		case 1:
			w += 8
		default:
			w += 10000 // rare: take it whenever it is there
		}
		w += 40 * c.discoveries(us)
		if c.doubleCheckThreat() {
			w += 200
		}
		weights[i] = w
		sum += w
	}
	r := rng.IntN(sum)
	for i, w := range weights {
		if r < w {
			return legal[i]
		}
		r -= w
	}
	panic("unreachable")
}

// randomPositions plays seeded random games from the openings, in turn, and
// returns the first n distinct positions reached (distinct apart from the
// clocks), counting their features in count.
func randomPositions(t testing.TB, seed uint64, n int, count map[string]int) (fens []string, games int) {
	rng := rand.New(rand.NewPCG(seed, 0x6f7261636c65))
	seen := map[string]bool{}
	add := func(p *oPos) bool {
		fen := p.fen()
		key := fen[:strings.LastIndexByte(fen[:strings.LastIndexByte(fen, ' ')], ' ')]
		if !seen[key] {
			seen[key] = true
			fens = append(fens, fen)
			tallyPosition(p, count)
		}
		return len(fens) >= n
	}
	for ; ; games++ {
		o := openings[(games/3*2+games%3)%len(openings)]
		if games%3 == 2 {
			o = openings960[games/3%len(openings960)]
		}
		p, err := oParse(o.fen)
		if err != nil {
			t.Fatalf("opening %s: %v", o.fen, err)
		}
		if add(p) {
			return
		}
		for _, name := range strings.Fields(o.moves) {
			legal := p.legal(nil)
			i := slices.IndexFunc(legal, func(m oMove) bool { return m.String() == name })
			if i < 0 {
				t.Fatalf("opening %s %s: %s is not legal", o.fen, o.moves, name)
			}
			*p = p.make(legal[i])
			if add(p) {
				return
			}
		}
		for range 10 + rng.IntN(40) {
			legal := p.legal(nil)
			if len(legal) == 0 {
				break
			}
			m := pick(rng, p, legal)
			c := p.make(m)
			tallyMove(p, m, &c, count)
			*p = c
			if add(p) {
				return
			}
		}
	}
}

// TestOracle is the differential test: every distinct position of seeded
// random games, standard chess and Chess960, compared with the oracle
// through the public API (see compare). The default run checks 1,000
// positions to perft 3; -oracle checks 20,000. The nodes compared are the
// generator's perft 1, 2 and 3 counts summed over positions, each equal to
// the oracle's.
func TestOracle(t *testing.T) {
	n := *oracleN
	if n <= 0 {
		switch {
		case *oracleFull:
			n = 20000
		case testing.Short():
			n = 200 // emulated CPUs
		default:
			n = 1000
		}
	}
	const depth = 3
	start := time.Now()
	count := map[string]int{}
	fens, games := randomPositions(t, *oracleSeed, n, count)
	t.Logf("%d positions from %d random games (seed %d) in %v", len(fens), games, *oracleSeed, time.Since(start).Round(time.Millisecond))
	var missing []string
	for _, f := range features {
		t.Logf("%8d  %s", count[f.name], f.name)
		if f.required && count[f.name] == 0 {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 && n >= 1000 {
		t.Errorf("the random games never produced: %s", strings.Join(missing, ", "))
	}

	start = time.Now()
	results := make([]comparison, len(fens))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(fens) {
					return
				}
				results[i] = compare(fens[i], depth)
			}
		}()
	}
	wg.Wait()
	var nodes uint64
	mismatches, shown := 0, 0
	for _, r := range results {
		nodes += r.nodes
		mismatches += len(r.problems)
		for _, p := range r.problems {
			if shown < 10 {
				t.Error(p)
				shown++
			}
		}
	}
	if mismatches > shown {
		t.Errorf("... and %d more mismatches", mismatches-shown)
	}
	t.Logf("perft 1 to %d, %v", depth, time.Since(start).Round(time.Millisecond))
	t.Logf("oracle: %d positions, %d nodes compared, %d mismatches", len(fens), nodes, mismatches)
}
