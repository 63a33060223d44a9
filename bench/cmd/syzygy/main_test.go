package main

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/symmagic/attacks/bench/internal/foreign"
	"github.com/symmagic/attacks/internal/syzygydata"
	"github.com/symmagic/attacks/movegen"

	"github.com/symmagic/attacks/bench/internal/cli"
)

var (
	fathomDir  = flag.String("fathom", "", "a Fathom checkout for TestQuick (default: the command's clone)")
	pychessDir = flag.String("python-chess", "", "a python-chess checkout for TestQuick (default: the command's clone)")
)

func TestFlags(t *testing.T) {
	var out, errs bytes.Buffer
	if err := run([]string{"-h"}, &out, &errs); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("-h: %v", err)
	}
	for _, want := range []string{"Usage: go run -C bench ./cmd/syzygy [flags]", "-quick", "-refs", "-speed", "-rounds", "-time",
		"-fathom", "-python-chess", "-tables", "-testdata", "-write", "-out", "-five", "-tb"} {
		if !strings.Contains(errs.String(), want) {
			t.Errorf("the usage lacks %q", want)
		}
	}
	for _, args := range [][]string{{"extra"}, {"-rounds", "-1"}, {"-time", "-1s"}, {"-out", "x"}, {"-quick", "-write"}, {"-quick", "-five"}} {
		if err := run(args, &out, &errs); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
}

// TestQuick runs the command as -quick does: Fathom built from its source
// (the -fathom flag's checkout, else a clone of the pinned commit),
// python-chess run from its own, one 3-piece and one 4-piece table, two
// short rounds of speed. It skips when a program cannot be had here (no
// compiler, no python3, no network for the clones), naming why.
func TestQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: it clones and builds Fathom")
	}
	args := []string{"-quick", "-tables", "../../../syzygy/testdata/regular"}
	if *fathomDir != "" {
		args = append(args, "-fathom", *fathomDir)
	}
	if *pychessDir != "" {
		args = append(args, "-python-chess", *pychessDir)
	}
	var out, errs bytes.Buffer
	err := run(args, &out, &errs)
	var u *foreign.Skip
	if errors.As(err, &u) {
		t.Skipf("a program cannot be had here: %v", u)
	}
	if err != nil {
		t.Fatalf("%v\n%s", err, errs.String())
	}
	for _, want := range []string{"Fathom at commit ", "python-chess 1.", " 0 differ from Fathom's values",
		"Fathom: 858880 positions of the 3-piece tables (all), 33334 of the 4-piece tables (samples)",
		"# syzygy's WDL and DTZ probes against Fathom's", "| WDL, 4 pieces | syzygy (Go) ", "| DTZ, 4 pieces | Fathom native ", "| Fathom default ", "| Fathom native ",
		"Fathom's faster build in each round"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the output lacks %q:\n%s", want, out.String())
		}
	}
}

// TestRecord checks the records the Fathom driver reads: the bitboards in
// its order, the en-passant square, the side.
func TestRecord(t *testing.T) {
	p, err := movegen.ParseFEN("8/8/8/3pP3/8/8/8/K6k w - d6 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := record(&b, &p); err != nil {
		t.Fatal(err)
	}
	r := b.Bytes()
	bb := syzygydata.Bitboards(&p)
	if len(r) != 66 || r[64] != byte(movegen.D6) || r[65] != 1 || r[0] != byte(bb[0]) || r[7*8+4] != byte(bb[7]>>32) {
		t.Errorf("record % x", r)
	}
}

// TestStoredReferences checks that the reference files the syzygy
// package's tests read are where -testdata points by default, with the
// headers the command writes.
func TestStoredReferences(t *testing.T) {
	for file, header := range map[string]string{
		"fathom/digests.tsv":      "table\tset\tpositions\tloss\tblessed\tdraw\tcursed\twin\tsha256",
		"fathom/rows.tsv":         "fen\twdl\tdtz",
		"fathom/root.tsv":         "fen\trepeated\tmoves",
		"python-chess/values.tsv": "fen\twdl\tdtz\twhy",
	} {
		b, err := os.ReadFile(filepath.Join("..", "..", "..", "syzygy", "testdata", filepath.FromSlash(file)))
		if err != nil {
			t.Fatal(err)
		}
		if first, _, _ := strings.Cut(string(b), "\n"); first != header {
			t.Errorf("%s: header %q, want %q", file, first, header)
		}
	}
}

func TestCommandArgs(t *testing.T) {
	got := strings.Join(cli.QuoteArgs([]string{"-rounds", "21", "-fathom", "/home/x/fathom", "--python-chess=/src/pc", "-tables", "/t", "-write"}, "fathom", "python-chess", "tables", "testdata"), " ")
	if want := "-rounds 21 -fathom DIR --python-chess=DIR -tables DIR -write"; got != want {
		t.Errorf("commandArgs = %q, want %q", got, want)
	}
}
