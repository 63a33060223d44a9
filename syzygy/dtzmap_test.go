package syzygy

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/symmagic/attacks/internal/syzygydata"
)

// offsetIn returns the offset of the sub-slice s of data.
func offsetIn(data, s []byte) int { return cap(data) - cap(s) }

// TestDTZ16BitMaps rewrites a pawnless DTZ file whose values go through
// 8-bit maps into the same table with 16-bit maps (flags bit 4: the maps'
// lengths and entries 16-bit, the section aligned to an even offset), as
// the generator writes the larger tables, none of which is among the
// test tables, and checks that it probes the same as the original on a
// sample of positions.
func TestDTZ16BitMaps(t *testing.T) {
	tb := openTB(t)
	var e *entry
	var orig *table
	for _, name := range tb.Tables() {
		key, _ := parseName(name)
		if c := tb.entries[key]; !c.hasPawns && c.path[dtzKind] != "" {
			tab, err := tb.table(c, dtzKind)
			if err != nil {
				t.Fatal(err)
			}
			if tab.dtzFlags[0]&0x82 == 2 {
				e, orig = c, tab
				break
			}
		}
	}
	if e == nil {
		t.Fatal("no pawnless DTZ table with mapped values among the test tables")
	}
	data, p := orig.data, orig.ei[0].pairs
	mapStart := orig.mapOff[0][0] - 1
	header := 5 + 1 + e.pieces // the stream's header, after the piece list
	header += header & 1
	var out []byte
	out = append(out, data[:mapStart]...)
	out[header] |= 16
	if len(out)&1 != 0 {
		out = append(out, 0)
	}
	for i := 0; i < 4; i++ {
		n := orig.mapLen[0][i]
		out = binary.LittleEndian.AppendUint16(out, uint16(n))
		for j := 0; j < n; j++ {
			out = binary.LittleEndian.AppendUint16(out, uint16(data[orig.mapOff[0][i]+j]))
		}
	}
	idx, sizesEnd := offsetIn(data, p.index), offsetIn(data, p.sizes)+len(p.sizes)
	out = append(out, data[idx:sizesEnd]...)
	for len(out)%64 != 0 {
		out = append(out, 0)
	}
	out = append(out, data[offsetIn(data, p.data):]...)

	dir := copyTables(t, e.name+".rtbw", "KQvK.rtbw", "KQvK.rtbz")
	if err := os.WriteFile(filepath.Join(dir, e.name+".rtbz"), out, 0o644); err != nil {
		t.Fatal(err)
	}
	tb16, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb16.Close()
	ps, err := syzygydata.Sample(e.name, 2000, 1)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i := range ps {
		want, err := tb.ProbeDTZ(&ps[i])
		if err != nil {
			t.Fatal(err)
		}
		got, err := tb16.ProbeDTZ(&ps[i])
		if _, missing := err.(*MissingTableError); missing {
			continue // a capture into another table, not copied
		}
		if err != nil || got != want {
			t.Fatalf("%s: %v, %v with 16-bit maps; %v with 8-bit", ps[i].FEN(), got, err, want)
		}
		checked++
	}
	if t16, _ := tb16.table(tb16.entries[e.key], dtzKind); t16.dtzFlags[0]&16 == 0 || checked < 500 {
		t.Errorf("%s: flags %#x, %d positions checked", e.name, t16.dtzFlags[0], checked)
	}
	t.Logf("%s: %d positions", e.name, checked)
}

// TestDTZValueMaps checks how a stored DTZ value becomes plies, for every
// combination of flags the generator writes, on a table whose stream
// always gives value 0 and whose maps the test writes: the map of the
// position's result (win, loss, cursed win, blessed loss), 8- or 16-bit,
// and the value doubled (and rounded) unless the flags say the result's
// values are in plies (bit 2 for a win, bit 3 for a loss; never for cursed
// wins and blessed losses).
func TestDTZValueMaps(t *testing.T) {
	tb := openTB(t)
	key, _ := parseName("KQvK")
	real, err := tb.table(tb.entries[key], dtzKind)
	if err != nil {
		t.Fatal(err)
	}
	p := mustFEN(t, "8/8/8/8/8/1k6/8/K3Q3 w - - 0 1")
	pb := mustFEN(t, "8/8/8/8/8/1k6/8/K3Q3 b - - 0 1")
	for _, flags := range []uint8{2, 2 | 4, 2 | 8, 2 | 4 | 8, 2 | 16, 2 | 16 | 4 | 8} {
		for side := uint8(0); side < 2; side++ {
			fake := *real
			fake.ei[0].pairs = &pairs{constant: true}
			fake.dtzFlags[0] = flags | side
			// Map m's one entry is 10*(m+1): win 10, loss 20, cursed 30, blessed 40.
			fake.data = nil
			for m := 0; m < 4; m++ {
				if flags&16 == 0 {
					fake.mapOff[0][m] = len(fake.data)
					fake.data = append(fake.data, byte(10*(m+1)))
				} else {
					fake.mapOff[0][m] = len(fake.data)
					fake.data = binary.LittleEndian.AppendUint16(fake.data, uint16(1000*(m+1)))
				}
				fake.mapLen[0][m] = 1
			}
			pos := &p
			if side == 1 {
				pos = &pb
			}
			for wdl, m := range map[int]int{2: 0, -2: 1, 1: 2, -1: 3} {
				tbf := &Tablebase{entries: map[material]*entry{}}
				e := newEntry("KQvK", key)
				e.path = tb.entries[key].path
				tbf.entries[key], tbf.entries[key.mirror()] = e, e
				e.lazy[dtzKind].t.Store(&fake)
				d, stored, err := tbf.probeDTZTable(pos, wdl)
				if err != nil || !stored {
					t.Fatalf("flags %#x: %v, %v", flags, stored, err)
				}
				v := 10 * (m + 1)
				if flags&16 != 0 {
					v = 1000 * (m + 1)
				}
				exact := wdl == 2 && flags&4 != 0 || wdl == -2 && flags&8 != 0
				want := DTZ{2 * v, true}
				if exact {
					want = DTZ{Plies: v}
				}
				if d != want {
					t.Errorf("flags %#x, WDL %d: %v, want %v", flags|side, wdl, d, want)
				}
			}
			// The other side to move is not stored.
			other := &pb
			if side == 1 {
				other = &p
			}
			tbf := &Tablebase{entries: map[material]*entry{}}
			e := newEntry("KQvK", key)
			tbf.entries[key], tbf.entries[key.mirror()] = e, e
			e.lazy[dtzKind].t.Store(&fake)
			if _, stored, err := tbf.probeDTZTable(other, 2); stored || err != nil {
				t.Errorf("flags %#x: the side not stored: %v, %v", flags|side, stored, err)
			}
		}
	}
}
