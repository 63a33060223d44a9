package search

import (
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestTable checks the replacement scheme on one bucket.
func TestTable(t *testing.T) {
	tt := NewTable(1)
	for i := range uint64(4) {
		tt.Store(100+i, int(2+i), 1000*(i+1)) // depths 2..5
	}
	for i := range uint64(4) {
		if n, ok := tt.Probe(100+i, int(2+i)); !ok || n != 1000*(i+1) {
			t.Errorf("key %d: %d, %v", 100+i, n, ok)
		}
	}
	if _, ok := tt.Probe(100, 3); ok {
		t.Error("a probe at another depth hit")
	}
	if _, ok := tt.Probe(100^1<<63, 2); ok {
		t.Error("a probe with another key hit")
	}
	tt.Store(200, 3, 7) // replaces the shallowest: key 100 at depth 2
	if _, ok := tt.Probe(100, 2); ok {
		t.Error("the shallowest entry survived")
	}
	if n, ok := tt.Probe(200, 3); !ok || n != 7 {
		t.Errorf("new entry: %d, %v", n, ok)
	}
	tt.Store(300, 3, 8) // depth 3 twice now: the smaller count (7) goes
	if _, ok := tt.Probe(200, 3); ok {
		t.Error("the smaller of two equal-depth entries survived")
	}
	tt.Store(101, 3, 9999) // same key and depth: overwritten in place
	if n, ok := tt.Probe(101, 3); !ok || n != 9999 {
		t.Errorf("overwritten entry: %d, %v", n, ok)
	}
	for _, k := range []uint64{300, 102, 103} {
		if _, ok := tt.Probe(k, int(k%100)+2); !ok && k != 300 {
			t.Errorf("key %d lost", k)
		}
	}
	tt.Store(1, 2, maxEntryCount+1)
	if _, ok := tt.Probe(1, 2); ok {
		t.Error("a count over 56 bits was stored")
	}
}

func TestKingBuckets(t *testing.T) {
	for _, buckets := range []int{1, 4, 8, 16, 32, 64} {
		used := map[int]bool{}
		for k := range 64 {
			b, mirror := kingBucket(buckets, k)
			if b < 0 || b >= buckets {
				t.Fatalf("%d buckets: square %d in bucket %d", buckets, k, b)
			}
			if mirror != (k&7 >= 4 && buckets != 1 && buckets != 64) {
				t.Errorf("%d buckets: square %d mirror %v", buckets, k, mirror)
			}
			used[b] = true
		}
		if len(used) != buckets {
			t.Errorf("%d buckets: %d used", buckets, len(used))
		}
	}
	// The default: files a-d mirrored, rank groups 1, 2, 3-4, 5-8.
	for _, c := range []struct{ sq, bucket int }{{0, 0}, {7, 0}, {4, 3}, {11, 7}, {16, 8}, {31, 8}, {60, 12 + 3}} {
		if b, _ := kingBucket(16, c.sq); b != c.bucket {
			t.Errorf("16 buckets: square %d in bucket %d, want %d", c.sq, b, c.bucket)
		}
	}
}

// TestLoadKernels checks that each accumulator kernel is one tight loop:
// a backward jump closing a body of a few instructions with no call (no
// bounds check) in it.
func TestLoadKernels(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the package")
	}
	out, err := exec.Command("go", "build", "-gcflags=-S", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-S: %v\n%s", err, out)
	}
	type instr struct {
		off  int
		text string
	}
	kernels := map[string][]instr{}
	fn := ""
	// "\t0x0030 00048 (file.go:279)\tMOVWLZX\t(DI)(DX*2), SI"
	re := regexp.MustCompile(`^\t0x[0-9a-f]+ (\d+) \([^)]*\)\t(.*)$`)
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, " STEXT ") {
			fn = strings.Fields(line)[0]
			continue
		}
		m := re.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for _, k := range []string{"AddRow", "AddSub", "AddSubSub", "AddAddSubSub"} {
			if strings.HasSuffix(fn, "search."+k) {
				off, _ := strconv.Atoi(m[1])
				kernels[k] = append(kernels[k], instr{off, m[2]})
			}
		}
	}
	for _, k := range []string{"AddRow", "AddSub", "AddSubSub", "AddAddSubSub"} {
		code := kernels[k]
		loops := 0
		for i, in := range code {
			f := strings.Fields(in.text)
			if len(f) != 2 || !strings.HasPrefix(f[0], "J") {
				continue
			}
			target, err := strconv.Atoi(f[1])
			if err != nil || target >= in.off {
				continue
			}
			loops++
			var body []string
			for _, b := range code[:i+1] {
				if b.off >= target && !strings.HasPrefix(b.text, "PCDATA") && !strings.HasPrefix(b.text, "FUNCDATA") {
					body = append(body, b.text)
				}
			}
			if len(body) > 16 || strings.Contains(strings.Join(body, ";"), "CALL") {
				t.Errorf("%s's loop is not tight:\n\t%s", k, strings.Join(body, "\n\t"))
			}
			t.Logf("%s: a loop of %d instructions", k, len(body))
		}
		if loops != 1 {
			t.Errorf("%s: %d loops, want 1", k, loops)
		}
	}
}
