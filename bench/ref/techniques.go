package ref

import (
	"unsafe"
)

// Technique is one way to compute sliding attacks, as the benchmarks and the
// tests see it.
type Technique struct {
	Name  string // short, for benchmark names: "fancy"
	Title string // for tables: "fancy magic"
	// Bytes is every table the lookup reads: attack and index tables and
	// per-square parameters.
	Bytes        int
	Rook, Bishop func(sq int, occ uint64) uint64
	// Queen is nil where a queen is Rook | Bishop.
	Queen func(sq int, occ uint64) uint64
}

// Techniques lists every technique this machine can run: all of them but
// PEXT, which needs BMI2 (HasPEXT), the full-symmetry kernel, which needs
// AVX-512 BITALG (HasSym), and the AVX2 lanes, which need GOEXPERIMENT=simd
// and AVX2 (HasLanes).
func Techniques() []Technique {
	ts := []Technique{
		{Name: "fancy", Title: "fancy magic", Bytes: FancyBytes + int(unsafe.Sizeof(fancyRooks)+unsafe.Sizeof(fancyBishops)), Rook: FancyRook, Bishop: FancyBishop},
	}
	if HasPEXT {
		ts = append(ts, Technique{Name: "pext", Title: "PEXT tables", Bytes: int(unsafe.Sizeof(pextAttacks) + unsafe.Sizeof(pextRook) + unsafe.Sizeof(pextBishop)), Rook: PextRook, Bishop: PextBishop, Queen: PextQueen})
	}
	if HasLanes {
		ts = append(ts, Technique{Name: "lanes", Title: "hyperbola in AVX2 lanes", Bytes: LanesBytes, Rook: LanesRook, Bishop: LanesBishop},
			Technique{Name: "lanes2", Title: "hyperbola in two 128-bit lanes", Bytes: Lanes2Bytes, Rook: Lanes2Rook, Bishop: Lanes2Bishop})
	}
	if HasSym {
		ts = append(ts, Technique{Name: "sym", Title: "W full symmetry (AVX-512)", Bytes: symBytes, Rook: SymRook, Bishop: SymBishop, Queen: SymQueen})
	}
	return append(ts,
		Technique{Name: "plain", Title: "plain magic 12/9", Bytes: int(unsafe.Sizeof(plainRookTable) + unsafe.Sizeof(plainBishopTable) + unsafe.Sizeof(plainRooks) + unsafe.Sizeof(plainBishops)), Rook: PlainRook, Bishop: PlainBishop},
		Technique{Name: "black", Title: "black magic", Bytes: 8*(blackRookEntries+blackBishopEntries) + int(unsafe.Sizeof(blackRooks)+unsafe.Sizeof(blackBishops)), Rook: BlackRook, Bishop: BlackBishop},
		Technique{Name: "squarebyte", Title: "per-square byte", Bytes: int(unsafe.Sizeof(squareByteIndex) + unsafe.Sizeof(squareByteAttacks) + unsafe.Sizeof(squareByteRook) + unsafe.Sizeof(squareByteBishop)), Rook: SquareByteRook, Bishop: SquareByteBishop},
		Technique{Name: "kindergarten", Title: "kindergarten", Bytes: int(unsafe.Sizeof(kindergartenFillUp) + unsafe.Sizeof(kindergartenAFile) + unsafe.Sizeof(kindergartenDiag)), Rook: KindergartenRook, Bishop: KindergartenBishop},
		Technique{Name: "hyperbola", Title: "hyperbola quintessence", Bytes: int(unsafe.Sizeof(hyperbolaRank) + unsafe.Sizeof(hyperbolaLines)), Rook: HyperbolaRook, Bishop: HyperbolaBishop},
		Technique{Name: "ray", Title: "ray loop", Bytes: 0, Rook: RayRook, Bishop: RayBishop},
	)
}
