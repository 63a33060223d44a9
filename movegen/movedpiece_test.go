package movegen_test

import (
	"math/bits"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// TestMovedCapturedPiece checks MovedPiece and CapturedPiece against the
// board before and after Play for every legal move of the oracle's games'
// positions, the tricky ones and the walks' starting points: the moved
// piece left From (a promotion's pawn, castling's king), the captured one
// is the piece of the other side that is gone after the move (en passant's
// pawn beside, never castling's own rook), and IsCapture agrees. Every one
// of the 65,536 values gets the documented answer without panicking.
func TestMovedCapturedPiece(t *testing.T) {
	fens := moveTestFENs(t, 2, 300, 60)
	var captures, ep, castles int
	for _, fen := range fens {
		p := mustParse(t, fen)
		us, them := p.Side(), p.Side().Other()
		for _, m := range p.LegalMoves(nil) {
			q := p
			q.PlayUnchecked(m)
			moved := p.MovedPiece(m)
			if moved == movegen.NoPiece || moved.Color() != us {
				t.Fatalf("%s %v: MovedPiece %v", fen, m, moved)
			}
			// The moved piece's type has one square fewer after the move,
			// unless it comes back: a king or rook castling onto its own
			// square stays. A promotion's pawn is always gone.
			before, after := p.Pieces(us, moved.Type()), q.Pieces(us, moved.Type())
			if m.Promotion() != movegen.NoPieceType {
				if moved.Type() != movegen.Pawn || bits.OnesCount64(after) != bits.OnesCount64(before)-1 {
					t.Fatalf("%s %v: a promotion moved %v", fen, m, moved)
				}
			} else if before&(1<<m.From()) == 0 || (after&(1<<m.From()) != 0 && !m.IsCastle()) {
				t.Fatalf("%s %v: MovedPiece %v is not the piece that left %v", fen, m, moved, m.From())
			}
			if m.IsCastle() && moved.Type() != movegen.King {
				t.Fatalf("%s %v: castling moves %v", fen, m, moved)
			}
			captured := p.CapturedPiece(m)
			gone := p.ByColor(them) &^ q.ByColor(them)
			switch {
			case captured == movegen.NoPiece:
				if gone != 0 || p.IsCapture(m) {
					t.Fatalf("%s %v: CapturedPiece says none, but %#x went", fen, m, gone)
				}
			default:
				captures++
				if bits.OnesCount64(gone) != 1 || captured.Color() != them || p.PieceAt(movegen.Square(bits.TrailingZeros64(gone))) != captured || !p.IsCapture(m) {
					t.Fatalf("%s %v: CapturedPiece %v, but %#x went", fen, m, captured, gone)
				}
			}
			if m.IsEnPassant() {
				ep++
				if captured.Type() != movegen.Pawn {
					t.Fatalf("%s %v: en passant takes %v", fen, m, captured)
				}
			}
			if m.IsCastle() {
				castles++
			}
		}
		for v := range 1 << 16 {
			m := movegen.Move(v)
			wantMoved := p.PieceAt(m.From())
			if m == movegen.NoMove {
				wantMoved = movegen.NoPiece
			}
			wantCaptured := p.PieceAt(m.To())
			switch {
			case m.IsCastle():
				wantCaptured = movegen.NoPiece
			case m.IsEnPassant():
				wantCaptured = p.PieceAt(m.From()&^7 | m.To()&7)
			}
			if p.MovedPiece(m) != wantMoved || p.CapturedPiece(m) != wantCaptured {
				t.Fatalf("%s %#04x: MovedPiece %v, CapturedPiece %v", fen, v, p.MovedPiece(m), p.CapturedPiece(m))
			}
		}
	}
	t.Logf("%d positions: %d captures, %d en passant, %d castlings", len(fens), captures, ep, castles)
	if ep == 0 || castles == 0 || captures == 0 {
		t.Error("a kind of move never came up")
	}
}
