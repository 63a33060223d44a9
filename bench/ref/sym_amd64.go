//go:build gc && !purego

package ref

import "golang.org/x/sys/cpu"

// HasSym reports whether SymRook, SymBishop and SymQueen can run: AVX,
// AVX512F, AVX512BW and AVX512BITALG are the features in the "Requires:"
// lines of sym_amd64.s (VPSHUFBITQMB is BITALG's).
var HasSym = cpu.X86.HasAVX && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512BITALG
