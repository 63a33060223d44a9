package pgn

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"strings"
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
