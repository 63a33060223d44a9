package main

import (
	"bytes"
	"github.com/symmagic/attacks/bench/internal/machine"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symmagic/attacks/bench/internal/cli"
	"github.com/symmagic/attacks/bench/internal/md"
	"github.com/symmagic/attacks/bench/internal/stat"
)

// TestQuick runs the whole command at its smallest and checks what it
// writes: the tables on stdout, within md.Width columns, and with -write
// the same Markdown and a PNG in -out.
func TestQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("runs perfts")
	}
	dir := t.TempDir()
	var out, errs bytes.Buffer
	if err := run([]string{"-quick", "-rounds", "1", "-write", "-out", dir}, &out, &errs); err != nil {
		t.Fatalf("%v\n%s", err, errs.String())
	}
	for _, want := range []string{"## perft under load", "### start, load none, depth 4\n", "### kiwipete, load hash 16 MB + nnue, depth 2\n",
		"(fastest magic) |", "### against w", "CPU: ", "GOAMD64=", stat.RatioNote, "Command: `go run -C bench ./cmd/perfload -quick -rounds 1 -write -out " + dir + "`"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	for _, l := range md.Overlong(out.String()) {
		t.Error(l)
	}
	md, err := os.ReadFile(filepath.Join(dir, machine.Here().CPU.Folder(), "perft-load.md"))
	if err != nil || !bytes.Equal(md, out.Bytes()) {
		t.Errorf("perft-load.md differs from stdout (%v)", err)
	}
	png, err := os.ReadFile(filepath.Join(dir, machine.Here().CPU.Folder(), "perft-load.png"))
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Errorf("perft-load.png is no PNG (%v)", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, machine.Here().CPU.Folder(), ".*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestWritesNothing checks that without -write the command leaves its
// directory as it was, and that -out without -write is an error, not
// ignored.
func TestWritesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs perfts")
	}
	t.Chdir(t.TempDir())
	var out, errs bytes.Buffer
	if err := run([]string{"-quick", "-rounds", "1", "-loads", "none"}, &out, &errs); err != nil {
		t.Fatalf("%v\n%s", err, errs.String())
	}
	if !strings.Contains(out.String(), "## perft under load") {
		t.Errorf("no tables on stdout:\n%s", out.String())
	}
	if err := run([]string{"-quick", "-out", "x"}, &out, &errs); err == nil || !strings.Contains(err.Error(), "-write") {
		t.Errorf("-out without -write: %v", err)
	}
	if files, _ := os.ReadDir("."); len(files) != 0 {
		t.Errorf("wrote %v", files)
	}
}

// TestHelp runs the command with -h: the usage on stderr, nothing on
// stdout, and exit status 0.
func TestHelp(t *testing.T) {
	var out, errs bytes.Buffer
	if status := cli.Status("perfload", run([]string{"-h"}, &out, &errs), &errs); status != 0 || out.Len() != 0 {
		t.Errorf("-h: exit status %d, stdout %q", status, out.String())
	}
	for _, want := range []string{"Usage: go run -C bench ./cmd/perfload [flags]", "-quick", "-rounds", "-write", "-out"} {
		if !strings.Contains(errs.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, errs.String())
		}
	}
}

// TestBadArgs checks that a bad command line is a usage error, exit status
// 2, before anything runs.
func TestBadArgs(t *testing.T) {
	for _, args := range [][]string{{"-quick", "extra"}, {"-rounds", "x"}, {"-rounds", "-1"}, {"-loads", "none,heavy"}, {"-out", "x"}} {
		var out, errs bytes.Buffer
		if status := cli.Status("perfload", run(args, &out, &errs), &errs); status != 2 || out.Len() != 0 {
			t.Errorf("%q: exit status %d, stdout %q, stderr %q", args, status, out.String(), errs.String())
		}
	}
}
