package main

import (
	"bytes"
	"os"
	"testing"
)

// TestUpToDate: loops_gen.go is what this generator writes now.
func TestUpToDate(t *testing.T) {
	want, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../loops_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("loops_gen.go is stale: run go generate in bench")
	}
}
