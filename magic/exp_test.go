package magic

import "testing"

func TestExpSearch(t *testing.T) {
	for _, p := range []Piece{Rook, Bishop} {
		for _, grp := range [][]Sym{Rotations} {
			for _, c := range Classes(p, grp) {
				tb, err := Search(c, SearchOptions{Seed: 1, MaxTries: 30000000, MaxBits: 12})
				if err != nil {
					t.Logf("%s: %v", c.Name(), err)
					continue
				}
				t.Logf("%-16s sq=%v bits=%d tries=%d %v %s", c.Name(), len(c.Squares), tb.Bits, tb.Tries, tb.Elapsed, tb.Note)
			}
		}
	}
}
