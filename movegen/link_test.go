package movegen_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestLinksNoYardstick checks that a program using movegen links none of
// the lookups the benchmarks compare (package yardstick, which the
// generator names in the copies of its yardstick modes): no symbol of that
// package is in its binary. A control program that runs the generator in a
// yardstick mode must link the tables, so that the check can fail.
func TestLinksNoYardstick(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two programs")
	}
	dir := t.TempDir()
	for _, c := range []struct {
		pkg  string
		want bool // yardstick's tables linked
	}{
		{"./testdata/user", false},
		{"./testdata/yardstickuser", true},
	} {
		bin := filepath.Join(dir, filepath.Base(c.pkg))
		if out, err := exec.Command("go", "build", "-o", bin, c.pkg).CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", c.pkg, err, out)
		}
		out, err := exec.Command("go", "tool", "nm", bin).CombinedOutput()
		if err != nil {
			t.Fatalf("go tool nm %s: %v\n%s", bin, err, out)
		}
		// "  4f2e40 B github.com/symmagic/attacks/internal/yardstick.FancyRooks"
		var syms, tables []string
		for _, line := range strings.Split(string(out), "\n") {
			f := strings.Fields(line)
			if len(f) < 3 || !strings.Contains(f[2], "/internal/yardstick.") {
				continue
			}
			syms = append(syms, f[1]+" "+f[2])
			if f[1] == "B" || f[1] == "D" {
				tables = append(tables, f[2])
			}
		}
		switch {
		case !c.want && len(syms) > 0:
			t.Errorf("%s links package yardstick: %v", c.pkg, syms)
		case c.want && len(tables) == 0:
			t.Errorf("%s links no table of package yardstick: the check cannot see them", c.pkg)
		}
		t.Logf("%s: %d symbols of package yardstick (%d tables)", c.pkg, len(syms), len(tables))
	}
}
