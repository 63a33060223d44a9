package pgn_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/symmagic/attacks/movegen"
	"github.com/symmagic/attacks/pgn"
)

// The reference readings: for each PGN file F of testdata, its games as
// pgn-extract (Debian's package, 19.04) and chess.js (1.4.0) read them,
// in testdata/ref/F.pgnextract.jsonl and F.chessjs.jsonl (gzipped, .gz,
// for the large file), one JSON object a game in file order.
// testdata/README.md says where the files come from and how the readings
// were made; the scripts that make them are in testdata/ref.

// refGame is a game as a reference program reads it.
type refGame struct {
	Tags   [][2]string `json:"tags"`
	UCI    []string    `json:"uci"`
	Result string      `json:"result"`
	Error  string      `json:"error"`
	Line   int         `json:"line"` // the game's first line in the file
}

// ourGame is a game as Read reads it: the main line in UCI, castling as
// the king's two-square step (as both references write it, in Chess960
// too).
type ourGame struct {
	tags   []pgn.Tag
	uci    []string
	result string
	err    error
}

// refNames are the reference programs, as the JSONL files name them.
var refNames = []string{"pgnextract", "chessjs"}

// A refDiff is a game where the reader and a reference differ for a
// known reason, who is right said in why. kind is what differs:
//
//   - "ours rejects": Read returns an error, the reference reads the game;
//   - "ref rejects": the reference rejects the game, Read reads it;
//   - "ref warns": the reference complains about the game but reads it as
//     Read does;
//   - "games": where the reference reads one game (its game game), Read
//     reads several, its games first to last (all numbered from 1): the
//     reference's game is compared with the union of Read's (their tags
//     in order, the last one's moves and result, an error if any has
//     one), and must agree with it;
//   - "tags", "uci", "result": both read the game, and this is the first
//     that differs (tags, then the main line, then the result).
//
// Every listed difference must be seen, and no other.
type refDiff struct {
	file, ref   string
	game        int // the reference's game, from 1
	kind        string
	first, last int // for "games": Read's games
	why         string
}

// The reasons of the differences, who is right said, the PGN standard's
// sections named (Standard: Portable Game Notation Specification and
// Implementation Guide, 1994.03.12).
const (
	whyNoMarker = "the game runs to the end of the file without a termination marker: pgn-extract 19.04 " +
		"drops it (\"Missing result\", no game written); the standard asks for the marker (8.2.6), " +
		"Read and chess.js end the game at the end of the input, its result the Result tag's"
	whyTagsAlone = "tag pairs alone at the end of the file, no movetext and no marker: pgn-extract 19.04 writes no game; " +
		"Read and chess.js read a game without moves"
	whyEmptyBody = "a game of tag pairs alone (Result \"?\", no movetext, no marker), a blank line, then the next game's tag pairs: " +
		"Read reads two games (a blank line, then a tag pair whose name the game has, ends a game of tags alone); pgn-extract and chess.js read one, " +
		"the second game's tags replacing the first's. The standard has neither a game without a marker (8.2.6) " +
		"nor a tag name twice in a game (8.1): Read's reading is what the writer meant (two games of two Events)"
	whySetUpNoFEN = "[SetUp \"1\"] without a FEN tag: pgn-extract rejects the game (\"Missing FEN Tag to accompany SetUp Tag\"), " +
		"as the standard asks for the FEN tag with SetUp 1 (9.7.1); Read and chess.js read it from the standard start " +
		"(the game has no moves)"
	whyMarkerNoMoves = "a game without moves whose Result tag (0-1) differs from its termination marker: pgn-extract 19.04 " +
		"drops the marker of a game without moves and writes the Result tag's value; Read and chess.js give the marker, " +
		"which the standard makes the game's result (8.2.6)"
	whyResultTag = "the Result tag differs from the termination marker: pgn-extract says so (\"Inconsistent result strings\") " +
		"and reads the game as Read does; the standard says they match (8.1.1.7, 8.2.6), Read does not check " +
		"(its Result is the marker, the tag kept as written)"
	whyResultBoard = "the result contradicts the final position (checkmate, stalemate): pgn-extract warns " +
		"and reads the game as Read does; Read does not judge results"
	whyEscapedQuote = `a tag value with escaped quotes (\", section 7): chess.js knows no escapes and fails on the value`
	whyComments     = "two comments in a row ({...} {...}): chess.js's grammar takes one comment after a move; " +
		"PGN allows any number (section 5)"
	whyNAGComment = "a NAG after a comment: chess.js's grammar takes NAGs only before a move's comment; PGN allows it (8.2.4)"
	whyRAVComment = "a variation after a comment: chess.js's grammar takes a variation only before a move's comment; " +
		"PGN allows it (8.2.5)"
	whyNull = "a null move (--, as ChessBase writes it): not in the standard; chess.js 1.4.0 rejects it, " +
		"Read and pgn-extract (with --allownullmoves) read it"
	whyZ0  = "a null move (Z0, as some programs write it): not in the standard; chess.js rejects it, Read and pgn-extract read it"
	why960 = "Chess960 castling (O-O, the king and the rook not on their standard squares): chess.js knows no Chess960; " +
		"Read and pgn-extract read the game"
	whyNAGFirst = "a NAG before the first move of a variation (($142 38... b5), as Chess Informant writes \"better is\": " +
		"the standard's formal syntax (section 18) allows a NAG anywhere in an element sequence, a variation's start included; " +
		"pgn-extract (\"Missing move list in variation\") and chess.js reject the game, Read reads it (the NAG is the move's)"
	whyBOM = "a UTF-8 byte-order mark before the first tag pair: chess.js does not skip it; Read and pgn-extract do"
	whyBR  = "not PGN: tag pairs and moves on one line between HTML <br /> tags: Read passes over the <, br, / and > " +
		"(and a tag name with ?) as warnings, as python-chess passes over what is no move, and reads the game to its marker; " +
		"pgn-extract loses its way in it (\"Failed to make move 1. Re4+\"), chess.js stops at the first <"
	whyEscapeRepaired = `[Event "Tournament \"]: \" is an escaped quote (section 7), so the value is not closed; ` +
		`Read reads it to the line's last quote (Tournament \, a warning), as python-chess and chess.js do; ` +
		`pgn-extract complains and keeps Tournament \"`
	whyUnescapedQuotes = `[Event "Tournament "Championship" Finals"]: quotes inside a value not escaped (section 7): ` +
		"Read reads the value to the line's last quote, a warning, as python-chess does; pgn-extract and chess.js lose their way in the line"
	whyCorrupted = "a corrupted move (Kxrc=0) as the game's last word: Read passes over a word that names no square as a warning, " +
		"as python-chess does, and reads the game to its marker; pgn-extract drops the game (\"Unknown move text Kx\"), " +
		"chess.js reads the moves before it and complains"
	whyVariant = "a lichess variant game (Variant \"Antichess\" or \"Crazyhouse\"): Read plays it by the variant's rules, " +
		"as python-chess does (TestVariantPython compares them); pgn-extract and chess.js play standard chess and reject " +
		"(or warn of) its first move that standard chess does not allow"
	whyNestedBrace = "a { inside a comment: the comment ends at the first } (section 8.2.5), and the words after it are no moves: " +
		"Read passes over them and the stray } as warnings, as python-chess does, and reads the game; " +
		"pgn-extract (without --nestedcomment) and chess.js reject it"
)

// refDiffs lists every difference between Read and a reference.
var refDiffs = []refDiff{
	{"chessjs__0.pgn", "pgnextract", 1, "ref rejects", 0, 0, whyBR},
	{"chessjs__0.pgn", "chessjs", 1, "ref rejects", 0, 0, whyBR},
	{"disservin__backslash_header.pgn", "pgnextract", 1, "ref rejects", 0, 0, whyEscapeRepaired},
	{"disservin__corrupted.pgn", "pgnextract", 1, "ref rejects", 0, 0, whyCorrupted},
	{"disservin__corrupted.pgn", "chessjs", 1, "ref warns", 0, 0, whyCorrupted},
	{"disservin__unescaped_quote_header.pgn", "pgnextract", 1, "ref rejects", 0, 0, whyUnescapedQuotes},
	{"disservin__unescaped_quote_header.pgn", "chessjs", 1, "ref rejects", 0, 0, whyUnescapedQuotes},
	{"pgnextract__nested-comment.pgn", "pgnextract", 1, "ref rejects", 0, 0, whyNestedBrace},
	{"pgnextract__nested-comment.pgn", "chessjs", 1, "ref rejects", 0, 0, whyNestedBrace},
	{"disservin__castling.pgn", "pgnextract", 1, "ref rejects", 0, 0, whyNoMarker},
	{"disservin__comment_before_moves.pgn", "chessjs", 1, "ref rejects", 0, 0, whyComments},
	{"disservin__empty_body.pgn", "pgnextract", 1, "games", 1, 2, whyEmptyBody},
	{"disservin__empty_body.pgn", "chessjs", 1, "games", 1, 2, whyEmptyBody},
	{"disservin__newline.pgn", "pgnextract", 1, "ref rejects", 0, 0, whyNoMarker},
	{"disservin__no_moves.pgn", "pgnextract", 1, "ref rejects", 0, 0, whyTagsAlone},
	{"disservin__no_moves_but_comment_followed_by_termination_marker.pgn", "pgnextract", 1, "ref rejects", 0, 0, whySetUpNoFEN},
	{"disservin__no_moves_but_comment_followed_by_termination_marker.pgn", "pgnextract", 2, "ref rejects", 0, 0, whySetUpNoFEN},
	{"disservin__no_moves_but_game_termination_2.pgn", "pgnextract", 1, "result", 0, 0, whyMarkerNoMoves},
	{"disservin__no_moves_but_game_termination_3.pgn", "pgnextract", 1, "result", 0, 0, whyMarkerNoMoves},
	{"disservin__skip.pgn", "pgnextract", 1, "ref warns", 0, 0, whyResultTag},
	{"disservin__square_bracket_in_header.pgn", "pgnextract", 1, "ref warns", 0, 0, whyResultTag},
	{"disservin__square_bracket_in_header.pgn", "chessjs", 1, "ref rejects", 0, 0, whyEscapedQuote},
	{"disservin__threefold_repetition.pgn", "pgnextract", 1, "ref rejects", 0, 0, whyNoMarker},
	{"notnil__0005.pgn", "chessjs", 1, "ref rejects", 0, 0, whyComments},
	{"notnil__0008.pgn", "pgnextract", 1, "ref rejects", 0, 0, whyNoMarker},
	{"notnil__0009.pgn", "pgnextract", 1, "ref rejects", 0, 0, whyNoMarker},
	{"notnil__0010.pgn", "pgnextract", 1, "ref rejects", 0, 0, whyNoMarker},
	{"pgnextract__odds.pgn", "chessjs", 29, "ref rejects", 0, 0, whyNull},
	{"pgnextract__odds.pgn", "chessjs", 31, "ref rejects", 0, 0, whyNull},
	{"pgnextract__test-allownullmoves.pgn", "chessjs", 1, "ref rejects", 0, 0, whyNull},
	{"pgnextract__test-allownullmoves.pgn", "chessjs", 2, "ref rejects", 0, 0, whyNull},
	{"pgnextract__test-fixresulttags-in.pgn", "pgnextract", 1, "ref warns", 0, 0, whyResultBoard},
	{"pgnextract__test-fixresulttags-in.pgn", "pgnextract", 2, "ref warns", 0, 0, whyResultBoard},
	{"pgnextract__test-fixresulttags-in.pgn", "pgnextract", 3, "ref warns", 0, 0, whyResultBoard},
	{"pgnextract__test-fixresulttags-in.pgn", "pgnextract", 4, "ref warns", 0, 0, whyResultBoard},
	{"pgnextract__test-fixresulttags-in.pgn", "pgnextract", 5, "ref warns", 0, 0, whyResultBoard},
	{"pgnextract__test-nagcomments.pgn", "chessjs", 1, "ref rejects", 0, 0, whyNAGComment},
	{"pgnextract__test-nobadresults.pgn", "pgnextract", 4, "ref warns", 0, 0, whyResultTag},
	{"pgnextract__test-nobadresults.pgn", "pgnextract", 5, "ref warns", 0, 0, whyResultTag},
	{"pgnextract__test-nobadresults.pgn", "pgnextract", 6, "ref warns", 0, 0, whyResultTag},
	{"pgnextract__test-nobadresults.pgn", "pgnextract", 7, "ref warns", 0, 0, whyResultTag},
	{"pgnextract__test-nobadresults.pgn", "pgnextract", 8, "ref warns", 0, 0, whyResultTag},
	{"pgnextract__test-nobadresults.pgn", "pgnextract", 9, "ref warns", 0, 0, whyResultTag},
	{"pgnextract__test-splitvariants.pgn", "chessjs", 1, "ref rejects", 0, 0, whyRAVComment},
	{"pgnnet__chess-informant-sample.pgn", "pgnextract", 1, "ref rejects", 0, 0, whyNAGFirst},
	{"pgnnet__chess-informant-sample.pgn", "pgnextract", 2, "ref rejects", 0, 0, whyNAGFirst},
	{"pgnnet__chess-informant-sample.pgn", "pgnextract", 3, "ref rejects", 0, 0, whyNAGFirst},
	{"pgnnet__chess-informant-sample.pgn", "pgnextract", 4, "ref rejects", 0, 0, whyNAGFirst},
	{"pgnnet__chess-informant-sample.pgn", "chessjs", 1, "ref rejects", 0, 0, whyNAGFirst},
	{"pgnnet__chess-informant-sample.pgn", "chessjs", 2, "ref rejects", 0, 0, whyNAGFirst},
	{"pgnnet__chess-informant-sample.pgn", "chessjs", 3, "ref rejects", 0, 0, whyNAGFirst},
	{"pgnnet__chess-informant-sample.pgn", "chessjs", 4, "ref rejects", 0, 0, whyNAGFirst},
	{"pgnnet__tilb98r2.pgn", "chessjs", 2, "ref rejects", 0, 0, whyComments},
	{"pgnnet__time-annotated-games.pgn", "chessjs", 1, "ref rejects", 0, 0, whyComments},
	{"pgnnet__time-annotated-games.pgn", "chessjs", 2, "ref rejects", 0, 0, whyComments},
	{"pgnnet__time-annotated-games.pgn", "chessjs", 3, "ref rejects", 0, 0, whyComments},
	{"pgnnet__time-annotated-games.pgn", "chessjs", 4, "ref rejects", 0, 0, whyComments},
	{"pythonchess__anastasian-lewis.pgn", "chessjs", 1, "ref rejects", 0, 0, whyZ0},
	{"pythonchess__cutechess-fischerrandom.pgn", "chessjs", 1, "ref rejects", 0, 0, why960},
	{"pythonchess__cutechess-fischerrandom.pgn", "chessjs", 4, "ref rejects", 0, 0, why960},
	{"pythonchess__utf8-bom.pgn", "chessjs", 1, "ref rejects", 0, 0, whyBOM},
	{"pythonchess__antichess-programfox.pgn", "pgnextract", 1, "ref rejects", 0, 0, whyVariant},
	{"pythonchess__antichess-programfox.pgn", "pgnextract", 2, "ref rejects", 0, 0, whyVariant},
	{"pythonchess__antichess-programfox.pgn", "chessjs", 1, "ref rejects", 0, 0, whyVariant},
	{"pythonchess__antichess-programfox.pgn", "chessjs", 2, "ref rejects", 0, 0, whyVariant},
	{"pythonchess__knightvuillaume-jannlee-zh-lichess.pgn", "pgnextract", 1, "ref warns", 0, 0, whyVariant},
	{"pythonchess__knightvuillaume-jannlee-zh-lichess.pgn", "chessjs", 1, "ref rejects", 0, 0, whyVariant},
	{"pythonchess__saturs-jannlee-zh-lichess.pgn", "pgnextract", 1, "ref warns", 0, 0, whyVariant},
	{"pythonchess__saturs-jannlee-zh-lichess.pgn", "chessjs", 1, "ref rejects", 0, 0, whyVariant},
}

// TestReference compares Read, game by game, with pgn-extract's and
// chess.js's readings of the files of testdata: the same games, the same
// verdict (an error or none), and for a game read by both the same tags,
// main line and result. Read with SkipVariations must give the same main
// lines.
func TestReference(t *testing.T) {
	files, err := filepath.Glob("testdata/*.pgn")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files: %v", err)
	}
	seen := map[*refDiff]bool{}
	for _, path := range files {
		name := filepath.Base(path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		ours := readOurs(t, name, data, false)
		skipped := readOurs(t, name, data, true)
		checkSkipVariations(t, name, ours, skipped)
		checkCRLF(t, name, data)
		latin1 := !utf8.Valid(data)
		moves, bad := 0, 0
		for _, g := range ours {
			moves += len(g.uci)
			if g.err != nil {
				bad++
			}
		}
		msg := fmt.Sprintf("%s: Read: %d games, %d moves, %d errors", name, len(ours), moves, bad)
		for _, ref := range refNames {
			refs := loadRef(t, filepath.Join("testdata", "ref", name+"."+ref+".jsonl"))
			c := compareRef(t, name, ref, ours, refs, latin1, seen)
			msg += fmt.Sprintf("; %s: %d games, %d agree (%d errors agreed), %d listed", ref, len(refs), c.agree, c.errorsAgreed, c.listed)
		}
		t.Log(msg)
	}
	for i := range refDiffs {
		if d := &refDiffs[i]; !seen[d] {
			t.Errorf("%s: %s game %d: the listed difference (%s: %s) is not seen", d.file, d.ref, d.game, d.kind, d.why)
		}
	}
}

// readOurs reads every game of data, the file name's.
func readOurs(t *testing.T, name string, data []byte, skip bool) []ourGame {
	t.Helper()
	games, errs := readAll(t, string(data), skip)
	ours := make([]ourGame, len(games))
	for i, g := range games {
		ours[i] = ourOf(g, errs[i])
	}
	return ours
}

// ourOf is g as the comparisons see it: its tags, its main line (castling
// as kingStepUCI writes it), its result, and err, Read's error.
func ourOf(g *pgn.Game, err error) ourGame {
	start := g.Start()
	var uci []string
	for _, m := range g.Mainline(nil) {
		uci = append(uci, kingStepUCI(m, start.Chess960()))
	}
	return ourGame{tags: g.Tags, uci: uci, result: g.Result, err: err}
}

// kingStepUCI writes m in UCI, a castling move of Chess960 as the king's
// step from its square to where it lands (e1g1), as standard chess writes
// it.
func kingStepUCI(m movegen.Move, chess960 bool) string {
	if !chess960 || !m.IsCastle() {
		return m.String()
	}
	king, _ := m.CastlingSquares()
	return m.From().String() + king.String()
}

// checkSkipVariations checks that Read with SkipVariations reads the same
// games as without: the same tags, main lines and results, and the same
// errors but for faults inside variations, which it does not read.
func checkSkipVariations(t *testing.T, name string, ours, skipped []ourGame) {
	t.Helper()
	if len(ours) != len(skipped) {
		t.Errorf("%s: %d games, %d with SkipVariations", name, len(ours), len(skipped))
		return
	}
	for i, g := range ours {
		s := skipped[i]
		if g.err != nil {
			if s.err == nil {
				continue // a fault inside a variation
			}
			if g.err.Error() != s.err.Error() {
				t.Errorf("%s: game %d: error %q, with SkipVariations %q", name, i+1, g.err, s.err)
			}
			continue
		}
		if s.err != nil {
			t.Errorf("%s: game %d: with SkipVariations: %v", name, i+1, s.err)
			continue
		}
		if !slices.Equal(g.tags, s.tags) || !slices.Equal(g.uci, s.uci) || g.result != s.result {
			t.Errorf("%s: game %d: SkipVariations reads another game", name, i+1)
		}
	}
}

// checkCRLF checks that the file with CRLF line ends (no file here has
// them) reads as with LF: the same games, each the same in every part
// (tags, start, moves, variations, comments, NAGs, result), and the same
// errors, their lines and columns too.
func checkCRLF(t *testing.T, name string, data []byte) {
	t.Helper()
	if bytes.Contains(data, []byte("\r")) {
		return // a file with CRs of its own
	}
	lf, lfErrs := readAll(t, string(data), false)
	crlf, crlfErrs := readAll(t, string(bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))), false)
	if len(lf) != len(crlf) {
		t.Errorf("%s: %d games, with CRLF line ends %d", name, len(lf), len(crlf))
		return
	}
	for i := range lf {
		if fmt.Sprint(lfErrs[i]) != fmt.Sprint(crlfErrs[i]) || describe(lf[i]) != describe(crlf[i]) {
			t.Errorf("%s: game %d reads otherwise with CRLF line ends:\n%v\n%s\nwith CRLF\n%v\n%s",
				name, i+1, lfErrs[i], describe(lf[i]), crlfErrs[i], describe(crlf[i]))
		}
	}
}

// loadRef reads a reference's JSONL file, or its gzipped form
// (path.gz), kept for a large file.
func loadRef(t *testing.T, path string) []refGame {
	t.Helper()
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		data, err = readTestFile(t, path+".gz"), nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var games []refGame
	if len(data) == 0 {
		return nil // a file without games
	}
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		var g refGame
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatalf("%s: line %d: %v", path, i+1, err)
		}
		games = append(games, g)
	}
	return games
}

// refCounts are the counts of one comparison.
type refCounts struct{ agree, errorsAgreed, listed int }

// compareRef compares Read's games of a file with a reference's.
func compareRef(t *testing.T, name, ref string, ours []ourGame, refs []refGame, latin1 bool, seen map[*refDiff]bool) refCounts {
	t.Helper()
	var c refCounts
	// The listed differences of this file and reference, by game.
	listed := map[int]*refDiff{}
	for i := range refDiffs {
		if d := &refDiffs[i]; d.file == name && d.ref == ref {
			listed[d.game] = d
		}
	}
	i := 0 // the next of ours
	for k, rg := range refs {
		n := k + 1
		d := listed[n]
		if i >= len(ours) {
			t.Errorf("%s: %s reads %d games, Read %d", name, ref, len(refs), len(ours))
			return c
		}
		og := ours[i]
		if d != nil && d.kind == "games" {
			if d.first != i+1 || d.last > len(ours) {
				t.Errorf("%s: %s game %d: listed as Read's games %d to %d, but it is Read's game %d", name, ref, n, d.first, d.last, i+1)
				return c
			}
			og = union(ours[d.first-1 : d.last])
			i = d.last
		} else {
			i++
		}
		if latin1 {
			og = toUTF8(og)
		}
		kind := differs(ref, og, rg)
		switch {
		case d == nil && kind == "":
			c.agree++
			if og.err != nil {
				c.errorsAgreed++
			}
		case d == nil:
			t.Errorf("%s: %s game %d (line %d): %s\n%s", name, ref, n, rg.Line, kind, explain(ref, og, rg))
		case d.kind == "games" && kind == "" || d.kind == kind:
			seen[d] = true
			c.listed++
		default:
			seen[d] = true
			t.Errorf("%s: %s game %d (line %d): listed as %q, but %s\n%s", name, ref, n, rg.Line, d.kind, orNothing(kind), explain(ref, og, rg))
		}
	}
	if i != len(ours) {
		t.Errorf("%s: %s reads %d games, Read %d", name, ref, len(refs), len(ours))
	}
	return c
}

func orNothing(kind string) string {
	if kind == "" {
		return "they agree"
	}
	return "the difference is " + kind
}

// union makes one game of Read's games gs: their tags in order, the last
// one's moves and result, the first error.
func union(gs []ourGame) ourGame {
	var u ourGame
	for _, g := range gs {
		u.tags = append(u.tags, g.tags...)
		u.uci, u.result = g.uci, g.result
		if u.err == nil {
			u.err = g.err
		}
	}
	return u
}

// toUTF8 turns the tags of a game read from a file that is not UTF-8 from
// Latin-1 into UTF-8, as the references' scripts read such a file.
func toUTF8(g ourGame) ourGame {
	conv := func(s string) string {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			b.WriteRune(rune(s[i]))
		}
		return b.String()
	}
	tags := make([]pgn.Tag, len(g.tags))
	for i, tg := range g.tags {
		tags[i] = pgn.Tag{Name: conv(tg.Name), Value: conv(tg.Value)}
	}
	g.tags = tags
	return g
}

// differs returns what differs between Read's game og and the reference's
// rg: "" for nothing, "ours rejects", "ref rejects", "ref warns", "tags",
// "uci" or "result" (the first that differs, in this order).
func differs(ref string, og ourGame, rg refGame) string {
	switch {
	case og.err != nil && rg.Error == "":
		return "ours rejects"
	case og.err == nil && rg.Error != "":
		if sameGame(ref, og, rg) == "" {
			return "ref warns"
		}
		return "ref rejects"
	case og.err != nil:
		return "" // both reject
	}
	return sameGame(ref, og, rg)
}

// sameGame returns what differs between the tags, main lines and results
// of og and rg: "", "tags", "uci" or "result".
func sameGame(ref string, og ourGame, rg refGame) string {
	switch {
	case !slices.Equal(expectTags(ref, og), refTags(ref, rg)):
		return "tags"
	case !slices.Equal(og.uci, rg.UCI):
		return "uci"
	case og.result != rg.Result:
		return "result"
	}
	return ""
}

// explain writes both readings of a game.
func explain(ref string, og ourGame, rg refGame) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\tRead:  err %v\n\t       tags %q\n\t       uci %s\n\t       result %s\n", og.err, expectTags(ref, og), strings.Join(og.uci, " "), og.result)
	fmt.Fprintf(&b, "\t%s: error %q\n\t       tags %q\n\t       uci %s\n\t       result %s", ref, rg.Error, refTags(ref, rg), strings.Join(rg.UCI, " "), rg.Result)
	return b.String()
}

// The Seven Tag Roster, and the value a program writes for one missing.
var sevenTagRoster = [7][2]string{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "?"},
}

// expectTags returns the tags the reference is expected to give for Read's
// game og: Read's tags as the reference writes them.
//
// pgn-extract (output.c, show_tags) writes the Seven Tag Roster first, in
// its order, "?" ("????.??.??" for Date) for one missing; the others after
// it in its own order, so they are compared sorted by name. A tag given
// twice keeps its last value (grammar.c, parse_tag). A Result tag missing,
// empty or "?" takes the termination marker's value, and "1/2" is
// "1/2-1/2" (grammar.c, check_result). A FEN tag without a SetUp tag gains
// [SetUp "1"] (grammar.c, consistent_FEN_tags).
//
// chess.js's getHeaders gives the Seven Tag Roster first ("?" for one
// missing, "*" for Result), then the tags of its HEADER_TEMPLATE in that
// order, then the others in the order of the file; a tag given twice keeps
// its first place and its last value. loadPgn sets Result to the
// termination marker, and a FEN tag's position sets SetUp to "1" and FEN to
// the FEN with its missing fields filled in (neither when it is the
// standard start).
func expectTags(ref string, og ourGame) [][2]string {
	// The last value of each name, in the order of first appearance.
	var names []string
	last := map[string]string{}
	for _, tg := range og.tags {
		if _, ok := last[tg.Name]; !ok {
			names = append(names, tg.Name)
		}
		last[tg.Name] = tg.Value
	}
	var tags [][2]string
	if ref == "pgnextract" {
		if _, ok := last["FEN"]; ok {
			if _, ok := last["SetUp"]; !ok {
				names = append(names, "SetUp")
				last["SetUp"] = "1"
			}
		}
		for _, s := range sevenTagRoster {
			v, ok := last[s[0]]
			if !ok {
				v = s[1]
			}
			if s[0] == "Result" {
				if v == "1/2" {
					v = "1/2-1/2"
				}
				if v == "" || v == "?" {
					v = og.result
				}
			}
			tags = append(tags, [2]string{s[0], v})
			delete(last, s[0])
		}
		var rest [][2]string
		for _, n := range names {
			if v, ok := last[n]; ok {
				rest = append(rest, [2]string{n, v})
			}
		}
		sortByName(rest)
		return append(tags, rest...)
	}
	// chess.js.
	if fen, ok := last["FEN"]; ok {
		if f := strings.Fields(fen); len(f) >= 2 && len(f) < 6 {
			fen = strings.Join(append(f, []string{"-", "-", "0", "1"}[len(f)-2:]...), " ")
		}
		if fen == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" {
			delete(last, "FEN")
			delete(last, "SetUp")
		} else {
			last["FEN"], last["SetUp"] = fen, "1"
		}
	}
	last["Result"] = og.result
	for _, s := range sevenTagRoster {
		if _, ok := last[s[0]]; !ok {
			last[s[0]] = s[1]
		}
	}
	for _, n := range chessjsTemplate {
		if v, ok := last[n]; ok {
			tags = append(tags, [2]string{n, v})
			delete(last, n)
		}
	}
	for _, n := range names {
		if v, ok := last[n]; ok {
			tags = append(tags, [2]string{n, v})
		}
	}
	return tags
}

// chessjsTemplate is chess.js's HEADER_TEMPLATE: the order of the tags it
// knows.
var chessjsTemplate = []string{
	"Event", "Site", "Date", "Round", "White", "Black", "Result",
	"WhiteTitle", "BlackTitle", "WhiteElo", "BlackElo", "WhiteUSCF", "BlackUSCF",
	"WhiteNA", "BlackNA", "WhiteType", "BlackType", "EventDate", "EventSponsor",
	"Section", "Stage", "Board", "Opening", "Variation", "SubVariation", "ECO",
	"NIC", "Time", "UTCTime", "UTCDate", "TimeControl", "SetUp", "FEN",
	"Termination", "Annotator", "Mode", "PlyCount",
}

// refTags returns the reference's tags of rg in the form expectTags gives:
// pgn-extract's values unescaped (it keeps them as the file writes them,
// \" and \\ included) and its tags after the Seven Tag Roster sorted by
// name.
func refTags(ref string, rg refGame) [][2]string {
	if ref != "pgnextract" {
		return rg.Tags
	}
	tags := make([][2]string, len(rg.Tags))
	for i, tg := range rg.Tags {
		v := tg[1]
		if strings.Contains(v, `\`) {
			v = strings.NewReplacer(`\\`, `\`, `\"`, `"`).Replace(v)
		}
		tags[i] = [2]string{tg[0], v}
	}
	if len(tags) > 7 {
		sortByName(tags[7:])
	}
	return tags
}

func sortByName(tags [][2]string) {
	sort.SliceStable(tags, func(i, j int) bool { return tags[i][0] < tags[j][0] })
}
