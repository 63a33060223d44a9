package perfload

import (
	"bytes"
	"image/png"
	"regexp"
	"strings"
	"testing"

	"github.com/symmagic/attacks/bench/perft"
)

// synthetic returns measurements of 9 rounds for groups: each mode's
// nodes/s is speed[mode] plus a spread, round by round the same in every
// mode but occ, whose spread runs the other way.
func synthetic(groups int, speed map[perft.Mode]float64) Measurements {
	m := make(Measurements, groups)
	for g := range m {
		m[g] = make([][]float64, len(perft.Modes))
		for _, mode := range perft.Modes {
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

// TestReport checks the tables on numbers whose verdicts are known: every
// comparison is a ratio with its interval and a verdict in words, against
// the fastest magic, which is named and marked "base", whichever of fancy,
// plain and black it is.
func TestReport(t *testing.T) {
	pos := []Position{{Name: "kiwipete", FEN: Kiwipete, Depth: 5, NNUEDepth: 4}}
	groups := Groups(pos, []Load{Loads(256)[0], Loads(256)[3]})
	speed := map[perft.Mode]float64{perft.ModeW: 95, perft.ModeOcc: 100, perft.ModeStd: 60, perft.ModeFancy: 100, perft.ModePlain: 110, perft.ModeBlack: 105}
	r := Report{Groups: groups, M: synthetic(len(groups), speed), Rounds: 9, HashMB: 256, Command: "cmd", CPU: "cpu", GoVersion: "go", Kernel: "k", Date: "d"}
	var b bytes.Buffer
	r.WriteMarkdown(&b, 3, "perft")
	out := b.String()
	if !strings.HasPrefix(out, "### perft\n") {
		t.Errorf("heading:\n%s", out)
	}
	// Black is slower than plain although the medians' intervals overlap
	// ([102, 108] and [107, 113]): every round's ratio is below 1.
	want := "| kiwipete | hash 256 MB + nnue | plain | 0.86x [0.86, 0.87] slower | 0.91x [0.86, 0.96] slower | 0.55x [0.53, 0.56] slower | 0.91x [0.91, 0.91] slower | base | 0.95x [0.95, 0.96] slower |"
	if !strings.Contains(out, want) {
		t.Errorf("output lacks\n%s\n%s", want, out)
	}
	// The same with fancy the fastest: occ within noise of it (the same
	// speed, but the rounds' ratios lie on both sides of 1).
	speed[perft.ModePlain], speed[perft.ModeBlack] = 90, 95
	r.M = synthetic(len(groups), speed)
	b.Reset()
	r.WriteMarkdown(&b, 2, "perft")
	cell := regexp.MustCompile(`^(base|\d+\.\d\dx \[\d+\.\d\d, \d+\.\d\d\] (faster|slower|within noise))$`)
	rows := 0
	for _, line := range strings.Split(b.String(), "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) != 3+len(perft.Modes) || cells[2] != "fancy" {
			continue
		}
		rows++
		for i, c := range cells[3:] {
			if !cell.MatchString(c) {
				t.Errorf("cell %q of mode %v is no ratio with a verdict", c, perft.Modes[i])
			}
		}
		if !strings.Contains(line, "| 1.00x [0.94, 1.06] within noise |") {
			t.Errorf("occ is not within noise of fancy: %s", line)
		}
	}
	if rows != len(groups) {
		t.Errorf("%d rows against fancy, want %d:\n%s", rows, len(groups), b.String())
	}
	// Black the fastest.
	speed[perft.ModeBlack] = 120
	r.M = synthetic(len(groups), speed)
	b.Reset()
	r.WriteMarkdown(&b, 2, "perft")
	want = "| kiwipete | none | black | 0.79x [0.79, 0.80] slower | 0.83x [0.79, 0.88] slower | 0.50x [0.49, 0.51] slower | 0.83x [0.83, 0.84] slower | 0.75x [0.74, 0.76] slower | base |"
	if !strings.Contains(b.String(), want) {
		t.Errorf("output lacks\n%s\n%s", want, b.String())
	}
	b.Reset()
	if err := r.Plot(&b); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(&b); err != nil {
		t.Errorf("picture: %v", err)
	}
}
