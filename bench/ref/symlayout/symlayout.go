// Package symlayout builds the tables of the full-symmetry kernel, the
// sym technique of package ref (sym.go there), from package magic's
// classes and search. For a square s = g(rep), g one of the eight
// symmetries and rep its class representative:
//
//	w   = W(g^-1 occ)                            // one bit permute: occ into rep's frame
//	key = ((w & maskW) * magic) >> shift         // rep's magic
//	i   = index[rep's table + key]               // rep's own index table
//	a   = attack[rep's sets + i]                 // rep's attack set, standard layout
//	att = g(a)                                   // a second permute: back to s
//
// With a one-instruction 64-bit permute (VPSHUFBITQMB) both maps are cheap,
// so each of the 10 rook and 10 bishop classes needs one index table at the
// mask's width and one attack table, for all eight symmetries.
// ref/internal/symgen writes what Build lays out into ref's sym_gen.go; the
// research module's edge11 command reports its key widths (docs/SEED.md).
package symlayout

import (
	"fmt"
	"time"

	"github.com/symmagic/attacks/internal/magic"
)

// ParamSize is the bytes the kernel spends on one class record on 64-bit
// platforms (ref's symParam): mask, magic and two packed offsets, the
// shift beside the attack offset.
const ParamSize = 24

// Square is what the kernel reads for one square: its class and the
// symmetry that maps the class representative to it.
type Square struct {
	Class int // index into Layout.Params: rook classes first, then bishop
	Sym   magic.Sym
}

// Layout is every table of the full-symmetry kernel.
type Layout struct {
	Rook, Bishop [64]Square
	Params       []magic.Param  // one per class: the representative's key and table offsets
	Index        []byte         // the classes' index tables
	Attack       []uint64       // each representative's attack sets, standard layout
	Classes      []*magic.Table // one per class, Squares == [Rep]
	Elapsed      time.Duration
}

// InControl is the VPSHUFBITQMB control that takes a standard occupancy into
// the representative's frame in W layout: byte j names the square of occ
// whose bit becomes W bit j of g^-1(occ).
func InControl(g magic.Sym) (c [64]uint8) {
	from := magic.FromWBits()
	for j := range c {
		c[j] = uint8(g.Square(int(from[j])))
	}
	return c
}

// OutControl is the control that maps a standard bitboard a to g(a): byte j
// names the square of a that lands on square j.
func OutControl(g magic.Sym) (c [64]uint8) {
	inv := g.Inverse()
	for j := range c {
		c[j] = uint8(inv.Square(j))
	}
	return c
}

// repClass is what Build searches for a symmetry class c: its
// representative alone, whose one key serves the other squares through the
// kernel's permutes.
func repClass(c magic.Class) magic.Class {
	return magic.Class{Piece: c.Piece, Group: c.Group, Rep: c.Rep, Squares: []int{c.Rep}}
}

// Build searches one key per class representative, at the mask's width,
// lays out the tables and verifies them exhaustively.
func Build(opt magic.BuildOptions) (*Layout, error) {
	start := time.Now()
	l := &Layout{}
	for _, p := range []magic.Piece{magic.Rook, magic.Bishop} {
		squares := &l.Rook
		if p == magic.Bishop {
			squares = &l.Bishop
		}
		for _, c := range magic.Classes(p, magic.Syms()) {
			t, err := magic.Search(repClass(c), magic.SearchOptions{Seed: opt.Seed, MaxTries: opt.MaxTries})
			if err != nil {
				return nil, err
			}
			if opt.Progress != nil {
				fmt.Fprintf(opt.Progress, "%-16s sym kernel: %2d-bit key  %8d candidates  %v\n",
					c.Name(), t.Bits, t.Tries, t.Elapsed.Round(time.Millisecond))
			}
			k := t.Keys[0]
			if len(l.Attack) > 0xffffff {
				return nil, fmt.Errorf("%s: attack tables too large", c.Name())
			}
			l.Params = append(l.Params, magic.Param{Mask: k.Mask, Magic: k.Magic, KeyMask: 1<<t.Bits - 1, Bits: uint8(t.Bits),
				IndexBase: uint32(len(l.Index)), AttackBase: uint32(len(l.Attack)), Shift: k.Shift})
			l.Index = append(l.Index, t.Index...)
			// The byte names attack_rep(F^-1 x) for the key's frame F (a
			// symmetry that fixes rep); store F of it, so the entry is
			// attack_rep(x) itself.
			for _, a := range t.Sets {
				l.Attack = append(l.Attack, k.Frame.Bitboard(a))
			}
			l.Classes = append(l.Classes, t)
			for _, sq := range c.Squares {
				squares[sq] = Square{Class: len(l.Params) - 1, Sym: c.Frames(sq)[0]}
			}
		}
	}
	l.Elapsed = time.Since(start)
	for sq := 0; sq < 64; sq++ {
		// A queen permutes once for both pieces: this must hold.
		if l.Rook[sq].Sym != l.Bishop[sq].Sym {
			return nil, fmt.Errorf("%s: rook and bishop classes use different symmetries", magic.SquareName(sq))
		}
	}
	if err := l.Verify(); err != nil {
		return nil, err
	}
	return l, nil
}

// Lookup runs the kernel on the layout the plain way, with per-bit permutes.
func (l *Layout) Lookup(p magic.Piece, sq int, occ uint64) uint64 {
	s := l.Rook[sq]
	if p == magic.Bishop {
		s = l.Bishop[sq]
	}
	prm := &l.Params[s.Class]
	w := magic.ToW(s.Sym.Inverse().Bitboard(occ))
	key := prm.Key(w)
	a := l.Attack[int(prm.AttackBase)+int(l.Index[int(prm.IndexBase)+int(key)])]
	return s.Sym.Bitboard(a)
}

// Verify checks every square, every subset of its mask with noise outside
// it: the key stays inside its class's table, the byte inside the class's
// attack sets, the result is the reference; and the controls compute what
// the plain permutes do.
func (l *Layout) Verify() error {
	noise := uint64(0x6a09e667f3bcc909)
	for _, p := range []magic.Piece{magic.Rook, magic.Bishop} {
		for sq := 0; sq < 64; sq++ {
			s := l.Rook[sq]
			if p == magic.Bishop {
				s = l.Bishop[sq]
			}
			t, prm := l.Classes[s.Class], l.Params[s.Class]
			name := fmt.Sprintf("%s %s", p, magic.SquareName(sq))
			if t.Piece != p || s.Sym.Square(t.Rep) != sq {
				return fmt.Errorf("%s: class %s with %v does not reach it", name, t.Name(), s.Sym)
			}
			for _, x := range magic.Subsets(magic.Mask(p, sq)) {
				noise ^= noise << 13
				noise ^= noise >> 7
				noise ^= noise << 17
				occ := x | noise&^magic.Mask(p, sq)
				w := magic.ToW(s.Sym.Inverse().Bitboard(occ))
				if got := shuffleBits(occ, InControl(s.Sym)); got != w {
					return fmt.Errorf("%s: in-control gives %#x, want %#x", name, got, w)
				}
				key := prm.Key(w)
				if key >= uint64(len(t.Index)) {
					return fmt.Errorf("%s occ %#x: key %d outside its %d-entry table", name, occ, key, len(t.Index))
				}
				i := int(l.Index[int(prm.IndexBase)+int(key)])
				if i >= len(t.Sets) {
					return fmt.Errorf("%s occ %#x: byte %d outside %d attack sets", name, occ, i, len(t.Sets))
				}
				a := l.Attack[int(prm.AttackBase)+i]
				if got, want := shuffleBits(a, OutControl(s.Sym)), magic.Attacks(p, sq, occ); got != want {
					return fmt.Errorf("%s occ %#x: attacks %#x, reference %#x", name, occ, got, want)
				}
			}
		}
	}
	return nil
}

// shuffleBits is what VPSHUFBITQMB computes on a broadcast word: bit j of
// the result is bit ctrl[j] of x.
func shuffleBits(x uint64, ctrl [64]uint8) uint64 {
	var out uint64
	for j, c := range ctrl {
		out |= (x >> (c & 63) & 1) << j
	}
	return out
}
