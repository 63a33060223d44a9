package main

import (
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/stat"
)

// month is the bytes of a month of lichess.org's games as text, the size
// the report times each speed on.
const month = 200e9

// writeReport writes the report in Markdown, every line within md.Width.
func writeReport(w io.Writer, cfg config, runs []*dbRun, here machine.Record, notes []string) {
	cover := stat.Summarize(make([]float64, cfg.ran)).Coverage
	rounds := fmt.Sprintf("%d interleaved rounds", cfg.ran)
	if cfg.ran < cfg.rounds {
		rounds += fmt.Sprintf(" (of %d: -time ended them)", cfg.rounds)
	}
	l := here.Lines()
	fmt.Fprintf(w, "# PGN readers on game databases\n\n")
	md.Wrap(w, fmt.Sprintf("%s\n%s; %d cores (runtime.NumCPU)", l[0], l[1], runtime.NumCPU()), "")
	fmt.Fprintln(w)
	md.Wrap(w, fmt.Sprintf("Command: `%s`. %s: in each, every reader reads every database once, "+
		"whole, in a process of its own, the readers' order turning from round to round; timed from the process's start "+
		"to its exit; peak memory is the process's VmHWM (/proc/PID/status, read every 10 ms; the peak resident "+
		"memory of the program since its exec), the largest of the rounds. Medians, in brackets the "+
		"interval that holds the median with %.1f%% confidence. MB/s and games/s are of the uncompressed PGN, whatever "+
		"the input. 200 GB: what a month of lichess.org's games as text would take at the median speed. The machine "+
		"is shared: expect noise.", cfg.command, rounds, 100*cover), "")
	fmt.Fprintln(w)
	md.Wrap(w, stat.RatioNote+"; faster or slower exactly when the per-round ratios' interval excludes 1, else within noise. "+
		"Against pgn, file: pgn's one-core Read on the .pgn; itself, file: the same reader on the .pgn; itself, 1 core: "+
		"the same reader on the same input at one core, its scaling ratio; pgn, parts, N cores: N Readers on N parts of "+
		"the file at the same cores, nothing shared, the ceiling of that scaling on this machine (games/s and MB/s give "+
		"the same ratios: the same games and bytes).", "")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "## The readers")
	fmt.Fprintln(w)
	seen := map[string]bool{}
	for _, run := range runs {
		for _, cr := range run.cells {
			if !seen[cr.c.r.name] {
				seen[cr.c.r.name] = true
				md.Wrap(w, "- "+cr.c.r.name+": "+cr.c.r.what+".", "  ")
			}
		}
	}
	md.Wrap(w, fmt.Sprintf("- Inputs: file, the .pgn from disk (from the page cache: each file is read once before "+
		"each round); zstd -dc, the .pgn.zst decompressed by zstd -dc in a process of its own into the reader's standard "+
		"input (pgn-extract and python-chess read the file alone: decompression is a few per cent of their time); zst, "+
		"the .pgn.zst read by pgn itself (pgn.Open: decompressed on a goroutine of its own, ahead of the reader; GOMAXPROCS 2, "+
		"where pgn's one-core readers run at GOMAXPROCS 1 on the other inputs; pgn parallel runs at GOMAXPROCS N on "+
		"either, the decompressing goroutine among its N); slice, "+
		"the first %s of the .pgn cut at a game's end, python-chess's alone, at its speed.", sizeName(cfg.slice)), "  ")
	fmt.Fprintln(w)
	for _, n := range notes {
		md.Wrap(w, n, "")
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "## The databases")
	fmt.Fprintln(w)
	for _, run := range runs {
		writeDatabaseNote(w, cfg, run)
	}
	for _, run := range runs {
		writeDatabaseRun(w, run)
	}
}

// writeDatabaseNote says what a database holds.
func writeDatabaseNote(w io.Writer, cfg config, run *dbRun) {
	db := run.db
	var s strings.Builder
	fmt.Fprintf(&s, "- %s: %d bytes, %d games, %d moves in their main lines", filepath.Base(db.pgn), db.size, db.games, run.moves)
	if run.allMoves > run.moves {
		fmt.Fprintf(&s, ", %d in all with variations", run.allMoves)
	}
	fmt.Fprintf(&s, "; drawn with replacement (seed %d) from %s, each copy's %s tag its own", cfg.make.seed,
		strings.Join(db.shape.sources, " and "), db.shape.tag)
	if db.shape.variations < 64 {
		fmt.Fprintf(&s, ", the variations of %d copies in 64 kept, the others' cut out", db.shape.variations)
	}
	if db.zst != "" {
		z, args := zstdCommand(cfg.make.zstdLevel)
		how := "as lichess compresses its files (pzstd -p10 -19)"
		if cfg.make.zstdLevel != lichessLevel {
			how = fmt.Sprintf("at level %d, where lichess compresses its files at %d (pzstd -p10 -%d)", cfg.make.zstdLevel, lichessLevel, lichessLevel)
		}
		fmt.Fprintf(&s, ". Compressed with %s %s, %s: %d bytes, %.2f%% of the text",
			filepath.Base(z), strings.Join(args, " "), how, db.zstSize, 100*float64(db.zstSize)/float64(db.size))
	}
	if run.slice != "" {
		fmt.Fprintf(&s, ". python-chess's slice: %d bytes, %d games", run.sliceSize, run.sliceGames)
	}
	md.Wrap(w, s.String()+".", "  ")
}

// writeDatabaseRun writes one database's tables.
func writeDatabaseRun(w io.Writer, run *dbRun) {
	fmt.Fprintf(w, "\n## %s\n\n", filepath.Base(run.db.pgn))
	t := [][]string{{"reader", "input", "MB/s", "games/s", "peak MiB", "200 GB"}}
	var base *cellRun
	for _, cr := range run.cells {
		if cr.c.r.name == "pgn" && cr.c.input == inFile && base == nil {
			base = cr
		}
	}
	for _, cr := range run.cells {
		mbps, gps := rates(run, cr)
		ms := stat.Summarize(mbps)
		var peak int64
		for _, s := range cr.samples {
			peak = max(peak, s.maxRSS)
		}
		t = append(t, []string{name(cr.c), cr.c.input, ms.Show("%.1f"), fmt.Sprintf("%.0f", stat.Summarize(gps).Median),
			peakMiB(peak), duration(month / (ms.Median * 1e6))})
	}
	md.Table(w, t, 2)
	fmt.Fprintln(w)
	t = [][]string{{"reader", "input", "against", "ratio"}}
	for _, cr := range run.cells {
		if base != nil && cr != base && cr.c.input != inHead {
			a, _ := rates(run, cr)
			b, _ := rates(run, base)
			t = append(t, []string{name(cr.c), cr.c.input, "pgn, file", stat.Compare(a, b, stat.HigherIsFaster).String()})
		}
		if one := scaleBase(run, cr); one != nil {
			a, _ := rates(run, cr)
			b, _ := rates(run, one)
			t = append(t, []string{name(cr.c), cr.c.input, "itself, 1 core", stat.Compare(a, b, stat.HigherIsFaster).String()})
		}
		if cr.c.r.name == "pgn parallel" && cr.c.cores > 1 {
			for _, f := range run.cells {
				if f.c.r.name == "pgn, parts" && f.c.cores == cr.c.cores && f.c.input == cr.c.input {
					a, _ := rates(run, cr)
					b, _ := rates(run, f)
					t = append(t, []string{name(cr.c), cr.c.input, name(f.c), stat.Compare(a, b, stat.HigherIsFaster).String()})
				}
			}
		}
		if cr.c.input == inPipe || cr.c.input == inOwn {
			for _, f := range run.cells {
				if f.c.r == cr.c.r && f.c.cores == cr.c.cores && f.c.input == inFile {
					a, _ := rates(run, cr)
					b, _ := rates(run, f)
					t = append(t, []string{name(cr.c), cr.c.input, "itself, file", stat.Compare(a, b, stat.HigherIsFaster).String()})
				}
			}
		}
	}
	if len(t) > 1 {
		md.Table(w, t, 3)
	}
}

// scaleBase is the cell a scaling ratio of cr is against: the same
// reader on the same input at one core, where cr runs at more; else nil.
func scaleBase(run *dbRun, cr *cellRun) *cellRun {
	if cr.c.r.cores == nil || cr.c.cores == 1 {
		return nil
	}
	for _, f := range run.cells {
		if f.c.r == cr.c.r && f.c.input == cr.c.input && f.c.cores == 1 {
			return f
		}
	}
	return nil
}

// name is a cell's reader, with its cores where it runs on more than one.
func name(c cell) string {
	if c.r.cores == nil {
		return c.r.name
	}
	if c.cores == 1 {
		return c.r.name + ", 1 core"
	}
	return fmt.Sprintf("%s, %d cores", c.r.name, c.cores)
}

// rates returns a cell's MB/s and games/s, one a round, of the bytes and
// games it read (the slice's for python-chess).
func rates(run *dbRun, cr *cellRun) (mbps, gps []float64) {
	size, games := float64(run.db.size), float64(run.db.games)
	if cr.c.input == inHead {
		size, games = float64(run.sliceSize), float64(run.sliceGames)
	}
	for _, s := range cr.samples {
		mbps = append(mbps, size/s.seconds/1e6)
		gps = append(gps, games/s.seconds)
	}
	return mbps, gps
}

// peakMiB writes a peak in MiB, "-" for none read.
func peakMiB(b int64) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", float64(b)/(1<<20))
}

// duration writes seconds as hours and minutes, or minutes and seconds.
func duration(s float64) string {
	switch {
	case s >= 3600:
		return fmt.Sprintf("%d h %02d min", int(s)/3600, int(s)%3600/60)
	case s >= 60:
		return fmt.Sprintf("%d min %02d s", int(s)/60, int(s)%60)
	}
	return fmt.Sprintf("%.0f s", s)
}

// pgnExtractVersion is the first line of pgn-extract -h: its version.
func pgnExtractVersion(path string) string {
	out, _ := exec.Command(path, "-h").CombinedOutput()
	first, _, _ := strings.Cut(string(out), "\n")
	if v, _, ok := strings.Cut(first, ":"); ok {
		return strings.TrimSpace(v)
	}
	return path
}
