// Package attacks tells a chess engine which squares a rook, bishop or queen
// attacks, given the board's occupancy: magic bitboards whose attack tables
// are shared with the W system, a re-numbering of the board's bits under
// which squares related by a symmetry of the board share one index table.
//
// Which function to call:
//
//   - Rook, Bishop, Queen(sq, occ): standard bitboards in and out, a drop-in
//     for an engine's own magic lookup. The key comes from occ as it is; the
//     lookup inlines into the caller, with no call, on every platform.
//   - An Occupancy kept in the position, updated on every move with Set,
//     Clear, Move and Toggle, and its Rook, Bishop and Queen methods: the
//     W system's lookups, whose index tables are shared by symmetry, so the
//     tables they read are three fifths of the drop-in's (Stats gives the
//     bytes). (An engine that keeps
//     its own W-layout occupancy updates it with SquareW and calls RookW,
//     BishopW, QueenW.)
//   - NewOccupancy(occ) wraps an occupancy for the W lookups with one
//     permute; RookUnion and BishopUnion give the union of several pieces'
//     attacks with one permute for all.
//   - Knight, King, Pawn; Between and Line (the squares between two aligned
//     squares, and the line through them).
//
// Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63, and bit i of a bitboard
// is square i. Every orientation of the board works on its own bit numbers
// unchanged: a library that puts bit 0 on any corner and counts along ranks
// or files calls these functions with its own squares and bitboards. Pawn
// carries over only where ranks stay ranks, with the colours swapped where
// the numbering turns the board upside down.
//
// Every function is safe for concurrent use, SetKernel included; nothing
// needs initialising, and the zero Occupancy is the empty board. A square
// outside 0..63 panics with a message naming the function and the square;
// any occupancy is valid. The permute into W layout (ToW, NewOccupancy, the
// unions) runs on a kernel (AVX-512, amd64, arm64 assembly or pure Go) that
// Kernel, Kernels and SetKernel name and pick; Stats reports the bytes of
// tables each way in reads.
package attacks

//go:generate go run -C gen . -out ../tables_gen.go
//go:generate go run -C asm . -out ../attacks_amd64.s -stubs ../stub_amd64.go -pkg attacks

import (
	"strconv"
	"strings"
	"sync/atomic"
	"unsafe"
)

// squareError is the panic value for a square outside 0..63. It is built
// only on the failing path, so the check stays cheap enough to inline.
type squareError struct {
	fn string
	sq int
}

// queenSquare is Queen's panic value, the same error as squareError{"Queen",
// sq}: a conversion costs the inliner 4 less than a composite literal, which
// Queen needs to stay within the budget.
type queenSquare int

func (sq queenSquare) Error() string { return squareError{"Queen", int(sq)}.Error() }

func (e squareError) Error() string {
	return "attacks." + e.fn + ": square " + strconv.Itoa(e.sq) + " out of range 0..63"
}

// Rook returns the squares a rook on sq attacks when the squares of occ are
// occupied: along its rank and file, each square up to and including the
// first occupied one in each direction. Whether occ holds sq itself makes
// no difference, nor does any bit off the rook's lines. It panics if sq is
// outside 0..63. It inlines into the caller, with no call: a magic lookup
// keyed from occ as it is, then two dependent loads (an index byte, the
// square's attack set).
func Rook(sq int, occ uint64) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"Rook", sq})
	}
	return rookStd(sq, occ)
}

// Bishop returns the squares a bishop on sq attacks when the squares of occ
// are occupied: along its diagonals, each square up to and including the
// first occupied one in each direction. It is Rook's counterpart, at the
// same cost, with the same rules for occ and sq.
func Bishop(sq int, occ uint64) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"Bishop", sq})
	}
	return bishopStd(sq, occ)
}

// Queen returns Rook(sq, occ) | Bishop(sq, occ), with one square check; it
// inlines into the caller too. It panics if sq is outside 0..63.
func Queen(sq int, occ uint64) uint64 {
	if uint(sq) > 63 {
		panic(queenSquare(sq))
	}
	return queenStd(sq, occ)
}

// RookW is Rook with the occupancy in W layout (occW = ToW(occ), or an
// Occupancy's W()); the result is a standard bitboard, Rook(sq, occ). Its
// index tables are shared by the squares of a symmetry class, so the W
// lookups read three fifths of the drop-in's table bytes (two fifths of its
// index-table bytes; Stats gives them): it inlines into the caller, with no
// call. It panics if sq is outside 0..63.
func RookW(sq int, occW uint64) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"RookW", sq})
	}
	return rookW(sq, occW)
}

// BishopW returns Bishop(sq, occ) from the occupancy in W layout, occW =
// ToW(occ), as RookW does for rooks: inlined, no call. It panics if sq is
// outside 0..63.
func BishopW(sq int, occW uint64) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"BishopW", sq})
	}
	return bishopW(sq, occW)
}

// QueenW is Queen with the occupancy in W layout: one square check, then
// both lookups, inlined. It panics if sq is outside 0..63.
func QueenW(sq int, occW uint64) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"QueenW", sq})
	}
	return queenW(sq, occW)
}

// RookUnion returns the union of the attacks of every rook in rooks (any
// set of squares; none gives 0) when the squares of occ are occupied. It
// permutes occ into W layout once for all of them, on the kernel in use,
// then makes one W lookup a rook: one call into the kernel, not inlined.
func RookUnion(rooks, occ uint64) uint64 { return rookUnion(rooks, occ) }

// BishopUnion returns the union of the attacks of every bishop in bishops
// when the squares of occ are occupied, as RookUnion does for rooks: one
// permute, a W lookup a bishop, one call into the kernel.
func BishopUnion(bishops, occ uint64) uint64 { return bishopUnion(bishops, occ) }

// ToW moves every bit of a standard bitboard to its W-layout position, on
// the kernel in use (one call where the kernel is assembly). An engine that
// keeps occW = ToW(occ) can update it with occW ^= ToW(1<<from | 1<<to),
// or with SquareW, and call the W functions directly.
func ToW(bb uint64) uint64 { return permute(bb) }

// FromW is the inverse of ToW, a bit at a time: for conversions, not for a
// lookup's path.
func FromW(w uint64) uint64 { return fromW(w) }

// Knight returns the squares a knight on sq attacks: one table load,
// inlined. It panics if sq is outside 0..63.
func Knight(sq int) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"Knight", sq})
	}
	return knightTable[sq]
}

// King returns the squares a king on sq attacks: one table load, inlined.
// It panics if sq is outside 0..63.
func King(sq int) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"King", sq})
	}
	return kingTable[sq]
}

// Pawn returns the squares a pawn of that colour on sq attacks (its
// captures, not its pushes): one table load, inlined. It panics if sq is
// outside 0..63.
func Pawn(white bool, sq int) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"Pawn", sq})
	}
	if white {
		return whitePawnTable[sq]
	}
	return blackPawnTable[sq]
}

// kernelID names one implementation of the operations that permute a
// standard occupancy into W layout: ToW (and so NewOccupancy), RookUnion and
// BishopUnion. Rook, Bishop and Queen, the W lookups and the Occupancy
// methods are pure Go, inlined, and the same under every kernel.
type kernelID uint8

const (
	kernelGeneric kernelID = iota
	kernelAMD64AVX512
	kernelAMD64
	kernelARM64
	kernelAMD64Simd
)

var kernelNames = [...]string{
	kernelGeneric:     "generic",
	kernelAMD64AVX512: "amd64-avx512",
	kernelAMD64:       "amd64",
	kernelARM64:       "arm64",
	kernelAMD64Simd:   "amd64-simd",
}

// active holds the kernel in use, a kernelID. SetKernel stores it
// atomically, and the dispatchers (attacks_amd64.s, attacks_arm64.s) read it
// with one aligned 32-bit load (MOVL, MOVWU), which is atomic on both, so
// SetKernel is safe while lookups run in other goroutines. They need no
// more ordering than that (Go's active.Load is a plain MOVL on amd64 but a
// load-acquire, LDARW, on arm64): the word only picks which code runs, and
// every kernel reads the same tables, which never change.
var active atomic.Uint32

func init() { active.Store(uint32(defaultKernel)) }

// kernel returns the kernel in use.
func kernel() kernelID { return kernelID(active.Load()) }

// Kernel names the implementation in use of the operations that permute an
// occupancy into W layout (ToW, NewOccupancy, RookUnion, BishopUnion):
// "amd64-avx512", "amd64", "arm64", "generic", or "amd64-simd" (the only
// kernel of a build with GOEXPERIMENT=simd and GOAMD64=v4). Rook, Bishop,
// Queen, RookW, BishopW, QueenW and the Occupancy lookups do not depend on
// it: they are the same Go code under every kernel.
func Kernel() string { return kernelNames[kernel()] }

// Kernels lists the implementations this CPU and build can run, the
// default first.
func Kernels() []string {
	var names []string
	for _, k := range supported {
		names = append(names, kernelNames[k])
	}
	return names
}

// SetKernel selects the implementation of ToW, NewOccupancy, RookUnion and
// BishopUnion by name, for tests, benchmarks and users who know better. It
// fails, with a *KernelError, for a name that is unknown or that this CPU
// or build cannot run. It is safe while other goroutines call those
// functions: each call runs entirely on the kernel it found when it
// started.
func SetKernel(name string) error {
	for _, k := range supported {
		if kernelNames[k] == name {
			active.Store(uint32(k))
			return nil
		}
	}
	return &KernelError{Name: name, Have: Kernels()}
}

// KernelError is SetKernel's error: the kernel asked for (Name), which this
// CPU or build cannot run, and the kernels it can (Have, as Kernels lists
// them). Its text reads:
//
//	attacks: SetKernel: kernel "amd64-avx512" is not available here (have: amd64, generic)
type KernelError struct {
	Name string
	Have []string
}

func (e *KernelError) Error() string {
	return "attacks: SetKernel: kernel " + strconv.Quote(e.Name) + " is not available here (have: " + strings.Join(e.Have, ", ") + ")"
}

// TableStats describes the tables the lookups read, in bytes, and the
// sharing achieved.
type TableStats struct {
	// Std is what Rook, Bishop and Queen read: keys from the standard
	// layout into index tables of their own.
	Std Tables
	// W is what RookW, BishopW, QueenW and the Occupancy lookups read: keys
	// from W layout, into index tables shared by symmetry classes. Its
	// attack tables are Std's, the same bytes.
	W Tables
	// PermuteBytes is what the kernel in use reads to permute an occupancy
	// into W layout, in ToW, NewOccupancy, RookUnion and BishopUnion (which
	// then read W's tables): eight 256-entry tables, or with AVX-512 one
	// 64-byte control.
	PermuteBytes int
}

// Tables is one way in's tables, in bytes, and its number of distinct
// index tables per piece.
type Tables struct {
	IndexBytes   int // index tables: key -> byte
	AttackBytes  int // per-square attack tables: byte -> bitboard
	ParamBytes   int // per-square records: mask, magic and where the square's tables are
	TotalBytes   int
	RookTables   int
	BishopTables int
}

// Stats reports the tables each way in reads (leaper and Between/Line
// tables excluded).
func Stats() TableStats {
	attack := int(unsafe.Sizeof(attackTable))
	std := Tables{
		IndexBytes:   int(unsafe.Sizeof(stdIndexTable)),
		AttackBytes:  attack,
		ParamBytes:   int(unsafe.Sizeof(rookStdParams) + unsafe.Sizeof(bishopStdParams)),
		RookTables:   distinctTables(&rookStdParams),
		BishopTables: distinctTables(&bishopStdParams),
	}
	w := Tables{
		IndexBytes:   int(unsafe.Sizeof(indexTable)),
		AttackBytes:  attack,
		ParamBytes:   int(unsafe.Sizeof(rookParams) + unsafe.Sizeof(bishopParams)),
		RookTables:   distinctTables(&rookParams),
		BishopTables: distinctTables(&bishopParams),
	}
	for _, t := range []*Tables{&std, &w} {
		t.TotalBytes = t.IndexBytes + t.AttackBytes + t.ParamBytes
	}
	return TableStats{Std: std, W: w, PermuteBytes: permuteBytes(kernel())}
}

// permuteBytes is what kernel k's permute reads.
func permuteBytes(k kernelID) int {
	switch k {
	case kernelAMD64AVX512:
		return 64 // the VPSHUFBITQMB control replaces toWTable
	case kernelAMD64Simd:
		return 2 * 64 // two 64-byte vectors (attacks_simd_amd64.go)
	}
	return int(unsafe.Sizeof(toWTable))
}

func distinctTables(params *[64]param) int {
	seen := map[*uint8]bool{}
	for _, p := range params {
		seen[p.index] = true
	}
	return len(seen)
}
