// Package opening names chess openings: the ECO code and name of a
// position, from lichess.org's chess-openings data (CC0; data/SOURCE.md
// says which version), and the deepest named position of a game, the
// longest known line it reached.
//
// A position is found whatever moves reached it, transpositions
// included: Of looks up the position itself, its pieces, side to move,
// castling rights and en-passant square (counted only when an en-passant
// capture is legal, as in the repetition rule and in lichess's EPDs), by
// movegen's Position.RepetitionKey. The table is generated Go data (table.go, from
// data/*.tsv by gen.go), sorted by key: no start-up cost, a lookup is a
// binary search of a few thousand keys.
//
//	p, _ := movegen.ParseFEN("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
//	o, ok := opening.Of(&p) // B20 Sicilian Defense, true
//	o, ply, ok, err := opening.OfGame(start, moves) // the deepest named position, false for none
//
//go:generate go run gen.go -out table.go
package opening

import (
	"strconv"

	"github.com/symmagic/attacks/movegen"
)

// Opening is a named opening of the data: its ECO code ("B20"), its name
// ("Sicilian Defense"; "Family: Variation, Subvariation" for a line of
// one), and the line of moves the data gives to reach it, in PGN's
// movetext ("1. e4 c5"), of Ply half-moves. The line is one way to reach
// the position; others may transpose into it.
type Opening struct {
	ECO  string
	Name string
	PGN  string
	Ply  int
}

type entry struct {
	key            uint64
	eco, name, pgn string
	ply            uint8
}

func (e *entry) opening() Opening {
	return Opening{ECO: e.eco, Name: e.name, PGN: e.pgn, Ply: int(e.ply)}
}

// Len returns the number of openings in the data.
func Len() int { return len(table) }

// At returns the opening i, 0 <= i < Len, in the data's order: by ECO
// code, then name, then line.
func At(i int) Opening { return table[i].opening() }

// Of returns the opening of the position p, and false when the data names
// none. No two lines of the data reach the same position (the data's
// linter refuses it), so the answer is one line's. A nil p panics.
func Of(p *movegen.Position) (Opening, bool) {
	if p == nil {
		panic("opening.Of: a nil position")
	}
	key := p.RepetitionKey()
	lo, hi := 0, len(byKey)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if table[byKey[mid]].key < key {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(byKey) && table[byKey[lo]].key == key {
		return table[byKey[lo]].opening(), true
	}
	return Opening{}, false
}

// Error is OfGame's error: the move Ply (from 1) of the game is not legal
// in the position FEN where it is played; Err is the *movegen.MoveError
// saying why. Its text reads:
//
//	opening: move 2 in "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1": movegen: move "e2e4": no piece on e2
type Error struct {
	Ply int
	FEN string
	Err error
}

func (e *Error) Error() string {
	s := "opening: move " + strconv.Itoa(e.Ply) + " in " + strconv.Quote(e.FEN)
	if e.Err == nil {
		return s + ": not legal"
	}
	return s + ": " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// OfGame returns the opening of the deepest position of the game that the
// data names, start and the position after each of moves, the number of
// moves played to reach it (0: start itself), and ok true: the longest
// known line the game reached, found whatever the game's length or
// material, and from any start. When no position of the game has a name,
// ok is false, o is the zero Opening and ply is 0 (as Of's false). A move
// that is not legal where it is played, the null move included, is an
// *Error naming it; nothing is returned for the game then.
//
// lichess names a game's opening otherwise: it looks at the first 40
// plies only, never names the start position itself (ply 0), and names
// only games of standard chess from the standard start. (It also stops at
// the first position with fewer than 20 pieces; the data names none with
// fewer than 22, so that rule changes no answer.) OfGame names the deepest
// position of the whole game: a game that reaches a named position by
// transposition after ply 40, or one from a set-up position the data
// names, gets a name here that lichess does not give.
func OfGame(start movegen.Position, moves []movegen.Move) (o Opening, ply int, ok bool, err error) {
	p := start
	o, ok = Of(&p)
	for i, m := range moves {
		if !p.IsLegal(m) { // NoMove, the null move, included
			return Opening{}, 0, false, illegal(p, i+1, m)
		}
		p.PlayUnchecked(m)
		if x, named := Of(&p); named {
			o, ply, ok = x, i+1, true
		}
	}
	return o, ply, ok, nil
}

// illegal returns the *Error of the move m, not legal in p, at ply.
func illegal(p movegen.Position, ply int, m movegen.Move) *Error {
	e := &Error{Ply: ply, FEN: p.FEN()}
	if e.Err = p.Play(m); e.Err == nil { // the null move, legal in p
		e.Err = &movegen.MoveError{UCI: "0000", Msg: "the null move: no opening holds one"}
	}
	return e
}
