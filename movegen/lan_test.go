package movegen_test

import (
	"bufio"
	"compress/gzip"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// TestLANPythonChess: LAN writes every legal move of 3,512 positions as
// python-chess 1.11.2's Board.lan does (testdata/lan/lan.tsv.gz, made by
// make_lan.py there: the package's test FENs, castling, en-passant and
// promotion cases, random games from the standard and Chess960 starts),
// and the null move as "--" where the side to move is not in check; the
// table lists exactly the moves LegalMoves does; ParseSAN reads each LAN
// back as its move.
func TestLANPythonChess(t *testing.T) {
	f, err := os.Open("testdata/lan/lan.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(z)
	sc.Buffer(nil, 1<<20)
	var positions, moves, c960 int
	kinds := map[string]int{}
	for line := 1; sc.Scan(); line++ {
		if testing.Short() && line%8 != 0 {
			continue
		}
		c := strings.Split(sc.Text(), "\t")
		if len(c) != 3 {
			t.Fatalf("lan.tsv line %d: %d columns", line, len(c))
		}
		p := mustParse(t, c[0])
		if want := c[1] == "1"; p.Chess960() != want {
			if err := p.SetChess960(want); err != nil {
				t.Fatalf("line %d: %s: %v", line, c[0], err)
			}
		}
		positions++
		if p.Chess960() {
			c960++
		}
		listed := 0
		for _, pair := range strings.Fields(c[2]) {
			uci, want, ok := strings.Cut(pair, ":")
			if !ok {
				t.Fatalf("line %d: %q", line, pair)
			}
			m, err := p.ParseUCI(uci)
			if err != nil {
				t.Errorf("line %d: %s: python-chess's move %s: %v", line, c[0], uci, err)
				continue
			}
			if got := p.LAN(m); got != want {
				t.Errorf("line %d: %s: %s: LAN %q, python-chess %q", line, c[0], uci, got, want)
				continue
			}
			if m == movegen.NoMove {
				continue
			}
			listed++
			moves++
			switch {
			case strings.HasSuffix(want, "#"):
				kinds["mate"]++
			case strings.HasSuffix(want, "+"):
				kinds["check"]++
			}
			switch {
			case m.IsCastle() && p.Chess960():
				kinds["Chess960 castling"]++
			case m.IsCastle():
				kinds["castling"]++
			case m.IsEnPassant():
				kinds["en passant"]++
			case m.Promotion() != movegen.NoPieceType:
				kinds["promotion"]++
			}
			if back, err := p.ParseSAN(want); err != nil || back != m {
				t.Errorf("line %d: %s: ParseSAN(%q) = %v, %v; want %v", line, c[0], want, back, err, m)
			}
		}
		if n := p.CountMoves(); listed != n {
			t.Errorf("line %d: %s: python-chess lists %d moves, LegalMoves %d", line, c[0], listed, n)
		}
		if null := strings.Contains(c[2], "0000:"); null == p.InCheck() || null != (p.LAN(movegen.NoMove) == "--") {
			t.Errorf("line %d: %s: in check %v, null move listed %v, LAN(NoMove) %q", line, c[0], p.InCheck(), null, p.LAN(movegen.NoMove))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d positions (%d in Chess960 mode), %d moves: %v", positions, c960, moves, kinds)
	if !testing.Short() {
		for _, k := range []string{"mate", "check", "castling", "Chess960 castling", "en passant", "promotion"} {
			if kinds[k] == 0 {
				t.Errorf("the table has no %s", k)
			}
		}
	}
}

// TestLANLegality: AppendLAN writes a move exactly when LegalMoves lists
// it (NoMove: when the side to move is not in check), for every 16-bit
// value in some positions and random ones in the oracle's; and what it
// writes ParseSAN reads back as the move.
func TestLANLegality(t *testing.T) {
	fens, _ := randomPositions(t, 7, 100, map[string]int{})
	fens = append(fens, trickyFENs...)
	rng := rand.New(rand.NewPCG(13, 14))
	for i, fen := range fens {
		p := mustParse(t, fen)
		legal := legalSet(&p)
		legal[movegen.NoMove] = !p.InCheck()
		var buf [16]byte
		check := func(m movegen.Move) {
			s := p.AppendLAN(buf[:0], m)
			if got := len(s) > 0; got != legal[m] {
				t.Fatalf("%s: move %#04x (%v): LAN %q, legal %v", fen, uint16(m), m, s, legal[m])
			}
			if len(s) > 0 && m != movegen.NoMove {
				if back, err := p.ParseSAN(string(s)); err != nil || back != m {
					t.Fatalf("%s: ParseSAN(%q) = %v, %v; want %v", fen, s, back, err, m)
				}
			}
		}
		checkMoveValues(&p, i < 10 || i >= len(fens)-len(trickyFENs), rng, check)
	}
	var zero movegen.Position
	if s := zero.LAN(movegen.NoMove); s != "" {
		t.Errorf("the zero Position: LAN(NoMove) = %q, want none (no kings)", s)
	}
}

// TestLANAllocs: AppendLAN into a buffer with room allocates nothing, and
// 8 bytes are room for any move.
func TestLANAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage counters allocate")
	}
	for _, fen := range []string{kiwipete, "3r2k1/4Pppp/8/8/8/8/8/4K3 w - - 0 1", "2rkr3/2p1p3/8/8/8/8/8/RK6 w A - 0 1"} {
		p := mustParse(t, fen)
		moves := append(p.LegalMoves(nil), movegen.NoMove)
		buf := make([]byte, 0, 8)
		if n := testing.AllocsPerRun(20, func() {
			for _, m := range moves {
				buf = p.AppendLAN(buf[:0], m)
				if cap(buf) != 8 {
					panic("AppendLAN grew an 8-byte buffer")
				}
			}
		}); n != 0 {
			t.Errorf("%s: AppendLAN allocates %.1f times", fen, n)
		}
	}
}
