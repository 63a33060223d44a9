// Package perft measures the sliding-attack lookups under a real workload:
// perft, counting the leaf nodes of the legal game tree to a fixed depth,
// on the library's move generator (internal/board, the generator package
// movegen runs), with a choice of lookup.
//
// A Mode names the lookup: the three ways to adopt package attacks (w,
// occ, std) and the techniques it is measured against (fancy, plain and
// black magic, hyperbola quintessence, kindergarten). Each mode is a copy
// of the generator of its own, with the mode's slider.go, and a copy of
// the search (package search) on it, all written by bench/internal/modegen
// into internal/MODE: chosen once at the root, so comparing the modes
// measures the lookups, not a dispatch, on the very code users run.
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

//go:generate go run ../internal/modegen

import (
	"context"
	"fmt"

	black "github.com/symmagic/attacks/bench/perft/internal/black/search"
	bytevariant "github.com/symmagic/attacks/bench/perft/internal/byte/search"
	fancy "github.com/symmagic/attacks/bench/perft/internal/fancy/search"
	fancymask "github.com/symmagic/attacks/bench/perft/internal/fancymask/search"
	hyperbola "github.com/symmagic/attacks/bench/perft/internal/hyperbola/search"
	kindergarten "github.com/symmagic/attacks/bench/perft/internal/kindergarten/search"
	occ "github.com/symmagic/attacks/bench/perft/internal/occ/search"
	plain "github.com/symmagic/attacks/bench/perft/internal/plain/search"
	std "github.com/symmagic/attacks/bench/perft/internal/std/search"
	stdsmall "github.com/symmagic/attacks/bench/perft/internal/stdsmall/search"
	w "github.com/symmagic/attacks/bench/perft/internal/w/search"
	"github.com/symmagic/attacks/bench/perft/shared"
	"github.com/symmagic/attacks/internal/board"
)

// The options, results and modes, as every mode's search shares them.
type (
	Mode     = shared.Mode
	Options  = shared.Options
	Result   = shared.Result
	Progress = shared.Progress
	Load     = shared.Load
	NNUE     = shared.NNUE
	Count    = shared.Count
)

const (
	ModeW            = shared.ModeW
	ModeStd          = shared.ModeStd
	ModeFancy        = shared.ModeFancy
	ModePlain        = shared.ModePlain
	ModeOcc          = shared.ModeOcc
	ModeBlack        = shared.ModeBlack
	ModeHyperbola    = shared.ModeHyperbola
	ModeKindergarten = shared.ModeKindergarten
	ModeFancyMask    = shared.ModeFancyMask
	ModeByte         = shared.ModeByte
	ModeStdSmall     = shared.ModeStdSmall

	LoadNone = shared.LoadNone
	LoadNNUE = shared.LoadNNUE
)

// Modes lists every mode: the three ways to adopt the package (w, occ, std),
// the three magic yardsticks and the two small-table ones.
var Modes = shared.Modes

// Variants lists the variant modes (shared.Variants).
var Variants = shared.Variants

// ParseMode reads a mode's name; ParseLoad a load's.
var (
	ParseMode = shared.ParseMode
	ParseLoad = shared.ParseLoad
)

// HashEntries returns the number of entries a table of mb MiB holds.
func HashEntries(mb int) int { return shared.HashEntries(mb) }

// Position is the library generator's position, which the callers parse
// FENs into; each mode reads the position's FEN into its own copy.
type Position = board.Position

// StartFEN is the initial position.
const StartFEN = board.StartFEN

// StartPosition returns the initial position.
func StartPosition() Position { return board.StartPosition() }

// ParseFEN reads a six-field FEN, standard or Chess960 (X-FEN or
// Shredder-FEN castling), as every mode's copy of the generator reads it.
func ParseFEN(fen string) (Position, error) { return board.ParseFEN(fen) }

// entry is one mode's copy of the search's entry points.
type entry struct {
	run    func(context.Context, string, int, shared.Options) (shared.Result, error)
	perft  func(string, int) (uint64, error)
	divide func(string, int, int) ([]shared.Count, error)
	lists  func(string) (shared.Lists, error)
	size   int // the copy's Position's size in bytes
}

// modes is each mode's entry points, by Mode.
var modes = [...]entry{
	ModeW:            {w.Run, w.Perft, w.Divide, w.Lists, w.PositionSize},
	ModeStd:          {std.Run, std.Perft, std.Divide, std.Lists, std.PositionSize},
	ModeFancy:        {fancy.Run, fancy.Perft, fancy.Divide, fancy.Lists, fancy.PositionSize},
	ModePlain:        {plain.Run, plain.Perft, plain.Divide, plain.Lists, plain.PositionSize},
	ModeOcc:          {occ.Run, occ.Perft, occ.Divide, occ.Lists, occ.PositionSize},
	ModeBlack:        {black.Run, black.Perft, black.Divide, black.Lists, black.PositionSize},
	ModeHyperbola:    {hyperbola.Run, hyperbola.Perft, hyperbola.Divide, hyperbola.Lists, hyperbola.PositionSize},
	ModeKindergarten: {kindergarten.Run, kindergarten.Perft, kindergarten.Divide, kindergarten.Lists, kindergarten.PositionSize},
	ModeFancyMask:    {fancymask.Run, fancymask.Perft, fancymask.Divide, fancymask.Lists, fancymask.PositionSize},
	ModeByte:         {bytevariant.Run, bytevariant.Perft, bytevariant.Divide, bytevariant.Lists, bytevariant.PositionSize},
	ModeStdSmall:     {stdsmall.Run, stdsmall.Perft, stdsmall.Divide, stdsmall.Lists, stdsmall.PositionSize},
}

// of returns mode m's entry points, or w's for a value no mode has (Run
// rejects one first).
func of(m Mode) *entry {
	if int(m) < len(modes) {
		return &modes[m]
	}
	return &modes[ModeW]
}

// mustFEN is for the functions whose position came from ParseFEN: each
// mode's copy reads the FEN as the library does, so an error is a broken
// copy.
func mustFEN[T any](v T, err error) T {
	if err != nil {
		panic(fmt.Sprintf("perft: a mode's copy of the generator rejects a FEN the library wrote: %v", err))
	}
	return v
}

// Perft counts the leaf nodes of the legal game tree of p to depth plies
// (1 at depth 0), single-threaded, with the given slider mode.
func Perft(p *Position, depth int, mode Mode) uint64 {
	return mustFEN(of(mode).perft(p.FEN(), depth))
}

// Divide returns, for each legal move of p, the perft of the position after
// it to depth-1, sorted by the moves' UCI names. threads goroutines share
// the root moves. Depth 0 has no moves: nil.
func Divide(p *Position, depth int, mode Mode, threads int) []Count {
	return mustFEN(of(mode).divide(p.FEN(), depth, threads))
}

// ListsOf returns what mode's generator lists at p (shared.Lists).
func ListsOf(p *Position, mode Mode) shared.Lists {
	return mustFEN(of(mode).lists(p.FEN()))
}

// Run runs a perft of p to depth with the given options. It always divides
// at the root: the threads take root moves one at a time, and a root move is
// finished when its whole subtree is.
//
// If ctx ends first, the search stops at the next node of depth 5 or more
// each thread reaches (subtrees of depth 4 or less finish first), and Run
// returns the partial result, Stopped set, with ctx's error.
func Run(ctx context.Context, p *Position, depth int, opt Options) (Result, error) {
	if err := opt.Validate(); err != nil {
		return Result{}, err
	}
	if depth < 0 {
		return Result{}, fmt.Errorf("depth %d: want at least 0", depth)
	}
	if depth > board.MaxPerftDepth {
		return Result{}, fmt.Errorf("depth %d: want at most %d", depth, board.MaxPerftDepth)
	}
	return of(opt.Mode).run(ctx, p.FEN(), depth, opt)
}
