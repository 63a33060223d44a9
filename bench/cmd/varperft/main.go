// Command varperft measures package variant's perft beside Fairy-Stockfish's
// (go perft) and python-chess's (chess.variant) on the same positions of
// each of the seven variants, in interleaved rounds:
//
//	go run -C bench ./cmd/varperft            7 rounds: the report on stdout, nothing written
//	go run -C bench ./cmd/varperft -write     the same, and results/CPU/varperft.md written
//	go run -C bench ./cmd/varperft -quick     2 short rounds at small depths: a check that it runs
//
// Each position is searched to the largest depth whose tree has at most
// -nodes leaves (by package variant's count) for variant and
// Fairy-Stockfish, and to the largest with at most -pynodes for
// python-chess, which is some thousand times slower. All three count the
// last ply in bulk: its legal moves counted, not played. variant runs in
// this process (Position.Perft); Fairy-Stockfish (-fairy, else
// fairy-stockfish on PATH or in /usr/games; Debian's package) in its own
// process, UCI_Variant set, timed from the go perft command to its "Nodes
// searched" line on a monotonic clock (its start and the variant's setup
// are never timed); python-chess in a driver of this command's own
// (drivers/pyperft.py, python-chess from -python-chess or a clone at the
// bench's pinned commit), timing its calls itself. Every measurement
// repeats the perft until it has run -time (once at least). Each round
// starts both programs afresh and measures the positions in turn, the
// three programs in an order that rotates from position to position and
// round to round. Counts are checked: variant's against python-chess's at
// python-chess's depth, and against Fairy-Stockfish's at its own. A
// variant Fairy-Stockfish's UCI_Variant option does not offer (Debian's
// 11.1 has no atomic: its setoption is ignored, and it would count
// standard chess's tree) is not measured on it, and the report says so;
// Fairy-Stockfish built from source plays all seven (-fairy PATH).
//
// The report gives per position the medians of million nodes/s with their
// intervals and variant's speed against each program by the project's
// rule (bench/internal/stat.Compare: the ratio, above 1 faster, its
// interval and verdict), and the geometric mean over the positions
// Fairy-Stockfish plays. A program that cannot be had is skipped with a
// message.
package main

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/foreign"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/pythonchess"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/bench/internal/worker"
	"github.com/symmagic/attacks/variant"
)

//go:embed drivers/pyperft.py
var pyDriver []byte

const cacheName = "symmagic-attacks-varperft"

func main() { cli.Main("varperft", run) }

// position is one position measured.
type position struct {
	v         variant.Variant
	name, fen string
	p         variant.Position
	depth     int    // variant's and Fairy-Stockfish's
	nodes     uint64 // variant's count at depth
	pyDepth   int
	pyNodes   uint64 // variant's count at pyDepth
}

// positions are the positions measured: each variant's start, and two from
// python-chess's perft files with pieces in play.
var positions = []struct {
	v         variant.Variant
	name, fen string
}{
	{variant.Crazyhouse, "start", variant.CrazyhouseFEN},
	{variant.Crazyhouse, "zh middle game", "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1"},
	{variant.Atomic, "start", variant.StandardFEN},
	{variant.Antichess, "start", variant.AntichessFEN},
	{variant.KingOfTheHill, "start", variant.StandardFEN},
	{variant.ThreeCheck, "start", variant.ThreeCheckFEN},
	{variant.ThreeCheck, "3check kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 1+1 0 1"},
	{variant.Horde, "start", variant.HordeFEN},
	{variant.RacingKings, "start", variant.RacingKingsFEN},
}

type config struct {
	rounds           int
	minTime          time.Duration
	maxNodes, pyMax  uint64
	command          string
	quick            bool
	fairyPath, pyDir string
}

// programs, in their column order.
const (
	pVariant = iota
	pFairy
	pPython
	nProg
)

var progNames = [nProg]string{"variant", "Fairy-Stockfish", "python-chess"}

func run(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("varperft", "go run -C bench ./cmd/varperft [flags]",
		"package variant's perft beside Fairy-Stockfish's and python-chess's on the same positions,\n"+
			"in interleaved rounds. The report on stdout, progress on stderr. Nothing is written without -write.\n", stderr)
	quick := fs.Bool("quick", false, "2 rounds at small depths, 10ms a measurement: a check that it runs, not a measurement")
	rounds := fs.Int("rounds", 0, "interleaved rounds (default 7, -quick 2)")
	minTime := fs.Duration("time", 0, "how long each measurement runs at least, its perft repeated (default 300ms, -quick 10ms)")
	maxNodes := fs.Uint64("nodes", 0, "the most leaves of variant's and Fairy-Stockfish's trees (default 20000000, -quick 20000)")
	pyMax := fs.Uint64("pynodes", 0, "the most leaves of python-chess's trees (default 200000, -quick 2000)")
	fairy := fs.String("fairy", "", "Fairy-Stockfish's executable (default: fairy-stockfish on PATH or in /usr/games)")
	pyDir := fs.String("python-chess", "", fmt.Sprintf("a checkout of %s (default: a clone at commit %.12s in the cache directory)", pythonchess.URL, pythonchess.Commit))
	out := cli.AddOutput(fs, "varperft.md")
	if err := cli.ParseNoArgs(fs, args); err != nil {
		return err
	}
	if err := out.Check(); err != nil {
		return err
	}
	if *rounds < 0 || *minTime < 0 {
		return cli.Usagef("-rounds %d -time %v: neither may be negative", *rounds, *minTime)
	}
	cfg := config{rounds: 7, minTime: 300 * time.Millisecond, maxNodes: 20_000_000, pyMax: 200_000}
	if *quick {
		cfg = config{rounds: 2, minTime: 10 * time.Millisecond, maxNodes: 20_000, pyMax: 2_000, quick: true}
	}
	if *rounds > 0 {
		cfg.rounds = *rounds
	}
	if *minTime > 0 {
		cfg.minTime = *minTime
	}
	if *maxNodes > 0 {
		cfg.maxNodes = *maxNodes
	}
	if *pyMax > 0 {
		cfg.pyMax = *pyMax
	}
	cfg.fairyPath, cfg.pyDir = *fairy, *pyDir
	cfg.command = strings.TrimSpace("go run -C bench ./cmd/varperft " + strings.Join(cli.QuoteArgs(args, "python-chess"), " "))

	ps, err := preparePositions(cfg)
	if err != nil {
		return err
	}
	r := &report{cfg: cfg, ps: ps, loadStart: loadAverage()}
	if r.fairy, err = findFairy(cfg.fairyPath); err != nil {
		var s *foreign.Skip
		if !errors.As(err, &s) {
			return err
		}
		fmt.Fprintln(stderr, s)
		r.skipped = append(r.skipped, s.Error())
	}
	if cache, err := foreign.CacheDir(cacheName); err != nil {
		return err
	} else if r.py, err = pythonchess.Prepare(cfg.pyDir, cache, "chess/variant.py", "pyperft.py", pyDriver, stderr); err != nil {
		var s *foreign.Skip
		if !errors.As(err, &s) {
			return err
		}
		fmt.Fprintln(stderr, s)
		r.skipped = append(r.skipped, s.Error())
		r.py = nil
	}
	if err := r.measure(stderr); err != nil {
		return err
	}
	r.loadEnd = loadAverage()
	return out.Report("varperft.md", func(w io.Writer) error { r.write(w, machine.Here()); return nil }, stdout, stderr)
}

// preparePositions parses the positions and chooses their depths by
// variant's counts.
func preparePositions(cfg config) ([]*position, error) {
	var ps []*position
	for _, x := range positions {
		p, err := variant.ParseFEN(x.v, x.fen)
		if err != nil {
			return nil, err
		}
		pos := &position{v: x.v, name: x.name, fen: x.fen, p: p}
		for d := 1; d <= 12; d++ {
			n := p.Perft(d)
			if n > cfg.maxNodes && d > 1 {
				break
			}
			pos.depth, pos.nodes = d, n
			if n <= cfg.pyMax || d == 1 {
				pos.pyDepth, pos.pyNodes = d, n
			}
		}
		ps = append(ps, pos)
	}
	return ps, nil
}

// fairyTool is Fairy-Stockfish as found: its path, its name, and the
// values its UCI_Variant option offers.
type fairyTool struct {
	path, name string
	vars       map[string]bool
}

// findFairy finds Fairy-Stockfish: path, or fairy-stockfish on PATH or in
// /usr/games. Missing, it is a *foreign.Skip.
func findFairy(path string) (*fairyTool, error) {
	if path == "" {
		if p, err := exec.LookPath("fairy-stockfish"); err == nil {
			path = p
		} else if _, err := os.Stat("/usr/games/fairy-stockfish"); err == nil {
			path = "/usr/games/fairy-stockfish"
		} else {
			return nil, foreign.Skipf("Fairy-Stockfish", "no fairy-stockfish on PATH or in /usr/games: apt-get install fairy-stockfish, or give -fairy")
		}
	}
	f, err := startFairy(path)
	if err != nil {
		return nil, foreign.Skipf("Fairy-Stockfish", "%s does not start as a UCI engine: %v", path, err)
	}
	defer f.stop()
	return &fairyTool{path: path, name: f.name, vars: f.vars}, nil
}

// fairy is a Fairy-Stockfish process.
type fairy struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Scanner
	name string
	vars map[string]bool // UCI_Variant's values
}

func startFairy(path string) (*fairy, error) {
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
	f := &fairy{cmd: cmd, in: in, out: bufio.NewScanner(out), vars: map[string]bool{}}
	f.out.Buffer(nil, 1<<20)
	fmt.Fprintln(in, "uci")
	for {
		line, err := f.line()
		if err != nil {
			f.stop()
			return nil, err
		}
		if name, ok := strings.CutPrefix(line, "id name "); ok {
			f.name = name
		}
		if rest, ok := strings.CutPrefix(line, "option name UCI_Variant type combo "); ok {
			w := strings.Fields(rest)
			for i := 0; i+1 < len(w); i++ {
				if w[i] == "var" {
					f.vars[w[i+1]] = true
				}
			}
		}
		if line == "uciok" {
			return f, nil
		}
	}
}

func (f *fairy) line() (string, error) {
	if !f.out.Scan() {
		if err := f.out.Err(); err != nil {
			return "", err
		}
		return "", io.ErrUnexpectedEOF
	}
	return strings.TrimSpace(f.out.Text()), nil
}

// setup sets the variant and the position, and waits for readyok.
func (f *fairy) setup(p *position) error {
	fmt.Fprintf(f.in, "setoption name UCI_Variant value %s\nposition fen %s\nisready\n", p.v.UCI(), p.p.FEN())
	for {
		line, err := f.line()
		if err != nil {
			return err
		}
		if line == "readyok" {
			return nil
		}
	}
}

// perft runs go perft depth and returns its count and the time from the
// command to the "Nodes searched" line.
func (f *fairy) perft(depth int) (uint64, time.Duration, error) {
	start := time.Now()
	fmt.Fprintf(f.in, "go perft %d\n", depth)
	for {
		line, err := f.line()
		if err != nil {
			return 0, 0, err
		}
		if s, ok := strings.CutPrefix(line, "Nodes searched:"); ok {
			el := time.Since(start)
			n, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
			return n, el, err
		}
	}
}

func (f *fairy) stop() {
	fmt.Fprintln(f.in, "quit")
	f.in.Close()
	for f.out.Scan() {
	}
	f.cmd.Wait()
}

// report is a run's measurements.
type report struct {
	cfg     config
	ps      []*position
	fairy   *fairyTool
	py      *pythonchess.Checkout
	pyVer   string
	skipped []string
	// The one-minute load averages before and after the rounds.
	loadStart, loadEnd string
	// mnps[position][program][round]: million nodes/s.
	mnps [][nProg][]float64
}

// measure runs the rounds.
func (r *report) measure(stderr io.Writer) error {
	r.mnps = make([][nProg][]float64, len(r.ps))
	for round := 0; round < r.cfg.rounds; round++ {
		fmt.Fprintf(stderr, "round %d of %d\n", round+1, r.cfg.rounds)
		var f *fairy
		if r.fairy != nil {
			var err error
			if f, err = startFairy(r.fairy.path); err != nil {
				return fmt.Errorf("Fairy-Stockfish: %v", err)
			}
		}
		var py *worker.Proc
		if r.py != nil {
			var err error
			if py, err = worker.Start(r.py.Python, r.py.Driver, r.py.Src); err != nil {
				return fmt.Errorf("python-chess: %v", err)
			}
			line, err := py.ReadLine()
			if err != nil {
				return fmt.Errorf("python-chess: no version line: %s", py.Stderr())
			}
			r.pyVer = strings.TrimSpace(string(line))
		}
		for i, p := range r.ps {
			for k := 0; k < nProg; k++ {
				prog := (k + i + round) % nProg
				var rate float64
				var err error
				switch prog {
				case pVariant:
					rate = r.variantRate(p)
				case pFairy:
					if f == nil || !r.fairy.vars[p.v.UCI()] {
						continue
					}
					rate, err = r.fairyRate(f, p)
				case pPython:
					if py == nil {
						continue
					}
					rate, err = r.pythonRate(py, p)
				}
				if err != nil {
					return fmt.Errorf("%v %s: %s: %v", p.v, p.name, progNames[prog], err)
				}
				r.mnps[i][prog] = append(r.mnps[i][prog], rate)
			}
		}
		if f != nil {
			f.stop()
		}
		if py != nil {
			py.CloseWrite()
			if err := py.Close(); err != nil {
				return fmt.Errorf("python-chess: %v", err)
			}
		}
	}
	return nil
}

// variantRate times Position.Perft, one untimed call first.
func (r *report) variantRate(p *position) float64 {
	q := p.p
	q.Perft(min(p.depth, 3))
	var el time.Duration
	calls := 0
	for calls == 0 || el < r.cfg.minTime {
		start := time.Now()
		q.Perft(p.depth)
		el += time.Since(start)
		calls++
	}
	return float64(p.nodes) * float64(calls) / el.Seconds() / 1e6
}

// fairyRate times go perft, after an untimed setup.
func (r *report) fairyRate(f *fairy, p *position) (float64, error) {
	if err := f.setup(p); err != nil {
		return 0, err
	}
	var el time.Duration
	calls := 0
	var n uint64
	for calls == 0 || el < r.cfg.minTime {
		c, d, err := f.perft(p.depth)
		if err != nil {
			return 0, err
		}
		el += d
		n = c
		calls++
	}
	if n != p.nodes {
		return 0, fmt.Errorf("perft %d: %d nodes, variant counts %d", p.depth, n, p.nodes)
	}
	return float64(n) * float64(calls) / el.Seconds() / 1e6, nil
}

// pythonRate asks the driver for its perft at pyDepth.
func (r *report) pythonRate(py *worker.Proc, p *position) (float64, error) {
	fmt.Fprintf(py, "%s %d %g %s\n", p.v.UCI(), p.pyDepth, r.cfg.minTime.Seconds(), p.p.FEN())
	line, err := py.ReadLine()
	if err != nil {
		return 0, fmt.Errorf("no answer: %s", py.Stderr())
	}
	f := strings.Fields(string(line))
	if len(f) != 3 || f[0] == "error" {
		return 0, fmt.Errorf("answer %q", line)
	}
	n, err1 := strconv.ParseUint(f[0], 10, 64)
	calls, err2 := strconv.Atoi(f[1])
	secs, err3 := strconv.ParseFloat(f[2], 64)
	if err1 != nil || err2 != nil || err3 != nil || secs <= 0 {
		return 0, fmt.Errorf("answer %q", line)
	}
	if n != p.pyNodes {
		return 0, fmt.Errorf("perft %d: %d nodes, variant counts %d", p.pyDepth, n, p.pyNodes)
	}
	return float64(n) * float64(calls) / secs / 1e6, nil
}

// write writes the report.
func (r *report) write(w io.Writer, here machine.Record) {
	fmt.Fprintf(w, "# Variant perft: package variant, Fairy-Stockfish, python-chess\n\n")
	fmt.Fprintf(w, "`%s`: %d rounds, each measurement at least %v; load average %s at the start, %s at the end.\n\n", r.cfg.command, r.cfg.rounds, r.cfg.minTime, r.loadStart, r.loadEnd)
	for _, l := range here.Lines() {
		fmt.Fprintf(w, "%s  \n", l)
	}
	if r.fairy != nil {
		fmt.Fprintf(w, "Fairy-Stockfish: %s (%s), one thread, go perft timed from the command to its \"Nodes searched\" line.  \n", r.fairy.name, r.fairy.path)
	}
	if r.py != nil {
		at := ""
		if r.py.Head != "" {
			at = fmt.Sprintf(" at %.12s", r.py.Head)
		}
		fmt.Fprintf(w, "python-chess: %s%s, %s, drivers/pyperft.py timing its own calls.  \n", r.pyVer, at, r.py.PythonVersion)
	}
	for _, s := range r.skipped {
		fmt.Fprintf(w, "Skipped: %s.  \n", s)
	}
	if r.cfg.quick {
		fmt.Fprintf(w, "\n**-quick: a check that the command runs, not a measurement.**\n")
	}
	fmt.Fprintf(w, "\nMillion nodes/s, medians of the rounds [95%% intervals]; variant against each program, the ratio of the rounds' speeds\n(above 1: variant faster) [interval], verdict. Depth: variant's and Fairy-Stockfish's; python-chess's, beside it.\n\n")
	t := [][]string{{"variant", "position", "depth", "nodes", "variant", "Fairy-Stockfish", "python-chess (depth)", "vs Fairy-Stockfish", "vs python-chess"}}
	var geo [][]float64 // per round, the ratios against Fairy-Stockfish
	for i, p := range r.ps {
		m := r.mnps[i]
		row := []string{p.v.String(), p.name, strconv.Itoa(p.depth), strconv.FormatUint(p.nodes, 10), stat.Summarize(m[pVariant]).Show("%.2f"), "-", "-", "-", "-"}
		switch {
		case len(m[pFairy]) > 0:
			row[5] = stat.Summarize(m[pFairy]).Show("%.2f")
			row[7] = stat.Compare(m[pVariant], m[pFairy], stat.HigherIsFaster).String()
			geo = append(geo, ratios(m[pVariant], m[pFairy]))
		case r.fairy != nil:
			row[5] = "no " + p.v.UCI() + " in its UCI_Variant"
		}
		if len(m[pPython]) > 0 {
			row[6] = stat.Summarize(m[pPython]).Show("%.4f") + fmt.Sprintf(" (%d)", p.pyDepth)
			row[8] = stat.Compare(m[pVariant], m[pPython], stat.HigherIsFaster).String()
		}
		t = append(t, row)
	}
	md.Table(w, t, 2)
	if len(geo) > 0 {
		per := make([]float64, len(geo[0]))
		for k := range per {
			s := 0.0
			for _, g := range geo {
				s += math.Log(g[k])
			}
			per[k] = math.Exp(s / float64(len(geo)))
		}
		fmt.Fprintf(w, "\nvariant against Fairy-Stockfish, the geometric mean of the ratios over the %d positions both play by the same rules,\nround by round: %s.\n",
			len(geo), stat.Summarize(per).Show("%.2f"))
	}
}

// ratios are a's speeds over base's, round by round.
func ratios(a, base []float64) []float64 {
	out := make([]float64, min(len(a), len(base)))
	for i := range out {
		out[i] = a[i] / base[i]
	}
	return out
}

// loadAverage returns the one-minute load average (/proc/loadavg), or "not
// known".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "not known"
}
