package attacks

// The full-symmetry kernel ("amd64-avx512-sym") reads its own tables, in
// tables_gen.go: for a square s = g(rep), one VPSHUFBITQMB takes occ into the
// representative's frame, the representative's key, index table and attack
// table give its attack set, and a second VPSHUFBITQMB maps that back to s.
// Each of the 10 rook and 10 bishop classes has one index table and one
// attack table. Only assembly reads these tables.

// symParam is one class representative's key and table offsets: the key is
// ((w & maskW) * magic) >> (attackShift & 63), at the top of the product,
// the index byte indexTable[index + key] and the attack set
// symAttackTable[attackShift>>8 + byte]. 24 bytes.
type symParam struct {
	maskW       uint64
	magic       uint64
	index       uint32
	attackShift uint32 // start of the class's attack sets << 8 | (64 - key bits)
}

// symSquare is one square's share: its class (an index into symParams,
// rook classes first) and the symmetry g (magic.Sym) with s = g(rep).
type symSquare struct {
	class, sym uint8
}

// symControlBytes is the size of the VPSHUFBITQMB controls the kernel's
// standard-input lookups read in attacks_amd64.s: 8 symmetries x 64 bytes
// for the in-permute and as many for the out-permute. (The W-input forms,
// which the exported W functions do not use, read 512 more.)
const symControlBytes = 2 * 8 * 64
