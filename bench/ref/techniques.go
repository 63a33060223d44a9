package ref

import (
	"unsafe"

	"github.com/symmagic/attacks/internal/yardstick"
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
// PEXT, which needs BMI2 (HasPEXT), and the full-symmetry kernel, which
// needs AVX-512 BITALG (HasSym).
func Techniques() []Technique {
	ts := []Technique{
		{Name: "fancy", Title: "fancy magic", Bytes: FancyBytes + int(unsafe.Sizeof(yardstick.FancyRooks)+unsafe.Sizeof(yardstick.FancyBishops)), Rook: yardstick.FancyRook, Bishop: yardstick.FancyBishop},
	}
	if HasPEXT {
		ts = append(ts, Technique{Name: "pext", Title: "PEXT tables", Bytes: int(unsafe.Sizeof(pextAttacks) + unsafe.Sizeof(pextRook) + unsafe.Sizeof(pextBishop)), Rook: PextRook, Bishop: PextBishop, Queen: PextQueen})
	}
	if HasSym {
		ts = append(ts, Technique{Name: "sym", Title: "W full symmetry (AVX-512)", Bytes: symBytes, Rook: SymRook, Bishop: SymBishop, Queen: SymQueen})
	}
	return append(ts,
		Technique{Name: "plain", Title: "plain magic 12/9", Bytes: int(unsafe.Sizeof(yardstick.PlainRookTable) + unsafe.Sizeof(yardstick.PlainBishopTable) + unsafe.Sizeof(yardstick.PlainRooks) + unsafe.Sizeof(yardstick.PlainBishops)), Rook: yardstick.PlainRook, Bishop: yardstick.PlainBishop},
		Technique{Name: "black", Title: "black magic", Bytes: 8*(blackRookEntries+blackBishopEntries) + int(unsafe.Sizeof(yardstick.BlackRooks)+unsafe.Sizeof(yardstick.BlackBishops)), Rook: yardstick.BlackRook, Bishop: yardstick.BlackBishop},
		Technique{Name: "squarebyte", Title: "per-square byte", Bytes: int(unsafe.Sizeof(squareByteIndex) + unsafe.Sizeof(squareByteAttacks) + unsafe.Sizeof(squareByteRook) + unsafe.Sizeof(squareByteBishop)), Rook: SquareByteRook, Bishop: SquareByteBishop},
		Technique{Name: "kindergarten", Title: "kindergarten", Bytes: int(unsafe.Sizeof(yardstick.KindergartenFillUp) + unsafe.Sizeof(yardstick.KindergartenAFile) + unsafe.Sizeof(yardstick.KindergartenDiag)), Rook: yardstick.KindergartenRook, Bishop: yardstick.KindergartenBishop},
		Technique{Name: "hyperbola", Title: "hyperbola quintessence", Bytes: int(unsafe.Sizeof(yardstick.HyperbolaRank) + unsafe.Sizeof(yardstick.HyperbolaLines)), Rook: yardstick.HyperbolaRook, Bishop: yardstick.HyperbolaBishop},
		Technique{Name: "ray", Title: "ray loop", Bytes: 0, Rook: RayRook, Bishop: RayBishop},
	)
}
