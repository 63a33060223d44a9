package repocheck

import (
	"os"
	"path/filepath"
	"testing"
)

// repoRoot is the repository's top directory, seen from this package's
// directory, where go test runs its tests.
const repoRoot = "../.."

// readRepoFile returns the file at rel, a slash-separated path from the
// repository's top directory.
func readRepoFile(t *testing.T, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// docFiles lists the documents whose links and numbers are checked,
// README.md and docs/*.md, as paths from the repository's top directory.
func docFiles(t *testing.T) []string {
	t.Helper()
	more, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"README.md"}
	for _, f := range more {
		rel, err := filepath.Rel(repoRoot, f)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, filepath.ToSlash(rel))
	}
	return files
}
