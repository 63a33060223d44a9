package board

import (
	"unsafe"

	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/internal/yardstick"
)

// The slider modes are type parameters of the generator. Go compiles one
// copy of a generic function per GC shape (roughly, per underlying type), so
// giving each mode its own underlying type gives it its own copy. Inside a
// copy unsafe.Sizeof of the type parameter is a constant, so the predicates
// below fold, the other modes' branches vanish and the chosen lookup is
// inlined where the branches are spelled out (TestSliderModes checks the
// compiled code). A method on the type parameter would not do: it is called
// through the instantiation's dictionary, an indirect call that never
// inlines.
//
// The inliner prices a function by all its branches, even those a copy folds
// away, so a helper holding the choice would not inline either: the choice
// is spelled out at each of the four lookup sites (sliderAttackers,
// attacked, and gen's loops over the bishops and the rooks), each a switch
// of the same shape, one case a mode. A new mode is a type of a size no
// other mode has, added to Slider, a predicate, and a case in each switch.

// W looks up the methods of an attacks.Occupancy that the position keeps
// and every move updates (Occupancy.Move, Clear, Toggle): the way to adopt
// the package that changes the position.
type W uint8

// Std looks up attacks.Rook and attacks.Bishop on the standard occupancy:
// the drop-in.
type Std uint16

// Occ looks up the methods of an attacks.Occupancy made from the standard
// occupancy once per node (attacks.NewOccupancy): the way to adopt the
// package without touching the position.
type Occ [3]uint8

// The yardstick modes look up the techniques the benchmarks measure this
// package against, package yardstick's lookups, in a copy of the generator
// of their own. Their tables are empty until the bench module fills them:
// only the benchmarks run these modes, and a program that instantiates none
// of them links none of their tables.

// Fancy looks up fancy magic, yardstick.FancyRook and FancyBishop.
type Fancy uint32

// Hyperbola looks up hyperbola quintessence, yardstick.HyperbolaRook and
// HyperbolaBishop.
type Hyperbola [5]uint8

// Kindergarten looks up kindergarten bitboards, yardstick.KindergartenRook
// and KindergartenBishop.
type Kindergarten [6]uint8

// Plain looks up plain magic (fixed shifts 12 and 9),
// yardstick.PlainRook and PlainBishop.
type Plain uint64

// BlackMagic looks up black magic (fixed shifts, the squares' tables
// overlapped in one array), yardstick.BlackRook and BlackBishop. (Black
// is the colour.)
type BlackMagic [2]uint64

// Slider is the set of slider modes.
type Slider interface {
	W | Std | Occ | Fancy | Hyperbola | Kindergarten | Plain | BlackMagic
}

func isW[S Slider]() bool {
	var s S
	return unsafe.Sizeof(s) == unsafe.Sizeof(W(0))
}

func isOcc[S Slider]() bool {
	var s S
	return unsafe.Sizeof(s) == unsafe.Sizeof(Occ{})
}

func isFancy[S Slider]() bool {
	var s S
	return unsafe.Sizeof(s) == unsafe.Sizeof(Fancy(0))
}

func isHyperbola[S Slider]() bool {
	var s S
	return unsafe.Sizeof(s) == unsafe.Sizeof(Hyperbola{})
}

func isKindergarten[S Slider]() bool {
	var s S
	return unsafe.Sizeof(s) == unsafe.Sizeof(Kindergarten{})
}

func isPlain[S Slider]() bool {
	var s S
	return unsafe.Sizeof(s) == unsafe.Sizeof(Plain(0))
}

func isBlack[S Slider]() bool {
	var s S
	return unsafe.Sizeof(s) == unsafe.Sizeof(BlackMagic{})
}

// byOccupancy reports whether the mode looks up through an
// attacks.Occupancy (W and Occ): the two differ only in where it comes from.
func byOccupancy[S Slider]() bool { return isW[S]() || isOcc[S]() }

// sliderAttackers returns the pieces of rq (rooks and queens) and bq
// (bishops and queens) that attack sq; o is the occupancy occ in the modes
// that look up through one (see byOccupancy), else unused. It is for the
// few lookups per node on the king's square (never inlined: see above).
func sliderAttackers[S Slider](sq int, occ uint64, o attacks.Occupancy, rq, bq uint64) uint64 {
	switch {
	case byOccupancy[S]():
		return o.Rook(sq)&rq | o.Bishop(sq)&bq
	case isFancy[S]():
		return yardstick.FancyRook(sq, occ)&rq | yardstick.FancyBishop(sq, occ)&bq
	case isHyperbola[S]():
		return yardstick.HyperbolaRook(sq, occ)&rq | yardstick.HyperbolaBishop(sq, occ)&bq
	case isKindergarten[S]():
		return yardstick.KindergartenRook(sq, occ)&rq | yardstick.KindergartenBishop(sq, occ)&bq
	case isPlain[S]():
		return yardstick.PlainRook(sq, occ)&rq | yardstick.PlainBishop(sq, occ)&bq
	case isBlack[S]():
		return yardstick.BlackRook(sq, occ)&rq | yardstick.BlackBishop(sq, occ)&bq
	default: // Std
		return attacks.Rook(sq, occ)&rq | attacks.Bishop(sq, occ)&bq
	}
}

// inlineBodies is never called: it names, outside any generic function,
// each lookup the modes call only from the generator's generic code, so
// that compiling this package reads their inline bodies and writes them
// into its export data. A package that instantiates the generator (movegen,
// the benchmarks) inlines a function of a third package only if its body
// is there, and Go (1.26) puts there only the bodies this package's own
// compilation read, which a generic body it never instantiates does not
// do: without this function every one of these lookups would be a call in
// movegen's copy. The linker drops it, and with it its references to
// yardstick's tables. TestSliderModes checks the copies that another
// package compiles.
//
//lint:ignore U1000 see above
func inlineBodies(sq int, occ uint64) uint64 {
	o := attacks.NewOccupancy(occ)
	o.Move(sq, 0)
	o.Clear(sq)
	o.Toggle(occ)
	return o.Rook(sq) ^ o.Bishop(sq) ^
		yardstick.FancyRook(sq, occ) ^ yardstick.FancyBishop(sq, occ) ^
		yardstick.HyperbolaRook(sq, occ) ^ yardstick.HyperbolaBishop(sq, occ) ^
		yardstick.KindergartenRook(sq, occ) ^ yardstick.KindergartenBishop(sq, occ) ^
		yardstick.PlainRook(sq, occ) ^ yardstick.PlainBishop(sq, occ) ^
		yardstick.BlackRook(sq, occ) ^ yardstick.BlackBishop(sq, occ)
}
