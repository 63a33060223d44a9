package syzygy

import (
	"encoding/binary"
	"fmt"

	"github.com/symmagic/attacks/movegen"
)

// A Syzygy table file, as its generator writes it (little-endian but for
// the compressed streams, which are read as big-endian words):
//
//	magic (4 bytes), flags (1: bit 0 the WDL file stores both sides to
//	move, bit 1 the table has pawns)
//	for each subtable (one, or four with pawns: the leading pawn's file,
//	a to d): the order of the piece groups (a nibble a side to move),
//	with pawns of both colours a second order byte, and the piece of each
//	square of the index (a nibble a side)
//	(padding to an even offset)
//	for each subtable and side: the compressed stream's header and its
//	symbols (see pairs)
//	DTZ only: the maps from stored values to plies, where flags say so
//	(padding to an even offset)
//	each stream's index table, then each stream's block sizes, then
//	each stream's blocks, each stream's first block at a multiple of 64
//
// Every offset and size is checked against the file when it is parsed, and
// every read a probe makes is checked against what was parsed, so that a
// corrupt or truncated file is an error and never a read out of bounds.

var magics = [2]uint32{0x5d23e871, 0xa50c66d7}

// maxPieces is the most pieces a table holds (and so the largest position
// the index code handles).
const maxPieces = 7

// encInfo is how one subtable's stream indexes positions: its pieces in
// index order, the groups of like pieces, and each group's factor.
type encInfo struct {
	pairs  *pairs
	pieces [maxPieces]uint8 // piece codes: colour<<3 | type (1 pawn ... 6 king), white the name's left side
	norm   [maxPieces]uint8 // the size of the group starting at i, else 0
	factor [maxPieces]uint64
}

// table is a parsed table file.
type table struct {
	data    []byte
	release func() error
	kind    int
	e       *entry
	split   bool // WDL: both sides to move stored
	// ei holds the subtables' streams: WDL [t + nt*side], DTZ [t], t the
	// leading pawn's file (0 without pawns), nt the subtables' number.
	ei [8]encInfo
	// DTZ: each subtable's flags (bit 0 the side to move stored, bit 1
	// values mapped, bit 2 a win's value in plies (else in moves), bit 3
	// a loss's, bit 4 the maps 16-bit), and its four maps' offsets in
	// data and lengths: win, loss, cursed win, blessed loss.
	dtzFlags  [4]uint8
	mapOff    [4][4]int
	mapLen    [4][4]int
	leadPiece uint8 // with pawns: the leading pawns' code
}

// pairs is one compressed stream: a sequence of values (one per index),
// cut into blocks each of which starts a run of Huffman codes; each code is
// a symbol that stands for one value or, recursively, a pair of symbols.
type pairs struct {
	constant  bool  // no stream: every value is constSym's
	constSym  uint8 // WDL: the value + 2
	idxBits   uint  // an index entry every 2^idxBits values
	blockSize uint  // a block's bytes, log 2
	minLen    int   // the shortest code, in bits
	maxLen    int   // the longest
	numBlocks uint32
	realBlock uint32 // blocks with data (the size table may list more)
	numIdx    uint64
	index     []byte // 6 bytes an entry: block (LE 32), offset of the value in it (LE 16)
	sizes     []byte // a block's values less one, LE 16
	data      []byte // the blocks, up to the end of the file
	// base[l] is the smallest code of length l, left-aligned in 64 bits
	// (0 beyond the longest length); offset[l] the first symbol of length l.
	// (64 entries, so that an index masked with 63 needs no bounds check.)
	base   [64]uint64
	offset [64]uint16
	syms   []symbol
	// lens[s] is the number of values symbol s stands for, less one (0 a
	// value), in a byte: the decoding loop reads it for every code it
	// skips, and the bytes keep the cache lines few.
	lens []uint8
	// fast[c] is what the decoder needs of the codes that the fastBits
	// bits c start with: the values the symbols of the whole codes among
	// them stand for (bits 20-31: at most 10 codes of 256 values) and the
	// bits those codes take (bits 16-19), which it skips at once when the
	// value it looks for lies beyond; and the first code, where it is
	// whole among them: its length (bits 12-15; 0 where the code is
	// longer, 15 where it names no symbol) and its symbol's count of
	// values less one, lens of its symbol (bits 0-7), so that the decoder
	// reads a short code's length and count here rather than searching
	// base for the one and reading lens for the other; only the code that
	// holds the value looked for has its symbol worked out.
	fast *[1 << fastBits]uint32
}

// fastBits is the width of pairs.fast's index: 2 KB a stream.
const fastBits = 9

// fastBad is pairs.fast's first length for a code that names no symbol.
const fastBad = 15

// symbol is a symbol's expansion: the pair left, right, or, where lens
// says it stands for one value, that value's 12 bits in left. Four bytes,
// so that the walk down a symbol's pairs reads few cache lines.
type symbol struct {
	left, right uint16
}

func le16(b []byte, off int) int { return int(binary.LittleEndian.Uint16(b[off:])) }
func le32(b []byte, off int) uint32 {
	return binary.LittleEndian.Uint32(b[off:])
}

// parseError is a table file's fault: what is wrong and where.
func parseError(off int, format string, a ...any) error {
	return fmt.Errorf("at byte %d: %s", off, fmt.Sprintf(format, a...))
}

// parseTable parses the file data of e's table of the kind.
func parseTable(data []byte, e *entry, kind int) (*table, error) {
	t := &table{data: data, kind: kind, e: e}
	if len(data) < 5 {
		return nil, parseError(0, "%d bytes: no header", len(data))
	}
	if m := le32(data, 0); m != magics[kind] {
		return nil, parseError(0, "magic %#08x, want %#08x (a %s file)", m, magics[kind], suffixes[kind])
	}
	flags := data[4]
	if pawnful := flags&2 != 0; pawnful != e.hasPawns {
		return nil, parseError(4, "flags %#02x say pawns %v; %s has %v", flags, pawnful, e.name, e.hasPawns)
	}
	t.split = kind == wdlKind && flags&1 != 0
	if kind == wdlKind && !t.split && !e.symmetric {
		return nil, parseError(4, "flags %#02x: one side to move stored in the WDL file of %s, which is not symmetric", flags, e.name)
	}
	nt := 1
	if e.hasPawns {
		nt = 4
	}
	sides := 1
	if t.split {
		sides = 2
	}
	more := 0
	if e.hasPawns && e.pawns[1] > 0 {
		more = 1
	}
	off := 5
	var size [4][2]uint64
	for f := 0; f < nt; f++ {
		need := 1 + more + e.pieces
		if off+need > len(data) {
			return nil, parseError(off, "file ends in the piece lists")
		}
		for s := 0; s < sides; s++ {
			n, err := t.setEncoding(&t.ei[f+nt*s], data[off:off+need], uint(4*s), f)
			if err != nil {
				return nil, parseError(off, "subtable %d, side %d: %v", f, s, err)
			}
			size[f][s] = n
		}
		off += need
	}
	off += off & 1
	for f := 0; f < nt; f++ {
		for s := 0; s < sides; s++ {
			p, next, fl, err := parsePairs(data, off, size[f][s], kind)
			if err != nil {
				return nil, err
			}
			t.ei[f+nt*s].pairs = p
			if kind == dtzKind {
				t.dtzFlags[f] = fl
			}
			off = next
		}
	}
	if kind == dtzKind {
		for f := 0; f < nt; f++ {
			fl := t.dtzFlags[f]
			if fl&2 == 0 {
				continue
			}
			if fl&16 != 0 {
				off += off & 1
			}
			for i := 0; i < 4; i++ {
				if fl&16 == 0 {
					if off >= len(data) {
						return nil, parseError(off, "file ends in a DTZ map")
					}
					t.mapOff[f][i], t.mapLen[f][i] = off+1, int(data[off])
					off += 1 + int(data[off])
				} else {
					if off+2 > len(data) {
						return nil, parseError(off, "file ends in a DTZ map")
					}
					n := le16(data, off)
					t.mapOff[f][i], t.mapLen[f][i] = off+2, n
					off += 2 + 2*n
				}
				if off > len(data) {
					return nil, parseError(off, "file ends in a DTZ map")
				}
			}
		}
		off += off & 1
	}
	// The index tables, the size tables, then the blocks.
	for step := 0; step < 3; step++ {
		for f := 0; f < nt; f++ {
			for s := 0; s < sides; s++ {
				p := t.ei[f+nt*s].pairs
				if p.constant {
					continue
				}
				switch step {
				case 0:
					n := 6 * p.numIdx
					if uint64(len(data)-off) < n {
						return nil, parseError(off, "file ends in an index table of %d bytes", n)
					}
					p.index = data[off : off+int(n)]
					off += int(n)
				case 1:
					n := 2 * uint64(p.numBlocks)
					if uint64(len(data)-off) < n {
						return nil, parseError(off, "file ends in a size table of %d bytes", n)
					}
					p.sizes = data[off : off+int(n)]
					off += int(n)
				case 2:
					off = (off + 63) &^ 63
					n := uint64(p.realBlock) << p.blockSize
					// The decoder reads up to 8 bytes past a block: a
					// file ends 16 bytes (its checksum) after its last.
					if off > len(data) || uint64(len(data)-off) < n+8 {
						return nil, parseError(off, "file ends in the blocks: %d blocks of %d bytes", p.realBlock, 1<<p.blockSize)
					}
					p.data = data[off:]
					off += int(n)
				}
			}
		}
	}
	if e.hasPawns {
		t.leadPiece = t.ei[0].pieces[0]
		for i := 0; i < nt*sides; i++ {
			for j := 0; j < int(e.pawns[0]); j++ {
				if t.ei[i].pieces[j] != t.leadPiece {
					return nil, parseError(5, "subtable %d does not start with the leading pawns", i)
				}
			}
		}
	}
	return t, nil
}

// setEncoding reads a subtable's piece list and group order (the nibbles
// at shift of b) into ei and returns the number of positions it indexes.
// f is the leading pawn's file.
func (t *table) setEncoding(ei *encInfo, b []byte, shift uint, f int) (uint64, error) {
	e := t.e
	more := 0
	if e.hasPawns && e.pawns[1] > 0 {
		more = 1
	}
	n := e.pieces
	var count [16]int
	for i := 0; i < n; i++ {
		pc := b[i+1+more] >> shift & 15
		typ := pc & 7
		if typ < 1 || typ > 6 {
			return 0, fmt.Errorf("piece code %d", pc)
		}
		if i > 0 && pc != ei.pieces[i-1] && count[pc] > 0 {
			return 0, fmt.Errorf("piece code %d in two groups", pc)
		}
		ei.pieces[i] = pc
		count[pc]++
		ei.norm[i] = 0
	}
	for c := 0; c < 2; c++ {
		for typ := 1; typ <= 5; typ++ {
			if count[c<<3|typ] != e.key.count(movegen.Color(c), movegen.PieceType(typ)) {
				return 0, fmt.Errorf("the piece list is not %s's material", e.name)
			}
		}
		if count[c<<3|6] != 1 {
			return 0, fmt.Errorf("the piece list has not one king a side")
		}
	}
	order := int(b[0] >> shift & 15)
	order2 := 15
	if more == 1 {
		order2 = int(b[1] >> shift & 15)
	}
	k := 3
	switch {
	case e.hasPawns:
		k = int(e.pawns[0])
		for i := 0; i < k; i++ {
			if ei.pieces[i]&7 != 1 {
				return 0, fmt.Errorf("the leading pawns are not first")
			}
		}
	case e.kkEnc:
		k = 2
	}
	ei.norm[0] = uint8(k)
	if more == 1 {
		ei.norm[k] = e.pawns[1]
		for i := k; i < k+int(e.pawns[1]); i++ {
			if ei.pieces[i]&7 != 1 || ei.pieces[i] == ei.pieces[0] {
				return 0, fmt.Errorf("the other side's pawns do not follow the leading pawns")
			}
		}
		k += int(e.pawns[1])
	}
	if !e.hasPawns {
		// The leading group's pieces are each alone of their kind.
		for i := 0; i < k; i++ {
			if count[ei.pieces[i]] != 1 {
				return 0, fmt.Errorf("the leading group's piece %d is not alone of its kind", ei.pieces[i])
			}
		}
	}
	for i := k; i < n; i += int(ei.norm[i]) {
		for j := i; j < n && ei.pieces[j] == ei.pieces[i]; j++ {
			ei.norm[i]++
		}
	}
	free := 64 - k
	size := uint64(1)
	setOrder, setOrder2 := false, order2 == 15
	for i := 0; k < n || i == order || i == order2; i++ {
		if i > 15 {
			return 0, fmt.Errorf("group orders %d, %d: not in the list", order, order2)
		}
		switch {
		case i == order:
			ei.factor[0] = size
			switch {
			case e.hasPawns:
				size *= pawnFactor[ei.norm[0]-1][f]
			case e.kkEnc:
				size *= 462
			default:
				size *= 31332
			}
			setOrder = true
		case i == order2:
			ei.factor[ei.norm[0]] = size
			size *= binomial[ei.norm[ei.norm[0]]][48-int(ei.norm[0])]
			setOrder2 = true
		default:
			ei.factor[k] = size
			size *= binomial[ei.norm[k]][free]
			free -= int(ei.norm[k])
			k += int(ei.norm[k])
		}
	}
	if !setOrder || !setOrder2 {
		return 0, fmt.Errorf("group orders %d, %d: not in the list", order, order2)
	}
	return size, nil
}

// parsePairs parses the header of the stream at off, which indexes size
// values, and returns it, the offset after it and its flags byte.
func parsePairs(data []byte, off int, size uint64, kind int) (*pairs, int, uint8, error) {
	if off+2 > len(data) {
		return nil, 0, 0, parseError(off, "file ends in a stream's header")
	}
	flags := data[off]
	p := &pairs{}
	if flags&0x80 != 0 {
		p.constant = true
		if kind == wdlKind {
			p.constSym = data[off+1]
			if p.constSym > 4 {
				return nil, 0, 0, parseError(off+1, "constant WDL value %d", p.constSym)
			}
		}
		return p, off + 2, flags, nil
	}
	if off+10 > len(data) {
		return nil, 0, 0, parseError(off, "file ends in a stream's header")
	}
	p.blockSize, p.idxBits = uint(data[off+1]), uint(data[off+2])
	p.realBlock = le32(data, off+4)
	p.numBlocks = p.realBlock + uint32(data[off+3])
	p.maxLen, p.minLen = int(data[off+8]), int(data[off+9])
	if p.blockSize < 3 || p.blockSize > 30 || p.idxBits < 1 || p.idxBits > 40 {
		return nil, 0, 0, parseError(off, "block size 2^%d, index step 2^%d", p.blockSize, p.idxBits)
	}
	if p.numBlocks < p.realBlock || p.numBlocks == 0 {
		return nil, 0, 0, parseError(off, "%d blocks", p.realBlock)
	}
	if p.minLen < 1 || p.maxLen > 32 || p.minLen > p.maxLen {
		return nil, 0, 0, parseError(off, "code lengths %d to %d bits", p.minLen, p.maxLen)
	}
	h := p.maxLen - p.minLen + 1
	if off+12+2*h > len(data) {
		return nil, 0, 0, parseError(off, "file ends in a stream's header")
	}
	numSyms := le16(data, off+10+2*h)
	if numSyms == 0 || numSyms > 4095 {
		return nil, 0, 0, parseError(off, "%d symbols", numSyms)
	}
	pat := off + 12 + 2*h
	next := pat + 3*numSyms + numSyms&1
	if next > len(data) {
		return nil, 0, 0, parseError(off, "file ends in the symbols")
	}
	for i := 0; i < h; i++ {
		p.offset[p.minLen+i] = uint16(le16(data, off+10+2*i))
	}
	// base[l]: the codes of length l are base[l] ... base[l] + (the number
	// of symbols of length l) - 1, right-aligned; canonical Huffman codes,
	// the longest starting at 0.
	for l := p.maxLen - 1; l >= p.minLen; l-- {
		p.base[l] = (p.base[l+1] + uint64(p.offset[l]) - uint64(p.offset[l+1])) / 2
	}
	for l := p.minLen; l <= p.maxLen; l++ {
		p.base[l] <<= 64 - uint(l)
	}
	p.syms = make([]symbol, numSyms)
	for s := range p.syms {
		w := data[pat+3*s:]
		p.syms[s] = symbol{left: uint16(w[0]) | uint16(w[1]&15)<<8, right: uint16(w[2])<<4 | uint16(w[1]>>4)}
	}
	// Each pair's count of values, depth first; a pair that contains
	// itself, or stands for more than 65536 values, is corrupt.
	state := make([]uint8, numSyms) // 0 not seen, 1 being counted, 2 done
	var count func(s int) error
	count = func(s int) error {
		sym := &p.syms[s]
		state[s] = 1
		if sym.right == 0xfff {
			p.lens[s] = 0
			if kind == wdlKind && sym.left&0xff > 4 {
				return parseError(pat+3*s, "WDL symbol %d's value %d", s, sym.left&0xff)
			}
			state[s] = 2
			return nil
		}
		for _, c := range []uint16{sym.left, sym.right} {
			if int(c) >= numSyms || state[c] == 1 {
				return parseError(pat+3*s, "symbol %d's pair names symbol %d", s, c)
			}
			if state[c] == 0 {
				if err := count(int(c)); err != nil {
					return err
				}
			}
		}
		n := int(p.lens[sym.left]) + int(p.lens[sym.right]) + 1
		if n > 0xff {
			// The tables' generator and Fathom keep a symbol's count in a
			// byte.
			return parseError(pat+3*s, "symbol %d stands for %d values, over 256", s, n+1)
		}
		p.lens[s] = uint8(n)
		state[s] = 2
		return nil
	}
	p.lens = make([]uint8, numSyms)
	for s := range p.syms {
		if state[s] == 0 {
			if err := count(s); err != nil {
				return nil, 0, 0, err
			}
		}
	}
	p.fast = new([1 << fastBits]uint32)
	for c := range p.fast {
		code := uint64(c) << (64 - fastBits)
		sum, used := 0, 0
		first := uint32(0)
		for {
			l := p.minLen
			for code < p.base[l] {
				l++
			}
			if used+l > fastBits {
				break
			}
			s := int(p.offset[l]) + int((code-p.base[l])>>(64-uint(l)))
			if s >= numSyms {
				if used == 0 {
					first = fastBad << 12 // a code the decoder will refuse
				}
				break
			}
			if used == 0 {
				first = uint32(l)<<12 | uint32(p.lens[s])
			}
			sum += int(p.lens[s]) + 1
			used += l
			code <<= uint(l)
		}
		p.fast[c] = uint32(sum)<<20 | uint32(used)<<16 | first
	}
	p.numIdx = (size + 1<<p.idxBits - 1) >> p.idxBits
	return p, next, flags, nil
}

// errCorrupt is the fault of a stream whose index or codes lead outside
// it; the probe wraps it in a TableError.
const errCorrupt = "a compressed block leads outside the stream"

// valueAt returns the value at idx (which is below the stream's size),
// its 12 bits, or false if the stream is corrupt.
func (p *pairs) valueAt(idx uint64) (uint16, bool) {
	main := idx >> p.idxBits
	if main >= p.numIdx {
		return 0, false
	}
	lit := int64(idx&(1<<p.idxBits-1)) - int64(1)<<(p.idxBits-1)
	e := p.index[6*main : 6*main+6]
	block := binary.LittleEndian.Uint32(e)
	lit += int64(binary.LittleEndian.Uint16(e[4:]))
	if block >= p.numBlocks {
		return 0, false
	}
	if lit < 0 {
		for lit < 0 {
			if block == 0 {
				return 0, false
			}
			block--
			lit += int64(binary.LittleEndian.Uint16(p.sizes[2*block:])) + 1
		}
	} else {
		for {
			n := int64(binary.LittleEndian.Uint16(p.sizes[2*block:]))
			if lit <= n {
				break
			}
			lit -= n + 1
			block++
			if block >= p.numBlocks {
				return 0, false
			}
		}
	}
	if block >= p.realBlock {
		return 0, false
	}
	// Decode codes from the block's start, skipping the values of each
	// symbol, until the symbol holding value lit.
	start := int(block) << p.blockSize
	s, n, ok := p.skip(p.data[start:start+1<<p.blockSize+8], int(lit))
	if !ok {
		return 0, false
	}
	// Down the pairs to the value, the counts read from lens, whose bytes
	// the decoder has just read.
	syms, lens := p.syms, p.lens
	for lens[s] != 0 {
		sym := &syms[s]
		if left := sym.left; n <= int(lens[left]) {
			s = uint(left)
		} else {
			n -= int(lens[left]) + 1
			s = uint(sym.right)
		}
	}
	return syms[s].left, true
}

// skip decodes the codes of the block blk (with the 8 bytes after it, the
// most the decoder's look-ahead reads) until the one whose symbol holds
// value lit of the block, and returns the symbol and lit's place in it.
// Codes that run past the block, or name no symbol, are a corrupt stream:
// false.
func (p *pairs) skip(blk []byte, lit int) (uint, int, bool) {
	base, offset, lens, fast := &p.base, &p.offset, p.lens, p.fast
	// A code not whole among fastBits bits is longer.
	long := max(uint(p.minLen), fastBits+1)
	// The codes from bit bit of the block on, read as one big-endian word
	// from the byte that holds it: at least 57 bits, and no code is
	// longer than 32.
	for bit := uint(0); ; {
		i := bit >> 3
		if i+8 > uint(len(blk)) {
			return 0, 0, false
		}
		code := binary.BigEndian.Uint64(blk[i:i+8]) << (bit & 7)
		// The whole codes of the next fastBits bits, at once, when the
		// value lies beyond them.
		f := fast[code>>(64-fastBits)]
		if sum := int(f >> 20); lit >= sum && sum != 0 {
			lit -= sum
			bit += uint(f>>16) & 15
			continue
		}
		// The next code: its length and count read from f if it is short,
		// else its length searched and its count read from lens.
		l := uint(f>>12) & 15
		n := int(f & 0xff)
		switch l {
		case 0:
			l = long
			for code < base[l&63] {
				l++
			}
			s := uint(offset[l&63]) + uint((code-base[l&63])>>((64-l)&63))
			if s >= uint(len(lens)) {
				return 0, 0, false
			}
			n = int(lens[s])
			if lit <= n {
				return s, lit, true
			}
		case fastBad:
			return 0, 0, false
		default:
			if lit <= n {
				// A symbol parsePairs found below len(lens).
				return uint(offset[l&63]) + uint((code-base[l&63])>>((64-l)&63)), lit, true
			}
		}
		lit -= n + 1
		bit += l
	}
}
