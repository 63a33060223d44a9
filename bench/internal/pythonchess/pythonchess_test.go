package pythonchess

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPrepare checks that a checkout given is checked for the command's
// module, and that the driver is written where the Checkout says.
func TestPrepare(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	cache, empty, src := t.TempDir(), t.TempDir(), t.TempDir()
	var stderr bytes.Buffer
	if _, err := Prepare(empty, cache, "chess/pgn.py", "d.py", []byte("x"), &stderr); err == nil || !strings.Contains(err.Error(), "no chess/pgn.py there") {
		t.Errorf("a folder that is no checkout: %v", err)
	}
	if err := os.MkdirAll(filepath.Join(src, "chess"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "chess", "pgn.py"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Prepare(src, cache, "chess/pgn.py", "d.py", []byte("print(1)"), &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(c.Driver); err != nil || string(b) != "print(1)" || filepath.Base(c.Driver) != "d.py" {
		t.Errorf("driver %s: %q, %v", c.Driver, b, err)
	}
	if c.Src != src || c.Python == "" || !strings.HasPrefix(c.PythonVersion, "Python 3") {
		t.Errorf("checkout %+v", c)
	}
}
