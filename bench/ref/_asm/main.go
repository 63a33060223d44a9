// Command _asm writes package ref's assembly with avo, one technique a run:
// the PEXT-indexed lookups of pext.go (pext_amd64.s and pext_stub_amd64.go),
// which has their Go equivalent.
//
//	go run . -technique pext -out ../pext_amd64.s -stubs ../pext_stub_amd64.go -pkg ref
package main

import (
	"flag"
	"log"

	. "github.com/mmcloughlin/avo/build"
)

func main() {
	technique := flag.String("technique", "", "the lookups to write: pext")
	// Generate parses the rest of the command line (-out, -stubs, -pkg).
	flag.Parse()
	ConstraintExpr("gc,!purego")
	switch *technique {
	case "pext":
		pextFuncs()
	default:
		log.Fatalf("-technique %q: want pext", *technique)
	}
	Generate()
}
