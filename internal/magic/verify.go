package magic

import (
	"fmt"
	"slices"
)

// canonicalByte is the index-table byte of occupancy occ (standard layout)
// seen from square g(t.Rep): the position of attack_rep(g^-1 occ) in t.Sets.
func canonicalByte(t *Table, g Sym, occ uint64) (int, error) {
	a := Attacks(t.Piece, t.Rep, g.Inverse().Bitboard(occ))
	i, ok := slices.BinarySearch(t.Sets, a)
	if !ok {
		return 0, fmt.Errorf("%s: attack set %#x of %s is missing from its list", t.Name(), a, SquareName(t.Rep))
	}
	return i, nil
}

// buildIndex fills the shared table from every square's keys.
func buildIndex(t *Table) ([]byte, error) {
	idx := make([]byte, 1<<t.Bits)
	set := make([]bool, len(idx))
	top := 0
	for _, k := range t.Keys {
		for _, occ := range Subsets(Mask(t.Piece, k.Square)) {
			b, err := canonicalByte(t, k.Frame, occ)
			if err != nil {
				return nil, err
			}
			key := k.Key(t.Numbering.Bitboard(occ))
			if set[key] && int(idx[key]) != b {
				return nil, fmt.Errorf("%s: square %s, occupancy %#x: key %d names byte %d and %d",
					t.Name(), SquareName(k.Square), occ, key, idx[key], b)
			}
			idx[key], set[key] = byte(b), true
			top = max(top, int(key))
		}
	}
	if t.Short {
		idx = idx[:top+1]
	}
	return idx, nil
}

// Verify checks the table exhaustively: for every square of the class and
// every subset of its mask (plus noise outside the mask), the key stays
// inside the table, the byte it reads is the canonical byte, and that byte's
// attack set, mapped by the square's frame, is the ray-walking reference.
func (t *Table) Verify() error {
	if len(t.Index) > 1<<t.Bits || !t.Short && len(t.Index) != 1<<t.Bits {
		return fmt.Errorf("%s: index table has %d entries for %d-bit keys", t.Name(), len(t.Index), t.Bits)
	}
	if len(t.Keys) != len(t.Squares) {
		return fmt.Errorf("%s: %d keys for %d squares", t.Name(), len(t.Keys), len(t.Squares))
	}
	noise := uint64(0x9e3779b97f4a7c15)
	for i, k := range t.Keys {
		sq := k.Square
		if sq != t.Squares[i] || k.Frame.Square(t.Rep) != sq {
			return fmt.Errorf("%s: key %d is for %s in frame %v, want %s", t.Name(), i, SquareName(sq), k.Frame, SquareName(t.Squares[i]))
		}
		mask := Mask(t.Piece, sq)
		if k.Mask != t.Numbering.Bitboard(mask) || int(k.Shift) != 64-t.Bits {
			return fmt.Errorf("%s: square %s has a malformed key (mask %#x shift %d)", t.Name(), SquareName(sq), k.Mask, k.Shift)
		}
		for _, occ := range Subsets(mask) {
			noise = noise*6364136223846793005 + 1442695040888963407
			full := occ | noise&^mask&^(1<<sq)
			key := k.Key(t.Numbering.Bitboard(full)) // < 1<<t.Bits: the shift leaves t.Bits bits
			if key >= uint64(len(t.Index)) {
				return fmt.Errorf("%s: square %s, occupancy %#x: key %d past the %d-entry table", t.Name(), SquareName(sq), full, key, len(t.Index))
			}
			want, err := canonicalByte(t, k.Frame, occ)
			if err != nil {
				return err
			}
			if got := int(t.Index[key]); got != want {
				return fmt.Errorf("%s: square %s, occupancy %#x: index byte %d, want %d", t.Name(), SquareName(sq), full, got, want)
			}
			if got, ref := k.Frame.Bitboard(t.Sets[want]), Attacks(t.Piece, sq, full); got != ref {
				return fmt.Errorf("%s: square %s, occupancy %#x: attacks %#x, reference %#x", t.Name(), SquareName(sq), full, got, ref)
			}
		}
	}
	return nil
}
