//go:build gc && !purego

package ref

import "golang.org/x/sys/cpu"

// HasPEXT reports whether PextRook, PextBishop and PextQueen can run: BMI2
// is the one feature in the "Requires:" lines of pext_amd64.s. (On AMD Zen 1
// and 2 PEXT is microcoded and slow; the benchmark shows it if so.)
var HasPEXT = cpu.X86.HasBMI2
