package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	tests := []struct {
		args      []string
		code      int
		lastLines string // want the output's last lines to start with these, nps excluded
		stderr    string
	}{
		{[]string{"-depth", "3"}, 0, "nodes 8902\n", ""},
		{[]string{"-depth", "0"}, 0, "nodes 1\n", ""},
		{[]string{"-depth", "2", "-slider", "std", "-fen", kiwipete}, 0, "nodes 2039\n", ""},
		{[]string{"-depth", "3", "-slider", "fancy", "-threads", "3"}, 0, "nodes 8902\n", ""},
		{[]string{"-depth", "2", "-divide", "-threads", "2"}, 0, "nodes 400\n", ""},
		{[]string{"-depth", "1", "-divide", "-fen", "3k4/8/8/K1Pp3r/8/8/8/8 w - d6 0 2"}, 0, "nodes 6\n", ""},
		{[]string{}, 2, "", "-depth N is required"},
		{[]string{"-depth", "-1"}, 2, "", "-depth N is required"},
		{[]string{"-depth", "x"}, 2, "", "invalid value \"x\" for flag -depth"},
		{[]string{"-depth", "3", "-slider", "magic"}, 2, "", "-slider: unknown slider mode \"magic\""},
		{[]string{"-depth", "3", "-threads", "0"}, 2, "", "-threads 0: want at least 1"},
		{[]string{"-depth", "3", "-kernel", "nope"}, 2, "", "-kernel: attacks.SetKernel"},
		{[]string{"-depth", "3", "-nosuchflag"}, 2, "", "flag provided but not defined: -nosuchflag"},
		{[]string{"-depth", "3", "-fen", "8/8/8/8/8/8/8/8", "w"}, 2, "", "unexpected argument \"w\""},
		{[]string{"-depth", "3", "-fen", "8/8/8/8/8/8/8/8 w - - 0 1"}, 1, "", "perft: fen: placement: 0 white kings, want 1"},
		{[]string{"-depth", "3", "-fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1"}, 1, "", "perft: fen: en passant: e3 is not on rank 6"},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		code := run(tt.args, &out, &errOut)
		if code != tt.code {
			t.Errorf("perft %q: exit %d, want %d (stderr %q)", tt.args, code, tt.code, errOut.String())
			continue
		}
		if !strings.Contains(errOut.String(), tt.stderr) {
			t.Errorf("perft %q: stderr %q, want it to contain %q", tt.args, errOut.String(), tt.stderr)
		}
		if tt.code != 0 {
			if out.Len() != 0 {
				t.Errorf("perft %q: failed with output %q", tt.args, out.String())
			}
			continue
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(lines) < 2 || !strings.HasPrefix(lines[len(lines)-1], "nps ") || lines[len(lines)-2]+"\n" != tt.lastLines {
			t.Errorf("perft %q: output\n%s\nwant it to end with %qnps N", tt.args, out.String(), tt.lastLines)
		}
	}
}

func TestDivideOutput(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"-depth", "2", "-divide"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	lines := strings.Split(out.String(), "\n")
	if len(lines) < 20 || lines[0] != "a2a3: 20" || lines[19] != "h2h4: 20" {
		t.Errorf("divide output starts\n%s\nwant 20 moves a2a3 .. h2h4 with 20 nodes each", strings.Join(lines[:min(len(lines), 22)], "\n"))
	}
}
