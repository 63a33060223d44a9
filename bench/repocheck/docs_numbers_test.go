package repocheck

import (
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The numbers the documents state that a test can check against the
// measurements: every measured ratio with its interval comes from a result
// file, and the counts of verdicts that prose states are the table's.

// ratioWithInterval matches a median and its interval, "1.09x [1.04, 1.12]",
// "1.304 [1.252, 1.352]" or "114x [102, 127]" (stat.Comparison writes
// three significant digits), also where prose wraps it across lines. It
// takes the numbers as written, whichever way round the ratio is. A match
// without the x and with a number without decimals, "412 [405, 419]", is
// a measurement, not a ratio: ratios finds it and leaves it out.
var ratioWithInterval = regexp.MustCompile(`(\d+(?:\.\d+)?)(x?)\s+\[(\d+(?:\.\d+)?),\s+(\d+(?:\.\d+)?)\]`)

// ratios returns the ratios with an interval in text, each as its match,
// the median and the interval's ends.
func ratios(text string) [][]string {
	var out [][]string
	for _, m := range ratioWithInterval.FindAllStringSubmatch(text, -1) {
		if m[2] == "x" || strings.Contains(m[1], ".") && strings.Contains(m[3], ".") && strings.Contains(m[4], ".") {
			out = append(out, []string{m[0], m[1], m[3], m[4]})
		}
	}
	return out
}

// rounded is a median and interval at two decimals, the precision the
// documents quote.
func rounded(m []string) string {
	var parts []string
	for _, s := range m[1:4] {
		v, _ := strconv.ParseFloat(s, 64)
		parts = append(parts, fmt.Sprintf("%.2f", math.Round(v*100)/100))
	}
	return strings.Join(parts, " ")
}

// TestDocRatiosFromResults checks that every ratio with an interval that
// README.md and docs/*.md quote appears, at the precision quoted, in a
// result file under bench/results (docs/ADOPTING.md's table is
// bench/results/amd-zen4-genoa/adopt.md): a number edited by hand, or left behind by a
// rerun, fails here.
func TestDocRatiosFromResults(t *testing.T) {
	have := map[string]bool{}
	results := filepath.Join(repoRoot, "bench", "results")
	err := filepath.WalkDir(results, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
			return err
		}
		rel, err := filepath.Rel(repoRoot, path)
		if err != nil {
			return err
		}
		for _, m := range ratios(string(readRepoFile(t, filepath.ToSlash(rel)))) {
			have[rounded(m)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(have) < 100 {
		t.Fatalf("only %d ratios in bench/results: the result files are missing", len(have))
	}
	checked := 0
	for _, f := range docFiles(t) {
		for _, m := range ratios(string(readRepoFile(t, f))) {
			checked++
			if !have[rounded(m)] {
				t.Errorf("%s quotes %q, which no file in bench/results holds", f, strings.Join(strings.Fields(m[0]), " "))
			}
		}
	}
	t.Logf("%d quoted ratios found in %d of the results' ratios", checked, len(have))
}

// TestDocVerdictCounts checks the counts of verdicts docs/ADOPTING.md's
// prose states against its own table.
func TestDocVerdictCounts(t *testing.T) {
	text := string(readRepoFile(t, "docs/ADOPTING.md"))
	rows, dropin, w := 0, 0, 0
	for _, line := range strings.Split(text, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 8 || strings.Contains(line, "control") || strings.Contains(line, "geometric") || !strings.Contains(line, "[") {
			continue
		}
		rows++
		if strings.TrimSpace(cells[4]) == "faster" {
			dropin++
		}
		if strings.TrimSpace(cells[6]) == "faster" {
			w++
		}
	}
	claim := fmt.Sprintf("Per benchmark the drop-in build is faster in %d of the %d and the W build in %d", dropin, rows, w)
	if !strings.Contains(strings.Join(strings.Fields(text), " "), claim) {
		t.Errorf("docs/ADOPTING.md's table gives the drop-in faster in %d of %d benchmarks and W in %d; its prose should say %q", dropin, rows, w, claim)
	}
}

// TestRatios checks which quoted numbers ratios takes for ratios.
func TestRatios(t *testing.T) {
	text := "1.09x [1.04, 1.12] and 1.304 [1.252,\n1.352], 114x [102, 127] and 98.8x [96.3, 101]; 412 [405, 419] and 2.40 [2.05, 3] are not"
	var got []string
	for _, m := range ratios(text) {
		got = append(got, rounded(m))
	}
	want := []string{"1.09 1.04 1.12", "1.30 1.25 1.35", "114.00 102.00 127.00", "98.80 96.30 101.00"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("ratios: got %q, want %q", got, want)
	}
}

// TestBenchmarksListCPUs checks that docs/BENCHMARKS.md lists every CPU on
// record, a link to each folder of bench/results, and no folder that is
// not there: results from another CPU never go unnamed.
func TestBenchmarksListCPUs(t *testing.T) {
	text := string(readRepoFile(t, "docs/BENCHMARKS.md"))
	entries, err := os.ReadDir(filepath.Join(repoRoot, "bench", "results"))
	if err != nil {
		t.Fatal(err)
	}
	folders := map[string]bool{}
	for _, e := range entries {
		if e.IsDir() {
			folders[e.Name()] = true
			if !strings.Contains(text, "](../bench/results/"+e.Name()+"/") {
				t.Errorf("docs/BENCHMARKS.md does not list bench/results/%s, a CPU on record", e.Name())
			}
		}
	}
	if len(folders) == 0 {
		t.Fatal("bench/results holds no CPU's folder")
	}
	for _, m := range regexp.MustCompile(`\]\(\.\./bench/results/([^/)]+)/`).FindAllStringSubmatch(text, -1) {
		if !folders[m[1]] {
			t.Errorf("docs/BENCHMARKS.md links bench/results/%s, which is no folder", m[1])
		}
	}
}
