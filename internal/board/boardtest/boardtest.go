// Package boardtest is what the tests of the move generator share with
// bench/perft's, which run every slider mode's copy of it: the positions
// they walk from. Only tests import this package.
package boardtest

// WalkFENs are varied starting points for the tests that walk every line
// a few plies deep: the published positions, en passant
// and promotions, and Chess960 castling of every kind.
var WalkFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1",
	"1rk1r3/8/8/8/8/8/8/1RK1R3 w BEbe - 0 1",
	"2r1kr2/pppppppp/8/8/8/8/PPPPPPPP/2R1KR2 w KQkq - 0 1",
	"r3k1rr/8/8/8/8/8/8/R3K1RR w GQgq - 0 1",
	"1r1rk1rr/8/8/8/8/8/8/1R1RK1RR b DGdg - 0 1",
}
