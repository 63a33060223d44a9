package search

import (
	"sync/atomic"
	"unsafe"

	"github.com/symmagic/attacks/bench/perft"
)

// Table is the transposition table of the hashed perft: (key, depth,
// count) entries, four to a 64-byte bucket, each bucket one cache line.
//
// An entry is two words: data = count<<8 | depth, and check = key ^ data.
// A probe looks at the four entries of the key's bucket (the key's low
// bits) and takes an entry only if its depth equals the depth asked for and
// check ^ data gives back the full 64-bit key. Threads share the table
// without locks: every word is read and written atomically, and an entry
// torn by two writers (check from one, data from the other) fails the XOR
// test, so a reader never takes half of one entry with half of another.
//
// Replacement: a store takes the entry that already holds the same key and
// depth, else the entry of the smallest depth in the bucket, the count
// breaking ties (an empty entry has depth 0, so it goes first). So a
// bucket keeps the three largest subtrees it has seen and one slot churns
// through the small ones. Entries are never aged: within one perft a deep
// entry stays as valuable as when it was stored.
//
// Only nodes of depth 2 or more are probed and stored: a depth-1 node's
// count is one bulk-counting move generation, cheaper than the cache miss
// of a probe.
type Table struct {
	words []uint64 // 8 a bucket: check0, data0, .., check3, data3
	mask  uint64   // buckets - 1
}

const (
	bucketBytes   = perft.BucketBytes
	bucketWords   = bucketBytes / 8
	maxEntryCount = 1<<56 - 1
)

// NewTable allocates a table of the given number of buckets, a power of
// two, aligned to 64 bytes, and writes it once, so that the page faults
// come before the search starts its clock.
func NewTable(buckets int) *Table {
	words := make([]uint64, (buckets+1)*bucketWords)
	// Skip to the first 64-byte boundary (large allocations are already
	// page-aligned; this keeps small ones to one line a bucket too).
	skip := int(-uintptr(unsafe.Pointer(&words[0]))%bucketBytes) / 8
	words = words[skip : skip+buckets*bucketWords]
	clear(words) // zero already, but this maps the pages now
	return &Table{words: words, mask: uint64(buckets - 1)}
}

// Entries returns the number of entries the table holds.
func (t *Table) Entries() int { return len(t.words) / 2 }

func (t *Table) bucket(key uint64) *[bucketWords]uint64 {
	i := int(key&t.mask) * bucketWords
	return (*[bucketWords]uint64)(t.words[i : i+bucketWords])
}

// Probe returns the count stored for key at depth.
func (t *Table) Probe(key uint64, depth int) (uint64, bool) {
	b := t.bucket(key)
	for i := 0; i < bucketWords; i += 2 {
		d := atomic.LoadUint64(&b[i+1])
		if d&0xff == uint64(depth) && atomic.LoadUint64(&b[i])^d == key {
			return d >> 8, true
		}
	}
	return 0, false
}

// Store records count for key at depth (see table for the scheme). A count
// that does not fit 56 bits, or a depth over 255, is not stored.
func (t *Table) Store(key uint64, depth int, count uint64) {
	if count > maxEntryCount || depth > 0xff {
		return
	}
	b := t.bucket(key)
	victim, vDepth, vCount := 0, uint64(1<<8), uint64(0)
	for i := 0; i < bucketWords; i += 2 {
		d := atomic.LoadUint64(&b[i+1])
		if d&0xff == uint64(depth) && atomic.LoadUint64(&b[i])^d == key {
			victim = i // another thread stored it meanwhile
			break
		}
		if dd, c := d&0xff, d>>8; dd < vDepth || dd == vDepth && c < vCount {
			victim, vDepth, vCount = i, dd, c
		}
	}
	data := count<<8 | uint64(depth)
	atomic.StoreUint64(&b[victim], key^data)
	atomic.StoreUint64(&b[victim+1], data)
}
