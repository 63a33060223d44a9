package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"testing"

	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
)

// TestQuick runs the command with -quick -write on two modes: the report
// names every build, says the padding moved the hot functions by 16 (and
// by 0 at padding 0), lists movegen.perft and Pad where they lie (Pad in
// the padded builds alone), fits the width, and the file is the report.
// The runs' counts agree across builds (perfload.Measure checks them;
// perft's TestPadded checks padded builds' counts against the published).
func TestQuick(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("padded builds are amd64's")
	}
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-quick", "-modes", "black,w1", "-write", "-out", dir}, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"### Where the hot functions lie", "heads of their loops", `\| movegen\.perft +\| +\d+ @ 0 \|`, `\| pad\.Pad +\| +- +\| +64 @ \d+ \|`,
		`\| black\+0 +\| +0 \|`, `\| black\+16 +\| +16 \|`, `\| w1\+0 +\| +0 \|`, `\| w1\+16 +\| +16 \|`,
		`\| black +\| \(64-byte alignment\) \|`, `\| w1 +\| \(64-byte alignment\) \|`, "against black\\+0", "CPU: "} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	if long := md.Overlong(out); len(long) > 0 {
		t.Errorf("lines over %d columns: %q", md.Width, long)
	}
	b, err := os.ReadFile(filepath.Join(dir, machine.Here().CPU.Folder(), "placement.md"))
	if err != nil || string(b) != out {
		t.Errorf("placement.md differs from stdout (%v)", err)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"-rounds", "-1"}, {"-out", "x"}, {"extra"}, {"-modes", "nosuch"}, {"-modes", "w,w"}, {"-pads", "16,0"}, {"-pads", "0,8"}, {"-pads", "0,0"}, {"-depth", "-2"}} {
		var stdout, stderr bytes.Buffer
		if err := run(args, &stdout, &stderr); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}
