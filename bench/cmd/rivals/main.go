// Command rivals measures the perft of the library's move generator,
// package movegen, against two of the fastest move generator libraries
// outside Go: cozy-chess (Rust, github.com/analog-hors/cozy-chess) and
// Disservin's chess-library (C++, github.com/Disservin/chess-library), in
// interleaved rounds:
//
//	go run -C bench ./cmd/rivals            11 rounds: the report on stdout, nothing written
//	go run -C bench ./cmd/rivals -write     the same, and results/CPU/rivals.md written
//	go run -C bench ./cmd/rivals -quick     2 short rounds at small depths: a check that it runs
//
// movegen runs in this process as an engine uses it (perft.go, a copy of
// movegen's Example_perft): the public API, LegalMoves into a buffer a
// ply, PlayUnchecked on a child position, which keeps the Polyglot key,
// and CountMoves at the last ply. Each rival runs in a perft driver of
// this command's own (drivers/: a Cargo project for cozy-chess, a C++ file
// for chess-library) written with the library's public API at its best,
// its Zobrist key kept by every move as its API always keeps it, and
// counting the last ply in bulk (the number of legal moves at depth 1,
// without making them), as movegen's perft and each library's own perft
// do. The command takes each
// library's source from -cozy-chess DIR and -chess-library DIR, or clones
// it with git at its pinned commit (cozyCommit, chessLibCommit) into the
// cache directory (os.UserCacheDir()/symmagic-attacks-rivals), and builds
// the driver there, never in the repository, twice: by default, and for
// this CPU (cozy-chess with RUSTFLAGS="-C target-cpu=native" and its pext
// feature, chess-library with -march=native and -DCHESS_USE_PEXT; each
// PEXT option only on a CPU with BMI2). A rival whose toolchain (cargo, on
// PATH or in $HOME/.cargo/bin; a C++ compiler, $CXX or c++, g++, clang++)
// or source (git and the network, or the flag's checkout) is missing is
// skipped with a message saying what to provide, and the others run; with
// none left, the command says so and exits 0, writing nothing.
//
// Each round starts every build's driver afresh, then, for each position
// (the start position to depth 6, kiwipete to 5, and the Chess
// Programming Wiki's positions 3, 4 and 5 to 7, 6 and 5), measures
// movegen's perft, in this process, and each build, in its driver, in an
// order that rotates from round to round. A driver lives one round, not
// the run: the bench's perft workers showed that one long-lived process
// can hold a program in one memory layout for a whole run, a bias the
// intervals hide, while a process a round spreads the layouts over the
// rounds, where the intervals show them; within the round the one process
// serves every position, and its start is never timed. Every measurement
// is one untimed perft to depth 4 at most, then the perft repeated until
// it ran -time (once at least), each call timed alone with a monotonic
// clock. Every count is checked against the published one
// (internal/perftdata), or the command fails; before the rounds, every
// program's counts at small depths are checked, so that a broken build
// fails in seconds.
//
// The report names the CPU and build (bench/internal/machine), the
// rivals' commits, their compilers and builds, and gives per position the
// medians of million nodes/s with their intervals, each rival at its
// faster build per round, and movegen against each rival by the project's
// rule, bench/internal/stat.Compare: a speed ratio, above 1 faster, with
// its interval and verdict, and over the positions their geometric mean;
// then each rival's two builds side by side. -out DIR names the directory
// -write writes to (default results, which go run -C bench puts in
// bench/).
package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/foreign"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/internal/perftdata"
)

func main() {
	cli.Main("rivals", run)
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("rivals", "go run -C bench ./cmd/rivals [flags]",
		"movegen's perft against cozy-chess (Rust) and chess-library (C++), each built from its source\n"+
			"by default and for this CPU, in interleaved rounds. The report on stdout, progress on stderr.\n"+
			"Nothing is written without -write. A rival whose toolchain or source is missing is skipped.\n", stderr)
	quick := fs.Bool("quick", false, "2 rounds at small depths, 10ms a measurement: a check that it runs, not a measurement")
	rounds := fs.Int("rounds", 0, "interleaved rounds (default 11, -quick 2)")
	minTime := fs.Duration("time", 0, "how long each measurement runs at least, its perft repeated (default 300ms, -quick 10ms)")
	dirs := make([]*string, len(rivals))
	for i, r := range rivals {
		dirs[i] = fs.String(r.flag, "", fmt.Sprintf("a checkout of %s to measure (default: a clone at commit %.12s in the cache directory)", r.url, r.commit))
	}
	out := cli.AddOutput(fs, "rivals.md")
	if err := cli.ParseNoArgs(fs, args); err != nil {
		return err
	}
	if err := out.Check(); err != nil {
		return err
	}
	if *rounds < 0 || *minTime < 0 {
		return cli.Usagef("-rounds %d -time %v: neither may be negative", *rounds, *minTime)
	}
	for i, r := range rivals {
		if *dirs[i] != "" {
			if err := r.source().Check(*dirs[i]); err != nil {
				return cli.Usagef("%v", err)
			}
		}
	}
	cfg := config{rounds: 11, minTime: 300 * time.Millisecond}
	if *quick {
		cfg = config{rounds: 2, minTime: 10 * time.Millisecond, quick: true}
	}
	if *rounds > 0 {
		cfg.rounds = *rounds
	}
	if *minTime > 0 {
		cfg.minTime = *minTime
	}
	cfg.command = strings.TrimSpace("go run -C bench ./cmd/rivals " + strings.Join(cli.QuoteArgs(args, "cozy-chess", "chess-library"), " "))
	suite, err := perftdata.Known()
	if err != nil {
		return err
	}
	ps, err := positions(suite, cfg.quick)
	if err != nil {
		return err
	}
	checks, err := positions(suite, true)
	if err != nil {
		return err
	}
	cache, err := foreign.CacheDir(cacheName)
	if err != nil {
		return err
	}

	m := &measurements{positions: ps}
	var ready []*prepared
	for i, r := range rivals {
		p, err := r.prepare(*dirs[i], cache, stderr)
		var s *foreign.Skip
		if errors.As(err, &s) {
			fmt.Fprintln(stderr, s)
			m.skipped = append(m.skipped, s.Error())
			continue
		}
		if err != nil {
			return err
		}
		ready = append(ready, p)
		m.rivals = append(m.rivals, p.info())
	}
	if len(ready) == 0 {
		fmt.Fprintln(stderr, "no rival could be built: nothing measured, no report")
		return nil
	}
	if m.mnps, err = measure(cfg, ps, checks, ready, stderr); err != nil {
		return err
	}
	return out.Report("rivals.md", func(w io.Writer) error { writeReport(w, cfg, m, machine.Here(), attacks.Kernel()); return nil }, stdout, stderr)
}

// measurements are a run's results.
type measurements struct {
	positions []position
	rivals    []rivalInfo
	skipped   []string // the skip messages of the rivals not measured
	// mnps are million nodes/s, [position][program][round]: program
	// pMovegen, then rival i's build b at prog(i, b).
	mnps [][][]float64
}

// rivalInfo is what the report says of a rival measured.
type rivalInfo struct {
	name, lang, url, api, note string
	pinned, head               string // the pinned commit, the one measured ("" where not known)
	compiler                   string
	how                        [nBuild]string // how each build was made
}

func (p *prepared) info() rivalInfo {
	ri := rivalInfo{name: p.name, lang: p.lang, url: p.url, api: p.api, note: p.note, pinned: p.commit, head: p.head, compiler: p.compiler}
	for b := range nBuild {
		ri.how[b] = p.builds[b].how
	}
	return ri
}

// faster is rival i's faster build in each round at position j.
func (m *measurements) faster(j, i int) []float64 {
	d, n := m.mnps[j][prog(i, bDefault)], m.mnps[j][prog(i, bNative)]
	f := make([]float64, len(d))
	for r := range d {
		f[r] = max(d[r], n[r])
	}
	return f
}

// geomean is the geometric mean over the positions of each round's
// million nodes/s, of = each position's rounds.
func (m *measurements) geomean(of func(j int) []float64) []float64 {
	var g []float64
	for j := range m.positions {
		for r, v := range of(j) {
			if j == 0 {
				g = append(g, 0)
			}
			g[r] += math.Log(v) / float64(len(m.positions))
		}
	}
	for r := range g {
		g[r] = math.Exp(g[r])
	}
	return g
}

// writeReport writes the report in Markdown, every line within md.Width.
func writeReport(w io.Writer, cfg config, m *measurements, here machine.Record, kernel string) {
	var names []string
	for _, r := range m.rivals {
		names = append(names, r.name)
	}
	cover := stat.Summarize(make([]float64, cfg.rounds)).Coverage
	l := here.Lines()
	fmt.Fprintf(w, "# movegen's perft against %s\n\n", strings.Join(names, " and "))
	md.Wrap(w, fmt.Sprintf("%s\n%s; attacks kernel %s; movegen in this process, one goroutine, GOMAXPROCS %d",
		l[0], l[1], kernel, runtime.GOMAXPROCS(0)), "")
	fmt.Fprintln(w)
	md.Wrap(w, fmt.Sprintf("Command: `%s`. %d interleaved rounds, the programs' order rotating from round to round; "+
		"each measurement one untimed perft to depth %d at most, then the perft repeated until it ran %v (once at least), "+
		"each call timed alone; medians, in brackets the interval that holds the median with %.1f%% confidence. "+
		"The machine is shared: expect noise.", cfg.command, cfg.rounds, warmDepth, cfg.minTime, 100*cover), "")
	fmt.Fprintln(w)
	md.Wrap(w, stat.RatioNote+"; faster or slower exactly when the per-round ratios' interval excludes 1, else within noise.", "")
	fmt.Fprintln(w)
	md.Wrap(w, "movegen is this module's package, its perft written with the public API as an engine writes it "+
		"(bench/cmd/rivals/perft.go: LegalMoves into a buffer a ply, PlayUnchecked on a child position, CountMoves "+
		"at the last ply, no allocation), run in this process, in this binary's build (above), "+
		"counting the last ply's moves without making them; every move keeps the position's Polyglot key, "+
		"as both rivals keep their Zobrist key with every move. Each rival runs in a perft driver of this command's "+
		"(bench/cmd/rivals/drivers) written with the library's public API and counting the last ply the same way, "+
		"as its own perft does; each build of it a process of its own, started anew every round, each call timed "+
		"with a monotonic clock. A rival is taken at its faster build in each round. Every run's count is checked "+
		"against the published one.", "")
	fmt.Fprintln(w)
	for _, r := range m.rivals {
		at := "at commit " + r.head
		switch {
		case r.head == "":
			at = "at a commit not known (no git checkout), the pinned one " + r.pinned
		case r.head == r.pinned:
			at += " (the pinned one)"
		default:
			at += ", not the pinned " + r.pinned
		}
		md.Wrap(w, fmt.Sprintf("- %s (%s), %s %s, %s: %s. Default build: %s; native: %s; %s.",
			r.name, r.lang, r.url, at, r.compiler, r.api, r.how[bDefault], r.how[bNative], r.note), "  ")
	}
	if len(m.skipped) > 0 {
		fmt.Fprintln(w)
		md.Wrap(w, "Not measured: "+strings.Join(m.skipped, "; ")+".", "")
	}

	fmt.Fprintf(w, "\n## Perft, million nodes/s\n\n")
	t := [][]string{append([]string{"position", "depth", "nodes", "movegen"}, names...)}
	for j, p := range m.positions {
		row := []string{p.name, strconv.Itoa(p.depth), strconv.FormatUint(p.nodes, 10), stat.Summarize(m.mnps[j][pMovegen]).Show("%.0f")}
		for i := range m.rivals {
			row = append(row, stat.Summarize(m.faster(j, i)).Show("%.0f"))
		}
		t = append(t, row)
	}
	md.Table(w, t, 1)

	fmt.Fprintf(w, "\n## movegen against each rival\n\n")
	md.Wrap(w, "Each rival at its faster build per round; the geometric mean is that of each round's ratios over the "+
		"positions.", "")
	fmt.Fprintln(w)
	t = [][]string{{"position"}}
	for _, n := range names {
		t[0] = append(t[0], "against "+n)
	}
	for j, p := range m.positions {
		row := []string{p.name}
		for i := range m.rivals {
			row = append(row, stat.Compare(m.mnps[j][pMovegen], m.faster(j, i), stat.HigherIsFaster).String())
		}
		t = append(t, row)
	}
	row := []string{"geometric mean"}
	mg := m.geomean(func(j int) []float64 { return m.mnps[j][pMovegen] })
	for i := range m.rivals {
		row = append(row, stat.Compare(mg, m.geomean(func(j int) []float64 { return m.faster(j, i) }), stat.HigherIsFaster).String())
	}
	md.Table(w, append(t, row), 1)

	fmt.Fprintf(w, "\n## Each rival's two builds, million nodes/s\n\n")
	t = [][]string{{"rival", "position", "default", "native", "native against default"}}
	for i, r := range m.rivals {
		for j, p := range m.positions {
			d, n := m.mnps[j][prog(i, bDefault)], m.mnps[j][prog(i, bNative)]
			t = append(t, []string{r.name, p.name, stat.Summarize(d).Show("%.0f"), stat.Summarize(n).Show("%.0f"),
				stat.Compare(n, d, stat.HigherIsFaster).String()})
		}
	}
	md.Table(w, t, 2)
}
