// Package attacks tells a chess engine which squares a rook, bishop or queen
// attacks, given the board's occupancy: magic bitboards built on the W
// system, a re-numbering of the board's bits under which squares related by a
// symmetry of the board share one index table, so the tables are a tenth of
// fancy magic's.
//
// Which function to call:
//
//   - Rook, Bishop, Queen(sq, occ): standard bitboards in and out, a drop-in
//     for an engine's own lookup. Each call first permutes occ into W
//     layout and, on amd64 and arm64, makes one call into assembly, so it
//     costs more than a magic lookup.
//   - NewOccupancy(occ) once per node, then its Rook, Bishop and Queen
//     methods: one permute a node, and lookups that inline into the caller.
//   - An Occupancy kept in the position, updated on every move with Set,
//     Clear, Move and Toggle: no permute at all, the fastest way. (An engine
//     that keeps its own W-layout occupancy updates it with SquareW and calls
//     RookW, BishopW, QueenW.)
//   - RookUnion, BishopUnion: the union of several pieces' attacks, one
//     permute for all.
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
// any occupancy is valid. Kernel, Kernels and SetKernel name and pick the
// implementation (AVX-512, amd64, arm64 or pure Go); Stats reports the
// bytes of tables it reads. Built with GOEXPERIMENT=simd and GOAMD64=v4,
// Rook and Bishop inline whole, with no call, on a permute written with
// simd/archsimd (the build's only kernel, "amd64-simd"): faster in a hot
// loop, slower in a dependency chain (README, "Which build").
package attacks

//go:generate go run -C gen . -out ../tables_gen.go
//go:generate go run -C asm . -out ../attacks_amd64.s -stubs ../stub_amd64.go -pkg attacks

import (
	"errors"
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

func (e squareError) Error() string {
	return "attacks." + e.fn + ": square " + strconv.Itoa(e.sq) + " out of range 0..63"
}

// queenError, queenWError and occQueenError are squareError for Queen,
// QueenW and Occupancy.Queen, as plain integers: converting an int costs the inliner
// less than building a struct, and those two lookups sit at the edge of its
// budget.
type (
	queenError    int
	queenWError   int
	occQueenError int
)

func (e queenError) Error() string    { return squareError{"Queen", int(e)}.Error() }
func (e queenWError) Error() string   { return squareError{"QueenW", int(e)}.Error() }
func (e occQueenError) Error() string { return squareError{"Occupancy.Queen", int(e)}.Error() }

// Rook returns the squares a rook on sq attacks when occ is occupied.
func Rook(sq int, occ uint64) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"Rook", sq})
	}
	return rookStd(sq, occ)
}

// Bishop returns the squares a bishop on sq attacks when occ is occupied.
func Bishop(sq int, occ uint64) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"Bishop", sq})
	}
	return bishopStd(sq, occ)
}

// Queen returns the squares a queen on sq attacks when occ is occupied.
func Queen(sq int, occ uint64) uint64 {
	if uint(sq) > 63 {
		panic(queenError(sq))
	}
	return queenStd(sq, occ)
}

// RookW is Rook with the occupancy in W layout (occW = ToW(occ)); the result
// is a standard bitboard. RookW, BishopW and QueenW are always the pure-Go
// lookup, whatever the kernel: they inline into the caller, and an assembly
// call costs more than the lookup itself (docs/BENCHMARKS.md).
func RookW(sq int, occW uint64) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"RookW", sq})
	}
	return rookW(sq, occW)
}

// BishopW is Bishop with the occupancy in W layout.
func BishopW(sq int, occW uint64) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"BishopW", sq})
	}
	return bishopW(sq, occW)
}

// QueenW is Queen with the occupancy in W layout: one square check, then
// both lookups.
func QueenW(sq int, occW uint64) uint64 {
	if uint(sq) > 63 {
		panic(queenWError(sq))
	}
	return queenW(sq, occW)
}

// RookUnion returns the union of the attacks of every rook in rooks, with
// one permute of occ for all of them.
func RookUnion(rooks, occ uint64) uint64 { return rookUnion(rooks, occ) }

// BishopUnion returns the union of the attacks of every bishop in bishops.
func BishopUnion(bishops, occ uint64) uint64 { return bishopUnion(bishops, occ) }

// ToW moves every bit of a standard bitboard to its W-layout position. An
// engine that keeps occW = ToW(occ) can update it with occW ^= ToW(1<<from |
// 1<<to) and call the W functions directly.
func ToW(bb uint64) uint64 { return permute(bb) }

// FromW is the inverse of ToW.
func FromW(w uint64) uint64 { return fromW(w) }

// Knight returns the squares a knight on sq attacks.
func Knight(sq int) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"Knight", sq})
	}
	return knightTable[sq]
}

// King returns the squares a king on sq attacks.
func King(sq int) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"King", sq})
	}
	return kingTable[sq]
}

// Pawn returns the squares a pawn of that colour on sq attacks (its
// captures, not its pushes).
func Pawn(white bool, sq int) uint64 {
	if uint(sq) > 63 {
		panic(squareError{"Pawn", sq})
	}
	if white {
		return whitePawnTable[sq]
	}
	return blackPawnTable[sq]
}

// kernelID names one implementation of the lookups.
type kernelID uint8

const (
	kernelGeneric kernelID = iota
	kernelAMD64AVX512
	kernelAMD64AVX512Sym
	kernelAMD64
	kernelARM64
	kernelAMD64Simd
)

var kernelNames = [...]string{
	kernelGeneric:        "generic",
	kernelAMD64AVX512:    "amd64-avx512",
	kernelAMD64AVX512Sym: "amd64-avx512-sym",
	kernelAMD64:          "amd64",
	kernelARM64:          "arm64",
	kernelAMD64Simd:      "amd64-simd",
}

// active holds the kernel in use, a kernelID. SetKernel stores it and every
// dispatch loads it atomically, so SetKernel is safe while lookups run in
// other goroutines; an atomic load is a plain load on amd64 and arm64.
var active atomic.Uint32

func init() { active.Store(uint32(defaultKernel)) }

// kernel returns the kernel in use.
func kernel() kernelID { return kernelID(active.Load()) }

// Kernel names the implementation in use: "amd64-avx512",
// "amd64-avx512-sym", "amd64", "arm64", "generic", or "amd64-simd" (the
// only kernel of a build with GOEXPERIMENT=simd and GOAMD64=v4).
func Kernel() string { return kernelNames[kernel()] }

// Kernels lists the implementations this CPU can run, best first; the last
// is always "generic".
func Kernels() []string {
	var names []string
	for _, k := range supported {
		names = append(names, kernelNames[k])
	}
	return names
}

// SetKernel selects an implementation by name, for tests, benchmarks and
// users who know better. It fails for a name that is unknown or that this
// CPU cannot run. It is safe while lookups run in other goroutines: each
// lookup runs entirely on the kernel it found when it started.
func SetKernel(name string) error {
	for _, k := range supported {
		if kernelNames[k] == name {
			active.Store(uint32(k))
			return nil
		}
	}
	return errors.New("attacks.SetKernel: kernel " + strconv.Quote(name) + " is not available here (have: " + strings.Join(Kernels(), ", ") + ")")
}

// TableStats describes the tables the kernel in use reads, in bytes, and the
// sharing achieved: the number of distinct index tables per piece.
type TableStats struct {
	IndexBytes   int // shared index tables: key -> byte
	AttackBytes  int // per-square attack tables: byte -> bitboard
	ParamBytes   int // per-square mask, magic, shift and table offsets
	PermuteBytes int // tables of the standard -> W permute
	TotalBytes   int
	RookTables   int
	BishopTables int
}

// Stats reports the tables the kernel in use reads for Rook, Bishop, Queen
// and the unions (leaper tables excluded). RookW, BishopW and QueenW always
// read the rotation-shared tables of the generic kernel, without the permute.
func Stats() TableStats {
	k := kernel()
	if k == kernelAMD64AVX512Sym {
		s := TableStats{
			IndexBytes:   int(unsafe.Sizeof(symIndexTable)),
			AttackBytes:  int(unsafe.Sizeof(symAttackTable)),
			ParamBytes:   int(unsafe.Sizeof(symParams) + unsafe.Sizeof(symRook) + unsafe.Sizeof(symBishop)),
			PermuteBytes: symControlBytes,
			RookTables:   len(symParams) / 2,
			BishopTables: len(symParams) / 2,
		}
		s.TotalBytes = s.IndexBytes + s.AttackBytes + s.ParamBytes + s.PermuteBytes
		return s
	}
	s := TableStats{
		IndexBytes:   int(unsafe.Sizeof(indexTable)),
		AttackBytes:  int(unsafe.Sizeof(attackTable)),
		ParamBytes:   int(unsafe.Sizeof(rookParams) + unsafe.Sizeof(bishopParams)),
		PermuteBytes: int(unsafe.Sizeof(toWTable)),
		RookTables:   distinctTables(&rookParams),
		BishopTables: distinctTables(&bishopParams),
	}
	if k == kernelAMD64AVX512 {
		s.PermuteBytes = 64 // the VPSHUFBITQMB control replaces toWTable
	}
	if k == kernelAMD64Simd {
		s.PermuteBytes = simdPermuteBytes
	}
	s.TotalBytes = s.IndexBytes + s.AttackBytes + s.ParamBytes + s.PermuteBytes
	return s
}

// simdPermuteBytes is what the amd64-simd kernel's permute reads in place
// of toWTable: two 64-byte vectors (attacks_simd_amd64.go).
const simdPermuteBytes = 2 * 64

func distinctTables(params *[64]param) int {
	seen := map[*uint8]bool{}
	for _, p := range params {
		seen[p.index] = true
	}
	return len(seen)
}
