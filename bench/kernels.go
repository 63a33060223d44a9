package main

import (
	"regexp"
	"slices"

	"github.com/symmagic/attacks"
)

// The kernel section: the work the attacks kernels differ in, ToW,
// NewOccupancy, RookUnion and BishopUnion (the lookups are the same Go code
// under every kernel), each kernel this CPU and build run against the
// generic one, in the same interleaved rounds as the lookups. A kernel
// row's setup selects its kernel before each measurement; the loops call
// the package's functions, which dispatch to it.

// genericKernel is the kernel section's base.
const genericKernel = "generic"

// kernelFunc is one operation the kernels implement, with its loop in the
// hot and the latency workload.
type kernelFunc struct {
	name         string
	hot, latency loopFunc
}

var kernelFuncs = []kernelFunc{
	{"ToW", toWHot, toWLatency},
	{"NewOccupancy", newOccupancyHot, newOccupancyLatency},
	{"RookUnion", rookUnionHot, rookUnionLatency},
	{"BishopUnion", bishopUnionHot, bishopUnionLatency},
}

// kernelWorks are the kernel section's workloads.
var kernelWorks = []workload{workHot, workLatency}

func (f kernelFunc) loop(w workload) loopFunc {
	if w == workLatency {
		return f.latency
	}
	return f.hot
}

// kernelRows are the kernel section's rows, one a kernel this CPU and
// build run, the generic one last, or none when that is the only one or
// not one of them (GOEXPERIMENT=simd GOAMD64=v4 builds only amd64-simd):
// the section compares kernels with the generic one. With a filter, the
// kernels whose row name, kernel@NAME, it matches, and the generic one.
func kernelRows(filter *regexp.Regexp) []*row {
	ks := attacks.Kernels()
	if !slices.Contains(ks, genericKernel) || len(ks) < 2 {
		return nil
	}
	var rows []*row
	for _, k := range ks {
		if k == genericKernel || filter != nil && !filter.MatchString("kernel@"+k) {
			continue
		}
		rows = append(rows, kernelRow(k))
	}
	if len(rows) == 0 {
		return nil
	}
	return append(rows, kernelRow(genericKernel))
}

func kernelRow(k string) *row {
	return &row{name: "kernel@" + k, title: k, this: true, setup: func() {
		if err := attacks.SetKernel(k); err != nil {
			panic(err)
		}
	}}
}

// kernelCells are the kernel section's cells: every workload, kernel and
// function (a cell's piece is its function's index in kernelFuncs).
func kernelCells(rows []*row) []*cell {
	var cells []*cell
	for _, w := range kernelWorks {
		for _, r := range rows {
			for i, f := range kernelFuncs {
				cells = append(cells, &cell{row: r, work: w, piece: i, fn: f.loop(w)})
			}
		}
	}
	return cells
}

// The loops: hot, independent calls; latency, each call's occupancy
// depends on the previous result (as the lookups' latency loops).

func toWHot(d *data, n int) uint64 {
	in := d.in
	var acc uint64
	for i := range n {
		acc ^= attacks.ToW(in[i&inputMask].occ)
	}
	return acc
}

func toWLatency(d *data, n int) uint64 {
	in := d.in
	var prev uint64
	for i := range n {
		prev = attacks.ToW(in[i&inputMask].occ ^ prev&depBit)
	}
	return prev
}

func newOccupancyHot(d *data, n int) uint64 {
	in := d.in
	var acc uint64
	for i := range n {
		acc ^= attacks.NewOccupancy(in[i&inputMask].occ).W()
	}
	return acc
}

func newOccupancyLatency(d *data, n int) uint64 {
	in := d.in
	var prev uint64
	for i := range n {
		prev = attacks.NewOccupancy(in[i&inputMask].occ ^ prev&depBit).W()
	}
	return prev
}

func rookUnionHot(d *data, n int) uint64 {
	us := d.unions
	var acc uint64
	for i := range n {
		u := &us[i&inputMask]
		acc ^= attacks.RookUnion(u.rq, u.occ)
	}
	return acc
}

func rookUnionLatency(d *data, n int) uint64 {
	us := d.unions
	var prev uint64
	for i := range n {
		u := &us[i&inputMask]
		prev = attacks.RookUnion(u.rq, u.occ^prev&depBit)
	}
	return prev
}

func bishopUnionHot(d *data, n int) uint64 {
	us := d.unions
	var acc uint64
	for i := range n {
		u := &us[i&inputMask]
		acc ^= attacks.BishopUnion(u.bq, u.occ)
	}
	return acc
}

func bishopUnionLatency(d *data, n int) uint64 {
	us := d.unions
	var prev uint64
	for i := range n {
		u := &us[i&inputMask]
		prev = attacks.BishopUnion(u.bq, u.occ^prev&depBit)
	}
	return prev
}
