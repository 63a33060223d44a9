//go:build slider

package movegen

// The padded builds (BuildPadded) add this file to the generator: it puts
// package pad, and its Pad of the build's size, before the generator's own
// code in the linker's order (a package's imports are laid out before it).

import _ "github.com/symmagic/attacks/bench/perft/pad"
