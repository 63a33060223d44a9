// Command _asm writes package ref's assembly with avo, one technique a run:
// the PEXT-indexed lookups of pext.go (pext_amd64.s and pext_stub_amd64.go)
// or the full-symmetry kernel of sym.go (sym_amd64.s and sym_stub_amd64.go).
// Each has its Go equivalent in its file there. Record sizes and field
// offsets come from package ref itself, type-checked (layout.go).
//
//	go run . -technique pext -out ../pext_amd64.s -stubs ../pext_stub_amd64.go -pkg ref
//	go run . -technique sym -out ../sym_amd64.s -stubs ../sym_stub_amd64.go -pkg ref
package main

import (
	"flag"
	"log"

	. "github.com/mmcloughlin/avo/build"
)

func main() {
	// Before the flags: parsing avo's -out and -stubs truncates the files,
	// and package ref does not load with an empty stub.
	if err := loadRef(); err != nil {
		log.Fatalf("_asm: %v", err)
	}
	technique := flag.String("technique", "", "the lookups to write: pext or sym")
	// This also parses avo's flags (-out, -stubs, -pkg), which Generate reads.
	flag.Parse()
	ConstraintExpr("gc,!purego")
	switch *technique {
	case "pext":
		pextFuncs()
	case "sym":
		symFuncs()
	default:
		log.Fatalf("-technique %q: want pext or sym", *technique)
	}
	Generate()
}
