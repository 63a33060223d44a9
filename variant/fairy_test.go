package variant

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// fairyLine is a line of testdata/fairy: a position, then perft 2 and the
// legal moves by Fairy-Stockfish (the build each file's header names), and,
// on the lines of a .differ file, by python-chess 1.11.2.
type fairyLine struct {
	fen                string
	fairyN, pychessN   uint64
	fairyMs, pychessMs string
}

func readFairy(t *testing.T, name string) []fairyLine {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "fairy", name))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []fairyLine
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Split(line, ";")
		if len(fs) != 3 && len(fs) != 5 {
			t.Fatalf("%s: bad line %q", name, line)
		}
		l := fairyLine{fen: fs[0], fairyMs: fs[2]}
		if l.fairyN, err = strconv.ParseUint(fs[1], 10, 64); err != nil {
			t.Fatalf("%s: bad line %q", name, line)
		}
		if len(fs) == 5 {
			l.pychessMs = fs[4]
			if l.pychessN, err = strconv.ParseUint(fs[3], 10, 64); err != nil {
				t.Fatalf("%s: bad line %q", name, line)
			}
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func sortedUCI(p *Position) string {
	var buf [256]Move
	var s []string
	for _, m := range p.LegalMoves(buf[:0]) {
		s = append(s, m.String())
	}
	sort.Strings(s)
	return strings.Join(s, " ")
}

// TestFairy checks, in the positions of random games of each variant, the
// legal moves (in UCI) and perft 2 against Fairy-Stockfish's records
// (testdata/fairy/<variant>.txt: Debian's 11.1, and for Atomic, which 11.1
// does not play, a build from source), and, in the positions where
// Fairy-Stockfish differs from python-chess's rules
// (testdata/fairy/<variant>.differ: Racing Kings's end), against
// python-chess 1.11.2's.
func TestFairy(t *testing.T) {
	for _, v := range Variants {
		n := 0
		for _, file := range []string{v.String() + ".txt", v.String() + ".differ"} {
			lines := readFairy(t, file)
			if testing.Short() {
				lines = lines[:len(lines)/8]
			}
			for _, l := range lines {
				p, err := ParseFEN(v, l.fen)
				if err != nil {
					t.Errorf("%s: %v", file, err)
					continue
				}
				wantN, wantMs, who := l.fairyN, l.fairyMs, "Fairy-Stockfish"
				if strings.HasSuffix(file, ".differ") {
					wantN, wantMs, who = l.pychessN, l.pychessMs, "python-chess"
				}
				if got := sortedUCI(&p); got != wantMs {
					t.Errorf("%s %s: moves\n%s\nwant (%s)\n%s", file, l.fen, got, who, wantMs)
				}
				if got := p.Perft(2); got != wantN {
					t.Errorf("%s %s: perft 2 = %d, want %d (%s)", file, l.fen, got, wantN, who)
				}
				if p.FEN() != l.fen {
					t.Errorf("%s: FEN %q writes back as %q", file, l.fen, p.FEN())
				}
				n++
			}
		}
		if n == 0 {
			t.Errorf("%s: no positions in testdata/fairy", v)
		}
	}
}
