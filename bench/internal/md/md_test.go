package md

import (
	"bytes"
	"strings"
	"testing"
)

func TestTable(t *testing.T) {
	var b bytes.Buffer
	Table(&b, [][]string{{"technique", "ns/op"}, {"fancy magic", "2.68"}, {"x"}}, 1)
	want := "| technique   | ns/op |\n| ----------- | ----: |\n| fancy magic |  2.68 |\n| x           |       |\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestWrap(t *testing.T) {
	var b bytes.Buffer
	words := strings.Repeat("word ", 50)
	Wrap(&b, "ratio: "+words+strings.Repeat("x", Width+5), "  ")
	out := b.String()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "ratio: word") || !strings.HasPrefix(lines[1], "  word") || lines[3] != "  "+strings.Repeat("x", Width+5) {
		t.Errorf("wrapped:\n%s", out)
	}
	if strings.Join(strings.Fields(out), " ") != strings.TrimSpace("ratio: "+words+strings.Repeat("x", Width+5)) {
		t.Errorf("wrapping changed the words:\n%s", out)
	}
	// Every line but the word wider than a line fits.
	if long := Overlong(out); len(long) != 1 || !strings.HasPrefix(long[0], "line 4, 107 columns") {
		t.Errorf("Overlong: %q", long)
	}
	// A table's row is as wide as its values: not a line to wrap.
	if long := Overlong("| " + strings.Repeat("1234567 ", 20) + "|\n" + strings.Repeat("y", Width+1)); len(long) != 1 || !strings.HasPrefix(long[0], "line 2, 101 columns") {
		t.Errorf("Overlong of a wide table row and a wide line: %q", long)
	}
	b.Reset()
	Wrap(&b, "short", "")
	if b.String() != "short\n" {
		t.Errorf("%q", b.String())
	}
	// A newline breaks the line, the next indented; each part wraps.
	b.Reset()
	Wrap(&b, "CPU: x,\nL1d 48 KiB; "+words, "  ")
	lines = strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 4 || lines[0] != "CPU: x," || !strings.HasPrefix(lines[1], "  L1d 48 KiB; word word") || !strings.HasPrefix(lines[2], "  word") || len(Overlong(b.String())) != 0 {
		t.Errorf("wrapped at the newline:\n%s", b.String())
	}
}
