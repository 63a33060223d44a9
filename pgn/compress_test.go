package pgn_test

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/symmagic/attacks/pgn"
)

// The plain files the compressed test inputs hold: testdata/compress's
// files were made from them by the commands in its README.md.
const (
	fischerFile  = "testdata/pgnextract__fischer.pgn"
	multipleFile = "testdata/disservin__multiple.pgn" // no line break at its end, no byte-order mark
)

func gzipOf(t testing.TB, text []byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(text)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func zstdOf(t testing.TB, text []byte, opts ...zstd.EOption) []byte {
	enc, err := zstd.NewWriter(nil, opts...)
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	return enc.EncodeAll(text, nil)
}

type zipMember struct {
	name   string
	text   []byte
	method uint16
}

func zipOf(t testing.TB, members ...zipMember) []byte {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, m := range members {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: m.name, Method: m.method})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(m.text)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func readFile(t testing.TB, path string) []byte {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// gamesOf reads r's games: each game's text as written, or its error's;
// every error must be a *pgn.Error.
func gamesOf(t testing.TB, r io.Reader) []string {
	t.Helper()
	pr := pgn.NewReader(r)
	var out []string
	var g pgn.Game
	for i := 0; ; i++ {
		err := pr.Read(&g)
		if err == io.EOF {
			return out
		}
		if err != nil {
			var pe *pgn.Error
			if !errors.As(err, &pe) {
				t.Fatalf("game %d: %v is a %T, want a *pgn.Error", i+1, err, err)
			}
			out = append(out, "error: "+err.Error())
			continue
		}
		if i > 1e6 {
			t.Fatal("Read does not end")
		}
		out = append(out, g.String())
	}
}

// decompressCase is an input and the text it holds.
type decompressCase struct {
	name   string // a file name, with its format's extension
	data   []byte
	format pgn.Format
	want   []byte
}

func decompressCases(t *testing.T) []decompressCase {
	a, b := readFile(t, fischerFile), readFile(t, multipleFile)
	lichess := readTestFile(t, "testdata/corentings__lichess-big.pgn.gz")
	ab := append(append([]byte{}, a...), b...)
	bom := append([]byte("\xef\xbb\xbf"), b...)
	cases := []decompressCase{
		{"plain.pgn", a, pgn.FormatPlain, a},
		{"bom.pgn", bom, pgn.FormatPlain, bom},
		{"empty.pgn", nil, pgn.FormatPlain, nil},
		{"short.pgn", []byte("*"), pgn.FormatPlain, []byte("*")},
		{"go.pgn.gz", gzipOf(t, a), pgn.FormatGzip, a},
		{"lichess.pgn.gz", readFile(t, "testdata/corentings__lichess-big.pgn.gz"), pgn.FormatGzip, lichess},
		{"concatenated.pgn.gz", append(gzipOf(t, a), gzipOf(t, b)...), pgn.FormatGzip, ab},
		{"go.pgn.zst", zstdOf(t, a), pgn.FormatZstd, a},
		{"lichess.pgn.zst", zstdOf(t, lichess[:1<<20]), pgn.FormatZstd, lichess[:1<<20]},
		{"frames.pgn.zst", append(zstdOf(t, a), zstdOf(t, b)...), pgn.FormatZstd, ab},
		{"long27.pgn.zst", readFile(t, "testdata/compress/fischer-long27.pgn.zst"), pgn.FormatZstd, a},
		{"two-frames.pgn.zst", readFile(t, "testdata/compress/two-frames.pgn.zst"), pgn.FormatZstd, ab},
		{"pzstd.pgn.zst", readFile(t, "testdata/compress/fischer-pzstd.pgn.zst"), pgn.FormatZstd, a},
		{"fischer.pgn.bz2", readFile(t, "testdata/compress/fischer.pgn.bz2"), pgn.FormatBzip2, a},
		{"two-streams.pgn.bz2", readFile(t, "testdata/compress/two-streams.pgn.bz2"), pgn.FormatBzip2, ab},
		// A zip archive: its .pgn members in order (any case of the
		// extension), the others passed over, a line break after a member
		// without one, the byte-order mark of a later member dropped.
		{"twic.zip", zipOf(t,
			zipMember{"read me.txt", []byte("not a game"), zip.Deflate},
			zipMember{"a.pgn", a, zip.Deflate},
			zipMember{"dir/", nil, zip.Store},
			zipMember{"b.PGN", bom, zip.Store},
			zipMember{"dir/a.pgn", a, zip.Deflate},
		), pgn.FormatZip, append(append(append([]byte{}, ab...), '\n'), a...)},
	}
	return cases
}

// TestDecompress reads every format, made by the test (gzip, zstd, zip)
// or by the command-line tools (testdata/compress: zstd --long=27, zstd
// frames concatenated, pzstd's skippable frame as lichess.org's files
// have it, bzip2 and two bzip2 streams): Open, NewDecompressor of an
// io.ReaderAt, of a plain io.Reader (zip aside) and on the caller's
// goroutine give the bytes the input holds, and a Reader reads the same
// games from Open's File as from the plain text.
func TestDecompress(t *testing.T) {
	dir := t.TempDir()
	for _, c := range decompressCases(t) {
		if testing.Short() && strings.HasPrefix(c.name, "lichess") {
			continue // -short: the small files alone
		}
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, c.data, 0o666); err != nil {
			t.Fatal(err)
		}
		wantGames := gamesOf(t, bytes.NewReader(c.want))
		opens := []struct {
			how  string
			open func() (*pgn.File, error)
		}{
			{"Open", func() (*pgn.File, error) { return pgn.Open(path) }},
			{"NewDecompressor(*bytes.Reader)", func() (*pgn.File, error) { return pgn.NewDecompressor(bytes.NewReader(c.data)) }},
			{"without the goroutine", func() (*pgn.File, error) { return pgn.NewDecompressorSync(bytes.NewReader(c.data)) }},
		}
		if c.format != pgn.FormatZip {
			opens = append(opens, struct {
				how  string
				open func() (*pgn.File, error)
			}{"NewDecompressor(io.Reader)", func() (*pgn.File, error) {
				return pgn.NewDecompressor(io.MultiReader(bytes.NewReader(c.data)))
			}})
		}
		for _, o := range opens {
			if c.name == "long27.pgn.zst" && o.how != "Open" {
				continue // its 128 MiB window costs 129 MB, cleared, each time: once is enough
			}
			f, err := o.open()
			if err != nil {
				t.Errorf("%s, %s: %v", c.name, o.how, err)
				continue
			}
			if f.Format() != c.format {
				t.Errorf("%s, %s: format %v, want %v", c.name, o.how, f.Format(), c.format)
			}
			got, err := io.ReadAll(f)
			if err != nil || !bytes.Equal(got, c.want) {
				t.Errorf("%s, %s: %d bytes, %v; want the %d bytes it holds", c.name, o.how, len(got), err, len(c.want))
			}
			if err := f.Close(); err != nil {
				t.Errorf("%s, %s: Close: %v", c.name, o.how, err)
			}
			if o.how != "Open" {
				continue // the same bytes: the same games
			}
			f, err = o.open()
			if err != nil {
				t.Fatal(err)
			}
			if games := gamesOf(t, f); fmt.Sprint(games) != fmt.Sprint(wantGames) || len(c.want) > 100 && len(games) == 0 {
				t.Errorf("%s, %s: the Reader reads %d games, the plain text %d, not the same", c.name, o.how, len(games), len(wantGames))
			}
			f.Close()
		}
	}
}

// TestDecompressErrors checks each format's broken inputs: the input's
// error after the games before it, through the Reader as its "reading
// the input" error (a *pgn.Error of the game and line where the input
// broke, wrapping the File's *pgn.Error that names the format and the
// problem, wrapping the decompressor's error), then io.EOF; and the
// inputs refused at once.
func TestDecompressErrors(t *testing.T) {
	lichess := readTestFile(t, "testdata/corentings__lichess-big.pgn.gz")[:1<<20]
	if testing.Short() {
		lichess = lichess[:300000]
	}
	plainGames := gamesOf(t, bytes.NewReader(lichess))
	bz2 := readFile(t, "testdata/compress/two-streams.pgn.bz2")
	twoGames := gamesOf(t, bytes.NewReader(append(readFile(t, fischerFile), readFile(t, multipleFile)...)))
	gz, zs := gzipOf(t, lichess), zstdOf(t, lichess)
	stored := zipOf(t, zipMember{"a.pgn", lichess[:200000], zip.Store}, zipMember{"b.pgn", lichess, zip.Store})
	flip := func(data []byte, at int) []byte {
		data = bytes.Clone(data)
		data[at] ^= 0x55
		return data
	}
	for _, c := range []struct {
		name  string
		data  []byte
		games []string
		text  string // in the File's error
		cause error  // errors.Is finds it, if not nil
	}{
		{"gzip cut off", gz[:len(gz)*2/3], plainGames, "the gzip stream is cut off: unexpected EOF", io.ErrUnexpectedEOF},
		{"gzip corrupt", flip(gz, len(gz)/2), plainGames, "the gzip stream is corrupt: ", nil},
		{"gzip checksum", flip(gz, len(gz)-6), plainGames, "the gzip stream is corrupt: gzip: invalid checksum", gzip.ErrChecksum},
		{"zstd cut off", zs[:len(zs)*2/3], plainGames, "the zstd stream is cut off: unexpected EOF", io.ErrUnexpectedEOF},
		{"zstd corrupt", flip(zs, len(zs)/2), plainGames, "the zstd stream is corrupt: ", nil},
		{"zstd checksum", flip(zs, len(zs)-2), plainGames, "the zstd stream is corrupt: CRC check failed", zstd.ErrCRCMismatch},
		{"bzip2 cut off", bz2[:len(bz2)-3000], twoGames, "the bzip2 stream is cut off: unexpected EOF", io.ErrUnexpectedEOF},
		{"bzip2 corrupt", flip(bz2, len(bz2)-3000), twoGames, "the bzip2 stream is corrupt: bzip2 data invalid: ", nil},
		{"zip member corrupt", flip(stored, 300000), plainGames, `the zip archive's member "b.pgn" is corrupt: zip: checksum error`, zip.ErrChecksum},
		{"zstd window over MaxZstdWindow", readFile(t, "testdata/compress/window256m.pgn.zst"), nil, "the zstd stream needs a window over 128 MiB", nil},
	} {
		f, err := pgn.NewDecompressor(bytes.NewReader(c.data))
		if err != nil {
			t.Errorf("%s: NewDecompressor: %v", c.name, err)
			continue
		}
		r := pgn.NewReader(f)
		var g pgn.Game
		var fileErr *pgn.Error
		good, inputErrs := 0, 0
		for i := 0; i < 10000; i++ {
			err := r.Read(&g)
			if err == io.EOF {
				break
			}
			if err == nil {
				// A game read before the break: the plain text's, unless
				// the corruption gave other bytes before it was found.
				if inputErrs > 0 {
					t.Errorf("%s: game %d after the input's error", c.name, i+1)
				}
				if i < len(c.games) && g.String() == c.games[i] {
					good++
				}
				continue
			}
			var outer *pgn.Error
			if !errors.As(err, &outer) {
				t.Fatalf("%s: %v is a %T", c.name, err, err)
			}
			if !strings.Contains(err.Error(), "reading the input: ") {
				continue // a game the corruption broke
			}
			inputErrs++
			if strings.Count(err.Error(), "pgn: ") != 1 {
				t.Errorf("%s: %q: the package's name more than once", c.name, err)
			}
			inner := errors.Unwrap(outer)
			if !errors.As(inner, &fileErr) || outer.Line == 0 || !strings.Contains(fileErr.Error(), c.text) ||
				c.cause != nil && !errors.Is(err, c.cause) {
				t.Errorf("%s: %v\nwant the input's error at its line, wrapping a *pgn.Error with %q, wrapping %v", c.name, err, c.text, c.cause)
			}
		}
		if inputErrs != 1 || c.games != nil && good == 0 {
			t.Errorf("%s: %d games as the plain text's, %d input errors; want some, then one", c.name, good, inputErrs)
		}
		if c.name == "gzip cut off" {
			t.Logf("%s: %d games, then %v", c.name, good, fileErr)
		}
		f.Close()
	}

	// Inputs refused at once: each error names the problem.
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o666); err != nil {
			t.Fatal(err)
		}
		return path
	}
	zipData := zipOf(t, zipMember{"a.pgn", lichess[:1000], zip.Deflate})
	for _, c := range []struct {
		name string
		open func() (*pgn.File, error)
		text string
	}{
		{"a missing file", func() (*pgn.File, error) { return pgn.Open(filepath.Join(dir, "none.pgn.zst")) }, "none.pgn.zst: no such file"},
		{"a zip archive in a pipe", func() (*pgn.File, error) { return pgn.NewDecompressor(io.MultiReader(bytes.NewReader(zipData))) }, "a zip archive is read from its end: pass NewDecompressor an io.ReaderAt and io.Seeker"},
		{"a zip archive cut off", func() (*pgn.File, error) { return pgn.Open(write("cut.zip", zipData[:len(zipData)-30])) }, "cut.zip: not a zip archive that can be read"},
		{"a zip archive without PGN", func() (*pgn.File, error) {
			return pgn.NewDecompressor(bytes.NewReader(zipOf(t, zipMember{"a.txt", nil, zip.Store}, zipMember{"b.cbv", nil, zip.Store})))
		}, `the zip archive has no member whose name ends in .pgn (2 members: "a.txt", "b.cbv")`},
		{"an HTML page named .zst", func() (*pgn.File, error) { return pgn.Open(write("page.pgn.zst", []byte("<html>Not found</html>"))) }, "page.pgn.zst: the name says zstd, but the file does not begin as zstd does"},
		{"an empty .gz", func() (*pgn.File, error) { return pgn.Open(write("empty.pgn.GZ", nil)) }, "the name says gzip"},
		{"xz", func() (*pgn.File, error) { return pgn.NewDecompressor(strings.NewReader("\xfd7zXZ\x00\x00")) }, "the input is xz-compressed: not a format pgn reads"},
		{"a nil reader", func() (*pgn.File, error) { return pgn.NewDecompressor(nil) }, "pgn: NewDecompressor: a nil reader"},
	} {
		f, err := c.open()
		var pe *pgn.Error
		if f != nil || !errors.As(err, &pe) || !strings.Contains(err.Error(), c.text) || strings.Count(err.Error(), "pgn: ") != 1 {
			t.Errorf("%s: %v, %v; want a *pgn.Error with %q", c.name, f, err, c.text)
		}
	}
	var zero pgn.File
	if _, err := zero.Read(make([]byte, 10)); err == nil || err.Error() != "pgn: File.Read: the zero File: make one with Open or NewDecompressor" {
		t.Errorf("the zero File's Read: %v", err)
	}
	if _, err := pgn.Open(filepath.Join(dir, "none.pgn")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v, want fs.ErrNotExist", err)
	}
}

// TestDecompressSourceError checks that the stored input's own error comes
// through the File and the Reader, wrapped, after the games before it.
func TestDecompressSourceError(t *testing.T) {
	boom := errors.New("disk on fire")
	lichess := readTestFile(t, "testdata/corentings__lichess-big.pgn.gz")[:1<<20]
	if testing.Short() {
		lichess = lichess[:300000]
	}
	gz := gzipOf(t, lichess)
	for _, sync := range []bool{false, true} {
		src := &failing{text: string(gz[:len(gz)/2]), err: boom}
		newFile := pgn.NewDecompressor
		if sync {
			newFile = pgn.NewDecompressorSync
		}
		f, err := newFile(src)
		if err != nil {
			t.Fatal(err)
		}
		games := gamesOf(t, f)
		last := games[len(games)-1]
		if len(games) < 10 || !strings.HasPrefix(last, "error: pgn: game ") || !strings.Contains(last, "reading the input: ") ||
			!strings.HasSuffix(last, "reading the gzip stream: disk on fire") {
			t.Errorf("sync %v: %d games, the last %q", sync, len(games), last)
		}
		f.Close()
	}
}

// goroutinesAfter returns the number of goroutines, letting those that
// have signalled their end (the File's closes its channel as it returns)
// finish returning: it yields while the number is above before, for at
// most 10 s (a goroutine left running fails then), as goleak waits.
func goroutinesAfter(before int) int {
	n := runtime.NumGoroutine()
	for start := time.Now(); n > before && time.Since(start) < 10*time.Second; n = runtime.NumGoroutine() {
		runtime.Gosched()
	}
	return n
}

// TestDecompressClose checks that Close ends the decompressing goroutine
// (and the zstd decoder's, with more than one) whenever it comes: before
// any Read, with the pipe full, at the end; that Read and Close after it
// return an error wrapping ErrClosed (fs.ErrClosed); and that a Read
// waiting for the goroutine on another goroutine returns one too.
func TestDecompressClose(t *testing.T) {
	text := bytes.Repeat([]byte("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"), 125000) // 4 MB: more than the pipe holds
	inputs := map[string][]byte{"gzip": gzipOf(t, text), "zstd": zstdOf(t, text), "plain": text[:1000]}
	for _, conc := range []int{1, 4} {
		old := pgn.SetZstdConcurrency(conc)
		for name, data := range inputs {
			if conc > 1 && name != "zstd" {
				continue
			}
			for _, reads := range []int{0, 1, -1} {
				before := runtime.NumGoroutine()
				f, err := pgn.NewDecompressor(bytes.NewReader(data))
				if err != nil {
					t.Fatal(err)
				}
				buf := make([]byte, 10)
				switch reads {
				case 1:
					if _, err := io.ReadFull(f, buf); err != nil {
						t.Fatal(err)
					}
				case -1:
					if n, err := io.Copy(io.Discard, f); err != nil || n != int64(len(data)) && name == "plain" {
						t.Fatal(n, err)
					}
				}
				if err := f.Close(); err != nil {
					t.Errorf("%s: Close: %v", name, err)
				}
				if after := goroutinesAfter(before); after > before {
					buf := make([]byte, 1<<16)
					buf = buf[:runtime.Stack(buf, true)]
					t.Errorf("%s, zstd concurrency %d, %d reads: %d goroutines after Close, %d before\n%s", name, conc, reads, after, before, buf)
				}
				if _, err := f.Read(buf); !errors.Is(err, pgn.ErrClosed) || !errors.Is(err, fs.ErrClosed) {
					t.Errorf("%s: Read after Close: %v", name, err)
				}
				if err := f.Close(); !errors.Is(err, fs.ErrClosed) {
					t.Errorf("%s: a second Close: %v", name, err)
				}
			}
		}
		pgn.SetZstdConcurrency(old)
	}

	// A Read that waits on the pipe: Close on another goroutine ends it.
	// The decompressor waits on the input (a pipe nothing more is written
	// to) and Close waits for it: it returns once the input gives up.
	pr, pw := io.Pipe()
	go pw.Write(gzipOf(t, text)[:20])
	f, err := pgn.NewDecompressor(pr)
	if err != nil {
		t.Fatal(err)
	}
	readErr := make(chan error)
	go func() {
		_, err := f.Read(make([]byte, 10))
		readErr <- err
	}()
	closed := make(chan error)
	go func() { closed <- f.Close() }()
	if err := <-readErr; !errors.Is(err, pgn.ErrClosed) {
		t.Errorf("a Read that Close interrupts: %v", err)
	}
	pw.CloseWithError(errors.New("the writer is gone"))
	if err := <-closed; err != nil {
		t.Errorf("Close: %v", err)
	}
}

// TestDecompressProgress checks Progress: the stored bytes read, of the
// file's size for Open and of a seekable reader's from its offset, -1 for
// a pipe; all of it at the end.
func TestDecompressProgress(t *testing.T) {
	gz := readFile(t, "testdata/corentings__lichess-big.pgn.gz")
	path := filepath.Join(t.TempDir(), "games.pgn.gz")
	if err := os.WriteFile(path, gz, 0o666); err != nil {
		t.Fatal(err)
	}
	f, err := pgn.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if read, size := f.Progress(); size != int64(len(gz)) || read < 0 || read > size {
		t.Errorf("Open: Progress %d of %d at the start, want of %d", read, size, len(gz))
	}
	buf := make([]byte, 1<<20)
	if _, err := io.ReadFull(f, buf); err != nil {
		t.Fatal(err)
	}
	if read, _ := f.Progress(); read == 0 || read == int64(len(gz)) {
		t.Errorf("Open: Progress %d after 1 MiB of text", read)
	}
	io.Copy(io.Discard, f)
	if read, size := f.Progress(); read != size {
		t.Errorf("Open: Progress %d of %d at the end", read, size)
	}
	f.Close()

	sr := bytes.NewReader(append([]byte("0123456789"), gz...))
	sr.Seek(10, io.SeekStart)
	f, _ = pgn.NewDecompressor(sr)
	io.Copy(io.Discard, f)
	if read, size := f.Progress(); read != size || size != int64(len(gz)) {
		t.Errorf("a seekable reader from offset 10: Progress %d of %d, want %d", read, size, len(gz))
	}
	f.Close()
	f, _ = pgn.NewDecompressor(io.MultiReader(bytes.NewReader(gz)))
	io.Copy(io.Discard, f)
	if read, size := f.Progress(); read != int64(len(gz)) || size != -1 {
		t.Errorf("a pipe: Progress %d of %d, want %d of -1", read, size, len(gz))
	}
	f.Close()
}

// FuzzDecompress reads any bytes as a compressed input: no panic, every
// error a *pgn.Error, Close ends (it waits for the goroutine: a File that
// did not stop would hang it), memory bounded (the zstd window lowered to
// 1 MiB, at most 64 MiB read of what a small input inflates to). The
// goroutines are counted by TestDecompressClose, not here: the fuzzing
// engine's own come and go.
func FuzzDecompress(f *testing.F) {
	text := readFile(f, multipleFile)[:3000]
	f.Add(text)
	f.Add(gzipOf(f, text))
	f.Add(zstdOf(f, text))
	f.Add(zipOf(f, zipMember{"a.pgn", text, zip.Deflate}, zipMember{"b.pgn", text[:100], zip.Store}))
	for _, name := range []string{"fischer.pgn.bz2", "fischer-pzstd.pgn.zst", "window256m.pgn.zst"} {
		f.Add(readFile(f, "testdata/compress/"+name))
	}
	f.Add([]byte("\x1f\x8b\x08"))
	f.Add([]byte("BZh91AY&SY"))
	f.Add([]byte("\x28\xb5\x2f\xfd"))
	f.Add([]byte("PK\x05\x06"))
	old := pgn.SetMaxZstdWindow(1 << 20)
	f.Cleanup(func() { pgn.SetMaxZstdWindow(old) })
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := pgn.NewDecompressor(bytes.NewReader(data))
		var pe *pgn.Error
		if err != nil {
			if file != nil || !errors.As(err, &pe) {
				t.Fatalf("NewDecompressor: %v, %v", file, err)
			}
			return
		}
		_, err = io.CopyN(io.Discard, file, 4<<20)
		if err != nil && err != io.EOF && !errors.As(err, &pe) {
			t.Fatalf("Read: %v is a %T", err, err)
		}
		if err := file.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
	})
}

// BenchmarkReadCompressed reads the lichess benchmark file (4.1 MB of
// games with clocks, evaluations and variations) with a Reader and a
// Game, every move checked, from memory: plain, and compressed through a
// File, its decompression on the File's goroutine (pipe) or on the
// caller's (sync), the zstd decoder's concurrency as named. MB/s are of
// the PGN text, so that each compares with plain's. bzip2 reads
// testdata/compress/fischer.pgn.bz2 (23 KB), Go having no bzip2 encoder.
func BenchmarkReadCompressed(b *testing.B) {
	text := readTestFile(b, "testdata/corentings__lichess-big.pgn.gz")
	fischer := readFile(b, fischerFile)
	inputs := []struct {
		name       string
		data, text []byte
	}{
		{"plain", text, text},
		{"gzip", gzipOf(b, text), text},
		{"zstd", zstdOf(b, text), text},
		{"zstd-19", zstdOf(b, text, zstd.WithEncoderLevel(zstd.SpeedBestCompression)), text},
		{"bzip2-fischer", readFile(b, "testdata/compress/fischer.pgn.bz2"), fischer},
		{"plain-fischer", fischer, fischer},
	}
	type way struct {
		name string
		conc int
		sync bool
	}
	for _, in := range inputs {
		ways := []way{{"pipe", 1, false}, {"sync", 1, true}}
		switch {
		case strings.HasPrefix(in.name, "zstd"):
			ways = append(ways, way{"pipe-conc2", 2, false}, way{"pipe-conc4", 4, false}, way{"sync-conc2", 2, true}, way{"sync-conc4", 4, true})
		case strings.HasPrefix(in.name, "plain"):
			ways = []way{{"Reader", 0, false}}
		}
		for _, w := range ways {
			b.Run(in.name+"/"+w.name, func(b *testing.B) {
				old := pgn.SetZstdConcurrency(max(w.conc, 1))
				defer pgn.SetZstdConcurrency(old)
				r := pgn.NewReader(nil)
				var g pgn.Game
				b.SetBytes(int64(len(in.text)))
				for i := 0; i < b.N; i++ {
					var src io.Reader = bytes.NewReader(in.data)
					var f *pgn.File
					if w.conc > 0 {
						var err error
						if w.sync {
							f, err = pgn.NewDecompressorSync(src)
						} else {
							f, err = pgn.NewDecompressor(src)
						}
						if err != nil {
							b.Fatal(err)
						}
						src = f
					}
					r.Reset(src)
					for {
						err := r.Read(&g)
						if err == io.EOF {
							break
						}
						if err != nil {
							b.Fatal(err)
						}
					}
					if f != nil {
						f.Close()
					}
				}
			})
		}
	}
}

// BenchmarkDecompress decompresses alone, the text discarded: each
// format's speed in MB/s of the text, on the caller's goroutine.
func BenchmarkDecompress(b *testing.B) {
	text := readTestFile(b, "testdata/corentings__lichess-big.pgn.gz")
	fischer := readFile(b, fischerFile)
	for _, in := range []struct {
		name       string
		data, text []byte
	}{
		{"gzip", gzipOf(b, text), text},
		{"zstd", zstdOf(b, text), text},
		{"zstd-19", zstdOf(b, text, zstd.WithEncoderLevel(zstd.SpeedBestCompression)), text},
		{"bzip2-fischer", readFile(b, "testdata/compress/fischer.pgn.bz2"), fischer},
		{"gzip-fischer", gzipOf(b, fischer), fischer},
	} {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.text)))
			for i := 0; i < b.N; i++ {
				f, err := pgn.NewDecompressorSync(bytes.NewReader(in.data))
				if err != nil {
					b.Fatal(err)
				}
				if n, err := io.Copy(io.Discard, f); err != nil || n != int64(len(in.text)) {
					b.Fatal(n, err)
				}
				f.Close()
			}
		})
	}
}

// TestZstdOnlyForPGN checks that the zstd decoder, the module's one
// dependency beside golang.org/x/sys, is imported by pgn's importers
// alone: movegen and the root package (attacks) do not depend on it.
func TestZstdOnlyForPGN(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "github.com/symmagic/attacks", "github.com/symmagic/attacks/movegen").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "klauspost") {
		t.Errorf("movegen or the root package depends on github.com/klauspost/compress:\n%s", out)
	}
	if !strings.Contains(string(out), "github.com/symmagic/attacks/movegen\n") {
		t.Errorf("go list -deps lists no movegen:\n%s", out)
	}
}
