package syzygy

import (
	"strings"
	"testing"
)

// TestPythonChess compares the package's WDL and DTZ with python-chess's
// chess.syzygy (testdata/python-chess, written by bench/cmd/syzygy) on a
// sample of every table and on the positions where probers go wrong:
// en-passant captures, checkmates, stalemates, one ply from zeroing, the
// longest distances.
func TestPythonChess(t *testing.T) {
	tb := openTB(t)
	rows := readTSV(t, "testdata/python-chess/values.tsv", "fen\twdl\tdtz\twhy")
	kinds := map[string]int{}
	for _, c := range rows {
		why, _, _ := strings.Cut(c[3], " (")
		kinds[why]++
		w, d := probeFEN(t, tb, c[0])
		if int(w) != atoi(t, c[1]) || d.Plies != atoi(t, c[2]) {
			t.Errorf("%s (%s): WDL %d, DTZ %v; python-chess: %s, %s", c[0], c[3], w, d, c[1], c[2])
		}
	}
	for _, k := range []string{"sample", "en passant", "mated", "stalemate", "one ply from zeroing", "longest distance"} {
		if kinds[k] == 0 {
			t.Errorf("no %q position among python-chess's", k)
		}
	}
	t.Logf("%d positions: %v", len(rows), kinds)
}
