package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestUpToDate: wmagics_gen.go is what this generator writes from the
// repository's tables_gen.go.
func TestUpToDate(t *testing.T) {
	src, err := os.ReadFile("../../../../tables_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	want, err := generate(src)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../wmagics_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("wmagics_gen.go differs from tables_gen.go's magics: run go generate in bench/ref")
	}
}

// TestParseFails: a record missing, or a mask not package magic's, is an
// error, not a file.
func TestParseFails(t *testing.T) {
	src, err := os.ReadFile("../../../../tables_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	i := strings.Index(s, "var bishopParams")
	j := i + strings.Index(s[i:], "\n\t{")
	k := j + 1 + strings.Index(s[j+1:], "\n")
	for name, bad := range map[string]string{
		"a record missing": s[:j] + s[k:],
		"a mask changed":   strings.Replace(s, "\t{0x0007000007000000,", "\t{0x0007000007000001,", 1),
	} {
		if bad == s {
			t.Fatalf("%s: the edit changed nothing", name)
		}
		if _, err := generate([]byte(bad)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
