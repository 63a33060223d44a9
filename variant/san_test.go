package variant

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSAN checks SAN against python-chess 1.11.2's board.san of every legal
// move of positions of random games (testdata/san, written by
// testdata/pychess_check.py), and that ParseSAN reads each back.
func TestSAN(t *testing.T) {
	for _, v := range Variants {
		f, err := os.Open(filepath.Join("testdata", "san", v.String()+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		n := 0
		for sc.Scan() {
			line := sc.Text()
			if line == "" || line[0] == '#' {
				continue
			}
			fen, moves, _ := strings.Cut(line, ";")
			p, err := ParseFEN(v, fen)
			if err != nil {
				t.Errorf("%s: %v", v, err)
				continue
			}
			for _, pair := range strings.Fields(moves) {
				uci, san, _ := strings.Cut(pair, "=") // e7e8q=e8=Q+: the UCI has no =
				m, err := p.ParseUCI(uci)
				if err != nil {
					t.Errorf("%s %s: %v", v, fen, err)
					continue
				}
				if got := p.SAN(m); got != san {
					t.Errorf("%s %s: SAN(%s) = %q, want %q", v, fen, uci, got, san)
				}
				if back, err := p.ParseSAN(san); err != nil || back != m {
					t.Errorf("%s %s: ParseSAN(%q) = %v, %v; want %s", v, fen, san, back, err, uci)
				}
				n++
			}
		}
		f.Close()
		if n == 0 {
			t.Errorf("%s: no moves in testdata/san", v)
		}
	}
}
