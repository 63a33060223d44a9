// Command movegen measures the library's move generator, package movegen,
// against github.com/corentings/chess/v2, a Go chess library in wide use,
// each as a user calls it, one goroutine, in interleaved rounds:
//
//	go run -C bench ./cmd/movegen            11 rounds (about two minutes): the report on stdout, nothing written
//	go run -C bench ./cmd/movegen -write     the same, and results/CPU/movegen.md written
//	go run -C bench ./cmd/movegen -quick     2 short rounds at small depths: a check that it runs
//
// Perft, in million nodes/s, on the start position and kiwipete: movegen's
// Perft against perft written with corentings/chess's public API
// (Position.ValidMoves and Update), both counting the last ply's moves
// without making them. The depths are 5 and 4 by default, not the 6 and 5
// of the library's other perft measurements: corentings/chess runs about
// 3 million nodes/s, so that those take it 40 and 80 seconds a round
// (-depths 6,5 asks for them). Every run's count is checked against the
// published one (internal/perftdata), or the command fails.
//
// Legal moves, in ns per position: movegen's LegalMoves into one reused
// buffer against Position.ValidMoves, over 400 positions of seeded random
// games and the positions of the published counts, each listed once a pass.
// ValidMoves keeps its list in the position, so each pass reads every
// position afresh from its FEN outside the clock. Before the rounds, both
// lists of every position are checked to hold the same moves, and one pass
// of each counts the allocations and bytes per position
// (runtime.MemStats).
//
// IsLegal, in ns per call over every legal move of the same positions (a
// transposition table's move, checked before generating), against
// LegalMoves's ns per position: what a search saves by not generating.
//
// The report names the CPU and build (bench/internal/machine) and gives
// medians with their intervals and movegen against corentings/chess by the
// project's rule, bench/internal/stat.Compare: a speed ratio, above 1
// faster, with its interval and verdict. -out DIR names the directory
// -write writes to (default results, which go run -C bench puts in bench/).
package main

import (
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/internal/perftdata"
	"github.com/symmagic/attacks/movegen"
)

func main() {
	cli.Main("movegen", run)
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("movegen", "go run -C bench ./cmd/movegen [flags]",
		"Package movegen against github.com/corentings/chess/v2: perft nodes/s and legal-move listing\n"+
			"ns per position, in interleaved rounds. The report on stdout, progress on stderr. Nothing is\n"+
			"written without -write.\n", stderr)
	quick := fs.Bool("quick", false, "2 rounds, perft to depths 3 and 2, 10ms a measurement: a check that it runs, not a measurement")
	rounds := fs.Int("rounds", 0, "interleaved rounds (default 11, -quick 2)")
	depths := fs.String("depths", "", "perft's depths on the start position and kiwipete against corentings/chess, START,KIWIPETE (default 5,4, -quick 3,2)")
	minTime := fs.Duration("time", 0, "how long each measurement runs at least, its perft or pass repeated (default 300ms, -quick 10ms)")
	out := cli.AddOutput(fs, "movegen.md")
	if err := cli.ParseNoArgs(fs, args); err != nil {
		return err
	}
	if err := out.Check(); err != nil {
		return err
	}
	if *rounds < 0 || *minTime < 0 {
		return cli.Usagef("-rounds %d -time %v: neither may be negative", *rounds, *minTime)
	}
	cfg := config{rounds: 11, depths: [2]int{5, 4}, minTime: 300 * time.Millisecond}
	if *quick {
		cfg = config{rounds: 2, depths: [2]int{3, 2}, minTime: 10 * time.Millisecond}
	}
	if *rounds > 0 {
		cfg.rounds = *rounds
	}
	if *minTime > 0 {
		cfg.minTime = *minTime
	}
	if *depths != "" {
		d, err := parseDepths(*depths)
		if err != nil {
			return err
		}
		cfg.depths = d
	}
	cfg.command = strings.TrimSpace("go run -C bench ./cmd/movegen " + strings.Join(args, " "))
	suite, err := perftdata.Known()
	if err != nil {
		return err
	}
	for i, fen := range []string{movegen.StartFEN, kiwipete} {
		if _, ok := perftdata.Nodes(suite, fen, cfg.depths[i]); !ok {
			return cli.Usagef("-depths %d,%d: no published count of %s at depth %d", cfg.depths[0], cfg.depths[1],
				[]string{"the start position", "kiwipete"}[i], cfg.depths[i])
		}
	}
	m, err := measure(cfg, suite, stderr)
	if err != nil {
		return err
	}
	return out.Report("movegen.md", func(w io.Writer) error { writeReport(w, cfg, m, machine.Here(), chessVersion()); return nil }, stdout, stderr)
}

// parseDepths reads -depths: START,KIWIPETE, each from 1 to
// movegen.MaxPerftDepth.
func parseDepths(s string) ([2]int, error) {
	var d [2]int
	parts := strings.Split(s, ",")
	if len(parts) != 2 {
		return d, cli.Usagef("-depths %q: want START,KIWIPETE", s)
	}
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 1 || n > movegen.MaxPerftDepth {
			return d, cli.Usagef("-depths %q: %q is no depth from 1 to %d", s, p, movegen.MaxPerftDepth)
		}
		d[i] = n
	}
	return d, nil
}

// writeReport writes the report in Markdown, every line within md.Width.
func writeReport(w io.Writer, cfg config, m *measurements, here machine.Record, version string) {
	cover := stat.Summarize(make([]float64, cfg.rounds)).Coverage
	l := here.Lines()
	fmt.Fprintf(w, "# movegen against corentings/chess %s\n\n", version)
	md.Wrap(w, fmt.Sprintf("%s\n%s; attacks kernel %s; one goroutine, GOMAXPROCS %d", l[0], l[1], attacks.Kernel(), runtime.GOMAXPROCS(0)), "")
	fmt.Fprintln(w)
	md.Wrap(w, fmt.Sprintf("Command: `%s`. %d interleaved rounds, the two generators' order alternating; "+
		"each measurement repeated until it ran %v; medians, in brackets the interval that holds the median "+
		"with %.1f%% confidence. The machine is shared: expect noise.", cfg.command, cfg.rounds, cfg.minTime, 100*cover), "")
	fmt.Fprintln(w)
	md.Wrap(w, stat.RatioNote+"; faster or slower exactly when the per-round ratios' interval excludes 1, else within noise.", "")
	fmt.Fprintln(w)
	md.Wrap(w, fmt.Sprintf("movegen is this module's package; corentings/chess is %s %s, as a user calls it: "+
		"perft by Position.ValidMoves and Update, counting the last ply's moves without making them (every run's count "+
		"checked against the published one), and the legal moves by Position.ValidMoves on a position read afresh "+
		"from its FEN outside the clock (a position keeps the list it made). The legal moves are those of %d positions: "+
		"%d of seeded random games and the %d positions of the repository's published perft counts, %d moves in all, "+
		"the same in both generators' lists. Allocations and bytes: one pass's, per position.",
		chessModule, version, m.positions, m.random, m.positions-m.random, m.moves), "")
	fmt.Fprintln(w)
	fmt.Fprintf(w, "## Perft, million nodes/s\n\n")
	t := [][]string{{"position", "depth", "nodes", "movegen", "corentings/chess", "movegen against corentings"}}
	for i, p := range m.perft {
		t = append(t, []string{p.name, strconv.Itoa(p.depth), strconv.FormatUint(p.nodes, 10),
			stat.Summarize(m.mnps[i][gMovegen]).Show("%.0f"), stat.Summarize(m.mnps[i][gChess]).Show("%.2f"),
			stat.Compare(m.mnps[i][gMovegen], m.mnps[i][gChess], stat.HigherIsFaster).String()})
	}
	md.Table(w, t, 1)
	fmt.Fprintf(w, "\n## Legal moves\n\n")
	t = [][]string{
		{"measurement", "movegen", "corentings/chess", "movegen against corentings"},
		{"ns per position", stat.Summarize(m.ns[gMovegen]).Show("%.0f"), stat.Summarize(m.ns[gChess]).Show("%.0f"),
			stat.Compare(m.ns[gMovegen], m.ns[gChess], stat.LowerIsFaster).String()},
		{"allocations per position", fmt.Sprintf("%.1f", m.allocs[gMovegen]), fmt.Sprintf("%.1f", m.allocs[gChess])},
		{"bytes per position", fmt.Sprintf("%.0f", m.bytes[gMovegen]), fmt.Sprintf("%.0f", m.bytes[gChess])},
	}
	md.Table(w, t, 1)
	fmt.Fprintf(w, "\n## IsLegal against LegalMoves\n\n")
	md.Wrap(w, fmt.Sprintf("What a search pays to check a move from a transposition table or a killer slot before it "+
		"generates: movegen's IsLegal, one call a move, over the %d legal moves of the same positions (each pass checked "+
		"to find every one legal), against its LegalMoves, one call a position, as above.", m.moves), "")
	fmt.Fprintln(w)
	t = [][]string{
		{"measurement", "IsLegal", "LegalMoves", "IsLegal against LegalMoves"},
		{"ns per call", stat.Summarize(m.legalNs).Show("%.1f"), stat.Summarize(m.ns[gMovegen]).Show("%.0f"),
			stat.Compare(m.legalNs, m.ns[gMovegen], stat.LowerIsFaster).String()},
		{"allocations per call", fmt.Sprintf("%.1f", m.legalAllocs), fmt.Sprintf("%.1f", m.allocs[gMovegen])},
	}
	md.Table(w, t, 1)
}
