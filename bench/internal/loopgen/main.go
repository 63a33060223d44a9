// Command loopgen writes loops_gen.go: every workload's timed loop, once per
// technique and piece, with the technique's lookup written into the loop.
//
//	go run ./internal/loopgen -out loops_gen.go   (from bench)
//
// Why generated: Go cannot inline through a function value or a method of a
// type parameter (generic code shares one body per shape and calls through a
// dictionary), and a loop function is over the inliner's budget, so a
// closure passed to it is not inlined either. Written out per technique,
// every loop has exactly the same shape and each lookup inlines wherever the
// technique's function can (the bench tests check which do). A generic
// loop over a type per technique, each its own GC shape, would also give
// every loop its own body with its lookup inlined, but not the same code:
// a shaped body takes the dictionary as a hidden first argument, so its
// registers shift, and go tool objdump showed hyperbola quintessence's hot
// and latency loops one instruction a lookup longer than the written-out
// ones. The loops are what is timed, so they are written out.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"strings"
	"text/template"
)

// technique is how the loops call one technique: R, B and Q are Go
// expressions of sq (int) and o (the occupancy). W marks lookups that take
// the occupancy in W layout.
type technique struct {
	Name    string // the key in loopSets: ref.Technique.Name, or attacks' rows
	Ident   string // for function names
	R, B, Q string
	W       bool
}

func refTechnique(name, ident, fn string) technique {
	return pkgTechnique("ref", name, ident, fn)
}

func pkgTechnique(pkg, name, ident, fn string) technique {
	return technique{
		Name: name, Ident: ident,
		R: pkg + "." + fn + "Rook(sq, o)",
		B: pkg + "." + fn + "Bishop(sq, o)",
		Q: pkg + "." + fn + "Rook(sq, o) | " + pkg + "." + fn + "Bishop(sq, o)",
	}
}

var techniques = func() []technique {
	ts := []technique{
		refTechnique("fancy", "Fancy", "Fancy"),
		{Name: "pext", Ident: "Pext", R: "ref.PextRook(sq, o)", B: "ref.PextBishop(sq, o)", Q: "ref.PextQueen(sq, o)"},
		{Name: "sym", Ident: "Sym", R: "ref.SymRook(sq, o)", B: "ref.SymBishop(sq, o)", Q: "ref.SymQueen(sq, o)"},
		refTechnique("plain", "Plain", "Plain"),
		refTechnique("black", "Black", "Black"),
		refTechnique("squarebyte", "SquareByte", "SquareByte"),
		refTechnique("kindergarten", "Kindergarten", "Kindergarten"),
		refTechnique("hyperbola", "Hyperbola", "Hyperbola"),
		refTechnique("ray", "Ray", "Ray"),
		{Name: "attacks", Ident: "Attacks", R: "attacks.Rook(sq, o)", B: "attacks.Bishop(sq, o)", Q: "attacks.Queen(sq, o)"},
		{Name: "attacksW", Ident: "AttacksW", R: "attacks.RookW(sq, o)", B: "attacks.BishopW(sq, o)", Q: "attacks.QueenW(sq, o)", W: true},
	}
	return ts
}()

// piece is one column of lookups.
type piece struct {
	Ident  string
	Lookup func(t technique) string
}

var pieces = []piece{
	{"Rook", func(t technique) string { return t.R }},
	{"Bishop", func(t technique) string { return t.B }},
	{"Queen", func(t technique) string { return t.Q }},
}

// A workload's body is a template run with .Lookup (the expression, or "" in
// a baseline loop) and .W. Each comment says what the loop measures; the
// data it reads is described in data.go.
var workloads = []struct{ Ident, Doc, Body string }{
	{"Hot", "independent lookups: throughput", `
	in := d.in
	var acc uint64
	for i := range n {
		e := &in[i&inputMask]
		sq, o := e.sq, e.{{occ .W}}
		acc ^= {{.Lookup}}
	}
	return acc`},
	{"Latency", "each lookup's occupancy depends on the previous result (depBit is a square whose W bit is its own)", `
	in := d.in
	var prev uint64
	for i := range n {
		e := &in[i&inputMask]
		sq, o := e.sq, e.{{occ .W}}^(prev&depBit)
		prev = {{.Lookup}}
	}
	return prev`},
	{"Movegen", "one occupancy, every slider of the position; the occupancy is updated by each move's delta ({{if .W}}in W layout through attacks.ToW, as the README shows{{else}}a XOR{{end}})", `
	var acc uint64
	for range n {
		m := 0
		for _, g := range d.games {
			o := g.{{occ .W}}
			for ; m < g.end; m++ {
				mv := &d.moves[m]
				o ^= {{if .W}}attacks.ToW(mv.delta){{else}}mv.delta{{end}}
				for _, s := range d.sliders[mv.lo:mv.hi] {
					sq := int(s)
					acc ^= {{.Lookup}}
				}
			}
		}
	}
	return acc`},
	{"TTThroughput", "each lookup beside four random reads of the 64 MiB table, all independent", `
	in, tt := d.in, d.tt
	var acc uint64
	x := d.ttX
	for i := range n {
		e := &in[i&inputMask]
		x = x*lcgMul + lcgAdd
		a := tt[x>>41] + tt[x>>18&ttMask]
		x = x*lcgMul + lcgAdd
		a += tt[x>>41] + tt[x>>18&ttMask]
		sq, o := e.sq, e.{{occ .W}}
		att := {{if .Lookup}}{{.Lookup}}{{else}}o ^ uint64(sq){{end}}
		acc += a ^ att
	}
	d.ttX = x
	return acc`},
	{"TTLatency", "a random read of the 64 MiB table whose address depends on the previous result, then a lookup whose occupancy depends on the value read", `
	in, tt := d.in, d.tt
	var r uint64
	h := d.ttH
	for i := range n {
		e := &in[i&inputMask]
		h = (h ^ r) * hashMul
		v := tt[h>>41]
		sq, o := e.sq, e.{{occ .W}}^(v&depBit)
		r = {{if .Lookup}}{{.Lookup}}{{else}}o ^ uint64(sq){{end}}
	}
	d.ttH = h
	return r ^ h`},
}

var funcs = template.FuncMap{"occ": func(w bool) string {
	if w {
		return "occW"
	}
	return "occ"
}}

func main() {
	out := flag.String("out", "loops_gen.go", "output file")
	flag.Parse()
	src, err := generate()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

func generate() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`// Code generated by loopgen; DO NOT EDIT.

package main

import (
	"github.com/symmagic/attacks"
	"github.com/symmagic/attacks/bench/ref"
)

// loopSets holds every technique's loops, [workload][piece].
var loopSets = map[string]*loopSet{
`)
	for _, t := range techniques {
		fmt.Fprintf(&b, "\t%q: {\n", t.Name)
		for _, w := range workloads {
			var names []string
			for _, p := range pieces {
				names = append(names, lowerFirst(w.Ident)+t.Ident+p.Ident)
			}
			fmt.Fprintf(&b, "\t\twork%s: {%s},\n", w.Ident, strings.Join(names, ", "))
		}
		b.WriteString("\t},\n")
	}
	b.WriteString("}\n\n// baselines are the TT loops without the lookup: the marginal cost of a\n// lookup is its loop's time minus these.\nvar baselines = map[workload]loopFunc{\n\tworkTTThroughput: ttThroughputBase,\n\tworkTTLatency: ttLatencyBase,\n}\n")

	emit := func(w struct{ Ident, Doc, Body string }, name, what string, lookup string, isW bool) error {
		doc, err := run(w.Doc, lookup, isW)
		if err != nil {
			return err
		}
		if lookup == "" {
			doc = "the loop of " + lowerFirst(w.Ident) + "* without its lookup (the occupancy stands in for the result)"
		}
		body, err := run(w.Body, lookup, isW)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "\n// %s: %s, %s.\nfunc %s(d *data, n int) uint64 {%s\n}\n", name, what, doc, name, body)
		return nil
	}
	for _, w := range workloads {
		for _, t := range techniques {
			for _, p := range pieces {
				name := lowerFirst(w.Ident) + t.Ident + p.Ident
				if err := emit(w, name, t.Name+" "+strings.ToLower(p.Ident), p.Lookup(t), t.W); err != nil {
					return nil, err
				}
			}
		}
	}
	for _, w := range workloads {
		if strings.HasPrefix(w.Ident, "TT") {
			name := lowerFirst(w.Ident) + "Base"
			if err := emit(w, name, "baseline", "", false); err != nil {
				return nil, err
			}
		}
	}
	return format.Source(b.Bytes())
}

// lowerFirst makes a workload's identifier the start of a function name:
// Hot -> hot, TTLatency -> ttLatency.
func lowerFirst(ident string) string {
	if strings.HasPrefix(ident, "TT") {
		return "tt" + ident[2:]
	}
	return strings.ToLower(ident[:1]) + ident[1:]
}

func run(text, lookup string, w bool) (string, error) {
	t, err := template.New("").Funcs(funcs).Parse(text)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	err = t.Execute(&b, struct {
		Lookup string
		W      bool
	}{lookup, w})
	return b.String(), err
}
