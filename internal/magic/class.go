package magic

import (
	"fmt"
	"slices"
)

// Class is a set of squares that share one index table: the orbit of its
// representative Rep under the symmetries in Group (Classes), or a part of
// one (stdClasses). The bytes of the table name Rep's attack sets.
type Class struct {
	Piece     Piece
	Group     []Sym // Rotations(), or all eight Syms(); in stdClasses the group that relates its squares
	Rep       int   // the lowest square of the orbit
	Squares   []int // ascending; Squares[0] == Rep in an orbit of Classes
	Numbering numbering
	// Frame, if not nil, fixes each square's frame (in Squares order): the
	// one a table of another numbering gave it, so that both name the same
	// attack sets with the same bytes. Nil lets the search pick any of
	// Frames(sq).
	Frame []Sym
}

// Name names the class by its representative, e.g. "rook e1/rot"; a class
// keyed from the standard layout by its first square, e.g. "bishop
// b1/std".
func (c Class) Name() string {
	if c.Numbering == NumberStd {
		return fmt.Sprintf("%s %s/std", c.Piece, SquareName(c.Squares[0]))
	}
	lvl := "rot"
	if len(c.Group) == 8 {
		lvl = "sym"
	}
	return fmt.Sprintf("%s %s/%s", c.Piece, SquareName(c.Rep), lvl)
}

// Frames lists every symmetry g with g(Rep) == sq. A square on a symmetry
// axis has two; each gives the square a different canonical frame. A
// class with fixed frames gives the square's own.
func (c Class) Frames(sq int) []Sym {
	if c.Frame != nil {
		i := slices.Index(c.Squares, sq)
		return []Sym{c.Frame[i]}
	}
	var fs []Sym
	for _, g := range syms {
		if g.Square(c.Rep) == sq {
			fs = append(fs, g)
		}
	}
	return fs
}

// Classes partitions the 64 squares into the orbits of group, ordered by
// representative.
func Classes(p Piece, group []Sym) []Class {
	var out []Class
	seen := uint64(0)
	for sq := 0; sq < 64; sq++ {
		if seen&(1<<sq) != 0 {
			continue
		}
		c := Class{Piece: p, Group: group, Rep: sq}
		for _, g := range group {
			s := g.Square(sq)
			if seen&(1<<s) == 0 {
				seen |= 1 << s
				c.Squares = append(c.Squares, s)
			}
		}
		slices.Sort(c.Squares)
		out = append(out, c)
	}
	return out
}
