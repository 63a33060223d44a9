package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/internal/perftdata"
)

// The checkouts TestQuick gives the command, as its flags do; without
// them it clones at the pinned commits, and skips where it cannot.
var (
	cozyDir     = flag.String("cozy-chess", "", "a checkout of cozy-chess for TestQuick")
	chessLibDir = flag.String("chess-library", "", "a checkout of chess-library for TestQuick")
)

func suite(t *testing.T) []perftdata.Row {
	t.Helper()
	s, err := perftdata.Known()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// rec is the machine of the reports tested.
var rec = machine.Record{
	CPU:   machine.CPU{Name: "Intel(R) Xeon(R) Processor", Vendor: "GenuineIntel", Family: 6, Model: 207, Microarch: "Emerald Rapids", L1d: 48 << 10, L2: 2 << 20},
	Build: machine.Build{GoVersion: "go1.26.8", GOOS: "linux", GOARCH: "amd64", Level: "GOAMD64=v1"},
}

// table returns the cells of the first table after heading, its rows by
// their first cells (two joined by a space where key is 2).
func table(t *testing.T, out, heading string, key int) map[string][]string {
	t.Helper()
	_, after, ok := strings.Cut(out, heading)
	if !ok {
		t.Fatalf("no heading %q:\n%s", heading, out)
	}
	rows := map[string][]string{}
	started := false
	for _, line := range strings.Split(after, "\n") {
		if !strings.HasPrefix(line, "| ") {
			if started {
				break
			}
			continue
		}
		started = true
		cells := strings.Split(strings.TrimSuffix(strings.TrimPrefix(line, "| "), " |"), " | ")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows[strings.Join(cells[:key], " ")] = cells
	}
	return rows
}

// fixed is a run of 9 rounds on the five positions at full depth whose
// comparisons are known. Every program runs 1% faster each round than
// the one before, at a speed of its own at each position: movegen 500,
// cozy-chess's native build 400 at the first position and a tenth more
// at each next one (its default build half that), so that movegen against
// it is 1.25 divided by 1, 1.1, ... 1.4 in every round; chess-library's
// default build 625 and its native build 5% above or below it in
// alternate rounds, so that its native build is the faster in five
// rounds of the nine (movegen 0.76 of it) and its default one in four
// (movegen 0.8 of it).
func fixed(t *testing.T) (config, *measurements) {
	ps, err := positions(suite(t), false)
	if err != nil {
		t.Fatal(err)
	}
	const rounds = 9
	m := &measurements{positions: ps, mnps: make([][][]float64, len(ps))}
	for j := range ps {
		m.mnps[j] = make([][]float64, 1+2*nBuild)
		for r := range rounds {
			f := 1 + 0.01*float64(r)
			alt := 1.05
			if r%2 == 1 {
				alt = 0.95
			}
			speed := []float64{500, 200 * (1 + 0.1*float64(j)), 400 * (1 + 0.1*float64(j)), 625, 625 * alt}
			for g, s := range speed {
				m.mnps[j][g] = append(m.mnps[j][g], s*f)
			}
		}
	}
	m.rivals = []rivalInfo{
		{name: "cozy-chess", lang: "Rust", url: rivals[0].url, api: "its API", note: "a note", pinned: cozyCommit, head: cozyCommit,
			compiler: "rustc 1.95.0", how: [nBuild]string{"cargo build", "cargo build native"}},
		{name: "chess-library", lang: "C++", url: rivals[1].url, api: "its API", note: "a note", pinned: chessLibCommit,
			head: "0123456789abcdef0123456789abcdef01234567", compiler: "c++ 12.2.0", how: [nBuild]string{"c++ -O3", "c++ -O3 -march=native"}},
	}
	return config{rounds: rounds, minTime: 300 * time.Millisecond, command: "go run -C bench ./cmd/rivals"}, m
}

// TestReport checks the report on fixed numbers: every table's rows, the
// ratios and verdicts known beforehand, the geometric mean, the rivals'
// commits and builds, and every line within md.Width.
func TestReport(t *testing.T) {
	cfg, m := fixed(t)
	var b bytes.Buffer
	writeReport(&b, cfg, m, rec, "amd64-avx512")
	report := b.String()
	flat := strings.Join(strings.Fields(report), " ")
	for _, want := range []string{
		"# movegen's perft against cozy-chess and chess-library\n",
		rec.Lines()[0], "attacks kernel amd64-avx512; movegen in this process",
		"Command: `go run -C bench ./cmd/rivals`. 9 interleaved rounds", "until it ran 300ms",
		stat.RatioNote, "A rival is taken at its faster build in each round.",
		"- cozy-chess (Rust), https://github.com/analog-hors/cozy-chess at commit " + cozyCommit + " (the pinned one), rustc 1.95.0: its API. Default build: cargo build; native: cargo build native; a note.",
		"at commit 0123456789abcdef0123456789abcdef01234567, not the pinned " + chessLibCommit + ", c++ 12.2.0",
	} {
		if !strings.Contains(report, want) && !strings.Contains(flat, strings.Join(strings.Fields(want), " ")) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	if strings.Contains(report, "Not measured") {
		t.Error("a report with every rival says one was not measured")
	}
	for _, l := range md.Overlong(report) {
		t.Error(l)
	}

	speeds := table(t, report, "## Perft, million nodes/s", 1)
	for name, want := range map[string]string{
		"position":   "position | depth | nodes | movegen | cozy-chess | chess-library",
		"start":      "start | 6 | 119060324 | 520 [505, 535] | 416 [404, 428] | 669 [644, 696]",
		"position 3": "position 3 | 7 | 178633661 | 520 [505, 535] | 499 [485, 514] | 669 [644, 696]",
		"position 5": "position 5 | 5 | 89941194 | 520 [505, 535] | 582 [566, 599] | 669 [644, 696]",
	} {
		if got := strings.Join(speeds[name], " | "); got != want {
			t.Errorf("perft row %q:\n got %s\nwant %s", name, got, want)
		}
	}
	if len(speeds) != 2+len(standard) {
		t.Errorf("perft table: %d rows, want the header, its rule and %d positions", len(speeds), len(standard))
	}

	ratios := table(t, report, "## movegen against each rival", 1)
	// chess-library at its faster build: its native one (5% above the
	// default) in even rounds, its default in odd ones.
	for j, s := range standard {
		want := fmt.Sprintf("%.2fx", 1.25/(1+0.1*float64(j)))
		if c := ratios[s.name]; len(c) != 3 || !strings.HasPrefix(c[1], want) {
			t.Errorf("%s against cozy-chess: %q, want %s", s.name, c, want)
		}
	}
	g := 1.25 / math.Pow(1*1.1*1.2*1.3*1.4, 0.2)
	if c := ratios["geometric mean"]; len(c) != 3 || c[1] != fmt.Sprintf("%.2fx [%.2f, %.2f] faster", g, g, g) ||
		c[2] != "0.76x [0.76, 0.80] slower" {
		t.Errorf("geometric mean row %q, want %.2fx against cozy-chess and 0.76x [0.76, 0.80] slower", c, g)
	}
	cell := regexp.MustCompile(`^\d+(\.\d+)?x \[\d+(\.\d+)?, \d+(\.\d+)?\] (faster|slower|within noise)$`)
	for name, c := range ratios {
		if name == "position" || strings.HasPrefix(name, "---") {
			continue
		}
		for _, x := range c[1:] {
			if !cell.MatchString(x) {
				t.Errorf("%s: comparison %q is no ratio with a verdict", name, x)
			}
		}
	}

	builds := table(t, report, "## Each rival's two builds, million nodes/s", 2)
	for name, want := range map[string]string{
		"cozy-chess start":         "cozy-chess | start | 208 [202, 214] | 416 [404, 428] | 2.00x [2.00, 2.00] faster",
		"chess-library position 4": "chess-library | position 4 | 650 [631, 669] | 656 [612, 696] | 1.05x [0.95, 1.05] within noise",
	} {
		if got := strings.Join(builds[name], " | "); got != want {
			t.Errorf("builds row %q:\n got %s\nwant %s", name, got, want)
		}
	}
	if len(builds) != 2+2*len(standard) {
		t.Errorf("builds table: %d rows, want the header, its rule and %d", len(builds), 2*len(standard))
	}

	// One rival skipped: the report names it and why, and has its columns
	// alone.
	m.rivals = m.rivals[1:]
	for j := range m.mnps {
		m.mnps[j] = append(m.mnps[j][:1], m.mnps[j][1+nBuild:]...)
	}
	m.skipped = []string{"cozy-chess skipped: no cargo on PATH or in $HOME/.cargo/bin"}
	b.Reset()
	writeReport(&b, cfg, m, rec, "k")
	report = b.String()
	if !strings.Contains(report, "# movegen's perft against chess-library\n") ||
		!strings.Contains(report, "Not measured: cozy-chess skipped: no cargo on PATH or in $HOME/.cargo/bin.") ||
		strings.Contains(report, "| cozy-chess") {
		t.Errorf("report without cozy-chess:\n%s", report)
	}
	if c := table(t, report, "## movegen against each rival", 1)["geometric mean"]; len(c) != 2 || c[1] != "0.76x [0.76, 0.80] slower" {
		t.Errorf("geometric mean row without cozy-chess: %q", c)
	}
	for _, l := range md.Overlong(report) {
		t.Error(l)
	}
}

// TestFlags checks -h (the usage, exit status 0) and bad command lines
// (exit status 2, before anything runs).
func TestFlags(t *testing.T) {
	var out, errs bytes.Buffer
	if status := cli.Status("rivals", run([]string{"-h"}, &out, &errs), &errs); status != 0 || out.Len() != 0 {
		t.Errorf("-h: exit status %d, stdout %q", status, out.String())
	}
	for _, want := range []string{"Usage: go run -C bench ./cmd/rivals [flags]", "-quick", "-rounds", "-time", "-cozy-chess",
		"-chess-library", "-write", "-out", cozyCommit[:12], chessLibCommit[:12]} {
		if !strings.Contains(errs.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, errs.String())
		}
	}
	empty := t.TempDir()
	for _, args := range [][]string{{"extra"}, {"-rounds", "-1"}, {"-time", "-1s"}, {"-out", "x"}, {"-quick", "-out", "x"},
		{"-cozy-chess", filepath.Join(empty, "none")}, {"-chess-library", empty}, {"-bogus"}} {
		out.Reset()
		errs.Reset()
		start := time.Now()
		if status := cli.Status("rivals", run(args, &out, &errs), &errs); status != 2 || out.Len() != 0 {
			t.Errorf("%q: exit status %d, stdout %q, stderr %q", args, status, out.String(), errs.String())
		}
		if el := time.Since(start); el > time.Second {
			t.Errorf("%q: took %v: it ran before the usage error", args, el)
		}
	}
	errs.Reset()
	cli.Status("rivals", run([]string{"-chess-library", empty}, &out, &errs), &errs)
	if !strings.Contains(errs.String(), "no include/chess.hpp there: not a checkout of https://github.com/Disservin/chess-library") {
		t.Errorf("-chess-library of an empty directory: %q", errs.String())
	}
}

// TestNoRival runs the command where nothing it needs is found: no cargo,
// no C++ compiler, no git. Every rival is skipped saying what is missing
// and how to provide it, and the command ends well with no report.
func TestNoRival(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("PATH and HOME as on Unix")
	}
	dir := t.TempDir()
	t.Setenv("PATH", dir)
	t.Setenv("HOME", dir)
	t.Setenv("XDG_CACHE_HOME", dir)
	t.Setenv("CXX", "")
	var out, errs bytes.Buffer
	if err := run([]string{"-quick", "-write", "-out", filepath.Join(dir, "results")}, &out, &errs); err != nil {
		t.Fatalf("%v\n%s", err, errs.String())
	}
	if out.Len() != 0 {
		t.Errorf("a report with no rival:\n%s", out.String())
	}
	for _, want := range []string{
		"cozy-chess skipped: no cargo on PATH or in $HOME/.cargo/bin; install Rust (https://rustup.rs) or put cargo on PATH\n",
		"chess-library skipped: no C++ compiler (c++, g++ or clang++) on PATH; install one (apt-get install g++) or set CXX\n",
		"no rival could be built: nothing measured, no report\n",
	} {
		if !strings.Contains(errs.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs.String())
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "results")); !os.IsNotExist(err) {
		t.Errorf("with no rival, -write wrote %s (%v)", filepath.Join(dir, "results"), err)
	}
	// With the compiler there but no git to clone the source, the message
	// says to give a checkout.
	r := &rival{name: "x", url: "https://example.org/x", commit: strings.Repeat("0", 40), flag: "x"}
	_, err := r.source().Clone(dir, io.Discard)
	if err == nil || err.Error() != "x skipped: no git on PATH to clone https://example.org/x; install git, or give a checkout with -x DIR" {
		t.Errorf("clone without git: %v", err)
	}
}

// TestQuick runs the whole command at its smallest, with the checkouts
// given to the test (-cozy-chess DIR, -chess-library DIR) or cloned at
// the pinned commits; it skips where no rival can be built (a toolchain,
// git or the network missing), naming why. The report is on stdout within
// md.Width columns, every comparison a ratio with a verdict, and with
// -write the same report in -out.
func TestQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: it clones and builds the rivals")
	}
	dir := t.TempDir()
	args := []string{"-quick", "-write", "-out", dir}
	if *cozyDir != "" {
		args = append(args, "-cozy-chess", *cozyDir)
	}
	if *chessLibDir != "" {
		args = append(args, "-chess-library", *chessLibDir)
	}
	var out, errs bytes.Buffer
	if err := run(args, &out, &errs); err != nil {
		t.Fatalf("%v\n%s", err, errs.String())
	}
	var skipped []string
	for _, l := range strings.Split(errs.String(), "\n") {
		if strings.Contains(l, " skipped: ") {
			skipped = append(skipped, l)
		}
	}
	if out.Len() == 0 {
		t.Skipf("no rival could be built:\n%s", strings.Join(skipped, "\n"))
	}
	for _, s := range skipped {
		t.Logf("measured without one rival: %s", s)
	}
	report := out.String()
	for _, want := range []string{"# movegen's perft against ", rec.Lines()[0][:4], "Command: `go run -C bench ./cmd/rivals " + strings.Join(cli.QuoteArgs(args, "cozy-chess", "chess-library"), " ") + "`. 2 interleaved rounds",
		stat.RatioNote, "## Perft, million nodes/s\n", "| start      |     3 |   8902 |", "| position 3 |     4 |  43238 |",
		"## movegen against each rival\n", "| geometric mean |", "## Each rival's two builds, million nodes/s\n"} {
		flatWant := strings.Join(strings.Fields(want), " ")
		if !strings.Contains(report, want) && !strings.Contains(strings.Join(strings.Fields(report), " "), flatWant) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	for _, l := range md.Overlong(report) {
		t.Error(l)
	}
	cell := regexp.MustCompile(`^\d+(\.\d+)?x \[\d+(\.\d+)?, \d+(\.\d+)?\] (faster|slower|within noise)$`)
	n := 0
	for _, line := range strings.Split(report, "\n") {
		if !strings.HasPrefix(line, "| ") || !strings.Contains(line, "x [") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		for _, c := range cells {
			if c = strings.TrimSpace(c); strings.Contains(c, "x [") {
				n++
				if !cell.MatchString(c) {
					t.Errorf("comparison %q is no ratio with a verdict", c)
				}
			}
		}
	}
	measured := 2 - len(skipped)
	if want := measured * (len(standard) + 1 + len(standard)); n != want {
		t.Errorf("%d comparisons, want %d (each rival's positions and geometric mean, and its builds)", n, want)
	}
	b, err := os.ReadFile(filepath.Join(dir, machine.Here().CPU.Folder(), "rivals.md"))
	if err != nil || string(b) != report {
		t.Errorf("rivals.md differs from stdout (%v)", err)
	}
}

// fakeDriver writes a shell script that answers every request with
// answer, or, if answer is "", fails saying so on stderr.
func fakeDriver(t *testing.T, answer string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("a driver written as a shell script")
	}
	body := "while read -r line; do echo '" + answer + "'; done\n"
	if answer == "" {
		body = "read -r line; echo 'fake: broken' >&2; exit 3\n"
	}
	path := filepath.Join(t.TempDir(), "driver")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestWrongCountFails gives the command a driver whose count is wrong,
// and one that dies: each run fails naming the program, the position and
// the counts, or the driver's own message.
func TestWrongCountFails(t *testing.T) {
	checks, err := positions(suite(t), true)
	if err != nil {
		t.Fatal(err)
	}
	cfg := config{rounds: 1, minTime: time.Millisecond}
	for answer, want := range map[string]string{
		"123 1 1000":   "fake default: perft of start to depth 3 counted 123 nodes, published 8902",
		"8902 1 1000":  "fake native: answer \"8902 1\": want NODES CALLS NS", // the default build's answers right
		"":             "fake: broken",
		"8902 0 1000":  "want NODES CALLS NS",
		"8902 one two": "want NODES CALLS NS",
	} {
		p := &prepared{rival: &rival{name: "fake"}}
		p.builds[bDefault] = program{build: "default", path: fakeDriver(t, answer)}
		p.builds[bNative] = program{build: "native", path: fakeDriver(t, answer)}
		if answer == "8902 1 1000" {
			p.builds[bNative].path = fakeDriver(t, "8902 1")
		}
		_, err := measure(cfg, checks[:1], checks[:1], []*prepared{p}, io.Discard)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("driver answering %q: error %v, want %q", answer, err, want)
		}
	}
	if err := checkPerft("movegen", checks[0], 8902); err != nil {
		t.Error(err)
	}
}

// TestNodeCounts checks movegen's measurement as the rounds run it, at
// the small depths: the published counts, and a timing of the minimum
// time at least; and that every full depth has its published count.
func TestNodeCounts(t *testing.T) {
	if _, err := positions(suite(t), false); err != nil {
		t.Fatal(err)
	}
	ps, err := positions(suite(t), true)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		tm, err := movegenPerft(p, time.Millisecond)
		if err != nil || tm.nodes != p.nodes || tm.calls < 1 || tm.el < time.Millisecond {
			t.Errorf("%s depth %d: %+v, %v; want %d nodes", p.name, p.depth, tm, err, p.nodes)
		}
	}
	p := position{"start", standard[0].fen, 3, 8903}
	if _, err := movegenPerft(p, 0); err == nil || !strings.Contains(err.Error(), "counted 8902 nodes, published 8903") {
		t.Errorf("a wrong published count: error %v", err)
	}
}

// TestDrivers checks what the builds rely on: the cozy-chess driver's
// manifest has the path line buildCozy sets, and a pext feature; a
// manifest's features are found in their table alone.
func TestDrivers(t *testing.T) {
	b, err := drivers.ReadFile("drivers/cozy/Cargo.toml")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Count(b, []byte(cozyPath)) != 1 || !hasFeature(b, "pext") {
		t.Errorf("drivers/cozy/Cargo.toml: want one line %q and a pext feature:\n%s", cozyPath, b)
	}
	crate := []byte("[package]\nname = \"cozy-chess\"\npext = 1\n\n[features]\nstd = [\"cozy-chess-types/std\"]\npext = [\"cozy-chess-types/pext\"]\n\n[dev-dependencies]\nx = 1\n")
	if !hasFeature(crate, "pext") || hasFeature(crate, "x") || hasFeature(crate, "name") || hasFeature([]byte("[package]\npext = 1\n"), "pext") {
		t.Error("hasFeature reads a table other than [features]")
	}
	for _, f := range []string{"drivers/cozy/src/main.rs", "drivers/chesslib/perft.cpp"} {
		if b, err := drivers.ReadFile(f); err != nil || !bytes.Contains(b, []byte("MIN_NS [FEN DEPTH]")) {
			t.Errorf("%s: %v, or no usage line", f, err)
		}
	}
}

// TestCommandArgs checks that the report names no checkout's directory.
func TestCommandArgs(t *testing.T) {
	got := strings.Join(cli.QuoteArgs([]string{"-rounds", "21", "-cozy-chess", "/home/x/cozy", "--chess-library=/src/cl", "-write"}, "cozy-chess", "chess-library"), " ")
	if want := "-rounds 21 -cozy-chess DIR --chess-library=DIR -write"; got != want {
		t.Errorf("commandArgs = %q, want %q", got, want)
	}
}

// TestPerftIsTheExample holds perft.go's perft the same as movegen's
// Example_perft's, the code the package documents, so that the rounds time
// what users copy.
func TestPerftIsTheExample(t *testing.T) {
	fn := func(path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		i := strings.Index(s, "\nfunc perft(")
		if i < 0 {
			t.Fatalf("%s: no func perft", path)
		}
		j := strings.Index(s[i:], "\n}\n")
		if j < 0 {
			t.Fatalf("%s: func perft does not end", path)
		}
		return s[i : i+j+3]
	}
	if mine, doc := fn("perft.go"), fn(filepath.Join("..", "..", "..", "movegen", "example_perft_test.go")); mine != doc {
		t.Errorf("perft.go's perft:\n%s\nmovegen's Example_perft's:\n%s", mine, doc)
	}
}
