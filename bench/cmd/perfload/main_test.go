package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestQuick runs the whole command at its smallest and checks what it
// writes: both tables on stdout, the same Markdown and a PNG in -out.
func TestQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("runs perfts")
	}
	dir := t.TempDir()
	var out, errs bytes.Buffer
	if err := mainErr([]string{"-quick", "-rounds", "1", "-out", dir}, &out, &errs); err != nil {
		t.Fatalf("%v\n%s", err, errs.String())
	}
	for _, want := range []string{"## perft under load", "| start | none | 4 |", "| kiwipete | hash 16 MB + nnue |", "Against the fastest magic"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	md, err := os.ReadFile(filepath.Join(dir, "perft-load.md"))
	if err != nil || !bytes.Equal(md, out.Bytes()) {
		t.Errorf("perft-load.md differs from stdout (%v)", err)
	}
	png, err := os.ReadFile(filepath.Join(dir, "perft-load.png"))
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Errorf("perft-load.png is no PNG (%v)", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestBadArgs(t *testing.T) {
	var out, errs bytes.Buffer
	if err := mainErr([]string{"-quick", "extra"}, &out, &errs); err == nil || !strings.Contains(err.Error(), `"extra"`) {
		t.Errorf("an extra argument: %v", err)
	}
	if err := mainErr([]string{"-rounds", "x"}, &out, &errs); err == nil {
		t.Error("-rounds x accepted")
	}
}
