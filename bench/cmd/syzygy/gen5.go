package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"golang.org/x/sys/cpu"

	"github.com/symmagic/attacks/bench/internal/foreign"
	"github.com/symmagic/attacks/internal/syzygydata"
)

// The 5-piece tables of -five are not published anywhere a command can
// fetch them, so the command makes them with the tables' official
// generator (github.com/syzygy1/tb, the program that made the published
// tables), once, into the cache directory, and checks every file against
// the checksums the generator's repository publishes for the official
// tables (checksums/wdl345.txt, dtz345.txt), computed by its own tbcheck.
// A file that does not match is not used: the command stops.
const (
	tbURL    = "https://github.com/syzygy1/tb"
	tbCommit = "0bb8aeee525f364bb750f96df312a1a7c9b54398" // master, 4 October 2025
)

var tbSource = foreign.Source{Name: "the Syzygy generator", URL: tbURL, Commit: tbCommit, Flag: "tb", Marker: "src/rtbgen.c"}

// fiveTables are the 5-piece tables -five times: four pawnless ones and
// one with a pawn, among the quickest to generate. A pawn table's
// generation needs the WDL tables of its promotions first, and so does
// the DTZ probe of its positions: gen5 makes them too (promotionTables;
// KRRvKP's are KRRvKQ, KRRvKR, KRRvKB and KRRvKN, each about as quick as
// KRRvKR, where KRPvKR's KQRvKR alone takes as long as all of these).
var fiveTables = []string{"KRRvKR", "KRBvKR", "KBBBvK", "KNNvKR", "KRRvKP"}

// tbGenerator is a build of the generator: its three programs.
type tbGenerator struct {
	src                      string // the checkout
	rtbgen, rtbgenp, tbcheck string
	sums                     map[string]string // the published checksums, by file name
}

// makefileEdits turns the generator's src/Makefile into one that builds
// with gcc 12 and without libzstd: LZ4 compresses its temporary files
// instead (bundled), no link-time optimization (gcc 12 crashes on
// -flto=auto), as many compression threads as the machine has cores
// (at most 6, its default) and magic bitboards where the CPU has no BMI2.
func makefileEdits(mk string, threads int, bmi2 bool) (string, error) {
	edits := [][2]string{
		{"\nFLAGS += -DUSE_ZSTD -DZSTD_LEVEL=6\n", "\n#FLAGS += -DUSE_ZSTD -DZSTD_LEVEL=6\n"},
		{"\nLDFLAGS += -lzstd\n", "\n#LDFLAGS += -lzstd\n"},
		{" -flto=auto\n", "\n"},
		{"-DCOMPRESSION_THREADS=6", fmt.Sprintf("-DCOMPRESSION_THREADS=%d", min(max(threads, 1), 6))},
	}
	if !bmi2 {
		edits = append(edits, [2]string{"\nFLAGS = -DBMI2\n", "\nFLAGS = -DMAGIC\n"})
	}
	for _, e := range edits {
		if !strings.Contains(mk, e[0]) {
			return "", fmt.Errorf("the generator's src/Makefile has no %q to change: not commit %.12s's", strings.TrimSpace(e[0]), tbCommit)
		}
		mk = strings.Replace(mk, e[0], e[1], 1)
	}
	return mk, nil
}

// prepareGenerator clones the generator at tbCommit (or takes the
// checkout dir) and builds rtbgen, rtbgenp and tbcheck from a copy of its
// src/ in the cache, with the Makefile edited (makefileEdits). make
// rebuilds nothing that is up to date.
func prepareGenerator(dir string, stderr io.Writer) (*tbGenerator, error) {
	cc, err := foreign.CC.Find(tbSource.Name)
	if err != nil {
		return nil, err
	}
	if _, err := exec.LookPath("make"); err != nil {
		return nil, foreign.Skipf(tbSource.Name, "no make on PATH (apt-get install make)")
	}
	cache, err := foreign.CacheDir(cacheName)
	if err != nil {
		return nil, err
	}
	src, err := tbSource.Checkout(dir, cache, stderr)
	if err != nil {
		return nil, err
	}
	work, err := foreign.BuildDir(cache, "tb", src)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	root := filepath.Join(src, "src")
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil || strings.Contains(rel, string(filepath.Separator)) {
			return err // the sources are src/'s files; no subfolder
		}
		b, err := os.ReadFile(path)
		files[rel] = b
		return err
	})
	if err != nil {
		return nil, err
	}
	mk, err := makefileEdits(string(files["Makefile"]), runtime.NumCPU(), cpu.X86.HasBMI2)
	if err != nil {
		return nil, err
	}
	files["Makefile"] = []byte(mk)
	if err := foreign.WriteFiles(work, files); err != nil {
		return nil, err
	}
	ccFlag := "CC=" + cc.Path + " -pthread"
	for _, args := range [][]string{{ccFlag, "rtbgen", "rtbgenp"}, {ccFlag, "tbcheck", "LDFLAGS=objsr/lz4.o"}} {
		fmt.Fprintf(stderr, "%s: make %s (in %s)\n", tbSource.Name, strings.Join(args, " "), work)
		if err := foreign.Run(nil, work, "make", args...); err != nil {
			return nil, fmt.Errorf("%s: building it: %v", tbSource.Name, err)
		}
	}
	g := &tbGenerator{src: src, rtbgen: filepath.Join(work, "rtbgen"), rtbgenp: filepath.Join(work, "rtbgenp"),
		tbcheck: filepath.Join(work, "tbcheck"), sums: map[string]string{}}
	for _, name := range []string{"wdl345.txt", "dtz345.txt"} {
		b, err := os.ReadFile(filepath.Join(src, "checksums", name))
		if err != nil {
			return nil, fmt.Errorf("%s: the published checksums: %v", tbSource.Name, err)
		}
		if err := parseChecksums(b, g.sums); err != nil {
			return nil, fmt.Errorf("%s: checksums/%s: %v", tbSource.Name, name, err)
		}
	}
	return g, nil
}

// parseChecksums adds the lines "KRRvKR.rtbw: 14428b45668f3bdb7facce3a9d866c74"
// of b to sums.
func parseChecksums(b []byte, sums map[string]string) error {
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		name, sum, ok := strings.Cut(line, ": ")
		if !ok || len(sum) != 32 || strings.Trim(sum, "0123456789abcdef") != "" {
			return fmt.Errorf("line %d: %q is not NAME: CHECKSUM", n, line)
		}
		sums[name] = sum
	}
	return sc.Err()
}

// canonicalName returns the name the generator gives the table of the
// material white v black (each side's letters, kings first, in any
// order), "" if it is not a table of 3 to 5 pieces.
func canonicalName(white, black string) string {
	key := func(w, b string) string {
		sw, sb := []byte(w), []byte(b)
		sort.Slice(sw, func(i, j int) bool { return sw[i] < sw[j] })
		sort.Slice(sb, func(i, j int) bool { return sb[i] < sb[j] })
		return string(sw) + "v" + string(sb)
	}
	want, mirror := key(white, black), key(black, white)
	for n := 3; n <= 5; n++ {
		for _, name := range syzygydata.Names(n) {
			w, b, _ := strings.Cut(name, "v")
			if k := key(w, b); k == want || k == mirror {
				return name
			}
		}
	}
	return ""
}

// promotionTables returns the tables of the material a pawn's promotion
// leads to from the table name, in the order the name's pawns and the
// pieces Q, R, B, N give, each once.
func promotionTables(name string) []string {
	w, b, _ := strings.Cut(name, "v")
	var out []string
	seen := map[string]bool{}
	for side := 0; side < 2; side++ {
		own, other := w, b
		if side == 1 {
			own, other = b, w
		}
		i := strings.IndexByte(own, 'P')
		if i < 0 {
			continue
		}
		for _, pc := range "QRBN" {
			prom := own[:i] + string(pc) + own[i+1:]
			var t string
			if side == 0 {
				t = canonicalName(prom, other)
			} else {
				t = canonicalName(other, prom)
			}
			if t != "" && !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	return out
}

// tablesToMake returns names with the tables their generation needs
// before them (promotionTables, recursively), each once; the tables of
// fewer pieces, which the generator reads, are not listed.
func tablesToMake(names []string) []string {
	var out []string
	done := map[string]bool{}
	var add func(name string)
	add = func(name string) {
		if done[name] {
			return
		}
		done[name] = true
		n := len(name) - 1
		for _, t := range promotionTables(name) {
			if len(t)-1 == n {
				add(t)
			}
		}
		out = append(out, name)
	}
	for _, name := range names {
		add(name)
	}
	return out
}

// fiveDir returns the directory of the 5-piece tables in the cache:
// every table of tablesToMake(fiveTables), made where missing, and every
// file checked against the published checksums. small is the directory
// of the 3- and 4-piece tables, which the generator reads.
func fiveDir(g *tbGenerator, small string, stderr io.Writer) (string, error) {
	cache, err := foreign.CacheDir(cacheName)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(cache, "tables5-"+tbCommit[:12])
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	for _, name := range tablesToMake(fiveTables) {
		files := []string{name + ".rtbw", name + ".rtbz"}
		for _, f := range files {
			if g.sums[f] == "" {
				return "", fmt.Errorf("%s: no published checksum of %s", tbSource.Name, f)
			}
		}
		have := true
		for _, f := range files {
			if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
				have = false
			}
		}
		if have {
			if err := g.check(dir, files); err != nil {
				return "", fmt.Errorf("%v: remove the file from %s to make it again", err, dir)
			}
			continue
		}
		if err := g.generate(name, dir, small, stderr); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// generate makes the files of the table name in a temporary folder of
// dir, checks them, and moves them into dir: no file that did not match
// is left in dir.
func (g *tbGenerator) generate(name, dir, small string, stderr io.Writer) error {
	tmp, err := os.MkdirTemp(dir, ".gen-"+name+"-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	prog := g.rtbgen
	if strings.Contains(name, "P") {
		prog = g.rtbgenp
	}
	threads := fmt.Sprint(runtime.NumCPU())
	fmt.Fprintf(stderr, "%s: RTBPATH=%s%c%s %s -t %s %s\n", tbSource.Name, small, filepath.ListSeparator, dir, filepath.Base(prog), threads, name)
	start := time.Now()
	env := append(os.Environ(), "RTBPATH="+small+string(filepath.ListSeparator)+dir)
	if err := foreign.Run(env, tmp, prog, "-t", threads, name); err != nil {
		return fmt.Errorf("%s: generating %s: %v", tbSource.Name, name, err)
	}
	files := []string{name + ".rtbw", name + ".rtbz"}
	if err := g.check(tmp, files); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%s: %s made in %.0f s; its checksums match the published ones\n", tbSource.Name, name, time.Since(start).Seconds())
	for _, f := range files {
		if err := os.Rename(filepath.Join(tmp, f), filepath.Join(dir, f)); err != nil {
			return err
		}
	}
	return nil
}

// errChecksum is behind check's error for a file whose content does not
// match its checksum, or whose checksum is not the published one.
var errChecksum = errors.New("its checksum is not the published one")

// check checks the files in dir with the generator's tbcheck: each
// file's content against the checksum it ends with (tbcheck FILE, which
// recomputes it: "OK!"), and that checksum against the published one
// (tbcheck --print FILE, which prints it).
func (g *tbGenerator) check(dir string, files []string) error {
	run := func(args ...string) (map[string]string, error) {
		cmd := exec.Command(g.tbcheck, append(args, files...)...)
		cmd.Dir = dir
		var errs bytes.Buffer
		cmd.Stderr = &errs
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("%s: tbcheck %s: %v %s", tbSource.Name, strings.Join(append(args, files...), " "), err, strings.TrimSpace(errs.String()))
		}
		got := map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if name, v, ok := strings.Cut(line, ": "); ok {
				got[name] = strings.TrimSpace(v)
			}
		}
		return got, nil
	}
	verified, err := run()
	if err != nil {
		return err
	}
	printed, err := run("--print")
	if err != nil {
		return err
	}
	for _, f := range files {
		path := filepath.Join(dir, f)
		if verified[f] != "OK!" {
			return fmt.Errorf("%s: %s: tbcheck says %q, not OK!: its content is not what its checksum says: %w", tbSource.Name, path, verified[f], errChecksum)
		}
		if printed[f] != g.sums[f] {
			return fmt.Errorf("%s: %s: checksum %q, published %s: %w", tbSource.Name, path, printed[f], g.sums[f], errChecksum)
		}
	}
	return nil
}
