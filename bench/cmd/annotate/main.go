// Command annotate annotates PGN games with an UCI engine, as a tool author
// would with python-chess (annotate.py beside it does the same job there):
// the ECO and Opening tags of the deepest named position of the main line,
// an [%eval] at every main-line move, a NAG by the drop in the mover's
// winning chances, and the engine's line at each mistake or blunder as a
// variation.
//
//	go run ./cmd/annotate ENGINE NODES < games.pgn > annotated.pgn
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"strconv"

	"github.com/symmagic/attacks/engine"
	"github.com/symmagic/attacks/opening"
	"github.com/symmagic/attacks/pgn"
)

// drops are the NAGs by the drop in the mover's expected score (wins plus
// half the draws): a blunder ($4), a mistake ($2), a dubious move ($6).
var drops = []struct {
	drop float64
	nag  byte
}{{0.3, 4}, {0.2, 2}, {0.1, 6}}

func main() {
	if len(os.Args) != 3 {
		log.Fatal("usage: annotate ENGINE NODES < games.pgn > annotated.pgn")
	}
	nodes, err := strconv.ParseInt(os.Args[2], 10, 64)
	if err != nil {
		log.Fatal(err)
	}
	if err := run(context.Background(), os.Args[1], nodes, os.Stdin, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, path string, nodes int64, in io.Reader, out io.Writer) error {
	e, err := engine.Start(ctx, engine.Config{Path: path, Options: map[string]string{"Threads": "1", "Hash": "16"}})
	if err != nil {
		return err
	}
	defer e.Close()
	r, w := pgn.NewReader(in), pgn.NewWriter(out)
	var g pgn.Game
	for {
		if err := r.Read(&g); err == io.EOF {
			return nil
		} else if err != nil {
			log.Print(err) // a game that does not read: the next one does
			continue
		}
		if err := nameOpening(&g); err != nil {
			return err
		}
		if err := annotate(ctx, e, &g, engine.Limit{Nodes: nodes}); err != nil {
			return err
		}
		if err := w.Write(&g); err != nil {
			return err
		}
	}
}

// nameOpening sets the ECO and Opening tags to the deepest named position of
// the main line.
func nameOpening(g *pgn.Game) error {
	o, _, found, err := opening.OfGame(g.Start(), g.Mainline(nil))
	if err != nil || !found {
		return err
	}
	return errors.Join(g.SetTag("ECO", o.ECO), g.SetTag("Opening", o.Name))
}

func annotate(ctx context.Context, e *engine.Engine, g *pgn.Game, limit engine.Limit) error {
	if err := e.NewGame(ctx); err != nil {
		return err
	}
	game := engine.Game{Start: g.Start()}
	before, err := e.Analyse(ctx, game, limit)
	if err != nil {
		return err
	}
	for n, p := range g.MainlineNodes() {
		game.Moves = append(game.Moves, g.Move(n))
		after, err := e.Analyse(ctx, game, limit)
		if err != nil {
			return err
		}
		if len(before.Lines) == 0 || len(after.Lines) == 0 {
			return fmt.Errorf("annotate: %s gave no score", e.Name())
		}
		b, a := before.Lines[0], after.Lines[0]
		if a.Depth > 0 { // a position with no move is not searched
			g.SetScore(n, a.Score, a.Depth)
		}
		mover := p.Side().Other()
		drop := b.ScoreFor(mover).WDL(p.Ply()-1).Expectation() - a.ScoreFor(mover).WDL(p.Ply()).Expectation()
		for _, d := range drops {
			if drop >= d.drop {
				g.AddNAG(n, d.nag)
				if d.nag != 6 && len(b.PV) > 0 && b.PV[0] != g.Move(n) {
					if _, err := g.AddLine(g.Parent(n), b.PV); err != nil {
						return err
					}
				}
				break
			}
		}
		before = after
	}
	return nil
}
