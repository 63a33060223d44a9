package movegen

import (
	"cmp"
	"slices"
	"unsafe"
)

// MaxPerftDepth is the deepest perft Perft and Divide run: the search keeps
// one position a ply, and below a few dozen plies no perft of a position
// with moves ends anyway.
const MaxPerftDepth = 1000

// Perft returns the number of leaf nodes of the legal game tree to depth
// plies (1 at depth 0; 0 at a depth below 0 or above MaxPerftDepth),
// counting the last ply's moves without making them (bulk counting), on
// one goroutine. Its moves are made as PlayUnchecked makes them, the key
// kept; the same search written with the public API (LegalMoves into a
// buffer a ply, PlayUnchecked, CountMoves; see Example_perft) costs a call
// more a node.
func (p *Position) Perft(depth int) uint64 {
	if depth < 0 || depth > MaxPerftDepth {
		return 0
	}
	if depth == 0 {
		return 1
	}
	if !p.hasKing() {
		return 0
	}
	var small [perftSmall*slotWords + 1]uint64
	room := small[:]
	if depth > perftSmall {
		room = make([]uint64, depth*slotWords+1)
	}
	stack := perftStack(room, depth)
	stack[0].Position = *p
	return perft(stack, depth)
}

// perftSlot is one position of perft's stack, with room to a multiple of
// 16 bytes (a Position is 168). The compiler copies a position 16 bytes at
// a time (MOVUPS); in a stack of bare positions every other one starts 8
// bytes off a 16-byte boundary, and where one of its 16-byte moves crossed
// a 4 KiB page, that copy and the reads of the fields it had just written
// slowed the whole perft by a quarter (bench/perft's search at the start
// position, depth 6, docs/BENCHMARKS.md): where that happened hung on the
// sizes of the callers' frames alone. perftStack puts the slots on 16-byte
// boundaries, so no move of a copy crosses a cache line or a page.
type perftSlot struct {
	Position
	_ [(16 - unsafe.Sizeof(Position{})%16) % 16]byte
}

const (
	// perftSmall is the depth whose stack Perft keeps on the goroutine's
	// stack; a deeper one is allocated.
	perftSmall = 16
	// slotWords is a slot's size in 8-byte words.
	slotWords = int(unsafe.Sizeof(perftSlot{}) / 8)
)

// perftStack returns depth slots in room, which holds at least
// depth*slotWords+1 words, from its first 16-byte boundary: Go aligns a
// []uint64 (and a local array of them) to 8 bytes only. A position holds no
// pointer (TestPositionHoldsNoPointer), so words may hold it. A goroutine's
// stack, when it grows, moves by a multiple of 16 bytes, and the slots stay
// on their boundaries.
func perftStack(room []uint64, depth int) []perftSlot {
	base := unsafe.Pointer(unsafe.SliceData(room))
	return unsafe.Slice((*perftSlot)(unsafe.Add(base, uintptr(base)&8)), depth)
}

// perft counts the nodes below stack[0], using stack[1:] for the positions
// on the way down: a child is a copy of its parent with the move made. With
// bulk counting only interior nodes make moves (about one per 30 leaves),
// and a make/unmake version measured no faster (docs/MOVEGEN.md), so the
// simpler copy-make stays. The positions live in one slice, made once, so
// that no recursion level copies or allocates one of its own.
func perft(stack []perftSlot, depth int) uint64 {
	p := &stack[0].Position
	if depth == 1 {
		return uint64(gen[counter](p, nil))
	}
	var list moveList
	n := gen[lister](p, &list)
	var nodes uint64
	child := &stack[1]
	for _, m := range list[:n] {
		*child = stack[0] // the whole slot: 16-byte moves on 16-byte boundaries
		play(&child.Position, m)
		nodes += perft(stack[1:], depth-1)
	}
	return nodes
}

// MoveCount is one move's share of a perft, Divide's answer.
type MoveCount struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal move, the perft of the position after it
// to depth-1, sorted by the moves' UCI names: the counts by root move that
// perft tools compare to find a bug. A depth below 1 or above MaxPerftDepth
// has none.
func (p *Position) Divide(depth int) []MoveCount {
	if depth < 1 || depth > MaxPerftDepth || !p.hasKing() {
		return nil
	}
	var list moveList
	n := generate(p, &list)
	counts := make([]MoveCount, n)
	for i, m := range list[:n] {
		c := *p
		play(&c, m)
		counts[i] = MoveCount{m, c.Perft(depth - 1)}
	}
	slices.SortFunc(counts, func(a, b MoveCount) int { return cmp.Compare(a.Move.String(), b.Move.String()) })
	return counts
}
