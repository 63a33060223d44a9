package syzygy

// The index of a position in a table: the squares of its pieces, reduced by
// the board's symmetries, numbered as the tables' generator numbers them.
// Each table below is computed once, at init, from its definition; none is
// a list of numbers to trust.

var (
	// offDiag is the sign of rank - file: 0 on the a1-h8 diagonal, 1 below
	// it (a2, a3, b3, ...), -1 above it (b1, c1, c2, ...).
	offDiag [64]int8
	// triangle numbers the squares of the a1-d1-d4 triangle (files a to d,
	// file >= rank), each square standing for its images under the
	// board's eight symmetries: the six off the diagonal first, b1 c1 d1
	// c2 d2 d3 as 0 to 5, then the diagonal's a1 b2 c3 d4 as 6 to 9.
	triangle [64]uint8
	// lower numbers the squares above the diagonal (file > rank) in square
	// order, 0 to 27, the squares below it as their mirror images in the
	// diagonal, and the diagonal's squares 28 to 35.
	lower [64]uint8
	// diag numbers the two long diagonals: a1 to h8 as 0 to 7, h1 to a8 as
	// 8 to 15 (by rank); 0 elsewhere.
	diag [64]uint8
	// kkIdx numbers the placements of two kings (the first on a triangle
	// square, the second not next to it) when the kings lead a pawnless
	// table: 462 of them. The first king off the diagonal: every square of
	// the second, in square order, 0 to 338. On the diagonal: the second
	// above it (file > rank), 339 to 440, then on it, 441 to 461.
	kkIdx [10][64]int16
	// flap numbers the squares of a leading pawn on files a to d, ranks 2
	// to 7: file*6 + rank-2, a2 0, a3 1, ..., d7 23. A pawn on files e to
	// h counts as its mirror image (e as d, ..., h as a).
	flap [64]uint8
	// pawnTwist orders the pawns' squares (ranks 2 to 7) for the leading
	// pawns' subsets: the central files first, each pair of mirror files
	// together, higher ranks first, a file of the a-d half after its e-h
	// mirror: e7 0, d7 1, e6 2, ..., a2 47.
	pawnTwist [64]uint8
	// binomial[k][n] is n choose k.
	binomial [7][64]uint64
	// pawnIdx[k-1][f] is the number of placements of k leading pawns of
	// one colour whose leading pawn (the first in flap's order) stands
	// before square f of flap's numbering on its file; pawnFactor[k-1][file]
	// the number on the whole file.
	pawnIdx    [6][24]uint64
	pawnFactor [6][4]uint64
)

func init() {
	for sq := 0; sq < 64; sq++ {
		f, r := sq&7, sq>>3
		switch {
		case r > f:
			offDiag[sq] = 1
		case r < f:
			offDiag[sq] = -1
		}
		// The triangle square of sq's class.
		tf, tr := f, r
		if tf > 3 {
			tf = 7 - tf
		}
		if tr > 3 {
			tr = 7 - tr
		}
		if tr > tf {
			tf, tr = tr, tf
		}
		if tf == tr {
			triangle[sq] = uint8(6 + tr)
		} else {
			// Off the diagonal, rank by rank: rank 1 has b1 c1 d1 (0-2),
			// rank 2 c2 d2 (3-4), rank 3 d3 (5).
			triangle[sq] = uint8([3]int{0, 3, 5}[tr] + tf - tr - 1)
		}
		switch {
		case f == r:
			diag[sq] = uint8(r)
		case f+r == 7:
			diag[sq] = uint8(8 + r)
		}
	}
	n := uint8(0)
	for sq := 0; sq < 64; sq++ {
		if f, r := sq&7, sq>>3; f > r {
			lower[sq] = n
			n++
		}
	}
	for sq := 0; sq < 64; sq++ {
		f, r := sq&7, sq>>3
		switch {
		case f == r:
			lower[sq] = uint8(28 + r)
		case r > f:
			lower[sq] = lower[f*8+r]
		}
	}

	// The kings: the triangle's squares in triangle's order.
	var tri [10]int
	for sq := 0; sq < 64; sq++ {
		if f, r := sq&7, sq>>3; f < 4 && r <= f {
			tri[triangle[sq]] = sq
		}
	}
	for t := range kkIdx {
		for sq := range kkIdx[t] {
			kkIdx[t][sq] = -1
		}
	}
	i := int16(0)
	apart := func(a, b int) bool { return abs(a&7-b&7) > 1 || abs(a>>3-b>>3) > 1 }
	for t := 0; t < 6; t++ {
		for sq := 0; sq < 64; sq++ {
			if apart(tri[t], sq) {
				kkIdx[t][sq] = i
				i++
			}
		}
	}
	for t := 6; t < 10; t++ {
		for sq := 0; sq < 64; sq++ {
			if offDiag[sq] < 0 && apart(tri[t], sq) {
				kkIdx[t][sq] = i
				i++
			}
		}
	}
	for t := 6; t < 10; t++ {
		for sq := 0; sq < 64; sq++ {
			if offDiag[sq] == 0 && apart(tri[t], sq) {
				kkIdx[t][sq] = i
				i++
			}
		}
	}

	for sq := 8; sq < 56; sq++ {
		f, r := sq&7, sq>>3
		mf := f
		if mf > 3 {
			mf = 7 - f
		}
		flap[sq] = uint8(mf*6 + r - 1)
		left := 0
		if f < 4 {
			left = 1
		}
		pawnTwist[sq] = uint8((3-mf)*12 + (6-r)*2 + left)
	}

	for k := range binomial {
		for n := range binomial[k] {
			v := uint64(1)
			for j := 0; j < k; j++ {
				v = v * uint64(n-j) / uint64(j+1)
			}
			if n < k {
				v = 0
			}
			binomial[k][n] = v
		}
	}
	for k := range pawnIdx {
		for file := 0; file < 4; file++ {
			s := uint64(0)
			for r := 1; r <= 6; r++ {
				pawnIdx[k][file*6+r-1] = s
				s += binomial[k][pawnTwist[r*8+file]]
			}
			pawnFactor[k][file] = s
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
