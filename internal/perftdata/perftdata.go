// Package perftdata is the published perft counts the repository tests
// itself against (README.md here says where they come from), embedded, so
// that every test and command reads one copy through one reader: the move
// generator's tests (internal/board, movegen), bench/perft's in every
// slider mode, and bench/cmd/movegen's checks of each run. Only tests and
// the bench module import it; no user's program links it.
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
