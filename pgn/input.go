// The input layer: the input's bytes, read into a buffer a whole line at
// a time (a line over Limits.Line dropped unheld), where each byte lies
// (input offset, line, column), and the game's raw bytes kept as they
// leave the buffer (KeepRaw). It knows nothing of PGN but line breaks.

package pgn

import (
	"bytes"
	"io"
)

// input is the input in whole lines: the tokenizer reads buf[r:eol].
type input struct {
	src  io.Reader
	buf  []byte
	r, w int   // buf[r:w] is read from src and not yet consumed
	eol  int   // the index of the line break ending buf[r]'s line, or w
	base int64 // the input offset of buf[0]
	eof  bool
	rerr error

	line      int   // the line of buf[r], from 1
	lineStart int64 // the input offset of that line's first byte
	long      bool  // the current line was over Limits.Line: its rest dropped

	raw     []byte // the game's bytes that left buf, with KeepRaw: those from rawFrom-len(raw) to rawFrom
	rawFrom int64  // the input offset from which buf's bytes are the game's (-1: none kept)
	rawOver bool   // the game is over Limits.Game: no raw bytes
	rawWait bool   // with KeepRaw, between games: the next game's first bytes may leave buf before it begins
	rawLast []byte // the array of the last game's Raw, while raw keeps the next game's

	lim Limits // the Reader's Limits, DefaultLimits' where zero: every layer's
}

// loadLine makes buf[r:eol] a whole line of the input, its line break at
// eol (or eol == w at the input's end), reading more of the input as
// needed. A line over Limits.Line is dropped unread to its line break,
// r.long saying so. It reports false when nothing is left.
func (r *input) loadLine() bool {
	for {
		if k := bytes.IndexByte(r.buf[r.r:r.w], '\n'); k >= 0 {
			r.eol = r.r + k
			if k > r.lim.Line && r.r == int(r.lineStart-r.base) {
				// A line over Limits.Line: dropped.
				r.long, r.rawOver = true, true
				r.r = r.eol
			}
			return true
		}
		if r.eof {
			r.eol = r.w
			return r.r < r.w
		}
		if r.w-r.r > r.lim.Line {
			r.dropLine()
			return true
		}
		r.fill()
	}
}

// dropLine drops the line at buf[r], over Limits.Line and its line break
// not in buf, to its line break, reading the input without holding it:
// the line's bytes count as read, and r.long says so.
func (r *input) dropLine() {
	r.long = true
	r.rawOver = true // the game's bytes are not all kept
	r.base += int64(r.w)
	r.r, r.w = 0, 0
	for !r.eof {
		r.read()
		if k := bytes.IndexByte(r.buf[:r.w], '\n'); k >= 0 {
			n := copy(r.buf, r.buf[k:r.w])
			r.base += int64(k)
			r.w = n
			break
		}
		r.base += int64(r.w)
		r.w = 0
	}
	r.eol = 0
}

// fill moves buf[r:w] to the front of buf, grows buf if that leaves no
// room, and reads more of the input.
func (r *input) fill() {
	if r.r > 0 {
		r.keepRaw(r.r)
		n := copy(r.buf, r.buf[r.r:r.w])
		r.base += int64(r.r)
		r.w, r.r = n, 0
	}
	if r.w == len(r.buf) {
		size := max(2*len(r.buf), 64<<10)
		r.buf = append(r.buf, make([]byte, size-len(r.buf))...)
	}
	r.read()
}

// read reads the input into buf[w:], which has room.
func (r *input) read() {
	n, err := readSome(r.src, r.buf[r.w:])
	r.w += n
	if err != nil {
		r.eof = true
		if err != io.EOF {
			r.rerr = err
		}
	}
}

// readSome reads src into b, as the Reader reads its input: it returns
// some bytes or an error, io.ErrNoProgress after 100 reads of nothing.
// The parallel reader and a File's decompressing goroutine read so too.
func readSome(src io.Reader, b []byte) (int, error) {
	for tries := 0; ; tries++ {
		n, err := src.Read(b)
		if n > 0 || err != nil {
			return n, err
		}
		if tries >= 100 {
			return 0, io.ErrNoProgress
		}
	}
}

// keepRaw keeps the game's bytes of buf before index i, which are about to
// leave buf, when KeepRaw asks for them.
func (r *input) keepRaw(i int) {
	if r.rawFrom < 0 || r.rawOver {
		return
	}
	from := max(int(r.rawFrom-r.base), 0)
	if from >= i {
		return
	}
	if len(r.raw)+i-from > r.lim.Game {
		r.rawOver = true
		return
	}
	r.raw = append(r.raw, r.buf[from:i]...)
	r.rawFrom = r.base + int64(i)
}

// rawAnchor starts keeping the bytes from the input offset off on, where
// the next game may begin (rawWait): a move number on a line before its
// first token, or its first token over lines, may leave buf before the
// game begins.
func (r *input) rawAnchor(off int64) {
	r.raw, r.rawOver, r.rawFrom = r.raw[:0], false, off
}

// nextLine steps over the line break at eol to the next line; it reports
// false at the end of the input.
func (r *input) nextLine() bool {
	if r.eol >= r.w {
		r.r = r.w
		return false
	}
	r.r = r.eol + 1
	r.line++
	r.lineStart = r.base + int64(r.r)
	r.long = false
	return r.loadLine()
}

// col returns the column of buf[i], on the current line.
func (r *input) col(i int) int { return int(r.base+int64(i)-r.lineStart) + 1 }
