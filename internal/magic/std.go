package magic

import "slices"

// The drop-in's tables (Layout.Std*): keys taken from the occupancy in the
// standard layout, with no permute, into index tables of bytes that name
// the same per-square attack sets as the W layout's. A multiply on the
// standard layout follows the board's symmetries only where the mask is
// small enough to leave slack, so far fewer squares share a table than in
// W layout: bishops share in groups (stdGroups), rooks not at all.
// docs/SEED.md has what was searched and why.

// stdClasses splits squares, some squares of t (a solved class of the W
// layout), into the orbits of group among them: squares that may share a
// table keyed from the standard layout. Each square keeps its frame of t,
// so that the bytes of both layouts name its attack sets the same way and
// one attack table serves both.
func stdClasses(t *Table, group []Sym, squares []int) []Class {
	var out []Class
	done := map[int]bool{}
	for _, sq := range squares {
		if done[sq] {
			continue
		}
		c := Class{Piece: t.Piece, Group: group, Rep: t.Rep, Numbering: NumberStd}
		for _, g := range group {
			if s := g.Square(sq); !done[s] && slices.Contains(squares, s) {
				done[s] = true
				c.Squares = append(c.Squares, s)
			}
		}
		slices.Sort(c.Squares)
		for _, s := range c.Squares {
			c.Frame = append(c.Frame, t.Keys[slices.Index(t.Squares, s)].Frame)
		}
		out = append(out, c)
	}
	return out
}
