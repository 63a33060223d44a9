package attacks

// Between and Line read two small tables, 2,800 bytes in all, instead of
// the usual pair of 64x64 tables (32,768 bytes each): a direction table
// indexed by the 0x88 difference of the two squares, and the four lines
// through each square.

// lineDirs[(b + b&^7) - (a + a&^7) + 119] is the direction from a to b:
// 0 rank, 1 file, 2 diagonal (the a1-h8 way), 3 anti-diagonal (the h1-a8
// way), 4 none (not aligned, or the same square). The index is the 0x88
// difference, 16 x rank step + file step, which names the step from a to b
// uniquely and takes 239 values, 0..238.
var lineDirs = func() (t [240]uint8) {
	for i := range t {
		t[i] = 4
	}
	for dr := -7; dr <= 7; dr++ {
		for df := -7; df <= 7; df++ {
			d := &t[16*dr+df+119]
			switch {
			case dr == 0 && df == 0:
			case dr == 0:
				*d = 0
			case df == 0:
				*d = 1
			case dr == df:
				*d = 2
			case dr == -df:
				*d = 3
			}
		}
	}
	return t
}()

// lineMasks[sq][dir] is the line through sq in direction dir (as in
// lineDirs), edge to edge, sq included; lineMasks[sq][4] is 0.
var lineMasks = func() (t [64][5]uint64) {
	for a := 0; a < 64; a++ {
		ra, fa := a>>3, a&7
		for b := 0; b < 64; b++ {
			rb, fb := b>>3, b&7
			if rb == ra {
				t[a][0] |= 1 << b
			}
			if fb == fa {
				t[a][1] |= 1 << b
			}
			if rb-fb == ra-fa {
				t[a][2] |= 1 << b
			}
			if rb+fb == ra+fa {
				t[a][3] |= 1 << b
			}
		}
	}
	return t
}()

// line is Line for squares known to be in range.
func line(a, b int) uint64 {
	return lineMasks[a][lineDirs[(b+b&^7)-(a+a&^7)+119]]
}

// Between returns the squares strictly between a and b when the two share
// a rank, a file or a diagonal: the squares a slider on one crosses to reach
// the other, where a check can be blocked or a piece can be pinned. It
// returns 0 when a and b are not aligned, are the same square or are
// adjacent. A square outside 0..63 panics with a message naming Between and
// the square (a is checked first).
func Between(a, b int) uint64 {
	if uint(a) > 63 {
		panic(squareError{"Between", a})
	}
	if uint(b) > 63 {
		panic(squareError{"Between", b})
	}
	// Along a rank, a file or a diagonal the square numbers rise
	// monotonically, so the line's squares strictly between a and b are
	// those numbered strictly between them. m holds the numbers
	// min(a, b)..max(a, b)-1 (those from a up XOR those from b up);
	// m & (m-1) drops the lowest.
	m := ^uint64(0)<<a ^ ^uint64(0)<<b
	return line(a, b) & m & (m - 1)
}

// Line returns the whole rank, file or diagonal through a and b, edge to
// edge and both included, when the two are aligned: a piece pinned to its
// king may move only along Line(king, piece). It returns 0 when a and b
// are not aligned or are the same square. A square outside 0..63 panics
// with a message naming Line and the square (a is checked first).
func Line(a, b int) uint64 {
	if uint(a) > 63 {
		panic(squareError{"Line", a})
	}
	if uint(b) > 63 {
		panic(squareError{"Line", b})
	}
	return line(a, b)
}
