//go:build gc && !purego

package attacks

import "golang.org/x/sys/cpu"

// CPU features, read once. The AVX-512 kernel needs every feature in the
// "Requires:" lines of attacks_amd64.s: AVX, AVX512F, AVX512BW, AVX512BITALG.
// The baseline amd64 kernel uses only the base instruction set.
var hasAVX512 = cpu.X86.HasAVX && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512BITALG
