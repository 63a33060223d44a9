package syzygy

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/symmagic/attacks/internal/syzygydata"
	"github.com/symmagic/attacks/movegen"
)

// fuzzFiles are the table files FuzzTable corrupts: each kind of index and
// stream (a pawnless WDL file of three leading pieces, a DTZ file of
// mapped values, two kings leading, pawns of one side and of both).
var fuzzFiles = []string{"KQvK.rtbw", "KQvK.rtbz", "KRvKR.rtbz", "KPvK.rtbw", "KPvK.rtbz", "KNNvK.rtbw"}

// FuzzTable feeds a corrupted table file to the probes: a file from
// fuzzFiles (which), its bytes replaced by data, stands for that table in
// a tablebase of the test tables, and positions of its material are
// probed. Whatever the bytes, the probes must return a value or an error,
// never panic or hang. The seeds are the files themselves, and each with
// its end cut off.
//
//	go test ./syzygy -run '^$' -fuzz FuzzTable -fuzztime 1m
func FuzzTable(f *testing.F) {
	for i, name := range fuzzFiles {
		b, err := os.ReadFile(filepath.Join(testdata, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), b)
		f.Add(uint8(i), b[:len(b)/2])
	}
	positions := map[string][]movegen.Position{}
	for _, file := range fuzzFiles {
		name := file[:len(file)-5]
		ps, err := syzygydata.Sample(name, 12, syzygydata.SampleSeed(name))
		if err != nil {
			f.Fatal(err)
		}
		positions[name] = ps
	}
	// The other tables are read once, from the test tables; each input
	// gets a tablebase of its own whose fuzzed table is the input.
	base, err := Open(testdata)
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { base.Close() })
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		file := fuzzFiles[int(which)%len(fuzzFiles)]
		name, kind := file[:len(file)-5], wdlKind
		if file[len(file)-1] == 'z' {
			kind = dtzKind
		}
		key, _ := parseName(name)
		tb := &Tablebase{entries: map[material]*entry{}, names: base.names, maxPieces: base.maxPieces}
		for k, e := range base.entries {
			tb.entries[k] = e
		}
		e := newEntry(name, key)
		e.path, e.size = base.entries[key].path, base.entries[key].size
		tb.entries[key], tb.entries[key.mirror()] = e, e
		table, err := parseTable(data, e, kind)
		if err != nil {
			return
		}
		table.release = func() error { return nil }
		e.lazy[kind].t.Store(table)
		// The probes map the entry's other file from the test tables:
		// unmapped after the input, so that the inputs do not use up the
		// system's mappings.
		defer func() {
			if other := e.lazy[1-kind].t.Swap(nil); other != nil {
				other.release()
			}
		}()
		for _, p := range positions[name] {
			tb.ProbeWDL(&p)
			tb.ProbeDTZ(&p)
			tb.RootMoves(&p, nil)
		}
	})
}
