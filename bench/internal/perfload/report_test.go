package perfload

import (
	"bytes"
	"fmt"
	"image/png"
	"regexp"
	"strings"
	"testing"

	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/stat"
	"github.com/symmagic/attacks/bench/perft"
)

// synthetic returns measurements of 9 rounds for groups: each mode's
// nodes/s is speed[mode] plus a spread, round by round the same in every
// mode but occ, whose spread runs the other way.
func synthetic(groups int, speed map[perft.Mode]float64) Measurements {
	m := make(Measurements, groups)
	for g := range m {
		m[g] = map[perft.Mode][]float64{}
		for _, mode := range perft.Modes() {
			for r := range 9 {
				d := float64(r-4) * 1e6
				if mode == perft.ModeOcc {
					d = -d
				}
				m[g][mode] = append(m[g][mode], speed[mode]*1e6+d)
			}
		}
	}
	return m
}

// groupTable returns the cells of the first table after heading: its
// header, and its rows by their first cell.
func groupTable(t *testing.T, out, heading string) (header []string, rows map[string][]string) {
	t.Helper()
	_, after, ok := strings.Cut(out, heading)
	if !ok {
		t.Fatalf("no heading %q:\n%s", heading, out)
	}
	rows = map[string][]string{}
	for _, line := range strings.Split(after, "\n") {
		if !strings.HasPrefix(line, "| ") {
			if header != nil {
				break
			}
			continue // the prose before the table
		}
		cells := strings.Split(strings.TrimSuffix(strings.TrimPrefix(line, "| "), " |"), " | ")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if header == nil {
			header = cells
		} else if !strings.HasPrefix(cells[0], "---") {
			rows[cells[0]] = cells
		}
	}
	return header, rows
}

// rec is the machine of the reports tested.
var rec = machine.Record{
	CPU:   machine.CPU{Name: "Intel(R) Xeon(R) Processor", Vendor: "GenuineIntel", Family: 6, Model: 207, Microarch: "Emerald Rapids", L1d: 48 << 10, L2: 2 << 20},
	Build: machine.Build{GoVersion: "go1.26.8", GOOS: "linux", GOARCH: "amd64", Level: "GOAMD64=v1"},
}

// TestReport checks the tables on numbers whose verdicts are known: every
// comparison is a ratio with its interval and a verdict in words, against
// the fastest magic, which is named and marked "base", whichever of fancy,
// plain and black it is; every line fits md.Width.
func TestReport(t *testing.T) {
	pos := []Position{{Name: "kiwipete", FEN: Kiwipete, Depth: 5, NNUEDepth: 4}}
	groups := Groups(pos, []Load{Loads(256)[0], Loads(256)[3]})
	speed := map[perft.Mode]float64{perft.ModeW: 95, perft.ModeOcc: 100, perft.ModeStd: 60, perft.ModeFancy: 100, perft.ModePlain: 110, perft.ModeBlack: 105, "hyperbola": 85, "kindergarten": 80}
	r := Report{Groups: groups, Modes: perft.Modes(), M: synthetic(len(groups), speed), Rounds: 9, HashMB: 256, Command: "cmd", Machine: rec, Kernel: "k", Date: "d"}
	var b bytes.Buffer
	r.WriteMarkdown(&b, 3, "perft")
	out := b.String()
	if !strings.HasPrefix(out, "### perft\n\nCPU: Intel(R) Xeon(R) Processor (GenuineIntel family 6 model 207, Emerald Rapids),\n"+
		"L1d 48 KiB, L2 2 MiB; go1.26.8 linux/amd64 GOAMD64=v1; attacks kernel k; one thread; d\n") || strings.Count(out, stat.RatioNote) != 1 {
		t.Errorf("heading, machine and the ratios' convention, once:\n%s", out)
	}
	for _, l := range md.Overlong(out) {
		t.Error(l)
	}
	// Black is slower than plain although the medians' intervals overlap
	// ([102, 108] and [107, 113]): every round's ratio is below 1.
	header, rows := groupTable(t, out, "#### kiwipete, load hash 256 MB + nnue, depth 4\n")
	want := map[string]string{"w": "0.86x [0.86, 0.87] slower", "occ": "0.91x [0.86, 0.96] slower", "std": "0.55x [0.53, 0.56] slower",
		"fancy": "0.91x [0.91, 0.91] slower", "plain": "base", "black": "0.95x [0.95, 0.96] slower"}
	if strings.Join(header, "|") != "mode|million nodes/s|against plain (fastest magic)" {
		t.Errorf("header %q", header)
	}
	for mode, w := range want {
		if rows[mode] == nil || rows[mode][2] != w {
			t.Errorf("%s against plain: %q, want %q", mode, rows[mode], w)
		}
	}
	if got := rows["black"][1]; got != "105.0 [102.0, 108.0]" {
		t.Errorf("black's million nodes/s: %q", got)
	}
	// The same with fancy the fastest: occ within noise of it (the same
	// speed, but the rounds' ratios lie on both sides of 1).
	speed[perft.ModePlain], speed[perft.ModeBlack] = 90, 95
	r.M = synthetic(len(groups), speed)
	b.Reset()
	r.WriteMarkdown(&b, 2, "perft")
	cell := regexp.MustCompile(`^(base|\d+\.\d\dx \[\d+\.\d{2,}, \d+\.\d{2,}\] (faster|slower|within noise))$`)
	for _, g := range groups {
		header, rows := groupTable(t, b.String(), fmt.Sprintf("### kiwipete, load %s, depth %d\n", g.Load.Name, g.Depth))
		if header[2] != "against fancy (fastest magic)" || len(rows) != len(perft.Modes()) {
			t.Errorf("%s: header %q, %d rows", g.Load.Name, header, len(rows))
		}
		for mode, cells := range rows {
			if !cell.MatchString(cells[2]) {
				t.Errorf("cell %q of mode %v is no ratio with a verdict", cells[2], mode)
			}
		}
		if rows["occ"][2] != "1.00x [0.94, 1.06] within noise" || rows["fancy"][2] != "base" {
			t.Errorf("occ is not within noise of fancy: %q", rows["occ"])
		}
	}
	// std, occ and the smaller techniques against w, in every group.
	header, rows = groupTable(t, b.String(), "### against w\n")
	if strings.Join(header, "|") != "position|load|depth|mode|against w" || len(rows) != 1 {
		t.Errorf("against w: %q, %v", header, rows)
	}
	if n := len(regexp.MustCompile(`\| +std \| +0\.63x \[0\.62, 0\.64\] slower \|`).FindAllString(b.String(), -1)); n != len(groups) {
		t.Errorf("std against w in %d rows, want %d:\n%s", n, len(groups), b.String())
	}
	_, againstW, _ := strings.Cut(b.String(), "### against w\n")
	for _, m := range []string{"hyperbola", "kindergarten"} {
		if n := len(regexp.MustCompile(`\| +`+m+` \| +\d\.\d\dx `).FindAllString(againstW, -1)); n != len(groups) {
			t.Errorf("%s against w in %d rows, want %d", m, n, len(groups))
		}
	}
	if regexp.MustCompile(`\| +fancy \|`).MatchString(againstW) {
		t.Errorf("a magic yardstick against w:\n%s", b.String())
	}
	// A section of a larger report does not repeat the machine or the
	// ratios' convention.
	r.Section = true
	b.Reset()
	r.WriteMarkdown(&b, 2, "perft")
	if out := b.String(); strings.Contains(out, "CPU: ") || strings.Contains(out, stat.RatioNote) || !strings.HasPrefix(out, "## perft\n\nCommand: `cmd`. Each mode is a build of the generator of its own") {
		t.Errorf("a section:\n%s", out)
	}
	r.Section = false
	// Black the fastest.
	speed[perft.ModeBlack] = 120
	r.M = synthetic(len(groups), speed)
	b.Reset()
	r.WriteMarkdown(&b, 2, "perft")
	header, rows = groupTable(t, b.String(), "### kiwipete, load none, depth 5\n")
	if header[2] != "against black (fastest magic)" {
		t.Errorf("black the fastest: header %q", header)
	}
	want = map[string]string{"w": "0.79x [0.79, 0.80] slower", "occ": "0.83x [0.79, 0.88] slower", "std": "0.50x [0.49, 0.51] slower",
		"fancy": "0.83x [0.83, 0.84] slower", "plain": "0.75x [0.74, 0.76] slower", "black": "base"}
	for mode, w := range want {
		if rows[mode] == nil || rows[mode][2] != w {
			t.Errorf("%s against black: %q, want %q", mode, rows[mode], w)
		}
	}
	b.Reset()
	if err := r.Plot(&b); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(&b); err != nil {
		t.Errorf("picture: %v", err)
	}
}
