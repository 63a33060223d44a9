package main

import (
	"testing"

	"github.com/symmagic/attacks/magic"
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
	found = nil
	cl := newClass(3)
	if n := stageDigits(cl, 15, 26, 0, 1); n == 0 || len(found) != n {
		t.Fatalf("d1 class: %d quadruples, %d reported", n, len(found))
	}
	for _, ms := range found[:min(len(found), 5)] {
		if err := asTable(t, cl, ms).Verify(); err != nil {
			t.Fatal(err)
		}
	}
}

// The same family holds none for e1's class (the documented result at k=15).
func TestDigitsE1None(t *testing.T) {
	found = nil
	if n := stageDigits(newClass(4), 15, 26, 0, 1); n != 0 {
		t.Fatalf("e1 class: %d quadruples at k=15", n)
	}
}
