package magic

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Check checks what Build promises of the layout beyond Verify's exhaustive
// check of every table, and that Verify itself can fail: rook tables shared
// by rotation in all 16 W classes and bishop tables by all eight symmetries
// in all 10, each at the mask's width or with a note saying why not; the
// drop-in's tables as Build lays them out (checkStd); and Verify rejecting
// a layout corrupted in each way it promises to catch (an attack set, a
// magic, a W magic with junk above its key, a standard-layout magic, a cut
// rook table one entry short or long, keys naming other attack sets, and
// the bounds of verifyBounds). Each corruption is undone before the next,
// so l is as it was when Check returns. The generator runs it before it
// writes (go generate), so a layout that breaks a promise is never written;
// TestBuild runs it after the same search.
func (l *Layout) Check() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if len(l.RookClasses) != 16 || len(l.BishopClasses) != 10 {
		return fmt.Errorf("%d rook and %d bishop classes, want 16 and 10", len(l.RookClasses), len(l.BishopClasses))
	}
	for _, tb := range append(slices.Clone(l.RookClasses), l.BishopClasses...) {
		w := bits.OnesCount64(Mask(tb.Piece, tb.Rep))
		if (tb.Bits > w) != (tb.Note != "") {
			bad("%s: %d-bit key for a %d-bit mask, note %q", tb.Name(), tb.Bits, w, tb.Note)
		}
	}
	l.checkStd(bad)
	if err := l.Verify(); err != nil {
		return errors.Join(append(errs, err)...)
	}
	l.Attack[100] ^= 1 << 20
	if l.Verify() == nil {
		bad("Layout.Verify accepts a corrupted attack set")
	}
	l.Attack[100] ^= 1 << 20
	l.Rook[9].Magic++
	if l.Verify() == nil {
		bad("Layout.Verify accepts a corrupted magic")
	}
	l.Rook[9].Magic--
	// A W magic that leaves junk above the key: a term of the lowest mask
	// bit that lands on bit 63 sends every occupancy holding that bit to a
	// key at least 1<<11, past a table of at most 11 bits.
	d4 := &l.Rook[27]
	if d4.Bits > 11 {
		return errors.Join(append(errs, fmt.Errorf("rook d4's W table has %d-bit keys: no room to show junk", d4.Bits))...)
	}
	m := d4.Magic
	d4.Magic |= 1 << (63 - bits.TrailingZeros64(d4.Mask))
	if err := l.Verify(); err == nil || !strings.Contains(err.Error(), "outside its") {
		bad("Layout.Verify on a W magic with junk above the key: %v, want a key outside its table", err)
	}
	d4.Magic = m
	for _, prm := range []*Param{&l.StdRook[9], &l.StdBishop[20]} {
		m := prm.Magic
		prm.Magic = 0 // every occupancy to key 0
		if l.Verify() == nil {
			bad("Layout.Verify accepts a corrupted standard-layout magic")
		}
		prm.Magic = m
	}
	// A drop-in rook table cut at its highest key: one entry shorter and
	// that key is outside; one longer and the size is not the table's.
	for sq := range l.StdRook {
		if prm := &l.StdRook[sq]; prm.Size < 1<<prm.Bits {
			for _, d := range []int32{-1, 1} {
				prm.Size = uint32(int32(prm.Size) + d)
				if l.Verify() == nil {
					bad("Layout.Verify accepts rook %s's %d-bit table cut at %d entries", SquareName(sq), prm.Bits, prm.Size)
				}
				prm.Size = uint32(int32(prm.Size) - d)
			}
			break
		}
	}
	l.StdBishop[20].AttackBase++
	if l.Verify() == nil {
		bad("Layout.Verify accepts standard-layout keys naming other attack sets than the W keys")
	}
	l.StdBishop[20].AttackBase--
	if err := l.verifyBounds(bad); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// checkStd checks the drop-in's tables as Build promises them: every square
// in exactly one table, each table's squares in one W class with their W
// frames (so both name the same attack sets), keys that leave no junk from
// the mask's width to the window's (rook tables at the window's cut at
// their highest key), and the sharing stdGroups allows: none for rooks,
// every bishop class but d4's sharing some table.
func (l *Layout) checkStd(bad func(string, ...any)) {
	rookBytes := 0
	for _, p := range []Piece{Rook, Bishop} {
		ts := l.StdRookClasses
		if p == Bishop {
			ts = l.StdBishopClasses
		}
		seen := uint64(0)
		shared := map[int]bool{}
		for _, tb := range ts {
			w, _ := l.ClassOf(p, tb.Squares[0])
			for i, sq := range tb.Squares {
				if seen&(1<<sq) != 0 {
					bad("%s: %s is in two tables", tb.Name(), SquareName(sq))
				}
				seen |= 1 << sq
				wt, k := l.ClassOf(p, sq)
				if wt != w || tb.Keys[i].Frame != k.Frame || tb.Rep != w.Rep {
					bad("%s: %s is keyed in another class or frame than its W class %s", tb.Name(), SquareName(sq), w.Name())
				}
			}
			width := bits.OnesCount64(Mask(p, tb.Squares[0]))
			if tb.Bits < width || tb.Bits > Window(p) || !tb.NoJunk || (tb.Bits > width) != (tb.Note != "") {
				bad("%s: %d-bit keys for a %d-bit mask, searched without junk: %v, note %q", tb.Name(), tb.Bits, width, tb.NoJunk, tb.Note)
			}
			// A rook table at the window's width ends at its highest key.
			if short := p == Rook && tb.Bits == RookWindow; tb.Short != short || !short && len(tb.Index) != 1<<tb.Bits {
				bad("%s: %d-bit keys, %d entries, cut at the highest key: %v", tb.Name(), tb.Bits, len(tb.Index), tb.Short)
			}
			if p == Rook {
				rookBytes += len(tb.Index)
			}
			if len(tb.Squares) > 1 {
				shared[w.Rep] = true
			}
		}
		if seen != ^uint64(0) {
			bad("%v: squares %#x have no standard-layout table", p, ^seen)
		}
		if p == Rook && len(shared) != 0 || p == Bishop && len(shared) != 9 {
			bad("%v: tables shared in %d W classes", p, len(shared))
		}
	}
	// The drop-in's budget (at most 200,000 bytes in all): rook index
	// tables at most 140,000 bytes, against 102,400 at the mask's width
	// with a key mask; bishops' 5,632 as before.
	if rookBytes > 140_000 || len(l.StdIndex)-rookBytes != 5632 {
		bad("standard-layout index tables take %d bytes for rooks (at most 140,000) and %d for bishops (5,632)", rookBytes, len(l.StdIndex)-rookBytes)
	}
}

// verifyBounds corrupts the layout where only Verify's bounds checks can
// see it: a byte at a key no occupancy reaches (the kernels never read it,
// but Verify promises that every byte stays inside its square's attack
// sets), the last key of a table if that one is unreached, and an index
// table or a square's attack sets that run one entry past the end of their
// array. It returns an error when the layout has no such place to corrupt.
func (l *Layout) verifyBounds(bad func(string, ...any)) error {
	tb, _ := l.ClassOf(Rook, 4) // e1's class: 12-bit keys for 11-bit masks
	prm := l.Rook[4]
	reached := make([]bool, 1<<prm.Bits)
	for _, k := range tb.Keys {
		for _, occ := range Subsets(Mask(Rook, k.Square)) {
			reached[l.Rook[k.Square].Key(ToW(occ))] = true
		}
	}
	corrupted := 0
	for _, key := range []int{slices.Index(reached, false), 1<<prm.Bits - 1} {
		if key < 0 || reached[key] {
			continue
		}
		at := int(prm.IndexBase) + key
		old := l.Index[at]
		l.Index[at] = byte(len(tb.Sets))
		if l.Verify() == nil {
			bad("Layout.Verify accepts byte %d, one past e1's attack sets, at the unreached key %d", len(tb.Sets), key)
		}
		l.Index[at] = old
		corrupted++
	}
	if corrupted == 0 {
		return errors.New("every key of e1's 12-bit table is reached: no unreached byte to corrupt")
	}
	end := func(p *Param) int { return int(p.IndexBase) + int(p.Size) }
	last := &l.Rook[0]
	for _, p := range []*[64]Param{&l.Rook, &l.Bishop} {
		for sq := range p {
			if end(&p[sq]) > end(last) {
				last = &p[sq]
			}
		}
	}
	if end(last) != len(l.Index) {
		return fmt.Errorf("the last index table ends at %d of %d entries", end(last), len(l.Index))
	}
	last.IndexBase++
	if l.Verify() == nil {
		bad("Layout.Verify accepts an index table that runs past the end of the index array")
	}
	last.IndexBase--
	// Attack sets in square order, rooks first: bishop h8's end the array.
	h8 := &l.Bishop[63]
	if t8, _ := l.ClassOf(Bishop, 63); int(h8.AttackBase)+len(t8.Sets) != len(l.Attack) {
		return fmt.Errorf("bishop h8's attack sets end at %d of %d", int(h8.AttackBase)+len(t8.Sets), len(l.Attack))
	}
	h8.AttackBase++
	if l.Verify() == nil {
		bad("Layout.Verify accepts attack sets that run past the end of the attack array")
	}
	h8.AttackBase--
	return nil
}
