package magic

// Numbering is where a table's keys take the occupancy's bits from: the W
// layout (the W lookups, after the permute) or the standard one (bit i is
// square i: the drop-in, which reads the occupancy as the engine holds it).
// A class's masks, magics and keys are all in its numbering.
type Numbering uint8

const (
	NumberW Numbering = iota
	NumberStd
)

func (n Numbering) String() string {
	if n == NumberStd {
		return "std"
	}
	return "w"
}

// Bitboard moves a standard bitboard into the numbering.
func (n Numbering) Bitboard(bb uint64) uint64 {
	if n == NumberStd {
		return bb
	}
	return ToW(bb)
}

// SymBit maps bit b of the numbering to its image under g.
func (n Numbering) SymBit(g Sym, b int) int { return int(n.symMap(g)[b]) }

// symMap is g's map of the numbering's bits.
func (n Numbering) symMap(g Sym) *[64]uint8 {
	if n == NumberStd {
		return &squareMaps[g]
	}
	return &wMaps[g]
}
