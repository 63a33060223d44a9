package pgn_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/symmagic/attacks/pgn"
)

// benchFiles are the benchmarks' files of real games (testdata/README.md):
// The Week in Chess 920, 2,245 games as editors write them, moves alone
// (about 10 bytes a move); and 1,000 lichess.org games of one player,
// every move with its [%clk] comment, most games with [%eval] comments and
// variations (about 55 bytes a move).
var benchFiles = []struct{ name, path string }{
	{"twic", "testdata/notnil__twic0920.pgn"},
	{"lichess", "testdata/corentings__lichess-big.pgn.gz"},
}

// readTestFile reads a test or benchmark file, gunzipped if it is gzipped.
func readTestFile(tb testing.TB, path string) []byte {
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			tb.Fatal(err)
		}
		if data, err = io.ReadAll(zr); err != nil {
			tb.Fatal(err)
		}
	}
	return data
}

// BenchmarkRead reads each file with one Reader and one Game, as a program
// reading files does, every move checked: MB/s of the file; moves/op
// counts every move read (variations' too, but with SkipVariations).
func BenchmarkRead(b *testing.B) {
	for _, skip := range []bool{false, true} {
		for _, f := range benchFiles {
			name := f.name
			if skip {
				name += "/SkipVariations"
			}
			b.Run(name, func(b *testing.B) {
				data := readTestFile(b, f.path)
				r := pgn.NewReader(bytes.NewReader(nil))
				r.SkipVariations = skip
				var g pgn.Game
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				moves := 0
				for i := 0; i < b.N; i++ {
					r.Reset(bytes.NewReader(data))
					moves = 0
					for {
						err := r.Read(&g)
						if err == io.EOF {
							break
						}
						if err != nil {
							b.Fatal(err)
						}
						moves += g.Len() - 1
					}
				}
				b.ReportMetric(float64(moves), "moves/op")
			})
		}
	}
}

// BenchmarkWrite writes each file's games in the export format into one
// reused buffer: MB/s of what it writes.
func BenchmarkWrite(b *testing.B) {
	for _, f := range benchFiles {
		b.Run(f.name, func(b *testing.B) {
			games, errs := readAll(b, string(readTestFile(b, f.path)), false)
			for _, err := range errs {
				if err != nil {
					b.Fatal(err)
				}
			}
			var buf []byte
			n := 0
			for _, g := range games {
				buf = g.AppendPGN(buf[:0])
				n += len(buf)
			}
			b.SetBytes(int64(n))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, g := range games {
					buf = g.AppendPGN(buf[:0])
				}
			}
		})
	}
}

// tagsOnly is a Visitor of the tags alone: the movetext passed over.
type tagsOnly struct{ pgn.NopVisitor }

func (tagsOnly) Movetext() error { return pgn.SkipMovetext }

// BenchmarkTagsOnly scans each file for its tags and results with Visit,
// the movetext passed over unread: MB/s of the file.
func BenchmarkTagsOnly(b *testing.B) {
	for _, f := range benchFiles {
		b.Run(f.name, func(b *testing.B) {
			data := readTestFile(b, f.path)
			r := pgn.NewReader(bytes.NewReader(nil))
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				r.Reset(bytes.NewReader(data))
				for {
					err := r.Visit(tagsOnly{})
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkParallelRead reads both benchmark files, each four times over
// (24 MB, 12,980 games), with a Reader and with a ParallelReader of 1 and
// 2 workers (DefaultChunkSize chunks), every move checked: MB/s, games/s,
// and the heap in use above the input's at its highest (sampled every
// 2,048 games); and, for the ceiling, two Readers each reading half.
func BenchmarkParallelRead(b *testing.B) {
	var data []byte
	for range 4 {
		for _, f := range benchFiles {
			data = append(data, readTestFile(b, f.path)...)
			data = append(data, "\n\n"...)
		}
	}
	for _, workers := range []int{0, 1, 2} {
		name := fmt.Sprintf("workers=%d", workers)
		if workers == 0 {
			name = "Reader"
		}
		b.Run(name, func(b *testing.B) {
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			base, peak := ms.HeapInuse, uint64(0)
			b.SetBytes(int64(len(data)))
			b.ResetTimer()
			games := 0
			for i := 0; i < b.N; i++ {
				var read func(*pgn.Game) error
				var r *pgn.Reader
				var p *pgn.ParallelReader
				if workers == 0 {
					r = pgn.NewReader(bytes.NewReader(data))
					read = r.Read
				} else {
					p = pgn.NewParallelReader(context.Background(), bytes.NewReader(data))
					p.Workers = workers
					read = p.Read
				}
				var g pgn.Game
				for n := 0; ; n++ {
					err := read(&g)
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					games++
					if n%2048 == 0 {
						runtime.ReadMemStats(&ms)
						peak = max(peak, ms.HeapInuse-min(ms.HeapInuse, base))
					}
				}
				if p != nil {
					p.Close()
				}
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
		})
	}
	// The machine's own ceiling for 2 workers: two Readers, each on its
	// own goroutine, reading one half of the input each, nothing shared.
	// A ParallelReader's scaling is worth what this one's is.
	half := len(data) / 2
	half += bytes.Index(data[half:], []byte("\n\n[Event ")) + 2
	b.Run("independent=2", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		var games atomic.Int64
		for i := 0; i < b.N; i++ {
			var wg sync.WaitGroup
			for _, part := range [][]byte{data[:half], data[half:]} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					r := pgn.NewReader(bytes.NewReader(part))
					var g pgn.Game
					for {
						err := r.Read(&g)
						if err == io.EOF {
							return
						}
						if err != nil {
							b.Error(err)
							return
						}
						games.Add(1)
					}
				}()
			}
			wg.Wait()
		}
		b.ReportMetric(float64(games.Load())/b.Elapsed().Seconds(), "games/s")
	})
}
