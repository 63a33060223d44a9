package magic

// Sym is one of the eight symmetries of the board (the dihedral group of the
// square). The first four are the rotations, so a Sym below 4 is a rotation
// and Sym(k) is the 90-degree rotation applied k times.
type Sym uint8

// The eight symmetries, in the order of Syms. Only the two that code outside
// the package names are exported.
const (
	Identity     Sym = iota
	rot90            // (file f, rank r) -> (r, 7-f): a8 -> h8 -> h1 -> a1
	rot180           // (f, r) -> (7-f, 7-r)
	rot270           // (f, r) -> (7-r, f)
	flipFiles        // (f, r) -> (7-f, r): a <-> h
	flipRanks        // (f, r) -> (f, 7-r): 1 <-> 8
	Diagonal         // (f, r) -> (r, f): the a1-h8 diagonal is fixed
	antiDiagonal     // (f, r) -> (7-r, 7-f): the a8-h1 diagonal is fixed
)

// syms lists all eight symmetries, the rotations first.
var syms = [8]Sym{Identity, rot90, rot180, rot270, flipFiles, flipRanks, Diagonal, antiDiagonal}

// Syms returns all eight symmetries, the four rotations first, in a new
// slice.
func Syms() []Sym {
	s := syms
	return s[:]
}

// Rotations returns the four rotations, Identity first, in a new slice.
func Rotations() []Sym { return Syms()[:4] }

var symNames = [8]string{"id", "rot90", "rot180", "rot270", "flip-files", "flip-ranks", "diagonal", "anti-diagonal"}

func (g Sym) String() string { return symNames[g] }

// IsRotation reports whether g preserves orientation.
func (g Sym) IsRotation() bool { return g < 4 }

// squareMaps[g][sq] is g's image of sq; built once from the coordinate rules.
var squareMaps = func() (m [8][64]uint8) {
	for sq := 0; sq < 64; sq++ {
		f, r := sq%8, sq/8
		img := [8][2]int{
			{f, r}, {r, 7 - f}, {7 - f, 7 - r}, {7 - r, f},
			{7 - f, r}, {f, 7 - r}, {r, f}, {7 - r, 7 - f},
		}
		for g, p := range img {
			m[g][sq] = uint8(p[0] + 8*p[1])
		}
	}
	return m
}()

// wMaps[g][b] is g's image of W bit b: the same map seen in W layout.
var wMaps = func() (m [8][64]uint8) {
	for g := range m {
		for sq := 0; sq < 64; sq++ {
			m[g][wBits[sq]] = wBits[squareMaps[g][sq]]
		}
	}
	return m
}()

// Square maps a square to its image under g.
func (g Sym) Square(sq int) int { return int(squareMaps[g][sq]) }

// Bitboard maps a standard-layout bitboard to its image under g.
func (g Sym) Bitboard(bb uint64) uint64 { return permute(bb, &squareMaps[g]) }

// BitboardW maps a W-layout word to its image under g, in W layout.
func (g Sym) BitboardW(w uint64) uint64 { return permute(w, &wMaps[g]) }

// BitW maps one W bit position to its image under g.
func (g Sym) BitW(b int) int { return int(wMaps[g][b]) }

// Then returns the symmetry "g, then h".
func (g Sym) Then(h Sym) Sym {
	for _, c := range syms {
		if squareMaps[c][1+8*2] == squareMaps[h][squareMaps[g][1+8*2]] &&
			squareMaps[c][2+8*5] == squareMaps[h][squareMaps[g][2+8*5]] {
			return c
		}
	}
	panic("magic: symmetries do not compose") // unreachable: the group is closed
}

// Inverse returns the symmetry that undoes g.
func (g Sym) Inverse() Sym {
	for _, h := range syms {
		if g.Then(h) == Identity {
			return h
		}
	}
	panic("magic: symmetry without inverse") // unreachable
}
