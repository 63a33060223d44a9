package movegen_test

import (
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// The SAN and draw-rule benchmarks: go test ./movegen -run x -bench 'SAN|LAN|History|Outcome' -count 5

// sanBenchFENs are the positions of the SAN benchmarks: the start, an
// opening, kiwipete (castling both ways, many captures), a middlegame with
// checks to give, and an ending with promotions.
var sanBenchFENs = []string{
	movegen.StartFEN,
	"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
	kiwipete,
	"r2q1rk1/pp2bppp/2n1pn2/3p2B1/2PP4/2N2N2/PP3PPP/R2QKB1R w KQ - 0 9",
	"8/2P1k3/8/8/3N4/8/5Kp1/8 w - - 0 1",
}

// BenchmarkSANAll writes the SAN of every legal move of each position,
// suffixes included, into one buffer: a call per move, as a GUI or a PGN
// writer calls it. BenchmarkSANLegalMoves lists the same positions' moves:
// the ratio of the two is the cost of SAN over listing the moves.
func BenchmarkSANAll(b *testing.B) {
	ps, moves := sanBench(b)
	buf := make([]byte, 0, 16)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range ps {
			for _, m := range moves[j] {
				buf = ps[j].AppendSAN(buf[:0], m)
			}
		}
	}
	reportPerMove(b, moves)
}

// BenchmarkLANAll writes the long algebraic notation of every legal move
// of the SAN benchmarks' positions, as BenchmarkSANAll writes their SAN.
// Its loop is BenchmarkSANAll's with the other method: a function value
// shared by the two would time an indirect call with each move.
func BenchmarkLANAll(b *testing.B) {
	ps, moves := sanBench(b)
	buf := make([]byte, 0, 16)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range ps {
			for _, m := range moves[j] {
				buf = ps[j].AppendLAN(buf[:0], m)
			}
		}
	}
	reportPerMove(b, moves)
}

// BenchmarkSANLegalMoves lists the legal moves of the SAN benchmarks'
// positions, into a buffer with room.
func BenchmarkSANLegalMoves(b *testing.B) {
	ps, _ := sanBench(b)
	buf := make([]movegen.Move, 0, movegen.MaxMoves)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range ps {
			buf = ps[j].LegalMoves(buf[:0])
		}
	}
}

// BenchmarkParseSAN reads the SAN of every legal move of the positions.
func BenchmarkParseSAN(b *testing.B) {
	ps, moves := sanBench(b)
	var names [][]string
	for j := range ps {
		var n []string
		for _, m := range moves[j] {
			n = append(n, ps[j].SAN(m))
		}
		names = append(names, n)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range ps {
			for _, s := range names[j] {
				if _, err := ps[j].ParseSAN(s); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// BenchmarkParseSANLong reads every legal move of the positions in long
// algebraic notation, as pgn-extract writes it (Ng1-f3, e2-e4, e5xd6,
// e7-e8=Q, a castling as the king's move: e1-g1), and in coordinate
// notation (g1f3, e7e8q).
func BenchmarkParseSANLong(b *testing.B) {
	ps, moves := sanBench(b)
	for _, form := range []string{"long", "coordinate"} {
		var names [][]string
		for j, p := range ps {
			var n []string
			for _, m := range moves[j] {
				uci := m.String()
				if form == "coordinate" {
					n = append(n, uci)
					continue
				}
				sep := "-"
				if p.IsCapture(m) {
					sep = "x"
				}
				lan := uci[:2] + sep + uci[2:4]
				if pr := m.Promotion(); pr != movegen.NoPieceType {
					lan += "=" + string("??NBRQ"[pr])
				}
				if t := p.PieceAt(m.From()).Type(); t != movegen.Pawn {
					lan = string("??NBRQK"[t]) + lan
				}
				n = append(n, lan)
			}
			names = append(names, n)
		}
		b.Run(form, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				for j := range ps {
					for _, s := range names[j] {
						if _, err := ps[j].ParseSAN(s); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
		})
	}
}

// reportPerMove reports the time per move of a benchmark whose round goes
// once through moves.
func reportPerMove(b *testing.B, moves [][]movegen.Move) {
	n := 0
	for _, ms := range moves {
		n += len(ms)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/move")
}

func sanBench(b *testing.B) ([]movegen.Position, [][]movegen.Move) {
	var ps []movegen.Position
	var moves [][]movegen.Move
	for _, fen := range sanBenchFENs {
		p := mustParse(b, fen)
		ps = append(ps, p)
		moves = append(moves, p.LegalMoves(nil))
	}
	return ps, moves
}

// BenchmarkHistory pushes a position and pops it, then asks whether the
// last position repeats, in a history of a game's 40 reversible plies.
func BenchmarkHistory(b *testing.B) {
	p := movegen.StartPosition()
	h := movegen.NewHistory(128)
	h.Reset(&p)
	for range 10 {
		for _, s := range []string{"Nf3", "Nc6", "Ng1", "Nb8"} {
			if err := p.PlaySAN(s); err != nil {
				b.Fatal(err)
			}
			h.Push(&p)
		}
	}
	q := p
	if err := q.PlaySAN("Nc3"); err != nil {
		b.Fatal(err)
	}
	b.Run("PushPop", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			h.Push(&q)
			h.Pop()
		}
	})
	b.Run("IsRepetition", func(b *testing.B) {
		// The last position repeats: found at the first entry looked at.
		n := 0
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if h.IsRepetition() {
				n++
			}
		}
		_ = n
	})
	b.Run("PushIsRepetitionPop", func(b *testing.B) {
		// A position that does not repeat: every second entry back to
		// the window's start is read.
		n := 0
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			h.Push(&q)
			if h.IsRepetition() {
				n++
			}
			h.Pop()
		}
		_ = n
	})
	b.Run("Occurrences", func(b *testing.B) {
		n := 0
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			n += h.Occurrences()
		}
		_ = n
	})
}

// BenchmarkOutcome asks the outcome of the SAN benchmarks' positions, with
// a history of their own.
func BenchmarkOutcome(b *testing.B) {
	ps, _ := sanBench(b)
	hs := make([]*movegen.History, len(ps))
	for i := range ps {
		hs[i] = movegen.NewHistory(1)
		hs[i].Reset(&ps[i])
	}
	n := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range ps {
			n += int(ps[j].Outcome(hs[j]).Result)
		}
	}
	_ = n
}
