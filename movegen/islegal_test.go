package movegen_test

import (
	"testing"

	"github.com/symmagic/attacks/internal/perftdata"
	"github.com/symmagic/attacks/movegen"
)

// TestIsLegal checks IsLegal against membership in LegalMoves for all
// 65,536 move values at every position of the oracle's games (TestOracle's
// 1,000; 200 with -short), the tricky positions and the walks' starting
// points: the castling of standard chess and of Chess960 in both
// notations, en passant, promotions and pins included, and every value
// that is no move at all. ClaimableDrawWith and the SAN writer read the
// same rules.
func TestIsLegal(t *testing.T) {
	fens := moveTestFENs(t, 1, 1000, 200)
	var legal, castles, c960, ep, promos int
	for _, fen := range fens {
		p := mustParse(t, fen)
		set := legalSet(&p)
		for v := range 1 << 16 {
			m := movegen.Move(v)
			if got := p.IsLegal(m); got != set[v] {
				t.Fatalf("%s: IsLegal(%#04x, %v) = %v, LegalMoves lists it: %v", fen, v, m, got, set[v])
			}
		}
		for _, m := range p.LegalMoves(nil) {
			legal++
			switch {
			case m.IsCastle() && p.Chess960():
				c960++
			case m.IsCastle():
				castles++
			case m.IsEnPassant():
				ep++
			case m.Promotion() != movegen.NoPieceType:
				promos++
			}
		}
	}
	t.Logf("%d positions, %d legal moves among their 65,536 values each: %d castlings, %d in Chess960 mode, %d en passant, %d promotions",
		len(fens), legal, castles, c960, ep, promos)
	if castles == 0 || c960 == 0 || ep == 0 || promos == 0 {
		t.Error("a kind of move never came up")
	}
	var zero movegen.Position
	if zero.IsLegal(movegen.NoMove) || zero.IsLegal(movegen.Move(12|28<<6)) {
		t.Error("the zero Position has a legal move")
	}
}

// moveTestFENs returns the positions the tests of a move's properties run
// on: n positions of the oracle's random games from seed (short with
// -short), the tricky positions and the walks' starting points.
func moveTestFENs(t *testing.T, seed uint64, n, short int) []string {
	if testing.Short() {
		n = short
	}
	fens, _ := randomPositions(t, seed, n, map[string]int{})
	fens = append(fens, trickyFENs...)
	return append(fens, perftdata.WalkFENs...)
}
