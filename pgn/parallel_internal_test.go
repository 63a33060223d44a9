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
