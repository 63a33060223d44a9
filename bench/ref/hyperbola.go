package ref

// Hyperbola quintessence: on a line through the slider, o - s borrows from
// the slider's bit up to the first blocker above it; doing the same on the
// byte-reversed board (a vertical flip, which reverses any line with one
// square per rank: files and both diagonals) and flipping back covers the
// blockers below; the XOR of the two is the attacks. Ranks have eight
// squares on one rank, so they take a table instead: hqRank, the first-rank
// attacks by file and inner occupancy, 512 bytes. 1,536 bytes with the
// diagonal masks.

// The tables and the lookups are in yardstick.go.

func initHyperbola() {
	for f := range 8 {
		for i := range uint64(64) {
			hyperbolaRank[f][i] = uint8(rankAttacks(f, i))
		}
	}
	for sq := range 64 {
		hyperbolaLines[sq] = lines{diag: diagonal(sq, 1), anti: diagonal(sq, -1)}
	}
}
