package variant

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var perftNodes = flag.Uint64("perftnodes", 3000000, "TestPerft: the most nodes of a count to check (python-chess's files go to 10 million)")

// perftFiles are python-chess's perft files and the variant of each.
var perftFiles = []struct {
	file    string
	variant Variant
}{
	{"3check.perft", ThreeCheck},
	{"atomic.perft", Atomic},
	{"crazyhouse.perft", Crazyhouse},
	{"giveaway.perft", Antichess},
	{"horde.perft", Horde},
	{"racingkings.perft", RacingKings},
}

type perftCase struct {
	id, epd string
	depth   int
	nodes   uint64
}

func readPerft(t *testing.T, name string) []perftCase {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	var id, epd string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' || line[0] == '%' {
			continue
		}
		cmd, arg, _ := strings.Cut(line, " ")
		switch cmd {
		case "id":
			id = arg
		case "epd":
			epd = arg
		case "perft":
			d, n, _ := strings.Cut(arg, " ")
			depth, err1 := strconv.Atoi(d)
			nodes, err2 := strconv.ParseUint(n, 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: bad line %q", name, line)
			}
			out = append(out, perftCase{id, epd, depth, nodes})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPerft checks the generator against python-chess's perft counts of
// the variants, every position at every depth whose count is at most
// -perftnodes (fewer under -short).
func TestPerft(t *testing.T) {
	limit := *perftNodes
	if testing.Short() {
		limit = min(limit, 20000)
	}
	checked := 0
	defer func() { t.Logf("%d counts checked, each of at most %d nodes", checked, limit) }()
	for _, pf := range perftFiles {
		for _, c := range readPerft(t, pf.file) {
			if c.nodes > limit {
				continue
			}
			checked++
			p, err := ParseFEN(pf.variant, c.epd)
			if err != nil {
				t.Errorf("%s %s: %v", pf.file, c.id, err)
				continue
			}
			if got := p.Perft(c.depth); got != c.nodes {
				t.Errorf("%s %s (%s) perft %d = %d, want %d", pf.file, c.id, c.epd, c.depth, got, c.nodes)
			}
		}
	}
}
