package main

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/symmagic/attacks/internal/magic"
)

// asTable turns a quadruple of layout magics (key = bits 52..62 of the
// product) into a magic.Table (key = the product's top 11 bits, so the
// magic doubles) and fills its index, for the package's exhaustive verifier.
func asTable(t *testing.T, cl *class, ms []uint64) *magic.Table {
	tb := &magic.Table{Class: cl.c, Bits: keyBits, Sets: magic.AttackSets(magic.Rook, cl.c.Rep)}
	tb.Index = make([]byte, 1<<keyBits)
	for i, m := range ms {
		k := magic.SquareKey{Square: cl.c.Squares[i], Frame: cl.frames[i], Mask: cl.maskW[i], Magic: m << 1, Shift: 64 - keyBits}
		tb.Keys = append(tb.Keys, k)
		for n, w := range cl.occW[i] {
			if got := k.Key(w); got != w*m>>shift&keyMask {
				t.Fatalf("%s: table key %d, layout key %d", magic.SquareName(k.Square), got, w*m>>shift&keyMask)
			}
			tb.Index[k.Key(w)] = cl.bytes[n]
		}
	}
	return tb
}

// The digits stage finds shared 11-bit tables where they are known to exist
// (rook d1's class, which the layout shares at 11 bits), and each one it
// reports passes the package's exhaustive verifier.
func TestDigitsFindsD1(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode: enumerates 8M quadruples (a few seconds)")
	}
	o := &output{w: io.Discard}
	cl := newClass(3)
	if n := stageDigits(o, cl, 15, 26, 0, 1); n == 0 || len(o.found) != n {
		t.Fatalf("d1 class: %d quadruples, %d reported", n, len(o.found))
	}
	for _, ms := range o.found[:min(len(o.found), 5)] {
		if err := asTable(t, cl, ms).Verify(); err != nil {
			t.Fatal(err)
		}
	}
}

// The same family holds none for e1's class (the documented result at k=15).
func TestDigitsE1None(t *testing.T) {
	if n := stageDigits(&output{w: io.Discard}, newClass(4), 15, 26, 0, 1); n != 0 {
		t.Fatalf("e1 class: %d quadruples at k=15", n)
	}
}

// TestRun runs every stage through the command line with small
// parameters, and the command line's errors.
func TestRun(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // a line the stage prints
	}{
		{[]string{"-class", "d1", "-stage", "pext"}, "FOUND rook d1/rot: d1=0x0040020020012002"},
		{[]string{"-class", "d1", "-stage", "pool", "-pool", "20", "-tries", "20000"}, "pool combine: tables reached by the first d squares"},
		{[]string{"-class", "d1", "-stage", "anneal", "-steps", "2000", "-restarts", "1"}, "anneal restart 0: 2000 steps"},
		{[]string{"-class", "d1", "-stage", "derive", "-tries", "20000", "-steps", "2000"}, "derive: 20000 random magics"},
		{[]string{"-class", "e1", "-stage", "digits", "-kmin", "15", "-kmax", "15"}, "digits k=15: all 131072 assignments; consistent for the first d squares: [131072 0 0 0 0]"},
		{[]string{"-class", "d1", "-stage", "regroup", "-maxfree", "0", "-tries", "10"}, "regroup {d1 d8 a4 h5 } 0 found"},
		{[]string{"-class", "d1", "-stage", "subsets", "-maxfree", "0", "-tries", "10"}, "subset {d1 a5 e8 } 0 found"},
		{[]string{"-class", "d1", "-stage", "used"}, "used: rook d1/rot 11-bit table"},
		{[]string{"-stage", "sym"}, "sym: index 17408 bytes, attack 8288 bytes, params 480 bytes"},
	} {
		var stdout, stderr strings.Builder
		if err := run(tc.args, &stdout, &stderr); err != nil {
			t.Errorf("%v: %v", tc.args, err)
			continue
		}
		if !strings.Contains(stdout.String(), "\n"+tc.want) || !strings.Contains(stdout.String(), "\nelapsed ") {
			t.Errorf("%v: no line %q and elapsed in\n%s", tc.args, tc.want, stdout.String())
		}
	}

	var stdout, stderr strings.Builder
	if err := run([]string{"-h"}, &stdout, &stderr); err != nil || exitCode(err, io.Discard) != 0 || !strings.Contains(stderr.String(), "-stage") {
		t.Errorf("-h: %v, usage %q", err, stderr.String())
	}
	for _, args := range [][]string{{"-bogus"}, {"-class", "a1"}, {"-stage", "none"}, {"extra"}} {
		err := run(args, io.Discard, io.Discard)
		if code := exitCode(err, io.Discard); code != 2 {
			t.Errorf("%v: exit status %d (%v), want 2", args, code, err)
		}
	}
	var msg strings.Builder
	if code := exitCode(errors.New("search failed"), &msg); code != 1 || msg.String() != "edge11: search failed\n" {
		t.Errorf("a failure: exit status %d, message %q", code, msg.String())
	}
}
