package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/bench/internal/md"
)

// TestQuick runs the command with -quick -write: the report names every
// step in both positions, fits the width, and the file is the report.
func TestQuick(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-quick", "-write", "-out", dir}, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"### start, depth 4", "### kiwipete, depth 3", "| fancymask", "| stdsmall", "| wb1", "| w1", "bishops in one load", "no second load", "the key mask", "a second load", "CPU: "} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	if long := md.Overlong(out); len(long) > 0 {
		t.Errorf("lines over %d columns: %q", md.Width, long)
	}
	b, err := os.ReadFile(filepath.Join(dir, machine.Here().CPU.Folder(), "variants.md"))
	if err != nil || string(b) != out {
		t.Errorf("variants.md differs from stdout (%v)", err)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"-rounds", "-1"}, {"-out", "x"}, {"extra"}} {
		var stdout, stderr bytes.Buffer
		if err := run(args, &stdout, &stderr); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}
