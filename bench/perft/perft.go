// Package perft measures the sliding-attack lookups under a real workload:
// perft, counting the leaf nodes of the legal game tree to a fixed depth,
// on the library's move generator (internal/board, the generator package
// movegen runs), with a choice of lookup.
//
// A Mode names the lookup: the three ways to adopt package attacks (w,
// occ, std) and the techniques it is measured against (fancy, plain and
// black magic, hyperbola quintessence, kindergarten). Each mode is a
// compiled copy of the generator of its own (see internal/board's Slider),
// chosen once at the root, so comparing the modes measures the lookups, not
// a dispatch, on the very code users run.
//
// Perft and Divide are the generator's own. Run is the benchmark's version:
// threads, a transposition table shared by them (Options.HashMB), the memory
// load of an engine's network updates (Options.Load, see NNUE), progress
// reports and a stop by context. Without a table or load it runs the
// generator's perft below its top plies.
//
// The tests check every published count of internal/perftdata up to
// 5,000,000 nodes in every mode, and all of them with -deep:
//
//	go test ./perft                       # a few seconds
//	go test ./perft -deep                 # also the rows up to 8 billion nodes, on every CPU
//	go test ./perft -run x -bench Perft   # nodes per second, single-threaded
//
// The independent oracle checks the generator through movegen, the public
// package, in the library's tests.
package perft

import (
	"context"
	"fmt"
	"strings"

	_ "github.com/symmagic/attacks/bench/ref" // fills internal/yardstick's tables at its init: the yardstick modes look them up
	"github.com/symmagic/attacks/internal/board"
)

// Position is the generator's position.
type Position = board.Position

// Count is one root move's share of a perft.
type Count = board.MoveCount

// StartFEN is the initial position.
const StartFEN = board.StartFEN

// StartPosition returns the initial position.
func StartPosition() Position { return board.StartPosition() }

// ParseFEN reads a six-field FEN, standard or Chess960 (X-FEN or
// Shredder-FEN castling); every failure is a *board.FENError naming the
// field.
func ParseFEN(fen string) (Position, error) { return board.ParseFEN(fen) }

// Perft counts the leaf nodes of the legal game tree of p to depth plies
// (1 at depth 0), single-threaded, with the given slider mode.
func Perft(p *Position, depth int, mode Mode) uint64 { return modes[mode.index()].perft(p, depth) }

// Divide returns, for each legal move of p, the perft of the position after
// it to depth-1, sorted by the moves' UCI names. threads goroutines share
// the root moves. Depth 0 has no moves: nil.
func Divide(p *Position, depth int, mode Mode, threads int) []Count {
	return modes[mode.index()].divide(p, depth, threads)
}

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
)

// byMode is a mode's copies of the generator's entry points.
type byMode struct {
	perft  func(*Position, int) uint64
	divide func(*Position, int, int) []Count
	run    func(context.Context, *Position, int, Options) (Result, error)
}

func modeOf[S board.Slider]() byMode {
	return byMode{board.Perft[S], board.Divide[S], runMode[S]}
}

var modes = [...]byMode{
	ModeW:            modeOf[board.W](),
	ModeStd:          modeOf[board.Std](),
	ModeFancy:        modeOf[board.Fancy](),
	ModePlain:        modeOf[board.Plain](),
	ModeOcc:          modeOf[board.Occ](),
	ModeBlack:        modeOf[board.BlackMagic](),
	ModeHyperbola:    modeOf[board.Hyperbola](),
	ModeKindergarten: modeOf[board.Kindergarten](),
}

var modeNames = [...]string{ModeW: "w", ModeStd: "std", ModeFancy: "fancy", ModePlain: "plain", ModeOcc: "occ", ModeBlack: "black", ModeHyperbola: "hyperbola", ModeKindergarten: "kindergarten"}

// Modes lists every mode: the three ways to adopt the package (w, occ, std),
// the three magic yardsticks and the two small-table ones.
var Modes = []Mode{ModeW, ModeOcc, ModeStd, ModeFancy, ModePlain, ModeBlack, ModeHyperbola, ModeKindergarten}

// index returns m, or ModeW for a value no mode has (Run rejects one
// first).
func (m Mode) index() Mode {
	if int(m) < len(modes) {
		return m
	}
	return ModeW
}

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
