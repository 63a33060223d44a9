package machine

import (
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"testing/fstest"
)

// sys is the cache directories of /sys for cpu0, as Linux lays them out.
func sys(caches ...[3]string) fstest.MapFS {
	m := fstest.MapFS{}
	for i, c := range caches {
		dir := "sys/devices/system/cpu/cpu0/cache/index" + string(rune('0'+i)) + "/"
		m[dir+"level"] = &fstest.MapFile{Data: []byte(c[0] + "\n")}
		m[dir+"type"] = &fstest.MapFile{Data: []byte(c[1] + "\n")}
		m[dir+"size"] = &fstest.MapFile{Data: []byte(c[2] + "\n")}
	}
	m["sys/devices/system/cpu/cpu0/cache/uevent"] = &fstest.MapFile{Data: []byte("\n")}
	return m
}

func withCPUInfo(t *testing.T, m fstest.MapFS, file string) fstest.MapFS {
	t.Helper()
	b, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	m["proc/cpuinfo"] = &fstest.MapFile{Data: b}
	return m
}

// folders is each TestReadCPU case's results folder.
var folders = map[string]string{
	"Emerald Rapids":                  "intel-emerald-rapids",
	"Genoa":                           "amd-zen4-genoa",
	"arm64: no model name, no family": "neoverse-n1",
	"no /proc, no /sys":               "unknown-cpu",
	"cpuinfo without caches, a model not in the table":                    "amd-family25-model97",
	"family 26 is Zen 5 whatever the model; a cache size not a whole KiB": "amd-zen5",
}

func TestReadCPU(t *testing.T) {
	for _, c := range []struct {
		name string
		fsys fstest.MapFS
		want CPU
		line string
	}{
		{
			"Emerald Rapids",
			withCPUInfo(t, sys([3]string{"1", "Data", "48K"}, [3]string{"1", "Instruction", "32K"}, [3]string{"2", "Unified", "2048K"}, [3]string{"3", "Unified", "266240K"}), "cpuinfo-emerald-rapids.txt"),
			CPU{Name: "Intel(R) Xeon(R) Processor", Vendor: "GenuineIntel", Family: 6, Model: 207, Microarch: "Emerald Rapids", L1d: 48 << 10, L2: 2 << 20},
			"Intel(R) Xeon(R) Processor (GenuineIntel family 6 model 207, Emerald Rapids), L1d 48 KiB, L2 2 MiB",
		},
		{
			"Genoa",
			withCPUInfo(t, sys([3]string{"1", "Data", "32K"}, [3]string{"1", "Instruction", "32K"}, [3]string{"2", "Unified", "1024K"}), "cpuinfo-genoa.txt"),
			CPU{Name: "AMD EPYC 9R14 96-Core Processor", Vendor: "AuthenticAMD", Family: 25, Model: 17, Microarch: "Zen 4 (Genoa)", L1d: 32 << 10, L2: 1 << 20},
			"AMD EPYC 9R14 96-Core Processor (AuthenticAMD family 25 model 17, Zen 4 (Genoa)), L1d 32 KiB, L2 1 MiB",
		},
		{
			"arm64: no model name, no family",
			withCPUInfo(t, sys([3]string{"1", "Data", "64K"}, [3]string{"2", "Unified", "1M"}), "cpuinfo-arm64.txt"),
			CPU{Name: "implementer 0x41 part 0xd0c", Family: -1, Model: -1, Microarch: "Neoverse N1", L1d: 64 << 10, L2: 1 << 20},
			"implementer 0x41 part 0xd0c (Neoverse N1), L1d 64 KiB, L2 1 MiB",
		},
		{
			"no /proc, no /sys",
			fstest.MapFS{},
			CPU{Family: -1, Model: -1},
			"unknown",
		},
		{
			"cpuinfo without caches, a model not in the table",
			fstest.MapFS{"proc/cpuinfo": {Data: []byte("vendor_id : AuthenticAMD\ncpu family : 25\nmodel : 97\nmodel name : AMD Ryzen 9 7950X\n")}},
			CPU{Name: "AMD Ryzen 9 7950X", Vendor: "AuthenticAMD", Family: 25, Model: 97},
			"AMD Ryzen 9 7950X (AuthenticAMD family 25 model 97)",
		},
		{
			"family 26 is Zen 5 whatever the model; a cache size not a whole KiB",
			fstest.MapFS{
				"proc/cpuinfo": {Data: []byte("vendor_id\t: AuthenticAMD\ncpu family\t: 26\nmodel\t\t: 2\nmodel name\t: AMD EPYC 9755 128-Core Processor\n")},
				"sys/devices/system/cpu/cpu0/cache/index0/level": {Data: []byte("1")},
				"sys/devices/system/cpu/cpu0/cache/index0/type":  {Data: []byte("Data")},
				"sys/devices/system/cpu/cpu0/cache/index0/size":  {Data: []byte("48K")},
				"sys/devices/system/cpu/cpu0/cache/index2/level": {Data: []byte("2")},
				"sys/devices/system/cpu/cpu0/cache/index2/type":  {Data: []byte("Unified")},
				"sys/devices/system/cpu/cpu0/cache/index2/size":  {Data: []byte("1280K")},
			},
			CPU{Name: "AMD EPYC 9755 128-Core Processor", Vendor: "AuthenticAMD", Family: 26, Model: 2, Microarch: "Zen 5", L1d: 48 << 10, L2: 1280 << 10},
			"AMD EPYC 9755 128-Core Processor (AuthenticAMD family 26 model 2, Zen 5), L1d 48 KiB, L2 1280 KiB",
		},
	} {
		got := ReadCPU(c.fsys)
		if f, want := got.Folder(), folders[c.name]; f != want {
			t.Errorf("%s: folder %q, want %q", c.name, f, want)
		}
		if got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
		if s := got.String(); s != c.line {
			t.Errorf("%s: %q, want %q", c.name, s, c.line)
		}
		l := Record{CPU: got, Build: Build{GoVersion: "go1.26.8", GOOS: "linux", GOARCH: "amd64"}}.Lines()
		if want := "CPU: " + c.line + "; go1.26.8 linux/amd64"; l[0]+" "+l[1] != want || !strings.HasSuffix(l[0], ",") && !strings.HasSuffix(l[0], ";") {
			t.Errorf("%s: lines %q, want %q broken after the CPU's identity", c.name, l, want)
		}
	}
}

func TestBuildOf(t *testing.T) {
	bi := &debug.BuildInfo{GoVersion: "go1.26.8-X:simd", Settings: []debug.BuildSetting{
		{Key: "-compiler", Value: "gc"}, {Key: "GOARCH", Value: "amd64"}, {Key: "GOEXPERIMENT", Value: "simd"},
		{Key: "GOOS", Value: "linux"}, {Key: "GOAMD64", Value: "v4"},
	}}
	if got := BuildOf(bi).String(); got != "go1.26.8 linux/amd64 GOAMD64=v4 GOEXPERIMENT=simd" {
		t.Errorf("amd64 build: %q", got)
	}
	bi.Settings = []debug.BuildSetting{{Key: "GOARCH", Value: "arm64"}, {Key: "GOOS", Value: "darwin"}, {Key: "GOARM64", Value: "v8.0"}, {Key: "GOAMD64", Value: "v1"}}
	if got := BuildOf(bi).String(); got != "go1.26.8 darwin/arm64 GOARM64=v8.0" {
		t.Errorf("arm64 build: %q", got)
	}
	if got := BuildOf(nil); got.GoVersion != runtime.Version() || got.GOOS != runtime.GOOS || got.Level != "" {
		t.Errorf("no build information: %+v", got)
	}
}

// TestHere checks this machine's line: this test binary's Go version and
// level, and on Linux a model name and caches.
func TestHere(t *testing.T) {
	r := Here()
	line := r.String()
	t.Log(line)
	if !strings.HasPrefix(line, "CPU: ") || !strings.Contains(line, "; "+runtime.Version()+" "+runtime.GOOS+"/"+runtime.GOARCH) {
		t.Errorf("line %q", line)
	}
	if runtime.GOARCH == "amd64" && !strings.Contains(line, " GOAMD64=v") {
		t.Errorf("no GOAMD64 in %q", line)
	}
	if runtime.GOOS == "linux" && (r.CPU.Name == "" || r.CPU.L1d == 0) {
		t.Errorf("on Linux, no model name or L1d: %+v", r.CPU)
	}
	if l := r.Lines(); l[0]+" "+l[1] != line {
		t.Errorf("Lines %q do not make the line %q", l, line)
	}
	if strings.Contains(line, "\n") {
		t.Errorf("not one line: %q", line)
	}
}
