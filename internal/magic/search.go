package magic

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"time"
)

// SquareKey is how one square of a class turns its occupancy into a key of
// its class's shared index table:
//
//	key = ((occ & Mask) * Magic) >> Shift
//
// with occ in the class's numbering (W layout, or standard). Frame is the
// symmetry that maps the class representative to the square; the index
// byte names attack_rep(Frame^-1 occ).
type SquareKey struct {
	Square int
	Frame  Sym
	Mask   uint64 // the square's mask in the class's numbering
	Magic  uint64
	Shift  uint8 // 64 - key bits
}

// Key computes the square's key for an occupancy in the class's numbering.
func (k SquareKey) Key(occ uint64) uint64 {
	return (occ & k.Mask) * k.Magic >> k.Shift
}

// Table is a solved class: every square's key and the one index table they
// share.
type Table struct {
	Class
	Bits    int         // key width
	Keys    []SquareKey // one per square, in Class.Squares order
	Index   []byte      // 1<<Bits entries; entries no key reaches are 0
	Sets    []uint64    // AttackSets(Piece, Rep): what the bytes name
	Tries   int         // candidates tried, over all widths
	Elapsed time.Duration
	Note    string // why Bits exceeds the mask's width; empty if it does not
	NoJunk  bool   // searched with SearchOptions.NoJunk: the keys need no mask
	// Short says the table ends at its highest key (SearchOptions.Shortest):
	// Index may be shorter than 1<<Bits.
	Short bool
}

// SearchOptions bound the search. The search is deterministic for a seed.
type SearchOptions struct {
	Seed     uint64
	MaxTries int // candidates per key width
	MaxBits  int // the widest key tried; 0 means the mask's width
	// Window, if not 0, asks for magics that are multiples of
	// 1<<(Window - key bits), so that Magic>>(Window - key bits) puts the
	// same key at the bottom of the top Window bits of the product (the
	// layout's fixed-shift form; see RookWindow).
	Window int
	// NoJunk, with Window, asks that the magic shifted down to the window
	// leave nothing above the key: for every subset x of the mask, x times
	// Magic>>(Window - key bits) is below 1<<(64 - Window + key bits). Then
	// a fixed shift by 64 - Window yields the key itself, at most
	// 1<<(key bits) - 1, with no key mask to apply (the W layout's keys).
	NoJunk bool
	// Terms, with NoJunk, draws the random magics from the multiplier bits
	// whose product terms with the mask all stay below the key's top or
	// drop off the top of the product: a magic with a term in between
	// leaves junk whatever the occupancy, so the candidates the exhaustive
	// check rejects at once are never drawn. Only the drawn square's mask is
	// considered; derived magics are checked as before.
	Terms bool
	// Shortest, with NoJunk, asks at the window's width (where no magic
	// leaves junk) for the magic, of all MaxTries candidates, whose highest
	// key is lowest, and ends the table there: a square with no magic a bit
	// narrower that leaves nothing above its key pays for the keys it
	// reaches, not for 1<<Window of them. With Terms, candidates are drawn
	// there from the bits that leave no junk a bit narrower, which keeps
	// the highest keys low. For a class of one square.
	Shortest bool
}

// Search finds, for every square of c, a magic such that one index table of
// the narrowest width it can reach serves the whole class.
//
// Each candidate starts from a random sparse magic for one square (the start
// rotates through the class) and derives every other square's magic term by
// term: a product term that carries mask bit p into key bit k must carry p's
// image under the symmetry into the same k. For a rotation in W layout that
// is the seed's (M>>12)|(M<<36) on the 48-bit block (+3/-9 on the 12-bit
// block); for a mirror the image offsets differ bit by bit. Carries from junk
// bits below the key can still break a derived layout, so every candidate is
// checked exhaustively against one shared table.
func Search(c Class, opt SearchOptions) (*Table, error) {
	start := time.Now()
	width := onesCount(Mask(c.Piece, c.Rep))
	maxBits := opt.MaxBits
	if maxBits == 0 {
		maxBits = width
	}
	s := newSearcher(c)
	tries := 0
	for b := width; b <= maxBits; b++ {
		rng := rand.New(rand.NewPCG(opt.Seed, uint64(c.Numbering)<<40|uint64(b)<<32|uint64(c.Piece)<<8|uint64(c.Squares[0])))
		var low uint64
		if opt.Window > b {
			low = 1<<(opt.Window-b) - 1
		}
		s.junk = 0
		if opt.NoJunk && opt.Window > b {
			s.junk = uint8(opt.Window - b)
		}
		shortest := opt.Shortest && opt.NoJunk && b == opt.Window
		s.allowed = nil
		if j := s.junk; opt.Terms && (j != 0 || shortest) {
			for _, m := range s.masks {
				s.allowed = append(s.allowed, termBits(m, max(j, 1)))
			}
		}
		var keys []SquareKey
		var n int
		if shortest {
			if len(c.Squares) != 1 {
				return nil, fmt.Errorf("%s: SearchOptions.Shortest is for a class of one square", c.Name())
			}
			keys, n = s.shortest(b, opt.MaxTries, rng)
		} else {
			keys, n = s.solve(b, opt.MaxTries, rng, low)
		}
		tries += n
		if keys == nil {
			continue
		}
		t := &Table{Class: c, Bits: b, Keys: keys, Sets: AttackSets(c.Piece, c.Rep), Tries: tries, NoJunk: opt.NoJunk, Short: shortest}
		idx, err := buildIndex(t)
		if err != nil {
			return nil, err // the searcher and the verifier disagree: a bug
		}
		t.Index = idx
		if err := t.Verify(); err != nil {
			return nil, err
		}
		if b > width {
			t.Note = fmt.Sprintf("no shared %d-bit table in %d candidates per width", width, opt.MaxTries)
			if opt.NoJunk {
				t.Note = fmt.Sprintf("no shared %d-bit table without junk in %d candidates per width", width, opt.MaxTries)
			}
			if shortest {
				narrower := fmt.Sprintf("%d..%d-bit", width, b-1)
				if width == b-1 {
					narrower = fmt.Sprintf("%d-bit", width)
				}
				t.Note = fmt.Sprintf("no %s key without junk in %d candidates per width; %d of %d entries", narrower, opt.MaxTries, len(t.Index), 1<<b)
			}
		}
		t.Elapsed = time.Since(start)
		return t, nil
	}
	return nil, fmt.Errorf("%s: no shared table of %d..%d bits in %d candidates per width",
		c.Name(), width, maxBits, opt.MaxTries)
}

// searcher holds what every candidate of a class reuses: each square's
// occupancies in W layout, listed in the representative's subset order so
// that entry n of every square names the same canonical byte.
type searcher struct {
	c       Class
	bytes   []uint8
	frames  [][]Sym      // per square
	occW    [][][]uint64 // per square, per frame, per subset
	masks   []uint64     // per square, W layout
	table   []uint32     // epoch<<8 | byte; epoch 0 is empty
	epoch   uint32       // the candidate's, 1..1<<24-1 (see next)
	undo    []uint32     // keys the last fill entered
	junk    uint8        // window - key bits when SearchOptions.NoJunk, else 0
	allowed []uint64     // per square, the multiplier bits drawn (SearchOptions.Terms)
}

func newSearcher(c Class) *searcher {
	s := &searcher{c: c}
	xs := Subsets(Mask(c.Piece, c.Rep))
	sets := AttackSets(c.Piece, c.Rep)
	pos := make(map[uint64]uint8, len(sets))
	for i, a := range sets {
		pos[a] = uint8(i)
	}
	s.bytes = make([]uint8, len(xs))
	for n, x := range xs {
		s.bytes[n] = pos[Attacks(c.Piece, c.Rep, x)]
	}
	for _, sq := range c.Squares {
		fs := c.Frames(sq)
		per := make([][]uint64, len(fs))
		for i, g := range fs {
			per[i] = make([]uint64, len(xs))
			for n, x := range xs {
				per[i][n] = c.Numbering.Bitboard(g.Bitboard(x))
			}
		}
		s.frames = append(s.frames, fs)
		s.occW = append(s.occW, per)
		s.masks = append(s.masks, c.Numbering.Bitboard(Mask(c.Piece, sq)))
	}
	return s
}

// next starts a new candidate: what earlier candidates entered stops
// counting. The epoch has the top 24 bits of an entry, so it would come round
// after 1<<24 - 1 candidates, to 0 (which marks an empty entry) and then to
// the epochs of entries 1<<24 candidates old, making them look current and
// rejecting good candidates; the table is cleared then instead.
func (s *searcher) next() {
	s.epoch++
	if s.epoch<<8 == 0 {
		clear(s.table)
		s.epoch = 1
	}
}

// fill enters one square's keys into the shared table, failing at the first
// key that already names a different byte; on failure it takes back what it
// entered, so the table holds only the squares accepted so far. With
// s.junk set it also rejects a magic that leaves junk above the key: the
// whole mask's product first (the likeliest carry), then, once the keys
// have entered without a collision, every subset's. A random magic
// collides within a few dozen subsets, so the keys rule out most
// candidates long before a walk of every subset would; the answer and the
// table are the same in either order.
func (s *searcher) fill(occW []uint64, magic uint64, shift uint8) bool {
	j := s.junk
	mj := magic >> j // the magic as the kernel multiplies by it, shifted down to the window
	if j != 0 && occW[len(occW)-1]*mj>>(64-j) != 0 {
		return false
	}
	e := s.epoch << 8
	s.undo = s.undo[:0]
	for n, w := range occW {
		k := w * magic >> shift
		v := s.table[k]
		if v&^0xff == e {
			if uint8(v) != s.bytes[n] {
				s.takeBack()
				return false
			}
			continue
		}
		s.table[k] = e | uint32(s.bytes[n])
		s.undo = append(s.undo, uint32(k))
	}
	if j != 0 {
		// The top j bits of every product must be clear.
		for _, w := range occW {
			if w*mj>>(64-j) != 0 {
				s.takeBack()
				return false
			}
		}
	}
	return true
}

// takeBack clears the keys the last fill entered.
func (s *searcher) takeBack() {
	for _, u := range s.undo {
		s.table[u] = 0
	}
}

// perturbations is how many near variants of a derived magic are tried when
// the derived magic itself collides: flipping one or two multiplier bits
// moves junk terms and their carries without touching most of the layout.
const perturbations = 2000

func (s *searcher) solve(b, maxTries int, rng *rand.Rand, low uint64) ([]SquareKey, int) {
	shift := uint8(64 - b)
	s.table = make([]uint32, 1<<b)
	s.epoch = 0
	sq := s.c.Squares
	keys := make([]SquareKey, len(sq))
	frame := make([]int, len(sq))
	for try := 1; try <= maxTries; try++ {
		s.next()
		a := try % len(sq)
		for i := range frame {
			frame[i] = rng.IntN(len(s.frames[i]))
		}
		m := rng.Uint64() & rng.Uint64() & rng.Uint64() &^ low
		if s.allowed != nil {
			m &= s.allowed[a]
		}
		if !s.fill(s.occW[a][frame[a]], m, shift) {
			continue
		}
		ok := true
		for i := range sq {
			g := s.frames[i][frame[i]]
			keys[i] = SquareKey{Square: sq[i], Frame: g, Mask: s.masks[i], Shift: shift, Magic: m}
			if i == a {
				continue
			}
			mi, derived := derive(s.c.Numbering, s.masks[a], m, shift, s.frames[a][frame[a]].Inverse().Then(g))
			if !derived {
				ok = false
				break
			}
			found := false
			for k := 0; k <= perturbations; k++ {
				cand := mi
				if k > 0 {
					for f := 1 + rng.IntN(2); f > 0; f-- {
						cand ^= 1 << rng.IntN(64)
					}
				}
				if cand&low == 0 && s.fill(s.occW[i][frame[i]], cand, shift) {
					keys[i].Magic, found = cand, true
					break
				}
			}
			if !found {
				ok = false
				break
			}
		}
		if ok {
			return keys, try
		}
	}
	return nil, maxTries
}

// shortest runs all maxTries candidates for the one square of the class at
// b bits and returns the collision-free magic whose highest key is lowest
// (the first such), or nil if none is.
func (s *searcher) shortest(b, maxTries int, rng *rand.Rand) ([]SquareKey, int) {
	shift := uint8(64 - b)
	s.table = make([]uint32, 1<<b)
	s.epoch = 0
	var best []SquareKey
	top := uint64(1) << b
	occ := s.occW[0][0]
	for try := 1; try <= maxTries; try++ {
		s.next()
		m := rng.Uint64() & rng.Uint64() & rng.Uint64()
		if s.allowed != nil {
			m &= s.allowed[0]
		}
		// Cheap first: a candidate whose largest occupancy's key is no
		// lower than the best is not better (the full check follows).
		if occ[len(occ)-1]*m>>shift >= top || !s.fill(occ, m, shift) {
			continue
		}
		var hi uint64
		for _, w := range occ {
			hi = max(hi, w*m>>shift)
		}
		if hi < top {
			top = hi
			best = []SquareKey{{Square: s.c.Squares[0], Frame: s.frames[0][0], Mask: s.masks[0], Shift: shift, Magic: m}}
		}
	}
	return best, maxTries
}

// termBits returns the bits k of a candidate magic (the search's form, its
// key at the top of the product) whose terms with every bit p of mask land
// below bit 64 or at 64+junk and above: in the kernel's form, the magic
// shifted down by junk, the others put a bit above the key.
func termBits(mask uint64, junk uint8) uint64 {
	var out uint64
	for k := int(junk); k < 64; k++ {
		ok := true
		for pp := mask; pp != 0; pp &= pp - 1 {
			if p := bits.TrailingZeros64(pp); p+k >= 64 && p+k < 64+int(junk) {
				ok = false
				break
			}
		}
		if ok {
			out |= 1 << k
		}
	}
	return out
}

// derive carries every product term of (mask * m) that reaches the key
// (bits at or above shift) over to the image square under h: the term that
// takes mask bit p to key bit p+j takes h(p) there with multiplier bit
// j + p - h(p), bits numbered by n. It fails when a term would need a right
// shift.
func derive(n numbering, mask, m uint64, shift uint8, h Sym) (uint64, bool) {
	var out uint64
	img := n.symMap(h)
	for mm := m; mm != 0; mm &= mm - 1 {
		j := bits.TrailingZeros64(mm)
		for pp := mask; pp != 0; pp &= pp - 1 {
			p := bits.TrailingZeros64(pp)
			if p+j < int(shift) || p+j > 63 {
				continue
			}
			jj := j + p - int(img[p])
			if jj < 0 || jj > 63 {
				return 0, false
			}
			out |= 1 << jj
		}
	}
	return out, true
}
