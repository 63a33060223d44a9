package movegen

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"strings"
	"testing"
)

// TestPolyglotTable checks the 781 numbers against the SHA-256 of their
// big-endian bytes, computed from python-chess's POLYGLOT_RANDOM_ARRAY (the
// published table) when they were written in, and a few by value.
func TestPolyglotTable(t *testing.T) {
	b := make([]byte, 0, 8*len(polyglotRandom))
	for _, v := range polyglotRandom {
		b = binary.BigEndian.AppendUint64(b, v)
	}
	sum := sha256.Sum256(b)
	if got, want := hex.EncodeToString(sum[:]), "9aee840377ba74c9a7fe8e254958ad312aa15766257d18823f866b070cbcc9e8"; got != want {
		t.Errorf("SHA-256 of the Random64 table %s, want %s", got, want)
	}
	for i, want := range map[int]uint64{0: 0x9D39247E33776D41, 768: 0x31D71DCE64B2C310, 772: 0x70CC73D90BC26E24, 780: 0xF8D626AAAF278509} {
		if polyglotRandom[i] != want {
			t.Errorf("Random64[%d] = %#x, want %#x", i, polyglotRandom[i], want)
		}
	}
}

// polyglotVectors are the Polyglot book format's published keys (its
// book_format.html, and python-chess's test_polyglot): the position after
// each line of moves from the start, with its FEN as this package writes it
// (the en-passant square after every double push).
var polyglotVectors = []struct {
	moves, fen string
	key        uint64
}{
	{"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9c},
	{"e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196},
	{"e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", 0x0756b94461c50fb0},
	{"e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", 0x662fafb965db29d4},
	{"e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78},
	{"e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 1 3", 0x652a607ca3f242c1},
	{"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 2 4", 0x00fdd303c946bdd9},
	{"a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637},
	{"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 1 4", 0x5c3f9b829b279560},
}

// TestPolyglotKeys plays each line from the start, in every mode, and
// checks the key kept move by move, the key of the FEN read afresh, and the
// FEN.
func TestPolyglotKeys(t *testing.T) {
	for _, v := range polyglotVectors {
		{
			p := StartPosition()
			for _, s := range strings.Fields(v.moves) {
				m, err := p.ParseUCI(s)
				if err != nil {
					t.Fatalf("%s: %v", v.moves, err)
				}
				play(&p, m)
			}
			if p.Key() != v.key {
				t.Errorf("after %q the key is %016x, want %016x", v.moves, p.Key(), v.key)
			}
			if got := p.FEN(); got != v.fen {
				t.Errorf("after %q the FEN is %s, want %s", v.moves, got, v.fen)
			}
		}
		q, err := ParseFEN(v.fen)
		if err != nil {
			t.Fatal(err)
		}
		if q.Key() != v.key {
			t.Errorf("ParseFEN(%q).Key() = %016x, want %016x", v.fen, q.Key(), v.key)
		}
	}
}

// TestPolyglotEnPassant checks the rule that the en-passant file counts only
// when a pawn of the side to move stands beside the pawn that double-pushed,
// legal capture or not: here d5 beside e5 with the capture pinned.
func TestPolyglotEnPassant(t *testing.T) {
	with, err := ParseFEN("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
	if err != nil {
		t.Fatal(err)
	}
	without, _ := ParseFEN("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1")
	if with.Key() != without.Key()^zEP[3] {
		t.Errorf("e5 beside d5: the key does not hash the d-file")
	}
	pinned, _ := ParseFEN("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1")
	pinnedNone, _ := ParseFEN("8/8/8/K2pP2r/8/8/8/7k w - - 0 1")
	var list moveList
	for _, m := range list[:generate(&pinned, &list)] {
		if m.IsEnPassant() {
			t.Fatalf("%s: en passant should be illegal", pinned.FEN())
		}
	}
	if pinned.Key() != pinnedNone.Key()^zEP[3] {
		t.Errorf("pinned e5 beside d5: the key does not hash the d-file")
	}
	alone, _ := ParseFEN("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1")
	aloneNone, _ := ParseFEN("4k3/8/8/3p4/8/8/8/4K3 w - - 0 1")
	if alone.Key() != aloneNone.Key() {
		t.Errorf("no pawn beside d5: the key hashes the d-file")
	}
}
