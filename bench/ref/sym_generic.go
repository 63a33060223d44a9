//go:build !amd64 || !gc || purego

package ref

// Without the assembly (this is the exact negation of sym_stub_amd64.go's
// constraint, with its file name's amd64), the full-symmetry functions are
// their Go equivalent. Permutes bit by bit are not the technique, so HasSym
// is false and the benchmark leaves it out.

// HasSym reports whether SymRook, SymBishop and SymQueen run the AVX-512
// kernel; only then do they belong in a benchmark.
const HasSym = false

// SymRook is the full-symmetry rook lookup; sq is taken mod 64.
func SymRook(sq int, occ uint64) uint64 { return symRookGo(sq, occ) }

// SymBishop is the full-symmetry bishop lookup; sq is taken mod 64.
func SymBishop(sq int, occ uint64) uint64 { return symBishopGo(sq, occ) }

// SymQueen is the full-symmetry queen lookup; sq is taken mod 64.
func SymQueen(sq int, occ uint64) uint64 { return symQueenGo(sq, occ) }
