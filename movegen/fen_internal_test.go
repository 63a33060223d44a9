package movegen

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/symmagic/attacks/internal/perftdata"
)

func TestParseFENBad(t *testing.T) {
	const rest = " w KQkq - 0 1"
	tests := []struct {
		fen, field, msg string
	}{
		// Field count.
		{"", "", "0 fields, want 6"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "", "5 fields, want 6"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "", "3 fields"},
		{StartFEN + " 1", "", "7 fields"},

		// Placement.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX" + rest, "placement", "bad character 'X'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN0" + rest, "placement", "bad character '0'"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR" + rest, "placement", "bad character '9'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR1" + rest, "placement", "rank 1 \"RNBQKBNR1\" has 9 squares, want 8"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR" + rest, "placement", "has 9 squares"},
		{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR" + rest, "placement", "rank 7 \"ppppppp\" has 7 squares, want 8"},
		{"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR" + rest, "placement", "rank 6 \"7\" has 7 squares"},
		{"rnbqkbnr//8/8/8/8/PPPPPPPP/RNBQKBNR" + rest, "placement", "has 0 squares"},
		{"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR" + rest, "placement", "two digits in a row"},
		{"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR" + rest, "placement", "7 ranks, want 8"},
		{"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR" + rest, "placement", "9 ranks, want 8"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP" + rest, "placement", "7 ranks"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/" + rest, "placement", "9 ranks"},
		{"rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQKBNR" + rest, "placement", "2 white kings, want 1"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "placement", "0 black kings, want 1"},
		{"8/8/8/8/8/8/8/8 w - - 0 1", "placement", "0 white kings"},
		{"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", "placement", "pawn on h8"},
		{"rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNp w KQkq - 0 1", "placement", "pawn on h1"},
		{"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR" + rest, "placement", "9 white pawns, want at most 8"},
		{"rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR" + rest, "placement", "17 white pieces, want at most 16"},
		{"4r2k/8/8/b7/8/3n4/8/4K3 w - - 0 1", "placement", "attacked by 3 pieces"},

		// Side.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side", "\"x\", want w or b"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "side", "\"W\""},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1", "side", "want w or b"},
		{"4k3/8/8/8/8/8/8/r3K3 b - - 0 1", "side", "black to move, but white's king is in check"},
		{"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "side", "white to move, but black's king is in check"},
		{"8/8/8/3kK3/8/8/8/8 w - - 0 1", "side", "black's king is in check"}, // kings side by side

		// Castling.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "castling", "bad letter 'x'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkI - 0 1", "castling", "bad letter 'I'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K- - 0 1", "castling", "bad letter '-'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -- - 0 1", "castling", "bad letter '-'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkk - 0 1", "castling", "\"KQkk\" gives black two rights on the h-file side of its king"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkh - 0 1", "castling", "gives black two rights on the h-file side"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling", "K needs a white rook on rank 1 on the h-file side of the white king (on e1)"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1", "castling", "Q needs a white rook on rank 1 on the a-file side of the white king (on e1)"},
		{"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "castling", "k needs a black rook on rank 8 on the h-file side of the black king (on e8)"},
		{"rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1", "castling", "q needs the black king on rank 8, not on e7"},
		{"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNr w KQq - 0 1", "castling", "K needs a white rook on rank 1 on the h-file side"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w G - 0 1", "castling", "G needs a white rook on g1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Hb - 0 1", "castling", "b needs a black rook on b8"},
		{"rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w a - 0 1", "castling", "a needs the black king on rank 8, not on e7"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w E - 0 1", "castling", "E needs a white rook on e1"},
		{"4k3/8/8/8/8/8/8/K6R w Q - 0 1", "castling", "Q needs a white rook on rank 1 on the a-file side of the white king (on a1)"},

		// En passant.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en passant", "\"e9\" is not - or a square"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z6 0 1", "en passant", "not - or a square"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1", "en passant", "not - or a square"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq E6 0 1", "en passant", "not - or a square"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", "en passant", "e3 is not on rank 6, where a black double push passes with white to move"},
		{"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq e6 0 1", "en passant", "e6 is not on rank 3"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1", "en passant", "d3: no white pawn can just have double-pushed past it (want a white pawn on d4, d3 and d2 empty)"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPPPPP1/RNBQKBNR b KQkq e3 0 1", "en passant", "e3: no white pawn can just have double-pushed"}, // e2 is occupied
		{"rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1", "en passant", "e3: no white pawn"},                           // e3 is occupied
		{"rnbqkbnr/pppp1ppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 1", "en passant", "want a black pawn on e5"},                       // a white pawn there

		// Clocks.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - - 1", "halfmove clock", "\"-\" is not a non-negative decimal number"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock", "\"x\" is not a non-negative decimal number"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock", "\"-1\" is not a non-negative"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +3 1", "halfmove clock", "\"+3\""},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1.5 1", "halfmove clock", "\"1.5\""},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999 1", "halfmove clock", "\"99999999999\" is out of range (at most 2147483647)"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "fullmove number", "0, want at least 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -2", "fullmove number", "\"-2\" is not a non-negative"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", "fullmove number", "\"one\""},
	}
	// What ParseFEN reads where ParseFENStrict finds the position
	// unreachable but playable: the rest it rejects with the same error.
	reads := map[string]string{
		"4r2k/8/8/b7/8/3n4/8/4K3 w - - 0 1": "4r2k/8/8/b7/8/3n4/8/4K3 w - - 0 1",
		// The en-passant square dropped: no pawn can have passed it.
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1":   "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq e6 0 1":   "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1":   "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPPPPP1/RNBQKBNR b KQkq e3 0 1":   "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPPPP1/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1": "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq - 0 1",
		"rnbqkbnr/pppp1ppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 1":   "rnbqkbnr/pppp1ppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0":      StartFEN,
	}
	for _, tt := range tests {
		p, err := ParseFENStrict(tt.fen)
		if err == nil {
			t.Errorf("ParseFENStrict(%q) = %s, want a %s error", tt.fen, p.FEN(), tt.field)
			continue
		}
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("ParseFENStrict(%q): %v is a %T, want *FENError", tt.fen, err, err)
			continue
		}
		if fe.Field != tt.field || !strings.Contains(fe.Msg, tt.msg) {
			t.Errorf("ParseFENStrict(%q):\n got %v\nwant FEN field %q: ...%s...", tt.fen, err, tt.field, tt.msg)
		}
		prefix := "movegen: FEN " + tt.field + ": "
		if tt.field == "" {
			prefix = "movegen: FEN: "
		}
		if !strings.HasPrefix(err.Error(), prefix) || strings.Count(err.Error(), "movegen") != 1 {
			t.Errorf("ParseFENStrict(%q): error %q does not start by naming the field", tt.fen, err)
		}
		checkLenient(t, tt.fen, err, reads[tt.fen])
	}
}

// checkLenient checks what ParseFEN makes of fen, which ParseFENStrict
// rejects with strictErr: the same error for a fault of the text or of
// play (playable says which), else the position whose FEN is want.
func checkLenient(t *testing.T, fen string, strictErr error, want string) {
	t.Helper()
	var fe *FENError
	errors.As(strictErr, &fe)
	p, err := ParseFEN(fen)
	switch {
	case playable(fe) == (want == ""):
		t.Errorf("ParseFEN(%q): the test expects %q, but the strict error %v is one of reachability: %v", fen, want, strictErr, playable(fe))
	case want == "":
		if err == nil || err.Error() != strictErr.Error() || p != (Position{}) {
			t.Errorf("ParseFEN(%q) = %v, want %v as ParseFENStrict", fen, err, strictErr)
		}
	case err != nil:
		t.Errorf("ParseFEN(%q): %v, want %s", fen, err, want)
	default:
		// The FEN written back is want, but for the order of the
		// castling letters.
		got, w := strings.Fields(p.FEN()), strings.Fields(want)
		sorted := func(s string) string { b := []byte(s); slices.Sort(b); return string(b) }
		got[2], w[2] = sorted(got[2]), sorted(w[2])
		if !slices.Equal(got, w) {
			t.Errorf("ParseFEN(%q) = %s, want %s", fen, p.FEN(), want)
		}
	}
}

// playable reports whether the FEN error fe, ParseFENStrict's, is one of
// its reachability rules (ParseFEN then reads the FEN) rather than a fault
// of the text or a position the rules of play cannot run on.
func playable(fe *FENError) bool {
	switch fe.Field {
	case "placement":
		return strings.Contains(fe.Msg, "promoted") || strings.Contains(fe.Msg, "double check")
	case "en passant":
		return !strings.Contains(fe.Msg, "is not - or a square")
	case "halfmove clock":
		return strings.Contains(fe.Msg, "en-passant square")
	case "fullmove number":
		return strings.Contains(fe.Msg, "want at least 1")
	}
	return false
}

func TestParseFENGood(t *testing.T) {
	tests := []struct{ in, out string }{
		{StartFEN, StartFEN},
		{"  " + strings.ReplaceAll(StartFEN, " ", " \t ") + "\n", StartFEN},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 1", StartFEN},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
		{"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w Kq - 12 345", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w Kq - 12 345"},
		{"8/8/8/8/8/8/8/K6k w - - 0 1", "8/8/8/8/8/8/8/K6k w - - 0 1"},
		{"4k3/8/8/8/8/8/8/4K2R b K - 0 1", "4k3/8/8/8/8/8/8/4K2R b K - 0 1"},
		// Four fields: the clocks are 0 and 1.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", StartFEN},
		// X-FEN: KQkq name the outermost rooks; a file letter another one.
		{"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1"},
		{"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1"},
		{"r3k1rr/8/8/8/8/8/8/R3K1RR w GQgq - 0 1", "r3k1rr/8/8/8/8/8/8/R3K1RR w GQgq - 0 1"},
		{"r3k1rr/8/8/8/8/8/8/R3K1RR w qgQG - 0 1", "r3k1rr/8/8/8/8/8/8/R3K1RR w GQgq - 0 1"},
		{"r3k1rr/8/8/8/8/8/8/R3K1RR w KQkq - 0 1", "r3k1rr/8/8/8/8/8/8/R3K1RR w KQkq - 0 1"},
		// Shredder-FEN: file letters alone, kept as read.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ahAH - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1"},
		// A mixed field reads as X-FEN.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kh - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1"},
		// The side to move may be in check, even double check (one a move
		// can give: see TestDoubleCheck).
		{"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"},
		{"4r2k/8/8/8/8/3n4/8/4K3 w - - 0 1", "4r2k/8/8/8/8/3n4/8/4K3 w - - 0 1"},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.in)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", tt.in, err)
			continue
		}
		if got := p.FEN(); got != tt.out {
			t.Errorf("ParseFEN(%q).FEN() = %q, want %q", tt.in, got, tt.out)
		}
	}
	if p := StartPosition(); p.Side() != White || p.PieceAt(4) != MakePiece(White, King) || p.PieceAt(59) != MakePiece(Black, Queen) || p.PieceAt(27) != NoPiece || p.InCheck() || p.FEN() != StartFEN || p.Key() != 0x463b96181691fc9c {
		t.Errorf("StartPosition is wrong: %s", p.FEN())
	}
}

// TestPlayFEN follows a short game by its moves and checks the FEN after
// each: clocks, castling rights and en-passant squares as a game sets them.
func TestPlayFEN(t *testing.T) {
	steps := []struct{ move, fen string }{
		{"e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
		{"g8f6", "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"},
		{"e4e5", "rnbqkb1r/pppppppp/5n2/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"},
		{"d7d5", "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"},
		{"e5d6", "rnbqkb1r/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"},
		{"h8g8", "rnbqkbr1/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR w KQq - 1 4"},
		{"d6c7", "rnbqkbr1/ppP1pppp/5n2/8/8/8/PPPP1PPP/RNBQKBNR b KQq - 0 4"},
		{"b8c6", "r1bqkbr1/ppP1pppp/2n2n2/8/8/8/PPPP1PPP/RNBQKBNR w KQq - 1 5"},
		{"c7d8n", "r1bNkbr1/pp2pppp/2n2n2/8/8/8/PPPP1PPP/RNBQKBNR b KQq - 0 5"},
		{"e8d8", "r1bk1br1/pp2pppp/2n2n2/8/8/8/PPPP1PPP/RNBQKBNR w KQ - 0 6"},
		{"g1f3", "r1bk1br1/pp2pppp/2n2n2/8/8/5N2/PPPP1PPP/RNBQKB1R b KQ - 1 6"},
		{"g7g6", "r1bk1br1/pp2pp1p/2n2np1/8/8/5N2/PPPP1PPP/RNBQKB1R w KQ - 0 7"},
		{"f1c4", "r1bk1br1/pp2pp1p/2n2np1/8/2B5/5N2/PPPP1PPP/RNBQK2R b KQ - 1 7"},
		{"f8g7", "r1bk2r1/pp2ppbp/2n2np1/8/2B5/5N2/PPPP1PPP/RNBQK2R w KQ - 2 8"},
		{"e1g1", "r1bk2r1/pp2ppbp/2n2np1/8/2B5/5N2/PPPP1PPP/RNBQ1RK1 b - - 3 8"},
	}
	p := StartPosition()
	for _, s := range steps {
		m, err := p.ParseUCI(s.move)
		if err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		play(&p, m)
		if got := p.FEN(); got != s.fen {
			t.Fatalf("after %s:\n got %s\nwant %s", s.move, got, s.fen)
		}
	}
}

// FuzzParseFEN: no input panics, a rejected FEN is a *FENError, ParseFENStrict
// accepts a part of what ParseFEN accepts, reading the same position, and an
// accepted FEN writes back to a FEN that parses to the same position (see
// check) and has a working move generator in every mode.
//
//	go test ./movegen -run x -fuzz FuzzParseFEN -fuzztime 60s
func FuzzParseFEN(f *testing.F) {
	for _, fen := range perftdata.WalkFENs {
		f.Add(fen)
	}
	f.Add("3k4/8/8/K1Pp3r/8/8/8/8 w - d6 0 2")
	f.Add("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	f.Add("r3k1rr/8/8/8/8/8/8/R3K1RR w GQgq -")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		// ParseFENStrict accepts less, and what it accepts is the same
		// position; what ParseFEN rejects, it rejects with the same error.
		switch s, serr := ParseFENStrict(fen); {
		case serr == nil && (err != nil || s != p):
			t.Fatalf("ParseFENStrict(%q) reads %s, ParseFEN %v", fen, s.FEN(), err)
		case err != nil && (serr == nil || serr.Error() != err.Error()):
			t.Fatalf("ParseFEN(%q): %v, ParseFENStrict: %v", fen, err, serr)
		}
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is a %T", err, err)
			}
			if p != (Position{}) {
				t.Fatalf("ParseFEN(%q) fails but returns a position", fen)
			}
			return
		}
		if again, err := ParseFEN(p.FEN()); err != nil || again.FEN() != p.FEN() {
			t.Fatalf("%q -> %q does not round-trip: %v", fen, p.FEN(), err)
		}
		check(t, &p)
		p.Perft(2)
	})
}
