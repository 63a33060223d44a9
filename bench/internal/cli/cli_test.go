package cli

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symmagic/attacks/bench/internal/machine"
)

// cmd is a command in the shape cli serves, with every flag kind.
func cmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("cmd", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("rounds", 1, "rounds")
	out := AddOutput(fs, "x.md")
	png := fs.String("png", "", "picture")
	out.Paths("png")
	if err := Parse(fs, args); err != nil {
		return err
	}
	if err := NoArgs(fs); err != nil {
		return err
	}
	if err := out.Check(); err != nil {
		return err
	}
	switch {
	case *n < 1:
		return Usagef("-rounds %d: want at least 1", *n)
	case *n == 7:
		return errors.New("seven")
	case *n == 9:
		return WithStatus(130, errors.New("stopped"))
	}
	if out.Write {
		return WriteFile(filepath.Join(out.Dir, "x.md"), func(w io.Writer) error {
			_, err := io.WriteString(w, "x "+*png+"\n")
			return err
		})
	}
	return nil
}

func TestStatus(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		stderr string // a line stderr must hold; "" for nothing at all
	}{
		{nil, 0, ""},
		{[]string{"-h"}, 0, "Usage of cmd:"},
		{[]string{"-help"}, 0, "Usage of cmd:"},
		{[]string{"-rounds", "x"}, 2, `invalid value "x" for flag -rounds`},
		{[]string{"-nope"}, 2, "flag provided but not defined: -nope"},
		{[]string{"extra"}, 2, "cmd: unexpected argument \"extra\"\nrun 'cmd -h' for usage\n"},
		{[]string{"-rounds", "0"}, 2, "cmd: -rounds 0: want at least 1\n"},
		{[]string{"-out", "d"}, 2, "cmd: -out: say where -write writes; add -write\n"},
		{[]string{"-out", "d", "-png", "p"}, 2, "cmd: -out and -png: say where -write writes; add -write\n"},
		{[]string{"-rounds", "7"}, 1, "cmd: seven\n"},
		{[]string{"-rounds", "9"}, 130, ""},
	} {
		var stdout, stderr bytes.Buffer
		got := Status("cmd", cmd(c.args, &stdout, &stderr), &stderr)
		if got != c.status || (c.stderr == "") != (stderr.Len() == 0) || !strings.Contains(stderr.String(), c.stderr) {
			t.Errorf("cmd %q: status %d, stderr %q; want %d and %q", c.args, got, stderr.String(), c.status, c.stderr)
		}
		if strings.Contains(c.stderr, "Usage") && strings.Contains(stderr.String(), "cmd: ") {
			t.Errorf("cmd %q: -h reported as an error: %q", c.args, stderr.String())
		}
	}
}

// TestWriteFile checks that -write writes where -out says, with the usual
// permissions, and that a failed write leaves the old file and no
// temporary one.
func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if err := cmd([]string{"-write", "-out", dir, "-png", "p.png"}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "x.md")
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "x p.png\n" {
		t.Fatalf("x.md: %q, %v", b, err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("x.md's mode: %v, %v", fi.Mode(), err)
	}
	err = WriteFile(path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return errors.New("failed")
	})
	if err == nil {
		t.Error("a failed write: no error")
	}
	if b, _ := os.ReadFile(path); string(b) != "x p.png\n" {
		t.Errorf("a failed write left %q", b)
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Errorf("files left: %v", files)
	}
}

// TestSave checks that Save writes into -out's folder for this CPU, and
// says where on stderr.
func TestSave(t *testing.T) {
	fs := flag.NewFlagSet("cmd", flag.ContinueOnError)
	out := AddOutput(fs, "x.md")
	dir := t.TempDir()
	if err := fs.Parse([]string{"-write", "-out", dir}); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if err := out.Save("x.md", func(w io.Writer) error { _, err := io.WriteString(w, "x\n"); return err }, &stderr); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, machine.Here().CPU.Folder(), "x.md")
	if b, err := os.ReadFile(path); err != nil || string(b) != "x\n" {
		t.Errorf("%s: %q, %v", path, b, err)
	}
	if stderr.String() != "wrote "+path+"\n" {
		t.Errorf("stderr %q", stderr.String())
	}
}

// TestReport checks that Report writes the report to stdout, saves the
// same only with -write, and stops at the report's error.
func TestReport(t *testing.T) {
	report := func(w io.Writer) error { _, err := io.WriteString(w, "r\n"); return err }
	for _, write := range []bool{false, true} {
		fs := flag.NewFlagSet("cmd", flag.ContinueOnError)
		out := AddOutput(fs, "r.md")
		dir := t.TempDir()
		args := []string{"-out", dir}
		if write {
			args = append(args, "-write")
		}
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		if err := out.Report("r.md", report, &stdout, &stderr); err != nil || stdout.String() != "r\n" {
			t.Errorf("-write %v: stdout %q, %v", write, stdout.String(), err)
		}
		b, err := os.ReadFile(filepath.Join(dir, machine.Here().CPU.Folder(), "r.md"))
		if write && (err != nil || string(b) != "r\n") || !write && err == nil {
			t.Errorf("-write %v: the file %q, %v", write, b, err)
		}
	}
	fs := flag.NewFlagSet("cmd", flag.ContinueOnError)
	out := AddOutput(fs, "r.md")
	dir := t.TempDir()
	if err := fs.Parse([]string{"-write", "-out", dir}); err != nil {
		t.Fatal(err)
	}
	bad := errors.New("bad")
	var stdout, stderr bytes.Buffer
	if err := out.Report("r.md", func(io.Writer) error { return bad }, &stdout, &stderr); err != bad {
		t.Errorf("a report's error: %v", err)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("a failed report wrote %v", files)
	}
}

// TestQuoteArgs: -out's value and each named directory flag's are DIR in
// every form; a value that happens to spell a flag's name is a value.
func TestQuoteArgs(t *testing.T) {
	args := []string{"-rounds", "3", "-out", "/tmp/x", "--chess-library=/src/cl", "-name", "chess-library", "-write", "-cozy-chess", "/c"}
	got := strings.Join(QuoteArgs(args, "cozy-chess", "chess-library"), " ")
	want := "-rounds 3 -out DIR --chess-library=DIR -name chess-library -write -cozy-chess DIR"
	if got != want {
		t.Errorf("QuoteArgs: %q, want %q", got, want)
	}
}
