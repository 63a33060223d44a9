package movegen_test

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/symmagic/attacks/movegen"
)

// squares names the squares of a bitboard ("none" for none).
func squares(b uint64) string {
	if b == 0 {
		return "none"
	}
	var names []string
	for ; b != 0; b &= b - 1 {
		names = append(names, movegen.Square(bits.TrailingZeros64(b)).String())
	}
	return strings.Join(names, " ")
}

func ExamplePosition_Quiets() {
	p, err := movegen.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		panic(err)
	}
	// Staged: the captures first, the quiet moves after them in one buffer.
	var buf [movegen.MaxMoves]movegen.Move
	captures := p.Captures(buf[:0])
	quiets := p.Quiets(buf[len(captures):len(captures)])
	fmt.Println(len(captures), "captures +", len(quiets), "quiet moves =", p.CountMoves(), "legal moves")
	fmt.Println(quiets[:8])
	// Output:
	// 8 captures + 40 quiet moves = 48 legal moves
	// [e1d1 e1f1 e1g1 e1c1 a2a3 b2b3 g2g3 d5d6]
}

func ExamplePosition_GivesCheck() {
	p, err := movegen.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3")
	if err != nil {
		panic(err)
	}
	for _, m := range p.LegalMoves(nil) {
		if p.GivesCheck(m) {
			q := p
			q.PlayUnchecked(m)
			fmt.Println(m, "checks; mate:", q.IsCheckmate())
		}
	}
	// Output:
	// c4f7 checks; mate: false
	// f3f7 checks; mate: true
}

func ExamplePosition_SEE() {
	// White's pawn, knight and rook can each take on d5, which c6 guards:
	// the pawn wins a pawn; the knight loses itself for two pawns (Nxd5
	// cxd5 exd5); the rook loses itself for a pawn.
	p, err := movegen.ParseFEN("4k3/8/2p5/3p4/4P3/2N5/8/3RK3 w - - 0 1")
	if err != nil {
		panic(err)
	}
	for _, m := range p.Captures(nil) {
		// The exchange's value, found by threshold tests (a search asks
		// one: SEE(m, 0) in quiescence, SEE(m, -margin) to prune).
		v := -movegen.QueenValue
		for p.SEE(m, v+movegen.PawnValue) {
			v += movegen.PawnValue
		}
		fmt.Println(m, "SEE", v, "- loses nothing:", p.SEE(m, 0))
	}
	// Output:
	// e4d5 SEE 100 - loses nothing: true
	// c3d5 SEE -100 - loses nothing: false
	// d1d5 SEE -300 - loses nothing: false
}

func ExamplePosition_Attackers() {
	p, err := movegen.ParseFEN("3rk3/3q4/8/3p4/8/2N5/3R4/3QK3 w - - 0 1")
	if err != nil {
		panic(err)
	}
	d5 := movegen.Square(35)
	occ := p.Occupied()
	fmt.Println("white:", squares(p.Attackers(movegen.White, d5, occ)))
	fmt.Println("black:", squares(p.Attackers(movegen.Black, d5, occ)))
	// Take the front pieces off the occupancy, as an exchange does: the
	// rooks behind them join in (x-rays).
	occ &^= 1<<11 | 1<<51 // d2, d7
	fmt.Println("white:", squares(p.Attackers(movegen.White, d5, occ)))
	fmt.Println("black:", squares(p.Attackers(movegen.Black, d5, occ)))
	// Output:
	// white: d2 c3
	// black: d7
	// white: d1 c3
	// black: d8
}

func ExamplePosition_AttackersTo() {
	p := movegen.StartPosition()
	for _, name := range []string{"f3", "e4", "f7"} {
		sq, err := movegen.ParseSquare(name)
		if err != nil {
			panic(err)
		}
		fmt.Println(name+":", squares(p.AttackersTo(sq, p.Occupied())))
	}
	// Output:
	// f3: g1 e2 g2
	// e4: none
	// f7: e8
}

func ExamplePosition_Play_null() {
	p, err := movegen.ParseFEN("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3")
	if err != nil {
		panic(err)
	}
	q := p
	q.PlayNull() // the null move: Black passes
	fmt.Println(q.FEN())
	r, err := movegen.ParseFEN(q.FEN())
	fmt.Println(q == r, q.Key() == r.Key(), err)

	m, err := p.ParseUCI("0000") // UCI's null move
	fmt.Println(m == movegen.NoMove, err)

	check, err := movegen.ParseFEN("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
	if err != nil {
		panic(err)
	}
	_, err = check.ParseUCI("0000")
	fmt.Println(err)
	// Output:
	// rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 4
	// true true <nil>
	// true <nil>
	// movegen: move "0000": the null move passes the turn, and white is in check
}

func ExampleSetup() {
	var s movegen.Setup // an empty board, White to move
	e1, h1, e8 := movegen.Square(4), movegen.Square(7), movegen.Square(60)
	s.Put(e1, movegen.MakePiece(movegen.White, movegen.King))
	s.Put(h1, movegen.MakePiece(movegen.White, movegen.Rook))
	s.Put(e8, movegen.MakePiece(movegen.Black, movegen.King))
	s.SetCastling(movegen.WhiteKingside)
	s.SetHalfmoveClock(12)
	s.SetFullmoveNumber(40)
	p, err := s.Position()
	fmt.Println(p.FEN(), err)
	fmt.Println(s.PieceAt(h1), s.PieceAt(e1+1))

	// A setter refuses what is not a value of its kind, and changes nothing.
	fmt.Println(s.Put(64, movegen.MakePiece(movegen.White, movegen.Queen)))
	fmt.Println(s.Put(e1, movegen.NoPiece))

	// Position checks the whole by ParseFEN's rules, with its errors.
	s.Remove(h1)
	_, err = s.Position()
	fmt.Println(err)
	s.SetCastling(0)
	s.SetSide(movegen.Black)
	s.SetHalfmoveClock(0)
	s.SetEnPassant(movegen.Square(20)) // e3, which no white pawn passed
	p, _ = s.Position()
	fmt.Println(p.FEN()) // dropped, as ParseFEN drops it
	_, err = s.StrictPosition()
	fmt.Println(err) // ParseFENStrict's error
	// Output:
	// 4k3/8/8/8/8/8/8/4K2R w K - 12 40 <nil>
	// R .
	// movegen: setup: Put: square 64 is not a square (a1 = 0 to h8 = 63)
	// movegen: setup: Put: NoPiece is not a piece (Remove empties a square)
	// movegen: FEN castling: K needs a white rook on rank 1 on the h-file side of the white king (on e1)
	// 4k3/8/8/8/8/8/8/4K3 b - - 0 40
	// movegen: FEN en passant: e3: no white pawn can just have double-pushed past it (want a white pawn on e4, e3 and e2 empty)
}

func ExampleSetup_SetCastlingRook() {
	// Chess960: the king on c1 with rooks on a1 and b1 (and their black
	// twins). The queenside right names the inner rook, b1's.
	var s movegen.Setup
	for file, kind := range []movegen.PieceType{movegen.Rook, movegen.Rook, movegen.King} {
		s.Put(movegen.Square(file), movegen.MakePiece(movegen.White, kind))
		s.Put(movegen.Square(56+file), movegen.MakePiece(movegen.Black, kind))
	}
	s.SetCastlingRook(movegen.WhiteQueenside, movegen.Square(1))  // b1
	s.SetCastlingRook(movegen.BlackQueenside, movegen.Square(57)) // b8
	p, err := s.Position()
	fmt.Println(p.FEN(), p.Chess960(), err)
	for _, m := range p.LegalMoves(nil) {
		if m.IsCastle() {
			fmt.Println(m) // king takes rook
		}
	}

	// The outermost rook, a1's, by SetCastling; in Shredder-FEN letters.
	s.SetCastling(movegen.WhiteQueenside | movegen.BlackQueenside)
	s.SetChess960(true)
	p, err = s.Position()
	fmt.Println(p.FEN(), p.Chess960(), err)
	// Output:
	// rrk5/8/8/8/8/8/8/RRK5 w Bb - 0 1 true <nil>
	// c1b1
	// rrk5/8/8/8/8/8/8/RRK5 w Aa - 0 1 true <nil>
}

func ExamplePosition_Setup() {
	// Take the queens off the start position.
	p := movegen.StartPosition()
	s := p.Setup()
	s.Remove(movegen.Square(3))  // d1
	s.Remove(movegen.Square(59)) // d8
	q, err := s.Position()
	fmt.Println(q.FEN(), err)
	// Output:
	// rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1 <nil>
}
