package pgn

import "io"

// NewDecompressorSync is NewDecompressor without the goroutine: the input
// decompressed on the caller's, as Read is called, for the benchmarks
// that measure what the goroutine gives.
func NewDecompressorSync(r io.Reader) (*File, error) { return newDecompressor(r, false) }

// SetZstdConcurrency sets the zstd decoder's concurrency of the Files
// made after it, returning the old value, for the benchmarks.
func SetZstdConcurrency(n int) int {
	old := zstdConcurrency
	zstdConcurrency = n
	return old
}

// SetMaxZstdWindow sets the largest zstd window of the Files made after
// it, returning the old value: the fuzz test lowers it, to keep each
// input's memory small.
func SetMaxZstdWindow(n uint64) uint64 {
	old := maxZstdWindow
	maxZstdWindow = n
	return old
}
