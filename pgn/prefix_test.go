package pgn_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/symmagic/attacks/pgn"
)

// pyPrefixes is python-chess's reading of every byte prefix of an
// annotated game (testdata/ref/pythonchess.py prefixes:
// testdata/ref/prefixes.pythonchess.json.gz): moves[k] the main-line
// moves of the games read from the game's first k bytes, errors[k] how
// many of them have errors.
type pyPrefixes struct {
	File   string `json:"file"`
	Offset int    `json:"offset"`
	Len    int    `json:"len"`
	Moves  []int  `json:"moves"`
	Errors []int  `json:"errors"`
}

// readLoop reads data with the read loop README and the package's
// documentation show (a game with an error is reported and passed over):
// the main-line moves of the games read without an error, the number of
// errors, and the main-line moves the games hold, broken ones included
// (a broken game holds what was read before its fault).
func readLoop(r *pgn.Reader, g *pgn.Game, data []byte) (moves, errs, held int) {
	r.Reset(bytes.NewReader(data))
	for {
		err := r.Read(g)
		if err == io.EOF {
			return
		}
		n := len(g.Mainline(nil))
		held += n
		if err != nil {
			errs++
			continue
		}
		moves += n
	}
}

// TestPrefixes reads every byte prefix of the annotated games of the
// test files (a game cut off anywhere: in a tag, a move, a comment, a
// variation) with the documented read loop and compares what it keeps
// with python-chess 1.11.2's chess.pgn.read_game loop on the same bytes
// (testdata/ref/prefixes.pythonchess.json.gz, made by
// testdata/ref/pythonchess.py prefixes): on no prefix may pgn keep fewer
// main-line moves than python-chess, or return an error where python-chess
// reads its games without one. Where python-chess's game has errors (the
// cut leaves a move that is not legal: "O-O" of "O-O-O", "c8" of "c8=Q"),
// pgn must return an error too, its game holding as many main-line moves.
func TestPrefixes(t *testing.T) {
	var games []pyPrefixes
	if err := json.Unmarshal(readTestFile(t, "testdata/ref/prefixes.pythonchess.json.gz"), &games); err != nil {
		t.Fatal(err)
	}
	if testing.Short() {
		games = games[3:7]
	}
	type total struct {
		prefixes, ours, theirs, ourErrs, theirErrs, fewer int
		more                                              int // prefixes where pgn keeps more main-line moves
		held, theirsE                                     int // on prefixes where python-chess's games have errors: the moves held, python-chess's
	}
	var sum total
	for _, py := range games {
		t.Run(fmt.Sprintf("%s@%d", py.File, py.Offset), func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", py.File))
			if err != nil {
				t.Fatal(err)
			}
			if py.Offset+py.Len > len(data) || len(py.Moves) != py.Len+1 || len(py.Errors) != py.Len+1 {
				t.Fatalf("the reading does not fit the file")
			}
			game := data[py.Offset : py.Offset+py.Len]
			r := pgn.NewReader(nil)
			var g pgn.Game
			tot := &sum
			for k := 0; k <= len(game); k++ {
				moves, errs, held := readLoop(r, &g, game[:k])
				tot.prefixes++
				tot.ours += moves
				tot.theirs += py.Moves[k]
				if errs > 0 {
					tot.ourErrs++
				}
				bad := errs > 0 || moves < py.Moves[k]
				if py.Errors[k] > 0 {
					tot.theirErrs++
					tot.held += held
					tot.theirsE += py.Moves[k]
					bad = errs == 0 || held < py.Moves[k]
				} else if moves > py.Moves[k] {
					tot.more++
				}
				if bad {
					if tot.fewer++; tot.fewer <= 10 {
						t.Errorf("cut after %d bytes (...%q): pgn keeps %d main-line moves with %d errors (%d held); python-chess %d with %d",
							k, game[max(0, k-20):k], moves, errs, held, py.Moves[k], py.Errors[k])
					}
				}
			}
		})
	}
	t.Logf("%d prefixes of %d games: pgn keeps %d main-line moves and returns an error on %d; python-chess %d, and games with errors on %d",
		sum.prefixes, len(games), sum.ours, sum.ourErrs, sum.theirs, sum.theirErrs)
	t.Logf("pgn keeps more than python-chess on %d prefixes; where python-chess's games have errors, they hold %d main-line moves, pgn's broken games %d",
		sum.more, sum.theirsE, sum.held)
	if sum.fewer > 0 {
		t.Errorf("on %d prefixes pgn keeps less than python-chess", sum.fewer)
	}
}
