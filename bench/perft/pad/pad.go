// Package pad moves the code of a perft worker without changing what it
// executes: a function of a chosen size, never called, laid out before the
// move generator's code. bench/perft's padded builds (BuildPadded) import
// it from the generator and put a file of Pad's size (bench/perft's
// PadSource) in the place of pad_amd64.s; every function the linker places
// after Pad (the generator's, the search's) then lies that many bytes
// further on, and the code and the data it reads are the same. The file
// here is the size of padding 0. No other build links this package: the
// padded builds alone import it.
package pad

// keep holds Pad, so that the linker keeps it though no code calls it: it
// is written, never read.
//
//lint:ignore U1000 the write in init is its use: it keeps Pad in the binary.
var keep func()

func init() { keep = Pad }
