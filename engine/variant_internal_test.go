package engine

import (
	"errors"
	"testing"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/variant"
)

// TestParseVariantInfo reads a variant search's info lines: the pv's and
// currmove's moves by the variant's rules (drops, Antichess's forced
// capture), the other fields as for standard chess; a move the variant
// forbids is an error wrapping the *movegen.MoveError.
func TestParseVariantInfo(t *testing.T) {
	zh, err := variant.ParseFEN(variant.Crazyhouse, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Nn] w KQkq - 0 3")
	if err != nil {
		t.Fatal(err)
	}
	info, err := parseVariantInfo("depth 5 seldepth 7 multipv 2 score cp 31 nodes 100 currmove N@d5 pv N@d5 N@d4 f3d4 e5d4 time 3", &zh)
	if err != nil {
		t.Fatal(err)
	}
	if info.Depth != 5 || info.SelDepth != 7 || info.MultiPV != 2 || info.Score.Value != 31 || info.Nodes != 100 || info.Time != 3e6 {
		t.Errorf("fields %+v", info)
	}
	if len(info.VariantPV) != 4 || info.VariantPV[0] != variant.NewDrop(movegen.Knight, movegen.D5) || info.VariantCurrMove != info.VariantPV[0] {
		t.Errorf("pv %v, currmove %v", info.VariantPV, info.VariantCurrMove)
	}
	if !info.Has(FieldPV) || !info.Has(FieldCurrMove) || info.Turn != movegen.White {
		t.Errorf("fields %b, turn %v", info.Fields, info.Turn)
	}
	anti := variant.StartPosition(variant.Antichess)
	for _, line := range []string{"depth 2 pv e2e4 d7d5 b1c3", "currmove N@e4", "depth 1 pv e2e5"} {
		_, err := parseVariantInfo(line, &anti)
		var me *movegen.MoveError
		if !errors.As(err, &me) {
			t.Errorf("%q: %v, want a *movegen.MoveError inside", line, err)
		}
	}
	info, err = parseVariantInfo("depth 1 string pv e2e5 is text", &anti)
	if err != nil || info.String != "pv e2e5 is text" {
		t.Errorf("an info string: %+v, %v", info, err)
	}
}
