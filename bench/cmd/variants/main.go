// Command variants measures what separates the package's lookups from the
// fastest magic in perft: bench/perft's variant modes, each one technique's
// lookup taken a step towards another's, beside the modes they lie between,
// one thread, no load, in interleaved rounds:
//
//	go run -C bench ./cmd/variants           21 rounds (a few minutes): the report on stdout, nothing written
//	go run -C bench ./cmd/variants -write    the same, and results/CPU/variants.md written
//	go run -C bench ./cmd/variants -quick    3 rounds at small depths: a check that it runs
//
// Each step is a pair measured in the same rounds, the speed ratio of the
// one to the other (above 1 faster) with its interval and verdict
// (bench/internal/stat.Compare):
//
//   - fancymask against fancy: a key mask, one AND, added to fancy magic
//     (the drop-in's rook keys had one until they were searched to need
//     none);
//   - byte against fancy: a second dependent load, a byte index between the
//     key and the attack set (the W system's two loads, without its
//     sharing);
//   - std against byte: from that to the drop-in (a constant shift, keys
//     with nothing above them, some a bit wider than the mask, 32-byte
//     records, bishop tables shared where the standard layout allows);
//   - w against std: W keys from the occupancy in W layout that the
//     position keeps and every move updates, against the standard
//     occupancy;
//   - stdsmall against std: the same lookups with a Position 8 bytes
//     smaller (every mode's position holds the room of w's kept W word,
//     so that this layout effect counts for none of them);
//   - wb1 against w: the bishops in one load, the W key straight into the
//     square's own table of attack sets, no index byte (a point between
//     w's bytes and black magic's);
//   - w1 against w: rooks and bishops in one load, no second dependent
//     load at all (an upper bound on what it is worth at W keys: about
//     1.4 MB of tables);
//
// and std, w, wb1, w1 and fancy against the fastest magic. The report gives
// each mode's table bytes beside its speed. -out DIR names the
// directory -write writes to (default results, which go run -C bench puts
// in bench/), in a folder for the CPU.
package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/perfload"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/bench/perft"
	"github.com/symmagic/attacks/bench/ref"
	"github.com/symmagic/attacks/movegen"
)

func main() {
	cli.Main("variants", run)
}

// modes are the modes measured: the variants and the modes they lie
// between, with the three magics, one of which is the base.
var modes = []perft.Mode{perft.ModeFancy, "fancymask", "byte", perft.ModeStd, "stdsmall", perft.ModeW, "wb1", "w1", perft.ModePlain, perft.ModeBlack}

// step is one comparison the report makes: a against base, and what
// separates them.
type step struct {
	a, base perft.Mode // base fastestMagic: the group's fastest magic
	what    string
}

// fastestMagic marks a step against the group's fastest magic.
const fastestMagic = perft.Mode("")

var steps = []step{
	{"fancymask", perft.ModeFancy, "the key mask"},
	{"byte", perft.ModeFancy, "a second load"},
	{perft.ModeStd, "byte", "the drop-in's keys"},
	{perft.ModeW, perft.ModeStd, "W keys, a kept W occupancy"},
	{"stdsmall", perft.ModeStd, "a smaller position"},
	{"wb1", perft.ModeW, "bishops in one load"},
	{"w1", perft.ModeW, "no second load"},
	{perft.ModeStd, fastestMagic, "the drop-in"},
	{perft.ModeW, fastestMagic, "the W lookups"},
	{"wb1", fastestMagic, "W, bishops in one load"},
	{"w1", fastestMagic, "W in one load"},
	{perft.ModeFancy, fastestMagic, "fancy magic"},
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := cli.NewFlagSet("variants", "go run -C bench ./cmd/variants [flags]",
		"What separates the package's lookups from the fastest magic in perft: bench/perft's variant\n"+
			"modes beside the modes they lie between, in interleaved rounds. The report on stdout, progress on\n"+
			"stderr. Nothing is written without -write.\n", stderr)
	quick := fs.Bool("quick", false, "3 rounds, depths 4 and 3: a check that it runs, not a measurement")
	rounds := fs.Int("rounds", 0, "interleaved rounds (default 21, -quick 3)")
	out := cli.AddOutput(fs, "variants.md")
	if err := cli.ParseNoArgs(fs, args); err != nil {
		return err
	}
	if err := out.Check(); err != nil {
		return err
	}
	if *rounds < 0 {
		return cli.Usagef("-rounds %d: may not be negative", *rounds)
	}
	positions := []perfload.Position{{Name: "start", FEN: movegen.StartFEN, Depth: 6}, {Name: "kiwipete", FEN: perfload.Kiwipete, Depth: 5}}
	n := 21
	if *quick {
		positions[0].Depth, positions[1].Depth, n = 4, 3, 3
	}
	if *rounds > 0 {
		n = *rounds
	}
	groups := perfload.Groups(positions, perfload.Loads(0)[:1])
	start := time.Now()
	pool, err := perft.NewPool(perft.DefaultBuild, modes, true)
	if err != nil {
		return err
	}
	defer pool.Close()
	info, err := pool.Worker(perft.ModeW).Info()
	if err != nil {
		return err
	}
	m, err := perfload.Measure(pool, groups, modes, n, nil, stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "measured in %v\n", time.Since(start).Round(time.Second))
	command := strings.TrimSpace("go run -C bench ./cmd/variants " + strings.Join(cli.QuoteArgs(args), " "))
	return out.Report("variants.md", func(w io.Writer) error { writeReport(w, command, info.Kernel, groups, m, n); return nil }, stdout, stderr)
}

// tableBytes is every table each mode's lookups read: attack and index
// tables and per-square records (package attacks' Stats for std and w,
// bench/ref's for the rest; fancymask's are fancy's, stdsmall's std's).
var tableBytes = func() map[perft.Mode]int {
	b := map[perft.Mode]int{}
	for _, t := range ref.Techniques() {
		b[perft.Mode(t.Name)] = t.Bytes
	}
	st := attacks.Stats()
	rook, bishop := ref.WOneBytes()
	return map[perft.Mode]int{
		perft.ModeFancy: b["fancy"], "fancymask": b["fancy"], "byte": b["squarebyte"],
		perft.ModeStd: st.Std.TotalBytes, "stdsmall": st.Std.TotalBytes, perft.ModeW: st.W.TotalBytes,
		"wb1": ref.WRookBytes() + bishop, "w1": rook + bishop,
		perft.ModePlain: b["plain"], perft.ModeBlack: b["black"],
	}
}()

// commas writes n with a comma between groups of three digits.
func commas(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func writeReport(w io.Writer, command, kernel string, groups []perfload.Group, m perfload.Measurements, rounds int) {
	fmt.Fprintf(w, "## What separates the lookups\n\n")
	lines := machine.Here().Lines()
	md.Wrap(w, fmt.Sprintf("%s\n%s; attacks kernel %s; one thread; no load; %s", lines[0], lines[1], kernel, time.Now().UTC().Format("2006-01-02")), "")
	fmt.Fprintln(w)
	cover := stat.Summarize(make([]float64, rounds)).Coverage
	md.Wrap(w, fmt.Sprintf("Command: `%s`. Medians of %d interleaved rounds, in brackets the interval that holds the median with %.1f%% confidence. %s.",
		command, rounds, 100*cover, stat.RatioNote), "")
	fmt.Fprintln(w)
	md.Wrap(w, "Each row is one step between two lookups, measured in the same rounds: the first mode's nodes/s over "+
		"the second's, round by round, and the verdict (faster or slower exactly when the interval excludes 1, else within noise). "+
		"The steps: fancymask is fancy magic with the drop-in's key mask, one AND; byte the per-square byte lookup, "+
		"keys like fancy magic's through a byte index to the square's attack sets (the W system's two dependent loads, "+
		"without its sharing); std against byte the drop-in's keys and record (a constant shift, the key mask, tables shared "+
		"where the standard layout allows, a 32-byte record with an offset); w against std the W keys read from the "+
		"occupancy in W layout the position keeps and every move updates; stdsmall the drop-in with a position 8 bytes smaller, "+
		"a layout every other mode is spared; wb1 the W lookups with each bishop square's own table of attack sets at every W key, "+
		"read in one load, the rooks as w's; w1 rooks and bishops so, w without its second dependent load. "+
		"Table bytes: every table the lookups read (attack and index tables, per-square records).", "")
	for gi, g := range groups {
		base := m.Base(gi)
		fmt.Fprintf(w, "\n### %s, depth %d\n\n", g.Pos.Name, g.Depth)
		t := [][]string{{"mode", "table bytes", "million nodes/s"}}
		for _, mode := range modes {
			s := stat.Summarize(m[gi][mode])
			t = append(t, []string{string(mode), commas(tableBytes[mode]), fmt.Sprintf("%.1f [%.1f, %.1f]", s.Median/1e6, s.Lo/1e6, s.Hi/1e6)})
		}
		md.Table(w, t, 1)
		fmt.Fprintln(w)
		t = [][]string{{"mode", "against", "what it isolates", "speed ratio"}}
		for _, s := range steps {
			b := s.base
			if b == fastestMagic {
				b = base
			}
			if b == s.a {
				continue // fancy magic is the fastest
			}
			c := stat.Compare(m[gi][s.a], m[gi][b], stat.HigherIsFaster)
			name := string(b)
			if s.base == fastestMagic {
				name += " (fastest)"
			}
			t = append(t, []string{string(s.a), name, s.what, c.String()})
		}
		md.Table(w, t, 3)
	}
}
