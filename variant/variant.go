package variant

import (
	"strconv"
	"strings"
)

// Variant is one of the variants lichess plays. The zero Variant is none:
// ParseFEN and StartPosition refuse it.
type Variant uint8

// The variants, as lichess defines them.
const (
	NoVariant     Variant = iota
	Crazyhouse            // captured pieces change sides and may be dropped back
	Atomic                // a capture explodes the pieces around it
	Antichess             // captures are forced; losing every piece wins
	KingOfTheHill         // a king on d4, e4, d5 or e5 wins
	ThreeCheck            // the third check wins
	Horde                 // White's 36 pawns and no king against Black's army
	RacingKings           // no checks; the first king on the eighth rank wins
)

// Variants lists the seven variants, in the order of the constants.
var Variants = [...]Variant{Crazyhouse, Atomic, Antichess, KingOfTheHill, ThreeCheck, Horde, RacingKings}

var variantKeys = [...]string{"", "crazyhouse", "atomic", "antichess", "kingOfTheHill", "threeCheck", "horde", "racingKings"}

// uciNames are the values of the UCI option UCI_Variant that Fairy-Stockfish
// and python-chess's uci_variant give each variant.
var uciNames = [...]string{"", "crazyhouse", "atomic", "antichess", "kingofthehill", "3check", "horde", "racingkings"}

// String returns lichess's key of the variant: "crazyhouse", "atomic",
// "antichess", "kingOfTheHill", "threeCheck", "horde", "racingKings", or
// "none" for NoVariant and any value beyond the seven.
func (v Variant) String() string {
	if v == NoVariant || int(v) >= len(variantKeys) {
		return "none"
	}
	return variantKeys[v]
}

// UCI returns the name of the variant for the UCI option UCI_Variant:
// "crazyhouse", "atomic", "antichess", "kingofthehill", "3check", "horde",
// "racingkings" ("" for NoVariant).
func (v Variant) UCI() string {
	if int(v) >= len(uciNames) {
		return ""
	}
	return uciNames[v]
}

// ParseVariant reads a variant's name: lichess's key (String), its UCI
// name (UCI), or one of the names lichess's PGN Variant tag gives ("King of
// the Hill", "Three-check", "Racing Kings", ...), in any case. Antichess is
// also "giveaway" (Fairy-Stockfish's name of the same rules). Its error is a
// *VariantError.
func ParseVariant(name string) (Variant, error) {
	n := strings.ToLower(strings.NewReplacer(" ", "", "-", "", "_", "").Replace(name))
	switch n {
	case "crazyhouse", "zh":
		return Crazyhouse, nil
	case "atomic":
		return Atomic, nil
	case "antichess", "giveaway":
		return Antichess, nil
	case "kingofthehill", "koth":
		return KingOfTheHill, nil
	case "threecheck", "3check":
		return ThreeCheck, nil
	case "horde":
		return Horde, nil
	case "racingkings":
		return RacingKings, nil
	}
	return NoVariant, &VariantError{Name: name}
}

// VariantError is ParseVariant's error: the name given names none of the
// seven variants.
type VariantError struct{ Name string }

func (e *VariantError) Error() string {
	return "variant: " + strconv.Quote(e.Name) + " names no variant (crazyhouse, atomic, antichess, kingOfTheHill, threeCheck, horde, racingKings)"
}

func (v Variant) valid() bool { return v >= Crazyhouse && v <= RacingKings }
