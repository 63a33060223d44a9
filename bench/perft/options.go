package perft

import (
	"fmt"
	"math/bits"
	"strings"
	"time"

	"github.com/symmagic/attacks/movegen"
)

// The options and results of a run, which the driver and the workers
// share: nothing here depends on a mode's lookups.

// Load is the memory load a perft carries besides its own tables.
type Load uint8

const (
	LoadNone Load = iota
	// LoadNNUE updates a network's first-layer accumulators on every move
	// made (see NNUE).
	LoadNNUE
)

var loadNames = [...]string{LoadNone: "none", LoadNNUE: "nnue"}

func (l Load) String() string {
	if int(l) < len(loadNames) {
		return loadNames[l]
	}
	return fmt.Sprintf("Load(%d)", l)
}

// ParseLoad reads a load's name: "none" or "nnue".
func ParseLoad(s string) (Load, error) {
	for i, n := range loadNames {
		if n == s {
			return Load(i), nil
		}
	}
	return 0, fmt.Errorf("unknown load %q (want %s)", s, strings.Join(loadNames[:], ", "))
}

// Options configure a run. The zero value is a single-threaded perft without
// a table or load: the generator's own perft below the top plies. They
// cross from the driver to a worker as JSON; Progress stays with the caller.
type Options struct {
	Threads int // goroutines sharing the root moves; below 1 means 1
	// HashMB is the transposition table's size in MiB (0: none), rounded
	// down to a power-of-two number of 64-byte buckets of 4 entries (see
	// HashEntries). The threads share it.
	HashMB int
	Load   Load
	NNUE   NNUE // the net's shape when Load is LoadNNUE
	// Progress, if set, is called about every ProgressInterval (default 1
	// s) while Run runs, from a goroutine of its own, never after Run has
	// returned.
	Progress         func(Progress) `json:"-"`
	ProgressInterval time.Duration

	// Buckets, if above 0, is the table's bucket count, a power of two,
	// in place of HashMB's (tests: tables of a few buckets).
	Buckets int

	// Kernel is the attacks kernel a worker sets before the run ("": the
	// build's default), which occ mode's NewOccupancy permutes with; the
	// other modes call none.
	Kernel string
	// CPUProfile, if set, is a file a worker writes the run's CPU profile
	// to.
	CPUProfile string
}

// The transposition table's geometry (search.Table): 64-byte buckets of
// four 16-byte entries.
const (
	BucketBytes   = 64
	BucketEntries = 4
	MaxHashMB     = 1 << 16 // 64 GiB: the largest table Options allow
)

// HashBuckets returns the buckets a table of mb MiB holds: mb MiB divided
// into 64-byte buckets, rounded down to a power of two.
func HashBuckets(mb int) int {
	n := (mb << 20) / BucketBytes
	return 1 << (bits.Len(uint(n)) - 1)
}

// HashEntries returns the number of entries a table of mb MiB holds.
func HashEntries(mb int) int {
	if mb <= 0 {
		return 0
	}
	return HashBuckets(mb) * BucketEntries
}

// Validate reports an option a run would reject.
func (o Options) Validate() error {
	if o.HashMB < 0 || o.HashMB > MaxHashMB {
		return fmt.Errorf("hash %d MB: want 0 (none) to %d", o.HashMB, MaxHashMB)
	}
	switch o.Load {
	case LoadNone:
	case LoadNNUE:
		return o.NNUE.Validate()
	default:
		return fmt.Errorf("unknown load %d", o.Load)
	}
	return nil
}

// Progress is a snapshot of a running perft.
type Progress struct {
	Nodes     uint64        // leaf nodes counted so far
	Elapsed   time.Duration // since the search started
	Done      int           // root moves finished
	Total     int           // root moves in all
	DoneNodes uint64        // the finished root moves' nodes
}

// ETA estimates the time left: the finished root moves' mean size times the
// root moves, less the nodes counted, at the speed so far. It is false
// until a root move has finished, and whenever the estimate runs out while
// the search goes on.
func (p Progress) ETA() (time.Duration, bool) {
	if p.Done == 0 || p.Nodes == 0 || p.Elapsed <= 0 {
		return 0, false
	}
	if p.Done == p.Total {
		return 0, true
	}
	left := float64(p.DoneNodes)/float64(p.Done)*float64(p.Total) - float64(p.Nodes)
	if left <= 0 {
		return 0, false
	}
	return time.Duration(left / float64(p.Nodes) * float64(p.Elapsed)), true
}

// Result is what Run found.
type Result struct {
	// Nodes is the leaf count: perft(depth). After a stop it is the nodes
	// counted before the search noticed, finished root moves and parts of
	// the others.
	Nodes uint64
	// Moves are the finished root moves' counts, sorted by UCI name: every
	// legal move unless Stopped.
	Moves     []Count
	RootMoves int           // legal moves at the root
	Stopped   bool          // the context ended the search: counts are partial
	Elapsed   time.Duration // the search, without building the table or net

	HashEntries  int    // the table's entries (0: no table)
	Probes, Hits uint64 // table look-ups and the ones that found the count

	// Updates is the number of accumulator pairs computed, one per move
	// made (bulk counting makes no move at the last ply); Refreshes the
	// perspectives among them recomputed from scratch after a king move.
	Updates, Refreshes uint64
	// Checksum folds one value of each perspective of every accumulator
	// computed into a sum, so the load's work is used. Without a table it
	// depends on the position and depth only: not on the mode or threads.
	Checksum uint64
}

// Count is one root move's share of a perft.
type Count struct {
	Move  movegen.Move
	Nodes uint64
}

// Lists is what a mode's generator lists at a position (search.Lists).
type Lists struct {
	Moves    []movegen.Move // the legal moves, in the generator's order
	After    []uint64       // the Polyglot key of the position after each, which Play keeps
	Tactical []movegen.Move // the captures and promotions alone
	Count    int            // the count of the legal moves, none written
}

// MaxPerftDepth is the deepest perft a run goes to.
const MaxPerftDepth = movegen.MaxPerftDepth

// The NNUE load gives perft the memory traffic of an efficiently updated
// network's first layer, the part of an engine's evaluation that runs on
// every move: an int16 weight matrix of F features by H hidden units, and
// for each position two accumulators of H int16, one per perspective (the
// side whose king the features are relative to), each the sum of the
// weight rows of the position's active features plus a bias.
//
// Features: a perspective's feature of a piece is (king bucket, piece,
// square), 16 king buckets x 12 pieces x 64 squares = 12,288 by default.
// Pieces are counted as own/enemy and squares flipped vertically for
// black, so both perspectives read the one matrix. The king bucket comes
// from the perspective's own king square: with 4 to 32 buckets the board is
// mirrored so that the king stands on files a-d (the features' squares
// mirrored with it), and the buckets are the king's (mirrored) file times a
// group of ranks counted from its own back rank:
//
//	buckets  rank groups
//	1        one bucket, no mirroring (never refreshes)
//	4        1-8 (the file alone)
//	8        1, 2-8
//	16       1, 2, 3-4, 5-8 (the default)
//	32       each rank (the king layout of Stockfish's HalfKAv2_hm)
//	64       every king square, no mirroring
//
// A made move changes 2 to 4 features: the piece leaves its square and
// arrives (as the promoted piece after a promotion), a captured piece
// leaves, and castling moves the rook too. The child's accumulators are the
// parent's with those rows added and subtracted, in one pass that reads the
// parent's accumulator and the rows and writes the child's (as engines
// do). A king move that changes its own perspective's bucket or mirroring
// changes every feature of that perspective: that accumulator is refreshed,
// recomputed from the bias and the rows of all pieces, as an engine without
// a refresh cache does. Arithmetic wraps, as int16 SIMD adds do; it makes
// an accumulator a function of the position alone, however it was reached.
type NNUE struct {
	Buckets int // king buckets: 1, 4, 8, 16, 32 or 64 (0: 16)
	Hidden  int // H, the accumulator width: 1 to 16384 (0: 1024)
}

const (
	defaultBuckets = 16
	defaultHidden  = 1024
	maxHidden      = 1 << 14
	PieceFeatures  = 768 // features a king bucket: 12 pieces x 64 squares
)

// WithDefaults returns c with the default of each field left 0.
func (c NNUE) WithDefaults() NNUE {
	if c.Buckets == 0 {
		c.Buckets = defaultBuckets
	}
	if c.Hidden == 0 {
		c.Hidden = defaultHidden
	}
	return c
}

// Features returns F, the feature count: 768 a king bucket.
func (c NNUE) Features() int { return PieceFeatures * c.WithDefaults().Buckets }

// WeightBytes returns the size of the weight matrix, F x H x 2 bytes.
func (c NNUE) WeightBytes() int { c = c.WithDefaults(); return c.Features() * c.Hidden * 2 }

func (c NNUE) String() string {
	c = c.WithDefaults()
	return fmt.Sprintf("%d king buckets x %d = %d features, %d hidden, %d weight bytes",
		c.Buckets, PieceFeatures, c.Features(), c.Hidden, c.WeightBytes())
}

// Validate reports a bucket count or width the load does not support.
func (c NNUE) Validate() error {
	c = c.WithDefaults()
	switch c.Buckets {
	case 1, 4, 8, 16, 32, 64:
	default:
		return fmt.Errorf("nnue: %d king buckets: want 1, 4, 8, 16, 32 or 64", c.Buckets)
	}
	if c.Hidden < 1 || c.Hidden > maxHidden {
		return fmt.Errorf("nnue: %d hidden units: want 1 to %d", c.Hidden, maxHidden)
	}
	return nil
}
