package ref

import (
	"testing"
	"unsafe"

	"github.com/symmagic/attacks/bench/ref/symlayout"
	"github.com/symmagic/attacks/internal/magic"
)

// checkExhaustive runs every square and every subset of its mask, with
// noise outside the mask, against the ray-walking reference.
func checkExhaustive(t *testing.T, name string, p magic.Piece, f func(int, uint64) uint64) {
	t.Helper()
	noise := uint64(0x9e3779b97f4a7c15)
	for sq := 0; sq < 64; sq++ {
		mask := magic.Mask(p, sq)
		for _, x := range magic.Subsets(mask) {
			noise = noise*6364136223846793005 + 1442695040888963407
			occ := x | noise&^mask
			if got, want := f(sq, occ), magic.Attacks(p, sq, occ); got != want {
				t.Fatalf("%s %v %s occ %#x: %#x, want %#x", name, p, magic.SquareName(sq), occ, got, want)
			}
		}
	}
}

func TestFancy(t *testing.T) {
	checkExhaustive(t, "fancy", magic.Rook, FancyRook)
	checkExhaustive(t, "fancy", magic.Bishop, FancyBishop)
	// Each square's attacks start where the last square's end, and the
	// last ends at the array's end: the squares' tables tile it.
	base, n := uintptr(unsafe.Pointer(&fancyTable[0])), 0
	for _, e := range append(fancyRooks[:], fancyBishops[:]...) {
		if got := int(uintptr(unsafe.Pointer(e.attacks))-base) / 8; got != n {
			t.Fatalf("fancy magic: a square's attacks start at entry %d, want %d", got, n)
		}
		n += 1 << (64 - e.shift)
	}
	if n*8 != FancyBytes {
		t.Fatalf("fancy magic's squares fill %d of %d bytes", n*8, FancyBytes)
	}
}

// TestTechniques runs every technique this machine can run, rook and bishop,
// exhaustively; and its queen (where it has its own) over every subset of
// the rook mask and of the bishop mask, with noise elsewhere.
func TestTechniques(t *testing.T) {
	names := map[string]bool{}
	for _, tc := range Techniques() {
		names[tc.Name] = true
		t.Run(tc.Name, func(t *testing.T) {
			checkExhaustive(t, tc.Name, magic.Rook, tc.Rook)
			checkExhaustive(t, tc.Name, magic.Bishop, tc.Bishop)
			if tc.Queen != nil {
				checkQueen(t, tc.Name, tc.Queen)
			}
		})
	}
	if !HasPEXT {
		t.Log("NOTE: no BMI2 here (or purego/other platform): the PEXT kernel is not tested; its Go equivalent is (TestPextGo)")
	}
	if !names["pext"] && HasPEXT {
		t.Error("HasPEXT, but Techniques() lists no pext")
	}
	if !HasSym {
		t.Log("NOTE: no AVX-512 BITALG here (or purego/other platform): the full-symmetry kernel (sym) is NOT tested; its Go equivalent is (TestSymGo)")
	}
	if !names["sym"] && HasSym {
		t.Error("HasSym, but Techniques() lists no sym")
	}
	if !HasLanes {
		t.Log("NOTE: not the simd build with AVX2 (GOEXPERIMENT=simd on amd64): the AVX2 lanes are not tested")
	}
	if names["lanes"] != HasLanes || names["lanes2"] != HasLanes {
		t.Errorf("HasLanes %v, but Techniques() lists lanes: %v", HasLanes, names["lanes"])
	}
}

// checkQueen runs a queen lookup over every subset of the rook mask and of
// the bishop mask of every square, with noise elsewhere.
func checkQueen(t *testing.T, name string, queen func(int, uint64) uint64) {
	t.Helper()
	queenRef := func(sq int, occ uint64) uint64 {
		return magic.Attacks(magic.Rook, sq, occ) | magic.Attacks(magic.Bishop, sq, occ)
	}
	for _, p := range []magic.Piece{magic.Rook, magic.Bishop} {
		checkExhaustive(t, name+" queen", p, func(sq int, occ uint64) uint64 {
			if got, want := queen(sq, occ), queenRef(sq, occ); got != want {
				t.Fatalf("%s queen %s occ %#x: %#x, want %#x", name, magic.SquareName(sq), occ, got, want)
			}
			return magic.Attacks(p, sq, occ)
		})
	}
}

// TestPextGo checks the Go equivalent of the PEXT kernel, which the fallback
// uses, on every platform.
func TestPextGo(t *testing.T) {
	checkExhaustive(t, "pext (Go)", magic.Rook, pextRookGo)
	checkExhaustive(t, "pext (Go)", magic.Bishop, pextBishopGo)
}

// TestSymGo checks the Go equivalent of the full-symmetry kernel, which the
// fallback uses, on every platform.
func TestSymGo(t *testing.T) {
	checkExhaustive(t, "sym (Go)", magic.Rook, symRookGo)
	checkExhaustive(t, "sym (Go)", magic.Bishop, symBishopGo)
	checkQueen(t, "sym (Go)", symQueenGo)
}

// TestSymAgree: the assembly and the Go equivalent give the same result on
// every square with random occupancies, and take sq mod 64 alike (no sq
// reads outside the tables).
func TestSymAgree(t *testing.T) {
	if !HasSym {
		t.Skip("NOTE: no AVX-512 BITALG here (or purego/other platform): the full-symmetry kernel is NOT tested")
	}
	x := uint64(0x243f6a8885a308d3)
	for i := range 1 << 16 {
		x = x*6364136223846793005 + 1442695040888963407
		occ := x & (x >> 7) & (x >> 13) // about 8 pieces
		sq := i & 63
		if i >= 1<<15 {
			sq = int(int64(x)) // any int
		}
		for _, f := range []struct {
			name     string
			asm, get func(int, uint64) uint64
		}{{"rook", SymRook, symRookGo}, {"bishop", SymBishop, symBishopGo}, {"queen", SymQueen, symQueenGo}} {
			if got, want := f.asm(sq, occ), f.get(sq, occ); got != want {
				t.Fatalf("sym %s sq %d occ %#x: assembly %#x, Go %#x", f.name, sq, occ, got, want)
			}
		}
	}
}

// TestSymBytes pins the full-symmetry kernel's size on every platform:
// 17,408 index bytes, 1,036 attack sets, 20 class records of 24 bytes, 2
// bytes a square and piece, and 8 controls of 64 bytes for each permute.
func TestSymBytes(t *testing.T) {
	if symBytes != 27456 {
		t.Fatalf("the full-symmetry kernel reads %d bytes (index %d, attack %d, classes %d, squares %d, controls %d), want 27,456",
			symBytes, len(symIndexTable), 8*len(symAttackTable), int(unsafe.Sizeof(symParams)),
			int(unsafe.Sizeof(symRook)+unsafe.Sizeof(symBishop)), int(unsafe.Sizeof(symIn)+unsafe.Sizeof(symOut)))
	}
	if unsafe.Sizeof(symParam{}) != symlayout.ParamSize {
		t.Errorf("symParam takes %d bytes, symlayout.ParamSize says %d", unsafe.Sizeof(symParam{}), symlayout.ParamSize)
	}
}

// TestTableBytes pins the sizes the benchmark reports, so a change is seen.
func TestTableBytes(t *testing.T) {
	want := map[string]int{
		"fancy":        861184 + 128*32,
		"pext":         861184 + 128*16,
		"sym":          27456,
		"plain":        (64*4096+64*512)*8 + 128*16,
		"black":        (blackRookEntries+blackBishopEntries)*8 + 128*24,
		"squarebyte":   107648 + 6328*8 + 128*24,
		"kindergarten": 2*8*64*8 + 64*16,
		"hyperbola":    512 + 64*16,
		"lanes":        512 + 64*96 + 32,
		"lanes2":       512 + 2*64*48 + 16,
		"ray":          0,
	}
	for _, tc := range Techniques() {
		if tc.Bytes != want[tc.Name] {
			t.Errorf("%s: %d table bytes, want %d", tc.Name, tc.Bytes, want[tc.Name])
		}
	}
}
