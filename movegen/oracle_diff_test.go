package movegen_test

import (
	"fmt"
	"slices"
	"strings"

	"github.com/symmagic/attacks/movegen"
)

// comparison is what compare found in one position.
type comparison struct {
	nodes    uint64   // the generator's nodes checked against the oracle
	problems []string // one report per disagreement
}

// compare checks the public API against the oracle in the position fen: the
// FEN reads back the same; the legal moves are the same and each leads to
// the same position (FEN, clocks and rights included) and is legal by
// IsLegal, parses back from its UCI name and plays by it; Captures are the
// oracle's captures and promotions; check, checkmate and stalemate agree;
// the divide at depth 2 agrees move by move and perft agrees at every depth
// from 3 to depth. A disagreement in the counts comes with a divide against
// the oracle, followed down to the position where the two first differ.
func compare(fen string, depth int) (c comparison) {
	bad := func(format string, args ...any) {
		c.problems = append(c.problems, fmt.Sprintf(format, args...))
	}
	op, err := oParse(fen)
	if err != nil {
		bad("%s: the oracle cannot read it: %v", fen, err)
		return
	}
	gp, err := movegen.ParseFEN(fen)
	if err != nil {
		bad("%s: ParseFEN: %v", fen, err)
		return
	}
	if got, want := gp.FEN(), op.fen(); got != want {
		bad("%s: the generator writes it back as %s, the oracle as %s", fen, got, want)
	}

	// The oracle's tree, by root move: below[m][d] is the nodes d+1 plies
	// below the position after m.
	oMoves := map[string]oMove{}
	below := map[string][]uint64{}
	total := make([]uint64, max(depth, 1))
	tactical := map[string]bool{}
	for _, m := range op.legal(nil) {
		oMoves[m.String()] = m
		if op.board[m.to] != 0 && !m.castle || m.epCap || m.promo != 0 {
			tactical[m.String()] = true
		}
		child := op.make(m)
		n := make([]uint64, max(depth-1, 0))
		child.perfts(n)
		below[m.String()] = n
		total[0]++
		for d, k := range n {
			total[d+1] += k
		}
	}

	checks := op.checkers()
	if gp.InCheck() != (checks > 0) {
		bad("%s: InCheck is %v, the oracle counts %d checkers", fen, gp.InCheck(), checks)
	}
	if gp.IsCheckmate() != (checks > 0 && len(oMoves) == 0) || gp.IsStalemate() != (checks == 0 && len(oMoves) == 0) {
		bad("%s: IsCheckmate %v, IsStalemate %v; the oracle has %d moves and %d checkers", fen, gp.IsCheckmate(), gp.IsStalemate(), len(oMoves), checks)
	}
	var buf [movegen.MaxMoves]movegen.Move
	moves := gp.LegalMoves(buf[:0])
	if n := gp.CountMoves(); n != len(moves) {
		bad("%s: CountMoves is %d, LegalMoves lists %d", fen, n, len(moves))
	}
	gMoves := map[string]movegen.Move{}
	for _, m := range moves {
		name := m.String()
		if _, dup := gMoves[name]; dup {
			bad("%s: the generator lists %s twice", fen, name)
		}
		gMoves[name] = m
		om, ok := oMoves[name]
		if !ok {
			bad("%s: the generator's move %s is not legal", fen, name)
			continue
		}
		if !gp.IsLegal(m) {
			bad("%s: IsLegal(%s) is false", fen, name)
		}
		if pm, err := gp.ParseUCI(name); err != nil || pm != m {
			bad("%s: ParseUCI(%q) = %v, %v; want the move listed", fen, name, pm, err)
		}
		if gp.IsCapture(m) != (op.board[om.to] != 0 && !om.castle || om.epCap) {
			bad("%s: IsCapture(%s) is %v", fen, name, gp.IsCapture(m))
		}
		g := gp
		g.PlayUnchecked(m)
		o := op.make(om)
		if got, want := g.FEN(), o.fen(); got != want {
			bad("%s: after %s the generator has %s, the oracle %s", fen, name, got, want)
		}
		u := gp
		if err := u.PlayUCI(name); err != nil || u != g {
			bad("%s: PlayUCI(%q) (%v) and Play differ", fen, name, err)
		}
	}
	for name := range oMoves {
		if _, ok := gMoves[name]; !ok {
			bad("%s: the legal move %s is missing from the generator", fen, name)
		}
	}
	caps := gp.Captures(buf[:0])
	seen := map[string]bool{}
	for _, m := range caps {
		if !tactical[m.String()] || seen[m.String()] {
			bad("%s: Captures lists %s, which is no capture or promotion of the oracle's, or twice", fen, m)
		}
		seen[m.String()] = true
	}
	if len(seen) != len(tactical) {
		bad("%s: Captures lists %d moves, the oracle has %d captures and promotions", fen, len(seen), len(tactical))
	}
	if len(c.problems) > 0 || depth < 1 {
		return
	}

	if depth == 1 {
		n := gp.Perft(1)
		c.nodes += n
		if n != total[0] {
			bad("%s", diagnose(gp, op, 1))
		}
		return
	}
	div := gp.Divide(2)
	ok := len(div) == len(oMoves)
	for _, d := range div {
		c.nodes += 1 + d.Nodes
		if n, found := below[d.Move.String()]; !found || n[0] != d.Nodes {
			ok = false
		}
	}
	if !ok {
		bad("%s", diagnose(gp, op, 2))
		return
	}
	for d := 3; d <= depth; d++ {
		n := gp.Perft(d)
		c.nodes += n
		if n != total[d-1] {
			bad("%s", diagnose(gp, op, d))
			break
		}
	}
	return
}

// diagnose describes a perft disagreement: the FEN, the divide of the
// generator against the oracle's, and then the same one ply down along a
// move whose count differs, until the position where the two disagree on
// the legal moves themselves.
func diagnose(gp movegen.Position, op *oPos, depth int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "perft %d of\n\t%s\nis %d, the oracle counts %d",
		depth, gp.FEN(), gp.Perft(depth), op.perft(depth))
	var line []string
	for {
		gen := map[string]movegen.MoveCount{}
		for _, c := range gp.Divide(depth) {
			gen[c.Move.String()] = c
		}
		orc := map[string]oMove{}
		oNodes := map[string]uint64{}
		for _, m := range op.legal(nil) {
			c := op.make(m)
			orc[m.String()] = m
			oNodes[m.String()] = c.perft(depth - 1)
		}
		var names []string
		for n := range gen {
			names = append(names, n)
		}
		for n := range orc {
			if _, ok := gen[n]; !ok {
				names = append(names, n)
			}
		}
		slices.Sort(names)
		if len(line) > 0 {
			fmt.Fprintf(&b, "\nafter %s:\n\t%s", strings.Join(line, " "), gp.FEN())
			if of := op.fen(); of != gp.FEN() {
				fmt.Fprintf(&b, " (the oracle has %s)", of)
			}
			fmt.Fprintf(&b, "\nperft %d: generator %d, oracle %d", depth, gp.Perft(depth), op.perft(depth))
		}
		fmt.Fprintf(&b, "\ndivide %d, move: generator oracle", depth)
		next, setsDiffer := "", false
		for _, n := range names {
			g, inG := gen[n]
			o, inO := oNodes[n]
			switch {
			case !inO:
				fmt.Fprintf(&b, "\n\t%-6s %9d         -  <- not a legal move", n, g.Nodes)
				setsDiffer = true
			case !inG:
				fmt.Fprintf(&b, "\n\t%-6s         - %9d  <- missing from the generator", n, o)
				setsDiffer = true
			case g.Nodes != o:
				fmt.Fprintf(&b, "\n\t%-6s %9d %9d  <- differs", n, g.Nodes, o)
				if next == "" {
					next = n
				}
			default:
				fmt.Fprintf(&b, "\n\t%-6s %9d %9d", n, g.Nodes, o)
			}
		}
		if setsDiffer || next == "" || depth == 1 {
			if !setsDiffer && next == "" {
				b.WriteString("\nthe divide agrees move by move: the generator's counting and listing disagree")
			}
			return b.String()
		}
		line = append(line, next)
		g := gp
		g.PlayUnchecked(gen[next].Move)
		o := op.make(orc[next])
		gp, op = g, &o
		depth--
	}
}
