//go:build !amd64 || !gc || purego

package ref

// Without the assembly (this is the exact negation of pext_stub_amd64.go's
// constraint, with its file name's amd64), the PEXT functions are their Go
// equivalent. Bit-by-bit PEXT is no PEXT technique, so HasPEXT is false and
// the benchmark leaves it out.

// HasPEXT reports whether PextRook, PextBishop and PextQueen run the BMI2
// kernel; only then do they belong in a benchmark.
const HasPEXT = false

// PextRook is the PEXT-indexed rook lookup; sq is taken mod 64.
func PextRook(sq int, occ uint64) uint64 { return pextRookGo(sq, occ) }

// PextBishop is the PEXT-indexed bishop lookup; sq is taken mod 64.
func PextBishop(sq int, occ uint64) uint64 { return pextBishopGo(sq, occ) }

// PextQueen is PextRook | PextBishop; sq is taken mod 64.
func PextQueen(sq int, occ uint64) uint64 { return pextRookGo(sq, occ) | pextBishopGo(sq, occ) }
