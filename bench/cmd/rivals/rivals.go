package main

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/cpu"

	"github.com/symmagic/attacks/bench/internal/foreign"
	"github.com/symmagic/attacks/bench/internal/worker"
)

// The drivers, written into the cache directory and built there: the
// repository holds their sources alone.
//
//go:embed drivers/cozy/Cargo.toml drivers/cozy/src/main.rs drivers/chesslib/perft.cpp
var drivers embed.FS

// The rivals' pinned commits: the newest on each default branch when the
// command was written. A checkout given by flag is measured at whatever
// commit it holds, and the report says which.
const (
	// cozyCommit is cozy-chess 0.3.4 (master, 5 April 2024).
	cozyCommit = "1d8a04d1510071931132ce11e988ced0d41807c8"
	// chessLibCommit is chess-library 0.9.3 (master, 11 March 2026).
	chessLibCommit = "1aafb2eb8786933b58f4d129f30adce91036a491"
)

// cacheName is the cache directory's folder (os.UserCacheDir) that holds
// the clones and the builds.
const cacheName = "symmagic-attacks-rivals"

// Builds: the index of each of a rival's two builds.
const (
	bDefault = iota
	bNative
	nBuild
)

var buildNames = [nBuild]string{"default", "native"}

// rival is a library measured against movegen: where its source is and
// how its driver is built.
type rival struct {
	name, lang, url, commit string
	// flag names a checkout on the command line (without its dash);
	// marker is a file every checkout holds, by which the flag's
	// directory is checked.
	flag, marker string
	// api says how the driver calls the library, note what else the
	// report should say of its builds.
	api, note string
	// toolchain finds the compiler, or returns a *foreign.Skip saying
	// what is missing.
	toolchain func(r *rival) (foreign.Tool, error)
	// build builds the driver's two builds from the checkout src in the
	// directory work.
	build func(tc foreign.Tool, src, work string, stderr io.Writer) ([nBuild]program, error)
}

// rivals are the libraries measured, in the report's order.
var rivals = []*rival{
	{
		name: "cozy-chess", lang: "Rust", url: "https://github.com/analog-hors/cozy-chess", commit: cozyCommit,
		flag: "cozy-chess", marker: "cozy-chess/Cargo.toml",
		api: "Board::generate_moves, copy-make (each child a clone of its parent with the move played " +
			"by play_unchecked), the last ply counted by its piece-move sets' len(), as its own perft example does",
		note: "the driver's release profile is cozy-chess's own (thin LTO, one codegen unit); its pext feature " +
			"(PEXT bitboards) only on a CPU with BMI2",
		toolchain: findCargo, build: buildCozy,
	},
	{
		name: "chess-library", lang: "C++", url: "https://github.com/Disservin/chess-library", commit: chessLibCommit,
		flag: "chess-library", marker: "include/chess.hpp",
		api: "movegen::legalmoves into a Movelist, then makeMove and unmakeMove on one Board, " +
			"the last ply counted by the list's size(), as its own perft benchmark does",
		note: "-DNDEBUG turns the library's asserts off, as its documentation says to; -DCHESS_USE_PEXT " +
			"(PEXT lookups) only on a CPU with BMI2",
		toolchain: findCXX, build: buildChessLib,
	},
}

// program is one build of a rival's driver.
type program struct {
	build string // "default" or "native"
	how   string // how it was built, for the report
	path  string // the executable
}

// prepared is a rival ready to measure.
type prepared struct {
	*rival
	src      string
	head     string // the checkout's commit, "" where not known
	compiler string
	builds   [nBuild]program
}

// source is where r's source comes from.
func (r *rival) source() foreign.Source {
	return foreign.Source{Name: r.name, URL: r.url, Commit: r.commit, Flag: r.flag, Marker: r.marker}
}

// prepare finds r's toolchain and source (dir, its flag's checkout, or a
// clone at the pinned commit in cache) and builds its driver. What is
// missing is a *foreign.Skip; a build that fails is an error.
func (r *rival) prepare(dir, cache string, stderr io.Writer) (*prepared, error) {
	tc, err := r.toolchain(r)
	if err != nil {
		return nil, err
	}
	src, work, err := r.source().Prepare(dir, cache, r.name, nil, stderr)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(stderr, "%s: building its driver from %s (%s)\n", r.name, src, tc.Version)
	builds, err := r.build(tc, src, work, stderr)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", r.name, err)
	}
	return &prepared{rival: r, src: src, head: foreign.GitHead(src), compiler: tc.Version, builds: builds}, nil
}

// hasBMI2 reports whether this CPU has BMI2's PEXT, which both rivals'
// PEXT options need (they fail to build or run without it).
func hasBMI2() bool { return runtime.GOARCH == "amd64" && cpu.X86.HasBMI2 }

// findCargo finds cargo on PATH or in $HOME/.cargo/bin (rustup's
// directory, often not on PATH), and rustc -V beside it.
func findCargo(r *rival) (foreign.Tool, error) {
	cargo, err := exec.LookPath("cargo")
	if err != nil {
		home, _ := os.UserHomeDir()
		p := filepath.Join(home, ".cargo", "bin", "cargo")
		if fi, err := os.Stat(p); home == "" || err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			return foreign.Tool{}, foreign.Skipf(r.name, "no cargo on PATH or in $HOME/.cargo/bin; install Rust "+
				"(https://rustup.rs) or put cargo on PATH")
		}
		cargo = p
	}
	// cargo's directory first on PATH, so that cargo runs the rustc beside
	// it (rustup's proxies live together).
	env := append(os.Environ(), "PATH="+filepath.Dir(cargo)+string(os.PathListSeparator)+os.Getenv("PATH"))
	rustc := filepath.Join(filepath.Dir(cargo), "rustc")
	if _, err := os.Stat(rustc); err != nil {
		rustc = "rustc"
	}
	cmd := exec.Command(rustc, "-V")
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		return foreign.Tool{}, foreign.Skipf(r.name, "cargo is %s, but rustc -V fails (%v); install a Rust toolchain (rustup default stable)", cargo, err)
	}
	return foreign.Tool{Path: cargo, Version: strings.TrimSpace(string(out)), Env: env}, nil
}

// findCXX finds the C++ compiler: $CXX if set, else c++, g++ or clang++ on
// PATH.
func findCXX(r *rival) (foreign.Tool, error) { return foreign.CXX.Find(r.name) }

// hasFeature reports whether a Cargo.toml's [features] table defines
// feature name.
func hasFeature(manifest []byte, name string) bool {
	in := false
	for _, line := range strings.Split(string(manifest), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			in = line == "[features]"
			continue
		}
		if k, _, ok := strings.Cut(line, "="); in && ok && strings.Trim(strings.TrimSpace(k), `"`) == name {
			return true
		}
	}
	return false
}

// cozyPath is the dependency's path in drivers/cozy/Cargo.toml, which
// buildCozy sets to the checkout.
const cozyPath = `cozy-chess = { path = "../cozy-chess/cozy-chess" }`

// buildCozy builds the cozy-chess driver: cargo build --release --offline,
// once by default and once with -C target-cpu=native and, where the crate
// has it and the CPU BMI2, its pext feature. Each build has a target
// directory of its own in work, so that both stay built.
func buildCozy(tc foreign.Tool, src, work string, stderr io.Writer) ([nBuild]program, error) {
	var p [nBuild]program
	manifest, err := drivers.ReadFile("drivers/cozy/Cargo.toml")
	if err != nil {
		return p, err
	}
	if bytes.Count(manifest, []byte(cozyPath)) != 1 {
		return p, fmt.Errorf("drivers/cozy/Cargo.toml has no line %q to set", cozyPath)
	}
	dep := fmt.Sprintf("cozy-chess = { path = %s }", strconv.Quote(filepath.ToSlash(filepath.Join(src, "cozy-chess"))))
	manifest = bytes.Replace(manifest, []byte(cozyPath), []byte(dep), 1)
	main, err := drivers.ReadFile("drivers/cozy/src/main.rs")
	if err != nil {
		return p, err
	}
	dir := filepath.Join(work, "driver")
	if err := foreign.WriteFiles(dir, map[string][]byte{"Cargo.toml": manifest, "src/main.rs": main}); err != nil {
		return p, err
	}
	crate, err := os.ReadFile(filepath.Join(src, "cozy-chess", "Cargo.toml"))
	if err != nil {
		return p, err
	}
	pext := hasFeature(crate, "pext") && hasBMI2()
	for b := range nBuild {
		target := filepath.Join(work, "target-"+buildNames[b])
		args := []string{"build", "--release", "--offline"}
		rustflags := ""
		p[b].how = "cargo build --release --offline"
		if b == bNative {
			rustflags = "-C target-cpu=native"
			p[b].how = `RUSTFLAGS="-C target-cpu=native" ` + p[b].how
			if pext {
				args = append(args, "--features", "pext")
				p[b].how += " --features pext"
			}
		}
		var env []string
		for _, e := range tc.Env {
			k, _, _ := strings.Cut(e, "=")
			if k != "RUSTFLAGS" && k != "CARGO_ENCODED_RUSTFLAGS" && k != "CARGO_BUILD_RUSTFLAGS" && k != "CARGO_TARGET_DIR" && k != "CARGO_BUILD_TARGET_DIR" {
				env = append(env, e)
			}
		}
		env = append(env, "RUSTFLAGS="+rustflags, "CARGO_TARGET_DIR="+target)
		fmt.Fprintf(stderr, "%s: %s build: %s\n", "cozy-chess", buildNames[b], p[b].how)
		if err := foreign.Run(env, dir, tc.Path, args...); err != nil {
			return p, err
		}
		p[b].build = buildNames[b]
		p[b].path = filepath.Join(target, "release", "cozy-perft"+exeSuffix())
	}
	return p, nil
}

// buildChessLib builds the chess-library driver: -O3 -std=c++17 -DNDEBUG
// (the library's asserts off, as its documentation says to), and again
// with -march=native and, on a CPU with BMI2, -DCHESS_USE_PEXT.
func buildChessLib(tc foreign.Tool, src, work string, stderr io.Writer) ([nBuild]program, error) {
	var p [nBuild]program
	driver, err := drivers.ReadFile("drivers/chesslib/perft.cpp")
	if err != nil {
		return p, err
	}
	if err := foreign.WriteFiles(work, map[string][]byte{"perft.cpp": driver}); err != nil {
		return p, err
	}
	for b := range nBuild {
		flags := []string{"-O3", "-std=c++17", "-DNDEBUG"}
		if b == bNative {
			flags = append(flags, "-march=native")
			if hasBMI2() {
				flags = append(flags, "-DCHESS_USE_PEXT")
			}
		}
		p[b].build = buildNames[b]
		p[b].how = filepath.Base(tc.Path) + " " + strings.Join(flags, " ")
		p[b].path = filepath.Join(work, "chesslib-perft-"+buildNames[b]+exeSuffix())
		args := append(flags, "-I", filepath.Join(src, "include"), "-o", p[b].path, "perft.cpp")
		// The build is kept while its compiler, command, driver and
		// header are the same.
		header, err := os.ReadFile(filepath.Join(src, "include", "chess.hpp"))
		if err != nil {
			return p, err
		}
		stamp := foreign.NewStamp(p[b].path, []byte(tc.Path), []byte(tc.Version), []byte(strings.Join(args, "\x00")), driver, header)
		before, err := stamp.Build(func() error {
			fmt.Fprintf(stderr, "%s: %s build: %s\n", "chess-library", buildNames[b], p[b].how)
			return foreign.Run(tc.Env, work, tc.Path, args...)
		})
		if err != nil {
			return p, err
		}
		if before {
			fmt.Fprintf(stderr, "%s: %s build: %s (built before)\n", "chess-library", buildNames[b], p[b].how)
		}
	}
	return p, nil
}

func exeSuffix() string {
	if runtime.GOOS == "windows" {
		return ".exe"
	}
	return ""
}

// driver is a running driver process: requests on its stdin, answers on
// its stdout.
type driver struct {
	name string // "cozy-chess native", for errors
	proc *worker.Proc
}

// startDriver starts build p of a rival, each measurement to run minTime.
func startDriver(name string, p program, minTime time.Duration) (*driver, error) {
	d := &driver{name: name + " " + p.build}
	proc, err := worker.Start(p.path, strconv.FormatInt(minTime.Nanoseconds(), 10))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", d.name, err)
	}
	d.proc = proc
	return d, nil
}

// perft asks the driver for one measurement of fen to depth.
func (d *driver) perft(fen string, depth int) (timing, error) {
	var t timing
	var line []byte
	_, err := fmt.Fprintf(d.proc, "%s\t%d\n", fen, depth)
	if err == nil {
		if line, err = d.proc.ReadLine(); errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
	}
	if err != nil {
		if werr := d.stop(); werr != nil {
			return t, werr // its exit status and its own message
		}
		return t, fmt.Errorf("%s: no answer to perft of %q to depth %d: %v", d.name, fen, depth, err)
	}
	f := strings.Fields(string(line))
	var ns int64
	var e [3]error
	if len(f) == 3 {
		t.nodes, e[0] = strconv.ParseUint(f[0], 10, 64)
		t.calls, e[1] = strconv.ParseUint(f[1], 10, 64)
		ns, e[2] = strconv.ParseInt(f[2], 10, 64)
	}
	if len(f) != 3 || errors.Join(e[:]...) != nil || t.calls == 0 || ns <= 0 {
		return t, fmt.Errorf("%s: answer %q: want NODES CALLS NS", d.name, line)
	}
	t.el = time.Duration(ns)
	return t, nil
}

// stop ends the driver: its stdin closed, it exits. Once stopped, stop
// does nothing.
func (d *driver) stop() error {
	if err := d.proc.Close(); err != nil {
		return fmt.Errorf("%s: %v", d.name, err)
	}
	return nil
}
