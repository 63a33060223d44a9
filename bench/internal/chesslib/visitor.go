package chesslib

import (
	"bytes"
	"unsafe"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
)

// MovesVisitor is package pgn's counterpart of the driver's moves visitor,
// kept beside it so that the two stay alike: it parses each main-line
// move's SAN and plays it on a position, keeping nothing else (the driver
// parses with uci::parseSan, then makeMove; its parser hands over no
// variation's moves, and this visitor skips them). Like the driver it
// starts from the FEN tag where there is one, in Chess960 where the
// Variant tag says so; movegen's play keeps the Polyglot key, as makeMove
// keeps chess-library's hash. Moves counts the moves played; a caller
// sets it to 0 between passes.
type MovesVisitor struct {
	pgn.NopVisitor
	Moves    int
	pos      movegen.Position
	fen      []byte
	chess960 bool
}

// Begin forgets the last game's FEN and Variant tags.
func (v *MovesVisitor) Begin(*pgn.GameInfo) error {
	v.fen, v.chess960 = v.fen[:0], false
	return nil
}

// Tag keeps the FEN tag, and whether the Variant tag says Chess960 as the
// driver reads it.
func (v *MovesVisitor) Tag(name, value []byte) error {
	switch string(name) {
	case "FEN":
		v.fen = append(v.fen[:0], value...)
	case "Variant":
		v.chess960 = bytes.Contains(value, []byte("960")) || bytes.Contains(value, []byte("ischer"))
	}
	return nil
}

// Movetext sets the position the moves start from.
func (v *MovesVisitor) Movetext() error {
	v.pos = movegen.StartPosition()
	if len(v.fen) > 0 {
		p, err := movegen.ParseFEN(string(v.fen))
		if err != nil {
			return err
		}
		v.pos = p
	}
	if v.chess960 {
		return v.pos.SetChess960(true)
	}
	return nil
}

// Move parses san and plays it.
func (v *MovesVisitor) Move(san []byte) error {
	m, err := v.pos.ParseSAN(unsafe.String(unsafe.SliceData(san), len(san))) // ParseSAN keeps no reference to it
	if err != nil {
		return err
	}
	v.pos.PlayUnchecked(m)
	v.Moves++
	return nil
}

// BeginVariation skips the variation.
func (v *MovesVisitor) BeginVariation() error { return pgn.SkipVariation }
