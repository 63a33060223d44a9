package engine

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/variant"
)

// Field names one field of an info line; Info.Fields holds the fields a
// line gave.
type Field uint32

// The fields of an info line.
const (
	FieldDepth          Field = 1 << iota // depth
	FieldSelDepth                         // seldepth
	FieldMultiPV                          // multipv (without it, Info.MultiPV is 1)
	FieldScore                            // score cp|mate, and lowerbound or upperbound anywhere after it
	FieldWDL                              // wdl
	FieldNodes                            // nodes
	FieldNPS                              // nps
	FieldHashFull                         // hashfull
	FieldTBHits                           // tbhits
	FieldTime                             // time
	FieldCurrMove                         // currmove
	FieldCurrMoveNumber                   // currmovenumber
	FieldCPULoad                          // cpuload
	FieldPV                               // pv
	FieldString                           // string
)

// Info is one info line of a search, its values typed:
//
//	info depth 20 seldepth 27 multipv 1 score cp 31 wdl 60 920 20 nodes 1219137 nps 1006713 hashfull 402 tbhits 0 time 1211 pv e2e4 e7e5 g1f3
//
// Fields says which fields the line gave (a field it did not give is
// zero). The score and the WDL are from the side to move's point of view,
// Turn (ScoreFor and WDLFor give them from either side's).
// PV's moves are checked against the position searched, move by move: a
// move the position does not have is an error, never a move passed on.
// currline and refutation, and fields UCI does not define, are skipped.
type Info struct {
	Fields         Field
	Depth          int
	SelDepth       int
	MultiPV        int // the line's rank among the best, from 1
	Score          Score
	WDL            WDL // wins, draws, losses, per mille
	Nodes          int64
	NPS            int64
	HashFull       int // per mille
	TBHits         int64
	Time           time.Duration
	CurrMove       movegen.Move
	CurrMoveNumber int
	CPULoad        int // per mille
	PV             []movegen.Move
	String         string // the text of "info string ...", the rest of the line

	// VariantPV and VariantCurrMove are PV and CurrMove of a variant
	// game's search (AnalyseVariant), checked by the variant's rules; PV
	// and CurrMove are then empty (FieldPV and FieldCurrMove say which
	// the line gave).
	VariantPV       []variant.Move
	VariantCurrMove variant.Move

	// Turn is the side to move in the position searched, whose point of
	// view Score and WDL take: the driver sets it on every Info it hands
	// out, whether or not the line gave a score (ScoreFor and WDLFor
	// turn them to either side's view).
	Turn movegen.Color
}

// Has reports whether the info line gave the field f.
func (i *Info) Has(f Field) bool { return i.Fields&f != 0 }

// infoWords are the fields UCI defines for info lines: a pv, currline or
// refutation runs up to the next of them.
var infoWords = map[string]bool{
	"depth": true, "seldepth": true, "time": true, "nodes": true, "pv": true, "multipv": true,
	"score": true, "currmove": true, "currmovenumber": true, "hashfull": true, "nps": true,
	"tbhits": true, "sbhits": true, "cpuload": true, "string": true, "refutation": true,
	"currline": true, "wdl": true, "lowerbound": true, "upperbound": true,
}

// parseInfo reads an info line's fields (the words after "info") of a
// search of the position root, its moves in the engine's notation
// (chess960: castling written king takes rook).
func parseInfo(s string, root *movegen.Position, chess960 bool) (Info, error) {
	info := Info{MultiPV: 1, Turn: root.Side()}
	var word string
	for {
		word, s = nextWord(s)
		if word == "" {
			return info, nil
		}
		if word == "string" {
			info.Fields |= FieldString
			info.String = s
			return info, nil
		}
		var err error
		switch word {
		case "depth":
			info.Depth, s, err = intField(word, s, 0)
			info.Fields |= FieldDepth
		case "seldepth":
			info.SelDepth, s, err = intField(word, s, 0)
			info.Fields |= FieldSelDepth
		case "multipv":
			info.MultiPV, s, err = intField(word, s, 1)
			info.Fields |= FieldMultiPV
		case "hashfull":
			info.HashFull, s, err = intField(word, s, 0)
			info.Fields |= FieldHashFull
		case "cpuload":
			info.CPULoad, s, err = intField(word, s, 0)
			info.Fields |= FieldCPULoad
		case "currmovenumber":
			info.CurrMoveNumber, s, err = intField(word, s, 1)
			info.Fields |= FieldCurrMoveNumber
		case "nodes":
			info.Nodes, s, err = int64Field(word, s)
			info.Fields |= FieldNodes
		case "nps":
			info.NPS, s, err = int64Field(word, s)
			info.Fields |= FieldNPS
		case "tbhits":
			info.TBHits, s, err = int64Field(word, s)
			info.Fields |= FieldTBHits
		case "time":
			var ms int64
			ms, s, err = int64Field(word, s)
			if err == nil && ms > int64(time.Duration(1<<63-1)/time.Millisecond) {
				err = fmt.Errorf("time %d ms is out of range", ms)
			}
			info.Time = time.Duration(ms) * time.Millisecond
			info.Fields |= FieldTime
		case "score":
			info.Score, s, err = scoreField(s)
			info.Fields |= FieldScore
		case "lowerbound", "upperbound":
			switch {
			case !info.Has(FieldScore):
				err = fmt.Errorf("%s without a score before it", word)
			case word == "lowerbound" && info.Score.Upper, word == "upperbound" && info.Score.Lower:
				err = errors.New("both lowerbound and upperbound")
			case word == "lowerbound":
				info.Score.Lower = true
			default:
				info.Score.Upper = true
			}
		case "wdl":
			w := [3]*int{&info.WDL.Wins, &info.WDL.Draws, &info.WDL.Losses}
			for i := range w {
				if *w[i], s, err = intField(word, s, 0); err != nil {
					break
				}
			}
			if err == nil {
				// Each part is below 2^31; their sum need not be, and
				// Total and Expectation would wrap on 32 bits.
				switch t := int64(info.WDL.Wins) + int64(info.WDL.Draws) + int64(info.WDL.Losses); {
				case t == 0:
					err = fmt.Errorf("%v: the total is 0", info.WDL)
				case t > math.MaxInt32:
					err = fmt.Errorf("%v: the total is out of range (beyond 2^31-1): %w", info.WDL, strconv.ErrRange)
				}
			}
			info.Fields |= FieldWDL
		case "currmove":
			var w string
			w, s = nextWord(s)
			if w == "" {
				err = errors.New("currmove without a move")
				break
			}
			if info.CurrMove, err = parseMove(root, w, chess960); err != nil {
				err = fmt.Errorf("currmove %q: %w", w, err)
			}
			info.Fields |= FieldCurrMove
		case "pv":
			info.PV, s, err = pvField(s, root, chess960)
			info.Fields |= FieldPV
		default:
			// currline, refutation, sbhits, and words UCI does not define:
			// skipped up to the next field.
			for {
				w, rest := nextWord(s)
				if w == "" || infoWords[w] {
					break
				}
				s = rest
			}
		}
		if err != nil {
			return info, err
		}
	}
}

// intField reads a field's integer value, at least min.
func intField(name, s string, min int) (int, string, error) {
	w, rest := nextWord(s)
	if w == "" {
		return 0, rest, fmt.Errorf("%s without a value", name)
	}
	n, err := atoi32(name, w)
	if err != nil {
		return 0, rest, err
	}
	if n < min {
		return 0, rest, fmt.Errorf("%s %d is below %d", name, n, min)
	}
	return n, rest, nil
}

// int64Field reads a field's count, at least 0.
func int64Field(name, s string) (int64, string, error) {
	w, rest := nextWord(s)
	if w == "" {
		return 0, rest, fmt.Errorf("%s without a value", name)
	}
	n, err := strconv.ParseInt(w, 10, 64)
	if err != nil {
		return 0, rest, &wrapped{fmt.Sprintf("%s %q is not an integer", name, w), err}
	}
	if n < 0 {
		return 0, rest, fmt.Errorf("%s %d is below 0", name, n)
	}
	return n, rest, nil
}

// scoreField reads "cp N" or "mate N" (parseInfo reads a bound).
func scoreField(s string) (Score, string, error) {
	var sc Score
	kind, rest := nextWord(s)
	switch kind {
	case "cp":
	case "mate":
		sc.Mate = true
	case "":
		return sc, rest, errors.New("score without a value")
	default:
		return sc, rest, fmt.Errorf("score %q, want cp or mate", kind)
	}
	w, rest := nextWord(rest)
	n, err := atoi32("score "+kind, w)
	if err != nil {
		return sc, rest, err
	}
	sc.Value = n
	return sc, rest, nil
}

// atoi32 reads the value w of the field name, an integer from -(2^31-1)
// to 2^31-1: more than any engine counts to in a field that intField or
// scoreField reads, and a range that the scores' conversions take without
// overflow on 32 bits (Neg, CP, and pgn's [%eval], which Game.SetScore
// writes from any Score an Info holds); -2^31, whose negation is not an
// int32, is out of it.
func atoi32(name, w string) (int, error) {
	n, err := strconv.ParseInt(w, 10, 32)
	if err == nil && n == math.MinInt32 {
		err = &strconv.NumError{Func: "ParseInt", Num: w, Err: strconv.ErrRange}
	}
	switch {
	case errors.Is(err, strconv.ErrRange):
		return 0, &wrapped{fmt.Sprintf("%s %s is out of range (beyond 2^31-1 either way)", name, w), err}
	case err != nil:
		return 0, &wrapped{fmt.Sprintf("%s %q is not an integer", name, w), err}
	}
	return int(n), nil
}

// pvField reads a principal variation: the words shaped like UCI moves,
// each a legal move of the position the ones before it reach.
func pvField(s string, root *movegen.Position, chess960 bool) ([]movegen.Move, string, error) {
	p := *root
	var pv []movegen.Move
	for {
		w, rest := nextWord(s)
		if !moveShaped(w) {
			return pv, s, nil
		}
		m, err := parseMove(&p, w, chess960)
		if err != nil {
			return pv, rest, fmt.Errorf("pv move %d %q: %w", len(pv)+1, w, err)
		}
		pv = append(pv, m)
		play(&p, m)
		s = rest
	}
}

// moveShaped reports whether w looks like a UCI move (e2e4, e7e8q, 0000),
// legal or not.
func moveShaped(w string) bool {
	if w == "0000" {
		return true
	}
	if len(w) != 4 && len(w) != 5 {
		return false
	}
	for i := 0; i < 4; i += 2 {
		if w[i] < 'a' || w[i] > 'h' || w[i+1] < '1' || w[i+1] > '8' {
			return false
		}
	}
	return len(w) == 4 || strings.IndexByte("nbrqNBRQ", w[4]) >= 0
}

// parseMove returns the legal move of p that the engine wrote as w, in its
// notation (chess960: castling king takes rook), which may differ from
// p's own; a promotion's letter in either case.
func parseMove(p *movegen.Position, w string, chess960 bool) (movegen.Move, error) {
	if len(w) == 5 {
		w = w[:4] + strings.ToLower(w[4:])
	}
	if chess960 == p.Chess960() || p.Castling() == 0 || w == "0000" {
		return p.ParseUCI(w)
	}
	// The engine writes castling the other way from p: find the legal move
	// whose name in the engine's notation is w.
	var buf [movegen.MaxMoves]movegen.Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if moveName(m, chess960) == w {
			return m, nil
		}
	}
	if _, err := p.ParseUCI(w); err != nil {
		return movegen.NoMove, err
	}
	return movegen.NoMove, &movegen.MoveError{UCI: w, Msg: "no legal move in the engine's notation of castling (UCI_Chess960 " + strconv.FormatBool(chess960) + ")"}
}

// moveName returns the legal move m's UCI name in the engine's notation:
// chess960 writes castling king takes rook (e1h1), else the king's two
// squares (e1g1), whatever mode m's position is in.
func moveName(m movegen.Move, chess960 bool) string {
	if !m.IsCastle() {
		return m.String()
	}
	to := m.To()
	if !chess960 {
		to, _ = m.CastlingSquares()
	}
	return m.From().String() + to.String()
}

// play makes on p the move m, a legal move or the null move (ParseUCI's
// 0000, which it returns only when the side to move is not in check).
func play(p *movegen.Position, m movegen.Move) {
	if m == movegen.NoMove {
		p.PlayNull()
		return
	}
	p.PlayUnchecked(m)
}
