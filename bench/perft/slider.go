package perft

import (
	"fmt"
	"strings"
	"unsafe"

	"github.com/symmagic/attacks"
	_ "github.com/symmagic/attacks/bench/ref" // fills internal/yardstick's tables at its init
	"github.com/symmagic/attacks/internal/yardstick"
)

// The slider modes are type parameters of the generator. Go compiles one
// copy of a generic function per GC shape (roughly, per underlying type), so
// giving each mode its own underlying type gives it its own copy. Inside a
// copy unsafe.Sizeof of the type parameter is a constant, so isW and isStd
// fold, the other modes' branches vanish and the chosen lookup is inlined
// where the branches are spelled out (TestSliderModes checks the compiled
// code). A method on the type parameter would not do: it is called through
// the instantiation's dictionary, an indirect call that never inlines.

// W looks up the methods of an attacks.Occupancy that the position keeps
// and every move updates (Occupancy.Move, Clear): the way to adopt the
// package that changes the position.
type W uint8

// Occ looks up the methods of an attacks.Occupancy made from the standard
// occupancy once per node (attacks.NewOccupancy): the way to adopt the
// package without touching the position.
type Occ [3]uint8

// Std looks up attacks.Rook and attacks.Bishop on the standard occupancy.
type Std uint16

// Fancy looks up the fancy-magic reference, yardstick.FancyRook and
// yardstick.FancyBishop.
type Fancy uint32

// Plain looks up the plain-magic reference (fixed shifts 12 and 9, what
// most Go engines ship), yardstick.PlainRook and yardstick.PlainBishop.
type Plain uint64

// BlackMagic looks up the black-magic reference (fixed shifts 12 and 9
// like plain magic, the squares' tables overlapped in one array),
// yardstick.BlackRook and yardstick.BlackBishop. (Black is the colour.)
type BlackMagic [2]uint64

// Hyperbola looks up the hyperbola-quintessence reference (1,536 bytes of
// tables: the scheme Stockfish moved to in 2026), yardstick.HyperbolaRook and
// yardstick.HyperbolaBishop: a small-table yardstick.
type Hyperbola [5]uint8

// Kindergarten looks up the kindergarten-bitboard reference (9,216 bytes),
// yardstick.KindergartenRook and yardstick.KindergartenBishop: a small-table yardstick.
type Kindergarten [6]uint8

// Slider is the set of slider modes.
type Slider interface {
	W | Std | Fancy | Plain | BlackMagic | Occ | Hyperbola | Kindergarten
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

func isStd[S Slider]() bool {
	var s S
	return unsafe.Sizeof(s) == unsafe.Sizeof(Std(0))
}

func isPlain[S Slider]() bool {
	var s S
	return unsafe.Sizeof(s) == unsafe.Sizeof(Plain(0))
}

func isBlack[S Slider]() bool {
	var s S
	return unsafe.Sizeof(s) == unsafe.Sizeof(BlackMagic{})
}

func isHyperbola[S Slider]() bool {
	var s S
	return unsafe.Sizeof(s) == unsafe.Sizeof(Hyperbola{})
}

func isKindergarten[S Slider]() bool {
	var s S
	return unsafe.Sizeof(s) == unsafe.Sizeof(Kindergarten{})
}

// sliderAttackers returns the pieces of rq (rooks and queens) and bq
// (bishops and queens) that attack sq; o is the occupancy occ in the modes
// that look up through one (see byOccupancy), else unused. The inliner prices a function by all
// its branches, even those a copy folds away, so this is never inlined: it
// is for the few lookups per node on the king's square, and the loops over a
// side's own sliders spell the choice out instead.
func sliderAttackers[S Slider](sq int, occ uint64, o attacks.Occupancy, rq, bq uint64) uint64 {
	if byOccupancy[S]() {
		return o.Rook(sq)&rq | o.Bishop(sq)&bq
	}
	if isStd[S]() {
		return attacks.Rook(sq, occ)&rq | attacks.Bishop(sq, occ)&bq
	}
	if isPlain[S]() {
		return yardstick.PlainRook(sq, occ)&rq | yardstick.PlainBishop(sq, occ)&bq
	}
	if isBlack[S]() {
		return yardstick.BlackRook(sq, occ)&rq | yardstick.BlackBishop(sq, occ)&bq
	}
	if isHyperbola[S]() {
		return yardstick.HyperbolaRook(sq, occ)&rq | yardstick.HyperbolaBishop(sq, occ)&bq
	}
	if isKindergarten[S]() {
		return yardstick.KindergartenRook(sq, occ)&rq | yardstick.KindergartenBishop(sq, occ)&bq
	}
	return yardstick.FancyRook(sq, occ)&rq | yardstick.FancyBishop(sq, occ)&bq
}

// Mode names a slider mode at run time; Perft and Divide switch on it once,
// at the root.
type Mode uint8

const (
	ModeW Mode = iota
	ModeStd
	ModeFancy
	ModePlain
	ModeOcc
	ModeBlack
	ModeHyperbola
	ModeKindergarten
)

var modeNames = [...]string{ModeW: "w", ModeStd: "std", ModeFancy: "fancy", ModePlain: "plain", ModeOcc: "occ", ModeBlack: "black", ModeHyperbola: "hyperbola", ModeKindergarten: "kindergarten"}

// Modes lists every mode: the three ways to adopt the package (w, occ, std),
// the three magic yardsticks and the two small-table ones.
var Modes = []Mode{ModeW, ModeOcc, ModeStd, ModeFancy, ModePlain, ModeBlack, ModeHyperbola, ModeKindergarten}

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", m)
}

// ParseMode reads a mode's name: "w", "occ", "std", "fancy", "plain" or
// "black".
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if n == s {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("unknown slider mode %q (want %s)", s, strings.Join(modeNames[:], ", "))
}
