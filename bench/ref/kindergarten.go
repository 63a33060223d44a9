package ref

// Kindergarten bitboards: a line's occupancy is collapsed by one multiply
// into the six inner bits of the top rank, and those six bits index a table
// of that line's attacks. Diagonals and anti-diagonals are masked, multiplied
// by the b-file (which stacks their bits, one per file, on rank 8 in file
// order) and index kindergartenFillUp, the first-rank attacks of the slider's file
// copied to every rank, then masked back to the line. A rank needs only a
// shift to bring its inner six bits down. A file is shifted to the a-file
// and multiplied by the c7-h2 diagonal, which stacks a2..a7 on rank 8 in
// rank order, and indexes kindergartenAFile. 9,216 bytes.

// The tables and the lookups are in yardstick.go.

func initKindergarten() {
	for f := range 8 {
		for i := range uint64(64) {
			kindergartenFillUp[f][i] = rankAttacks(f, i) * aFile
		}
	}
	// kindergartenAFile is filled by running the multiply over every occupancy of
	// a2..a7, so the table follows whatever order the multiply produces.
	for r := range 8 {
		for i := range uint64(64) {
			var occ uint64
			for j := range 6 {
				occ |= (i >> j & 1) << (8 * (j + 1))
			}
			att := uint64(0)
			for _, d := range []int{8, -8} {
				for s := 8*r + d; s >= 0 && s < 64; s += d {
					att |= 1 << s
					if occ>>s&1 != 0 {
						break
					}
				}
			}
			kindergartenAFile[r][occ*diagC7H2>>58] = att
		}
	}
	for sq := range 64 {
		kindergartenDiag[sq] = lines{diag: diagonal(sq, 1), anti: diagonal(sq, -1)}
	}
}

// rankAttacks is the first-rank attacks of a slider on file f when the inner
// squares b..g hold inner (bit j = file j+1).
func rankAttacks(f int, inner uint64) uint64 {
	occ := inner << 1
	var att uint64
	for _, d := range []int{1, -1} {
		for g := f + d; g >= 0 && g < 8; g += d {
			att |= 1 << g
			if occ>>g&1 != 0 {
				break
			}
		}
	}
	return att
}

// diagonal is the line through sq (without it) whose file grows by df as
// the rank grows by one.
func diagonal(sq, df int) uint64 {
	var m uint64
	for _, d := range []int{1, -1} {
		for f, r := sq%8+d*df, sq/8+d; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+d*df, r+d {
			m |= 1 << (f + 8*r)
		}
	}
	return m
}
