package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The generator's output is the committed assembly and stub, byte for byte.
func TestOutputMatchesCommitted(t *testing.T) {
	dir := t.TempDir()
	s, stub := filepath.Join(dir, "attacks_amd64.s"), filepath.Join(dir, "stub_amd64.go")
	cmd := exec.Command("go", "run", ".", "-out", s, "-stubs", stub, "-pkg", "attacks")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("generator failed: %v\n%s", err, out)
	}
	for _, f := range [][2]string{{s, "../attacks_amd64.s"}, {stub, "../stub_amd64.go"}} {
		got, err := os.ReadFile(f[0])
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(f[1])
		if err != nil {
			t.Fatal(err)
		}
		// The header names the output paths given on the command line.
		got = bytes.ReplaceAll(got, []byte(dir+"/"), []byte("../"))
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the committed %s: run go generate ./...", filepath.Base(f[0]), f[1])
		}
	}
}
