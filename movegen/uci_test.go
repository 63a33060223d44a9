package movegen_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// TestAppendUCI: AppendUCI appends exactly String's text, for every one of
// the 65,536 move values, and allocates nothing.
func TestAppendUCI(t *testing.T) {
	buf := []byte("bestmove ")
	for v := range 1 << 16 {
		m := movegen.Move(v)
		got := m.AppendUCI(buf)
		if string(got[:9]) != "bestmove " || string(got[9:]) != m.String() {
			t.Fatalf("%#04x: AppendUCI wrote %q, String %q", v, got, m.String())
		}
	}
	if s := movegen.NoMove.String(); s != "0000" {
		t.Errorf("NoMove: %q", s)
	}
	dst := make([]byte, 0, 64)
	m := movegen.Move(12 | 28<<6)
	if n := testing.AllocsPerRun(100, func() { dst = m.AppendUCI(dst[:0]) }); n != 0 {
		t.Errorf("AppendUCI: %v allocations", n)
	}
}

// TestParseUCIPosition reads position commands as GUIs send them and
// checks the position after them (its FEN) and the history they leave.
func TestParseUCIPosition(t *testing.T) {
	for _, tc := range []struct {
		cmd      string
		chess960 bool
		fen      string
		plies    int // moves in the history after the first position
	}{
		{"position startpos", false, movegen.StartFEN, 0},
		{"startpos", false, movegen.StartFEN, 0},
		{"position startpos moves", false, movegen.StartFEN, 0},
		{"position startpos moves e2e4 e7e5 g1f3\r\n", false, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2", 3},
		{"  position\tstartpos   moves  e2e4  ", false, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 1},
		{"position fen 8/8/8/8/8/8/8/K6k w - - 0 1", false, "8/8/8/8/8/8/8/K6k w - - 0 1", 0},
		{"position fen 8/8/8/8/8/8/8/K6k w - -", false, "8/8/8/8/8/8/8/K6k w - - 0 1", 0},
		{"position fen 8/8/8/8/8/8/8/K6k w - - moves a1a2 0000 a2a3", false, "8/8/8/8/8/K7/8/7k b - - 3 2", 3},
		{"position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8", false, "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2", 2},
		// UCI_Chess960 on: castling is king takes rook, the standard start too.
		{"position startpos moves g1f3 g8f6 e2e3 e7e6 f1e2 f8e7 e1h1 e8h8", true, "rnbq1rk1/ppppbppp/4pn2/8/8/4PN2/PPPPBPPP/RNBQ1RK1 w - - 4 5", 8},
		// A Chess960 FEN is in the mode whatever the option says.
		{"position fen rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1 moves b1a1", true, "rk2r3/8/8/8/8/8/8/2KRR3 b ea - 1 1", 1},
		{"position fen rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1 moves b1a1", false, "rk2r3/8/8/8/8/8/8/2KRR3 b ea - 1 1", 1},
	} {
		h := movegen.NewHistory(16)
		p, err := movegen.ParseUCIPosition(tc.cmd, tc.chess960, h)
		if err != nil {
			t.Errorf("%q: %v", tc.cmd, err)
			continue
		}
		if got := p.FEN(); got != tc.fen {
			t.Errorf("%q: %s, want %s", tc.cmd, got, tc.fen)
		}
		if h.Len() != tc.plies+1 {
			t.Errorf("%q: %d positions in the history, want %d", tc.cmd, h.Len(), tc.plies+1)
		}
		if q, err := movegen.ParseUCIPosition(tc.cmd, tc.chess960, nil); err != nil || q != p {
			t.Errorf("%q without a history: %v, %v", tc.cmd, q.FEN(), err)
		}
	}

	// The history counts the game's positions: the knights out and back
	// twice make the start position's third occurrence.
	h := movegen.NewHistory(16)
	p, err := movegen.ParseUCIPosition("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8", false, h)
	if err != nil {
		t.Fatal(err)
	}
	if h.Occurrences() != 3 || p.ClaimableDraw(h) != movegen.ThreefoldRepetition {
		t.Errorf("knights out and back twice: %d occurrences, claim %v", h.Occurrences(), p.ClaimableDraw(h))
	}
}

// TestParseUCIPositionErrors: every fault names its word and why; before
// the moves nothing is set up and the history stays; at a move, the
// position before it comes back with the history up to it.
func TestParseUCIPositionErrors(t *testing.T) {
	for _, tc := range []struct {
		cmd, msg string
		move     int    // the move at fault, 0 if none
		fen      string // the position returned, "" for the zero one
		fenErr   bool   // errors.As finds a *FENError
	}{
		{"", "movegen: UCI position: no position, want startpos or fen", 0, "", false},
		{"position", "movegen: UCI position: no position, want startpos or fen", 0, "", false},
		{"position start", `movegen: UCI position: "start", want startpos or fen`, 0, "", false},
		{"position startpos e2e4", `movegen: UCI position: "e2e4" after startpos, want moves`, 0, "", false},
		{"position fen", "movegen: UCI position: FEN: 0 fields, want 6", 0, "", true},
		{"position fen moves e2e4", "movegen: UCI position: FEN: 0 fields, want 6", 0, "", true},
		{"position fen 8/8/8/8/8/8/8/K6k w - - 0", "movegen: UCI position: FEN: 5 fields, want 6", 0, "", true},
		{"position fen 8/8/8/8/8/8/8/K7 w - - 0 1", "movegen: UCI position: FEN placement: 0 black kings, want 1", 0, "", true},
		{"position startpos moves e2e4 e7e5 e2e4", `movegen: UCI position: move 3 "e2e4": no piece on e2`, 3, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", false},
		{"position startpos moves e2e4 e7e5 e1h1", `movegen: UCI position: move 3 "e1h1": `, 3, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", false},
		{"position startpos moves e2e4 xyz", `movegen: UCI position: move 2 "xyz": 3 characters`, 2, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false},
	} {
		h := movegen.NewHistory(8)
		before := movegen.StartPosition()
		h.Reset(&before)
		h.Push(&before)
		p, err := movegen.ParseUCIPosition(tc.cmd, false, h)
		var ue *movegen.UCIError
		if !errors.As(err, &ue) {
			t.Errorf("%q: %v, want a *UCIError", tc.cmd, err)
			continue
		}
		if !strings.HasPrefix(err.Error(), tc.msg) || ue.Move != tc.move {
			t.Errorf("%q: %v (move %d), want %s... (move %d)", tc.cmd, err, ue.Move, tc.msg, tc.move)
		}
		var fe *movegen.FENError
		var me *movegen.MoveError
		if errors.As(err, &fe) != tc.fenErr || errors.As(err, &me) != (tc.move > 0) {
			t.Errorf("%q: %v wraps a FEN error %v, a move error %v", tc.cmd, err, errors.As(err, &fe), errors.As(err, &me))
		}
		switch {
		case tc.fen == "":
			if p != (movegen.Position{}) || h.Len() != 2 {
				t.Errorf("%q: returned %s with %d positions in the history, want the zero position and the history as it was", tc.cmd, p.FEN(), h.Len())
			}
		default:
			if p.FEN() != tc.fen || h.Len() != tc.move {
				t.Errorf("%q: returned %s with %d positions in the history, want %s with %d", tc.cmd, p.FEN(), h.Len(), tc.fen, tc.move)
			}
		}
	}
}

// TestParseUCIPositionAllocs: a game's position command read into a
// history with room for it allocates nothing.
func TestParseUCIPositionAllocs(t *testing.T) {
	cmd := "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8"
	h := movegen.NewHistory(64)
	var sink uint64
	if n := testing.AllocsPerRun(100, func() {
		p, err := movegen.ParseUCIPosition(cmd, false, h)
		if err != nil {
			t.Fatal(err)
		}
		sink += p.Key()
	}); n != 0 {
		t.Errorf("%v allocations, want 0", n)
	}
	_ = sink
}

// FuzzParseUCIPosition: any command is a position or a *UCIError, never a
// panic. A position comes with the history of the game that leads to it,
// and its moves replayed one by one from the command's own words reach it.
func FuzzParseUCIPosition(f *testing.F) {
	f.Add("position startpos moves e2e4 e7e5 g1f3", false)
	f.Add("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8", false)
	f.Add("position fen rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1 moves b1a1", true)
	f.Add("position startpos moves e2e4 0000 d2d4", true)
	f.Add("position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2 xx", false)
	f.Fuzz(func(t *testing.T, cmd string, chess960 bool) {
		h := movegen.NewHistory(4)
		p, err := movegen.ParseUCIPosition(cmd, chess960, h)
		var ue *movegen.UCIError
		if err != nil && !errors.As(err, &ue) {
			t.Fatalf("%q: %v is a %T", cmd, err, err)
		}
		if err != nil && ue.Move == 0 {
			if p != (movegen.Position{}) || h.Len() != 0 {
				t.Fatalf("%q: %v, but a position came back", cmd, err)
			}
			return
		}
		// Replay: the words after "moves" up to the one at fault.
		words := strings.FieldsFunc(cmd, func(r rune) bool { return strings.ContainsRune(" \t\r\n", r) })
		i := 0
		for i < len(words) && words[i] != "moves" {
			i++
		}
		if i == len(words) {
			if h.Len() != 1 {
				t.Fatalf("%q: no moves, %d positions", cmd, h.Len())
			}
			return
		}
		moves := words[i+1:]
		if err != nil {
			moves = moves[:ue.Move-1]
		}
		if h.Len() != len(moves)+1 {
			t.Fatalf("%q: %d moves played, %d positions in the history", cmd, len(moves), h.Len())
		}
		q, err := movegen.ParseUCIPosition(strings.Join(words[:i], " "), chess960, nil)
		if err != nil {
			t.Fatalf("%q: the position alone: %v", cmd, err)
		}
		for _, m := range moves {
			if err := q.PlayUCI(m); err != nil {
				t.Fatalf("%q: %s: %v", cmd, m, err)
			}
		}
		if q != p {
			t.Fatalf("%q: %s, replayed %s", cmd, p.FEN(), q.FEN())
		}
	})
}
