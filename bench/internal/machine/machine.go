// Package machine names what a measurement ran on, in the one line every
// result file and report header of the bench carries:
//
//	CPU: Intel(R) Xeon(R) Processor (GenuineIntel family 6 model 207, Emerald Rapids), L1d 48 KiB, L2 2 MiB; go1.26.8 linux/amd64 GOAMD64=v1
//
// The CPU as /proc/cpuinfo gives it (model name, vendor, family, model),
// the microarchitecture where family and model fix it, and the first CPU's
// L1 data and L2 caches as /sys gives them (what lscpu reads); then the Go
// version, GOOS/GOARCH and the architecture level (GOAMD64, GOARM64, ...)
// the binary was built with, and GOEXPERIMENT if set. Where a part is not
// known (no /proc on other systems, no model name on arm64) it is left out.
package machine

import (
	"io/fs"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
)

// CPU is a processor as Linux describes it.
type CPU struct {
	Name   string // model name; on arm64, which has none, "implementer 0x41 part 0xd0c"
	Vendor string // vendor_id, "GenuineIntel", "AuthenticAMD"
	// Family and Model are cpu family and model, -1 where not given.
	Family, Model int
	// Microarch is the name of the microarchitecture where Vendor, Family
	// and Model fix it (microarchs), else "".
	Microarch string
	// L1d and L2 are the first CPU's level 1 data and level 2 caches in
	// bytes, 0 where not known.
	L1d, L2 int
}

// Build is how a binary was built.
type Build struct {
	GoVersion, GOOS, GOARCH string
	// Level is the architecture level setting, "GOAMD64=v1", or "" where
	// the build records none.
	Level string
	// Experiment is GOEXPERIMENT's setting, "" when not set.
	Experiment string
}

// Record is a CPU and a build: what a number ran on.
type Record struct {
	CPU   CPU
	Build Build
}

// Here is this machine's CPU and this binary's build.
func Here() Record {
	bi, _ := debug.ReadBuildInfo()
	return Record{CPU: ReadCPU(os.DirFS("/")), Build: BuildOf(bi)}
}

// DepVersion is the version of the module path this binary was built
// with, its replacement's where it is replaced, or "(version unknown)".
func DepVersion(path string) string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == path {
				if d.Replace != nil {
					return d.Replace.Version
				}
				return d.Version
			}
		}
	}
	return "(version unknown)"
}

// String is the record's line, "CPU: ...; go1.26.8 linux/amd64 GOAMD64=v1".
func (r Record) String() string {
	l := r.Lines()
	return l[0] + " " + l[1]
}

// Lines is the record's line in two, for reports of 100 columns: the CPU
// that the microarchitecture names, then its caches and the build. (A line
// of Markdown prose broken there reads as the one line.)
func (r Record) Lines() [2]string {
	c, b := r.CPU.id(), r.Build.String()
	if caches := r.CPU.caches(); caches != "" {
		return [2]string{"CPU: " + c + ",", caches + "; " + b}
	}
	return [2]string{"CPU: " + c + ";", b}
}

func (c CPU) String() string {
	if caches := c.caches(); caches != "" {
		return c.id() + ", " + caches
	}
	return c.id()
}

// id is the model name, vendor, family, model and microarchitecture.
func (c CPU) id() string {
	name := c.Name
	if name == "" {
		name = "unknown"
	}
	var id []string
	if c.Vendor != "" {
		id = append(id, c.Vendor)
	}
	if c.Family >= 0 {
		id = append(id, "family "+strconv.Itoa(c.Family))
	}
	if c.Model >= 0 {
		id = append(id, "model "+strconv.Itoa(c.Model))
	}
	var paren []string
	if len(id) > 0 {
		paren = append(paren, strings.Join(id, " "))
	}
	if c.Microarch != "" {
		paren = append(paren, c.Microarch)
	}
	if len(paren) > 0 {
		name += " (" + strings.Join(paren, ", ") + ")"
	}
	return name
}

// Folder is the name of the folder a CPU's results go to under
// bench/results, so that runs on other CPUs sit beside them rather than
// replace them: the vendor and the microarchitecture where they are known
// ("amd-zen4-genoa", "intel-emerald-rapids"), else the vendor, family and
// model ("amd-family25-model8"), else the model name, in lower case with
// every run of other characters one dash; "unknown-cpu" when nothing is
// known.
func (c CPU) Folder() string {
	var parts []string
	switch {
	case c.Microarch != "":
		parts = []string{vendorShort(c.Vendor), c.Microarch}
	case c.Family >= 0 && c.Model >= 0:
		parts = []string{vendorShort(c.Vendor), "family" + strconv.Itoa(c.Family), "model" + strconv.Itoa(c.Model)}
	default:
		parts = []string{c.Name}
	}
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(strings.Join(parts, " ")) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	// "Zen 4" reads "zen4": a number after a word of letters joins it.
	s := b.String()
	for _, z := range []string{"zen-"} {
		s = strings.ReplaceAll(s, z, strings.TrimSuffix(z, "-"))
	}
	if s == "" {
		return "unknown-cpu"
	}
	return s
}

// vendorShort is a vendor_id's short name: "amd", "intel", or the id.
func vendorShort(v string) string {
	switch v {
	case "AuthenticAMD":
		return "amd"
	case "GenuineIntel":
		return "intel"
	}
	return v
}

// caches is "L1d 48 KiB, L2 2 MiB", what is known of it.
func (c CPU) caches() string {
	var s []string
	if c.L1d > 0 {
		s = append(s, "L1d "+Size(c.L1d))
	}
	if c.L2 > 0 {
		s = append(s, "L2 "+Size(c.L2))
	}
	return strings.Join(s, ", ")
}

func (b Build) String() string {
	s := b.GoVersion + " " + b.GOOS + "/" + b.GOARCH
	if b.Level != "" {
		s += " " + b.Level
	}
	if b.Experiment != "" {
		s += " GOEXPERIMENT=" + b.Experiment
	}
	return s
}

// Size writes a cache size in bytes as lscpu does: "48 KiB", "2 MiB".
func Size(n int) string {
	switch {
	case n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + " MiB"
	case n%(1<<10) == 0:
		return strconv.Itoa(n>>10) + " KiB"
	}
	return strconv.Itoa(n) + " B"
}

// BuildOf reads a binary's build from its build information (this
// binary's: debug.ReadBuildInfo; another's: debug/buildinfo.ReadFile). With
// none, it gives this binary's Go version and platform and no level.
func BuildOf(bi *debug.BuildInfo) Build {
	b := Build{GoVersion: runtime.Version(), GOOS: runtime.GOOS, GOARCH: runtime.GOARCH}
	if bi == nil {
		return b
	}
	if bi.GoVersion != "" {
		b.GoVersion = bi.GoVersion
	}
	// A build with experiments says so in its version too ("go1.26.8
	// X:simd", "go1.26.8-X:simd"): Experiment says it once.
	if i := strings.Index(b.GoVersion, "X:"); i > 0 && (b.GoVersion[i-1] == ' ' || b.GoVersion[i-1] == '-') {
		b.GoVersion = b.GoVersion[:i-1]
	}
	level := "GO" + strings.ToUpper(b.GOARCH) // GOAMD64, GOARM64, GO386, ...
	for _, s := range bi.Settings {
		switch s.Key {
		case "GOOS":
			b.GOOS = s.Value
		case "GOARCH":
			b.GOARCH = s.Value
			level = "GO" + strings.ToUpper(s.Value)
		case "GOEXPERIMENT":
			b.Experiment = s.Value
		}
	}
	for _, s := range bi.Settings {
		if s.Key == level && s.Value != "" {
			b.Level = s.Key + "=" + s.Value
		}
	}
	return b
}

// ReadCPU reads the CPU from a file system holding Linux's
// proc/cpuinfo and sys/devices/system/cpu/cpu0/cache (os.DirFS("/")):
// what it finds, the rest left unknown.
func ReadCPU(fsys fs.FS) CPU {
	c := CPU{Family: -1, Model: -1}
	if b, err := fs.ReadFile(fsys, "proc/cpuinfo"); err == nil {
		c = ParseCPUInfo(string(b))
	}
	c.L1d, c.L2 = caches(fsys)
	return c
}

// ParseCPUInfo reads the first processor of /proc/cpuinfo's text.
func ParseCPUInfo(text string) CPU {
	c := CPU{Family: -1, Model: -1}
	var implementer, part string
	for _, line := range strings.Split(text, "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			if strings.TrimSpace(line) == "" && (c.Name != "" || c.Vendor != "" || implementer != "") {
				break // the end of the first processor's block
			}
			continue
		}
		v = strings.TrimSpace(v)
		switch strings.TrimSpace(k) {
		case "model name":
			c.Name = v
		case "vendor_id":
			c.Vendor = v
		case "cpu family":
			c.Family = number(v)
		case "model":
			c.Model = number(v)
		case "CPU implementer":
			implementer = v
		case "CPU part":
			part = v
		}
	}
	if implementer != "" && part != "" {
		c.Microarch = armParts[strings.ToLower(implementer+" "+part)]
		if c.Name == "" {
			c.Name = "implementer " + implementer + " part " + part
		}
	}
	if c.Microarch == "" {
		c.Microarch = microarchs[cpuID{c.Vendor, c.Family, c.Model}]
	}
	if c.Microarch == "" {
		c.Microarch = microarchs[cpuID{c.Vendor, c.Family, anyModel}]
	}
	return c
}

func number(s string) int {
	n, err := strconv.ParseInt(s, 0, 0)
	if err != nil || n < 0 {
		return -1
	}
	return int(n)
}

// caches returns the size of cpu0's level 1 data cache and level 2 cache
// from /sys: index*/level, type ("Data", "Instruction", "Unified") and
// size ("48K").
func caches(fsys fs.FS) (l1d, l2 int) {
	const dir = "sys/devices/system/cpu/cpu0/cache"
	entries, _ := fs.ReadDir(fsys, dir)
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), "index") {
			continue
		}
		read := func(f string) string {
			b, _ := fs.ReadFile(fsys, dir+"/"+e.Name()+"/"+f)
			return strings.TrimSpace(string(b))
		}
		level, typ, size := read("level"), read("type"), parseSize(read("size"))
		switch {
		case level == "1" && typ == "Data":
			l1d = size
		case level == "2" && typ != "Instruction":
			l2 = size
		}
	}
	return l1d, l2
}

// parseSize reads a size of /sys's cache directories: "48K", "2048K", "1M".
func parseSize(s string) int {
	mul := 1
	switch {
	case strings.HasSuffix(s, "K"):
		mul, s = 1<<10, strings.TrimSuffix(s, "K")
	case strings.HasSuffix(s, "M"):
		mul, s = 1<<20, strings.TrimSuffix(s, "M")
	case strings.HasSuffix(s, "G"):
		mul, s = 1<<30, strings.TrimSuffix(s, "G")
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0
	}
	return n * mul
}

type cpuID struct {
	vendor        string
	family, model int
}

// anyModel stands for every model of a family that one name covers.
const anyModel = -2

// microarchs names the microarchitectures of the server CPUs these
// benchmarks have run on and their neighbours: AMD's by family and model
// (family 26 is Zen 5 throughout), Intel's family 6 by model.
var microarchs = map[cpuID]string{
	{"AuthenticAMD", 23, 1}:        "Zen (Naples)",
	{"AuthenticAMD", 23, 49}:       "Zen 2 (Rome)",
	{"AuthenticAMD", 25, 1}:        "Zen 3 (Milan)",
	{"AuthenticAMD", 25, 17}:       "Zen 4 (Genoa)",
	{"AuthenticAMD", 26, anyModel}: "Zen 5",
	{"GenuineIntel", 6, 85}:        "Skylake-SP/Cascade Lake",
	{"GenuineIntel", 6, 106}:       "Ice Lake-SP",
	{"GenuineIntel", 6, 143}:       "Sapphire Rapids",
	{"GenuineIntel", 6, 173}:       "Granite Rapids",
	{"GenuineIntel", 6, 207}:       "Emerald Rapids",
}

// armParts names Arm's server cores by "implementer part" of /proc/cpuinfo.
var armParts = map[string]string{
	"0x41 0xd0c": "Neoverse N1",
	"0x41 0xd40": "Neoverse V1",
	"0x41 0xd49": "Neoverse N2",
	"0x41 0xd4f": "Neoverse V2",
}
