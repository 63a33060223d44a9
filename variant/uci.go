package variant

import (
	"strconv"

	"github.com/symmagic/attacks/movegen"
)

// MoveError is the error of a move that is not legal in its position (or,
// for ParseSAN, that names none): the variant, the position's FEN and the
// *movegen.MoveError (or *movegen.SANError) saying why, which Unwrap
// returns. Its text reads
//
//	variant: atomic, move "e1e2" in "...": the move is not a legal move of the position
type MoveError struct {
	Variant Variant
	FEN     string
	Err     error
}

func (e *MoveError) Error() string {
	s := "variant: " + e.Variant.String() + ", "
	switch err := e.Err.(type) {
	case *movegen.MoveError:
		return s + "move " + strconv.Quote(err.UCI) + " in " + strconv.Quote(e.FEN) + ": " + err.Msg
	case *movegen.SANError:
		return s + "SAN " + strconv.Quote(err.SAN) + " in " + strconv.Quote(e.FEN) + ": " + err.Msg
	case nil:
		return s + "in " + strconv.Quote(e.FEN) + ": a move not legal"
	}
	return s + "in " + strconv.Quote(e.FEN) + ": " + e.Err.Error()
}

func (e *MoveError) Unwrap() error { return e.Err }

func (p *Position) moveError(uci, msg string) error {
	return &MoveError{Variant: p.variant, FEN: p.FEN(), Err: &movegen.MoveError{UCI: uci, Msg: msg}}
}

// ParseUCI returns the legal move of the position that s names in UCI:
// e2e4, e7e8q (e7e8k in Antichess), a drop N@f3 or P@e4, castling as king
// two squares (e1g1, where String writes it so) or king takes rook (e1h1).
// A string that names no legal move is a *MoveError.
func (p *Position) ParseUCI(s string) (Move, error) {
	var buf [256]Move
	for _, m := range p.legalMoves(buf[:0]) {
		if m.String() == s || m.IsCastle() && sqName(m.from())+sqName(m.to()) == s {
			return m, nil
		}
	}
	msg := "the position has no such legal move"
	if len(s) < 4 || len(s) > 5 {
		msg = "not a UCI move (want e2e4, e7e8q, N@f3)"
	}
	return NoMove, p.moveError(s, msg)
}

// PlayUCI plays the move s names in UCI (see ParseUCI).
func (p *Position) PlayUCI(s string) error {
	m, err := p.ParseUCI(s)
	if err != nil {
		return err
	}
	p.play(m)
	return nil
}

// MoveFrom returns the legal move from from to to (promoting to promotion,
// NoPieceType for none), whatever its kind: a castling is found from the
// king's square and either its own rook's or its landing square. A
// position with no such move gives a *MoveError.
func (p *Position) MoveFrom(from, to movegen.Square, promotion movegen.PieceType) (Move, error) {
	var buf [256]Move
	legal := p.legalMoves(buf[:0])
	for _, m := range legal {
		if !m.IsDrop() && m.From() == from && m.To() == to && m.Promotion() == promotion {
			return m, nil
		}
	}
	for _, m := range legal {
		if kTo, _ := m.castlingSquares(); m.IsCastle() && m.From() == from && movegen.Square(kTo) == to && promotion == movegen.NoPieceType {
			return m, nil
		}
	}
	uci := from.String() + to.String()
	if promotion >= movegen.Knight && promotion <= movegen.King {
		uci += string("nbrqk"[promotion-movegen.Knight])
	}
	return NoMove, p.moveError(uci, "the position has no such legal move")
}
