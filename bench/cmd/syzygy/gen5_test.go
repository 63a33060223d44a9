package main

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func TestCanonicalName(t *testing.T) {
	for _, c := range [][3]string{
		{"KRQ", "KR", "KQRvKR"},
		{"KR", "KQR", "KQRvKR"},
		{"KRR", "KR", "KRRvKR"},
		{"KNR", "KR", "KRNvKR"},
		{"KBBB", "K", "KBBBvK"},
		{"KQ", "KQ", "KQvKQ"},
		{"KP", "KRR", "KRRvKP"},
		{"KQQQQ", "K", ""}, // 6 pieces
	} {
		if got := canonicalName(c[0], c[1]); got != c[2] {
			t.Errorf("canonicalName(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

func TestTablesToMake(t *testing.T) {
	if got, want := promotionTables("KRPvKR"), []string{"KQRvKR", "KRRvKR", "KRBvKR", "KRNvKR"}; !slices.Equal(got, want) {
		t.Errorf("promotionTables(KRPvKR) = %q, want %q", got, want)
	}
	if got, want := promotionTables("KRRvKP"), []string{"KRRvKQ", "KRRvKR", "KRRvKB", "KRRvKN"}; !slices.Equal(got, want) {
		t.Errorf("promotionTables(KRRvKP) = %q, want %q", got, want)
	}
	if got := promotionTables("KRRvKR"); got != nil {
		t.Errorf("promotionTables(KRRvKR) = %q, want none", got)
	}
	// KPPvKP: its promotions have pawns too, theirs first.
	got := tablesToMake([]string{"KRRvKR", "KPPvKP"})
	pos := map[string]int{}
	for i, n := range got {
		if _, dup := pos[n]; dup {
			t.Errorf("%s twice in %q", n, got)
		}
		pos[n] = i
	}
	for _, n := range got {
		for _, dep := range promotionTables(n) {
			if j, ok := pos[dep]; !ok || j > pos[n] {
				t.Errorf("%s needs %s before it: %q", n, dep, got)
			}
		}
	}
	if got[0] != "KRRvKR" || pos["KPPvKP"] != len(got)-1 || pos["KQPvKP"] == 0 || pos["KQQvKQ"] == 0 {
		t.Errorf("tablesToMake = %q", got)
	}
	if got := tablesToMake(fiveTables); !slices.Equal(got, []string{"KRRvKR", "KRBvKR", "KBBBvK", "KNNvKR", "KRRvKQ", "KRRvKB", "KRRvKN", "KRRvKP"}) {
		t.Errorf("tablesToMake(fiveTables) = %q", got)
	}
}

func TestMakefileEdits(t *testing.T) {
	mk := "#FLAGS = -DMAGIC\nFLAGS = -DBMI2\nFLAGS += -DUSE_ZSTD -DZSTD_LEVEL=6\nLDFLAGS += -lzstd\nFLAGS += -DCOMPRESSION_THREADS=6\nCFLAGS = -O3 -std=c11 -flto=auto\n"
	got, err := makefileEdits(mk, 2, false)
	if err != nil {
		t.Fatal(err)
	}
	want := "#FLAGS = -DMAGIC\nFLAGS = -DMAGIC\n#FLAGS += -DUSE_ZSTD -DZSTD_LEVEL=6\n#LDFLAGS += -lzstd\nFLAGS += -DCOMPRESSION_THREADS=2\nCFLAGS = -O3 -std=c11\n"
	if got != want {
		t.Errorf("makefileEdits:\n%s\nwant\n%s", got, want)
	}
	if _, err := makefileEdits(strings.Replace(mk, "-flto=auto", "-flto", 1), 2, true); err == nil {
		t.Error("a Makefile without -flto=auto: no error")
	}
}

func TestParseChecksums(t *testing.T) {
	sums := map[string]string{}
	if err := parseChecksums([]byte("KRRvKR.rtbw: 14428b45668f3bdb7facce3a9d866c74\n\nKRvK.rtbz: 0123456789abcdef0123456789abcdef\n"), sums); err != nil {
		t.Fatal(err)
	}
	if len(sums) != 2 || sums["KRRvKR.rtbw"] != "14428b45668f3bdb7facce3a9d866c74" {
		t.Errorf("sums %v", sums)
	}
	for _, bad := range []string{"KRRvKR.rtbw 14428b45668f3bdb7facce3a9d866c74", "KRRvKR.rtbw: 14428b45", "KRRvKR.rtbw: 14428b45668f3bdb7facce3a9d866c7g"} {
		if err := parseChecksums([]byte(bad), map[string]string{}); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestGenerateRefuses runs generate with stand-ins for the generator and
// tbcheck (shell scripts): files whose checksum is not the published one,
// or whose content does not match their checksum, are an error and are
// not left in the tables' directory; matching ones are moved there.
func TestGenerateRefuses(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-ins are shell scripts")
	}
	dir := t.TempDir()
	bin := t.TempDir()
	gen := filepath.Join(bin, "rtbgen")
	script := func(path, body string) {
		if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	script(gen, `eval "name=\${$#}"; echo w > "$name.rtbw"; echo z > "$name.rtbz"`+"\n")
	tables := filepath.Join(dir, "tables")
	if err := os.Mkdir(tables, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		verify, print string // what the stand-in tbcheck says of every file
		ok            bool
	}{
		{"OK!", "00000000000000000000000000000000", false},
		{"FAIL!", "0123456789abcdef0123456789abcdef", false},
		{"OK!", "0123456789abcdef0123456789abcdef", true},
	} {
		check := filepath.Join(bin, "tbcheck")
		script(check, `if [ "$1" = --print ]; then shift; v=`+c.print+`; else v=`+c.verify+`; fi
for f in "$@"; do echo "$f: $v"; done
`)
		g := &tbGenerator{rtbgen: gen, rtbgenp: gen, tbcheck: check, sums: map[string]string{
			"KRRvKR.rtbw": "0123456789abcdef0123456789abcdef", "KRRvKR.rtbz": "0123456789abcdef0123456789abcdef"}}
		err := g.generate("KRRvKR", tables, dir, &strings.Builder{})
		left, _ := os.ReadDir(tables)
		if c.ok {
			if err != nil || len(left) != 2 {
				t.Errorf("tbcheck %s, %s: %v; %d files in the directory, want 2", c.verify, c.print, err, len(left))
			}
			continue
		}
		if !errors.Is(err, errChecksum) {
			t.Errorf("tbcheck %s, %s: error %v, want errChecksum", c.verify, c.print, err)
		}
		if len(left) != 0 {
			t.Errorf("tbcheck %s, %s: %d files left in the directory", c.verify, c.print, len(left))
		}
	}
}
