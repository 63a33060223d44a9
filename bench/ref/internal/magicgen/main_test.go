package main

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var regen = flag.Bool("regen", false, "rerun the whole search (about 50 s) and compare with magics_gen.go")

// TestUpToDate: magics_gen.go is what this generator writes. The search is
// too long for every test run; -regen runs it.
func TestUpToDate(t *testing.T) {
	if !*regen {
		t.Skip("the search takes about 50 s: go test -regen runs it")
	}
	src, _, err := generate(defaultDraws)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../magics_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, src) {
		t.Fatal("magics_gen.go differs from a fresh search: run go generate in bench/ref")
	}
}
