package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"time"

	chess "github.com/corentings/chess/v2"
	"github.com/symmagic/attacks/bench/internal/machine"
	"github.com/symmagic/attacks/internal/perftdata"
	"github.com/symmagic/attacks/movegen"
)

// chessModule is the module measured against.
const chessModule = "github.com/corentings/chess/v2"

// kiwipete is the position of most perft comparisons: every kind of move
// a ply or two away.
const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// Generators: the index of each in the measurements.
const (
	gMovegen = iota
	gChess
	nGen
)

var genNames = [nGen]string{"movegen", "corentings/chess"}

// chessVersion is the version of chessModule this binary was built with.
func chessVersion() string { return machine.DepVersion(chessModule) }

// chessPerft is perft written with corentings/chess's public API as a user
// would, with bulk counting at the last ply: at depth 1 it counts the
// position's valid moves without making them.
func chessPerft(pos *chess.Position, depth int) uint64 {
	moves := pos.ValidMoves()
	if depth <= 1 {
		return uint64(len(moves))
	}
	var n uint64
	for i := range moves {
		n += chessPerft(pos.Update(&moves[i]), depth-1)
	}
	return n
}

// chessPosition reads a FEN as a user of corentings/chess does.
func chessPosition(fen string) (*chess.Position, error) {
	pos := new(chess.Position)
	if err := pos.UnmarshalText([]byte(fen)); err != nil {
		return nil, fmt.Errorf("corentings/chess: %q: %v", fen, err)
	}
	return pos, nil
}

// checkPerft is the check of every perft run: the generator's count is the
// published one.
func checkPerft(gen, name string, depth int, got, want uint64) error {
	if got != want {
		return fmt.Errorf("%s: perft of %s to depth %d counted %d nodes, published %d", gen, name, depth, got, want)
	}
	return nil
}

// listPositions returns the legal-move listing's positions: those of
// seeded random games (games of at most plies plies from the start
// position, each move drawn uniformly from the legal moves, until n
// positions), then each FEN of suite once, all as movegen writes them.
func listPositions(suite []perftdata.Row, n, plies int, seed uint64) ([]string, error) {
	rng := rand.New(rand.NewPCG(seed, 0))
	var fens []string
	var buf [movegen.MaxMoves]movegen.Move
	for len(fens) < n {
		p := movegen.StartPosition()
		for ply := 0; ply < plies && len(fens) < n; ply++ {
			fens = append(fens, p.FEN())
			moves := p.LegalMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p.PlayUnchecked(moves[rng.IntN(len(moves))])
		}
	}
	seen := map[string]bool{}
	for _, c := range suite {
		if seen[c.FEN] {
			continue
		}
		seen[c.FEN] = true
		p, err := movegen.ParseFEN(c.FEN)
		if err != nil {
			return nil, err
		}
		fens = append(fens, p.FEN())
	}
	return fens, nil
}

// lister lists the legal moves of every position of the set, one pass.
// prepare readies a pass outside the clock; list is the pass the clock
// times, returning how many moves it listed.
type lister interface {
	prepare()
	list() int
}

// movegenLister lists with movegen's LegalMoves into one reused buffer.
type movegenLister struct {
	ps  []movegen.Position
	buf []movegen.Move
}

func (l *movegenLister) prepare() {}

func (l *movegenLister) list() int {
	n := 0
	for i := range l.ps {
		l.buf = l.ps[i].LegalMoves(l.buf[:0])
		n += len(l.buf)
	}
	return n
}

// chessLister lists with corentings/chess's Position.ValidMoves. A position
// keeps the list ValidMoves made and a second call copies it, so prepare
// reads every position afresh from its FEN, as a search meets each
// position once.
type chessLister struct {
	fens  [][]byte
	fresh []chess.Position
}

func (l *chessLister) prepare() {
	for i, f := range l.fens {
		l.fresh[i] = chess.Position{}
		if err := l.fresh[i].UnmarshalText(f); err != nil {
			panic(err) // newListers read every FEN once already
		}
	}
}

func (l *chessLister) list() int {
	n := 0
	for i := range l.fresh {
		n += len(l.fresh[i].ValidMoves())
	}
	return n
}

// newListers returns the two generators' listers of fens, after checking
// that both list the same moves (by their UCI names) in every position.
// It returns the moves a pass lists.
func newListers(fens []string) ([nGen]lister, int, error) {
	mg := &movegenLister{buf: make([]movegen.Move, 0, movegen.MaxMoves)}
	cg := &chessLister{fresh: make([]chess.Position, len(fens))}
	total := 0
	for _, f := range fens {
		p, err := movegen.ParseFEN(f)
		if err != nil {
			return [nGen]lister{}, 0, err
		}
		cp, err := chessPosition(f)
		if err != nil {
			return [nGen]lister{}, 0, err
		}
		var a, b []string
		for _, m := range p.LegalMoves(nil) {
			a = append(a, m.String())
		}
		for _, m := range cp.ValidMoves() {
			b = append(b, m.String())
		}
		if err := sameMoves(f, a, b); err != nil {
			return [nGen]lister{}, 0, err
		}
		total += len(a)
		mg.ps = append(mg.ps, p)
		cg.fens = append(cg.fens, []byte(f))
	}
	return [nGen]lister{gMovegen: mg, gChess: cg}, total, nil
}

// sameMoves is an error naming the position and the moves one generator
// lists and the other does not.
func sameMoves(fen string, mg, cg []string) error {
	slices.Sort(mg)
	slices.Sort(cg)
	if slices.Equal(mg, cg) {
		return nil
	}
	var only [2][]string
	for _, m := range mg {
		if _, found := slices.BinarySearch(cg, m); !found {
			only[0] = append(only[0], m)
		}
	}
	for _, m := range cg {
		if _, found := slices.BinarySearch(mg, m); !found {
			only[1] = append(only[1], m)
		}
	}
	return fmt.Errorf("%s: movegen lists %d moves, corentings/chess %d; movegen alone %v, corentings/chess alone %v",
		fen, len(mg), len(cg), only[0], only[1])
}

// config is what a run measures and how long.
type config struct {
	rounds int
	// depths are perft's depths on the start position and kiwipete, for
	// the comparison with corentings/chess.
	depths [2]int
	// minTime is how long each measurement runs at least: perft or a pass
	// over the positions repeated until it has.
	minTime time.Duration
	command string
}

// perftPos is a position perft runs on.
type perftPos struct {
	name, fen string
	depth     int
	nodes     uint64 // published
}

// measurements are a run's results.
type measurements struct {
	perft []perftPos
	// mnps are perft's million nodes/s, [position][generator][round].
	mnps [][nGen][]float64
	// positions is the listing's set: how many, and how many of them come
	// from random games.
	positions, random int
	moves             int // legal moves in the set
	// ns is ns per position, [generator][round].
	ns [nGen][]float64
	// allocs and bytes are allocations and bytes allocated per position,
	// [generator], from one pass.
	allocs, bytes [nGen]float64
	// legalNs is movegen's IsLegal, ns per call over every legal move of
	// the set, [round]; legalAllocs its allocations per call.
	legalNs     []float64
	legalAllocs float64
}

// Random games of the listing's set: 400 positions from games of up to 100
// plies.
const (
	randomPositions = 400
	randomPlies     = 100
	randomSeed      = 1
)

// measure runs the rounds, progress on stderr.
func measure(cfg config, suite []perftdata.Row, stderr io.Writer) (*measurements, error) {
	m := &measurements{}
	for i, p := range []struct{ name, fen string }{{"start", movegen.StartFEN}, {"kiwipete", kiwipete}} {
		nodes, ok := perftdata.Nodes(suite, p.fen, cfg.depths[i])
		if !ok {
			return nil, fmt.Errorf("no published perft count of %s at depth %d", p.name, cfg.depths[i])
		}
		m.perft = append(m.perft, perftPos{p.name, p.fen, cfg.depths[i], nodes})
	}
	m.mnps = make([][nGen][]float64, len(m.perft))
	fens, err := listPositions(suite, randomPositions, randomPlies, randomSeed)
	if err != nil {
		return nil, err
	}
	m.positions, m.random = len(fens), randomPositions
	listers, moves, err := newListers(fens)
	if err != nil {
		return nil, err
	}
	m.moves = moves
	checker := newLegalChecker(listers[gMovegen].(*movegenLister).ps)

	// The runs of each position's perft, which check its counts.
	var runs [][nGen]func() (uint64, error)
	for _, pp := range m.perft {
		p, err := movegen.ParseFEN(pp.fen)
		if err != nil {
			return nil, err
		}
		cp, err := chessPosition(pp.fen)
		if err != nil {
			return nil, err
		}
		runs = append(runs, [nGen]func() (uint64, error){
			gMovegen: func() (uint64, error) {
				n := p.Perft(pp.depth)
				return n, checkPerft("movegen", pp.name, pp.depth, n, pp.nodes)
			},
			gChess: func() (uint64, error) {
				n := chessPerft(cp, pp.depth)
				return n, checkPerft("corentings/chess", pp.name, pp.depth, n, pp.nodes)
			},
		})
	}

	// A warm-up: every measurement once, untimed, its counts checked.
	fmt.Fprintf(stderr, "warm-up and checks: perft of %s to depth %d and %s to depth %d, %d positions listed\n",
		m.perft[0].name, m.perft[0].depth, m.perft[1].name, m.perft[1].depth, m.positions)
	for _, r := range runs {
		for g := range nGen {
			if _, err := r[g](); err != nil {
				return nil, err
			}
		}
	}
	for g, l := range listers {
		l.prepare()
		if n := l.list(); n != moves {
			return nil, fmt.Errorf("%s listed %d moves, %d before", genNames[g], n, moves)
		}
		m.allocs[g], m.bytes[g] = allocations(l, m.positions)
	}
	if n := checker.list(); n != moves {
		return nil, fmt.Errorf("IsLegal held for %d of the %d legal moves", n, moves)
	}
	m.legalAllocs, _ = allocations(checker, moves)

	start := time.Now()
	for r := range cfg.rounds {
		fmt.Fprintf(stderr, "round %d/%d (%v so far)\n", r+1, cfg.rounds, time.Since(start).Round(time.Second))
		for i, run := range runs {
			for k := range nGen {
				g := (k + r) % nGen // the order alternates from round to round
				runtime.GC()        // one generator's garbage is not the other's to collect
				nodes, el, err := repeatPerft(run[g], cfg.minTime)
				if err != nil {
					return nil, err
				}
				m.mnps[i][g] = append(m.mnps[i][g], float64(nodes)/el.Seconds()/1e6)
			}
		}
		for k := range nGen {
			g := (k + r) % nGen
			runtime.GC()
			ns, err := timeList(listers[g], m.positions, moves, cfg.minTime)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", genNames[g], err)
			}
			m.ns[g] = append(m.ns[g], ns)
		}
		runtime.GC()
		ns, err := timeList(checker, moves, moves, cfg.minTime)
		if err != nil {
			return nil, fmt.Errorf("IsLegal: %v", err)
		}
		m.legalNs = append(m.legalNs, ns)
	}
	return m, nil
}

// legalChecker asks IsLegal of every legal move of the positions, as a
// search asks it of a transposition table's move before it generates: a
// pass "lists" the moves IsLegal holds for, which must be all of them.
type legalChecker struct {
	ps    []movegen.Position
	pos   []int32 // the position of each move
	moves []movegen.Move
}

func newLegalChecker(ps []movegen.Position) *legalChecker {
	c := &legalChecker{ps: ps}
	for i := range ps {
		for _, m := range ps[i].LegalMoves(nil) {
			c.pos = append(c.pos, int32(i))
			c.moves = append(c.moves, m)
		}
	}
	return c
}

func (c *legalChecker) prepare() {}

func (c *legalChecker) list() int {
	n := 0
	for i, m := range c.moves {
		if c.ps[c.pos[i]].IsLegal(m) {
			n++
		}
	}
	return n
}

// repeatPerft runs run until it has run minTime at least (once at least)
// and returns the nodes counted and the time taken.
func repeatPerft(run func() (uint64, error), minTime time.Duration) (uint64, time.Duration, error) {
	var nodes uint64
	start := time.Now()
	for {
		n, err := run()
		if err != nil {
			return 0, 0, err
		}
		nodes += n
		if el := time.Since(start); el >= minTime {
			return nodes, el, nil
		}
	}
}

// timeList times l's passes until they have run minTime at least (one at
// least), each pass checked to list moves moves, and returns ns per
// position. Only list is timed.
func timeList(l lister, positions, moves int, minTime time.Duration) (float64, error) {
	var el time.Duration
	passes := 0
	for passes == 0 || el < minTime {
		l.prepare()
		start := time.Now()
		n := l.list()
		el += time.Since(start)
		if n != moves {
			return 0, fmt.Errorf("a pass listed %d moves, want %d", n, moves)
		}
		passes++
	}
	return float64(el.Nanoseconds()) / float64(passes*positions), nil
}

// allocations returns the allocations and bytes allocated per position of
// one pass of l.
func allocations(l lister, positions int) (allocs, bytes float64) {
	var before, after runtime.MemStats
	l.prepare()
	runtime.ReadMemStats(&before)
	l.list()
	runtime.ReadMemStats(&after)
	return float64(after.Mallocs-before.Mallocs) / float64(positions), float64(after.TotalAlloc-before.TotalAlloc) / float64(positions)
}
