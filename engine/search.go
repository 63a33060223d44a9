package engine

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/variant"
)

// Game is what a search is asked about: the position a game started from
// and the moves played since, each legal in the position before it. The
// engine is sent them as they are ("position startpos moves e2e4 ..." or
// "position fen ... moves ..."), so that it sees the positions that may
// repeat; it searches the position after the last move. Game{Start: p}
// asks about p alone.
//
// A Start in Chess960 mode (see movegen's Chess960 section) switches the
// engine's UCI_Chess960 option on for the search.
type Game struct {
	Start movegen.Position
	Moves []movegen.Move
}

// end checks the game and returns the position after its moves; a start
// that is no position keeps movegen's *FENError, a move that is not legal
// its *MoveError.
func (g *Game) end() (movegen.Position, error) {
	if _, err := movegen.ParseFEN(g.Start.FEN()); err != nil {
		return movegen.Position{}, fmt.Errorf("the start position: %w", err)
	}
	p := g.Start
	for i, m := range g.Moves {
		if m == movegen.NoMove {
			return p, fmt.Errorf("move %d is the null move, which UCI's position command does not take", i+1)
		}
		if err := p.Play(m); err != nil { // p as it was
			return p, fmt.Errorf("move %d (%v) is not legal in %s: %w", i+1, m, p.FEN(), err)
		}
	}
	return p, nil
}

// Limit is what the go command says: when the search ends, and what it
// searches. A zero field is not sent. At least one of Depth, Nodes,
// MoveTime, Mate, a clock (WTime or BTime) and Infinite must be set, and
// none may be negative. Times are sent in whole milliseconds, a positive
// time below one millisecond as one.
type Limit struct {
	Depth    int           // go depth: plies
	Nodes    int64         // go nodes
	MoveTime time.Duration // go movetime
	Mate     int           // go mate: look for a mate in this many moves

	// The clock: the time each side has left and gains a move, and the
	// moves to the next time control (0: none, or sudden death). Sent
	// (wtime and btime both) when WTime or BTime is above 0; the engine
	// manages the time of the side to move.
	WTime, BTime time.Duration
	WInc, BInc   time.Duration
	MovesToGo    int

	// Infinite searches until Search.Stop or the context's end; so does
	// Ponder until Search.PonderHit (then the search goes on as if
	// started with the other limits) or Search.Stop. The position of a
	// ponder search is the one after the move the engine expects the
	// opponent to play: the game with it appended.
	Infinite bool
	Ponder   bool

	// SearchMoves restricts the search to these moves of the position
	// searched (go searchmoves); each must be legal there.
	SearchMoves []movegen.Move

	// MultiPV, when above 0, is the number of best lines to search and
	// report (the MultiPV option, set before the search when it differs).
	MultiPV int
}

func (l *Limit) check(root *movegen.Position) error {
	switch {
	case l.Depth < 0, l.Nodes < 0, l.MoveTime < 0, l.Mate < 0, l.MovesToGo < 0, l.MultiPV < 0:
		return fmt.Errorf("limit %+v: a negative value", *l)
	case l.WTime < 0, l.BTime < 0, l.WInc < 0, l.BInc < 0:
		return fmt.Errorf("limit %+v: a negative time", *l)
	}
	if l.Depth == 0 && l.Nodes == 0 && l.MoveTime == 0 && l.Mate == 0 && l.WTime == 0 && l.BTime == 0 && !l.Infinite {
		return errors.New("the limit sets none of Depth, Nodes, MoveTime, Mate, WTime, BTime and Infinite: the search would not end")
	}
	for i, m := range l.SearchMoves {
		if m == movegen.NoMove {
			return fmt.Errorf("SearchMoves[%d] is the null move", i)
		}
		p := *root
		if err := p.Play(m); err != nil {
			return fmt.Errorf("SearchMoves[%d] (%v) is not legal in %s: %w", i, m, root.FEN(), err)
		}
	}
	return nil
}

// goCommand returns the go command of the limit, moves in the engine's
// notation.
func (l *Limit) goCommand(chess960 bool) string {
	var b strings.Builder
	b.WriteString("go")
	num := func(name string, n int64) {
		b.WriteString(" " + name + " " + strconv.FormatInt(n, 10))
	}
	// UCI counts milliseconds: a positive time below one is sent as one,
	// never as 0 (which engines read as no limit, or no time).
	millis := func(d time.Duration) int64 {
		if d > 0 && d < time.Millisecond {
			return 1
		}
		return d.Milliseconds()
	}
	if l.Ponder {
		b.WriteString(" ponder")
	}
	if l.WTime > 0 || l.BTime > 0 {
		num("wtime", millis(l.WTime))
		num("btime", millis(l.BTime))
		if l.WInc > 0 {
			num("winc", millis(l.WInc))
		}
		if l.BInc > 0 {
			num("binc", millis(l.BInc))
		}
		if l.MovesToGo > 0 {
			num("movestogo", int64(l.MovesToGo))
		}
	}
	if l.Depth > 0 {
		num("depth", int64(l.Depth))
	}
	if l.Nodes > 0 {
		num("nodes", l.Nodes)
	}
	if l.Mate > 0 {
		num("mate", int64(l.Mate))
	}
	if l.MoveTime > 0 {
		num("movetime", millis(l.MoveTime))
	}
	if l.Infinite {
		b.WriteString(" infinite")
	}
	if len(l.SearchMoves) > 0 {
		b.WriteString(" searchmoves")
		for _, m := range l.SearchMoves {
			b.WriteString(" " + moveName(m, chess960))
		}
	}
	return b.String()
}

// Analysis is what a search found: its lines, best first, and its best
// move and the reply it expects (ponder).
type Analysis struct {
	// Lines holds, for each multipv from 1 to the MultiPV in effect, the
	// last info line of the search that gave a score, in multipv's order
	// (a multipv the engine never scored is left out). Earlier info lines
	// are not kept: a Search streams them.
	Lines []Info

	// BestMove is the engine's move, NoMove when it gave none ("bestmove
	// (none)" or "0000", as engines answer a position without moves);
	// Ponder the reply it expects, or NoMove.
	BestMove movegen.Move
	Ponder   movegen.Move

	// VariantBestMove and VariantPonder are BestMove and Ponder of a
	// variant game's search (AnalyseVariant, PlayVariant), checked by the
	// variant's rules; NoMove for a standard game's.
	VariantBestMove variant.Move
	VariantPonder   variant.Move
}

// Search is a search under way: Next reads its info lines as the engine
// writes them, and Wait reads on to its end. It holds the engine, so that
// any other call waits, until it ends: at bestmove, at a fault (the driver
// then stops the engine and reads up to its bestmove), or when its
// context ends (the driver sends stop, reads up to bestmove within
// Config.StopTimeout, and kills an engine that does not answer). A Search
// read to its end needs nothing more; one dropped before its end holds the
// engine until Close.
type Search struct {
	e        *Engine
	op       string // "search", or "play" for Play's
	ctx      context.Context
	root     movegen.Position
	vroot    *variant.Position // a variant game's position searched; nil for a standard one
	chess960 bool
	ponder   bool
	info     Info
	lines    []Info // by multipv
	maxLines int
	res      Analysis

	mu        sync.Mutex // Stop and PonderHit against the search's end
	ended     bool
	stopSent  bool
	ponderHit bool
	err       error
}

// Search starts a search of the position after game's moves and returns
// at once; read it with Next and Wait. ctx bounds the whole search: when
// it ends, the driver stops the engine (see Search). Before the go
// command, Search sets UCI_Chess960 to the game's mode and MultiPV to
// limit.MultiPV where they differ, and checks the game, the limit and the
// search moves; a fault there is an error, and the engine stays as it was.
// A move of the game or of limit.SearchMoves that is not legal is a
// *movegen.MoveError inside the *Error.
func (e *Engine) Search(ctx context.Context, game Game, limit Limit) (*Search, error) {
	return e.search(ctx, "search", &game, limit)
}

// searchGame is a game as the search path takes it: a standard Game's or
// a VariantGame's, checked, with what the two differ in.
type searchGame struct {
	variant  string            // the UCI_Variant the game is played in; "" for standard chess
	start960 bool              // the start is in Chess960 mode
	root     movegen.Position  // the position searched; the zero Position for a variant game
	vroot    *variant.Position // a variant game's position searched; nil for a standard one

	// position returns the position command, its moves in the engine's
	// notation (chess960: UCI_Chess960's).
	position func(chess960 bool) string
}

// noMove reports whether the position searched has no legal move, and the
// game's outcome then.
func (g *searchGame) noMove() (string, bool) {
	switch {
	case g.vroot != nil && g.vroot.CountMoves() == 0:
		return g.vroot.Outcome(nil).String(), true
	case g.vroot == nil && g.root.CountMoves() == 0:
		return g.root.Outcome(nil).String(), true
	}
	return "", false
}

// searchable is a game a search takes: *Game and *VariantGame.
type searchable interface {
	searchGame() (searchGame, error)
}

// searchGame checks the game for the search path.
func (g *Game) searchGame() (searchGame, error) {
	root, err := g.end()
	if err != nil {
		return searchGame{}, err
	}
	return searchGame{
		start960: g.Start.Chess960(),
		root:     root,
		position: func(chess960 bool) string {
			var b strings.Builder
			if g.Start == movegen.StartPosition() {
				b.WriteString("position startpos")
			} else {
				b.WriteString("position fen " + g.Start.FEN())
			}
			if len(g.Moves) > 0 {
				b.WriteString(" moves")
				for _, m := range g.Moves {
					b.WriteString(" " + moveName(m, chess960))
				}
			}
			return b.String()
		},
	}, nil
}

// search checks the game and the limit and starts the search: the one
// path of Search, Analyse, Play, AnalyseVariant and PlayVariant. For op
// "play" a position without a legal move is an error.
func (e *Engine) search(ctx context.Context, op string, game searchable, limit Limit) (*Search, error) {
	if e.sem == nil {
		return nil, notStarted(op)
	}
	g, err := game.searchGame()
	if err != nil {
		return nil, &Error{Engine: e.name, Op: op, Msg: "game: " + err.Error(), Err: errors.Unwrap(err)}
	}
	if op == "play" {
		if outcome, none := g.noMove(); none {
			return nil, &Error{Engine: e.name, Op: op, Msg: "the position has no legal move: " + outcome}
		}
	}
	if g.vroot != nil && len(limit.SearchMoves) > 0 {
		return nil, &Error{Engine: e.name, Op: op, Msg: "Limit.SearchMoves holds movegen's moves, not a variant game's"}
	}
	if err := limit.check(&g.root); err != nil {
		return nil, &Error{Engine: e.name, Op: op, Msg: err.Error(), Err: errors.Unwrap(err)}
	}
	if g.variant != "" {
		// Checked before the engine is taken: nothing is sent.
		if o, ok := e.option("UCI_Variant"); !ok || o.Type != "combo" || !hasVar(o.Vars, g.variant) {
			return nil, &Error{Engine: e.name, Op: op, Msg: fmt.Sprintf("the engine offers no UCI_Variant %q (an engine that plays the variants, such as Fairy-Stockfish, does)", g.variant)}
		}
	}
	if err := e.acquire(ctx, op); err != nil {
		return nil, err
	}
	s, err := e.startSearch(ctx, op, &g, limit)
	if err != nil {
		<-e.sem
		return nil, err
	}
	return s, nil
}

func (e *Engine) startSearch(ctx context.Context, op string, g *searchGame, limit Limit) (*Search, error) {
	var names, values []string
	set := func(name, value string) {
		names, values = append(names, name), append(values, value)
	}
	// UCI_Chess960: a variant game's start is never in Chess960 mode, so
	// its search switches the option off unless the caller set it.
	var c960 *Option
	want960 := g.start960 || e.user960
	if want960 != e.chess960 {
		if o, ok := e.option("UCI_Chess960"); ok && o.Type == "check" {
			c960 = &o
		} else if want960 {
			return nil, &Error{Engine: e.name, Op: op, Msg: "the position is in Chess960 mode, and the engine has no UCI_Chess960 option"}
		}
	}
	// UCI_Variant: the variant game's, or standard chess again after a
	// variant game's search.
	var uciVariant *Option
	wantVariant := g.variant
	if wantVariant == "" && e.uciVariant != "" {
		wantVariant = "chess"
	}
	if wantVariant != "" && !strings.EqualFold(e.uciVariant, wantVariant) {
		if o, ok := e.option("UCI_Variant"); ok && o.Type == "combo" && hasVar(o.Vars, wantVariant) {
			uciVariant = &o
		}
	}
	// A variant game's search sets UCI_Variant first, a standard game's
	// UCI_Chess960 first.
	if uciVariant != nil && g.variant != "" {
		set(uciVariant.Name, wantVariant)
	}
	if c960 != nil {
		set(c960.Name, strconv.FormatBool(want960))
	}
	if uciVariant != nil && g.variant == "" {
		set(uciVariant.Name, wantVariant)
	}
	if limit.MultiPV > 0 && limit.MultiPV != e.multiPV {
		if o, ok := e.option("MultiPV"); ok && o.Type == "spin" {
			set(o.Name, strconv.Itoa(limit.MultiPV))
		} else if limit.MultiPV > 1 {
			return nil, &Error{Engine: e.name, Op: op, Msg: fmt.Sprintf("MultiPV %d: the engine has no MultiPV option", limit.MultiPV)}
		}
	}
	if len(names) > 0 {
		i := 0
		if err := e.setOptions(ctx, op, names, func(string) string { i++; return values[i-1] }); err != nil {
			return nil, err
		}
	}
	// The engine's notation: UCI_Chess960 is now want960, or the engine
	// has no such option and want960 is false.
	chess960 := want960

	e.dropStale()
	for _, cmd := range []string{g.position(chess960), limit.goCommand(chess960)} {
		if err := e.write(cmd); err != nil {
			return nil, e.fail(op, "bestmove", writeError{err: err})
		}
	}
	return &Search{
		e:        e,
		op:       op,
		ctx:      ctx,
		root:     g.root,
		vroot:    g.vroot,
		chess960: chess960,
		ponder:   limit.Ponder,
		maxLines: max(e.multiPV, 1),
	}, nil
}

// dropStale drops the lines the engine wrote since the last call read its
// answer (a second bestmove, info lines after it) that have reached the
// driver, so that the search about to start does not take them for its
// own: a best effort, since a line still in the pipe comes later. A late
// readyok counts against pendingReady.
func (e *Engine) dropStale() {
	for {
		select {
		case m, ok := <-e.lines:
			if !ok {
				return // the next read sees the end
			}
			if strings.TrimSpace(m.line) == "readyok" && e.pendingReady > 0 {
				e.pendingReady--
			}
		default:
			return
		}
	}
}

// Next waits for the search's next info line, and reports whether there
// is one (Info returns it); false at the search's end: Wait then gives its
// analysis and error. Lines that are not info or bestmove are skipped, as
// UCI asks. A search under way when Close is called ends with ErrClosed,
// whatever the engine writes after quit. Next panics on the zero Search.
func (s *Search) Next() bool {
	e := s.e
	if e == nil {
		panic("engine: Search.Next: the zero Search, not started (use Engine.Search)")
	}
	op := s.op
	for {
		s.mu.Lock()
		ended := s.ended
		s.mu.Unlock()
		if ended {
			return false
		}
		m, err := e.recv(s.ctx, nil)
		if err != nil {
			if s.ctx.Err() != nil && errors.Is(err, s.ctx.Err()) {
				s.end(s.drain(&Error{Engine: e.name, Op: op, Msg: err.Error(), Err: err}))
			} else {
				s.end(e.fail(op, "bestmove", err))
			}
			return false
		}
		// Close sets closed before it sends quit: a line read after it,
		// the bestmove of an engine that answers quit with one among them,
		// is no answer to the search.
		if e.closing() {
			s.end(e.fail(op, "bestmove", errEnding))
			return false
		}
		if m.tooLong {
			s.end(s.drain(&Error{Engine: e.name, Op: op, Line: m.line,
				Msg: fmt.Sprintf("a line longer than %d bytes: %q...", MaxLineBytes, m.line)}))
			return false
		}
		word, rest := nextWord(m.line)
		switch word {
		case "info":
			info, err := s.parseInfo(rest)
			if err != nil {
				s.end(s.drain(&Error{Engine: e.name, Op: op, Line: m.line,
					Msg: fmt.Sprintf("info line %q: %s", m.line, err), Err: errors.Unwrap(err)}))
				return false
			}
			s.keep(info)
			s.info = info
			return true
		case "bestmove":
			s.end(s.bestMove(m.line, rest))
			return false
		case "readyok":
			if e.pendingReady > 0 {
				e.pendingReady--
			}
		}
	}
}

// Info returns the info line Next read last.
func (s *Search) Info() Info { return s.info }

// keep records the info line in the analysis's lines.
func (s *Search) keep(info Info) {
	if !info.Has(FieldScore) || info.MultiPV > s.maxLines {
		return
	}
	for len(s.lines) < info.MultiPV {
		s.lines = append(s.lines, Info{Turn: s.turn()})
	}
	s.lines[info.MultiPV-1] = info
}

// bestMove reads the bestmove line's moves into the analysis.
func (s *Search) bestMove(line, rest string) error {
	best, rest := nextWord(rest)
	var err error
	switch best {
	case "":
		err = errors.New("no move")
	case "(none)", "NULL", "0000":
	default:
		if err = s.setBest(best); err != nil {
			err = fmt.Errorf("move %q: %w", best, err)
			break
		}
		if w, rest := nextWord(rest); w == "ponder" {
			switch w, _ := nextWord(rest); w {
			case "", "(none)", "NULL", "0000":
			default:
				if err = s.setPonder(w); err != nil {
					err = fmt.Errorf("ponder move %q: %w", w, err)
				}
			}
		}
	}
	if err != nil {
		return &Error{Engine: s.e.name, Op: s.op, Line: line, Msg: fmt.Sprintf("bestmove line %q: %s", line, err), Err: errors.Unwrap(err)}
	}
	return nil
}

// setBest reads the engine's best move, checked in the position searched,
// into the analysis: BestMove, or a variant game's VariantBestMove.
func (s *Search) setBest(w string) (err error) {
	if s.vroot != nil {
		s.res.VariantBestMove, err = s.vroot.ParseUCI(variantUCI(w))
		return err
	}
	s.res.BestMove, err = parseMove(&s.root, w, s.chess960)
	return err
}

// setPonder reads the reply the engine expects, checked in the position
// after its best move, into the analysis: Ponder, or a variant game's
// VariantPonder.
func (s *Search) setPonder(w string) (err error) {
	if s.vroot != nil {
		p := *s.vroot
		p.PlayUnchecked(s.res.VariantBestMove)
		s.res.VariantPonder, err = p.ParseUCI(variantUCI(w))
		return err
	}
	p := s.root
	play(&p, s.res.BestMove)
	s.res.Ponder, err = parseMove(&p, w, s.chess960)
	return err
}

// drain ends a search that cannot go on (its context ended, or a fault
// err in the engine's output): it sends stop and reads up to bestmove,
// within Config.StopTimeout, so that the engine is ready for the next
// call; an engine that does not answer is killed. It returns err, or the
// error of the engine's end with err's cause kept beside its own.
func (s *Search) drain(err *Error) error {
	e := s.e
	if werr := s.sendStop(); werr != nil {
		return keepCause(werr, err.Err)
	}
	timer := time.NewTimer(e.cfg.StopTimeout)
	defer timer.Stop()
	for {
		m, rerr := e.recv(context.Background(), timer.C)
		if rerr != nil {
			return keepCause(e.fail(s.op, fmt.Sprintf("bestmove within %v of stop (after %s)", e.cfg.StopTimeout, err.Msg), rerr), err.Err)
		}
		if e.closing() {
			return keepCause(e.fail(s.op, "bestmove", errEnding), err.Err)
		}
		if m.tooLong {
			continue
		}
		word, rest := nextWord(m.line)
		switch word {
		case "info":
			if info, perr := s.parseInfo(rest); perr == nil {
				s.keep(info)
			}
		case "bestmove":
			// The answer to stop: its move is kept when it reads (a search
			// whose context ended has it), and err stands either way.
			s.bestMove(m.line, rest)
			return err
		}
	}
}

// keepCause returns the error of the engine's end that ended a search
// being drained, with cause, the reason it was being drained (its
// context's end, a fault's cause), kept beside the end's own: errors.Is
// finds both (ErrTimeout and context.Canceled). The engine's error, which
// later calls get, is left as it is: a copy carries both.
func keepCause(err, cause error) error {
	var ee *Error
	if cause == nil || !errors.As(err, &ee) || errors.Is(err, cause) {
		return err
	}
	c := *ee
	c.Err = errors.Join(ee.Err, cause)
	return &c
}

// sendStop sends stop once.
func (s *Search) sendStop() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ended || s.stopSent {
		return nil
	}
	s.stopSent = true
	if err := s.e.write("stop"); err != nil {
		return s.e.fail(s.op, "bestmove", writeError{err: err})
	}
	return nil
}

// end records the search's end and frees the engine.
func (s *Search) end(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ended {
		return
	}
	s.ended = true
	s.err = err
	for _, l := range s.lines {
		if l.Fields != 0 {
			s.res.Lines = append(s.res.Lines, l)
		}
	}
	s.lines = nil
	<-s.e.sem
}

// Stop asks the engine to end the search (UCI's stop): it answers with its
// best move, which Next and Wait then read. Stop may be called from any
// goroutine, any number of times; after the search's end it does nothing.
// It is an error on the zero Search.
func (s *Search) Stop() error {
	if s.e == nil {
		return &Error{Engine: "?", Op: "stop", Msg: "the zero Search, not started (use Engine.Search)"}
	}
	return s.sendStop()
}

// PonderHit tells the engine that the opponent played the move it was
// pondering on (UCI's ponderhit): the ponder search goes on as a search
// of the position with the limit's clock. It is an error for a search
// that is not pondering, or after the first call.
func (s *Search) PonderHit() error {
	if s.e == nil {
		return &Error{Engine: "?", Op: "ponderhit", Msg: "the zero Search, not started (use Engine.Search)"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case !s.ponder:
		return &Error{Engine: s.e.name, Op: "ponderhit", Msg: "the search is not pondering (Limit.Ponder)"}
	case s.ponderHit:
		return &Error{Engine: s.e.name, Op: "ponderhit", Msg: "ponderhit was sent already"}
	case s.ended || s.stopSent:
		return &Error{Engine: s.e.name, Op: "ponderhit", Msg: "the search has ended or was stopped"}
	}
	s.ponderHit = true
	if err := s.e.write("ponderhit"); err != nil {
		return s.e.fail("ponderhit", "bestmove", writeError{err: err})
	}
	return nil
}

// Wait reads the search to its end and returns its analysis, and the
// error that ended it, if any. After a fault or the context's end the
// analysis holds what the search gave up to then, with the best move the
// engine answered stop with.
func (s *Search) Wait() (*Analysis, error) {
	if s.e == nil {
		return nil, &Error{Engine: "?", Op: "search", Msg: "the zero Search, not started (use Engine.Search)"}
	}
	for s.Next() {
	}
	return &s.res, s.err
}

// Analyse searches the position after game's moves to limit and returns
// the lines found, best first (limit.MultiPV of them), and the best move:
// Search, then Wait. A limit with Infinite searches until ctx ends, and
// returns the analysis with ctx's error. It is an error for a limit with
// Ponder, which needs Search's PonderHit.
func (e *Engine) Analyse(ctx context.Context, game Game, limit Limit) (*Analysis, error) {
	return e.analyse(ctx, &game, limit, "Analyse with Limit.Ponder: use Search, whose PonderHit ends the ponder")
}

// analyse is Analyse and AnalyseVariant; ponderMsg is the error for a
// limit with Ponder.
func (e *Engine) analyse(ctx context.Context, game searchable, limit Limit, ponderMsg string) (*Analysis, error) {
	if e.sem == nil {
		return nil, notStarted("search")
	}
	if limit.Ponder {
		return nil, &Error{Engine: e.name, Op: "search", Msg: ponderMsg}
	}
	s, err := e.search(ctx, "search", game, limit)
	if err != nil {
		return nil, err
	}
	return s.Wait()
}

// Play asks the engine for its move in the position after game's moves,
// as a game with a clock does: the limit is typically the clock (WTime,
// BTime, WInc, BInc, MovesToGo), or a fixed MoveTime, Depth or Nodes. It
// returns the move and the reply the engine expects (NoMove when it gave
// none). It is an error when the position has no legal move, when the
// engine answers none, and for a limit with Infinite or Ponder.
func (e *Engine) Play(ctx context.Context, game Game, limit Limit) (move, ponder movegen.Move, err error) {
	a, err := e.playSearch(ctx, &game, limit, "Play with Limit.Infinite or Limit.Ponder: use Search")
	if err != nil {
		return movegen.NoMove, movegen.NoMove, err
	}
	return a.BestMove, a.Ponder, nil
}

// playSearch is Play and PlayVariant up to the analysis, which holds the
// engine's move; limitMsg is the error for a limit with Infinite or
// Ponder.
func (e *Engine) playSearch(ctx context.Context, game searchable, limit Limit, limitMsg string) (*Analysis, error) {
	const op = "play"
	if e.sem == nil {
		return nil, notStarted(op)
	}
	if limit.Infinite || limit.Ponder {
		return nil, &Error{Engine: e.name, Op: op, Msg: limitMsg}
	}
	s, err := e.search(ctx, op, game, limit) // a position without a legal move is an error
	if err != nil {
		return nil, err
	}
	a, err := s.Wait()
	if err != nil {
		return nil, err
	}
	// A search fills one of the two: the other stays NoMove.
	if a.BestMove == movegen.NoMove && a.VariantBestMove == variant.NoMove {
		return nil, &Error{Engine: e.name, Op: op, Msg: "the engine gave no move (bestmove (none) or 0000) in a position with legal moves"}
	}
	return a, nil
}
