package pgn_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/symmagic/attacks/pgn"
	"github.com/symmagic/attacks/variant"
)

// pgnExtract returns the path of pgn-extract, or skips the test where it is
// not installed, unless PGN_EXTRACT=required (as CI sets it after
// installing it), which makes its absence a failure.
func pgnExtract(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"pgn-extract", "/usr/games/pgn-extract"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("PGN_EXTRACT") == "required" {
		t.Fatal("pgn-extract is not installed, and PGN_EXTRACT=required")
	}
	t.Skip("pgn-extract is not installed (Debian: apt-get install pgn-extract); CI runs this test with it")
	return ""
}

// TestWrittenReadByPGNExtract writes every game Read reads from the test
// files (the lichess file's thousand games with their comments and
// variations too) with Writer, and has pgn-extract read what it wrote: it
// must read every game without a complaint, the same main line move for
// move and the same tags (the Seven Tag Roster as written, the others as a
// set: pgn-extract orders them its own way).
func TestWrittenReadByPGNExtract(t *testing.T) {
	if testing.Short() && os.Getenv("PGN_EXTRACT") != "required" {
		t.Skip("-short: pgn-extract's reading of every written game takes seconds; CI runs it with PGN_EXTRACT=required")
	}
	bin := pgnExtract(t)
	files, err := filepath.Glob("testdata/*.pgn")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, "testdata/corentings__lichess-big.pgn.gz")
	dir := t.TempDir()
	total, moves := 0, 0
	for _, path := range files {
		name := filepath.Base(path)
		var written bytes.Buffer
		w := pgn.NewWriter(&written)
		var want []ourGame
		inconsistent := 0 // games whose Result tag and marker differ, as read
		games, errs := readAll(t, string(readTestFile(t, path)), false)
		for i, g := range games {
			if errs[i] != nil || g.Variant() != variant.NoVariant {
				continue // a game Read rejects, or a variant's, which pgn-extract does not play: nothing to write
			}
			if err := w.Write(g); err != nil {
				t.Fatal(err)
			}
			// The tags as written: the export format's.
			back, backErrs := readAll(t, g.String(), false)
			if len(back) != 1 || backErrs[0] != nil {
				t.Fatalf("%s: a game written does not read back: %v", name, backErrs)
			}
			o := ourOf(g, nil)
			o.tags = back[0].Tags
			// pgn-extract's reading: a Result tag missing, "?" or empty
			// takes the marker's value (grammar.c, check_result), and a
			// game without moves the Result tag's.
			for i := range o.tags {
				if o.tags[i].Name == "Result" {
					if v := o.tags[i].Value; v == "?" || v == "" {
						o.tags[i].Value = o.result
					} else if len(o.uci) == 0 && v != o.result {
						o.result = v
					}
				}
			}
			if tag, ok := g.Tag("Result"); ok && tag != g.Result {
				inconsistent++
			}
			want = append(want, o)
		}
		if len(want) == 0 {
			continue
		}
		in := filepath.Join(dir, "in.pgn")
		logf := filepath.Join(dir, "log.txt")
		if err := os.WriteFile(in, written.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		os.Remove(logf)
		out, err := exec.Command(bin, "-s", "--quiet", "--allownullmoves", "-Wuci", "--novars", "--nocomments",
			"--nonags", "-w", "100000", "-l", logf, in).Output()
		if err != nil {
			t.Fatalf("%s: pgn-extract: %v", name, err)
		}
		if log, _ := os.ReadFile(logf); len(bytes.TrimSpace(log)) > 0 {
			// A result the board contradicts, and a Result tag other
			// than the termination marker, are the game's, kept as
			// read (pgn-extract says the same of the file itself):
			// anything else is a complaint about what Writer wrote.
			bad := bytes.Count(log, []byte("Inconsistent result strings"))
			n := bytes.Count(log, []byte("Warning: Result of ")) + bad
			if n == 0 || bytes.Count(log, []byte("File ")) != n || bad > inconsistent {
				t.Errorf("%s: pgn-extract complains of what Writer wrote:\n%s", name, log)
			}
		}
		got := parseUCIOutput(string(out))
		if len(got) != len(want) {
			t.Errorf("%s: wrote %d games, pgn-extract read %d", name, len(want), len(got))
			continue
		}
		for i := range want {
			if d := compareWritten(want[i], got[i]); d != "" {
				t.Errorf("%s: game %d as written: %s", name, i+1, d)
			}
			moves += len(want[i].uci)
		}
		total += len(want)
	}
	t.Logf("%d games, %d moves written and read back by pgn-extract", total, moves)
}

// parseUCIOutput reads pgn-extract's -Wuci output: tag pairs, then the
// main line's moves in UCI and the result.
func parseUCIOutput(text string) []ourGame {
	var games []ourGame
	var g *ourGame
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case strings.HasPrefix(line, "["):
			if g == nil || len(g.uci) > 0 || g.result != "" {
				games = append(games, ourGame{})
				g = &games[len(games)-1]
			}
			name, value, _ := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(line, "["), "]"), " ")
			value = strings.TrimSuffix(strings.TrimPrefix(value, `"`), `"`)
			value = strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(value)
			g.tags = append(g.tags, pgn.Tag{Name: name, Value: value})
		default:
			if g == nil {
				games = append(games, ourGame{})
				g = &games[len(games)-1]
			}
			for _, w := range strings.Fields(line) {
				switch w {
				case "1-0", "0-1", "1/2-1/2", "*":
					g.result = w
				case "--":
					g.uci = append(g.uci, "0000")
				default:
					g.uci = append(g.uci, strings.ToLower(w))
				}
			}
		}
	}
	return games
}

// compareWritten says how pgn-extract's reading of a written game differs
// from the game, or "".
func compareWritten(want, got ourGame) string {
	if !slices.Equal(want.uci, got.uci) {
		return fmt.Sprintf("main line %v, pgn-extract read %v", want.uci, got.uci)
	}
	if want.result != got.result {
		return fmt.Sprintf("result %s, pgn-extract read %s", want.result, got.result)
	}
	if len(want.tags) < 7 || len(got.tags) < 7 || !slices.Equal(want.tags[:7], got.tags[:7]) {
		return fmt.Sprintf("tags %v, pgn-extract read %v", want.tags, got.tags)
	}
	a := slices.Clone(want.tags[7:])
	b := slices.Clone(got.tags[7:])
	less := func(x, y pgn.Tag) int { return strings.Compare(x.Name+"\x00"+x.Value, y.Name+"\x00"+y.Value) }
	slices.SortFunc(a, less)
	slices.SortFunc(b, less)
	if !slices.Equal(a, b) {
		return fmt.Sprintf("tags %v, pgn-extract read %v", a, b)
	}
	return ""
}
