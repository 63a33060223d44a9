package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/symmagic/attacks/bench/internal/chesslib"
	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/worker"
	"github.com/symmagic/attacks/pgn"
)

// TestMain makes the test binary the command's worker when the harness
// starts it as one, as the command's own binary is.
func TestMain(m *testing.M) {
	if mode := os.Getenv(workerEnv); mode != "" {
		if err := runWorker(mode, os.Args[1:], os.Stdout); err != nil {
			fmt.Fprintf(os.Stderr, "pgndb worker: %v\n", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

const testdata = "../../../pgn/testdata"

// TestQuick runs the whole command at its smallest, pgn's readers alone:
// the databases made, the report on stdout within md.Width columns with
// every reader's row and every comparison a ratio with a verdict, the
// same report in -out with -write, and a second run that finds the
// databases made and makes nothing.
func TestQuick(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	args := []string{"-quick", "-size", "1", "-dir", dir, "-testdata", testdata,
		"-no-chess-library", "-no-python-chess", "-no-pgn-extract", "-write", "-out", out}
	var stdout, stderr bytes.Buffer
	if err := run(args, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	report := stdout.String()
	flat := strings.Join(strings.Fields(report), " ")
	for _, want := range []string{"# PGN readers on game databases\n", machine.Here().Lines()[0],
		"1 interleaved rounds", "## lichess-1MiB-seed1.pgn\n", "## plain-1MiB-seed1.pgn\n",
		"| pgn, moves visitor | file", "| pgn, moves visitor | zstd -dc", "| pgn, moves visitor | zst ",
		"| pgn parallel, 1 core | file", "| pgn parallel, 2 cores | file", "| pgn parallel, 2 cores | zst ",
		"Command: `go run -C bench ./cmd/pgndb -quick -size 1 -dir DIR -testdata DIR"} {
		if !strings.Contains(report, want) && !strings.Contains(flat, strings.Join(strings.Fields(want), " ")) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	// -quick compresses at level 3: the report must not say lichess's way.
	if strings.Contains(flat, "as lichess compresses its files") || !strings.Contains(flat, "at level 3, where lichess compresses its files at 19") {
		t.Errorf("report does not say the databases are compressed at level 3, not lichess's 19:\n%s", report)
	}
	if strings.Contains(report, "Not measured yet") {
		t.Errorf("report still says something waits:\n%s", report)
	}
	for _, l := range md.Overlong(report) {
		t.Error(l)
	}
	ratio := regexp.MustCompile(`\|\s+\d+(\.\d+)?x \[\d+(\.\d+)?, \d+(\.\d+)?\] (faster|slower|within noise) \|$`)
	n := 0
	for _, line := range strings.Split(report, "\n") {
		if strings.Contains(line, "| pgn, file ") || strings.Contains(line, "| itself, file ") || strings.Contains(line, "| itself, 1 core ") ||
			regexp.MustCompile(`\| file +\| pgn, parts, \d+ cores +\|`).MatchString(line) {
			n++
			if !ratio.MatchString(line) {
				t.Errorf("comparison %q is no ratio with a verdict", line)
			}
		}
	}
	// Each database: the moves visitor (three inputs) and pgn on zstd -dc
	// and zst against pgn on the file, and the four compressed rows against
	// their own file; the parallel reader at k core counts on two inputs
	// against pgn on the file (2k), on zst against itself on the file (k),
	// above one core against itself at one core (2(k-1)); the parts
	// readers above one core against pgn on the file (k-1), and the
	// parallel reader on the file against them (k-1).
	k := len(cfg(t).cores)
	if want := 2 * (9 + 5*k - 2 + 2*(k-1)); n != want {
		t.Errorf("%d comparisons, want %d:\n%s", n, want, report)
	}
	for _, db := range []string{"lichess", "plain"} {
		for _, in := range []string{"file", "zst"} {
			scale := regexp.MustCompile(`(?m)^\| pgn parallel, 2 cores \| ` + in + ` +\| itself, 1 core +\|\s+\d`)
			if sec := section(report, "## "+db+"-1MiB-seed1.pgn"); !scale.MatchString(sec) {
				t.Errorf("%s: no scaling ratio of pgn parallel, 2 cores, on %s:\n%s", db, in, sec)
			}
		}
	}
	files, _ := filepath.Glob(filepath.Join(out, machine.Here().CPU.Folder(), "pgndb-*.md"))
	if len(files) != 1 {
		t.Fatalf("-write wrote %q", files)
	}
	if b, err := os.ReadFile(files[0]); err != nil || string(b) != report {
		t.Errorf("%s differs from stdout (%v)", files[0], err)
	}
	stdout.Reset()
	stderr.Reset()
	if err := run([]string{"-quick", "-size", "1", "-dir", dir, "-testdata", testdata, "-make"}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(stderr.String(), "making") || strings.Contains(stderr.String(), "compressing") {
		t.Errorf("the second run made the databases again:\n%s", stderr.String())
	}
}

// cfg returns the core counts the command runs the parallel reader at by
// default.
func cfg(t *testing.T) config {
	cores, err := parseCores("")
	if err != nil {
		t.Fatal(err)
	}
	return config{cores: cores}
}

// section returns the part of report from the heading to the next one of
// its level.
func section(report, heading string) string {
	_, rest, _ := strings.Cut(report, heading+"\n")
	if i := strings.Index(rest, "\n## "); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// TestTimeLimit checks that -time stops the rounds once another would end
// past it, and that the report says how many ran of how many.
func TestTimeLimit(t *testing.T) {
	args := []string{"-quick", "-size", "1", "-dir", t.TempDir(), "-testdata", testdata, "-rounds", "3", "-time", "1ns",
		"-cores", "1", "-no-chess-library", "-no-python-chess", "-no-pgn-extract"}
	var stdout, stderr bytes.Buffer
	if err := run(args, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if flat := strings.Join(strings.Fields(stdout.String()), " "); !strings.Contains(flat, "1 interleaved rounds (of 3: -time ended them)") {
		t.Errorf("report does not say -time ended the rounds after one:\n%s", stdout.String())
	}
	if strings.Contains(stderr.String(), "round 2/3") {
		t.Errorf("a second round ran:\n%s", stderr.String())
	}
}

// TestDatabases checks what the maker makes: the same bytes from the same
// seed, other bytes from another, no two games the same, every game read
// by pgn, a few lichess games with variations, and a database remade when
// its file has changed.
func TestDatabases(t *testing.T) {
	cfg := makeConfig{testdata: testdata, size: 1 << 20, seed: 1}
	digest := func(dir string, seed uint64) [][32]byte {
		c := cfg
		c.dir, c.seed = dir, seed
		dbs, err := makeDatabases(c, &bytes.Buffer{})
		if err != nil {
			t.Fatal(err)
		}
		var sums [][32]byte
		for _, db := range dbs {
			b, err := os.ReadFile(db.pgn)
			if err != nil {
				t.Fatal(err)
			}
			if int64(len(b)) != db.size || db.size < c.size {
				t.Errorf("%s: %d bytes, stamp %d, want %d at least", db.pgn, len(b), db.size, c.size)
			}
			sums = append(sums, sha256.Sum256(b))
		}
		return sums
	}
	a, b := t.TempDir(), t.TempDir()
	if s1, s2 := digest(a, 1), digest(b, 1); fmt.Sprint(s1) != fmt.Sprint(s2) {
		t.Error("the same seed made different databases")
	}
	if s1, s3 := digest(a, 1), digest(t.TempDir(), 2); s1[0] == s3[0] || s1[1] == s3[1] {
		t.Error("seeds 1 and 2 made the same database")
	}
	for _, sh := range shapes {
		path := filepath.Join(a, sh.name+"-1MiB-seed1.pgn")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		r := pgn.NewReader(bytes.NewReader(data))
		r.KeepRaw = true
		var g pgn.Game
		seen := map[string]bool{}
		games, withVariations := 0, 0
		for {
			err := r.Read(&g)
			if err != nil {
				if err.Error() != "EOF" {
					t.Fatalf("%s: %v", sh.name, err)
				}
				break
			}
			games++
			if seen[string(r.Info().Raw)] {
				t.Fatalf("%s: game %d is the same bytes as an earlier one", sh.name, games)
			}
			seen[string(r.Info().Raw)] = true
			for n := g.Next(pgn.Root); n != pgn.None; n = g.Next(n) {
				if len(g.Children(nil, g.Parent(n))) > 1 {
					withVariations++
					break
				}
			}
		}
		share := float64(withVariations) / float64(games)
		if sh.name == "lichess" && (share < 0.03 || share > 0.2) || sh.name == "plain" && withVariations > 0 {
			t.Errorf("%s: %d of %d games with variations", sh.name, withVariations, games)
		}
	}
	// A database whose file changed is made again.
	path := filepath.Join(a, "plain-1MiB-seed1.pgn")
	if err := os.WriteFile(path, []byte("[Event \"x\"]\n\n*\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	c := cfg
	c.dir = a
	if _, err := makeDatabases(c, &stderr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr.String(), "making "+path) {
		t.Errorf("a changed database was not made again:\n%s", stderr.String())
	}
}

// TestCutVariations checks that variations go, nested ones and their
// comments with them, and that comments in the main line stay, a
// parenthesis in them included.
func TestCutVariations(t *testing.T) {
	for _, c := range [][2]string{
		{"1. e4 { (a) } (1. d4 { x } (1. c4)) 1... e5 *", "1. e4 { (a) } 1... e5 *"},
		{"1. e4 ; (not one\n1... e5 (1... c5) *", "1. e4 ; (not one\n1... e5 *"},
		{"1. e4 e5 *", "1. e4 e5 *"},
	} {
		if got := string(cutVariations([]byte(c[0]))); got != c[1] {
			t.Errorf("cutVariations(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

// TestRetag checks that a tag's line is replaced, or added where the game
// has none, and that the movetext is not searched.
func TestRetag(t *testing.T) {
	game := "[Event \"e\"]\n[Site \"s\"]\n\n1. e4 *"
	if got := string(retag([]byte(game), "Site", "x")); got != "[Event \"e\"]\n[Site \"x\"]\n\n1. e4 *" {
		t.Errorf("retag Site: %q", got)
	}
	if got := string(retag([]byte(game), "Round", "3")); got != "[Round \"3\"]\n"+game {
		t.Errorf("retag Round: %q", got)
	}
	if got := string(retag([]byte("[Event \"e\"]\n\n[Round \"1\"]"), "Round", "3")); got != "[Round \"3\"]\n[Event \"e\"]\n\n[Round \"1\"]" {
		t.Errorf("retag past the tags: %q", got)
	}
}

// TestFlags checks -h (the usage, exit status 0) and bad command lines
// (exit status 2, before anything runs).
func TestFlags(t *testing.T) {
	var out, errs bytes.Buffer
	if status := cli.Status("pgndb", run([]string{"-h"}, &out, &errs), &errs); status != 0 || out.Len() != 0 {
		t.Errorf("-h: exit status %d, stdout %q", status, out.String())
	}
	for _, want := range []string{"Usage: go run -C bench ./cmd/pgndb [flags]", "-quick", "-make", "-size", "-dir", "-seed", "-write"} {
		if !strings.Contains(errs.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, errs.String())
		}
	}
	// A checkout or program given that is not one, and a size past 1 TiB,
	// are said at once, before the databases are made (in a directory of
	// the test's, should they be).
	empty := t.TempDir()
	quick := []string{"-quick", "-size", "1", "-dir", t.TempDir(), "-testdata", testdata, "-cores", "1"}
	for _, args := range [][]string{{"extra"}, {"-rounds", "-1"}, {"-size", "-1"}, {"-zstd-level", "23"}, {"-cores", "0"}, {"-time", "-1s"}, {"-out", "x"},
		append([]string{"-chess-library", empty, "-no-python-chess", "-no-pgn-extract"}, quick...),
		append([]string{"-python-chess", empty, "-no-chess-library", "-no-pgn-extract"}, quick...),
		append([]string{"-pgn-extract", filepath.Join(empty, "none"), "-no-chess-library", "-no-python-chess"}, quick...),
		append([]string{"-no-chess-library", "-no-python-chess", "-no-pgn-extract"}, append(slices.Clone(quick), "-size", "8796093022208")...),
		append([]string{"-no-chess-library", "-no-pgn-extract"}, append(slices.Clone(quick), "-python-slice", "8796093022208")...)} {
		out.Reset()
		errs.Reset()
		start := time.Now()
		if status := cli.Status("pgndb", run(args, &out, &errs), &errs); status != 2 || out.Len() != 0 {
			t.Errorf("%q: exit status %d, stdout %q, stderr %q", args, status, out.String(), errs.String())
		}
		if el := time.Since(start); el > time.Second {
			t.Errorf("%q: took %v: it ran before the usage error", args, el)
		}
	}
}

// TestSlice checks python-chess's slice: cut at a game's end, no larger
// in memory than the database however large the slice asked, and made
// again when its database is made again.
func TestSlice(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "db.pgn")
	write := func(site string) string {
		var b strings.Builder
		for i := range 40 {
			fmt.Fprintf(&b, "[Site \"%s%d\"]\n\n1. e4 e5 *\n\n", site, i)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := stamp(path, "made from "+site, int64(b.Len()), 40); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	db := write("a")
	slice, size, err := makeSlice(path, 100)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(slice); int64(len(b)) != size || !strings.HasPrefix(db, string(b)) || !strings.HasSuffix(string(b), "*\n\n") || len(b) > 100 {
		t.Errorf("slice of 100 bytes: %q", b)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	whole, size, err := makeSlice(path, 256<<20)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(whole); string(b) != db || size != int64(len(db)) {
		t.Errorf("a slice larger than the database is not the database: %d bytes", size)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("a slice of a %d-byte database allocated %d bytes", len(db), n)
	}
	db = write("b") // the database made again, by other rules
	slice, _, err = makeSlice(path, 100)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(slice); !strings.HasPrefix(db, string(b)) {
		t.Errorf("the slice of a database made again is the old one's: %q", b)
	}
}

// TestErrorsWrap checks that an error built from another wraps it: a
// source that is no gzip, a reader that failed, a chess-library driver
// that cannot run.
func TestErrorsWrap(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.pgn.gz")
	if err := os.WriteFile(bad, []byte("this is no gzip stream at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readSource(bad); !errors.Is(err, gzip.ErrHeader) {
		t.Errorf("readSource of no gzip: %v, not gzip.ErrHeader", err)
	}
	r := &reader{name: "r", parse: func(_, _ []byte) (result, error) { return result{}, io.ErrUnexpectedEOF }}
	failed := exec.Command("false").Run()
	if _, err := finish(cell{r: r}, failed, nil, worker.NewTail(10), 0); !errors.As(err, new(*exec.ExitError)) {
		t.Errorf("finish of a reader that failed: %v, no *exec.ExitError", err)
	}
	if _, err := finish(cell{r: r}, nil, nil, worker.NewTail(10), 0); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("finish of an answer that does not parse: %v, not the parser's error", err)
	}
	d := &chesslib.Driver{Path: filepath.Join(t.TempDir(), "none")}
	if _, err := d.Measure("x.pgn", 1, chesslib.Moves, 0); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Measure of no driver: %v, not fs.ErrNotExist", err)
	}
}
