package attacks

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The numbers the documentation states that a test can check: every
// measured ratio with its interval comes from a result file, the byte
// counts are Stats', and the counts of verdicts that prose states are the
// table's.

// ratioWithInterval matches a median and its interval, "1.09x [1.04, 1.12]"
// or "1.304 [1.252, 1.352]".
var ratioWithInterval = regexp.MustCompile(`(\d+\.\d+)x? \[(\d+\.\d+), (\d+\.\d+)\]`)

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
// result file under bench/results (or in docs/ADOPTING.md's table, itself
// bench/results/adopt.md): a number edited by hand, or left behind by a
// rerun, fails here.
func TestDocRatiosFromResults(t *testing.T) {
	have := map[string]bool{}
	err := filepath.Walk(filepath.Join("bench", "results"), func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".md") {
			return err
		}
		b, err := os.ReadFile(path)
		for _, m := range ratioWithInterval.FindAllStringSubmatch(string(b), -1) {
			have[rounded(m)] = true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(have) < 100 {
		t.Fatalf("only %d ratios in bench/results: the result files are missing", len(have))
	}
	checked := 0
	for _, f := range docFiles(t) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ratioWithInterval.FindAllStringSubmatch(string(b), -1) {
			checked++
			if !have[rounded(m)] {
				t.Errorf("%s quotes %q, which no file in bench/results holds", f, m[0])
			}
		}
	}
	t.Logf("%d quoted ratios found in %d of the results' ratios", checked, len(have))
}

// TestDocBytes checks the byte counts README.md's first table and
// docs/DESIGN.md's table by kind give for this package against Stats.
func TestDocBytes(t *testing.T) {
	if strconv.IntSize != 64 {
		t.Skip("the documents give the 64-bit sizes")
	}
	s := Stats()
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	design, err := os.ReadFile(filepath.Join("docs", "DESIGN.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file, row string
		want      []int
	}{
		{"README.md", "| `Rook`, `Bishop`, `Queen` (the drop-in) |", []int{s.Std.TotalBytes}},
		{"README.md", "| the W lookups (`Occupancy.Rook`, `RookW`, ...) |", []int{s.W.TotalBytes}},
		{"README.md", "| the permute (`ToW`, `NewOccupancy`, the unions): with AVX-512 / without |", []int{permuteBytes(kernelAMD64AVX512), permuteBytes(kernelGeneric)}},
		{"docs/DESIGN.md", "| index tables |", []int{s.Std.IndexBytes, s.W.IndexBytes}},
		{"docs/DESIGN.md", "| attack tables (4,900 rook + 1,428 bishop sets, 8 bytes each) |", []int{s.Std.AttackBytes, s.W.AttackBytes}},
		{"docs/DESIGN.md", "| per-square parameters (128 x 40) |", []int{s.Std.ParamBytes, s.W.ParamBytes}},
		{"docs/DESIGN.md", "| **total** |", []int{s.Std.TotalBytes, s.W.TotalBytes}},
	} {
		text := string(readme)
		if c.file != "README.md" {
			text = string(design)
		}
		i := strings.Index(text, c.row)
		if i < 0 {
			t.Errorf("%s has no row %q", c.file, c.row)
			continue
		}
		line := text[i+len(c.row):]
		line = line[:strings.IndexByte(line, '\n')]
		var got []int
		for _, n := range regexp.MustCompile(`\d[\d,]*`).FindAllString(regexp.MustCompile(`\([^)]*\)`).ReplaceAllString(line, ""), -1) {
			v, _ := strconv.Atoi(strings.ReplaceAll(n, ",", ""))
			got = append(got, v)
		}
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s, row %q: %v, Stats gives %v", c.file, c.row, got, c.want)
		}
	}
}

// TestDocVerdictCounts checks the counts of verdicts docs/ADOPTING.md's
// prose states against its own table.
func TestDocVerdictCounts(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("docs", "ADOPTING.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
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
