package movegen_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/symmagic/attacks/movegen"
)

func ExamplePosition_SAN() {
	p, err := movegen.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		panic(err)
	}
	for _, uci := range []string{"e1g1", "e1c1", "d5e6", "e5f7", "e2a6", "c3b1", "f3f6"} {
		m, err := p.ParseUCI(uci)
		if err != nil {
			panic(err)
		}
		fmt.Print(p.SAN(m), " ")
	}
	fmt.Println()
	// Output:
	// O-O O-O-O dxe6 Nxf7 Bxa6 Nb1 Qxf6
}

func ExamplePosition_AppendSAN() {
	// Knights on d5 and d7 both reach f6: the rank tells them apart. The
	// moves are written one after another into one buffer.
	p, err := movegen.ParseFEN("4k3/3N4/8/3N4/8/8/8/4K3 w - - 0 1")
	if err != nil {
		panic(err)
	}
	var buf []byte
	for _, m := range p.LegalMoves(nil) {
		if m.To().String() == "f6" {
			buf = p.AppendSAN(buf, m) // no allocation once buf has room
			buf = append(buf, ' ')
		}
	}
	fmt.Println(string(buf))
	// Output:
	// N5f6+ N7f6+
}

func ExamplePosition_ParseSAN() {
	p, err := movegen.ParseFEN("4k3/8/8/8/8/1N3N2/8/4K3 w - - 0 1")
	if err != nil {
		panic(err)
	}
	for _, s := range []string{"Nbd4", "Nfxd4!?", "Nf3d4", "Nd4", "Nd5"} {
		m, err := p.ParseSAN(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(s, "is", m)
	}
	_, err = p.ParseSAN("Nd4")
	var se *movegen.SANError
	if errors.As(err, &se) {
		fmt.Println("candidates:", se.Candidates)
	}
	// Output:
	// Nbd4 is b3d4
	// movegen: SAN "Nfxd4!?": x, but there is nothing to take on d4
	// Nf3d4 is f3d4
	// movegen: SAN "Nd4": ambiguous: Nbd4, Nfd4
	// movegen: SAN "Nd5": no white knight moves to d5
	// candidates: [b3d4 f3d4]
}

func ExamplePosition_PlaySAN() {
	p := movegen.StartPosition()
	for _, s := range strings.Fields("e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#") {
		if err := p.PlaySAN(s); err != nil {
			panic(err)
		}
	}
	fmt.Println(p.FEN())
	fmt.Println(p.Outcome(nil))
	// Output:
	// r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4
	// 1-0 checkmate
}

func ExamplePosition_IsInsufficientMaterial() {
	for _, fen := range []string{
		"4k3/8/8/8/8/8/8/4KN2 w - - 0 1",     // king and knight against king
		"2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1",   // bishops on one colour (c8, f1)
		"3bk3/8/8/8/8/8/8/4KB2 w - - 0 1",    // bishops on both (d8, f1)
		"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",    // two knights: a mate can arise
		"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",    // a pawn
		"4kn2/8/8/8/8/8/8/4KB2 w - - 0 1",    // bishop against knight
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1",      // kings alone
		"1b2k3/8/8/8/8/8/8/B3K1B1 w - - 0 1", // four bishops, one colour
	} {
		p, err := movegen.ParseFEN(fen)
		if err != nil {
			panic(err)
		}
		fmt.Print(p.IsInsufficientMaterial(), " ")
	}
	fmt.Println()
	// Output:
	// true true false false false false true true
}

func ExamplePosition_Outcome() {
	h := movegen.NewHistory(64)
	p := movegen.StartPosition()
	h.Reset(&p)
	for round := 1; round <= 4; round++ {
		for _, s := range strings.Fields("Nf3 Nf6 Ng1 Ng8") {
			if err := p.PlaySAN(s); err != nil {
				panic(err)
			}
			h.Push(&p)
		}
		fmt.Printf("start position %d times: outcome %v, claim %v\n", h.Occurrences(), p.Outcome(h), p.ClaimableDraw(h))
	}

	// A mate on the move that brings the halfmove clock to 150 wins.
	p, err := movegen.ParseFEN("6rk/6pp/8/6N1/8/8/8/4K3 w - - 149 100")
	if err != nil {
		panic(err)
	}
	q := p
	if err := q.PlaySAN("Nf7#"); err != nil {
		panic(err)
	}
	fmt.Println(q.HalfmoveClock(), q.Outcome(nil))
	if err := p.PlaySAN("Kd2"); err != nil {
		panic(err)
	}
	fmt.Println(p.HalfmoveClock(), p.Outcome(nil))
	// Output:
	// start position 2 times: outcome *, claim none
	// start position 3 times: outcome *, claim threefold repetition
	// start position 4 times: outcome *, claim threefold repetition
	// start position 5 times: outcome 1/2-1/2 fivefold repetition, claim none
	// 150 1-0 checkmate
	// 150 1/2-1/2 seventy-five-move rule
}

func ExamplePosition_ClaimableDraw() {
	p, err := movegen.ParseFEN("4k3/8/8/8/8/8/4P3/4K2R w K - 99 80")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.ClaimableDraw(nil)) // 99 plies: not yet
	// A claim on a move about to be made: play it on a copy.
	q := p
	if err := q.PlaySAN("Rh7"); err != nil {
		panic(err)
	}
	fmt.Println(q.ClaimableDraw(nil), q.Outcome(nil))
	// Output:
	// none
	// fifty-move rule *
}

func ExampleHistory() {
	p := movegen.StartPosition()
	var h movegen.History // ready to use; NewHistory gives it room up front
	h.Reset(&p)
	for _, s := range strings.Fields("Nf3 Nf6 Ng1 Ng8") {
		if err := p.PlaySAN(s); err != nil {
			panic(err)
		}
		h.Push(&p)
	}
	fmt.Println(h.Len(), h.IsRepetition(), h.Occurrences())

	// A search pushes the position after each move and pops it after.
	q := p
	if err := q.PlaySAN("e4"); err != nil {
		panic(err)
	}
	h.Push(&q)
	fmt.Println(h.Len(), h.IsRepetition(), h.Occurrences())
	h.Pop()
	fmt.Println(h.Len(), h.IsRepetition(), h.Occurrences())
	// Output:
	// 5 true 2
	// 6 false 1
	// 5 true 2
}

func ExampleNewHistory() {
	// Room for a game of 200 plies and a search 64 deep: Push allocates
	// nothing until then.
	h := movegen.NewHistory(200 + 64)
	p := movegen.StartPosition()
	h.Reset(&p)
	fmt.Println(h.Len())
	// Output:
	// 1
}

func ExampleHistory_Clone() {
	p := movegen.StartPosition()
	h := movegen.NewHistory(16)
	h.Reset(&p)
	// Each search thread takes its own copy of the game's history.
	c := h.Clone()
	if err := p.PlaySAN("d4"); err != nil {
		panic(err)
	}
	c.Push(&p)
	fmt.Println(h.Len(), c.Len())
	// Output:
	// 1 2
}

func ExamplePosition_RepetitionKey() {
	// After e2e4 the black pawn on d4 stands beside the white one, so the
	// Polyglot key counts the en-passant file; but d4xe3 would expose the
	// king on g7 to the bishop on a1, so for the repetition rule the
	// position is the same as without the en-passant square.
	p, err := movegen.ParseFEN("8/6k1/8/8/3p4/8/4P3/B3K3 w - - 0 1")
	if err != nil {
		panic(err)
	}
	if err := p.PlaySAN("e4"); err != nil {
		panic(err)
	}
	q, err := movegen.ParseFEN("8/6k1/8/8/3pP3/8/8/B3K3 b - - 0 1")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.EnPassant(), p.Key() == q.Key(), p.RepetitionKey() == q.Key())
	// Output:
	// e3 false true
}

func ExamplePosition_LAN() {
	p, err := movegen.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		panic(err)
	}
	for _, uci := range []string{"e1g1", "e1c1", "d5e6", "e5f7", "e2a6", "c3b1", "f3f6", "a2a4"} {
		m, err := p.ParseUCI(uci)
		if err != nil {
			panic(err)
		}
		fmt.Print(p.LAN(m), " ")
	}
	fmt.Println(p.LAN(movegen.NoMove))
	// Output:
	// O-O O-O-O d5xe6 Ne5xf7 Be2xa6 Nc3-b1 Qf3xf6 a2-a4 --
}

func ExamplePosition_AppendLAN() {
	// A promotion that takes and mates, and one that gives check.
	p, err := movegen.ParseFEN("3r2k1/4Pppp/8/8/8/8/8/4K3 w - - 0 1")
	if err != nil {
		panic(err)
	}
	var buf []byte
	for _, m := range p.LegalMoves(nil) {
		if m.Promotion() == movegen.Queen {
			buf = p.AppendLAN(buf, m) // no allocation once buf has room
			buf = append(buf, ' ')
		}
	}
	fmt.Println(string(buf))
	// Output:
	// e7-e8=Q+ e7xd8=Q#
}
