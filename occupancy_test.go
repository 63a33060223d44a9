package attacks

import (
	"encoding/binary"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/symmagic/attacks/magic"
)

// checkOccupancy checks o against the standard bitboard it should hold:
// both layouts, and every square's lookups against the reference.
func checkOccupancy(t *testing.T, o Occupancy, want uint64, step string) {
	t.Helper()
	if o.Bitboard() != want || o.W() != magic.ToW(want) || o.W() != ToW(o.Bitboard()) {
		t.Fatalf("%s: Bitboard %#x W %#x, want %#x and %#x", step, o.Bitboard(), o.W(), want, magic.ToW(want))
	}
	for sq := 0; sq < 64; sq++ {
		r, b := magic.Attacks(magic.Rook, sq, want), magic.Attacks(magic.Bishop, sq, want)
		if o.Rook(sq) != r || o.Bishop(sq) != b || o.Queen(sq) != r|b {
			t.Fatalf("%s: lookups from %s disagree with the reference", step, magic.SquareName(sq))
		}
	}
}

// update applies one operation to o and to the plain bitboard model, and
// returns the new model: 0 Set(a), 1 Clear(a), 2 Move(a, b), 3 Toggle(x).
func update(o *Occupancy, model uint64, op, a, b int, x uint64) uint64 {
	switch op {
	case 0:
		o.Set(a)
		return model | 1<<a
	case 1:
		o.Clear(a)
		return model &^ (1 << a)
	case 2:
		o.Move(a, b)
		return model&^(1<<a) | 1<<b
	default:
		o.Toggle(x)
		return model ^ x
	}
}

// TestOccupancy runs random sequences of updates against a plain bitboard
// model, under every kernel (NewOccupancy permutes with the kernel's method).
func TestOccupancy(t *testing.T) {
	eachKernel(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(7, 8))
		for game := 0; game < 50; game++ {
			model := r.Uint64() & r.Uint64()
			o := NewOccupancy(model)
			checkOccupancy(t, o, model, "NewOccupancy")
			for step := 0; step < 60; step++ {
				model = update(&o, model, r.IntN(4), r.IntN(64), r.IntN(64), r.Uint64()&r.Uint64()&r.Uint64())
				checkOccupancy(t, o, model, "update")
			}
		}
	})
	var zero Occupancy
	checkOccupancy(t, zero, 0, "zero value")
}

// TestOccupancyMove pins down Move's documented behaviour on the caller's
// bugs: from an empty square, onto an occupied one, onto itself.
func TestOccupancyMove(t *testing.T) {
	const a1, b1, c1 = 0, 1, 2
	o := NewOccupancy(1<<a1 | 1<<c1)
	o.Move(b1, c1) // b1 is empty: c1 just stays occupied
	checkOccupancy(t, o, 1<<a1|1<<c1, "Move from an empty square onto an occupied one")
	o.Move(a1, c1) // a capture: a1 empties, c1 stays occupied
	checkOccupancy(t, o, 1<<c1, "Move onto an occupied square")
	o.Move(b1, a1) // from an empty square onto an empty one: a1 occupied
	checkOccupancy(t, o, 1<<a1|1<<c1, "Move from an empty square")
	o.Move(a1, a1)
	checkOccupancy(t, o, 1<<a1|1<<c1, "Move onto itself")
}

func TestSquareW(t *testing.T) {
	seen := uint64(0)
	for sq := 0; sq < 64; sq++ {
		w := SquareW(sq)
		if w != magic.ToW(1<<sq) || w&(w-1) != 0 || seen&w != 0 {
			t.Fatalf("SquareW(%s) = %#x, want the single bit %#x", magic.SquareName(sq), w, magic.ToW(1<<sq))
		}
		seen |= w
	}
}

// TestSetKernelConcurrent switches kernels while other goroutines look up
// attacks; with -race it checks that SetKernel is safe for concurrent use.
func TestSetKernelConcurrent(t *testing.T) {
	def := Kernel()
	defer SetKernel(def)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for g := 0; g < 3; g++ {
		wg.Add(1)
		go func(seed uint64) {
			defer wg.Done()
			r := rand.New(rand.NewPCG(seed, seed))
			for {
				select {
				case <-stop:
					return
				default:
				}
				sq, occ := r.IntN(64), r.Uint64()&r.Uint64()
				want := magic.Attacks(magic.Rook, sq, occ) | magic.Attacks(magic.Bishop, sq, occ)
				if Queen(sq, occ) != want || RookUnion(1<<sq, occ)|BishopUnion(1<<sq, occ) != want || NewOccupancy(occ).Queen(sq) != want {
					t.Errorf("lookups at %s occ %#x wrong while kernels change", magic.SquareName(sq), occ)
					return
				}
			}
		}(uint64(g))
	}
	ks := Kernels()
	for i := 0; i < 2000; i++ {
		if err := SetKernel(ks[i%len(ks)]); err != nil {
			t.Fatal(err)
		}
		_ = Kernel()
		_ = Stats()
	}
	close(stop)
	wg.Wait()
}

// FuzzOccupancy drives random sequences of Set, Clear, Move and Toggle from
// the fuzzer's bytes and checks after each step that W() is ToW(Bitboard())
// and that the methods equal Rook, Bishop and Queen on the bitboard.
//
//	go test -fuzz FuzzOccupancy -fuzztime 30s .
func FuzzOccupancy(f *testing.F) {
	f.Add(uint64(0), []byte{0, 1, 2, 3})
	f.Add(uint64(0xffff00000000ffff), []byte{2, 12, 28, 2, 52, 36, 3, 0x81, 1, 63})
	f.Add(^uint64(0), []byte{1, 0, 1, 63, 0, 27, 3, 0xff})
	f.Fuzz(func(t *testing.T, start uint64, ops []byte) {
		o := NewOccupancy(start)
		model := start
		for len(ops) >= 2 {
			op, a := int(ops[0]%4), int(ops[1]&63)
			ops = ops[2:]
			b, x := a, uint64(a)*0x0101_0101_0101_0101 // a pattern from the byte
			switch {
			case op == 2 && len(ops) > 0:
				b, ops = int(ops[0]&63), ops[1:]
			case op == 3 && len(ops) >= 8:
				x, ops = binary.LittleEndian.Uint64(ops), ops[8:]
			}
			model = update(&o, model, op, a, b, x)
			if o.Bitboard() != model || o.W() != ToW(o.Bitboard()) {
				t.Fatalf("Bitboard %#x W %#x, want %#x and %#x", o.Bitboard(), o.W(), model, ToW(model))
			}
			for sq := 0; sq < 64; sq++ {
				if o.Rook(sq) != Rook(sq, model) || o.Bishop(sq) != Bishop(sq, model) || o.Queen(sq) != Queen(sq, model) {
					t.Fatalf("methods disagree with Rook/Bishop/Queen at %s, occupancy %#x", magic.SquareName(sq), model)
				}
			}
		}
	})
}
