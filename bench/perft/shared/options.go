// Package shared is what every slider mode's copy of bench/perft's search
// shares: the options and results of a run, the modes' names, the
// transposition table and the NNUE load's network. Nothing here depends on
// the move generator's types, so one copy serves every mode's copy of the
// generator (bench/perft/search).
package shared

import (
	"fmt"
	"strings"
	"time"

	"github.com/symmagic/attacks/internal/board"
)

// Mode names a slider mode at run time: Perft, Divide and Run choose the
// generator's copy by it once, at the root.
type Mode uint8

const (
	ModeW Mode = iota
	ModeStd
	ModeFancy
	ModePlain
	ModeOcc
	ModeBlack
	ModeHyperbola
	ModeKindergarten
	ModeFancyMask
	ModeByte
	ModeStdSmall
)

var modeNames = [...]string{ModeW: "w", ModeStd: "std", ModeFancy: "fancy", ModePlain: "plain", ModeOcc: "occ", ModeBlack: "black", ModeHyperbola: "hyperbola", ModeKindergarten: "kindergarten", ModeFancyMask: "fancymask", ModeByte: "byte", ModeStdSmall: "stdsmall"}

// Modes lists every mode: the three ways to adopt the package (w, occ, std),
// the three magic yardsticks and the two small-table ones.
var Modes = []Mode{ModeW, ModeOcc, ModeStd, ModeFancy, ModePlain, ModeBlack, ModeHyperbola, ModeKindergarten}

// Variants lists the modes that take one technique's lookup a step
// towards another's, to measure what separates them (bench/cmd/variants):
// fancy magic with the drop-in's key mask (fancymask), fancy magic's keys
// through a byte index, the W system's two loads without its sharing
// (byte), and std with a Position 16 bytes smaller (stdsmall). No other
// command runs them.
var Variants = []Mode{ModeFancyMask, ModeByte, ModeStdSmall}

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", m)
}

// ParseMode reads a mode's name: "w", "occ", "std", "fancy", "plain",
// "black", "hyperbola" or "kindergarten".
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if n == s {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("unknown slider mode %q (want %s)", s, strings.Join(modeNames[:], ", "))
}

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

// Options configure Run. The zero value is a single-threaded perft in mode
// W without a table or load, the search of Perft.
type Options struct {
	Mode    Mode
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
	Progress         func(Progress)
	ProgressInterval time.Duration

	// Buckets, if above 0, is the table's bucket count, a power of two,
	// in place of HashMB's (tests: tables of a few buckets).
	Buckets int
}

// HashEntries returns the number of entries a table of mb MiB holds.
func HashEntries(mb int) int {
	if mb <= 0 {
		return 0
	}
	return HashBuckets(mb) * bucketWords / 2
}

// Validate reports an option Run would reject.
func (o Options) Validate() error {
	if int(o.Mode) >= len(modeNames) {
		return fmt.Errorf("unknown slider mode %d", o.Mode)
	}
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

// Move is the move of a Count: the library's move type, which every
// mode's copy of the generator converts its moves to (they are the same
// sixteen bits).
type Move = board.Move

// Count is one root move's share of a perft.
type Count struct {
	Move  Move
	Nodes uint64
}

// Lists is what a mode's generator lists at a position (search.Lists).
type Lists struct {
	Moves    []Move   // the legal moves, in the generator's order
	After    []uint64 // the Polyglot key of the position after each, which Play keeps
	Tactical []Move   // the captures and promotions alone
	Count    int      // the count of the legal moves, none written
}

// MaxPerftDepth is the deepest perft a run goes to.
const MaxPerftDepth = board.MaxPerftDepth
