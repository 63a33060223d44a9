// Command fairygen records, for package variant's tests, positions of
// random games of each variant and Fairy-Stockfish's legal moves and perft
// at depth 2 in each. It is run by hand, never by go test:
//
//	go run ./variant/internal/fairygen -engine /usr/games/fairy-stockfish -out variant/testdata/fairy
//
// It writes one file a variant, <variant>.txt, a line a position:
//
//	FEN;perft 2;the legal moves in UCI, sorted, space-separated
//
// with the FEN as package variant writes it (Fairy-Stockfish reads the same
// form), and prints each position where Fairy-Stockfish's moves or count
// differ from the package's, which it leaves out of the file and writes to
// <variant>.differ in the same form; pychess_check.py, beside the files,
// adds python-chess's moves and perft 2 to those lines, which decide (see
// docs/VARIANTS.md).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/symmagic/attacks/variant"
)

func main() {
	engine := flag.String("engine", "/usr/games/fairy-stockfish", "Fairy-Stockfish's binary")
	out := flag.String("out", "variant/testdata/fairy", "the directory to write to")
	games := flag.Int("games", 8, "random games a variant")
	plies := flag.Int("plies", 80, "the most plies a game")
	seed := flag.Uint64("seed", 1, "the random games' seed")
	only := flag.String("variants", "", "the variants to record, comma-separated (default all)")
	build := flag.String("build", "", "how the engine was built (its source's commit, its make line), for the files' headers")
	flag.Parse()
	want := map[variant.Variant]bool{}
	if *only != "" {
		for _, name := range strings.Split(*only, ",") {
			v, err := variant.ParseVariant(strings.TrimSpace(name))
			if err != nil {
				log.Fatal(err)
			}
			want[v] = true
		}
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		log.Fatal(err)
	}
	e, err := start(*engine)
	if err != nil {
		log.Fatal(err)
	}
	defer e.close()
	rng := rand.New(rand.NewPCG(*seed, 0))
	for _, v := range variant.Variants {
		if len(want) > 0 && !want[v] || !e.offers[v.UCI()] {
			if len(want) == 0 || want[v] {
				log.Printf("%s: %s does not offer UCI_Variant %s: not recorded", v, e.name, v.UCI())
			}
			play(v, rng, *games, *plies, nil)
			continue
		}
		if err := record(e, *build, v, rng, *games, *plies, *out); err != nil {
			log.Fatal(err)
		}
	}
}

// play plays games random games of v, each of at most plies plies, and
// calls visit, if not nil, with each position before its move is chosen.
func play(v variant.Variant, rng *rand.Rand, games, plies int, visit func(p *variant.Position) error) error {
	for g := 0; g < games; g++ {
		p := variant.StartPosition(v)
		for ply := 0; ply < plies; ply++ {
			if visit != nil {
				if err := visit(&p); err != nil {
					return err
				}
			}
			var buf [256]variant.Move
			legal := p.LegalMoves(buf[:0])
			if len(legal) == 0 {
				break
			}
			p.PlayUnchecked(legal[rng.IntN(len(legal))])
		}
	}
	return nil
}

func record(e *engine, build string, v variant.Variant, rng *rand.Rand, games, plies int, dir string) error {
	e.send("setoption name UCI_Variant value " + v.UCI())
	var lines, differ []string
	seen := map[string]bool{}
	err := play(v, rng, games, plies, func(p *variant.Position) error {
		fen := p.FEN()
		if seen[fen] {
			return nil
		}
		seen[fen] = true
		ours := moves(p)
		theirs, n2, err := e.perft(fen)
		if err != nil {
			return err
		}
		line := fmt.Sprintf("%s;%d;%s", fen, n2, strings.Join(theirs, " "))
		if strings.Join(ours, " ") != strings.Join(theirs, " ") || p.Perft(2) != n2 {
			differ = append(differ, line)
			log.Printf("%s: %s\n  ours  %d %s\n  fairy %d %s", v, fen, p.Perft(2), strings.Join(ours, " "), n2, strings.Join(theirs, " "))
		} else {
			lines = append(lines, line)
		}
		return nil
	})
	if err != nil {
		return err
	}
	who := e.name
	if build != "" {
		who += " (" + build + ")"
	}
	head := fmt.Sprintf("# %s: positions of %d random games, their legal moves and perft 2 by %s, UCI_Variant %s\n", v, games, who, v.UCI())
	if err := os.WriteFile(filepath.Join(dir, v.String()+".txt"), []byte(head+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		return err
	}
	log.Printf("%s: %d positions agree, %d differ", v, len(lines), len(differ))
	differPath := filepath.Join(dir, v.String()+".differ")
	if len(differ) > 0 {
		head := fmt.Sprintf("# %s: the positions of the same games where %s differs from package variant: FEN;Fairy-Stockfish's perft 2;its moves;python-chess's perft 2;its moves\n", v, e.name)
		return os.WriteFile(differPath, []byte(head+strings.Join(differ, "\n")+"\n"), 0o644)
	}
	if err := os.Remove(differPath); err != nil && !os.IsNotExist(err) {
		return err
	}
	return nil
}

func moves(p *variant.Position) []string {
	var buf [256]variant.Move
	var s []string
	for _, m := range p.LegalMoves(buf[:0]) {
		s = append(s, m.String())
	}
	sort.Strings(s)
	return s
}

type engine struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Scanner
	name   string          // its "id name"
	offers map[string]bool // its UCI_Variant option's values
}

func start(path string) (*engine, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &engine{cmd: cmd, in: in, out: bufio.NewScanner(out), name: "Fairy-Stockfish", offers: map[string]bool{}}
	e.send("uci")
	lines, err := e.until("uciok")
	if err != nil {
		return nil, err
	}
	for _, l := range lines {
		if name, ok := strings.CutPrefix(l, "id name "); ok {
			e.name = name
		}
		if rest, ok := strings.CutPrefix(l, "option name UCI_Variant type combo "); ok {
			fs := strings.Fields(rest)
			for i := 0; i+1 < len(fs); i++ {
				if fs[i] == "var" {
					e.offers[fs[i+1]] = true
				}
			}
		}
	}
	return e, nil
}

func (e *engine) send(s string) { fmt.Fprintln(e.in, s) }

func (e *engine) until(prefix string) ([]string, error) {
	var lines []string
	for e.out.Scan() {
		l := e.out.Text()
		if strings.HasPrefix(l, prefix) {
			return lines, nil
		}
		lines = append(lines, l)
	}
	return nil, fmt.Errorf("engine: output ended before %q", prefix)
}

// perft returns the moves of the divide at depth 2, sorted, and the count.
func (e *engine) perft(fen string) ([]string, uint64, error) {
	e.send("position fen " + fen)
	e.send("go perft 2")
	lines, err := e.until("Nodes searched")
	if err != nil {
		return nil, 0, err
	}
	var ms []string
	var n uint64
	for _, l := range lines {
		m, c, ok := strings.Cut(l, ": ")
		if !ok || strings.Contains(m, " ") {
			continue
		}
		k, err := strconv.ParseUint(c, 10, 64)
		if err != nil {
			continue
		}
		ms = append(ms, m)
		n += k
	}
	sort.Strings(ms)
	return ms, n, nil
}

func (e *engine) close() {
	e.send("quit")
	e.in.Close()
	e.cmd.Wait()
}
