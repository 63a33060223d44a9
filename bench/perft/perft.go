// Package perft measures the sliding-attack lookups under a real workload:
// perft, counting the leaf nodes of the legal game tree to a fixed depth,
// on the library's move generator, package movegen, with a choice of
// lookup.
//
// A Mode names the lookup: the three ways to adopt package attacks (w,
// occ, std) and the techniques it is measured against (fancy, plain and
// black magic, hyperbola quintessence, kindergarten), and the variants that
// lie between them. Each mode is one file of sliders/ that stands in for
// movegen's slider.go, the one file of the generator that knows how rook
// and bishop attacks are found, in a build of the generator of its own: go
// build -overlay puts the file in slider.go's place, so every mode is the
// very generator users run, with the mode's lookups inlined into it, and
// nothing is copied (Stockfish picks its technique with one #ifdef in
// attacks.h, cozy-chess with a cargo feature of one sliders module). w is
// movegen as it is, with no file put in its place.
//
// The driver builds the worker command (./worker) once for each mode and
// talks to its processes: Start runs one, and Worker.Run runs a perft in
// it with the options a search takes (threads, a transposition table, the
// NNUE-shaped load), reporting progress and stopping when the context
// ends. The search is package search, on movegen's public API, the same
// code in every mode's build. Comparisons run the builds in interleaved
// rounds (bench/internal/perfload). BuildPadded builds a mode with its
// code moved by a chosen number of bytes and nothing else changed
// (package pad; cmd/placement times such builds).
//
// The tests check the builds against each other and the published counts:
// every count of internal/perftdata up to 5,000,000 nodes in every mode
// (all of them with -deep), the same moves, counts, captures and positions
// after each move at every position of a walk three plies deep, one
// Position size, and no call and no bounds check in any mode's compiled
// lookups:
//
//	go test ./perft            # a minute or two: builds every mode
//	go test ./perft -deep      # also the rows up to 8 billion nodes
package perft

import (
	"fmt"
	"strings"

	"github.com/symmagic/attacks/bench/ref"
)

// Mode is a slider mode: a technique's name, as in Techniques.
type Mode string

// Technique is one mode: its line in Techniques.
type Technique struct {
	Mode  Mode
	Title string // what it looks up, for tables
	// Seam is how a build puts the mode's lookups in the generator:
	// SeamNone, SeamFile, SeamBitboard or SeamKept.
	Seam    string
	Variant bool // a step between two techniques, which only cmd/variants runs
	// SIMD says the mode needs the simd build (GOEXPERIMENT=simd on amd64)
	// and AVX2: Modes lists it only in such a build on such a CPU.
	SIMD bool
}

// The seams: how a mode's file of sliders/ joins the generator.
const (
	// SeamNone: the mode is movegen's own slider.go (w).
	SeamNone = ""
	// SeamFile: sliders/MODE.go stands in for slider.go.
	SeamFile = "file"
	// SeamBitboard: sliders/bitboard.go stands in for slider.go, the seam
	// for any lookup of a standard bitboard, and sliders/MODE.go beside it
	// defines the lookups, rookAttacks and bishopAttacks.
	SeamBitboard = "bitboard"
	// SeamKept: sliders/wkept.go stands in for slider.go, the seam for any
	// lookup of the W occupancy the position keeps as movegen does, and
	// sliders/MODE.go beside it defines the lookups, rookAttacks and
	// bishopAttacks.
	SeamKept = "kept"
)

// Techniques lists every mode: adding a technique is adding its file to
// sliders/ and its line here.
var Techniques = []Technique{
	{ModeW, "the W lookups of the occupancy in W layout that the position keeps and every move updates: movegen as it is", SeamNone, false, false},
	{ModeOcc, "the W lookups of an attacks.Occupancy made from the occupancy once per node (NewOccupancy): package attacks adopted without touching the position", SeamFile, false, false},
	{ModeStd, "attacks.Rook and attacks.Bishop on the occupancy: the drop-in", SeamBitboard, false, false},
	{ModeFancy, "fancy magic, as Stockfish wrote it until 2026 (bench/ref)", SeamBitboard, false, false},
	{ModePlain, "plain magic, fixed shifts 12 and 9 (bench/ref)", SeamBitboard, false, false},
	{ModeBlack, "black magic, fixed shifts and one overlapped array (bench/ref)", SeamBitboard, false, false},
	{"lanes", "hyperbola quintessence in AVX2 lanes with a rank table, as Stockfish computes attacks on AVX2 machines since 2026 (bench/ref; the simd build only)", SeamBitboard, false, true},
	{"lanes2", "the same in two 128-bit lanes: a bishop's diagonals in one vector, a rook's file in another, no VZEROUPPER (bench/ref; the simd build only)", SeamBitboard, false, true},
	{"hyperbola", "hyperbola quintessence, scalar, with a rank table (bench/ref)", SeamBitboard, false, false},
	{"kindergarten", "kindergarten bitboards (bench/ref)", SeamBitboard, false, false},

	{"fancymask", "variant: fancy magic with its key ANDed with a mask from the record, as the drop-in's rook keys were until they needed none", SeamBitboard, true, false},
	{"byte", "variant: fancy magic's keys through a byte index to the square's attack sets, the W system's two dependent loads without its sharing", SeamBitboard, true, false},
	{"wb1", "variant: the W lookups with the bishops in one load, each bishop square's own table of attack sets at every W key (bench/ref), the rooks as w's", SeamKept, true, false},
	{"w1", "variant: the W lookups with rooks and bishops in one load (bench/ref): w without its second dependent load", SeamKept, true, false},
	{"stdsmall", "variant: std with a Position 8 bytes smaller, without the room the other modes keep for the W occupancy", SeamFile, true, false},
}

// The modes that code names: the ways in and the magic yardsticks.
const (
	ModeW     Mode = "w"
	ModeOcc   Mode = "occ"
	ModeStd   Mode = "std"
	ModeFancy Mode = "fancy"
	ModePlain Mode = "plain"
	ModeBlack Mode = "black"
)

// Magics are the magic-bitboard yardsticks, the fastest of which is every
// comparison's base.
var Magics = []Mode{ModeFancy, ModePlain, ModeBlack}

// Modes returns the modes compared in every measurement (no variant), in
// Techniques' order.
func Modes() []Mode { return modes(false) }

// Variants returns the variant modes (cmd/variants).
func Variants() []Mode { return modes(true) }

func modes(variant bool) []Mode {
	var ms []Mode
	for _, t := range Techniques {
		if t.Variant == variant && (!t.SIMD || ref.HasLanes) {
			ms = append(ms, t.Mode)
		}
	}
	return ms
}

// Lookup returns m's technique.
func Lookup(m Mode) (Technique, bool) {
	for _, t := range Techniques {
		if t.Mode == m {
			return t, true
		}
	}
	return Technique{}, false
}

// ParseMode reads a mode's name.
func ParseMode(s string) (Mode, error) {
	if _, ok := Lookup(Mode(s)); ok {
		return Mode(s), nil
	}
	names := make([]string, len(Techniques))
	for i, t := range Techniques {
		names[i] = string(t.Mode)
	}
	return "", fmt.Errorf("unknown slider mode %q (want %s)", s, strings.Join(names, ", "))
}
