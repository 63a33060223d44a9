package magic

// numbering is where a table's keys take the occupancy's bits from: the W
// layout (the W lookups, after the permute) or the standard one (bit i is
// square i: the drop-in, which reads the occupancy as the engine holds it).
// A class's masks, magics and keys are all in its numbering. The zero value
// is the W layout; NumberStd is exported for the classes the research
// module searches in the standard layout.
type numbering uint8

const (
	numberW numbering = iota
	NumberStd
)

func (n numbering) String() string {
	if n == NumberStd {
		return "std"
	}
	return "w"
}

// Bitboard moves a standard bitboard into the numbering.
func (n numbering) Bitboard(bb uint64) uint64 {
	if n == NumberStd {
		return bb
	}
	return ToW(bb)
}

// symMap is g's map of the numbering's bits.
func (n numbering) symMap(g Sym) *[64]uint8 {
	if n == NumberStd {
		return &squareMaps[g]
	}
	return &wMaps[g]
}
