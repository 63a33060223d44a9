// The parallel reader: the input cut into chunks where a game likely
// begins, each chunk read by a worker's Reader as if the input began
// there, and each cut checked: a chunk's games are handed over only where
// a Reader of the whole input would have read them so, else the chunk is
// read again in order, on one core, to the next cut that holds.

package pgn

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
)

// DefaultChunkSize is the chunk size of a ParallelReader whose ChunkSize
// is 0.
const DefaultChunkSize = 64 << 10

// ParallelReader reads the games of a stream of PGN on several cores,
// each game, error and warning exactly as a Reader of the whole input
// reads it (the same game, GameInfo with its number, offset, line and raw
// bytes, the same *Error text, line, column and game number), and in the
// same order.
//
// It cuts the input into chunks of about ChunkSize bytes where a game
// likely begins (a line that begins with "[" after a blank line), and each
// of Workers goroutines reads a chunk with a Reader of its own as if the
// input began there. A cut is a guess, and each is checked: a chunk's
// games are handed over only where the chunk before it ended cleanly
// there (its last game ended at a termination marker and only white
// space followed: a Reader of the whole input then begins the next game
// at the cut, as the chunk's Reader did). Where a cut does not hold (a
// game with no termination marker, a comment never closed, junk between
// games, a game longer than a chunk, no blank line before the next game's
// tags), the chunk is read again on one core, in order, across the cuts
// that follow, to the next game that ends cleanly before a cut. Such an
// input is read on one core, as a Reader reads it (its speed is not
// measured beside a Reader's).
//
// Memory is bounded by about 2 × Workers + 7 chunks of up to twice
// ChunkSize (the chunks, and the games read from them, in flight) and
// Limits, not by the input: a game larger than a chunk reads, on one
// core, holding the few chunks its Reader's buffer spans.
//
// Read hands the games over in input order: a game is known to be the
// one a Reader reads only once every cut before it holds. The goroutines
// end when Read has returned io.EOF or the context's error, or at Close: a
// ParallelReader left before its end must be closed (or its context
// cancelled), else its goroutines wait for Read for ever, holding their
// chunks. Close and Progress may be called from another goroutine than
// Read's.
type ParallelReader struct {
	// Workers is how many goroutines read chunks; 0 or less: GOMAXPROCS.
	Workers int
	// ChunkSize is the size in bytes of the chunks the input is cut
	// into (a chunk ends at the first likely game boundary after half of
	// it, within twice it); 0 or less: DefaultChunkSize.
	ChunkSize int
	// SkipVariations, TagsOnly, Strict, KeepRaw and Limits are the
	// Reader's options, for each worker's Reader (see Reader).
	SkipVariations, TagsOnly, Strict, KeepRaw bool
	Limits                                    Limits

	ctx    context.Context
	cancel context.CancelFunc
	src    io.Reader

	mu              sync.Mutex // started and closed: Close may come from another goroutine
	started, closed bool
	done            bool        // Read has stopped the goroutines
	order           chan *chunk // every chunk, in input order
	work            chan *chunk // the chunks for the workers
	free            chan []parsed
	bufs            chan []byte // chunks' buffers for the splitter
	wg              sync.WaitGroup
	progress        atomic.Int64

	ahead []*chunk // chunks taken from order, not yet the current one
	cur   *chunk   // the chunk whose games are being handed over
	next  int      // its next game
	base  int      // games begun before cur's (or the sequential reader's) first
	info  GameInfo

	seq   *Reader // the Reader of the input in order, where a cut did not hold
	feed  *feed
	quiet Reader // the reader of the checks (quietTo)

	// For the tests: times the reading in order began, the games it
	// read, the games handed over from the chunks, the most chunks the
	// reading in order held, the bytes its checks of the cuts read.
	seqStarts, seqGames, chunkGames, feedMost int
	checked                                   int64
}

// NewParallelReader returns a ParallelReader of PGN from src. Its
// goroutines start with the first Read, and end when Read has returned
// io.EOF or ctx's error, or at Close. src is the ParallelReader's alone: give it
// no src a Reader has read from (NewReader reads at once).
func NewParallelReader(ctx context.Context, src io.Reader) *ParallelReader {
	return &ParallelReader{ctx: ctx, src: src}
}

// A chunk is a part of the input.
type chunk struct {
	off     int64 // the input offset of data[0]
	line    int   // the line of data[0]
	data    []byte
	first   bool  // the input's beginning
	cut     bool  // a likely game boundary: data begins a line of "[" after a blank line
	nextCut bool  // the next chunk is one
	last    bool  // the input ends after data
	err     error // the input's error, after data (last)

	done   chan struct{} // closed when the worker has read the chunk
	games  []parsed
	clean  bool // a Reader of the whole input, there at data[0], is at the next chunk's start between games
	begun  int  // games begun in the chunk
	closed bool // read no more: Close or the context
}

// end returns the input offset after c's bytes.
func (c *chunk) end() int64 { return c.off + int64(len(c.data)) }

// parsed is what a worker's Read gave: the game, its GameInfo (its
// warnings and raw bytes copied), the error, and whether the Read began a
// game (not so of the input's error between games).
type parsed struct {
	game  Game
	info  GameInfo
	err   error
	begun bool
	warn  []*Error
	raw   []byte
}

// begin starts the splitter and the workers at the first Read; after
// Close it returns ErrClosed's *Error.
func (p *ParallelReader) begin() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return closedErr("Read")
	}
	if !p.started {
		p.start()
	}
	return nil
}

// closedErr is the error of a call of ParallelReader's method after Close.
func closedErr(method string) error {
	return &Error{Msg: "ParallelReader." + method + ": " + ErrClosed.Error(), Err: ErrClosed}
}

// start starts the splitter and the workers.
func (p *ParallelReader) start() {
	p.started = true
	if p.ctx == nil {
		p.ctx = context.Background()
	}
	p.ctx, p.cancel = context.WithCancel(p.ctx)
	workers := p.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	size := p.ChunkSize
	if size <= 0 {
		size = DefaultChunkSize
	}
	p.order = make(chan *chunk, workers+1)
	p.work = make(chan *chunk, workers)
	p.free = make(chan []parsed, workers+2)
	p.bufs = make(chan []byte, workers+2)
	p.wg.Add(1 + workers)
	go p.split(size)
	for range workers {
		go p.worker()
	}
}

// split reads the input and cuts it into chunks, for the workers and, in
// order, for Read.
func (p *ParallelReader) split(size int) {
	defer p.wg.Done()
	defer close(p.work)
	defer close(p.order)
	off, line, first, cut := int64(0), 1, true, false
	// The bytes read after the last chunk's end: the tail of its buffer,
	// copied to the next buffer first thing (where that is the same
	// buffer, back already, the copy moves them to its front).
	var carry []byte
	var rerr error
	eof := false
	step := max(size/8, 1)
	for {
		var buf []byte
		select {
		case buf = <-p.bufs:
		default:
			buf = make([]byte, 0, 2*size+1)
		}
		buf = append(buf[:0], carry...)
		// Read to a likely boundary after half of size bytes, within
		// twice size; a step at a time past the half, so that little is
		// read past the boundary, to be copied to the next buffer.
		at, searched := -1, max(size/2, 1)
		want := searched + step
		for {
			for !eof && len(buf) < want {
				eof, rerr = readMore(p.src, &buf, want)
			}
			if at = findCut(buf, searched); at >= 0 || eof || len(buf) >= 2*size {
				break
			}
			searched = max(len(buf)-1, searched)
			want = min(len(buf)+step, 2*size)
		}
		c := &chunk{off: off, line: line, first: first, cut: cut, done: make(chan struct{})}
		if at < 0 && eof {
			c.data, c.last, c.err = buf, true, rerr
		} else {
			if at < 0 {
				at = len(buf) // no likely boundary: a cut that will not hold
			}
			c.data, c.nextCut = buf[:at], at < len(buf)
			carry = buf[at:]
		}
		off += int64(len(c.data))
		line += bytes.Count(c.data, []byte{'\n'})
		first, cut = false, c.nextCut
		select {
		case p.order <- c:
		case <-p.ctx.Done():
			return
		}
		select {
		case p.work <- c:
		case <-p.ctx.Done():
			return
		}
		if c.last {
			return
		}
	}
}

// readMore reads the input into buf's room up to want bytes (growing buf
// where it has no room), as a Reader reads (readSome): it reports the
// input's end, and its error.
func readMore(src io.Reader, buf *[]byte, want int) (eof bool, err error) {
	b := *buf
	if len(b) == cap(b) {
		b = append(b, 0)[:len(b)]
	}
	if src == nil {
		return true, nil
	}
	n, err := readSome(src, b[len(b):max(min(want, cap(b)), len(b)+1)])
	*buf = b[:len(b)+n]
	if err == io.EOF {
		return true, nil
	}
	return err != nil, err
}

// findCut returns the first likely game boundary in b at or after from:
// the index of a "[" that begins a line after a line of white space
// alone, both lines within b; or -1.
func findCut(b []byte, from int) int {
	for i := max(from-1, 0); i < len(b); {
		k := bytes.Index(b[i:], []byte("\n["))
		if k < 0 {
			return -1
		}
		i += k
		if j := bytes.LastIndexByte(b[:i], '\n'); j >= 0 && allSpace(b[j+1:i]) {
			return i + 1
		}
		i++
	}
	return -1
}

func allSpace(b []byte) bool {
	for _, c := range b {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

// worker reads the chunks given to it, each with a Reader as if the input
// began there, a blank line before it.
func (p *ParallelReader) worker() {
	defer p.wg.Done()
	var r, q Reader
	p.options(&r)
	p.options(&q)
	for c := range p.work {
		if c.first || c.cut {
			p.readChunk(c, &r, &q)
		}
		close(c.done)
	}
}

// options gives r p's Reader options.
func (p *ParallelReader) options(r *Reader) {
	r.SkipVariations, r.TagsOnly, r.Strict, r.KeepRaw, r.Limits = p.SkipVariations, p.TagsOnly, p.Strict, p.KeepRaw, p.Limits
}

// readChunk reads c's games with r, and checks with q whether a Reader of
// the whole input would be between games at c's end.
func (p *ParallelReader) readChunk(c *chunk, r, q *Reader) {
	if c.last {
		// The input's end, and its error: read as the input, by a Reader
		// of its own (r reads its chunks in place).
		var src io.Reader = bytes.NewReader(c.data)
		if c.err != nil {
			src = io.MultiReader(src, errReader{c.err})
		}
		r = &Reader{}
		p.options(r)
		r.reset(src, c.off, c.line)
	} else {
		// A chunk that the input goes on after: read in place, its bytes
		// not copied. Where its Reader's games are handed over, it ends
		// with a line break (the next chunk's cut), so that its Reader's
		// end of the input is the end of a line, as for a Reader of the
		// whole input.
		r.resetBytes(c.data, c.off, c.line)
	}
	if c.first {
		r.bom()
	} else {
		r.blank = true
	}
	var games []parsed
	select {
	case games = <-p.free:
	default:
	}
	games = games[:0]
	var endAt, endLine int64 = -1, 0
	endLong := false
	for n := 0; ; n++ {
		if n%64 == 0 && p.ctx.Err() != nil {
			c.closed = true
			break
		}
		if n < cap(games) {
			games = games[:n+1]
		} else {
			games = append(games, parsed{})
		}
		g := &games[n]
		before := r.games
		err := r.Read(&g.game)
		if err == io.EOF {
			games = games[:n]
			break
		}
		g.err, g.begun = err, r.games > before
		g.keep(&r.info)
		endAt, endLine, endLong = r.base+int64(r.r), r.lineStart, r.long
	}
	c.games, c.begun = games, r.games
	c.clean = !c.last && c.begun > 0 && endAt >= 0 && endAt < c.end() && !endLong &&
		quietIn(q, c.data[endAt-c.off:], endLine, endAt)
}

// keep copies info, its warnings and raw bytes, into g.
func (g *parsed) keep(info *GameInfo) {
	g.warn = append(g.warn[:0], info.Warnings...)
	g.info = *info
	g.info.Warnings = g.warn
	if info.Raw != nil {
		g.raw = append(g.raw[:0], info.Raw...)
		g.info.Raw = g.raw
	}
}

// quietTo reports whether nothing but white space and escape lines
// follows the input offset at (on the line that begins at lineOff) to the
// end of src, which holds the input from at: the tokenizer, q, finds no
// token there. Where a game ended at at, a Reader of the whole input then
// begins the next game where src ends, as a chunk's Reader begins it (the
// line before a cut is blank: q's token is after a blank line). The line
// before at is not read again: the Reader that ended the game there held
// it whole (where it dropped it as over Limits.Line, r.long, a cut does
// not hold), and its start says only whether a % at at begins an escape
// line.
func quietTo(q *Reader, src io.Reader, lineOff, at int64) bool {
	q.reset(src, at, 1)
	return quietAt(q, lineOff)
}

// quietAt is quietTo of q, reset at the input offset after the game.
func quietAt(q *Reader, lineOff int64) bool {
	q.lineStart = lineOff
	var t token
	skipped, _, _, _ := q.token(&t) // a move number passed over would be the next game's start
	return !skipped && t.kind == tEOF
}

// quietIn is quietTo of data, the input from at to a line break, read in
// place.
func quietIn(q *Reader, data []byte, lineOff, at int64) bool {
	q.resetBytes(data, at, 1)
	return quietAt(q, lineOff)
}

// tokenAhead reports whether s's buffer holds, from s's place to the
// input offset end, a byte its tokenizer would begin a token at (one not
// white space, out of an escape line): then a game begins before end, and
// no cut at end can hold. It looks no further than that byte, where
// quietTo, which answers the rest, reads its input a buffer at a time: a
// check after each game read in order would read a buffer each.
func tokenAhead(s *Reader, end int64) bool {
	b := s.buf[:min(s.w, int(end-s.base))]
	line := int(s.lineStart - s.base) // the index of the line's start in b (negative: before it)
	for i := s.r; i < len(b); i++ {
		switch c := b[i]; {
		case c == '\n':
			line = i + 1
		case c == '%' && i == line:
			if k := bytes.IndexByte(b[i:], '\n'); k >= 0 {
				i += k - 1 // an escape line: passed over
			} else {
				return false
			}
		case !isSpace(c):
			return true
		}
	}
	return false
}

// errReader returns its error.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// Read reads the next game into g, reusing its memory, as Reader.Read
// does: nil for a game read whole, io.EOF when the input holds no more
// games, a *Error for a game it cannot read (g then holds what was read of
// it), or the input's error once (then io.EOF), each exactly as a Reader
// of the whole input returns it. g's memory is kept for the games to
// come, and g given a game's read by a worker. Where the context is done,
// Read returns a *Error wrapping its error, once, then io.EOF (having
// waited, as Close does, for the goroutines to end); after Close, a *Error
// wrapping ErrClosed. A nil g is a *Error, and reads
// nothing.
func (p *ParallelReader) Read(g *Game) error {
	if g == nil {
		return &Error{Msg: "ParallelReader.Read: nil *Game"}
	}
	if err := p.begin(); err != nil {
		return err
	}
	if p.done {
		return io.EOF
	}
	for {
		if err := p.ctx.Err(); err != nil {
			return p.stop(err)
		}
		if p.seq != nil {
			return p.readSeq(g)
		}
		if p.cur == nil {
			c, err := p.take()
			if err != nil {
				return p.stop(err)
			}
			if c == nil {
				p.finish()
				return io.EOF
			}
			select {
			case <-c.done:
			case <-p.ctx.Done():
				return p.stop(p.ctx.Err())
			}
			if c.closed {
				return p.stop(p.ctx.Err())
			}
			if !c.last && !(c.clean && c.nextCut) {
				// The cut after c may not hold: c and what follows
				// read in order.
				p.startSeq(c)
				continue
			}
			p.cur, p.next = c, 0
		}
		c := p.cur
		if p.next < len(c.games) {
			pg := &c.games[p.next]
			p.next++
			p.chunkGames++
			p.info = pg.info
			p.renumber(&p.info, pg.begun, pg.err)
			if pg.begun {
				*g, pg.game = pg.game, *g
			} // else the input's error between games: g as it was, as Reader.Read leaves it
			p.progress.Store(p.info.Offset + p.info.Len)
			return pg.err
		}
		p.base += c.begun
		p.cur = nil
		p.recycle(c)
		if c.last {
			p.finish()
			return io.EOF
		}
	}
}

// renumber makes the numbers of a chunk's game, info, its warnings (where
// the Read began the game: else they are the last game's, renumbered) and
// its error the input's.
func (p *ParallelReader) renumber(info *GameInfo, begun bool, err error) {
	info.Number += p.base
	if begun {
		for _, w := range info.Warnings {
			w.Game += p.base
		}
	}
	if e, ok := err.(*Error); ok && e.Game != 0 {
		e.Game += p.base
	}
}

// recycle keeps c's games for a chunk to come.
func (p *ParallelReader) recycle(c *chunk) {
	select {
	case <-c.done:
	default:
		return // a worker reads it still
	}
	select {
	case p.free <- c.games:
	default:
	}
	select {
	case p.bufs <- c.data:
	default:
	}
	c.games, c.data = nil, nil
}

// take returns the next chunk in order, or nil at the input's end.
func (p *ParallelReader) take() (*chunk, error) {
	if len(p.ahead) > 0 {
		c := p.ahead[0]
		p.ahead = p.ahead[1:]
		return c, nil
	}
	select {
	case c, ok := <-p.order:
		if !ok {
			return nil, p.ctx.Err()
		}
		return c, nil
	case <-p.ctx.Done():
		return nil, p.ctx.Err()
	}
}

// startSeq starts reading the input in order from c's start, as the
// worker read c.
func (p *ParallelReader) startSeq(c *chunk) {
	p.seqStarts++
	if p.seq == nil {
		p.seq = &Reader{}
	}
	p.options(p.seq)
	p.options(&p.quiet)
	p.feed = &feed{p: p, chunks: []*chunk{c}}
	if c.first {
		p.seq.Reset(p.feed)
	} else {
		p.seq.reset(p.feed, c.off, c.line)
		p.seq.blank = true
	}
}

// readSeq reads the next game in order, then checks whether a Reader of
// the whole input is between games at the next cut: there the chunks'
// games are handed over again.
func (p *ParallelReader) readSeq(g *Game) error {
	s := p.seq
	before := s.games
	err := s.Read(g)
	if cerr := p.ctx.Err(); cerr != nil {
		return p.stop(cerr)
	}
	if err == io.EOF {
		p.finish()
		return io.EOF
	}
	p.seqGames++
	p.info = s.info
	p.renumber(&p.info, s.games > before, err)
	p.progress.Store(p.info.Offset + p.info.Len)
	at := s.base + int64(s.r)
	if s.r >= s.w && s.eof {
		return err // the input's end
	}
	// The first cut after at.
	f := p.feed
	f.drop(at)
	var next *chunk
	for i := 0; next == nil; i++ {
		if i == len(f.chunks) {
			c, terr := p.take()
			if terr != nil || c == nil {
				return err
			}
			f.chunks = append(f.chunks, c)
		}
		if c := f.chunks[i]; c.off > at {
			next = c
			if !c.cut {
				return err
			}
		}
	}
	if s.long || tokenAhead(s, next.off) {
		return err
	}
	quiet := quietTo(&p.quiet, f.span(at, next.off), s.lineStart, at)
	p.checked += p.quiet.base + int64(p.quiet.w) - at
	if !quiet {
		return err
	}
	// Back to the chunks: next and those after it.
	p.base += s.games
	for i, c := range f.chunks {
		if c == next {
			p.ahead = append(f.chunks[i:len(f.chunks):len(f.chunks)], p.ahead...)
			break
		}
	}
	p.seq.src, p.feed = nil, nil
	p.seq = nil
	return err
}

// feed is the input in order, from the chunks: the src of the Reader that
// reads where a cut did not hold.
type feed struct {
	p      *ParallelReader
	chunks []*chunk // from the one that holds the reader's line on
	i, pos int      // the next byte: chunks[i].data[pos]
}

func (f *feed) Read(b []byte) (int, error) {
	for {
		if f.i == len(f.chunks) {
			// The chunks before the reader's buffer are read and will not
			// be again (it unreads no token it no longer holds; the check
			// of a cut reads from the game's end on): a game, or a line,
			// over many chunks holds few.
			f.drop(f.p.seq.base)
			c, err := f.p.take()
			if err != nil {
				return 0, err
			}
			if c == nil {
				return 0, io.EOF
			}
			f.chunks = append(f.chunks, c)
			f.p.feedMost = max(f.p.feedMost, len(f.chunks))
		}
		c := f.chunks[f.i]
		if f.pos < len(c.data) {
			n := copy(b, c.data[f.pos:])
			f.pos += n
			return n, nil
		}
		if c.last {
			if c.err != nil {
				return 0, c.err
			}
			return 0, io.EOF
		}
		f.i++
		f.pos = 0
	}
}

// drop lets go of the chunks read that end before off.
func (f *feed) drop(off int64) {
	k := 0
	for k < f.i && f.chunks[k].end() <= off {
		f.p.recycle(f.chunks[k])
		k++
	}
	f.chunks = f.chunks[k:]
	f.i -= k
}

// span returns a reader of the input from off to end, both within the
// feed's chunks.
func (f *feed) span(off, end int64) io.Reader {
	var rs []io.Reader
	for _, c := range f.chunks {
		lo, hi := max(off, c.off), min(end, c.end())
		if lo < hi {
			rs = append(rs, bytes.NewReader(c.data[lo-c.off:hi-c.off]))
		}
	}
	return io.MultiReader(rs...)
}

// Info returns what the last game read is and where it lies, as
// Reader.Info does; valid until the next Read.
func (p *ParallelReader) Info() *GameInfo { return &p.info }

// Progress returns the input offset up to which games have been handed
// over (after the last game read), for a progress bar; safe to call from
// any goroutine.
func (p *ParallelReader) Progress() int64 { return p.progress.Load() }

// stop ends the reading for the context's error err: a *Error wrapping
// it, once, then io.EOF; or ErrClosed's, where Close cancelled it.
func (p *ParallelReader) stop(err error) error {
	p.finish()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return closedErr("Read")
	}
	return &Error{Msg: "ParallelReader.Read: " + err.Error(), Err: err}
}

// finish stops the goroutines and waits for them.
func (p *ParallelReader) finish() {
	p.done = true
	if p.cancel != nil {
		p.cancel()
		p.wg.Wait()
	}
}

// Close stops the goroutines and waits for them to end, and for the read
// of the input under way, if any, to return (an input that blocks, a
// pipe nothing is written to, holds Close until it does). It may be
// called from another goroutine than Read's: a Read waiting then returns
// a *Error wrapping ErrClosed, as does every Read after Close, and a
// second Close.
func (p *ParallelReader) Close() error {
	p.mu.Lock()
	closed, started := p.closed, p.started
	p.closed = true
	p.mu.Unlock()
	if closed {
		return closedErr("Close")
	}
	if started {
		p.cancel()
		p.wg.Wait()
	}
	return nil
}
