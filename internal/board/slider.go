package board

import (
	"unsafe"

	"github.com/symmagic/attacks"
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

// Slider is the set of slider modes.
type Slider interface {
	W | Std | Occ
}

func isW[S Slider]() bool {
	var s S
	return unsafe.Sizeof(s) == unsafe.Sizeof(W(0))
}

func isOcc[S Slider]() bool {
	var s S
	return unsafe.Sizeof(s) == unsafe.Sizeof(Occ{})
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
	default: // Std
		return attacks.Rook(sq, occ)&rq | attacks.Bishop(sq, occ)&bq
	}
}
