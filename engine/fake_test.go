package engine_test

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/symmagic/attacks/engine"
	"github.com/symmagic/attacks/movegen"
)

// The tests' engine is the test binary itself, run again with fakeEnv
// set to its mode (as os/exec's tests run their helper process): a small
// UCI engine that plays legal moves, and, in the fault modes, misbehaves
// in one way each.
const fakeEnv = "ENGINE_TEST_FAKE"

func TestMain(m *testing.M) {
	switch mode := os.Getenv(fakeEnv); mode {
	case "":
	case "probe":
		os.Exit(0)
	default:
		os.Exit(runFake(mode, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// fakeConfig returns the Config that starts the fake engine in mode.
func fakeConfig(mode string) engine.Config {
	path, args := fakeCommand()
	// GORACE: a race-detecting build sleeps a second before it exits by
	// default.
	return engine.Config{Path: path, Args: args, Env: append(os.Environ(), fakeEnv+"="+mode, "GORACE=atexit_sleep_ms=0")}
}

var fakeOnce struct {
	sync.Once
	path string
	args []string
}

// fakeCommand returns how to run the test binary again: itself, or, where
// it runs under an emulator (go test -exec qemu-aarch64, for a GOARCH the
// machine cannot run), under the same emulator, qemu-user's name for the
// architecture.
func fakeCommand() (string, []string) {
	fakeOnce.Do(func() {
		self, err := os.Executable()
		if err != nil {
			self = os.Args[0]
		}
		fakeOnce.path = self
		probe := func(path string, args ...string) bool {
			cmd := exec.Command(path, args...)
			cmd.Env = append(os.Environ(), fakeEnv+"=probe", "GORACE=atexit_sleep_ms=0")
			return cmd.Run() == nil
		}
		if probe(self) {
			return
		}
		arch := map[string]string{"386": "i386", "amd64": "x86_64", "arm64": "aarch64", "arm": "arm",
			"ppc64le": "ppc64le", "riscv64": "riscv64", "s390x": "s390x"}[runtime.GOARCH]
		if emu, err := exec.LookPath("qemu-" + arch); err == nil && probe(emu, self) {
			fakeOnce.path, fakeOnce.args = emu, []string{self}
		}
		// Else the tests fail, each Start saying why it cannot run self.
	})
	return fakeOnce.path, fakeOnce.args
}

// slow scales a fault test's timeout: ten times where the fake engine runs
// under an emulator, whose start alone can outlast a timeout meant for a
// native process.
func slow(d time.Duration) time.Duration {
	if _, args := fakeCommand(); len(args) > 0 {
		return 10 * d
	}
	return d
}

// The fake engine's modes. "normal" is a correct engine; each other mode
// is normal but for its fault.
const (
	modeNormal      = "normal"
	modeCRLF        = "crlf"        // lines end in \r\n
	modeNoUCIOK     = "nouciok"     // never answers uci's uciok
	modeExitAtStart = "exitatstart" // exits (status 2) on uci
	modeNoReadyOK   = "noreadyok"   // never answers isready
	modeReject      = "reject"      // answers every setoption with "No such option: ..."
	modeJunk        = "junk"        // writes lines UCI does not define among its info lines
	modeBadInfo     = "badinfo"     // writes "info depth x ..."
	modeBadBestMove = "badbestmove" // answers go with "bestmove zz99"
	modeIllegalPV   = "illegalpv"   // writes a pv with a move the position does not have
	modeDie         = "die"         // exits (status 3) mid-search, after a line to stderr
	modeDieOnStop   = "dieonstop"   // exits (status 3) at stop, after a line to stderr
	modeCloseOutput = "closeoutput" // closes its output mid-search and keeps running
	modeHangStop    = "hangstop"    // ignores stop
	modeSlowQuit    = "slowquit"    // ignores quit
	modeHugeLine    = "hugeline"    // writes a line of 200,000 bytes mid-search
)

type fake struct {
	mode      string
	out       *bufio.Writer
	pos       movegen.Position
	hist      *movegen.History
	chess960  bool
	wdl       bool
	multiPV   int
	pending   string // the bestmove line a search in progress answers stop with
	pondering bool
	searches  int // go commands so far: the faults of a search come in the first
}

func (f *fake) say(format string, args ...any) {
	end := "\n"
	if f.mode == modeCRLF {
		end = "\r\n"
	}
	fmt.Fprintf(f.out, format+end, args...)
	f.out.Flush()
}

const fakeOptions = `option name Hash type spin default 16 min 1 max 1024
option name Threads type spin default 1 min 1 max 8
option name MultiPV type spin default 1 min 1 max 10
option name Ponder type check default false
option name UCI_Chess960 type check default false
option name UCI_ShowWDL type check default false
option name Style type combo default Normal var Solid var Normal var Very Risky
option name Clear Hash type button
option name Book File type string default <empty>
option name Skill Level type spin default 20 min 0 max 20`

// runFake runs the fake engine on in and out until quit or the end of in,
// and returns its exit status.
func runFake(mode string, in io.Reader, out, stderr io.Writer) int {
	f := &fake{mode: mode, out: bufio.NewWriter(out), pos: movegen.StartPosition(), hist: movegen.NewHistory(64), multiPV: 1}
	f.hist.Reset(&f.pos)
	wd, _ := os.Getwd()
	fmt.Fprintf(stderr, "fake engine pid %d in %s with %q\n", os.Getpid(), wd, os.Args[1:])
	f.say("Fake engine, a UCI engine of the tests (mode %s)", mode)
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		word, rest, _ := strings.Cut(line, " ")
		switch word {
		case "uci":
			if mode == modeExitAtStart {
				fmt.Fprintln(stderr, "fake: cannot start: simulated failure")
				return 2
			}
			f.say("id name Fake")
			f.say("id author the engine package's tests")
			for _, o := range strings.Split(fakeOptions, "\n") {
				f.say("%s", o)
			}
			if mode != modeNoUCIOK {
				f.say("uciok")
			}
		case "isready":
			if mode != modeNoReadyOK {
				f.say("readyok")
			}
		case "setoption":
			f.setOption(rest)
		case "ucinewgame":
		case "position":
			p, err := movegen.ParseUCIPosition(rest, f.chess960, f.hist)
			if err != nil {
				f.say("info string bad position: %v", err)
				continue
			}
			f.pos = p
		case "go":
			if code := f.goCommand(rest, stderr); code >= 0 {
				return code
			}
		case "stop":
			switch mode {
			case modeHangStop:
				continue
			case modeDieOnStop:
				fmt.Fprintln(stderr, "fake: simulated crash")
				return 3
			}
			f.finish()
		case "ponderhit":
			if f.pondering {
				f.pondering = false
				f.finish()
			}
		case "quit":
			if mode == modeSlowQuit {
				continue
			}
			// As Stockfish does: a search under way ends, and its best
			// move is written.
			f.finish()
			return 0
		default:
			f.say("Unknown command: '%s'. Type help for more information.", line)
		}
	}
	if mode == modeSlowQuit {
		time.Sleep(time.Hour)
	}
	return 0
}

func (f *fake) setOption(rest string) {
	if f.mode == modeReject {
		name, _, _ := strings.Cut(strings.TrimPrefix(rest, "name "), " value")
		f.say("No such option: %s", name)
		return
	}
	name, value, _ := strings.Cut(strings.TrimPrefix(rest, "name "), " value")
	value = strings.TrimSpace(value)
	switch strings.ToLower(name) {
	case "uci_chess960":
		f.chess960 = value == "true"
	case "uci_showwdl":
		f.wdl = value == "true"
	case "multipv":
		f.multiPV, _ = strconv.Atoi(value)
	}
	if !strings.Contains(fakeOptions, "option name "+name+" type") {
		f.say("No such option: %s", name)
	}
}

// finish answers the search in progress with its best move.
func (f *fake) finish() {
	if f.pending != "" {
		f.say("%s", f.pending)
		f.pending = ""
	}
}

// name writes m as the engine, in its UCI_Chess960 notation.
func (f *fake) name(m movegen.Move) string {
	if m.IsCastle() {
		to := m.To()
		if !f.chess960 {
			to, _ = m.CastlingSquares()
		}
		return m.From().String() + to.String()
	}
	return m.String()
}

// goCommand searches: it ranks the moves (a mate first, then castling,
// then captures of the most valuable pieces, then the rest in the
// generator's order), writes info lines for depths 1 to the limit's depth
// (3 without one), and answers with the best move, at once or, for an
// infinite or ponder search, at stop or ponderhit. It returns an exit
// status to exit with, or -1 to go on.
func (f *fake) goCommand(args string, stderr io.Writer) int {
	f.searches++
	words := strings.Fields(args)
	depth, infinite := 3, false
	var search []string
	for i := 0; i < len(words); i++ {
		switch words[i] {
		case "depth":
			if i+1 < len(words) {
				depth, _ = strconv.Atoi(words[i+1])
				i++
			}
		case "infinite":
			infinite = true
		case "ponder":
			infinite, f.pondering = true, true
		case "searchmoves":
			search = words[i+1:]
			i = len(words)
		}
	}
	p := f.pos
	f.say("info string repetitions %d", f.hist.Occurrences())
	var buf [movegen.MaxMoves]movegen.Move
	moves := p.LegalMoves(buf[:0])
	if len(search) > 0 {
		var only []movegen.Move
		for _, m := range moves {
			for _, s := range search {
				if f.name(m) == s {
					only = append(only, m)
				}
			}
		}
		moves = only
	}
	if len(moves) == 0 {
		if p.InCheck() {
			f.say("info depth 0 score mate 0")
		} else {
			f.say("info depth 0 score cp 0")
		}
		f.say("bestmove (none)")
		return -1
	}
	type ranked struct {
		m     movegen.Move
		score int
		mate  bool
	}
	var rs []ranked
	for _, m := range moves {
		q := p
		q.PlayUnchecked(m)
		r := ranked{m: m}
		switch {
		case q.IsCheckmate():
			r.mate, r.score = true, 1
		case m.IsCastle():
			r.score = 50
		case p.CapturedPiece(m) != movegen.NoPiece:
			r.score = 100 * int(p.CapturedPiece(m).Type())
		}
		rs = append(rs, r)
	}
	// A stable insertion sort: mates, then by score.
	for i := 1; i < len(rs); i++ {
		for j := i; j > 0 && (rs[j].mate && !rs[j-1].mate || rs[j].mate == rs[j-1].mate && rs[j].score > rs[j-1].score); j-- {
			rs[j], rs[j-1] = rs[j-1], rs[j]
		}
	}
	pv := func(m movegen.Move) string {
		s := f.name(m)
		q := p
		q.PlayUnchecked(m)
		if replies := q.LegalMoves(nil); len(replies) > 0 {
			s += " " + f.name(replies[0])
		}
		return s
	}
	nodes := 0
	for d := 1; d <= depth; d++ {
		nodes += 20 * d
		f.say("info depth %d currmove %s currmovenumber 1", d, f.name(rs[0].m))
		for k := 1; k <= f.multiPV && k <= len(rs); k++ {
			r := rs[k-1]
			score := fmt.Sprintf("cp %d", r.score)
			if r.mate {
				score = "mate 1"
			}
			wdl := ""
			if f.wdl {
				wdl = " wdl 500 300 200"
				if k == 1 && !r.mate {
					// A fail high first, its bound after the WDL as
					// Stockfish writes it.
					f.say("info depth %d seldepth %d multipv 1 score cp %d wdl 510 300 190 lowerbound nodes %d nps %d hashfull %d tbhits 0 time %d pv %s",
						d, d+1, r.score+10, nodes, nodes*1000, d, 1, f.name(r.m))
				}
			}
			f.say("info depth %d seldepth %d multipv %d score %s%s nodes %d nps %d hashfull %d tbhits 0 time %d pv %s",
				d, d+1, k, score, wdl, nodes, nodes*1000, d, 1, pv(r.m))
		}
		if d == 2 && f.searches == 1 {
			switch f.mode {
			case modeJunk:
				f.say("")
				f.say("Fake says: thinking hard")
				f.say("\x00\xff\xfe not a UCI line")
				f.say("info depth 2 ebf 1.7 sbhits 3 refutation e2e4 e7e5 currline 1 e2e4 e7e5 nodes 41")
			case modeBadInfo:
				f.say("info depth x seldepth 2")
			case modeIllegalPV:
				f.say("info depth 2 score cp 10 pv %s e1e8", f.name(rs[0].m))
			case modeHugeLine:
				f.say("info string %s", strings.Repeat("x", 200000))
			case modeDie:
				fmt.Fprintln(stderr, "fake: simulated crash")
				return 3
			case modeCloseOutput:
				os.Stdout.Close()
				time.Sleep(time.Hour)
			}
		}
	}
	best := "bestmove " + f.name(rs[0].m)
	if f.mode == modeBadBestMove && f.searches == 1 {
		best = "bestmove zz99"
	}
	q := p
	q.PlayUnchecked(rs[0].m)
	if replies := q.LegalMoves(nil); len(replies) > 0 {
		best += " ponder " + f.name(replies[0])
	}
	if infinite {
		f.pending = best
		return -1
	}
	f.say("%s", best)
	return -1
}
