// Command modegen writes bench/perft's slider modes: for each technique a
// copy of the library's move generator (internal/board) in which slider.go,
// the one file that knows how rook and bishop attacks are found, is the
// technique's, and a copy of bench/perft's search (bench/perft/search)
// that runs on it. So every mode is the very generator package movegen
// runs, differing from the others in its lookups alone, each lookup
// inlined into its copy as the library's is into the library's (the
// benchmarks compare the lookups, not a dispatch; TestCompiledLookups
// checks the compiled code, TestModeCopies the copies).
//
// This is how Stockfish and cozy-chess choose a slider technique, at build
// time, and how Go writes a template: a generator, rerun by go generate,
// whose output CI checks by regenerating it.
//
//	go run ../internal/modegen   (from bench/perft, by go generate)
//
// It writes bench/perft/internal/MODE/board and .../MODE/search for each
// mode, into a new directory that replaces bench/perft/internal whole
// once every file is written: a failure leaves the old copies as they were.
package main

import (
	"bytes"
	"embed"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/template"
)

// Mode is one slider mode: its lookups, written into its copy of
// slider.go.
type Mode struct {
	Name string // the mode's name, and its directory under bench/perft/internal
	// Template names the slider.go template (templates/*.tmpl): "" for
	// internal/board's own slider.go, "occ" for the W lookups on an
	// Occupancy made once per node, "bitboard" for lookups of a standard
	// occupancy, whose functions Rook and Bishop name.
	Template     string
	Doc          string // what the mode looks up, for slider.go's comment
	Import       string // the package of Rook and Bishop
	Rook, Bishop string // bitboard: the lookups, func(sq int, occ uint64) uint64
	// Small leaves out the room a mode that keeps no Occupancy holds for
	// one (templates/nokeep.tmpl): the layout variant.
	Small bool
}

// Modes are the modes bench/perft runs: the three ways to adopt package
// attacks and the field's techniques it is measured against.
var Modes = []Mode{
	{Name: "w", Doc: "the W lookups of an attacks.Occupancy that the position keeps and every move updates: internal/board's own slider.go, as movegen runs it"},
	{Name: "occ", Template: "occ", Doc: "the W lookups of an attacks.Occupancy made from the occupancy once per node (attacks.NewOccupancy): package attacks adopted without touching the position"},
	{Name: "std", Template: "bitboard", Doc: "attacks.Rook and attacks.Bishop on the occupancy: the drop-in", Import: "github.com/symmagic/attacks", Rook: "attacks.Rook", Bishop: "attacks.Bishop"},
	{Name: "fancy", Template: "bitboard", Doc: "fancy magic, as Stockfish wrote it until 2026 (bench/ref's yardstick.go)", Import: refPath, Rook: "ref.FancyRook", Bishop: "ref.FancyBishop"},
	{Name: "plain", Template: "bitboard", Doc: "plain magic, fixed shifts 12 and 9 (bench/ref's yardstick.go)", Import: refPath, Rook: "ref.PlainRook", Bishop: "ref.PlainBishop"},
	{Name: "black", Template: "bitboard", Doc: "black magic, fixed shifts and one overlapped array (bench/ref's yardstick.go)", Import: refPath, Rook: "ref.BlackRook", Bishop: "ref.BlackBishop"},
	{Name: "hyperbola", Template: "bitboard", Doc: "hyperbola quintessence, as Stockfish writes it since 2026 (bench/ref's yardstick.go)", Import: refPath, Rook: "ref.HyperbolaRook", Bishop: "ref.HyperbolaBishop"},
	{Name: "kindergarten", Template: "bitboard", Doc: "kindergarten bitboards (bench/ref's yardstick.go)", Import: refPath, Rook: "ref.KindergartenRook", Bishop: "ref.KindergartenBishop"},

	// The variants, which take one technique's lookup a step towards
	// another's, to measure what separates them (bench/cmd/variants).
	{Name: "fancymask", Template: "bitboard", Doc: "variant: fancy magic with its key ANDed with a mask from the record, as the drop-in's rook keys are", Import: refPath, Rook: "ref.FancyMaskRook", Bishop: "ref.FancyMaskBishop"},
	{Name: "byte", Template: "bitboard", Doc: "variant: the per-square byte lookup, fancy magic's keys (the mask's width, a shift per square) through a byte index to the square's attack sets: the W system's two dependent loads without its sharing (bench/ref's squarebyte.go)", Import: refPath, Rook: "ref.SquareByteRook", Bishop: "ref.SquareByteBishop"},
	{Name: "stdsmall", Template: "bitboard", Small: true, Doc: "variant: std with a Position 16 bytes smaller, holding no room for an Occupancy", Import: "github.com/symmagic/attacks", Rook: "attacks.Rook", Bishop: "attacks.Bishop"},
}

const (
	refPath    = "github.com/symmagic/attacks/bench/ref"
	boardPath  = "github.com/symmagic/attacks/internal/board"
	modesPath  = "github.com/symmagic/attacks/bench/perft/internal"
	sliderFile = "slider.go"
)

//go:embed templates/*.tmpl
var templates embed.FS

func main() {
	board := flag.String("board", "../../internal/board", "internal/board's directory")
	search := flag.String("search", "search", "bench/perft/search's directory")
	out := flag.String("out", "internal", "the directory of the modes, replaced whole")
	flag.Parse()
	if flag.NArg() > 0 {
		log.Fatalf("modegen: unexpected arguments %q", flag.Args())
	}
	n, err := run(*board, *search, *out)
	if err != nil {
		log.Fatalf("modegen: %v", err)
	}
	log.Printf("modegen: wrote %d files for %d modes in %s", n, len(Modes), *out)
}

// run writes every mode's copies into a new directory beside out, then
// puts it in out's place. It returns the number of files written.
func run(boardDir, searchDir, out string) (int, error) {
	boardFiles, err := sources(boardDir)
	if err != nil {
		return 0, err
	}
	if _, ok := boardFiles[sliderFile]; !ok {
		return 0, fmt.Errorf("%s has no %s", boardDir, sliderFile)
	}
	searchFiles, err := sources(searchDir)
	if err != nil {
		return 0, err
	}
	for name, src := range searchFiles {
		if !bytes.Contains(src, []byte(`"`+boardPath+`"`)) {
			return 0, fmt.Errorf("%s/%s does not import %s: nothing would tie its copies to their modes", searchDir, name, boardPath)
		}
	}
	tmp, err := os.MkdirTemp(filepath.Dir(filepath.Clean(out)), ".modegen-*")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	written := 0
	for _, m := range Modes {
		files, err := Copies(m, boardFiles, searchFiles)
		if err != nil {
			return 0, fmt.Errorf("mode %s: %v", m.Name, err)
		}
		for rel, src := range files {
			path := filepath.Join(tmp, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				return 0, err
			}
			if err := os.WriteFile(path, src, 0o644); err != nil {
				return 0, err
			}
			written++
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return 0, err
	}
	// The swap: the old directory aside, the new one in, the old one gone.
	old := tmp + ".old"
	if err := os.Rename(out, old); err != nil && !errors.Is(err, os.ErrNotExist) {
		return 0, err
	}
	if err := os.Rename(tmp, out); err != nil {
		if rerr := os.Rename(old, out); rerr != nil {
			err = errors.Join(err, rerr)
		}
		return 0, err
	}
	return written, os.RemoveAll(old)
}

// sources reads the non-test Go files of dir, by name.
func sources(dir string) (map[string][]byte, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if files[name], err = os.ReadFile(filepath.Join(dir, name)); err != nil {
			return nil, err
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s holds no Go file", dir)
	}
	return files, nil
}

// Copies returns mode m's files, by slash path under the modes' directory:
// MODE/board/NAME for each file of internal/board (slider.go m's own),
// MODE/search/NAME for each file of bench/perft/search, its import of
// internal/board the copy's. Each starts with the generated-code comment
// naming its source.
func Copies(m Mode, boardFiles, searchFiles map[string][]byte) (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, name := range sortedKeys(boardFiles) {
		src, from := boardFiles[name], "internal/board/"+name
		if name == sliderFile && m.Template != "" {
			var err error
			if src, err = slider(m); err != nil {
				return nil, err
			}
			from = "bench/internal/modegen/templates/" + m.Template + ".tmpl"
		}
		f, err := generated(from, m, src)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		out[m.Name+"/board/"+name] = f
	}
	own := `"` + modesPath + "/" + m.Name + `/board"`
	for _, name := range sortedKeys(searchFiles) {
		src := bytes.ReplaceAll(searchFiles[name], []byte(`"`+boardPath+`"`), []byte(own))
		f, err := generated("bench/perft/search/"+name, m, src)
		if err != nil {
			return nil, fmt.Errorf("search/%s: %v", name, err)
		}
		out[m.Name+"/search/"+name] = f
	}
	return out, nil
}

// slider executes m's template of slider.go.
func slider(m Mode) ([]byte, error) {
	t, err := template.ParseFS(templates, "templates/*.tmpl")
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, m.Template+".tmpl", m); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// generated puts the generated-code comment above src, the copy of from
// for mode m, and formats it.
func generated(from string, m Mode, src []byte) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by bench/internal/modegen from %s for slider mode %s; DO NOT EDIT.\n\n", from, m.Name)
	b.Write(src)
	return format.Source(b.Bytes())
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
