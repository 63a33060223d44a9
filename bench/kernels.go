package main

import (
	"regexp"
	"slices"

	"github.com/symmagic/attacks/bench/lookups"
)

// The kernel section: the work the attacks kernels differ in, ToW,
// NewOccupancy, RookUnion and BishopUnion (the lookups are the same Go code
// under every kernel), each kernel this CPU and build run against the
// generic one, in the same interleaved rounds as the lookups. The loops
// are bench/lookups' kernels.go, run in the drop-in's worker under the
// row's kernel.

// genericKernel is the kernel section's base.
const genericKernel = "generic"

// kernelWorks are the kernel section's workloads.
var kernelWorks = []workload{workHot, workLatency}

// kernelRows are the kernel section's rows, one a kernel that kernels (the
// build's, as its worker w says) hold, the generic one last, or none when
// that is the only one or not one of them (GOEXPERIMENT=simd GOAMD64=v4
// builds only amd64-simd): the section compares kernels with the generic
// one. With a filter, the kernels whose row name, kernel@NAME, it matches,
// and the generic one.
func kernelRows(w *lookups.Worker, filter *regexp.Regexp) []*row {
	ks := w.Info.Kernels
	if !slices.Contains(ks, genericKernel) || len(ks) < 2 {
		return nil
	}
	var rows []*row
	for _, k := range ks {
		if k == genericKernel || filter != nil && !filter.MatchString("kernel@"+k) {
			continue
		}
		rows = append(rows, &row{name: "kernel@" + k, title: k, this: true, w: w, kernel: k})
	}
	if len(rows) == 0 {
		return nil
	}
	return append(rows, &row{name: "kernel@" + genericKernel, title: genericKernel, this: true, w: w, kernel: genericKernel})
}

// kernelCells are the kernel section's cells: every workload, kernel and
// function (a cell's piece is its function's index in lookups.KernelFuncs).
func kernelCells(rows []*row) []*cell {
	var cells []*cell
	for _, w := range kernelWorks {
		for _, r := range rows {
			for i, f := range lookups.KernelFuncs {
				cells = append(cells, &cell{row: r, work: w, piece: i, req: lookups.Request{Work: w, Fn: f, Kernel: r.kernel}})
			}
		}
	}
	return cells
}
