// Package searches holds the searches behind two of the negative results
// in docs/SEED.md, as tests that run only with -long (a minute or two
// each): no rook table is shared across mirrors in W layout
// (TestRookMirrors), and none between the two squares of any pair mirrored
// in the a1-h8 diagonal when keyed from the standard layout
// (TestStdRookPairs), which is why package magic's search tries no group of
// rook squares there. Each fails if it ever finds the table it says does
// not exist.
//
//	go test -C research ./searches -run RookMirrors -long -v
//	go test -C research ./searches -run StdRookPairs -long
package searches
