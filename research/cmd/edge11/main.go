// Command edge11 searches 11-bit shared index tables for the rook rotation
// classes of e1 (e1 a4 h5 d8) and f1 (f1 a3 h6 c8), which the layout's
// search only shares at 12 bits. Every square of a class may carry its own
// magic: the four keys only have to agree on one shared table (several
// squares or occupancies may read one entry if they name the same canonical
// byte). The key is the layout's: ((occW & maskW) * magic >> 52) & 0x7ff.
//
// Stages (each deterministic for -seed, each prints what it tried; the
// enumerating ones print "FOUND" and the magics for every shared table):
//
//	pext     every bijection of the 11 mask bits onto the 11 key bits: each
//	         square's magic is the sum of 1<<(k_t - p_t) over its mask bits
//	         (11! = 39,916,800 maps), checked on one shared table.
//	pool     per square, random sparse magics consistent alone, ranked by
//	         the entries they use; then every combination, square by square.
//	derive   random magics, the other squares derived term by term as in
//	         magic.Search; the best quadruple annealed.
//	anneal   simulated annealing over the four magics from random starts.
//	digits   the quadruples whose per-mask-bit key fractions agree on k bits
//	         (-kmin..-kmax), enumerated or sampled (see digits.go).
//	regroup  digits on every split of the eight images into two groups of four.
//	subsets  digits on groups of two or three squares of the class.
//	used     the layout's own 12-bit table: the entries it reaches.
//	sym      key widths of the full-symmetry kernel's classes.
//
// Classes c1 and d1, which share at 11 bits, check the method:
//
//	go run -C research ./cmd/edge11 -class e1 -stage digits -kmin 13 -kmax 20 -maxfree 28
//	go run -C research ./cmd/edge11 -class d1 -stage digits -kmin 15 -kmax 15
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/bits"
	"os"
	"slices"
	"time"

	"github.com/symmagic/attacks/internal/magic"
)

const (
	keyBits = 11
	shift   = 64 - magic.RookWindow // 52
	keyMask = 1<<keyBits - 1
)

// class is one rotation class with everything a candidate check reuses.
type class struct {
	c      magic.Class
	frames []magic.Sym
	occW   [][]uint64 // per square, per subset of the rep's mask (rep order)
	maskW  []uint64
	pos    [][]int // per square, the W bit of each rep mask bit (rep order)
	bytes  []uint8 // canonical byte per subset
	nsets  int
}

func newClass(rep int) *class {
	var c magic.Class
	for _, k := range magic.Classes(magic.Rook, magic.Rotations()) {
		if k.Rep == rep {
			c = k
		}
	}
	var syms []magic.Sym
	for _, sq := range c.Squares {
		syms = append(syms, c.Frames(sq)[0])
	}
	return newClassSyms(rep, syms)
}

// newClassSyms is the group of squares g(rep), g in syms, each in frame g:
// the byte of occupancy x on g(rep) names attack_rep(g^-1 x).
func newClassSyms(rep int, syms []magic.Sym) *class {
	c := magic.Class{Piece: magic.Rook, Group: syms, Rep: rep}
	for _, g := range syms {
		c.Squares = append(c.Squares, g.Square(rep))
	}
	cl := &class{c: c}
	mask := magic.Mask(magic.Rook, rep)
	xs := magic.Subsets(mask)
	sets := magic.AttackSets(magic.Rook, rep)
	cl.nsets = len(sets)
	for _, x := range xs {
		i, _ := slices.BinarySearch(sets, magic.Attacks(magic.Rook, rep, x))
		cl.bytes = append(cl.bytes, uint8(i))
	}
	for i, sq := range c.Squares {
		g := syms[i]
		cl.frames = append(cl.frames, g)
		var o []uint64
		for _, x := range xs {
			o = append(o, magic.ToW(g.Bitboard(x)))
		}
		cl.occW = append(cl.occW, o)
		cl.maskW = append(cl.maskW, magic.ToW(magic.Mask(magic.Rook, sq)))
		var p []int
		for m := mask; m != 0; m &= m - 1 {
			p = append(p, bits.TrailingZeros64(magic.ToW(g.Bitboard(1<<bits.TrailingZeros64(m)))))
		}
		cl.pos = append(cl.pos, p)
	}
	return cl
}

// table is a shared index table under construction: epoch<<8 | byte.
type table struct {
	e    []uint32
	ep   uint32
	undo []uint32
}

func newTable() *table { return &table{e: make([]uint32, 1<<keyBits), ep: 1} }

func (t *table) reset() {
	t.ep++
	if t.ep<<8 == 0 {
		clear(t.e)
		t.ep = 1
	}
}

// fill enters one square's keys; on a conflict it takes them back.
func (t *table) fill(occ []uint64, b []uint8, m uint64) bool {
	e := t.ep << 8
	t.undo = t.undo[:0]
	for n, w := range occ {
		k := w * m >> shift & keyMask
		v := t.e[k]
		if v&^0xff == e {
			if uint8(v) != b[n] {
				for _, u := range t.undo {
					t.e[u] = 0
				}
				return false
			}
			continue
		}
		t.e[k] = e | uint32(b[n])
		t.undo = append(t.undo, uint32(k))
	}
	return true
}

func main() {
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	os.Exit(exitCode(err, os.Stderr))
}

// usageError is a bad command line: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// errFlags is a command line package flag rejected: it has printed the
// message and the usage.
var errFlags = errors.New("bad flags")

// exitCode prints err, if any, and gives the exit status for it.
func exitCode(err error, stderr io.Writer) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errFlags):
		return 2
	}
	fmt.Fprintln(stderr, "edge11:", err)
	if errors.As(err, new(usageError)) {
		return 2
	}
	return 1
}

// run runs one stage on one class as the command line asks; -h prints the
// flags and returns nil.
func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("edge11", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rep := fs.String("class", "e1", "class representative: e1 or f1 (c1 and d1, which share at 11 bits, check the method)")
	stage := fs.String("stage", "pext", "pext, pool, anneal, derive, digits, regroup, subsets, used or sym")
	seed := fs.Uint64("seed", 1, "seed of the random stages")
	pool := fs.Int("pool", 4000, "pool: magics kept per square")
	tries := fs.Int("tries", 20_000_000, "pool, derive: random magics drawn per square; digits, regroup, subsets: assignments sampled")
	steps := fs.Int("steps", 1_000_000, "anneal, derive: moves per restart")
	restarts := fs.Int("restarts", 10, "anneal: restarts")
	kmin := fs.Int("kmin", 4, "digits: fewest agreeing fraction bits")
	kmax := fs.Int("kmax", 16, "digits: most agreeing fraction bits")
	maxFree := fs.Int("maxfree", 26, "digits, regroup, subsets: enumerate when at most this many bits are free")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return errFlags
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("unexpected arguments %q", fs.Args())}
	}
	sq, known := map[string]int{"c1": 2, "d1": 3, "e1": 4, "f1": 5}[*rep]
	if !known {
		return usageError{"-class must be c1, d1, e1 or f1"}
	}
	o := &output{w: stdout}
	cl := newClass(sq)
	o.printf("class %s: squares", cl.c.Name())
	for i, s := range cl.c.Squares {
		o.printf(" %s(%v W%v)", magic.SquareName(s), cl.frames[i], cl.pos[i])
	}
	o.printf("; %d occupancies, %d attack sets\n", len(cl.bytes), cl.nsets)
	start := time.Now()
	var err error
	switch *stage {
	case "pext":
		stagePext(o, cl)
	case "anneal":
		stageAnneal(o, cl, *seed, *steps, *restarts)
	case "derive":
		stageDerive(o, cl, *seed, *tries, *steps)
	case "sym":
		err = stageSym(o)
	case "digits":
		for k := *kmin; k <= *kmax; k++ {
			stageDigits(o, cl, k, *maxFree, *tries, *seed)
		}
	case "regroup":
		stageRegroup(o, sq, *maxFree, *tries, *seed)
	case "subsets":
		stageSubsets(o, sq, *maxFree, *tries, *seed)
	case "used":
		err = stageUsed(o, cl)
	case "pool":
		stagePool(o, cl, *seed, *pool, *tries)
	default:
		return usageError{fmt.Sprintf("unknown stage %q", *stage)}
	}
	if err != nil {
		return err
	}
	o.printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
	return nil
}

// output is where the stages print, and what they found.
type output struct {
	w     io.Writer
	found [][]uint64 // every quadruple report printed, for the tests
}

func (o *output) printf(format string, args ...any) { fmt.Fprintf(o.w, format, args...) }

// report prints a quadruple of magics that shares one table, and keeps it.
func (o *output) report(cl *class, ms []uint64) {
	o.found = append(o.found, append([]uint64(nil), ms...))
	o.printf("FOUND %s:", cl.c.Name())
	for i, m := range ms {
		o.printf(" %s=%#016x", magic.SquareName(cl.c.Squares[i]), m)
	}
	o.printf("\n")
}
