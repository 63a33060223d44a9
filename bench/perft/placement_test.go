package perft

import (
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// TestPadSource checks that the padding's file in the package is PadSource's
// of padding 0.
func TestPadSource(t *testing.T) {
	want, err := PadSource(0)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("pad/pad_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("pad/pad_amd64.s is not PadSource(0)")
	}
	if _, err := PadSource(-1); err == nil {
		t.Errorf("Source(-1): no error")
	}
}

// TestPadded builds black magic's worker at paddings 0 and 48: the padding
// moves every hot function of the generator by 48 bytes, sizes unchanged,
// and both builds count the start position's perft right; the default
// build has no Pad.
func TestPadded(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("padded builds are amd64's")
	}
	ps := []Padded{{ModeBlack, 0, 16}, {ModeBlack, 48, 16}}
	pool, err := NewPaddedPool(DefaultBuild, ps, false)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	var fs [2][]Func
	for i, p := range ps {
		nodes, err := pool.Worker(p.Name()).Perft([]string{movegen.StartFEN, movegen.StartFEN}, []int{3, 4})
		if err != nil {
			t.Fatal(err)
		}
		if nodes[0] != 8902 || nodes[1] != 197281 {
			t.Errorf("%s: perft 3 and 4 of the start position %v, want 8902 and 197281", p.Name(), nodes)
		}
		if fs[i], err = Funcs(pool.Path(p.Name()), HotFuncs); err != nil {
			t.Fatal(err)
		}
	}
	at := map[string]Func{}
	for _, f := range fs[0] {
		at[f.Name] = f
	}
	var perft, pads int
	for _, f := range fs[1] {
		g, ok := at[f.Name]
		switch {
		case !ok:
			t.Errorf("%s: in padding 48's build alone", f.Name)
		case strings.HasSuffix(f.Name, "pad.Pad"):
			pads++
			if f.Size != PadBase+48 || g.Size != PadBase {
				t.Errorf("Pad: %d and %d bytes, want %d and %d", g.Size, f.Size, PadBase, PadBase+48)
			}
		case f.Addr-g.Addr != 48 || f.Size != g.Size:
			t.Errorf("%s: at %#x, %d bytes; at padding 0 %#x, %d bytes: want moved by 48, the same size", f.Name, f.Addr, f.Size, g.Addr, g.Size)
		}
		if f.Name == "movegen.perft" {
			perft++
		}
	}
	if perft != 1 || pads != 1 || len(fs[1]) != len(fs[0]) || len(fs[0]) < 3 {
		t.Errorf("hot functions %v and %v: want movegen.perft and Pad once each, the same functions", fs[0], fs[1])
	}
	// The other builds do not link package pad: their code lies as it did.
	bin, err := BuildWorker(DefaultBuild, ModeBlack, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if fs, err := Funcs(bin, nil); err != nil || len(fs) != 0 {
		t.Errorf("black's default build: %v, %v; want no Pad", fs, err)
	}
	for _, p := range []Padded{{ModeBlack, 8, 16}, {ModeBlack, 0, 3}, {ModeBlack, 0, 128}, {"nosuch", 0, 16}} {
		if _, err := PaddedOverlay(p, t.TempDir()); err == nil {
			t.Errorf("%+v: no error", p)
		}
	}
}
