package main

import (
	"fmt"
	"go/types"
	"math/bits"
	"os"

	"golang.org/x/tools/go/packages"
)

// ref holds the record sizes and field offsets the assembly must agree on
// with package ref, read from its own declarations (type-checked for
// amd64, with -tags purego so that the stubs this command writes are not
// needed): pextEntry (pext.go), symParam and symSquare (sym.go), and the
// size of one control of symIn and symOut. The package is loaded from the
// parent directory, in the bench module: go generate runs this command in
// _asm (go run -C _asm), which needs no requirement on bench.
var ref struct {
	pextEntry  record // mask, offset
	symParam   record // maskW, magic, index, attackShift
	symSquare  record // class, sym
	symControl int64  // bytes of symIn[g]
}

// record is a struct type's size and the offsets of its fields.
type record struct {
	size int64
	off  map[string]int64
}

// loadRef type-checks package ref and fills ref.
func loadRef() error {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo, Dir: "..", BuildFlags: []string{"-tags=purego"}}
	cfg.Env = append(os.Environ(), "GOOS=linux", "GOARCH=amd64", "GOWORK=off")
	ps, err := packages.Load(cfg, ".")
	if err != nil {
		return err
	}
	if len(ps) != 1 || len(ps[0].Errors) > 0 || ps[0].Types == nil || ps[0].PkgPath != "github.com/symmagic/attacks/bench/ref" {
		var errs []packages.Error
		for _, p := range ps {
			errs = append(errs, p.Errors...)
		}
		return fmt.Errorf("loading package ref: %v", errs)
	}
	scope := ps[0].Types.Scope()
	sizes := types.SizesFor("gc", "amd64")
	u64, u32, u8 := types.Typ[types.Uint64], types.Typ[types.Uint32], types.Typ[types.Uint8]
	for _, r := range []struct {
		rec    *record
		name   string
		fields map[string]*types.Basic // the types the assembly's loads assume
	}{
		{&ref.pextEntry, "pextEntry", map[string]*types.Basic{"mask": u64, "offset": u64}},
		{&ref.symParam, "symParam", map[string]*types.Basic{"maskW": u64, "magic": u64, "index": u32, "attackShift": u32}},
		{&ref.symSquare, "symSquare", map[string]*types.Basic{"class": u8, "sym": u8}},
	} {
		obj, ok := scope.Lookup(r.name).(*types.TypeName)
		if !ok {
			return fmt.Errorf("package ref has no type %s", r.name)
		}
		st, ok := obj.Type().Underlying().(*types.Struct)
		if !ok {
			return fmt.Errorf("%s is not a struct", r.name)
		}
		var fields []*types.Var
		for i := range st.NumFields() {
			fields = append(fields, st.Field(i))
		}
		offs := sizes.Offsetsof(fields)
		r.rec.size, r.rec.off = sizes.Sizeof(obj.Type()), map[string]int64{}
		for i, f := range fields {
			want, ok := r.fields[f.Name()]
			if !ok {
				continue
			}
			if !types.Identical(f.Type(), want) {
				return fmt.Errorf("%s.%s is %v, the assembly reads %v", r.name, f.Name(), f.Type(), want)
			}
			r.rec.off[f.Name()] = offs[i]
		}
		if len(r.rec.off) != len(r.fields) {
			return fmt.Errorf("%s lacks some of the fields %v", r.name, r.fields)
		}
	}
	for _, name := range []string{"symIn", "symOut"} {
		v, ok := scope.Lookup(name).(*types.Var)
		if !ok {
			return fmt.Errorf("package ref has no variable %s", name)
		}
		a, ok := v.Type().(*types.Array)
		if !ok {
			return fmt.Errorf("%s is not an array", name)
		}
		if n := sizes.Sizeof(a.Elem()); ref.symControl == 0 || n == ref.symControl {
			ref.symControl = n
		} else {
			return fmt.Errorf("a control of symIn takes %d bytes, of symOut %d", ref.symControl, n)
		}
	}
	return nil
}

// log2 is n's base-2 logarithm; n must be a power of two, for a shift.
func log2(what string, n int64) uint8 {
	if n <= 0 || n&(n-1) != 0 {
		panic(fmt.Sprintf("%s: %d bytes, not a power of two", what, n))
	}
	return uint8(bits.TrailingZeros64(uint64(n)))
}
