package main

import (
	"bytes"
	"os"
	"testing"
)

// TestUpToDate: sym_gen.go is what this generator writes, so the tables the
// kernel reads are symlayout.Build's and the controls symlayout's (Build takes
// about a second).
func TestUpToDate(t *testing.T) {
	src, _, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../sym_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, src) {
		t.Fatal("sym_gen.go differs from symlayout.Build's tables: run go generate in bench/ref")
	}
}
