package pgn

import (
	"errors"
	"fmt"
)

// A Visitor takes the events of a game as Reader.Visit reads them, in
// the order of the text:
//
//	Begin, Tag for each tag pair, Movetext, then for the movetext Move,
//	Comment, NAG, BeginVariation and EndVariation (nested as read), and
//	End with the termination marker.
//
// Texts are the reader's: valid during the call only (copy what you
// keep). Move's san is the move's text as read, not parsed or checked: a
// visitor that needs the move parses it (a Game's Builder does, with
// movegen's ParseSAN), one that does not pays nothing for it. Move
// numbers, and dots, are not events; a suffix annotation (!, ?, !!, ??,
// !?, ?!) is the NAG it stands for (1 to 6).
//
// Every BeginVariation has its EndVariation, and every Begin its End,
// unless the game breaks (an error: then nothing more comes for it). Where
// the input ends inside a brace comment, Comment has the comment's text to
// the input's end; where it ends inside variations, EndVariation comes for
// each variation still open, innermost first, then End with "": the game
// keeps what was read before the cut, as python-chess keeps it, a warning
// saying so (GameInfo.Warnings; Reader.Strict makes it the game's error,
// before the comment, or the first EndVariation, comes).
//
// Each method returns nil to go on. Movetext may return SkipMovetext: the
// reader then passes over the movetext to the game's end without reading
// its moves (finding its end through comments, variations and escape
// lines all the same) and calls End. BeginVariation may return
// SkipVariation: the reader passes over the variation, and EndVariation
// does not come. Any other error makes the game a broken one: the reader
// passes over the rest of it, calls nothing more for it, and Visit
// returns the error as a *Error at the place of the event (an error that
// is a *Error with no Line is given its place and returned itself, so
// that its Msg and Err stay the visitor's).
//
// Embed NopVisitor to implement only the methods you need.
type Visitor interface {
	// Begin starts a game: info says which, and where. The reader fills
	// info's Warnings as it reads the game, and its Raw at the game's end
	// (Reader.KeepRaw); info is valid until the next game begins.
	Begin(info *GameInfo) error
	// Tag is a tag pair, the value's escapes (\" and \\) undone.
	Tag(name, value []byte) error
	// Movetext comes after the tags, before the movetext (which may hold
	// nothing).
	Movetext() error
	// Move is a move's text as read (SAN, coordinate notation, "--" or
	// "Z0" for a null move, or anything else made of the bytes a SAN
	// move is made of), a suffix annotation apart.
	Move(san []byte) error
	// Comment is a comment's text: between the braces (to the input's
	// end for a comment it ends in), or after the ";" to the line's end,
	// white space trimmed at both ends and each line break inside a brace
	// comment read as a space. Empty comments are not events.
	Comment(text []byte) error
	// NAG is a Numeric Annotation Glyph, $0 to $255, or a suffix
	// annotation's.
	NAG(nag byte) error
	// BeginVariation is a "(": the moves until its EndVariation are an
	// alternative to the last move read at the enclosing level.
	BeginVariation() error
	// EndVariation is the ")" closing the last variation begun, or the
	// input's end inside it.
	EndVariation() error
	// End ends the game: result is its termination marker ("1-0", "0-1",
	// "1/2-1/2" or "*"), or "" where the game ended without one (at the
	// next game's tags or the input's end).
	End(result string) error
}

// SkipMovetext, returned by Visitor.Movetext, makes the reader pass over
// the game's movetext unread.
//
//lint:ignore ST1012 a signal, not a failure, named as fs.SkipDir is
var SkipMovetext = errors.New("pgn: skip the movetext")

// SkipVariation, returned by Visitor.BeginVariation, makes the reader pass
// over the variation unread.
//
//lint:ignore ST1012 a signal, not a failure, named as fs.SkipDir is
var SkipVariation = errors.New("pgn: skip the variation")

// NopVisitor is a Visitor that does nothing: embed it in a visitor to
// implement only some of the methods.
type NopVisitor struct{}

func (NopVisitor) Begin(*GameInfo) error        { return nil }
func (NopVisitor) Tag(name, value []byte) error { return nil }
func (NopVisitor) Movetext() error              { return nil }
func (NopVisitor) Move([]byte) error            { return nil }
func (NopVisitor) Comment([]byte) error         { return nil }
func (NopVisitor) NAG(byte) error               { return nil }
func (NopVisitor) BeginVariation() error        { return nil }
func (NopVisitor) EndVariation() error          { return nil }
func (NopVisitor) End(string) error             { return nil }

// GameInfo says which game of the input a game is and where it lies.
type GameInfo struct {
	// Number is the game's number in the input, from 1.
	Number int
	// Offset is the input offset, in bytes from 0, of the game's first
	// byte: its first token's (a byte-order mark counts).
	Offset int64
	// Line is the line of that byte, from 1.
	Line int
	// Len is the game's length in bytes, from Offset to the end of its
	// last token (its termination marker, or the last before the next
	// game or the input's end); set at the game's end.
	Len int64
	// Raw is the game's bytes as read, Len of them, when the Reader's
	// KeepRaw is set and the game is not over Limits.Game; set at the
	// game's end, valid until the next game.
	Raw []byte
	// Warnings are what the reader passed over in the game that the PGN
	// standard does not allow, each a *Error at its place (at most
	// MaxWarnings; Dropped counts the others).
	Warnings []*Error
	Dropped  int
}

// MaxWarnings is the most warnings a game keeps.
const MaxWarnings = 64

// Error is the package's error. Of the input's faults, it holds the game's
// number in the input (from 1), the line and column (from 1, in bytes) of
// the fault, what is wrong, and the error behind it (a *movegen.SANError
// for a move, a *movegen.FENError for a FEN tag, ErrLimit for a limit
// exceeded, the input's own error where reading it failed, nil
// otherwise). Read and Visit return one for a game they cannot read; a
// game's Warnings are Errors too. Its text reads:
//
//	pgn: game 3, line 41, column 18: move 12... Nd2: ambiguous: Nbd2, Nfd2
//
// An Error of a call (a value it cannot take, an illegal move given to
// Game.AddMove, which wraps the *movegen.MoveError, a Writer's failed
// write, which wraps the writer's error) has no game, line or column, and
// its text names the call:
//
//	pgn: Game.AddMove: move e2e5 at rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: a white pawn on e2 does not move to e5
type Error struct {
	Game, Line, Column int
	Msg                string
	Err                error
}

func (e *Error) Error() string {
	if e.Game == 0 && e.Line == 0 {
		return "pgn: " + e.Msg
	}
	return fmt.Sprintf("pgn: game %d, line %d, column %d: %s", e.Game, e.Line, e.Column, e.Msg)
}

func (e *Error) Unwrap() error { return e.Err }

// ErrLimit is the error behind every *Error of a limit exceeded
// (errors.Is finds it); the Error's Msg names the limit.
var ErrLimit = errors.New("pgn: limit exceeded")
