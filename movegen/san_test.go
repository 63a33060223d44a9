package movegen_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/symmagic/attacks/movegen"
)

// oSAN is the tests' second SAN writer, written to share nothing with
// AppendSAN: it works on the oracle's position and legal moves, and finds
// the disambiguation by brute force, trying the candidate prefixes (none,
// the file, the rank, both) in turn until one names a single legal move of
// the piece's kind to the square; the suffix comes from making the move and
// counting the checks and the replies.
func oSAN(p *oPos, m oMove) string {
	var s string
	us := p.us()
	kind := p.board[m.from] * us
	switch {
	case m.castle && m.rook > m.from:
		s = "O-O"
	case m.castle:
		s = "O-O-O"
	case kind == oPawn:
		if p.board[m.to] != 0 || m.epCap {
			s = oName(m.from)[:1] + "x"
		}
		s += oName(m.to)
		if m.promo != 0 {
			s += "=" + strings.ToUpper(oLetters[m.promo:][:1])
		}
	default:
		capture := ""
		if p.board[m.to] != 0 {
			capture = "x"
		}
		letter := strings.ToUpper(oLetters[kind:][:1])
		for _, prefix := range []string{"", oName(m.from)[:1], oName(m.from)[1:], oName(m.from)} {
			named := 0
			for _, o := range p.legal(nil) {
				name := oName(o.from)
				if !o.castle && o.to == m.to && p.board[o.from] == p.board[m.from] &&
					(prefix == "" || prefix == name || prefix == name[:1] || prefix == name[1:]) {
					named++
				}
			}
			if named == 1 {
				s = letter + prefix + capture + oName(m.to)
				break
			}
		}
	}
	c := p.make(m)
	if c.checkers() > 0 {
		if len(c.legal(nil)) == 0 {
			return s + "#"
		}
		return s + "+"
	}
	return s
}

// sanVariants are other ways PGN files write the SAN s of move m, each of
// which ParseSAN must read as m.
func sanVariants(p *movegen.Position, m movegen.Move, s string) []string {
	bare := strings.TrimRight(s, "+#")
	suffix := s[len(bare):]
	v := []string{bare, bare + "!", bare + suffix + "?!", bare + suffix + "!!", bare + suffix + "??"}
	// Long algebraic and coordinate notation: the square left whole, with
	// the piece's letter (P for a pawn) or none, "-" or "x" (where it
	// takes) before the square reached; a castling as the king's move.
	uci := m.String()
	if m.IsCastle() {
		v = append(v, uci, "K"+uci, "K"+uci[:2]+"-"+uci[2:]+suffix)
	} else {
		letter := string("?PNBRQK"[p.PieceAt(m.From()).Type()])
		sep := "-"
		if p.IsCapture(m) {
			sep = "x"
		}
		promo := ""
		if pr := m.Promotion(); pr != movegen.NoPieceType {
			promo = "=" + string("??NBRQ"[pr])
		}
		lan := uci[:2] + sep + uci[2:4] + promo
		v = append(v, uci, lan, lan+suffix, letter+lan+suffix, letter+uci[:4]+promo, uci[:2]+"-"+uci[2:])
		if letter == "P" {
			v = append(v, "P"+bare)
		}
	}
	switch {
	case strings.HasPrefix(bare, "O-O"):
		v = append(v, strings.ReplaceAll(bare, "O", "0"))
	case p.PieceAt(m.From()).Type() == movegen.Pawn:
		if i := strings.IndexByte(bare, 'x'); i >= 0 {
			v = append(v, bare[:i]+bare[i+1:]) // ed5
		}
		if pr := m.Promotion(); pr != movegen.NoPieceType {
			noEq := strings.Replace(bare, "=", "", 1)
			lower := func(s string) string { return s[:len(s)-1] + strings.ToLower(s[len(s)-1:]) }
			v = append(v, noEq, lower(bare), lower(noEq))
		}
		if m.IsEnPassant() {
			v = append(v, bare+"e.p.", bare+" e.p.", bare+suffix+" e.p.", bare+" e.p."+suffix)
		}
	default:
		// Over-disambiguated, with and without the x.
		letter := bare[:1]
		to := m.To().String()
		x := ""
		if p.IsCapture(m) {
			x = "x"
			v = append(v, strings.Replace(bare, "x", "", 1))
		}
		v = append(v, letter+m.From().String()+x+to, letter+m.From().String()+to+suffix)
	}
	return v
}

// TestSANOracle writes the SAN of every legal move of the oracle's random
// positions (standard and Chess960) and checks it against the second
// writer, then reads it back, and its variants, as the move; the form
// without the disambiguation, where there is one, must be ambiguous, with
// the move among the candidates.
func TestSANOracle(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 200
	}
	fens, _ := randomPositions(t, 3, n, map[string]int{})
	moves, disambiguated, checks, mates := 0, 0, 0, 0
	for _, fen := range fens {
		op, err := oParse(fen)
		if err != nil {
			t.Fatal(err)
		}
		p := mustParse(t, fen)
		byName := map[string]movegen.Move{}
		for _, m := range p.LegalMoves(nil) {
			byName[m.String()] = m
		}
		for _, om := range op.legal(nil) {
			m, ok := byName[om.String()]
			if !ok {
				t.Fatalf("%s: the oracle's %s is not legal", fen, om)
			}
			moves++
			s := p.SAN(m)
			if want := oSAN(op, om); s != want {
				t.Errorf("%s: %s: SAN %q, the second writer %q", fen, m, s, want)
				continue
			}
			switch s[len(s)-1] {
			case '+':
				checks++
			case '#':
				mates++
			}
			for _, v := range append([]string{s}, sanVariants(&p, m, s)...) {
				got, err := p.ParseSAN(v)
				if err != nil || got != m {
					t.Errorf("%s: ParseSAN(%q) = %v, %v; want %v (%s)", fen, v, got, err, m, s)
				}
			}
			letter := s[:1]
			if strings.Contains("NBRQ", letter) {
				rest := strings.TrimLeft(s[1:], "abcdefgh12345678x")
				short := letter + m.To().String() + rest
				if want := letter + strings.ReplaceAll(s[1:], "x", ""); len(strings.TrimRight(want, "+#")) > 3 {
					disambiguated++
					_, err := p.ParseSAN(short)
					var se *movegen.SANError
					if !errors.As(err, &se) || !slices.Contains(se.Candidates, m) || len(se.Candidates) < 2 ||
						!strings.Contains(se.Msg, "ambiguous: ") || !strings.Contains(se.Msg, strings.TrimRight(s, "+#")) {
						t.Errorf("%s: ParseSAN(%q): %v, want ambiguous with %s", fen, short, err, s)
					}
				}
			}
		}
	}
	t.Logf("%d positions, %d moves, %d disambiguated, %d checks, %d mates", len(fens), moves, disambiguated, checks, mates)
	if n >= 1000 && (disambiguated == 0 || checks == 0 || mates == 0) {
		t.Errorf("the games gave no disambiguation, check or mate to write")
	}
}

// TestSANLegality: AppendSAN writes a move exactly when LegalMoves lists
// it, for every 16-bit value in some positions and random ones in the
// oracle's.
func TestSANLegality(t *testing.T) {
	fens, _ := randomPositions(t, 5, 300, map[string]int{})
	fens = append(fens, trickyFENs...)
	rng := rand.New(rand.NewPCG(11, 12))
	for i, fen := range fens {
		p := mustParse(t, fen)
		legal := legalSet(&p)
		var buf [16]byte
		check := func(m movegen.Move) {
			if got := len(p.AppendSAN(buf[:0], m)) > 0; got != legal[m] {
				t.Fatalf("%s: move %#04x (%v): SAN %q, listed by LegalMoves %v", fen, uint16(m), m, p.SAN(m), legal[m])
			}
		}
		checkMoveValues(&p, i < 40 || i >= len(fens)-len(trickyFENs), rng, check)
	}
}

// checkMoveValues calls check with move values of p: every 16-bit value
// where all is set, else 2000 drawn from rng and each legal move with its
// top bit clear and set.
func checkMoveValues(p *movegen.Position, all bool, rng *rand.Rand, check func(movegen.Move)) {
	if all {
		for m := 0; m < 1<<16; m++ {
			check(movegen.Move(m))
		}
		return
	}
	for range 2000 {
		check(movegen.Move(rng.Uint32()))
	}
	for _, m := range p.LegalMoves(nil) {
		check(m)
		check(m ^ 1<<15)
	}
}

// legalSet returns the moves LegalMoves lists at p, as a set of all 65,536
// values.
func legalSet(p *movegen.Position) *[1 << 16]bool {
	var set [1 << 16]bool
	for _, m := range p.LegalMoves(nil) {
		set[m] = true
	}
	return &set
}

// TestSANCases are the cases SAN writers get wrong: rank and double
// disambiguation, pinned pieces that do not count, promotions with capture
// and check, castling giving check and mate (standard and Chess960), and en
// passant giving a discovered check.
func TestSANCases(t *testing.T) {
	for _, c := range []struct {
		fen, uci, san string
	}{
		// Knights on d5 and d7 both reach f6: the file does not tell them
		// apart, the rank does (N5f6, the case notnil/chess got wrong).
		{"4k3/3N4/8/3N4/8/8/8/4K3 w - - 0 1", "d5f6", "N5f6+"},
		{"4k3/3N4/8/3N4/8/8/8/4K3 w - - 0 1", "d7f6", "N7f6+"},
		// Knights on b1 and f3 reach d2: the file does.
		{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"},
		// Three queens on h4, e4 and h1 reach e1: h4 shares its file with
		// h1 and its rank with e4, so it needs both.
		{"2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1", "Qh4e1"},
		{"2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "e4e1", "Qee1"},
		{"2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h1e1", "Q1e1"},
		// The knight on f3 is pinned by the bishop on h5 (king on d1): Nd2
		// needs no disambiguation.
		{"4k3/8/8/7b/8/5N2/8/1N1K4 w - - 0 1", "b1d2", "Nd2"},
		// The rook on d4 is pinned along the rank: only d8 goes to d6.
		{"3R4/8/8/8/r2R3K/8/8/7k w - - 0 1", "d8d6", "Rd6"},
		// Promotion with capture, and with check.
		{"3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q", "exd8=Q+"},
		{"3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8n", "exd8=N"},
		{"3r4/4P2k/8/8/8/8/8/4K3 w - - 0 1", "e7e8r", "e8=R"},
		// Castling that checks with the rook, and that mates.
		{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"},
		{"5k2/4p1p1/3N3N/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O#"},
		{"8/8/8/8/8/8/7k/R3K3 w Q - 0 1", "e1c1", "O-O-O"},
		{"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "O-O-O+"},
		// Chess960: the king on b1 castles queenside with the rook on a1,
		// landing on c1 (O-O-O, though it moves towards the h-file), and
		// the rook on d1 gives check; the king on g1 castles kingside
		// without moving.
		{"3k4/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1", "O-O-O+"},
		{"5k2/8/8/8/8/8/8/6KR w H - 0 1", "g1h1", "O-O+"},
		// En passant that uncovers the rook's check on the e-file.
		{"4k3/8/8/3pP3/8/8/8/4RK2 w - d6 0 1", "e5d6", "exd6+"},
		// En passant that checks by itself, and a double check.
		{"8/8/2k5/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		{"8/8/4k3/3pP3/8/8/8/4RK2 w - d6 0 1", "e5d6", "exd6+"},
		// A mate by a knight, a check by a discovered bishop.
		{"6rk/6pp/8/6N1/8/8/8/4K3 w - - 0 1", "g5f7", "Nf7#"},
		{"7k/8/8/4N3/8/8/1B6/4K3 w - - 0 1", "e5c4", "Nc4+"},
	} {
		p := mustParse(t, c.fen)
		m, err := p.ParseUCI(c.uci)
		if err != nil {
			t.Fatalf("%s: %s: %v", c.fen, c.uci, err)
		}
		if got := p.SAN(m); got != c.san {
			t.Errorf("%s: SAN(%s) = %q, want %q", c.fen, c.uci, got, c.san)
		}
		if got, err := p.ParseSAN(c.san); got != m || err != nil {
			t.Errorf("%s: ParseSAN(%q) = %v, %v; want %s", c.fen, c.san, got, err, c.uci)
		}
	}
}

// TestParseSANErrors: what ParseSAN rejects, and the reason it gives; an
// error changes nothing.
func TestParseSANErrors(t *testing.T) {
	for _, c := range []struct {
		fen, san, msg string
	}{
		{movegen.StartFEN, "", "empty"},
		{movegen.StartFEN, "--", "the null move"},
		{movegen.StartFEN, "2e4", "names no rank"},
		{movegen.StartFEN, "e3-e4", "no white piece on e3"},
		{movegen.StartFEN, "Ne3-e4", "no white knight on e3"},
		{movegen.StartFEN, "Bg1-f3", "a white knight stands on g1, not a bishop"},
		{movegen.StartFEN, "e2-e5", "a white pawn on e2 does not move to e5"},
		{movegen.StartFEN, "e2xe4", "x, but there is nothing to take on e4"},
		{movegen.StartFEN, "Ng1-e2", "a white knight on g1 cannot take its own pawn on e2"},
		{movegen.StartFEN, "e1g1", "castling needs the squares"},
		{movegen.StartFEN, "e2-", "not SAN"},
		{movegen.StartFEN, "-e4", "not SAN"},
		{movegen.StartFEN, "e2--e4", "not SAN"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7-a8", "promot"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5-e6 e.p.", "e.p., but the move is not an en-passant capture"},
		{movegen.StartFEN, "e4 ", "not SAN"},
		{movegen.StartFEN, "1.e4", "not SAN"},
		{movegen.StartFEN, "nf3", "not SAN"},
		{movegen.StartFEN, "Nf3!!!", "not SAN"},
		{movegen.StartFEN, "Pe5", "no white pawn moves to e5"},
		{movegen.StartFEN, "pe4", "not SAN"},
		{movegen.StartFEN, "e5", "no white pawn moves to e5"},
		{movegen.StartFEN, "Nd2", "a white pawn stands on d2"},
		{movegen.StartFEN, "Nf4", "no white knight moves to f4"},
		{movegen.StartFEN, "xe4", "names the file it leaves"},
		{movegen.StartFEN, "exe4", "onto the next file"},
		{movegen.StartFEN, "dxe3", "no white pawn on the d-file takes on e3"},
		{movegen.StartFEN, "O-O", "castling needs the squares"},
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "O-O", "white has no right to castle kingside (O-O)"},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O-O-O", "not SAN"},
		{"4k3/8/8/8/8/8/8/4K1NR w K - 0 1", "0-0", "castling needs the squares"},
		{"4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "O-O", "attack"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3", "no white knight moves to f3"},
		{"4k3/8/8/7b/8/5N2/8/3K4 w - - 0 1", "Nd2", "a white knight on f3 to d2 would leave the white king in check"},
		{"4k3/8/8/7b/b7/5N2/2N5/3K4 w - - 0 1", "Nd4", "each white knight that moves to d4 would leave the white king in check"},
		{"3rk3/8/8/8/8/5N2/8/3K4 w - - 0 1", "Ng1", "white is in check, and a white knight on f3 to g1 does not end it"},
		{"4k3/8/8/8/8/1N3N2/8/4K3 w - - 0 1", "Nd4", "ambiguous: Nbd4, Nfd4"},
		{"4k3/8/8/8/8/1N3N2/8/4K3 w - - 0 1", "Nxd4", "ambiguous: Nbd4, Nfd4"},
		{"2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "Qe1", "ambiguous: Q1e1, Qee1, Qh4e1"},
		{"2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "Qhe1", "ambiguous: Q1e1, Qh4e1"},
		{"4k3/8/8/8/8/5N2/8/4K3 w - - 0 1", "Nxd4", "x, but there is nothing to take on d4"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", "must promote"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=K", "promotes to a queen, rook, bishop or knight"},
		{"4k3/8/P7/8/8/8/8/4K3 w - - 0 1", "a7=Q", "only a pawn reaching the last rank promotes"},
		{"4k3/8/8/8/8/5N2/8/4K3 w - - 0 1", "Nd4=Q", "only a pawn promotes"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e6e.p.", "e.p. after a move that is not a pawn's capture"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "exd6e.p.", "no white pawn on the e-file takes on d6"},
		{"4k3/8/3p4/4P3/8/8/8/4K3 w - - 0 1", "exd6 e.p.", "e.p., but the move is not an en-passant capture"},
	} {
		p := mustParse(t, c.fen)
		before := p
		m, err := p.ParseSAN(c.san)
		var se *movegen.SANError
		if !errors.As(err, &se) || se.SAN != c.san || !strings.Contains(err.Error(), c.msg) || m != movegen.NoMove {
			t.Errorf("%s: ParseSAN(%q) = %v, %v; want an error with %q", c.fen, c.san, m, err, c.msg)
			continue
		}
		if !strings.HasPrefix(err.Error(), `movegen: SAN "`) || strings.Count(err.Error(), "movegen: ") != 1 {
			t.Errorf("ParseSAN(%q): %q", c.san, err)
		}
		if p.PlaySAN(c.san) == nil || p != before {
			t.Errorf("%s: PlaySAN(%q) changed the position", c.fen, c.san)
		}
	}
}

// TestSANGame plays a game from its SAN and writes it back.
func TestSANGame(t *testing.T) {
	// The Opera Game, Morphy against the Duke of Brunswick and Count
	// Isouard, Paris 1858.
	game := "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#"
	p := movegen.StartPosition()
	var out []string
	for _, s := range strings.Fields(game) {
		m, err := p.ParseSAN(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p.SAN(m))
		p.PlayUnchecked(m)
	}
	if got := strings.Join(out, " "); got != game {
		t.Errorf("written back as\n%s\nwant\n%s", got, game)
	}
	if o := p.Outcome(nil); o != (movegen.Outcome{Result: movegen.WhiteWins, Reason: movegen.Checkmate}) {
		t.Errorf("Outcome %v", o)
	}
}

// TestSANAllocs: AppendSAN into a buffer with room and ParseSAN of a move
// it accepts allocate nothing.
func TestSANAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage counters allocate")
	}
	for _, fen := range []string{kiwipete, "5k2/4p1p1/3N3N/8/8/8/8/4K2R w K - 0 1", "2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1"} {
		p := mustParse(t, fen)
		moves := p.LegalMoves(nil)
		var names []string
		for _, m := range moves {
			names = append(names, p.SAN(m))
		}
		buf := make([]byte, 0, 16)
		if n := testing.AllocsPerRun(20, func() {
			for _, m := range moves {
				buf = p.AppendSAN(buf[:0], m)
			}
		}); n != 0 {
			t.Errorf("%s: AppendSAN allocates %.1f times", fen, n)
		}
		if n := testing.AllocsPerRun(20, func() {
			for _, s := range names {
				if _, err := p.ParseSAN(s); err != nil {
					panic(err)
				}
			}
		}); n != 0 {
			t.Errorf("%s: ParseSAN allocates %.1f times", fen, n)
		}
	}
}

// FuzzParseSAN: no input panics; an accepted SAN names a legal move, whose
// SAN reads back as it; ParseSAN's quick path answers as the list of legal
// moves does, move or error.
func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "exd5", "ed5", "e8=Q", "e8q", "O-O", "0-0-0", "Qh4e1", "N5f6+", "exd6 e.p.", "Bb5+!?", "Kxe2#", "--"} {
		f.Add(s, 0)
		f.Add(s, 9)
	}
	fens := append([]string{movegen.StartFEN, kiwipete, "2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "4k3/8/8/3pP3/8/8/8/4RK2 w - d6 0 1"}, trickyFENs...)
	ps := make([]movegen.Position, len(fens))
	for i, fen := range fens {
		ps[i] = mustParse(f, fen)
	}
	f.Fuzz(func(t *testing.T, s string, i int) {
		p := ps[uint(i)%uint(len(ps))]
		before := p
		m, err := p.ParseSAN(s)
		if p != before {
			t.Fatalf("ParseSAN(%q) changed the position", s)
		}
		sameSAN(t, &p, s, m, err)
		if err != nil {
			var se *movegen.SANError
			if !errors.As(err, &se) || m != movegen.NoMove {
				t.Fatalf("ParseSAN(%q): %v, %v", s, m, err)
			}
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("%s: ParseSAN(%q) = %v, not legal", p.FEN(), s, m)
		}
		if back, err := p.ParseSAN(p.SAN(m)); back != m || err != nil {
			t.Fatalf("%s: ParseSAN(%q) = %v; its SAN %q reads back as %v, %v", p.FEN(), s, m, p.SAN(m), back, err)
		}
	})
}

// sameSAN fails unless ParseSAN's answer for s, m and err, is the list of
// legal moves' (ParseSANByList): the same move, or the same error text.
func sameSAN(t *testing.T, p *movegen.Position, s string, m movegen.Move, err error) {
	t.Helper()
	lm, lerr := p.ParseSANByList(s)
	if m != lm || (err == nil) != (lerr == nil) || err != nil && err.Error() != lerr.Error() {
		t.Fatalf("%s: ParseSAN(%q) = %v, %v; by the list of legal moves %v, %v", p.FEN(), s, m, err, lm, lerr)
	}
}

// TestSANQuickPath holds ParseSAN's quick path, which finds the move
// without listing the legal moves, to the list's answer for every legal
// move of the oracle's game positions, the tricky ones and the walks'
// starts, in every spelling ParseSAN reads and in wrong ones: the SAN,
// without its check suffix, its x, or the promotion's =, with the file,
// the rank, both or no square of departure, and with the wrong promotion
// piece or none.
func TestSANQuickPath(t *testing.T) {
	fens := moveTestFENs(t, 3, 300, 60)
	n := 0
	for _, fen := range fens {
		p := mustParse(t, fen)
		for _, m := range p.LegalMoves(nil) {
			san := p.SAN(m)
			body := strings.TrimRight(san, "+#")
			spell := []string{san, body, strings.Replace(body, "x", "", 1), strings.Replace(body, "=", "", 1)}
			if m.IsCastle() {
				// The king's move, in coordinate and long algebraic
				// notation.
				u := m.String()
				spell = append(spell, u, "K"+u[:2]+"-"+u[2:])
			} else {
				from, to := m.From().String(), m.To().String()
				piece := ""
				if t := p.PieceAt(m.From()).Type(); t != movegen.Pawn {
					piece = string("NBRQK"[t-movegen.Knight])
				}
				promo := ""
				if i := strings.IndexByte(body, '='); i >= 0 {
					promo = body[i:]
				}
				for _, d := range []string{"", from[:1], from[1:], from} {
					spell = append(spell, piece+d+to+promo, piece+d+"x"+to+promo)
				}
				// Long algebraic and coordinate notation, the piece's
				// letter written (P for a pawn) or not.
				letter := piece
				if letter == "" {
					letter = "P"
				}
				for _, l := range []string{"", letter} {
					spell = append(spell, l+from+"-"+to+promo, l+from+"x"+to+promo, l+from+to+strings.ToLower(strings.TrimPrefix(promo, "=")))
				}
				if promo != "" {
					spell = append(spell, strings.TrimSuffix(body, promo), strings.TrimSuffix(body, promo)+"=K", body[:len(body)-1]+"N")
				}
			}
			for _, s := range spell {
				got, err := p.ParseSAN(s)
				sameSAN(t, &p, s, got, err)
				n++
			}
		}
	}
	t.Logf("%d positions, %d SAN strings", len(fens), n)
}
