package polyglot_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
	"github.com/symmagic/attacks/polyglot"
)

// The books polyglot make-book made and python-chess's readings of them
// (testdata/README.md says how they were made).

type bookSpec struct {
	name string
	pgn  string   // from the repository's root
	args []string // make-book's options; nil for a book make-book did not make
	made bool     // make-book made it
}

// specs returns testdata/books.txt's books and the published one.
func specs(t *testing.T) []bookSpec {
	t.Helper()
	f, err := os.Open("testdata/books.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []bookSpec
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) < 2 || len(cols) > 3 {
			t.Fatalf("books.txt: %q: want 2 or 3 columns", line)
		}
		s := bookSpec{name: cols[0], pgn: cols[1], made: true}
		if len(cols) == 3 {
			s.args = strings.Fields(cols[2])
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return append(out, bookSpec{name: "lasker-trap", pgn: "polyglot/testdata/lasker-trap.pgn"})
}

// pgnBytes returns the PGN file at path (from the repository's root), the
// gzipped copy for a file of testdata that is kept gzipped.
func pgnBytes(t testing.TB, path string) []byte {
	t.Helper()
	name := "../" + path
	if strings.HasPrefix(path, "polyglot/testdata/") {
		name = strings.TrimPrefix(path, "polyglot/")
	}
	b, err := os.ReadFile(name)
	if os.IsNotExist(err) {
		b, err = os.ReadFile(name + ".gz")
		if err == nil {
			var zr *gzip.Reader
			if zr, err = gzip.NewReader(bytes.NewReader(b)); err == nil {
				b, err = io.ReadAll(zr)
			}
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// options turns make-book's arguments into Options.
func options(t *testing.T, args []string) polyglot.Options {
	t.Helper()
	var o polyglot.Options
	for i := 0; i < len(args); i++ {
		arg := func() string {
			i++
			if i == len(args) {
				t.Fatalf("option %s: no value", args[i-1])
			}
			return args[i]
		}
		var err error
		switch args[i] {
		case "-max-ply":
			o.MaxPly, err = strconv.Atoi(arg())
		case "-min-game":
			o.MinGame, err = strconv.Atoi(arg())
		case "-min-score":
			o.MinScore, err = strconv.ParseFloat(arg(), 64)
		case "-only-white":
			o.OnlyWhite = true
		case "-only-black":
			o.OnlyBlack = true
		case "-uniform":
			o.Uniform = true
		default:
			t.Fatalf("unknown option %q", args[i])
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return o
}

type reading struct {
	fen     string
	key     uint64
	entries string // "uci:weight:learn ..."
}

// readings returns python-chess's reading of book name: the positions with
// entries, and the number of positions it read.
func readings(t *testing.T, name string) ([]reading, int) {
	t.Helper()
	b := pgnBytes(t, "polyglot/testdata/readings/"+name+".txt")
	var out []reading
	positions := -1
	for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if n, ok := strings.CutPrefix(line, "# positions "); ok {
			var err error
			if positions, err = strconv.Atoi(n); err != nil {
				t.Fatal(err)
			}
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 3 {
			t.Fatalf("reading %s: %q: want 3 columns", name, line)
		}
		key, err := strconv.ParseUint(cols[1], 16, 64)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, reading{cols[0], key, cols[2]})
	}
	if positions < 0 {
		t.Fatalf("reading %s: no positions line", name)
	}
	return out, positions
}

func format(entries []polyglot.Entry) string {
	var sb strings.Builder
	for i, e := range entries {
		if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%v:%d:%d", e.Move, e.Weight, e.Learn)
	}
	return sb.String()
}

// TestReadings reads every book at every position python-chess read it at
// and compares: the key, then the legal entries (move in UCI, weight,
// learn) in book order; the positions with entries are the book's keys,
// every one; and every position of the games, as package pgn reads them,
// that has entries in the book is one python-chess found them at.
func TestReadings(t *testing.T) {
	for _, s := range specs(t) {
		t.Run(s.name, func(t *testing.T) {
			b, err := polyglot.Open("testdata/books/" + s.name + ".bin")
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			if err := b.Check(); err != nil {
				t.Fatal(err)
			}
			keys := map[uint64]bool{}
			for i := int64(0); i < b.Len(); i++ {
				e, err := b.At(i)
				if err != nil {
					t.Fatal(err)
				}
				keys[e.Key] = true
			}
			rs, positions := readings(t, s.name)
			found := map[uint64]bool{}
			for _, r := range rs {
				p, err := movegen.ParseFEN(r.fen)
				if err != nil {
					t.Fatal(err)
				}
				if p.Key() != r.key {
					t.Fatalf("%s: key %#016x, python-chess %#016x", r.fen, p.Key(), r.key)
				}
				entries, skipped, err := b.Find(&p, nil)
				if err != nil {
					t.Fatal(err)
				}
				raw, err := b.Raw(r.key, nil)
				if err != nil {
					t.Fatal(err)
				}
				if got := format(entries); got != r.entries {
					t.Errorf("%s:\n got %s\nwant %s", r.fen, got, r.entries)
				}
				if want := len(raw) - len(strings.Fields(r.entries)); skipped != want {
					t.Errorf("%s: %d skipped, python-chess passed over %d", r.fen, skipped, want)
				}
				if !keys[r.key] {
					t.Errorf("%s: python-chess finds entries of %#016x, not a key of the book", r.fen, r.key)
				}
				found[r.key] = true
			}
			for k := range keys {
				if !found[k] {
					t.Errorf("key %#016x of the book: python-chess read it at no position", k)
				}
			}
			// Every position of the games, through a book in memory.
			data, err := os.ReadFile("testdata/books/" + s.name + ".bin")
			if err != nil {
				t.Fatal(err)
			}
			mb, err := polyglot.NewBook(bytes.NewReader(data), int64(len(data)))
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			seen := map[uint64]bool{}
			forPositions(t, pgnBytes(t, s.pgn), func(p *movegen.Position) {
				if seen[p.Key()] {
					return
				}
				seen[p.Key()] = true
				n++
				var buf [64]polyglot.Entry
				entries, _, err := mb.Find(p, buf[:0])
				if err != nil {
					t.Fatal(err)
				}
				if len(entries) > 0 && !found[p.Key()] {
					t.Errorf("%s: entries %s, python-chess found none", p.FEN(), format(entries))
				}
			})
			t.Logf("%d entries, %d positions with entries; %d positions read here, %d by python-chess", b.Len(), len(keys), n, positions)
		})
	}
}

// forPositions calls f with every position of the main lines of the
// games of a PGN file, the start included, passing over games Read
// reports broken.
func forPositions(t testing.TB, file []byte, f func(*movegen.Position)) {
	r := pgn.NewReader(bytes.NewReader(file))
	r.SkipVariations = true
	var g pgn.Game
	var buf []movegen.Move
	for {
		err := r.Read(&g)
		if err == io.EOF {
			return
		}
		if err != nil {
			continue
		}
		p := g.Start()
		f(&p)
		buf = g.Mainline(buf[:0])
		for _, m := range buf {
			p.PlayUnchecked(m)
			f(&p)
		}
	}
}

// TestMakeLikeMakeBook makes each book make-book made, from the same PGN
// file with the same options, and compares the bytes.
func TestMakeLikeMakeBook(t *testing.T) {
	for _, s := range specs(t) {
		if !s.made {
			continue
		}
		t.Run(s.name, func(t *testing.T) {
			want, err := os.ReadFile("testdata/books/" + s.name + ".bin")
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if _, err := polyglot.Make(bytes.NewReader(pgnBytes(t, s.pgn)), &got, options(t, s.args)); err != nil {
				t.Fatal(err)
			}
			if bytes.Equal(got.Bytes(), want) {
				return
			}
			g, w := got.Bytes(), want
			for i := 0; i < len(g) && i < len(w); i += polyglot.EntrySize {
				if !bytes.Equal(g[i:i+polyglot.EntrySize], w[i:i+polyglot.EntrySize]) {
					t.Fatalf("%d bytes, make-book's %d; first difference in entry %d:\n got % x\nwant % x", len(g), len(w), i/polyglot.EntrySize, g[i:i+polyglot.EntrySize], w[i:i+polyglot.EntrySize])
				}
			}
			t.Fatalf("%d bytes, make-book's %d, equal as far as both go", len(g), len(w))
		})
	}
}
