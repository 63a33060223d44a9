package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"

	chess "github.com/corentings/chess/v2"
	"github.com/symmagic/attacks/bench/internal/chesslib"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
)

// chessModule is the module measured against.
const chessModule = "github.com/corentings/chess/v2"

// chessVersion is the version of chessModule this binary was built with.
func chessVersion() string { return machine.DepVersion(chessModule) }

// Readers and writers: the index of each in the measurements.
const (
	rPGN = iota
	rSkip
	rTags
	rMoves
	rChess
	nRead
)

var readNames = [nRead]string{"pgn", "pgn, SkipVariations", "pgn, tags only", "pgn, moves visitor", "corentings/chess"}

// chess-library's visitors: the index of each in the measurements.
const (
	clEmpty = iota
	clMoves
	nCL
)

var clNames = [nCL]string{chesslib.Empty, chesslib.Moves}

const (
	wPGN = iota
	wChess
	nWrite
)

var writeNames = [nWrite]string{"pgn", "corentings/chess"}

// config is what a run measures and how long.
type config struct {
	rounds  int
	minTime time.Duration
	command string
	file    string
	data    []byte
	cl      *chesslib.Driver // nil: not measured
	clFile  string           // the file as the driver reads it (gunzipped)
}

// check is what the two readers read from the file before the rounds.
type check struct {
	games, errors, moves, allMoves int // pgn's
	chessGames, chessErrors        int
	same, differ                   int // games both read, by main line
}

// measurements are a run's results.
type measurements struct {
	check check
	// read and write are MB/s, [reader or writer][round].
	read  [nRead][]float64
	write [nWrite][]float64
	// readAllocs and writeAllocs are allocations per game, from one pass.
	readAllocs  [nRead]float64
	writeAllocs [nWrite]float64
	// wrote is the bytes each writer writes in a pass.
	wrote [nWrite]int
	// cl is chess-library's MB/s, [visitor][round], and clCheck its
	// counts of a pass.
	cl      [nCL][]float64
	clCheck [nCL]chesslib.Run
}

// games returns the games reader k reads in a pass.
func (m *measurements) games(k int) int {
	if k == rChess {
		return m.check.chessGames
	}
	return m.check.games
}

// readPGN reads every game of data with pgn's Reader, g reused, and
// returns the games read and the moves of their main lines. Any error is
// returned.
func readPGN(r *pgn.Reader, data []byte, g *pgn.Game) (games, moves int, err error) {
	r.Reset(bytes.NewReader(data))
	for {
		err := r.Read(g)
		if err == io.EOF {
			return games, moves, nil
		}
		if err != nil {
			return games, moves, err
		}
		games++
		moves += g.Len() - 1 // the root is no move
	}
}

// readChess reads every game of data with corentings/chess's Scanner as its
// documentation shows, and returns the games read and those rejected.
func readChess(data []byte, keep func(*chess.Game)) (games, rejected int) {
	s := chess.NewScanner(bytes.NewReader(data))
	for s.HasNext() {
		g, err := s.ParseNext()
		if err != nil {
			rejected++
			continue
		}
		games++
		if keep != nil {
			keep(g)
		}
	}
	return games, rejected
}

// measure checks both readers on the file, then runs the rounds, progress
// on stderr.
func measure(cfg config, stderr io.Writer) (*measurements, error) {
	m := &measurements{}
	fmt.Fprintf(stderr, "checks: both readers read %s\n", cfg.file)

	// pgn: every game once, kept for the writers and for the main lines.
	var ours []*pgn.Game
	var oursUCI [][]string
	r := pgn.NewReader(bytes.NewReader(cfg.data))
	for {
		g := new(pgn.Game)
		err := r.Read(g)
		if err == io.EOF {
			break
		}
		var perr *pgn.Error
		if errors.As(err, &perr) {
			m.check.errors++
			continue
		}
		if err != nil {
			return nil, err
		}
		ours = append(ours, g)
		oursUCI = append(oursUCI, uci(g.Mainline(nil)))
		m.check.moves += len(oursUCI[len(oursUCI)-1])
		m.check.allMoves += g.Len() - 1
	}
	m.check.games = len(ours)
	if m.check.errors > 0 {
		return nil, fmt.Errorf("%s: pgn rejected %d games: measure a file of games pgn reads", cfg.file, m.check.errors)
	}

	// corentings/chess: its games and main lines, matched with pgn's by
	// the tags they share (a rejected game leaves no place in its list).
	var theirs []*chess.Game
	m.check.chessGames, m.check.chessErrors = readChess(cfg.data, func(g *chess.Game) { theirs = append(theirs, g) })
	byKey := map[string][]int{}
	for i, g := range ours {
		k := gameKey(g.Tag)
		byKey[k] = append(byKey[k], i)
	}
	for _, g := range theirs {
		k := gameKey(func(name string) (string, bool) { v := g.GetTagPair(name); return v, v != "" })
		is := byKey[k]
		if len(is) == 0 {
			m.check.differ++
			continue
		}
		i := is[0]
		byKey[k] = is[1:]
		var their []string
		for _, mv := range g.Moves() {
			their = append(their, mv.String())
		}
		if slices.Equal(their, oursUCI[i]) {
			m.check.same++
		} else {
			m.check.differ++
			fmt.Fprintf(stderr, "main lines differ in %s: pgn %d moves, corentings/chess %d\n", k, len(oursUCI[i]), len(their))
		}
	}
	if m.check.differ > 0 {
		return nil, fmt.Errorf("%s: the readers read different main lines from %d games both accept", cfg.file, m.check.differ)
	}

	// Allocations of one pass of each, after a warm pass.
	readers := [nRead]func() error{
		rPGN:   passPGN(cfg.data, false, m.check.games, m.check.allMoves),
		rSkip:  passPGN(cfg.data, true, m.check.games, m.check.moves),
		rTags:  passTags(cfg.data, m.check.games),
		rMoves: passMoves(cfg.data, m.check.games, m.check.moves),
		rChess: func() error { readChess(cfg.data, nil); return nil },
	}
	buf := make([]byte, 0, 64<<10)
	writers := [nWrite]func() int{
		wPGN: func() int {
			n := 0
			for _, g := range ours {
				buf = g.AppendPGN(buf[:0])
				n += len(buf)
			}
			return n
		},
		wChess: func() int {
			n := 0
			for _, g := range theirs {
				n += len(g.String())
			}
			return n
		},
	}
	for k := range nRead {
		if err := readers[k](); err != nil {
			return nil, err
		}
		a, err := allocations(readers[k])
		if err != nil {
			return nil, err
		}
		m.readAllocs[k] = a / float64(m.games(k))
	}
	for k := range nWrite {
		m.wrote[k] = writers[k]()
		a, _ := allocations(func() error { writers[k](); return nil })
		m.writeAllocs[k] = a / float64([nWrite]int{len(ours), len(theirs)}[k])
	}

	if cfg.cl != nil {
		for k := range nCL {
			c, err := cfg.cl.Measure(cfg.clFile, len(cfg.data), clNames[k], 0)
			if err != nil {
				return nil, err
			}
			m.clCheck[k] = c
			if c.Games != m.check.games || c.Errors != 0 || c.Moves != m.check.moves {
				return nil, fmt.Errorf("%s: chess-library (%s) read %d games, %d moves, %d errors; pgn %d games, %d main-line moves",
					cfg.file, clNames[k], c.Games, c.Moves, c.Errors, m.check.games, m.check.moves)
			}
		}
	}
	start := time.Now()
	for round := range cfg.rounds {
		fmt.Fprintf(stderr, "round %d/%d (%v so far)\n", round+1, cfg.rounds, time.Since(start).Round(time.Second))
		for i := range nRead {
			k := (i + round) % nRead // the order turns from round to round
			runtime.GC()             // one reader's garbage is not the other's to collect
			passes, el, err := repeat(readers[k], cfg.minTime)
			if err != nil {
				return nil, err
			}
			m.read[k] = append(m.read[k], float64(passes*len(cfg.data))/el.Seconds()/1e6)
		}
		for i := range nCL {
			if cfg.cl == nil {
				break
			}
			k := (i + round) % nCL
			c, err := cfg.cl.Measure(cfg.clFile, len(cfg.data), clNames[k], cfg.minTime)
			if err != nil {
				return nil, err
			}
			m.cl[k] = append(m.cl[k], c.MBps)
		}
		for i := range nWrite {
			k := (i + round) % nWrite
			runtime.GC()
			passes, el, _ := repeat(func() error { writers[k](); return nil }, cfg.minTime)
			m.write[k] = append(m.write[k], float64(passes*m.wrote[k])/el.Seconds()/1e6)
		}
	}
	return m, nil
}

// passPGN returns a pass of pgn's Reader over data, one Reader and one
// Game reused from pass to pass as a program reading files does, checked
// to read games games and moves moves (every move with variations, the
// main lines' with skip).
func passPGN(data []byte, skip bool, games, moves int) func() error {
	r := pgn.NewReader(bytes.NewReader(nil))
	r.SkipVariations = skip
	var g pgn.Game
	return func() error {
		n, mv, err := readPGN(r, data, &g)
		if err != nil {
			return err
		}
		if n != games || mv != moves {
			return fmt.Errorf("pgn (SkipVariations %v) read %d games, %d moves; %d and %d before", skip, n, mv, games, moves)
		}
		return nil
	}
}

// tagsVisitor reads tags and passes over the movetext: pgn's tags-only
// scan, as chess-library's empty visitor is its parse alone.
type tagsVisitor struct {
	pgn.NopVisitor
	tags int
}

func (v *tagsVisitor) Tag(name, value []byte) error { v.tags++; return nil }
func (v *tagsVisitor) Movetext() error              { return pgn.SkipMovetext }

// passTags returns a pass of pgn's Reader over data with tagsVisitor,
// checked to find games games.
func passTags(data []byte, games int) func() error {
	r := pgn.NewReader(bytes.NewReader(nil))
	v := &tagsVisitor{}
	return func() error {
		n, err := visitAll(r, data, v)
		if err != nil {
			return err
		}
		if n != games {
			return fmt.Errorf("pgn tags only read %d games; %d before", n, games)
		}
		return nil
	}
}

// visitAll reads every game of data with r and v and returns the games
// read. Any error is returned.
func visitAll(r *pgn.Reader, data []byte, v pgn.Visitor) (games int, err error) {
	r.Reset(bytes.NewReader(data))
	for {
		err := r.Visit(v)
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return games, err
		}
		games++
	}
}

// passMoves returns a pass of pgn's Reader over data with chesslib.MovesVisitor,
// checked to find games games and moves main-line moves.
func passMoves(data []byte, games, moves int) func() error {
	r := pgn.NewReader(bytes.NewReader(nil))
	v := &chesslib.MovesVisitor{}
	return func() error {
		v.Moves = 0
		n, err := visitAll(r, data, v)
		if err != nil {
			return err
		}
		if n != games || v.Moves != moves {
			return fmt.Errorf("pgn's moves visitor read %d games, %d moves; %d and %d before", n, v.Moves, games, moves)
		}
		return nil
	}
}

// gameKey names a game by its Seven Tag Roster.
func gameKey(tag func(string) (string, bool)) string {
	k := ""
	for _, name := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"} {
		v, _ := tag(name)
		k += "[" + name + " " + v + "]"
	}
	return k
}

// uci returns the UCI names of moves.
func uci(moves []movegen.Move) []string {
	s := make([]string, len(moves))
	for i, m := range moves {
		s[i] = m.String()
	}
	return s
}

// repeat runs pass until it has run minTime at least (once at least) and
// returns the passes and the time taken.
func repeat(pass func() error, minTime time.Duration) (int, time.Duration, error) {
	passes := 0
	start := time.Now()
	for {
		if err := pass(); err != nil {
			return 0, 0, err
		}
		passes++
		if el := time.Since(start); el >= minTime {
			return passes, el, nil
		}
	}
}

// allocations returns the allocations of one run of pass.
func allocations(pass func() error) (float64, error) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err := pass()
	runtime.ReadMemStats(&after)
	return float64(after.Mallocs - before.Mallocs), err
}
