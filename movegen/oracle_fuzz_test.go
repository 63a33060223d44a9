package movegen_test

import (
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// trickyFENs put the cases a generator gets wrong one or two plies away.
var trickyFENs = []string{
	// En passant that uncovers a check along a diagonal: e5xd6 opens b2-h8.
	"7k/8/8/3pP3/8/8/1B6/4K3 w - d6 0 2",
	// En passant that would expose the capturer's own king: on a diagonal,
	// on the rank (both pawns leave it), and the legal counterpart.
	"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
	"8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
	"3k4/8/8/K1Pp3r/8/8/8/8 w - d6 0 2",
	// En passant out of check: taking the checking pawn; and not at all
	// when the push uncovered a check (a bishop's on e1, here) that the
	// capture does not block. (En passant never blocks a check: the push
	// would have passed it.)
	"8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
	"8/8/8/k7/2pP4/8/8/4B1K1 b - d3 0 1",
	// Promotions, by push and by capture, that uncover a rook's check, and
	// promotions that check by themselves.
	"2r1r3/R2P3k/8/8/8/8/8/4K3 w - - 0 1",
	"4k3/1P6/8/8/8/8/K7/8 w - - 0 1",
	"2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
	// Castling rights after a rook is taken on its home square: by a
	// bishop, a knight, a rook and a promoting pawn.
	"r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1",
	"r3k2r/8/1N6/8/8/8/8/R3K2R w KQkq - 0 1",
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	"r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1",
	// Castling through, into and out of check; b1 attacked does not stop
	// O-O-O.
	"r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
	"r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
	"1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
	// Double checks: one a move away, and one on the board.
	"r2qk2r/ppp2ppp/2n5/3n1b2/2B1N3/5N2/PPPP1PPP/R1BQR1K1 w kq - 0 1",
	"4r2k/8/8/8/8/3n4/8/4K3 w - - 0 1",
	// Stalemate, and a pinned rook.
	"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	// Chess960 castling: the king staying put (O-O with the king on g1,
	// O-O-O on c1), landing on its rook's square, moving towards the h-file
	// to castle queenside, the rook shielding the king's destination from
	// a rook behind it (illegal), a rook of the other wing on the path, and
	// both wings at once in X-FEN with inner rooks.
	"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
	"1rk1r3/8/8/8/8/8/8/1RK1R3 w BEbe - 0 1",
	"2r1kr2/8/8/8/8/8/8/2R1KR2 w CFcf - 0 1",
	"rk2r3/8/8/8/8/8/8/RK2R3 w Qq - 0 1",
	"4k3/8/8/8/8/8/8/rR1K3R w BH - 0 1",
	"k7/8/8/8/8/8/8/1R1KR2r w BE - 0 1",
	"rkr5/8/8/8/8/8/8/RKR5 w ACac - 0 1",
	"1r1rk1rr/8/8/8/8/8/8/1R1RK1RR w DGdg - 0 1",
	"r3k1rr/8/8/8/8/8/8/R3K1RR w AGag - 0 1",
	"r3k1rr/8/8/8/8/8/8/R3K1RR w GQgq - 0 1",
}

// TestOracleTricky compares the tricky positions with the oracle, to perft 4
// where that is under a million nodes or with -oracle, else to perft 3
// (perft 2 with -short).
func TestOracleTricky(t *testing.T) {
	var nodes uint64
	for _, fen := range trickyFENs {
		depth := 4
		if p, err := oParse(fen); err == nil && p.perft(3) > 30_000 && !*oracleFull {
			depth = 3
		}
		if testing.Short() && !*oracleFull {
			depth = 2 // emulated CPUs
		}
		c := compare(fen, depth)
		nodes += c.nodes
		for _, p := range c.problems {
			t.Error(p)
		}
	}
	t.Logf("%d positions, %d nodes compared", len(trickyFENs), nodes)
}

// FuzzOracle: whatever FEN ParseFEN accepts prints as a FEN that parses
// to the same position and that the oracle reads as the same position, and
// the generator agrees with the oracle to perft 2 (moves, the position
// after each, captures, check and mate, divide 2; see compare).
//
//	go test ./movegen -run x -fuzz FuzzOracle -fuzztime 60s
func FuzzOracle(f *testing.F) {
	for _, fen := range trickyFENs {
		f.Add(fen)
	}
	for _, o := range openings {
		f.Add(o.fen)
	}
	// The published counts' positions.
	for _, r := range knownCounts(f) {
		f.Add(r.FEN)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		gp, err := movegen.ParseFEN(fen)
		if err != nil {
			return
		}
		printed := gp.FEN()
		again, err := movegen.ParseFEN(printed)
		if err != nil {
			t.Fatalf("ParseFEN(%q) prints as %q, which ParseFEN rejects: %v", fen, printed, err)
		}
		if again != gp || again.FEN() != printed {
			t.Fatalf("ParseFEN(%q) prints as %q, which parses to another position, %q", fen, printed, again.FEN())
		}
		op, err := oParse(fen)
		if err != nil {
			t.Fatalf("ParseFEN accepts %q, the oracle cannot read it: %v", fen, err)
		}
		if got := op.fen(); got != printed {
			t.Fatalf("%q: the generator reads %q, the oracle %q", fen, printed, got)
		}
		if op2, err := oParse(printed); err != nil || *op2 != *op {
			t.Fatalf("%q: the oracle reads the generator's FEN %q as another position (%v)", fen, printed, err)
		}
		if c := compare(printed, 2); len(c.problems) > 0 {
			t.Fatalf("%q:\n%s", fen, strings.Join(c.problems, "\n"))
		}
	})
}
