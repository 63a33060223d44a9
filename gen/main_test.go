package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/symmagic/attacks/internal/magic"
)

// A search that cannot succeed must leave no file behind, not even an empty one.
func TestFailureWritesNothing(t *testing.T) {
	out := filepath.Join(t.TempDir(), "tables_gen.go")
	opt := magic.DefaultBuild()
	opt.MaxTries = 1
	if err := run(out, opt); err == nil {
		t.Fatal("a search with one candidate per class succeeded")
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("failed run left %s behind (%v)", out, err)
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 0 {
		t.Fatalf("failed run left temporary files: %v", entries)
	}
}
