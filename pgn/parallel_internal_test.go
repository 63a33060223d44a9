package pgn

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"
	"testing"
)

// TestParallelCutsHold: on files of real games (The Week in Chess, a
// lichess.org export), every cut holds: each game comes from a worker's
// chunk, none is read again in order.
func TestParallelCutsHold(t *testing.T) {
	for _, f := range []string{"testdata/notnil__twic0920.pgn", "testdata/corentings__lichess-big.pgn.gz"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f, ".gz") {
			zr, err := gzip.NewReader(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if data, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		p := NewParallelReader(context.Background(), bytes.NewReader(data))
		p.Workers, p.ChunkSize = 2, 32<<10
		var g Game
		games := 0
		for {
			err := p.Read(&g)
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			games++
		}
		if p.seqStarts != 0 || p.chunkGames != games {
			t.Errorf("%s: %d games, %d from chunks, %d read again in order from %d chunks", f, games, p.chunkGames, p.seqGames, p.seqStarts)
		}
		if p.Progress() != int64(len(bytes.TrimRight(data, " \r\n"))) {
			t.Errorf("%s: progress %d of %d bytes", f, p.Progress(), len(data))
		}
	}
}

// TestParallelHostileInOrder: where no cut holds (no blank line between
// games), every game is read again in order, and the reading stays
// linear: each chunk read at most twice.
func TestParallelHostileInOrder(t *testing.T) {
	game := "[Event \"a\"]\n1. e4 e5 2. Nf3 Nc6 *\n"
	data := strings.Repeat(game, 2000)
	p := NewParallelReader(context.Background(), strings.NewReader(data))
	p.Workers, p.ChunkSize = 2, 1024
	var g Game
	games := 0
	for p.Read(&g) != io.EOF {
		games++
	}
	if games != 2000 || p.seqGames != games || p.seqStarts != 1 {
		t.Errorf("%d games, %d read in order from %d starts", games, p.seqGames, p.seqStarts)
	}
}

// TestParallelOneLongReadBounded: a Read in order that goes over many
// chunks (a comment never closed, read to the input's end as a Reader
// reads it) holds a few of them at a time, not all: those it has read
// past are let go as it goes.
func TestParallelOneLongReadBounded(t *testing.T) {
	data := "[Event \"x\"]\n\n1. e4 {" + strings.Repeat("a comment never closed\n", 200000)
	for _, workers := range []int{1, 2} {
		p := NewParallelReader(context.Background(), strings.NewReader(data))
		p.Workers, p.ChunkSize = workers, 64<<10
		var g Game
		reads := 0
		for p.Read(&g) != io.EOF {
			reads++
		}
		if reads != 1 || p.seqGames != 1 {
			t.Errorf("workers %d: %d reads, %d in order; want the one game in order", workers, reads, p.seqGames)
		}
		// The chunk the reader's line is in, the one it reads, and one
		// for the Reader's 64 KiB buffer: not the input's 35.
		if p.feedMost > 3 {
			t.Errorf("workers %d: %d chunks held at once, of %d bytes in chunks of %d", workers, p.feedMost, len(data), p.ChunkSize)
		}
	}
}

// blocking is an input whose Read waits until released, saying when it
// is first called.
type blocking struct {
	reading, release chan struct{}
	once             sync.Once
}

func (b *blocking) Read([]byte) (int, error) {
	b.once.Do(func() { close(b.reading) })
	<-b.release
	return 0, errors.New("released")
}

// TestParallelStopWhileReading: a Read that waits for the input ends when
// Close, or the context's cancel, comes on another goroutine while
// Progress is asked from a third: with an error wrapping ErrClosed (or
// context.Canceled), once the input's read under way returns, which Close
// waits for. A second Close, and a Read after Close, say ErrClosed.
func TestParallelStopWhileReading(t *testing.T) {
	for _, how := range []string{"Close", "cancel"} {
		ctx, cancel := context.WithCancel(context.Background())
		src := &blocking{reading: make(chan struct{}), release: make(chan struct{})}
		p := NewParallelReader(ctx, src)
		p.Workers = 2
		readErr := make(chan error)
		go func() {
			var g Game
			readErr <- p.Read(&g)
		}()
		<-src.reading // the goroutines run: Read waits for them
		closeErr := make(chan error, 1)
		if how == "Close" {
			go func() { closeErr <- p.Close() }()
		} else {
			go cancel()
			closeErr <- nil
		}
		<-p.ctx.Done()
		if n := p.Progress(); n != 0 {
			t.Errorf("%s: progress %d before any game", how, n)
		}
		close(src.release)
		err := <-readErr
		if want := map[string]error{"Close": fs.ErrClosed, "cancel": context.Canceled}[how]; !errors.Is(err, want) {
			t.Errorf("%s: the waiting Read's error %v, want one wrapping %v", how, err, want)
		}
		if err := <-closeErr; err != nil {
			t.Errorf("%s: Close: %v", how, err)
		}
		var g Game
		if how == "cancel" {
			if err := p.Read(&g); err != io.EOF {
				t.Errorf("cancel: the next Read: %v, want io.EOF", err)
			}
			if err := p.Close(); err != nil {
				t.Errorf("cancel: Close: %v", err)
			}
		}
		if err := p.Close(); !errors.Is(err, ErrClosed) {
			t.Errorf("%s: a second Close: %v, want an error wrapping ErrClosed", how, err)
		}
		if err := p.Read(&g); !errors.Is(err, ErrClosed) {
			t.Errorf("%s: Read after Close: %v, want an error wrapping ErrClosed", how, err)
		}
		cancel()
	}
}

// TestParallelCloseAtFirstRead: Close on another goroutine as the first
// Read starts the goroutines: the Read gives its game or ErrClosed's
// error, and the goroutines end (the race detector watches).
func TestParallelCloseAtFirstRead(t *testing.T) {
	for range 20 {
		p := NewParallelReader(context.Background(), strings.NewReader(strings.Repeat("1. e4 e5 *\n\n", 100)))
		p.ChunkSize = 64
		readErr := make(chan error)
		go func() {
			var g Game
			readErr <- p.Read(&g)
		}()
		if err := p.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
		if err := <-readErr; err != nil && !errors.Is(err, ErrClosed) {
			t.Fatalf("the first Read, Close at its start: %v", err)
		}
	}
}

// TestParallelCancelInOrder: the context cancelled while the reading in
// order (no blank line between games: no cut holds) waits for the input
// ends it with the context's error, then io.EOF.
func TestParallelCancelInOrder(t *testing.T) {
	games := strings.Repeat("[Event \"a\"]\n1. e4 e5 2. Nf3 Nc6 *\n", 200)
	src := &blocking{reading: make(chan struct{}), release: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p := NewParallelReader(ctx, io.MultiReader(strings.NewReader(games), src))
	p.Workers, p.ChunkSize = 2, 256
	var g Game
	if err := p.Read(&g); err != nil || p.seqStarts != 1 {
		t.Fatalf("the first game: %v, %d starts in order", err, p.seqStarts)
	}
	done := make(chan error)
	go func() {
		for {
			if err := p.Read(&g); err != nil {
				done <- err
				return
			}
		}
	}()
	<-src.reading // every game is in the chunks: Read waits for more
	cancel()
	close(src.release)
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("the Read the cancel ends: %v, want an error wrapping context.Canceled", err)
	}
	if err := p.Read(&g); err != io.EOF {
		t.Errorf("the next Read: %v, want io.EOF", err)
	}
	if p.seqStarts != 1 || p.chunkGames != 0 {
		t.Errorf("%d games in order from %d starts, %d from chunks: want them all in order", p.seqGames, p.seqStarts, p.chunkGames)
	}
}

// TestParallelLongLineBounded: games on one long line, read in order (no
// cut holds within it), then a cut: the checks of the cut after each game
// read from the game's end, not from the line's start again (which made
// the time the square of the line's length), and the chunks the line
// spans are let go of as the in-order Reader reads past them, even where
// the line is over Limits.Line and the Reader drops it unheld.
func TestParallelLongLineBounded(t *testing.T) {
	game, good := "1. e4 e5 2. Nf3 Nc6 * ", "[Event \"a\"]\n\n1. d4 d5 *\n\n"
	for _, c := range []struct {
		name string
		text string
		lim  Limits
	}{
		{"games on a line", strings.Repeat(game, 20000), Limits{}},
		// The first cut, after half a chunk, in a comment: the chunk
		// before it read again in order, a check after each game.
		{"games read in order to a cut", strings.Repeat(good, (16<<10)/len(good)) +
			"1. e4 {" + strings.Repeat("c", 40) + "\n\n[Event \"in it\"]\n\n} *\n\n", Limits{}},
		{"a line over Limits.Line", "1. e4 {" + strings.Repeat("x", 1<<20) + "} *", Limits{Line: 4096}},
	} {
		data := c.text + "\n\n" + strings.Repeat(good, 4000)
		p := NewParallelReader(context.Background(), strings.NewReader(data))
		p.Workers, p.ChunkSize, p.Limits = 2, 32<<10, c.lim
		var g Game
		for p.Read(&g) != io.EOF {
		}
		if p.seqStarts == 0 || p.chunkGames == 0 {
			t.Errorf("%s: %d starts in order, %d games from chunks: want both", c.name, p.seqStarts, p.chunkGames)
		}
		if p.checked > int64(len(data)) {
			t.Errorf("%s: the checks read %d bytes of %d", c.name, p.checked, len(data))
		}
		if c.lim.Line != 0 && p.feedMost > 4 {
			t.Errorf("%s: %d chunks held at once, of %d bytes in chunks of %d", c.name, p.feedMost, len(data), p.ChunkSize)
		}
	}
}
