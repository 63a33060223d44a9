package syzygy

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/symmagic/attacks/engine"
	"github.com/symmagic/attacks/internal/syzygydata"
	"github.com/symmagic/attacks/movegen"
)

// The root probes against Stockfish 15.1's (Tablebases::root_probe and
// root_probe_wdl, Syzygy50MoveRule on, its default). Stockfish does not
// print its ranks, but a search of depth 1 with MultiPV at 500 prints
// every root move once, in the order of the ranks (Stockfish sorts the
// moves by rank, then those of each rank by the search's scores), and,
// where the search finds no mate, with its rank's tablebase score, tbScore
// (see sfScore). Which neighbours in that order share a rank, Stockfish
// tells by the moves it searches: given two moves (searchmoves, MultiPV
// at 1), it searches only those of the higher rank (see askStockfish).
// testdata/stockfish/root.tsv keeps, for each root, Stockfish's moves in
// its order, each with its score, "|" between two ranks; TestStockfishRoot
// checks, without Stockfish, that RootMoves (or RootMovesWDL where
// Stockfish falls back to its WDL probe) gives the same moves, each with
// the rank whose score Stockfish printed, the same ranks where Stockfish
// has the same, lower ones after each "|".
//
// TestStockfishRootLive runs Stockfish through package engine, when it is
// installed, on the hand-made roots (all of them with -long) and checks
// that it prints the moves and scores the file holds; -stockfish-write
// writes the file from its answers, the groups included (44 s: each
// neighbour's rank takes two searches).

var stockfishWrite = flag.Bool("stockfish-write", false, "write testdata/stockfish/root.tsv from Stockfish's answers (Stockfish 15.1 in PATH or /usr/games)")

const stockfishRoots = "testdata/stockfish/root.tsv"

// stockfishCases are the hand-made roots: the game that repeats a position
// a third time with a winning move, and games and clocks where a draw at
// once, or its absence, decides the first move.
var stockfishCases = []string{
	// The queen's move back to e2 repeats a position the third time.
	"fen 8/8/8/8/2K5/k7/8/3Q4 w - - 0 1 moves d1e2 a3a4 e2e1 a4a3 e1e2 a3a4 e2e8 a4a3",
	// The same game before e2e8: the root occurs the second time, and
	// e2e1 would repeat a position the second time, not a draw.
	"fen 8/8/8/8/2K5/k7/8/3Q4 w - - 0 1 moves d1e2 a3a4 e2e1 a4a3 e1e2 a3a4",
	// Before the second occurrence: nothing has repeated.
	"fen 8/8/8/8/2K5/k7/8/3Q4 w - - 0 1 moves d1e2 a3a4 e2e1 a4a3",
	// The loser to move: its king's move back to c1 repeats a position
	// the third time, a draw, its best; the root occurs the second time.
	"fen 8/8/8/8/8/8/Q7/K1k5 w - - 0 1 moves a2g8 c1d2 g8a2 d2c1 a2a8 c1d2 a8a2",
	// The repetition before a capture does not count after it.
	"fen 8/8/8/8/3r4/k7/8/K2Q4 w - - 0 1 moves d1e1 d4d3 e1d1 d3d4 d1e1 d4d3 e1d1 d3d4 d1d4 a3b3",
	// The clock: at 98 a move to 99 is not yet a draw; at 99 every move
	// but a zeroing one and a mate is; the clock counts the FEN's plies
	// and the game's.
	"fen 8/8/8/8/3r4/k7/8/K2Q4 w - - 98 1",
	"fen 8/8/8/8/3r4/k7/8/K2Q4 w - - 99 1",
	"fen 8/8/8/8/3r4/k7/8/K2Q4 w - - 95 1 moves d1e1 d4d3 e1d1 d3d4",
	"fen 8/8/8/8/8/1k6/8/K3Q3 b - - 99 1",
	"fen 8/8/8/8/8/1k6/8/K3Q3 b - - 120 1",
	// A mate that brings the clock to 100 wins (rank 900); the other
	// moves draw.
	"fen 7k/8/6K1/8/8/8/8/R7 w - - 99 1",
	"fen 7k/8/6K1/8/8/8/8/R7 w - - 60 1",
	// A loser whose pawn move zeroes into a loss, beside king moves that
	// draw by the clock.
	"fen 8/8/8/8/8/1p6/8/k1K1Q3 b - - 99 1",
	"fen 8/8/8/8/8/1p6/8/k1K1Q3 b - - 40 1",
}

// stockfishGames returns the hand-made roots, then n games of each table
// of 3 and 4 pieces, made by walkGame from its sample positions.
func stockfishGames(t testing.TB, n int) []string {
	cmds := append([]string(nil), stockfishCases...)
	var names []string
	for _, k := range []int{3, 4} {
		names = append(names, syzygydata.Names(k)...)
	}
	seed := uint64(52)
	for _, name := range names {
		ps, err := syzygydata.Sample(name, 8*n, syzygydata.SampleSeed(name))
		if err != nil {
			t.Fatal(err)
		}
		made := 0
		for i := range ps {
			if made == n {
				break
			}
			seed = seed*6364136223846793005 + 1442695040888963407
			if cmd, ok := walkGame(ps[i], seed); ok {
				cmds = append(cmds, cmd)
				made++
			}
		}
	}
	return cmds
}

// walkGame returns a game from p, its clock set from the seed, of up to 24
// plies in which each side often takes its last move back (so positions
// repeat, a third time too), sometimes zeroes, and otherwise plays a move
// at random; false when its last position has no legal moves or its
// starting position is not a legal FEN.
func walkGame(p movegen.Position, seed uint64) (string, bool) {
	next := func(n int) int {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return int(seed % uint64(n))
	}
	f := strings.Fields(p.FEN())
	switch next(3) {
	case 0:
		f[4] = strconv.Itoa(next(100))
	case 1:
		f[4] = strconv.Itoa(80 + next(20))
	default:
		f[4] = strconv.Itoa(next(10))
	}
	fen := strings.Join(f, " ")
	start, err := movegen.ParseFEN(fen)
	if err != nil {
		return "", false
	}
	q := start
	var played []movegen.Move
	var buf [movegen.MaxMoves]movegen.Move
	plies := 4 + next(21)
	for len(played) < plies {
		moves := q.LegalMoves(buf[:0])
		if len(moves) == 0 {
			break
		}
		m := moves[next(len(moves))]
		if n := len(played); n >= 2 && next(3) != 0 {
			back := movegen.NewMove(played[n-2].To(), played[n-2].From())
			if q.IsLegal(back) && !q.IsCapture(back) && q.MovedPiece(back).Type() != movegen.Pawn {
				m = back
			}
		}
		if (q.IsCapture(m) || q.MovedPiece(m).Type() == movegen.Pawn) && next(4) != 0 {
			continue // zero only now and then, so that positions repeat
		}
		played = append(played, m)
		q.PlayUnchecked(m)
	}
	if len(q.LegalMoves(buf[:0])) == 0 {
		return "", false
	}
	cmd := "fen " + fen
	if len(played) > 0 {
		cmd += " moves"
		for _, m := range played {
			cmd += " " + m.String()
		}
	}
	return cmd, true
}

// sfScore is the score Stockfish 15.1 prints for a root move of the rank
// r (on the package's scale, Stockfish's less 1<<18 - 1000) when its
// search finds no mate: root_probe's tbScore, or root_probe_wdl's
// WDL_to_value when wdl, in its centipawns (UCI::value: the value times
// 100 over NormalizeToPawnValue, 361).
func sfScore(r int, wdl bool) int {
	const (
		mate   = 32000 - 246 - 1 // VALUE_MATE - MAX_PLY - 1
		pawnEg = 208             // PawnValueEg
	)
	var v int
	switch {
	case wdl && r > 0 && r < 1000:
		v = 2 // VALUE_DRAW + 2: a cursed win
	case wdl && r < 0 && r > -1000:
		v = -2
	case r >= 900:
		v = mate
	case r > 0:
		v = max(3, r-800) * pawnEg / 200
	case r == 0:
		v = 0
	case r > -900:
		v = min(-3, r+800) * pawnEg / 200
	default:
		v = -mate
	}
	return v * 100 / 361
}

// stockfishRow is one root: the tables Stockfish was given ("dtz": all,
// "wdl": the WDL files alone), the game as a UCI position command's
// arguments, and Stockfish's moves in its order, "e8b5:8795" (a score in
// centipawns) or "h8g7:#1" (a mate in 1; "#-2" mated in 2).
type stockfishRow struct {
	tables, cmd string
	moves       []string
}

func (r stockfishRow) String() string {
	return r.tables + "\t" + r.cmd + "\t" + strings.Join(r.moves, " ")
}

func readStockfishRows(t testing.TB) []stockfishRow {
	var rows []stockfishRow
	for _, c := range readTSV(t, stockfishRoots, "tables\tposition\tstockfish") {
		rows = append(rows, stockfishRow{c[0], c[1], strings.Fields(c[2])})
	}
	return rows
}

// wdlTables returns a directory holding the test tables' WDL files alone.
func wdlTables(t *testing.T) string {
	files, err := filepath.Glob(filepath.Join(testdata, "*.rtbw"))
	if err != nil || len(files) == 0 {
		t.Fatalf("%v, %d WDL files", err, len(files))
	}
	for i := range files {
		files[i] = filepath.Base(files[i])
	}
	return copyTables(t, files...)
}

// TestStockfishRoot compares RootMoves and RootMovesWDL with Stockfish's
// root probes, as testdata/stockfish/root.tsv keeps them (see above).
// With the WDL files alone, Stockfish ranks by root_probe where every
// probe it needs succeeds without a DTZ file, else by root_probe_wdl; the
// package's RootMoves answers with a *MissingTableError where it needs one.
func TestStockfishRoot(t *testing.T) {
	rows := readStockfishRows(t)
	if len(rows) < 2*len(stockfishCases) {
		t.Fatalf("%d rows", len(rows))
	}
	tbs := map[string]*Tablebase{"dtz": openTB(t)}
	var err error
	if tbs["wdl"], err = Open(wdlTables(t)); err != nil {
		t.Fatal(err)
	}
	defer tbs["wdl"].Close()
	var seen struct{ draws, repeated, fallbacks, mates int }
	for _, row := range rows {
		tb := tbs[row.tables]
		if tb == nil {
			t.Fatalf("%s: tables %q", row.cmd, row.tables)
		}
		h := movegen.NewHistory(32)
		p, err := movegen.ParseUCIPosition(row.cmd, false, h)
		if err != nil {
			t.Fatalf("%s: %v", row.cmd, err)
		}
		moves, err := tb.RootMoves(&p, h)
		wdl := false
		var missing *MissingTableError
		if errors.As(err, &missing) && row.tables == "wdl" {
			wdl = true
			seen.fallbacks++
			moves, err = tb.RootMovesWDL(&p, h)
		}
		if err != nil {
			t.Fatalf("%s: %v", row.cmd, err)
		}
		if hasRepeated(&p, h) {
			seen.repeated++
		}
		if msg := compareStockfish(&p, h, moves, row.moves, wdl); msg != "" {
			t.Errorf("%s (%s tables): %s", row.cmd, row.tables, msg)
		}
		for _, m := range moves {
			if drawsAtOnce(&p, h, m.Move) {
				seen.draws++
			}
		}
		for _, s := range row.moves {
			if strings.Contains(s, ":#") {
				seen.mates++
			}
		}
	}
	t.Logf("%d roots: %d moves that draw at once, %d roots repeated, %d ranked by WDL alone, %d mates", len(rows), seen.draws, seen.repeated, seen.fallbacks, seen.mates)
	if seen.draws < 100 || seen.repeated < 50 || seen.fallbacks < 50 {
		t.Errorf("too few cases: %+v", seen)
	}
}

// compareStockfish returns what differs between the package's moves of p
// and Stockfish's list of them, or "".
func compareStockfish(p *movegen.Position, h *movegen.History, moves []RootMove, sf []string, wdl bool) string {
	rank := map[string]int{}
	for _, m := range moves {
		rank[m.Move.String()] = m.Rank
	}
	var bad []string
	last, lower, n := 0, false, 0
	for i, s := range sf {
		if s == "|" {
			lower = true
			continue
		}
		n++
		move, score, ok := strings.Cut(s, ":")
		r, listed := rank[move]
		if !ok || !listed {
			return fmt.Sprintf("Stockfish's %q is not among the moves", s)
		}
		switch {
		case i == 0:
		case lower && r >= last:
			bad = append(bad, fmt.Sprintf("%s ranked %d, Stockfish lower than the move before, %d", move, r, last))
		case !lower && r != last:
			bad = append(bad, fmt.Sprintf("%s ranked %d, Stockfish as the move before, %d", move, r, last))
		}
		last, lower = r, false
		if strings.HasPrefix(score, "#") {
			// The search found a mate: Stockfish prints it, not the
			// rank's score. A mate in 1 is the move itself.
			m, _ := p.ParseUCI(move)
			q := *p
			q.PlayUnchecked(m)
			if score == "#1" && !q.IsCheckmate() {
				bad = append(bad, s+" does not mate")
			}
			continue
		}
		if cp, err := strconv.Atoi(score); err != nil || cp != sfScore(r, wdl) {
			bad = append(bad, fmt.Sprintf("%s: rank %d, scored %d; Stockfish %s", move, r, sfScore(r, wdl), score))
		}
	}
	if n != len(moves) {
		bad = append(bad, fmt.Sprintf("%d moves, Stockfish %d", len(moves), n))
	}
	return strings.Join(bad, "; ")
}

// startStockfishProbes starts Stockfish through package engine, one
// thread, 1 MB of hash, the tables in dir; the test's end closes it. It
// skips the test where Stockfish is not installed, unless STOCKFISH is
// "required" or the file is to be written.
func startStockfishProbes(t *testing.T, dir string) *engine.Engine {
	path, err := exec.LookPath("stockfish")
	if err != nil {
		if path, err = exec.LookPath("/usr/games/stockfish"); err != nil {
			if os.Getenv("STOCKFISH") == "required" || *stockfishWrite {
				t.Fatal("no stockfish in PATH or /usr/games (apt-get install stockfish)")
			}
			t.Skip("no stockfish in PATH or /usr/games (apt-get install stockfish): the test against Stockfish is skipped")
		}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.Start(context.Background(), engine.Config{Path: path, Options: map[string]string{"Threads": "1", "Hash": "1", "SyzygyPath": abs}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := e.Close(); err != nil {
			t.Error(err)
		}
	})
	if e.Name() != "Stockfish 15.1" {
		t.Fatalf("not Stockfish 15.1: %q", e.Name())
	}
	return e
}

// stockfishGame returns the game cmd ("fen FEN moves ..."), as package
// engine sends it.
func stockfishGame(t *testing.T, cmd string) engine.Game {
	fen, moves, _ := strings.Cut(strings.TrimPrefix(cmd, "fen "), " moves")
	p, err := movegen.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	g := engine.Game{Start: p}
	for _, s := range strings.Fields(moves) {
		m, err := p.ParseUCI(s)
		if err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
		g.Moves = append(g.Moves, m)
		p.PlayUnchecked(m)
	}
	return g
}

// askStockfish returns Stockfish's moves of the game cmd, in its order,
// each with its score (the last line of each MultiPV rank of a search of
// depth 1), and, when groups is true, "|" between two moves of different
// ranks.
func askStockfish(t *testing.T, sf *engine.Engine, cmd string, groups bool) []string {
	game := stockfishGame(t, cmd)
	// search searches the game's root, MultiPV at multiPV, among moves
	// alone where there are some, after ucinewgame, which clears the hash
	// table and the search's histories.
	search := func(multiPV int, moves ...movegen.Move) *engine.Analysis {
		if err := sf.NewGame(context.Background()); err != nil {
			t.Fatal(err)
		}
		a, err := sf.Analyse(context.Background(), game, engine.Limit{Depth: 1, MultiPV: multiPV, SearchMoves: moves})
		if err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
		for _, l := range a.Lines {
			if len(l.PV) == 0 {
				t.Fatalf("%s: a line without a move", cmd)
			}
		}
		if len(a.Lines) == 0 {
			t.Fatalf("%s: no line", cmd)
		}
		return a
	}
	var out []string
	var moves []movegen.Move
	for _, l := range search(500).Lines {
		score := strconv.Itoa(l.Score.Value)
		if l.Score.Mate {
			score = "#" + score
		}
		out = append(out, l.PV[0].String()+":"+score)
		moves = append(moves, l.PV[0])
	}
	if !groups {
		return out
	}
	// Stockfish searches only the moves of the highest rank among those it
	// is given (searchmoves), MultiPV at 1: of two moves next to each
	// other in its order, the second is of a lower rank when the search of
	// both visits exactly the nodes of the first's alone and chooses the
	// first.
	grouped := []string{out[0]}
	for i := 1; i < len(out); i++ {
		x, y := moves[i-1], moves[i]
		alone, both := search(1, x), search(1, x, y)
		if alone.Lines[0].Nodes == both.Lines[0].Nodes {
			if both.BestMove != x {
				t.Fatalf("%s: searching %v and %v, the nodes of %v alone, and best %v", cmd, x, y, x, both.BestMove)
			}
			grouped = append(grouped, "|")
		}
		grouped = append(grouped, out[i])
	}
	return grouped
}

// TestStockfishRootLive asks Stockfish, where it is installed, for the
// roots of testdata/stockfish/root.tsv and checks that it answers the
// moves and scores the file holds; with -stockfish-write it writes the
// file.
func TestStockfishRootLive(t *testing.T) {
	if testing.Short() && !*stockfishWrite {
		t.Skip("-short: Stockfish is not run")
	}
	games, all, groups := stockfishCases, *long || *stockfishWrite, *stockfishWrite
	if all {
		games = stockfishGames(t, 4)
	}
	var got []stockfishRow
	for _, tables := range []string{"dtz", "wdl"} {
		dir := testdata
		if tables == "wdl" {
			dir = wdlTables(t)
		}
		sf := startStockfishProbes(t, dir)
		for _, cmd := range games {
			got = append(got, stockfishRow{tables, cmd, askStockfish(t, sf, cmd, groups)})
		}
	}
	if *stockfishWrite {
		var b strings.Builder
		b.WriteString("tables\tposition\tstockfish\n")
		for _, r := range got {
			b.WriteString(r.String() + "\n")
		}
		if err := os.WriteFile(stockfishRoots, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d roots to %s", len(got), stockfishRoots)
		return
	}
	stored := map[string]string{}
	for _, r := range readStockfishRows(t) {
		if !groups {
			// Without the groups, which take two searches a move.
			var moves []string
			for _, m := range r.moves {
				if m != "|" {
					moves = append(moves, m)
				}
			}
			r.moves = moves
		}
		stored[r.tables+" "+r.cmd] = r.String()
	}
	for _, r := range got {
		if s, ok := stored[r.tables+" "+r.cmd]; !ok || s != r.String() {
			t.Errorf("Stockfish now:\n%s\nstored:\n%s", r, s)
		}
	}
	if all && len(got) != len(stored) {
		t.Errorf("%d roots asked, %d stored", len(got), len(stored))
	}
}

// gameRoot is a root of the Stockfish comparison and its game.
type gameRoot struct {
	p movegen.Position
	h *movegen.History
}

// dtzRoots returns the roots of the Stockfish comparison ranked with every
// test table, DTZ files included, each with its game: a History with no
// room to spare, so that a Push would move it.
func dtzRoots(t testing.TB) []gameRoot {
	t.Helper()
	var roots []gameRoot
	for _, row := range readStockfishRows(t) {
		if row.tables != "dtz" {
			continue
		}
		h := movegen.NewHistory(0)
		p, err := movegen.ParseUCIPosition(row.cmd, false, h)
		if err != nil {
			t.Fatal(err)
		}
		roots = append(roots, gameRoot{p, h})
	}
	return roots
}
