package magic

// leap returns the squares reached from sq by the given (file, rank) steps.
func leap(sq int, steps [][2]int) uint64 {
	var bb uint64
	for _, d := range steps {
		f, r := sq%8+d[0], sq/8+d[1]
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			bb |= 1 << (f + 8*r)
		}
	}
	return bb
}

// KnightAttacks, KingAttacks and PawnAttacks are the leapers' references.
func KnightAttacks(sq int) uint64 {
	return leap(sq, [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
}

func KingAttacks(sq int) uint64 {
	return leap(sq, [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}})
}

// PawnAttacks is the squares a pawn of that colour on sq attacks (captures).
func PawnAttacks(white bool, sq int) uint64 {
	if white {
		return leap(sq, [][2]int{{-1, 1}, {1, 1}})
	}
	return leap(sq, [][2]int{{-1, -1}, {1, -1}})
}
