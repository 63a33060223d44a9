// Package perftdata is the published perft counts the repository tests
// itself against (README.md here says where they come from), embedded, so
// that every test and command reads one copy through one reader: the move
// generator's tests (movegen's), bench/perft's in every slider mode, and
// bench/cmd/movegen's and bench/cmd/rivals's checks of each run. Only
// tests and the bench module import it; no user's program links it.
package perftdata

import (
	"embed"
	"fmt"
	"strconv"
	"strings"
)

//go:embed perft.tsv extra.tsv chess960.tsv
var files embed.FS

// Row is a published count: perft of FEN to Depth is Nodes.
type Row struct {
	FEN   string
	Depth int
	Nodes uint64
}

// Load returns the rows of one file: perft.tsv or extra.tsv (fen, depth,
// nodes), or chess960.tsv (id, fen, perft to depths 1 to 6: a row for each
// depth), in the files' order.
func Load(name string) ([]Row, error) {
	b, err := files.ReadFile(name)
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	header := "fen\tdepth\tnodes"
	if name == "chess960.tsv" {
		header = "id\tfen\tperft1\tperft2\tperft3\tperft4\tperft5\tperft6"
	}
	if lines[0] != header {
		return nil, fmt.Errorf("%s:1: header %q, want %q", name, lines[0], header)
	}
	want := strings.Count(header, "\t") + 1
	var rows []Row
	for i, line := range lines[1:] {
		cols := strings.Split(line, "\t")
		if len(cols) != want {
			return nil, fmt.Errorf("%s:%d: %d columns, want %d", name, i+2, len(cols), want)
		}
		bad := fmt.Errorf("%s:%d: bad depth or count in %q", name, i+2, line)
		if name != "chess960.tsv" {
			depth, err1 := strconv.Atoi(cols[1])
			nodes, err2 := strconv.ParseUint(cols[2], 10, 64)
			if err1 != nil || err2 != nil || depth < 0 {
				return nil, bad
			}
			rows = append(rows, Row{cols[0], depth, nodes})
			continue
		}
		for d, c := range cols[2:] {
			nodes, err := strconv.ParseUint(c, 10, 64)
			if err != nil {
				return nil, bad
			}
			rows = append(rows, Row{cols[1], d + 1, nodes})
		}
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%s: no rows", name)
	}
	return rows, nil
}

// Known returns the rows of perft.tsv and extra.tsv, the counts of standard
// chess.
func Known() ([]Row, error) {
	a, err := Load("perft.tsv")
	if err != nil {
		return nil, err
	}
	b, err := Load("extra.tsv")
	return append(a, b...), err
}

// Nodes returns the published count of fen at depth among rows, and
// whether there is one.
func Nodes(rows []Row, fen string, depth int) (uint64, bool) {
	for _, r := range rows {
		if r.FEN == fen && r.Depth == depth {
			return r.Nodes, true
		}
	}
	return 0, false
}

// WalkFENs are varied starting points for the tests that walk every line
// a few plies deep (movegen's, and bench/perft's in every slider mode): the
// published positions, en passant and promotions, and Chess960 castling of
// every kind.
var WalkFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1",
	"1rk1r3/8/8/8/8/8/8/1RK1R3 w BEbe - 0 1",
	"2r1kr2/pppppppp/8/8/8/8/PPPPPPPP/2R1KR2 w KQkq - 0 1",
	"r3k1rr/8/8/8/8/8/8/R3K1RR w GQgq - 0 1",
	"1r1rk1rr/8/8/8/8/8/8/1R1RK1RR b DGdg - 0 1",
}
