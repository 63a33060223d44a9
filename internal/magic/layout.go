package magic

import (
	"fmt"
	"io"
	"slices"
	"sync"
	"time"
)

// Param is what the kernel reads for one square:
//
//	key = ((occ & Mask) * Magic >> Shift) & KeyMask
//	i   = Index[IndexBase + key]
//	att = Attack[AttackBase + i]
//
// The shift is one constant per piece (64 - Window(p)). Every magic of the
// Layout, W and standard, leaves nothing above the key
// (SearchOptions.NoJunk), so the key is below Size with no mask: KeyMask is
// all ones and the kernel skips the AND. (Other layouts, bench's, set
// KeyMask to 1<<Bits - 1 for magics that leave junk there.)
type Param struct {
	Mask       uint64
	Magic      uint64
	KeyMask    uint64 // ^0: no mask (every key of the Layout), or 1<<Bits - 1
	IndexBase  uint32
	AttackBase uint32
	Shift      uint8
	Bits       uint8  // the key's width
	Size       uint32 // the index table's entries: 1<<Bits, or fewer for a Table.Short
}

// ParamSize is the bytes the root package spends on one square's Param on
// 64-bit platforms: mask, magic and two table pointers. 32 bytes keep
// every record inside one cache line, which a 40-byte record (the two
// pointers and a 64-bit key mask) does not.
const ParamSize = 32

// Key computes the parameter's key for an occupancy in its numbering (W
// layout for Layout.Rook and Bishop, standard for StdRook and StdBishop).
func (p Param) Key(occ uint64) uint64 {
	return (occ & p.Mask) * p.Magic >> p.Shift & p.KeyMask
}

// Windows of the keys: every rook key is cut from bits 52..63 of the
// product and every bishop key from bits 55..63, so the kernel shifts by a
// constant (no shift count to load, and none to keep in CL on amd64). A
// class with narrower keys keeps its narrow table: its magic is a search
// result that is a multiple of 1<<(window - key bits), shifted down by that
// much, which moves the key from the top of the product to the bottom of
// the window. The search takes only magics that then leave nothing above
// the key (SearchOptions.NoJunk), in both layouts.
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
	Rook, Bishop  [64]Param // the W lookups' keys, from the W layout
	Index         []byte
	Attack        []uint64 // standard layout, per square
	RookClasses   []*Table
	BishopClasses []*Table
	// The drop-in's keys, from the standard layout, into index tables of
	// their own (StdIndex) whose bytes name the same attack sets: each
	// square's AttackBase is the same in Std* as in Rook and Bishop. Their
	// magics leave nothing above the key either.
	StdRook, StdBishop [64]Param
	StdIndex           []byte
	StdRookClasses     []*Table
	StdBishopClasses   []*Table
	SearchDuration     time.Duration // wall time of the whole search
}

// BuildOptions bound the search that Build runs.
type BuildOptions struct {
	Seed     uint64
	MaxTries int // candidates per class and key width
	// StdShareTries bounds the search for a table shared by several squares
	// in the standard layout; a group it does not solve is split further
	// (stdGroups), down to a square alone.
	StdShareTries int
	// StdRookTries bounds the search for each standard-layout rook key at
	// each width from the mask's to the window's (SearchOptions.Terms and
	// Shortest).
	StdRookTries int
	Workers      int       // classes searched at once; 0 means 1
	Progress     io.Writer // one line per solved class; nil for none
}

// MaxKeyBits is the widest key Build accepts: a rook corner's mask width.
const MaxKeyBits = 12

// DefaultBuild returns the options the generator and the tests use.
func DefaultBuild() BuildOptions {
	return BuildOptions{Seed: 1, MaxTries: 30_000_000, StdShareTries: 2_000_000, StdRookTries: 2_000_000, Workers: 2}
}

// WGroup returns the sharing level the W layout uses for a piece: rooks
// share by rotation (a multiply cannot follow a mirror through the rook's
// edge groups), bishops by all eight symmetries.
func WGroup(p Piece) []Sym {
	if p == Bishop {
		return Syms()
	}
	return Rotations()
}

// Build searches every class, lays the tables out and verifies the result
// exhaustively. On any failure it returns an error naming the class or
// square, and no layout.
func Build(opt BuildOptions) (*Layout, error) {
	start := time.Now()
	classes := append(Classes(Rook, WGroup(Rook)), Classes(Bishop, WGroup(Bishop))...)
	tables := make([]*Table, len(classes))
	err := parallel(len(classes), opt.Workers, func(i int) error {
		c := classes[i]
		t, err := Search(c, SearchOptions{Seed: opt.Seed, MaxTries: opt.MaxTries, MaxBits: MaxKeyBits, Window: Window(c.Piece), NoJunk: true})
		progress(opt.Progress, c, t, err)
		tables[i] = t
		return err
	})
	if err != nil {
		return nil, err
	}
	l := &Layout{}
	for _, t := range tables {
		if t.Piece == Bishop {
			l.BishopClasses = append(l.BishopClasses, t)
		} else {
			l.RookClasses = append(l.RookClasses, t)
		}
		if err := place(t, &l.Index, l.params(t.Piece, numberW)); err != nil {
			return nil, err
		}
	}
	// Attack tables in square order, rooks first, so a reader can find them.
	for _, p := range []Piece{Rook, Bishop} {
		params := l.params(p, numberW)
		for sq := 0; sq < 64; sq++ {
			t, k := l.ClassOf(p, sq)
			params[sq].AttackBase = uint32(len(l.Attack))
			for _, a := range t.Sets {
				l.Attack = append(l.Attack, k.Frame.Bitboard(a))
			}
		}
	}

	std := make([][]*Table, len(tables))
	err = parallel(len(tables), opt.Workers, func(i int) error {
		var err error
		std[i], err = searchStd(tables[i], opt)
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, ts := range std {
		for _, t := range ts {
			if t.Piece == Bishop {
				l.StdBishopClasses = append(l.StdBishopClasses, t)
			} else {
				l.StdRookClasses = append(l.StdRookClasses, t)
			}
			if err := place(t, &l.StdIndex, l.params(t.Piece, NumberStd)); err != nil {
				return nil, err
			}
		}
	}
	for _, p := range []Piece{Rook, Bishop} {
		w, s := l.params(p, numberW), l.params(p, NumberStd)
		for sq := range s {
			s[sq].AttackBase = w[sq].AttackBase
		}
	}
	l.SearchDuration = time.Since(start)
	if err := l.Verify(); err != nil {
		return nil, err
	}
	return l, nil
}

// params returns the parameters of a piece keyed from a numbering.
func (l *Layout) params(p Piece, n numbering) *[64]Param {
	switch {
	case p == Rook && n == numberW:
		return &l.Rook
	case p == Rook:
		return &l.StdRook
	case n == numberW:
		return &l.Bishop
	}
	return &l.StdBishop
}

// place appends t's index table to index and fills its squares' parameters
// but for AttackBase: the constant-shift form of the keys (see RookWindow).
func place(t *Table, index *[]byte, params *[64]Param) error {
	base := len(*index)
	*index = append(*index, t.Index...)
	low := Window(t.Piece) - t.Bits
	keyMask := uint64(1)<<t.Bits - 1
	if t.NoJunk {
		keyMask = ^uint64(0) // the search took only magics that leave no junk
	}
	for _, k := range t.Keys {
		if k.Magic&(1<<low-1) != 0 {
			return fmt.Errorf("%s: magic %#x of %s is not a multiple of %d", t.Name(), k.Magic, SquareName(k.Square), 1<<low)
		}
		params[k.Square] = Param{Mask: k.Mask, Magic: k.Magic >> low, KeyMask: keyMask,
			IndexBase: uint32(base), Shift: uint8(64 - Window(t.Piece)), Bits: uint8(t.Bits), Size: uint32(len(t.Index))}
	}
	return nil
}

// stdGroups lists, largest first, the groups of symmetries whose orbits
// Build tries to share one table keyed from the standard layout. The bishop
// list is every subgroup that relates squares of a class (an orbit that
// fails is tried again under the next group); the rook list is empty: no
// group was found whose squares share (docs/SEED.md).
func stdGroups(p Piece) [][]Sym {
	if p == Rook {
		return nil
	}
	return [][]Sym{
		Syms(),
		{Identity, Diagonal, antiDiagonal, rot180},
		{Identity, flipFiles, flipRanks, rot180},
		Rotations(),
		{Identity, Diagonal},
		{Identity, antiDiagonal},
		{Identity, flipFiles},
		{Identity, flipRanks},
		{Identity, rot180},
	}
}

// searchStd finds the standard-layout tables of the squares of t, a solved
// class of the W layout. Greedily, for each group of stdGroups in turn, it
// tries every orbit of the squares still alone (keeping their frames of t,
// so the bytes name the same attack sets); the squares no group joins get a
// table each. Every key leaves no junk above it, as the W keys do, so the
// drop-in's kernel is the W lookups' (no key mask): a key may be wider than
// the mask, up to the window, where no magic leaves junk. Rook squares,
// which share nothing, take the magics whose terms can leave none
// (SearchOptions.Terms) and, at the window's width, the one with the lowest
// highest key, their tables cut there (Shortest).
func searchStd(t *Table, opt BuildOptions) ([]*Table, error) {
	maxBits := Window(t.Piece) // at the window's width no magic leaves junk
	rook := t.Piece == Rook
	alone := slices.Clone(t.Squares)
	var out []*Table
	try := func(c Class, tries int) (*Table, error) {
		st, err := Search(c, SearchOptions{Seed: opt.Seed, MaxTries: tries, MaxBits: maxBits, Window: Window(c.Piece), NoJunk: true,
			Terms: rook, Shortest: rook})
		if err == nil || len(c.Squares) == 1 {
			progress(opt.Progress, c, st, err)
		}
		return st, err
	}
	for _, g := range stdGroups(t.Piece) {
		for _, c := range stdClasses(t, g, alone) {
			if len(c.Squares) < 2 {
				continue
			}
			if st, err := try(c, opt.StdShareTries); err == nil {
				out = append(out, st)
				alone = slices.DeleteFunc(alone, func(s int) bool { return slices.Contains(c.Squares, s) })
			}
		}
	}
	for _, c := range stdClasses(t, []Sym{Identity}, alone) {
		tries := opt.MaxTries
		if rook {
			tries = opt.StdRookTries
		}
		st, err := try(c, tries)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

// progress reports a solved or failed class.
func progress(w io.Writer, c Class, t *Table, err error) {
	if w == nil {
		return
	}
	progressMu.Lock()
	defer progressMu.Unlock()
	if err != nil {
		fmt.Fprintf(w, "%-16s FAILED: %v\n", c.Name(), err)
		return
	}
	fmt.Fprintf(w, "%-16s %d squares  %2d-bit key  %10d candidates  %v\n",
		c.Name(), len(c.Squares), t.Bits, t.Tries, t.Elapsed.Round(time.Millisecond))
}

var progressMu sync.Mutex

// parallel runs f(0..n-1) on up to workers goroutines (at least one) and
// returns the error of the lowest i that failed.
func parallel(n, workers int, f func(i int) error) error {
	errs := make([]error, n)
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := 0
	for w := 0; w < max(workers, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= n {
					return
				}
				errs[i] = f(i)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// ClassOf returns the W-layout class table of a piece on sq and the
// square's key in it.
func (l *Layout) ClassOf(p Piece, sq int) (*Table, SquareKey) {
	ts := l.RookClasses
	if p == Bishop {
		ts = l.BishopClasses
	}
	return tableOf(ts, p, sq)
}

// StdTableOf returns the standard-layout table of a piece on sq (its own,
// or one it shares) and the square's key in it.
func (l *Layout) StdTableOf(p Piece, sq int) (*Table, SquareKey) {
	ts := l.StdRookClasses
	if p == Bishop {
		ts = l.StdBishopClasses
	}
	return tableOf(ts, p, sq)
}

// tableOf returns the table of ts that holds sq, and sq's key in it.
func tableOf(ts []*Table, p Piece, sq int) (*Table, SquareKey) {
	for _, t := range ts {
		for _, k := range t.Keys {
			if k.Square == sq {
				return t, k
			}
		}
	}
	panic(fmt.Sprintf("magic: %v %s in no table", p, SquareName(sq))) // Build covers the board
}

// Verify checks the whole layout the way the kernels read it, the W keys
// and the standard-layout keys alike. For both pieces and every square:
// whatever the occupancy, the key stays inside the class's index table
// (no key has a mask: below Size for every subset of the mask, the only
// bits the key reads)
// and every byte of that table, reached or not, stays inside the square's
// attack table, so no input can make a kernel read outside its tables; and
// for every subset of the mask, with random bits outside it, the result is
// the ray-walking reference.
func (l *Layout) Verify() error {
	noise := uint64(0x2545f4914f6cdd1d)
	for _, n := range []numbering{numberW, NumberStd} {
		index := l.Index
		if n == NumberStd {
			index = l.StdIndex
		}
		for _, p := range []Piece{Rook, Bishop} {
			for sq := 0; sq < 64; sq++ {
				// t's Sets are what the bytes name in both numberings (the
				// standard-layout search keeps each square's W frame); kt is
				// the table the keys index.
				t, _ := l.ClassOf(p, sq)
				kt := t
				if n == NumberStd {
					kt, _ = l.StdTableOf(p, sq)
				}
				prm := l.params(p, n)[sq]
				name := fmt.Sprintf("%s %s (%v keys)", p, SquareName(sq), n)
				mask := Mask(p, sq)
				if prm.Mask != n.Bitboard(mask) {
					return fmt.Errorf("%s: mask %#x, want %#x", name, prm.Mask, n.Bitboard(mask))
				}
				if int(prm.Bits) != kt.Bits || prm.KeyMask != ^uint64(0) || int(prm.Shift) != 64-Window(p) || int(prm.Size) != len(kt.Index) {
					return fmt.Errorf("%s: key bits %d, key mask %#x, shift %d, %d entries", name, prm.Bits, prm.KeyMask, prm.Shift, prm.Size)
				}
				size := int(prm.Size)
				if int(prm.IndexBase)+size > len(index) {
					return fmt.Errorf("%s: index table runs past the end", name)
				}
				if w := l.params(p, numberW)[sq].AttackBase; prm.AttackBase != w {
					return fmt.Errorf("%s: attack sets at %d, the W keys' at %d", name, prm.AttackBase, w)
				}
				for key := 0; key < size; key++ {
					if i := int(index[int(prm.IndexBase)+key]); i >= len(t.Sets) || int(prm.AttackBase)+i >= len(l.Attack) {
						return fmt.Errorf("%s: index byte %d at key %d outside its %d attack sets", name, i, key, len(t.Sets))
					}
				}
				for _, occ := range Subsets(mask) {
					noise ^= noise << 13
					noise ^= noise >> 7
					noise ^= noise << 17
					full := occ | noise
					key := prm.Key(n.Bitboard(full))
					if key >= uint64(size) {
						return fmt.Errorf("%s, occupancy %#x: key %d outside its %d-entry index table", name, full, key, size)
					}
					i := int(index[int(prm.IndexBase)+int(key)])
					if got, want := l.Attack[int(prm.AttackBase)+i], Attacks(p, sq, full); got != want {
						return fmt.Errorf("%s, occupancy %#x: attacks %#x, reference %#x", name, full, got, want)
					}
				}
			}
		}
	}
	return nil
}
