package attacks

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/symmagic/attacks/internal/magic"
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

// TestOccupancyCastling checks the castling recipe README and
// docs/ADOPTING.md give, Toggle((kingFrom | rookFrom) ^ (kingTo | rookTo)),
// on every castling of standard chess and Chess960, where the king may land
// on the rook's square; and that two Moves, king then rook, lose a piece in
// exactly that case, which is why the recipe is not two Moves.
func TestOccupancyCastling(t *testing.T) {
	const c1, d1, f1, g1 = 2, 3, 5, 6
	lost, landsOnRook := 0, 0
	for kingFrom := 1; kingFrom < 7; kingFrom++ {
		for rookFrom := 0; rookFrom < 8; rookFrom++ {
			if rookFrom == kingFrom {
				continue
			}
			kingTo, rookTo := g1, f1 // the rook on the king's side
			if rookFrom < kingFrom {
				kingTo, rookTo = c1, d1
			}
			// Other pieces on the back rank beside the two, and elsewhere.
			others := uint64(0xff00_0000_0000_ff00)
			before := others | 1<<kingFrom | 1<<rookFrom
			want := others | 1<<kingTo | 1<<rookTo
			o := NewOccupancy(before)
			o.Toggle((1<<kingFrom | 1<<rookFrom) ^ (1<<kingTo | 1<<rookTo))
			checkOccupancy(t, o, want, fmt.Sprintf("castling: king %s to %s, rook %s to %s", magic.SquareName(kingFrom), magic.SquareName(kingTo), magic.SquareName(rookFrom), magic.SquareName(rookTo)))
			m := NewOccupancy(before)
			m.Move(kingFrom, kingTo)
			m.Move(rookFrom, rookTo)
			if kingTo == rookFrom {
				landsOnRook++
			}
			if (m.Bitboard() != want) != (kingTo == rookFrom) {
				t.Errorf("king %s, rook %s: two Moves give %#x, want %#x unless the king lands on the rook", magic.SquareName(kingFrom), magic.SquareName(rookFrom), m.Bitboard(), want)
			}
			if m.Bitboard() != want {
				lost++
			}
		}
	}
	if lost == 0 || lost != landsOnRook {
		t.Errorf("two Moves lost a piece in %d castlings, the king lands on the rook in %d", lost, landsOnRook)
	}
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
