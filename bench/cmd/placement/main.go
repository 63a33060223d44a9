// Command placement tells code placement apart from the rest of what
// separates two slider modes in perft: it builds each mode's worker with
// its code moved by N bytes (bench/perft's padded builds: package pad's
// Pad, a function of N more bytes that is never called, laid out before
// the generator, so that the generator's and the search's functions lie N
// bytes further on, executing the same instructions on the same data), for
// N from 0 to 256 in steps of 16 at a 16-byte function alignment, and times
// them in interleaved rounds beside each mode as the other commands build
// it (64-byte alignment), one thread, no load, at the start position:
//
//	go run -C bench ./cmd/placement           21 rounds, depth 6: the report on stdout
//	go run -C bench ./cmd/placement -quick    3 rounds at depth 4, paddings 0 and 16: a check that it runs
//
// The report lists where each build's hot functions lie (go tool nm: the
// address mod 64 and the size, and how far the padding moved them), then
// each padded build's speed against padding 0 of the same mode and against
// the first mode (black by default) at padding 0. If a mode's speed moves
// with its padding by as much as two modes differ, placement can explain
// the difference; if every padding of one mode runs faster than every
// padding of the other, placement does not. -modes and -pads choose the
// modes and paddings; -write saves the report as results/CPU/placement.md.
package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/perfload"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/bench/perft"
	"github.com/symmagic/attacks/movegen"
)

func main() {
	cli.Main("placement", run)
}

// align is the padded builds' function alignment: every padding a multiple
// of it moves every function after Pad by exactly the padding.
const align = 16

// build is one worker measured: a padded build, or with pad -1 the mode as
// the driver builds it.
type build struct {
	mode perft.Mode
	pad  int
}

func (b build) name() perft.Mode {
	if b.pad < 0 {
		return b.mode
	}
	return perft.Padded{Mode: b.mode, Pad: b.pad, Align: align}.Name()
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("placement", "go run -C bench ./cmd/placement [flags]",
		"What code placement does to perft's speed: each mode's worker with its code moved by N bytes\n"+
			"(never-run padding before the generator), in interleaved rounds. The report on stdout, progress\n"+
			"on stderr. Nothing is written without -write.\n", stderr)
	quick := fs.Bool("quick", false, "3 rounds at depth 4, paddings 0 and 16: a check that it runs, not a measurement")
	rounds := fs.Int("rounds", 0, "interleaved rounds (default 21, -quick 3)")
	depth := fs.Int("depth", 0, "perft depth at the start position (default 6, -quick 4)")
	modeList := fs.String("modes", "black,w1,w", "the modes, comma-separated: the first is the base")
	padList := fs.String("pads", "", "the paddings in bytes, comma-separated multiples of 16, 0 first (default 0,16,...,256; -quick 0,16)")
	out := cli.AddOutput(fs, "placement.md")
	if err := cli.ParseNoArgs(fs, args); err != nil {
		return err
	}
	if err := out.Check(); err != nil {
		return err
	}
	if *rounds < 0 {
		return cli.Usagef("-rounds %d: may not be negative", *rounds)
	}
	if *depth < 0 || *depth > perft.MaxPerftDepth {
		return cli.Usagef("-depth %d: want 1 to %d", *depth, perft.MaxPerftDepth)
	}
	var modes []perft.Mode
	for _, s := range strings.Split(*modeList, ",") {
		m, err := perft.ParseMode(strings.TrimSpace(s))
		if err != nil {
			return cli.Usagef("-modes: %v", err)
		}
		if slices.Contains(modes, m) {
			return cli.Usagef("-modes: %s twice", m)
		}
		modes = append(modes, m)
	}
	pads := []int{0, 16}
	if !*quick {
		pads = nil
		for n := 0; n <= 256; n += align {
			pads = append(pads, n)
		}
	}
	if *padList != "" {
		pads = nil
		for _, s := range strings.Split(*padList, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil || n < 0 || n%align != 0 || n > 1<<16 {
				return cli.Usagef("-pads: %q: want a multiple of %d from 0 to %d", s, align, 1<<16)
			}
			if slices.Contains(pads, n) {
				return cli.Usagef("-pads: %d twice", n)
			}
			pads = append(pads, n)
		}
		if pads[0] != 0 {
			return cli.Usagef("-pads: the first padding must be 0, what the others are compared with")
		}
	}
	n, d := 21, 6
	if *quick {
		n, d = 3, 4
	}
	if *rounds > 0 {
		n = *rounds
	}
	if *depth > 0 {
		d = *depth
	}
	var builds []build
	var padded []perft.Padded
	for _, m := range modes {
		builds = append(builds, build{m, -1})
		for _, p := range pads {
			builds = append(builds, build{m, p})
			padded = append(padded, perft.Padded{Mode: m, Pad: p, Align: align})
		}
	}
	start := time.Now()
	fmt.Fprintf(stderr, "building %d workers\n", len(builds))
	plain, err := perft.NewPool(perft.DefaultBuild, modes, true)
	if err != nil {
		return err
	}
	defer plain.Close()
	pool, err := perft.NewPaddedPool(perft.DefaultBuild, padded, true)
	if err != nil {
		return err
	}
	defer pool.Close()
	for _, m := range modes {
		pool.Add(m, plain.Worker(m))
	}
	funcs := map[perft.Mode][]perft.Func{}
	heads := map[perft.Mode]map[string][]uint64{}
	for _, b := range builds {
		fs, err := perft.Funcs(pool.Path(b.name()), perft.HotFuncs)
		if err != nil {
			return err
		}
		funcs[b.name()] = fs
		if b.pad <= 0 {
			if heads[b.name()], err = perft.LoopHeads(pool.Path(b.name()), fs); err != nil {
				return err
			}
		}
	}
	names := make([]perft.Mode, len(builds))
	for i, b := range builds {
		names[i] = b.name()
	}
	groups := []perfload.Group{{Pos: perfload.Position{Name: "start", FEN: movegen.StartFEN, Depth: d}, Depth: d, Load: perfload.Loads(0)[0]}}
	m, err := perfload.Measure(pool, groups, names, n, nil, stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "built and measured in %v\n", time.Since(start).Round(time.Second))
	command := strings.TrimSpace("go run -C bench ./cmd/placement " + strings.Join(cli.QuoteArgs(args), " "))
	return out.Report("placement.md", func(w io.Writer) error {
		return writeReport(w, command, d, n, modes, pads, funcs, heads, m[0])
	}, stdout, stderr)
}

// shift returns how far every function of a, a padded build, lies from the
// same function in base (its padding 0), or an error naming one that moved
// otherwise or is missing.
func shift(a, base []perft.Func) (int64, error) {
	at := map[string]perft.Func{}
	for _, f := range base {
		at[f.Name] = f
	}
	var d int64
	first := true
	for _, f := range a {
		if strings.HasSuffix(f.Name, "pad.Pad") {
			continue
		}
		g, ok := at[f.Name]
		if !ok {
			return 0, fmt.Errorf("%s is not in padding 0's build", f.Name)
		}
		if f.Size != g.Size {
			return 0, fmt.Errorf("%s: %d bytes, %d at padding 0", f.Name, f.Size, g.Size)
		}
		if s := int64(f.Addr) - int64(g.Addr); first {
			d, first = s, false
		} else if s != d {
			return 0, fmt.Errorf("%s moved %d bytes, another function %d", f.Name, s, d)
		}
	}
	if first {
		return 0, fmt.Errorf("none of the hot functions is in the build")
	}
	return d, nil
}

func writeReport(w io.Writer, command string, depth, rounds int, modes []perft.Mode, pads []int, funcs map[perft.Mode][]perft.Func, heads map[perft.Mode]map[string][]uint64, m map[perft.Mode][]float64) error {
	fmt.Fprintf(w, "## Code placement\n\n")
	lines := machine.Here().Lines()
	md.Wrap(w, fmt.Sprintf("%s\n%s; one thread; no load; perft of the start position, depth %d; %s", lines[0], lines[1], depth, time.Now().UTC().Format("2006-01-02")), "")
	fmt.Fprintln(w)
	cover := stat.Summarize(make([]float64, rounds)).Coverage
	md.Wrap(w, fmt.Sprintf("Command: `%s`. Medians of %d interleaved rounds, in brackets the interval that holds the median with %.1f%% confidence. %s.",
		command, rounds, 100*cover, stat.RatioNote), "")
	fmt.Fprintln(w)
	md.Wrap(w, fmt.Sprintf("MODE is the mode's worker as the other commands build it, every function on a 64-byte boundary; "+
		"MODE+N the same code at a %d-byte function alignment with a function of N more bytes, never run, laid out before the generator, "+
		"so that every function after it lies N bytes further on.", align), "")
	fmt.Fprintf(w, "\n### Where the hot functions lie\n\n")
	md.Wrap(w, "The generator's functions perft runs in (the lookups are inlined into them), from go tool nm: the address mod 64 and the size in bytes.", "")
	fmt.Fprintln(w)
	var order []string
	for _, mode := range modes {
		for _, b := range []perft.Mode{mode, perft.Padded{Mode: mode, Pad: 0, Align: align}.Name()} {
			for _, f := range funcs[b] {
				if !slices.Contains(order, f.Name) {
					order = append(order, f.Name)
				}
			}
		}
	}
	head := []string{"function"}
	for _, mode := range modes {
		head = append(head, string(mode), string(mode)+"+0")
	}
	t := [][]string{head}
	for _, name := range order {
		row := []string{name}
		for _, mode := range modes {
			for _, b := range []perft.Mode{mode, perft.Padded{Mode: mode, Pad: 0, Align: align}.Name()} {
				cell := "-"
				for _, f := range funcs[b] {
					if f.Name == name {
						cell = fmt.Sprintf("%d @ %d", f.Size, f.Addr%64)
					}
				}
				row = append(row, cell)
			}
		}
		t = append(t, row)
	}
	md.Table(w, t, 1)
	fmt.Fprintln(w)
	md.Wrap(w, "The heads of their loops (the targets of backward branches, go tool objdump), each address mod 64:", "")
	fmt.Fprintln(w)
	t = [][]string{head}
	for _, name := range order {
		if !strings.HasPrefix(name, "movegen.") {
			continue
		}
		row := []string{name}
		for _, mode := range modes {
			for _, b := range []perft.Mode{mode, perft.Padded{Mode: mode, Pad: 0, Align: align}.Name()} {
				var at []string
				for _, h := range heads[b][name] {
					at = append(at, strconv.FormatUint(h%64, 10))
				}
				row = append(row, strings.Join(at, " "))
			}
		}
		t = append(t, row)
	}
	md.Table(w, t, 1)
	fmt.Fprintf(w, "\n### Speed against the padding\n\n")
	base := perft.Padded{Mode: modes[0], Pad: 0, Align: align}.Name()
	md.Wrap(w, fmt.Sprintf("Moved: how far the padding moved every hot function from padding 0 (go tool nm; the same for all of them, "+
		"and each the same size). Against padding 0: the build's nodes/s over padding 0's of its mode; against %s: over %s's.", base, base), "")
	fmt.Fprintln(w)
	t = [][]string{{"build", "moved", "perft @ mod 64", "million nodes/s", "against padding 0", "against " + string(base)}}
	for _, mode := range modes {
		zero := perft.Padded{Mode: mode, Pad: 0, Align: align}.Name()
		for _, p := range append([]int{-1}, pads...) {
			b := build{mode, p}.name()
			moved := "(64-byte alignment)"
			if p >= 0 {
				d, err := shift(funcs[b], funcs[zero])
				if err != nil {
					return fmt.Errorf("%s: %v", b, err)
				}
				moved = strconv.FormatInt(d, 10)
			}
			at := "-"
			for _, f := range funcs[b] {
				if f.Name == "movegen.perft" {
					at = strconv.FormatUint(f.Addr%64, 10)
				}
			}
			s := stat.Summarize(m[b])
			row := []string{string(b), moved, at, fmt.Sprintf("%.1f [%.1f, %.1f]", s.Median/1e6, s.Lo/1e6, s.Hi/1e6)}
			for _, against := range []perft.Mode{zero, base} {
				if against == b {
					row = append(row, "-")
					continue
				}
				row = append(row, stat.Compare(m[b], m[against], stat.HigherIsFaster).String())
			}
			t = append(t, row)
		}
	}
	md.Table(w, t, 1)
	return nil
}
