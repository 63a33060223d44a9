package magic

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// Param is what the kernel reads for one square:
//
//	key = ((occW & MaskW) * Magic >> Shift) & KeyMask
//	i   = Index[IndexBase + key]
//	att = Attack[AttackBase + i]
//
// In the rotation-shared Layout the shift is one constant per piece
// (64 - Window(p)) and KeyMask cuts the class's key out of the bottom of
// that window; in the full-symmetry SymLayout the key sits at the top of the
// product (Shift = 64 - key bits) and KeyMask takes all of it.
type Param struct {
	MaskW      uint64
	Magic      uint64
	KeyMask    uint64 // 1<<(key bits) - 1
	IndexBase  uint32
	AttackBase uint32
	Shift      uint8
}

// ParamSize and SymParamSize are the bytes the root package's kernels spend
// on one Param on 64-bit platforms: mask, magic, key mask and two table
// pointers for the rotation-shared layout; mask, magic and two packed
// offsets (the shift beside the attack offset) for the full-symmetry one.
const (
	ParamSize    = 40
	SymParamSize = 24
)

// Key computes the parameter's key for a W-layout occupancy.
func (p Param) Key(occW uint64) uint64 {
	return (occW & p.MaskW) * p.Magic >> p.Shift & p.KeyMask
}

// Windows of the keys in the rotation-shared layout: every rook key is cut
// from bits 52..63 of the product and every bishop key from bits 55..63, so
// the kernel shifts by a constant (no shift count to load, and none to keep
// in CL on amd64) and masks the class's key bits with one AND. A class with
// narrower keys keeps its narrow table: its magic is a search result that is
// a multiple of 1<<(window - key bits), shifted down by that much, which
// moves the key from the top of the product to the bottom of the window and
// leaves junk above it, which the mask drops.
const (
	RookWindow   = 12
	BishopWindow = 9
)

// Window returns the key window of a piece (RookWindow or BishopWindow).
func Window(p Piece) int {
	if p == Bishop {
		return BishopWindow
	}
	return RookWindow
}

// Layout is every table the kernels read, as decided here; generators only
// print it. Rook and bishop index tables share one byte array, rook and
// bishop attack tables one uint64 array.
type Layout struct {
	Rook, Bishop   [64]Param
	Index          []byte
	Attack         []uint64 // standard layout, per square
	RookClasses    []*Table
	BishopClasses  []*Table
	SearchDuration time.Duration // wall time of the whole search
}

// BuildOptions bound the search that Build runs.
type BuildOptions struct {
	Seed     uint64
	MaxTries int       // candidates per class and key width
	Workers  int       // classes searched at once; 0 means 1
	Progress io.Writer // one line per solved class; nil for none
}

// MaxKeyBits is the widest key Build accepts: a rook corner's mask width.
const MaxKeyBits = 12

// DefaultBuild is what the generator and the tests use.
var DefaultBuild = BuildOptions{Seed: 1, MaxTries: 30_000_000, Workers: 2}

// RookGroup and BishopGroup are the sharing levels the layout uses: rooks
// share by rotation (a multiply cannot follow a mirror through the rook's
// edge groups), bishops by all eight symmetries.
var (
	RookGroup   = Rotations
	BishopGroup = Syms
)

// Build searches every class, lays the tables out and verifies the result
// exhaustively. On any failure it returns an error naming the class or
// square, and no layout.
func Build(opt BuildOptions) (*Layout, error) {
	start := time.Now()
	classes := append(Classes(Rook, RookGroup), Classes(Bishop, BishopGroup)...)
	tables := make([]*Table, len(classes))
	errs := make([]error, len(classes))
	workers := max(opt.Workers, 1)
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := 0
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(classes) {
					return
				}
				c := classes[i]
				tables[i], errs[i] = Search(c, SearchOptions{Seed: opt.Seed, MaxTries: opt.MaxTries, MaxBits: MaxKeyBits, Window: Window(c.Piece)})
				if opt.Progress != nil {
					mu.Lock()
					if errs[i] != nil {
						fmt.Fprintf(opt.Progress, "%-16s FAILED: %v\n", c.Name(), errs[i])
					} else {
						t := tables[i]
						fmt.Fprintf(opt.Progress, "%-16s %d squares  %2d-bit key  %10d candidates  %v\n",
							c.Name(), len(c.Squares), t.Bits, t.Tries, t.Elapsed.Round(time.Millisecond))
					}
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	l := &Layout{}
	for _, t := range tables {
		params := &l.Rook
		if t.Piece == Bishop {
			params = &l.Bishop
			l.BishopClasses = append(l.BishopClasses, t)
		} else {
			l.RookClasses = append(l.RookClasses, t)
		}
		base := len(l.Index)
		l.Index = append(l.Index, t.Index...)
		low := Window(t.Piece) - t.Bits
		for _, k := range t.Keys {
			if k.Magic&(1<<low-1) != 0 {
				return nil, fmt.Errorf("%s: magic %#x of %s is not a multiple of %d", t.Name(), k.Magic, SquareName(k.Square), 1<<low)
			}
			params[k.Square] = Param{MaskW: k.MaskW, Magic: k.Magic >> low, KeyMask: 1<<t.Bits - 1,
				IndexBase: uint32(base), Shift: uint8(64 - Window(t.Piece))}
		}
	}
	// Attack tables in square order, rooks first, so a reader can find them.
	for _, p := range []Piece{Rook, Bishop} {
		params := &l.Rook
		if p == Bishop {
			params = &l.Bishop
		}
		for sq := 0; sq < 64; sq++ {
			t, k := l.ClassOf(p, sq)
			params[sq].AttackBase = uint32(len(l.Attack))
			for _, a := range t.Sets {
				l.Attack = append(l.Attack, k.Frame.Bitboard(a))
			}
		}
	}
	l.SearchDuration = time.Since(start)
	if err := l.Verify(); err != nil {
		return nil, err
	}
	return l, nil
}

// ClassOf returns the class table of a piece on sq and the square's key in it.
func (l *Layout) ClassOf(p Piece, sq int) (*Table, SquareKey) {
	ts := l.RookClasses
	if p == Bishop {
		ts = l.BishopClasses
	}
	for _, t := range ts {
		for _, k := range t.Keys {
			if k.Square == sq {
				return t, k
			}
		}
	}
	panic(fmt.Sprintf("magic: %v %s in no class", p, SquareName(sq))) // Build covers the board
}

// Verify checks the whole layout the way the kernel reads it. For both
// pieces and every square: whatever the occupancy, the key (at most KeyMask)
// stays inside the class's index table and every byte of that table, reached
// or not, stays inside the square's attack table, so no input can make a
// kernel read outside its tables; and for every subset of the mask, with
// random bits outside it, the result is the ray-walking reference.
func (l *Layout) Verify() error {
	noise := uint64(0x2545f4914f6cdd1d)
	for _, p := range []Piece{Rook, Bishop} {
		for sq := 0; sq < 64; sq++ {
			t, _ := l.ClassOf(p, sq)
			prm := l.Rook[sq]
			if p == Bishop {
				prm = l.Bishop[sq]
			}
			mask := Mask(p, sq)
			if prm.MaskW != ToW(mask) {
				return fmt.Errorf("%s %s: mask %#x, want %#x", p, SquareName(sq), prm.MaskW, ToW(mask))
			}
			if prm.KeyMask != 1<<t.Bits-1 || int(prm.Shift) != 64-Window(p) {
				return fmt.Errorf("%s %s: key mask %#x shift %d, want %#x and %d", p, SquareName(sq), prm.KeyMask, prm.Shift, uint64(1)<<t.Bits-1, 64-Window(p))
			}
			if int(prm.IndexBase)+int(prm.KeyMask) >= len(l.Index) {
				return fmt.Errorf("%s %s: index table runs past the end", p, SquareName(sq))
			}
			for key := 0; key <= int(prm.KeyMask); key++ {
				if i := int(l.Index[int(prm.IndexBase)+key]); i >= len(t.Sets) || int(prm.AttackBase)+i >= len(l.Attack) {
					return fmt.Errorf("%s %s: index byte %d at key %d outside its %d attack sets", p, SquareName(sq), i, key, len(t.Sets))
				}
			}
			for _, occ := range Subsets(mask) {
				noise ^= noise << 13
				noise ^= noise >> 7
				noise ^= noise << 17
				full := occ | noise
				// In bounds by the checks above: key <= KeyMask, and every
				// byte of the table names one of the square's sets.
				key := prm.Key(ToW(full))
				i := int(l.Index[int(prm.IndexBase)+int(key)])
				if got, want := l.Attack[int(prm.AttackBase)+i], Attacks(p, sq, full); got != want {
					return fmt.Errorf("%s %s, occupancy %#x: attacks %#x, reference %#x", p, SquareName(sq), full, got, want)
				}
			}
		}
	}
	return nil
}
