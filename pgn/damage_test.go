package pgn_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// damageDump, given, makes TestDamage write its damaged files to the
// directory for testdata/ref/pythonchess.py damage to read:
//
//	go test ./pgn -run TestDamage -damage.dump /tmp/damaged
//	PYTHONPATH=<python-chess> python3 pgn/testdata/ref/pythonchess.py damage /tmp/damaged > pgn/testdata/ref/damage.pythonchess.json
var damageDump = flag.String("damage.dump", "", "write the damaged files to this directory")

// damageSources are the files damaged: ordinary and annotated games,
// lichess exports with clocks and evaluations, engine games from FENs,
// Chess960.
var damageSources = []string{
	"chessjs__benchmark.pgn", "disservin__multiple.pgn", "notnil__0006.pgn", "notnil__0007.pgn",
	"pgnextract__fischer.pgn", "pgnextract__najdorf.pgn", "pgnextract__petrosian.pgn", "pgnextract__test-hash.pgn",
	"pgnnet__demoGames.pgn", "pgnnet__tilb98r2.pgn", "pgnnet__time-annotated-games.pgn", "pgnparser__32games.pgn",
	"pgnparser__lichess_mliebelt_2024-01-03.pgn", "pgnparser__sampleGames.pgn", "pythonchess__cutechess-fischerrandom.pgn",
	"pythonchess__kasparov-deep-blue-1997.pgn",
}

// damaged returns the nth damaged file: a source file (in turn) with 1 to
// 6 faults drawn from a PCG seeded with n: a byte deleted, inserted (from
// the bytes PGN is made of) or replaced, a line deleted or doubled, two
// lines swapped, a span cut out.
func damaged(n int, sources [][]byte) []byte {
	rng := rand.New(rand.NewPCG(0x70676e, uint64(n)))
	data := append([]byte(nil), sources[n%len(sources)]...)
	const alphabet = " \n{}()[]\"$!?*.-/01abcdefgh12345678NBRQKOx=+#;%"
	for k := 1 + rng.IntN(6); k > 0 && len(data) > 2; k-- {
		i := rng.IntN(len(data))
		lineAt := func(i int) (int, int) {
			s := strings.LastIndexByte(string(data[:i]), '\n') + 1
			e := strings.IndexByte(string(data[i:]), '\n')
			if e < 0 {
				return s, len(data)
			}
			return s, i + e + 1
		}
		switch rng.IntN(7) {
		case 0:
			data = append(data[:i], data[i+1:]...)
		case 1:
			data = append(data[:i], append([]byte{alphabet[rng.IntN(len(alphabet))]}, data[i:]...)...)
		case 2:
			data[i] = alphabet[rng.IntN(len(alphabet))]
		case 3:
			s, e := lineAt(i)
			data = append(data[:s], data[e:]...)
		case 4:
			s, e := lineAt(i)
			data = append(data[:e], append(append([]byte(nil), data[s:e]...), data[e:]...)...)
		case 5:
			s, e := lineAt(i)
			if e < len(data) {
				s2, e2 := lineAt(e)
				line := append([]byte(nil), data[s:e]...)
				next := append([]byte(nil), data[s2:e2]...)
				data = append(append(append(data[:s:s], next...), line...), data[e2:]...)
			}
		case 6:
			e := min(len(data), i+1+rng.IntN(200))
			data = append(data[:i], data[e:]...)
		}
	}
	return data
}

// mainlineHash is the FNV-1a 64-bit hash of moves, UCI moves joined by
// spaces, in hex, as testdata/ref/pythonchess.py writes it.
func mainlineHash(uci []string) string {
	h := fnv.New64a()
	h.Write([]byte(strings.Join(uci, " ")))
	return fmt.Sprintf("%016x", h.Sum64())
}

// cleanHashes returns the main-line hashes of the games read from data
// without an error (warnings are no errors).
func cleanHashes(t *testing.T, data []byte) []string {
	games, errs := readAll(t, string(data), false)
	var hs []string
	for i, g := range games {
		if errs[i] == nil {
			var uci []string
			for _, m := range g.Mainline(nil) {
				uci = append(uci, m.String())
			}
			hs = append(hs, mainlineHash(uci))
		}
	}
	return hs
}

// emptyHash is the hash of a game without moves.
var emptyHash = mainlineHash(nil)

// recovered counts the games of got that are games of the undamaged file,
// want: the size of the two lists' intersection as multisets, games
// without moves left out (python-chess reads the tags of a game whose
// movetext follows a blank line as a game of its own, without moves).
func recovered(got, want []string) int {
	left := map[string]int{}
	for _, h := range want {
		left[h]++
	}
	n := 0
	for _, h := range got {
		if h != emptyHash && left[h] > 0 {
			left[h]--
			n++
		}
	}
	return n
}

// TestDamage damages the source files 400 ways (damaged) and compares the
// games pgn recovers from them with python-chess's 1.11.2
// (testdata/ref/damage.pythonchess.json): a game recovered is one read
// without an error whose main line is the main line of a game of the
// undamaged file (each such game counted once; games without moves left
// out), each reader's reading of
// the undamaged file its own yardstick. pgn must recover at least as many
// in all, and each file where it recovers fewer is listed.
func TestDamage(t *testing.T) {
	var sources [][]byte
	for _, name := range damageSources {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		sources = append(sources, data)
	}
	const files = 400
	if *damageDump != "" {
		if err := os.MkdirAll(*damageDump, 0o755); err != nil {
			t.Fatal(err)
		}
		for i, s := range sources {
			os.WriteFile(filepath.Join(*damageDump, fmt.Sprintf("source-%02d.pgn", i)), s, 0o644)
		}
		for n := range files {
			os.WriteFile(filepath.Join(*damageDump, fmt.Sprintf("damaged-%03d.pgn", n)), damaged(n, sources), 0o644)
		}
		return
	}
	data, err := os.ReadFile("testdata/ref/damage.pythonchess.json")
	if err != nil {
		t.Fatal(err)
	}
	var py map[string][]string
	if err := json.Unmarshal(data, &py); err != nil {
		t.Fatal(err)
	}
	var ourSources [][]string
	for _, s := range sources {
		ourSources = append(ourSources, cleanHashes(t, s))
	}
	ours, theirs, fewer, games := 0, 0, 0, 0
	for n := range files {
		src := n % len(sources)
		d := damaged(n, sources)
		o := recovered(cleanHashes(t, d), ourSources[src])
		p := recovered(py[fmt.Sprintf("damaged-%03d.pgn", n)], py[fmt.Sprintf("source-%02d.pgn", src)])
		ours += o
		theirs += p
		games += len(ourSources[src])
		if o < p {
			fewer++
			t.Logf("damaged-%03d.pgn (from %s): pgn recovers %d games, python-chess %d", n, damageSources[src], o, p)
		}
	}
	t.Logf("%d damaged files, %d games before the damage: pgn recovers %d, python-chess %d; pgn recovers fewer from %d files",
		files, games, ours, theirs, fewer)
	if ours < theirs {
		t.Errorf("pgn recovers %d games, python-chess %d", ours, theirs)
	}
}
