package pgn

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/klauspost/compress/zstd"
)

// Format is how an input of games is stored: plain PGN, or PGN
// compressed. Open and NewDecompressor find it from the input's first
// bytes.
type Format int

// The formats Open and NewDecompressor read.
const (
	FormatPlain Format = iota // PGN as it is, with or without a UTF-8 byte-order mark
	FormatGzip                // gzip (RFC 1952), gzip files concatenated included
	FormatBzip2               // bzip2, streams concatenated (pbzip2's) included
	FormatZstd                // Zstandard, frames concatenated and skippable frames (pzstd's, lichess.org's) included
	FormatZip                 // a zip archive: its members whose names end in .pgn, in the archive's order
)

var formatNames = [...]string{"plain", "gzip", "bzip2", "zstd", "zip"}

// String returns the format's name: "plain", "gzip", "bzip2", "zstd" or
// "zip".
func (f Format) String() string {
	if f >= 0 && int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// ErrClosed is the error behind every *Error of a File or ParallelReader
// used after Close, and of a second Close.
// It is fs.ErrClosed, as os.ErrClosed is: errors.Is(err, fs.ErrClosed)
// holds for it.
var ErrClosed = fs.ErrClosed

// MaxZstdWindow is the largest window a zstd frame may ask for: 128 MiB,
// what `zstd -d` takes without a --memory or --long option (a frame made
// with `zstd --long=27` or less). lichess.org's files are made by `pzstd
// -19`, with 8 MiB windows. A frame over it is an error: decompress such a
// file first (`zstd -dc --long=31 FILE | ...`).
const MaxZstdWindow = 128 << 20

// maxZstdWindow is MaxZstdWindow, lowered by the fuzz test.
var maxZstdWindow uint64 = MaxZstdWindow

// The pipe between the decompressing goroutine and File.Read: pipeChunks
// buffers of pipeChunk bytes.
const (
	pipeChunks = 3
	pipeChunk  = 1 << 20
)

// zstdConcurrency is the zstd decoder's WithDecoderConcurrency: 1, the
// frame decoded on the File's own goroutine, which leaves the other cores
// to the readers. The benchmarks change it.
var zstdConcurrency = 1

// File is an input of PGN games, plain or compressed, decompressed as it
// is read: a Reader reads it as it reads plain PGN (pgn.NewReader(f)).
// Open and NewDecompressor make one; Format says what they found.
//
// A compressed input is decompressed on a goroutine of its own, ahead of
// the reading through a pipe of three 1 MiB buffers, so that
// decompressing and parsing overlap on two cores. Close stops it. A
// Reader's offsets and lines (GameInfo) count the decompressed bytes.
//
// Read's errors, but for io.EOF at the end, are *Error values that name
// the input and the problem (a stream cut off wraps io.ErrUnexpectedEOF;
// the source's own error is wrapped), after every byte decompressed before
// it; a Reader reading the File returns them as the input's error after
// the games before it. A File is read by one goroutine at a time; Close
// and Progress may be called from another.
type File struct {
	name   string
	format Format
	size   int64        // the input's size as stored, -1 if unknown
	done   atomic.Int64 // bytes of the stored input read so far
	closer io.Closer    // the file Open opened
	closed atomic.Bool

	// Plain input, or a compressed one decompressed on the caller's
	// goroutine (sync): src, or the decompressor open makes.
	src     io.Reader
	open    func() (io.Reader, func(), error)
	cleanup func()
	err     error // Read's error, once it has one
	srcErr  error // the stored input's own error (set before the chunk that holds it is sent)

	// The pipe: chunks go from free to the goroutine, which fills them
	// and sends them on full; stop ends the goroutine, which closes ended.
	free, full  chan *pipeBuf
	stop, ended chan struct{}
	cur         *pipeBuf
}

type pipeBuf struct {
	buf  []byte
	r, n int
	err  error
}

// chunks keeps the pipes' chunks of closed Files for the next: a program
// that opens many small files does not allocate 3 MiB for each.
var chunks sync.Pool

// Open opens the named file of PGN games, plain or compressed (gzip,
// bzip2, zstd, zip), the format found from its first bytes whatever its
// name. A name ending in .gz, .bz2, .zst or .zip whose file begins as
// plain text (an HTML page saved under the name, an empty file) is an
// error. Close closes the file.
func Open(name string) (*File, error) {
	osf, err := os.Open(name)
	if err != nil {
		return nil, &Error{Msg: err.Error(), Err: err}
	}
	size := int64(-1)
	if st, err := osf.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	f, err := newFile(osf, name, size, osf, 0)
	if err != nil {
		osf.Close()
		return nil, err
	}
	if want, ok := formatOfName(name); ok && f.format == FormatPlain {
		osf.Close()
		return nil, &Error{Msg: fmt.Sprintf("%s: the name says %v, but the file does not begin as %v does", name, want, want)}
	}
	f.closer = osf
	f.start(true)
	return f, nil
}

// NewDecompressor returns a File of the PGN games of r, plain or
// compressed (gzip, bzip2, zstd, zip), the format found from its first
// bytes. A zip archive is read from its end: r must be an io.ReaderAt
// and io.Seeker too (an *os.File, a *bytes.Reader, an *io.SectionReader),
// read from its current offset; a zip archive in any other reader (a
// pipe) is an error that says so. The File does not close r.
func NewDecompressor(r io.Reader) (*File, error) {
	return newDecompressor(r, true)
}

func newDecompressor(r io.Reader, pipe bool) (*File, error) {
	if r == nil {
		return nil, &Error{Msg: "NewDecompressor: a nil reader"}
	}
	size, pos := int64(-1), int64(0)
	if s, ok := r.(io.Seeker); ok {
		if p, err := s.Seek(0, io.SeekCurrent); err == nil {
			if end, err := s.Seek(0, io.SeekEnd); err == nil {
				if _, err := s.Seek(p, io.SeekStart); err == nil {
					size, pos = end-p, p
				}
			}
		}
	}
	f, err := newFile(r, "", size, r, pos)
	if err != nil {
		return nil, err
	}
	f.start(pipe)
	return f, nil
}

// formatOfName returns the format a file name's extension names.
func formatOfName(name string) (Format, bool) {
	for _, e := range [...]struct {
		ext string
		f   Format
	}{{".gz", FormatGzip}, {".bz2", FormatBzip2}, {".zst", FormatZstd}, {".zip", FormatZip}} {
		if len(name) >= len(e.ext) && strings.EqualFold(name[len(name)-len(e.ext):], e.ext) {
			return e.f, true
		}
	}
	return 0, false
}

// counter counts the bytes read from the stored input, and keeps its
// error.
type counter struct {
	r io.Reader
	f *File
}

func (c counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.f.done.Add(int64(n))
	if err != nil && err != io.EOF {
		c.f.srcErr = err
	}
	return n, err
}

type counterAt struct {
	r io.ReaderAt
	f *File
}

func (c counterAt) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(p, off)
	c.f.done.Add(int64(n))
	if err != nil && err != io.EOF {
		c.f.srcErr = err
	}
	return n, err
}

// unsupported are formats found from their first bytes that a File does
// not read: an error says which.
var unsupported = [...]struct{ magic, name string }{
	{"\xfd7zXZ\x00", "xz"},
	{"7z\xbc\xaf\x27\x1c", "7z"},
	{"Rar!\x1a\x07", "rar"},
	{"\x04\x22\x4d\x18", "lz4"},
}

// newFile finds the format of r from its first bytes and makes its File,
// not yet started. ra, if r is an io.ReaderAt too, reads a zip archive
// from pos, of size bytes.
func newFile(r io.Reader, name string, size int64, ra any, pos int64) (*File, error) {
	f := &File{name: name, size: size}
	br := bufio.NewReaderSize(counter{r, f}, 64<<10)
	head, err := br.Peek(10)
	if err != nil && err != io.EOF {
		return nil, &Error{Msg: f.where() + "reading the input: " + err.Error(), Err: err}
	}
	switch {
	case len(head) >= 3 && head[0] == 0x1f && head[1] == 0x8b && head[2] == 8:
		f.format = FormatGzip
		f.open = func() (io.Reader, func(), error) {
			zr, err := gzip.NewReader(br)
			if err != nil {
				return nil, nil, err
			}
			return zr, func() { zr.Close() }, nil
		}
	case len(head) >= 10 && string(head[:3]) == "BZh" && '1' <= head[3] && head[3] <= '9' &&
		(string(head[4:10]) == "\x31\x41\x59\x26\x53\x59" || string(head[4:10]) == "\x17\x72\x45\x38\x50\x90"):
		f.format = FormatBzip2
		f.open = func() (io.Reader, func(), error) { return bzip2.NewReader(br), nil, nil }
	case len(head) >= 4 && (string(head[:4]) == "\x28\xb5\x2f\xfd" || head[0]&0xf0 == 0x50 && string(head[1:4]) == "\x2a\x4d\x18"):
		f.format = FormatZstd
		f.open = func() (io.Reader, func(), error) {
			zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(zstdConcurrency),
				zstd.WithDecoderMaxWindow(maxZstdWindow))
			if err != nil {
				return nil, nil, err
			}
			return zr, zr.Close, nil
		}
	case len(head) >= 4 && (string(head[:4]) == "PK\x03\x04" || string(head[:4]) == "PK\x05\x06"):
		f.format = FormatZip
		rat, ok := ra.(io.ReaderAt)
		if !ok || size < 0 {
			return nil, &Error{Msg: f.where() + "a zip archive is read from its end: pass NewDecompressor an io.ReaderAt and io.Seeker (an *os.File, a *bytes.Reader), or use Open"}
		}
		zr, err := zip.NewReader(io.NewSectionReader(counterAt{rat, f}, pos, size), size)
		if err != nil {
			return nil, &Error{Msg: f.where() + "not a zip archive that can be read (cut off? its directory is at its end): " + err.Error(), Err: err}
		}
		var members []*zip.File
		var others []string
		for _, m := range zr.File {
			if n := m.Name; len(n) >= 4 && strings.EqualFold(n[len(n)-4:], ".pgn") && !m.FileInfo().IsDir() {
				members = append(members, m)
			} else if len(others) < 5 {
				others = append(others, fmt.Sprintf("%q", m.Name))
			}
		}
		if len(members) == 0 {
			return nil, &Error{Msg: f.where() + fmt.Sprintf("the zip archive has no member whose name ends in .pgn (%d members: %s)",
				len(zr.File), strings.Join(others, ", "))}
		}
		f.open = func() (io.Reader, func(), error) {
			z := &zipMembers{files: members, where: f.where(), srcErr: &f.srcErr}
			return z, z.close, nil
		}
	default:
		for _, u := range unsupported {
			if bytes.HasPrefix(head, []byte(u.magic)) {
				return nil, &Error{Msg: f.where() + "the input is " + u.name + "-compressed: not a format pgn reads (gzip, bzip2, zstd, zip); decompress it first"}
			}
		}
		f.format = FormatPlain
		f.src = br
	}
	return f, nil
}

// where returns the input's name and ": " for an error's text, or "".
func (f *File) where() string {
	if f.name == "" {
		return ""
	}
	return f.name + ": "
}

// start starts decompressing: on a goroutine if pipe, else on the first
// Read.
func (f *File) start(pipe bool) {
	if f.open == nil || !pipe {
		return
	}
	f.free = make(chan *pipeBuf, pipeChunks)
	f.full = make(chan *pipeBuf, pipeChunks)
	f.stop = make(chan struct{})
	f.ended = make(chan struct{})
	go f.run()
}

// run is the goroutine: it decompresses into the free chunks and sends
// them on full, to the end of the input, the first error or stop.
func (f *File) run() {
	defer close(f.ended)
	dec, cleanup, err := f.open()
	if cleanup != nil {
		defer cleanup()
	}
	for made := 0; ; {
		var c *pipeBuf
		select {
		case c = <-f.free:
		case <-f.stop:
			return
		default:
			// A chunk is made when none is free, up to pipeChunks: a
			// small input takes one.
			if made < pipeChunks {
				made++
				c, _ = chunks.Get().(*pipeBuf)
				if c == nil {
					c = &pipeBuf{buf: make([]byte, pipeChunk)}
				}
				break
			}
			select {
			case c = <-f.free:
			case <-f.stop:
				return
			}
		}
		c.r, c.n, c.err = 0, 0, err
		if err == nil {
			c.n, c.err = fill(dec, c.buf)
		}
		select {
		case f.full <- c:
		case <-f.stop:
			return
		}
		if c.err != nil {
			return
		}
	}
}

// fill reads dec into buf to its end, or to dec's first error.
func fill(dec io.Reader, buf []byte) (int, error) {
	n := 0
	for n < len(buf) {
		k, err := readSome(dec, buf[n:])
		n += k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// Read reads decompressed bytes into p.
func (f *File) Read(p []byte) (int, error) {
	if f.closed.Load() {
		return 0, &Error{Msg: f.where() + "File.Read: the file is closed", Err: ErrClosed}
	}
	if f.err != nil {
		return 0, f.err
	}
	if len(p) == 0 {
		return 0, nil
	}
	if f.free == nil {
		return f.readSync(p)
	}
	for {
		if c := f.cur; c != nil {
			if c.r < c.n {
				n := copy(p, c.buf[c.r:c.n])
				c.r += n
				return n, nil
			}
			if c.err != nil {
				f.err = f.readErr(c.err)
				return 0, f.err
			}
			f.cur = nil
			f.free <- c // never blocks: free has room for every chunk
		}
		select {
		case f.cur = <-f.full:
		case <-f.stop:
			return 0, &Error{Msg: f.where() + "File.Read: the file is closed", Err: ErrClosed}
		}
	}
}

// readSync reads a plain input, or decompresses on the caller's
// goroutine.
func (f *File) readSync(p []byte) (int, error) {
	if f.src == nil {
		if f.open == nil {
			return 0, &Error{Msg: "File.Read: the zero File: make one with Open or NewDecompressor"}
		}
		dec, cleanup, err := f.open()
		if err != nil {
			f.err = f.readErr(err)
			return 0, f.err
		}
		f.src, f.cleanup = dec, cleanup
	}
	n, err := f.src.Read(p)
	if err != nil {
		f.err = f.readErr(err)
		if n > 0 {
			return n, nil
		}
		return 0, f.err
	}
	return n, nil
}

// readErr returns the error Read returns for the decompressor's err: io.EOF
// as it is, the input read to its end; else a *Error saying what is wrong.
func (f *File) readErr(err error) error {
	if err == io.EOF {
		if f.size >= 0 {
			f.done.Store(f.size)
		}
		return io.EOF
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	what := f.where()
	var msg string
	switch {
	case f.format == FormatPlain:
		msg = "reading the input"
	case errors.Is(err, io.ErrUnexpectedEOF):
		msg = "the " + f.format.String() + " stream is cut off"
	case f.format == FormatZstd && (errors.Is(err, zstd.ErrWindowSizeExceeded) || errors.Is(err, zstd.ErrDecoderSizeExceeded)):
		msg = fmt.Sprintf("the zstd stream needs a window over %d MiB (MaxZstdWindow, what zstd -d takes without --long): decompress it first (zstd -dc --long=31)", maxZstdWindow>>20)
	case f.srcErr != nil && errors.Is(err, f.srcErr) || isSourceErr(err):
		msg = "reading the " + f.format.String() + " stream"
	default:
		msg = "the " + f.format.String() + " stream is corrupt"
	}
	return &Error{Msg: what + msg + ": " + err.Error(), Err: err}
}

// isSourceErr reports whether err is the stored input's own error, not
// the decompressor's: an *fs.PathError, say, of a failing disk.
func isSourceErr(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) || errors.Is(err, io.ErrNoProgress)
}

// Format returns the input's format, found from its first bytes.
func (f *File) Format() Format { return f.format }

// Progress returns how much of the input has been read as stored (its
// compressed bytes), and its size: -1 where it is not known (a pipe). For
// a progress bar: the decompressing goroutine reads ahead of the Reader by
// at most the pipe's 3 MiB and the decompressor's buffers. At the input's
// end, read is size.
func (f *File) Progress() (read, size int64) {
	read = f.done.Load()
	if f.size >= 0 {
		read = min(read, f.size)
	}
	return read, f.size
}

// Close stops the decompression, waits for its goroutine to end and, for
// a File of Open, closes the file. A Read under way on another goroutine
// returns an error wrapping ErrClosed, and so does every Read after Close,
// and a second Close. The goroutine ends once the decompressor's read of
// the input under way, if any, returns: a File of NewDecompressor on a
// reader that blocks (a pipe nothing is written to) waits for it.
func (f *File) Close() error {
	if !f.closed.CompareAndSwap(false, true) {
		return &Error{Msg: f.where() + "File.Close: the file is closed", Err: ErrClosed}
	}
	var err error
	if f.stop != nil {
		close(f.stop)
		if f.closer != nil {
			err = f.closer.Close()
		}
		<-f.ended
		// The chunks the goroutine and Read do not hold: each is
		// received once, here or by a Read under way.
		for done := false; !done; {
			select {
			case c := <-f.free:
				chunks.Put(c)
			case c := <-f.full:
				chunks.Put(c)
			default:
				done = true
			}
		}
	} else {
		if f.cleanup != nil {
			f.cleanup()
		}
		if f.closer != nil {
			err = f.closer.Close()
		}
	}
	if err != nil {
		return &Error{Msg: f.where() + "File.Close: " + err.Error(), Err: err}
	}
	return nil
}

// zipMembers reads a zip archive's members one after the other, a line
// break after a member that does not end with one, the byte-order mark of
// every member but the first dropped.
type zipMembers struct {
	files  []*zip.File
	where  string
	srcErr *error // the archive's own read error
	i      int
	cur    io.ReadCloser
	name   string
	last   byte   // the last byte given, 0 before any
	head   []byte // the member's first bytes, read to drop its byte-order mark
	first  bool   // cur is at its first bytes
}

func (z *zipMembers) Read(p []byte) (int, error) {
	for {
		if z.cur == nil {
			if z.i == len(z.files) {
				return 0, io.EOF
			}
			if z.last != 0 && z.last != '\n' {
				z.last = '\n'
				p[0] = '\n'
				return 1, nil
			}
			m := z.files[z.i]
			z.i++
			rc, err := m.Open()
			if err != nil {
				return 0, z.err(m.Name, err)
			}
			z.cur, z.name, z.first = rc, m.Name, z.i > 1
		}
		if z.first {
			// Drop a byte-order mark: the Reader drops the input's first.
			var b [3]byte
			n, err := io.ReadFull(z.cur, b[:])
			z.first = false
			z.head = b[:n]
			if n == 3 && string(b[:]) == "\xef\xbb\xbf" {
				z.head = nil
			}
			if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
				return 0, z.err(z.name, err)
			}
		}
		if len(z.head) > 0 {
			n := copy(p, z.head)
			z.head = z.head[n:]
			z.last = p[n-1]
			return n, nil
		}
		n, err := z.cur.Read(p)
		if n > 0 {
			z.last = p[n-1]
		}
		if err == io.EOF {
			z.cur.Close()
			z.cur = nil
			if n > 0 {
				return n, nil
			}
			continue
		}
		if err != nil {
			return n, z.err(z.name, err)
		}
		return n, nil
	}
}

func (z *zipMembers) err(name string, err error) error {
	msg := "is corrupt"
	switch {
	case errors.Is(err, zip.ErrAlgorithm):
		msg = "is compressed by a method archive/zip does not read (it reads store and deflate)"
	case errors.Is(err, io.ErrUnexpectedEOF):
		msg = "is cut off"
	case z.srcErr != nil && *z.srcErr != nil && errors.Is(err, *z.srcErr) || isSourceErr(err):
		msg = "cannot be read"
	}
	return &Error{Msg: fmt.Sprintf("%sthe zip archive's member %q %s: %v", z.where, name, msg, err), Err: err}
}

func (z *zipMembers) close() {
	if z.cur != nil {
		z.cur.Close()
	}
}
